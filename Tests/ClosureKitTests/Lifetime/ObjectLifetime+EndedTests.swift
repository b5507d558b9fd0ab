import Testing

@testable import ClosureKit

@Suite("ObjectLifetime ended(of:)", .timeLimit(.minutes(1)))
struct ObjectLifetimeEndedTests {
    @Test("a task awaiting an adopter of Lifetime resumes once when it ends, then the sequence finishes")
    func lifetimeAdopter() async {
        var object: LifetimeObject? = LifetimeObject()
        let ended = ObjectLifetime.ended(of: object!)
        let task = Task { await collectAll(ended).count }
        object = nil
        #expect(await task.value == 1)
    }

    @Test("any object's end is noticed at the side table's sweep")
    func plainObject() async {
        var object: PlainObject? = PlainObject()
        let ended = ObjectLifetime.ended(of: object! as AnyObject)
        object = nil
        releaseEndedObjects()
        #expect(await collectAll(ended).count == 1)
    }

    @Test("an object that ended before the task started waiting is still reported")
    func endedBeforeWaiting() async {
        var object: LifetimeObject? = LifetimeObject()
        let ended = ObjectLifetime.ended(of: object!)
        object = nil
        for await _ in ended {}
        #expect(Bool(true))
    }

    @Test("cancelling the waiting task ends the loop without an element and unregisters it")
    func cancellation() async {
        let object = LifetimeObject()
        let ended = ObjectLifetime.ended(of: object)
        let task = Task { await collectAll(ended).count }
        task.cancel()
        #expect(await task.value == 0)
    }
}
