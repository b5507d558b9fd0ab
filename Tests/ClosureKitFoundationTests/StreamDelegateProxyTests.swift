import ClosureKitFoundation
import Foundation
import Testing

@Suite("StreamDelegateProxy on a bound pair of streams")
struct StreamDelegateProxyTests {
    final class EventCollector: NSObject, StreamDelegate {
        var events: [Stream.Event] = []
        func stream(_ aStream: Stream, handle eventCode: Stream.Event) {
            events.append(eventCode)
        }
    }

    @Test("the input's closures see open, bytes available and end; the bytes arrive intact")
    func inputEvents() throws {
        let pair = BoundStreamPair(bufferSize: 64)
        var events: [Stream.Event] = []
        var received = Data()
        let token = pair.input.onEvent { stream, event in
            events.append(event)
            if event == .hasBytesAvailable, let input = stream as? InputStream {
                var buffer = [UInt8](repeating: 0, count: 64)
                let count = input.read(&buffer, maxLength: buffer.count)
                if count > 0 { received.append(contentsOf: buffer[0..<count]) }
            }
        }
        pair.input.open()
        pair.output.open()
        let message = Array("hello, bound streams".utf8)
        #expect(pair.output.write(message, maxLength: message.count) == message.count)
        #expect(pair.pump { received.count == message.count })
        pair.output.close()
        #expect(pair.pump { events.contains(.endEncountered) })
        withExtendedLifetime(token) {}

        #expect(events.first == .openCompleted)
        #expect(events.contains(.hasBytesAvailable))
        #expect(events.last == .endEncountered)
        #expect(received == Data(message))
    }

    @Test("the output's closures see open and space available; the previous delegate gets the same events, first")
    func outputEventsAndRealDelegate() throws {
        let pair = BoundStreamPair()
        let real = EventCollector()
        pair.output.delegate = real
        var seen: [Stream.Event] = []
        var realCountWhenCalled: [Int] = []
        let token = pair.output.onEvent { _, event in
            seen.append(event)
            realCountWhenCalled.append(real.events.count)
        }
        #expect(pair.output.delegateProxy.realDelegate === real)
        pair.output.open()
        #expect(pair.pump { seen.contains(.hasSpaceAvailable) })
        withExtendedLifetime(token) {}

        #expect(seen.first == .openCompleted)
        #expect(real.events == seen)
        // Observers run after the real delegate.
        #expect(realCountWhenCalled == Array(1...seen.count))
        pair.output.close()
    }

    @Test("a filtered closure sees only overlapping events; once counts matching events only")
    func filteredAndOnce() throws {
        let pair = BoundStreamPair()
        var filtered: [Stream.Event] = []
        var onceCalls = 0
        let filterToken = pair.input.onEvent([.hasBytesAvailable, .endEncountered]) { _, event in
            filtered.append(event)
        }
        let onceToken = pair.input.onEvent(.hasBytesAvailable, options: .once) { stream, _ in
            onceCalls += 1
        }
        pair.input.open()
        pair.output.open()
        for byte in [UInt8(1), 2, 3] {
            var value = byte
            #expect(pair.output.write(&value, maxLength: 1) == 1)
        }
        #expect(pair.pump { onceCalls == 1 && filtered.count >= 1 })
        pair.output.close()
        #expect(pair.pump { filtered.contains(.endEncountered) })
        withExtendedLifetime(filterToken) {}

        #expect(!filtered.contains(.openCompleted))
        #expect(filtered.allSatisfy { !$0.intersection([.hasBytesAvailable, .endEncountered]).isEmpty })
        #expect(onceCalls == 1)
        #expect(onceToken.cancel() == false)
        pair.input.close()
    }

    @Test("a typed selector observes every stream event with the stream itself")
    func typedSelector() throws {
        // Declared by the class, before this test's proxy exists.
        #expect(StreamDelegateProxy.declaredSelectors.map(\.name) == ["stream(_:handle:)"])
        let pair = BoundStreamPair()
        let proxy = pair.input.delegateProxy
        let streams = Recorder<ObjectIdentifier>()
        let token = proxy.before(StreamDelegateProxy.selectors.handleEvent) { invocation in
            streams.append(ObjectIdentifier(invocation.arguments.0))
        }
        pair.input.open()
        #expect(pair.pump { !streams.values.isEmpty })
        withExtendedLifetime(token) {}
        #expect(Set(streams.values) == [ObjectIdentifier(pair.input)])
        pair.input.close()
    }
}
