// Samples of Sources/ClosureKit/HookPoints/HookPoint+Calls.swift
// snippet.hide
import ClosureKit
final class Uploader: Hookable {
    struct Hooks {
        let upload = HookPoint<Uploader, (name: String, bytes: Int), Bool>("upload(name:bytes:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    func upload(name: String, bytes: Int) -> Bool {
        Self.hooks.upload.call(self, (name, bytes)) { _, arguments in arguments.bytes > 0 }
    }
}
func sample(uploader: Uploader) async {
// snippet.show
for await call in Uploader.hooks.upload.calls(on: uploader) {
    print("uploaded", call.arguments.name, call.result ? "" : "(failed)")
}
// snippet.hide
// snippet.show
for await bytes in Uploader.hooks.upload.calls({ _, call in call.arguments.bytes }) {
    print("uploaded", bytes, "bytes")
}
// snippet.hide
}
// snippet.show
