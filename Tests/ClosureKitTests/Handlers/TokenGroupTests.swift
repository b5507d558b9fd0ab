import Testing

@testable import ClosureKit

@Suite("TokenGroup")
struct TokenGroupTests {
    @Test("ending a group removes every handler, once; the second end prevents nothing")
    func endsOnce() {
        let list = HandlerList<@Sendable () -> Void>()
        let group = TokenGroup([list.add {}, list.add {}])
        #expect(list.count == 2)
        #expect(group.end())
        #expect(list.count == 0)
        #expect(group.isEnded)
        #expect(!group.end())
    }

    @Test("a token added after the group ended is cancelled at once")
    func lateTokenIsCancelled() {
        let list = HandlerList<@Sendable () -> Void>()
        let group = TokenGroup()
        group.end()
        let late = list.add {}
        group.add(late)
        #expect(list.count == 0)
        #expect(!late.cancel())
    }

    @Test("the group's token ends it, and says whether it prevented anything")
    func tokenEndsGroup() {
        let list = HandlerList<@Sendable () -> Void>()
        let first = list.add {}
        let group = TokenGroup([first, list.add {}])
        first.cancel()
        let token = group.token()
        #expect(token.cancel())
        #expect(list.count == 0)
        #expect(!token.cancel())
    }

    @Test("releasing the group's token removes its handlers")
    func releasingTokenEndsGroup() {
        let list = HandlerList<@Sendable () -> Void>()
        var token: CancellationToken? = TokenGroup([list.add {}]).token()
        #expect(list.count == 1)
        token = nil
        #expect(token == nil)
        #expect(list.count == 0)
    }

    @Test("when many threads end a group at once, exactly one ends it")
    func oneWinner() async {
        let list = HandlerList<@Sendable () -> Void>()
        let group = TokenGroup([list.add {}])
        let wins = await withTaskGroup(of: Bool.self) { tasks in
            for _ in 0..<16 { tasks.addTask { group.end() } }
            var wins = 0
            for await won in tasks where won { wins += 1 }
            return wins
        }
        #expect(wins == 1)
        #expect(list.count == 0)
    }
}
