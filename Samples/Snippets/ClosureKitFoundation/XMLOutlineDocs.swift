// Samples of Sources/ClosureKitFoundation/XMLParser/XMLOutline.swift
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

// Sources/ClosureKitFoundation/XMLParser/XMLOutline.swift:20
// snippet.hide
func sample20(data: Data) async throws {
// snippet.show
    let text = try XMLOutline.outline(of: data)
    print(text)
// snippet.hide
}
// snippet.show

// Sources/ClosureKitFoundation/XMLParser/XMLOutline.swift:51
// snippet.hide
func sample51() async throws {
// snippet.show
    if let stream = InputStream(fileAtPath: "/usr/share/mime/packages/freedesktop.org.xml") {
        try XMLOutline.outline(of: stream) { line in print(line) }
    }
// snippet.hide
}
// snippet.show
