import ClosureKit
import Foundation

// An `@main … async` executable, the shape of a Linux server: after the first
// `await`, the main actor runs on a worker thread (the main queue is drained
// there), not on the process's main thread. A `@MainActor` model's hooks, its
// proxy veto and its control handler must answer the same before and after.
//
//     swift run async-server
//
// Prints one line per phase and exits 0 when every answer is the main-actor
// model's (AsyncHostTests runs it as a subprocess).

final class SearchService: Hookable {
    struct Hooks {
        let search = HookPoint<SearchService, String, [String]>("search(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func search(_ query: String) -> [String] {
        Self.hooks.search.call(self, query) { _, _ in [] }
    }
}

protocol UploadDelegate: AnyObject {
    func uploadShouldStart(_ name: String) -> Bool
}

final class Uploader {
    weak var delegate: (any UploadDelegate)?

    func start(_ name: String) -> Bool {
        delegate?.uploadShouldStart(name) ?? true
    }
}

final class UploadProxy: DelegateProxy<any UploadDelegate>, UploadDelegate, SelectorDeclaring {
    struct Selectors {
        let shouldStart = MethodSelector<String, Bool>("uploadShouldStart(_:)")
    }
    static let selectors = Selectors()

    func uploadShouldStart(_ name: String) -> Bool {
        forward(Self.selectors.shouldStart, name, default: true) { $0.uploadShouldStart($1) }
    }
}

final class Switch: EventControl {
    let controlEventStorage = ControlEventStorage()
}

@MainActor
final class ServerModel {
    let service = SearchService()
    let uploader = Uploader()
    let toggle = Switch()
    var toggles = 0
    var tokens = Set<CancellationToken>()

    func bind() {
        SearchService.hooks.search.instead(on: service) { _, invocation in
            [invocation.arguments]
        }.store(in: &tokens)
        UploadProxy.proxy(for: uploader, delegate: \.delegate)
            .implement(UploadProxy.selectors.shouldStart) { name in !name.hasSuffix(".exe") }
            .store(in: &tokens)
        toggle.addHandler(for: .valueChanged) { _ in self.toggles += 1 }.store(in: &tokens)
    }

    /// The three answers, as one line, and whether they are the model's.
    func check(_ phase: String, printing: Bool = true) -> Bool {
        let found = service.search("swift")
        let allowed = uploader.start("tool.exe")
        let before = toggles
        toggle.sendEvents(.valueChanged)
        let handled = toggles == before + 1
        let passed = found == ["swift"] && !allowed && handled
        if printing || !passed {
            print("\(phase): search=\(found) veto=\(!allowed) handler-ran-synchronously=\(handled)")
        }
        return passed
    }
}

@main
struct AsyncServer {
    static func main() async {
        let model = ServerModel()
        model.bind()
        var passed = model.check("before await")
        // Hop to another thread and back: from here on the main actor runs
        // on a worker thread that drains the main queue. Which thread
        // resumes it is the runtime's choice (a busy machine may pick the
        // main thread many times in a row), so hop until it is another one,
        // for at most ten seconds.
        var offMainThread = false
        let deadline = Date().addingTimeInterval(10)
        while !offMainThread && Date() < deadline {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume() }
            }
            offMainThread = !Thread.isMainThread
            passed = model.check("after await", printing: false) && passed
        }
        passed = model.check("after await") && passed
        print("after await: reached the main actor off the process's main thread=\(offMainThread)")
        print(passed ? "ok" : "FAILED")
        exit(passed ? 0 : 1)
    }
}
