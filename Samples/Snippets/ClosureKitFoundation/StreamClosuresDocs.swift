// Samples of Sources/ClosureKitFoundation/Stream/Stream+Closures.swift
// snippet.hide
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
// snippet.show

// Sources/ClosureKitFoundation/Stream/Stream+Closures.swift:18
// snippet.hide
func sample18(output: OutputStream) async throws {
// snippet.show
    let token = output.onEvent { stream, event in
        if event.contains(.errorOccurred) { print(stream.streamError!) }
    }
// snippet.hide
    _ = token
}
// snippet.show

// Sources/ClosureKitFoundation/Stream/Stream+Closures.swift:40
// snippet.hide
func sample40(input: InputStream) async throws {
// snippet.show
    let token = input.onEvent([.endEncountered, .errorOccurred]) { stream, _ in
        stream.close()
    }
// snippet.hide
    _ = token
}
// snippet.show
