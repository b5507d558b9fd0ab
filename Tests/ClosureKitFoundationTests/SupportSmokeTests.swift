import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Test support")
struct SupportSmokeTests {
    @Test("the loopback server answers a plain request")
    func serverAnswers() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let (data, response) = try await URLSession.shared.data(from: server.url("/target"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "arrived")
    }

    @Test("every fixture loads and parses into events", arguments: Fixture.allCases)
    func fixturesParse(_ fixture: Fixture) throws {
        let events = try fixture.referenceEvents()
        #expect(events.count > 3)
        print(fixture, events)
    }
}
