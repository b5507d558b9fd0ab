// Samples of Sources/ClosureKit/HookPoints/HookPoint.swift
// snippet.hide
import ClosureKit
extension Uploader {
    func send(_ name: String, _ bytes: Int) -> Bool { bytes > 0 }
}
let uploader = Uploader()
// snippet.show

// Sources/ClosureKit/HookPoints/HookPoint.swift:7
final class Uploader: Hookable {
    struct Hooks {
        let upload = HookPoint<Uploader, (name: String, bytes: Int), Bool>("upload(name:bytes:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func upload(name: String, bytes: Int) -> Bool {
        Self.hooks.upload.call(self, (name, bytes)) { uploader, arguments in
            uploader.send(arguments.name, arguments.bytes)
        }
    }
}

// Every uploader:
let log = Uploader.hooks.upload.before { uploader, invocation in
    print("uploading", invocation.arguments.name)
}
// One uploader: replace the method, calling through when it likes.
let dryRun = Uploader.hooks.upload.instead(on: uploader) { _, invocation in
    invocation.arguments.bytes > 1_000_000 ? false : invocation.proceed()
}

// Sources/ClosureKit/HookPoints/HookPoint.swift: replaceResult
// An empty upload counts as done, whatever the uploader answered.
let emptyIsDone = Uploader.hooks.upload.replaceResult { _, invocation in
    invocation.result! || invocation.arguments.bytes == 0
}
