// Samples of Sources/ClosureKitFoundation/Stream/StreamDelegateProxy.swift
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

// Sources/ClosureKitFoundation/Stream/StreamDelegateProxy.swift:7
// snippet.hide
func sample7(input: InputStream) {
// snippet.show
    let token = input.onEvent(.hasBytesAvailable) { stream, _ in
        guard let input = stream as? InputStream else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = input.read(&buffer, maxLength: buffer.count)
        print("read \(count) bytes")
    }
    input.schedule(in: .current, forMode: .default)
    input.open()
// snippet.hide
    _ = token
}
// snippet.show
