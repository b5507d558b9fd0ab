import ClosureKit
import Dispatch

// Swift 6 app code as it is written: a @MainActor view model whose handlers
// change its own state, no `Sendable` annotation on any type, and every
// source one `for await` away.

/// A control isolated to the main actor, as every UIKit control is.
@MainActor
private final class PlayButton: EventControl {
    let controlEventStorage = ControlEventStorage()
    var title = "Play"
}

/// An observable settings object on the main actor.
@MainActor
private final class VolumeSettings: KeyPathObservable {
    let observationStorage = ObservationStorage()
    @ObservableProperty var volume = 0.5
}

/// A plain class with a weak delegate, and its proxy: no `Sendable` anywhere.
private final class Track {
    weak var delegate: (any TrackDelegate)?
    func reach(_ second: Int) { delegate?.track(self, didReach: second) }
}

private protocol TrackDelegate: AnyObject {
    func track(_ track: Track, didReach second: Int)
}

private final class TrackProxy: DelegateProxy<any TrackDelegate>, TrackDelegate, SelectorDeclaring {
    struct Selectors {
        let didReach = MethodSelector<(Track, Int), Void>("track(_:didReach:)")
    }
    static let selectors = Selectors()

    func track(_ track: Track, didReach second: Int) {
        forward(Self.selectors.didReach, track, second) { $0.track($1, didReach: $2) }
    }
}

/// A hookable type whose method is called from anywhere.
private final class Playlist: Hookable {
    struct Hooks {
        let add = HookPoint<Playlist, String, Int>("add(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()
    private var titles: [String] = []

    func add(_ title: String) -> Int {
        Self.hooks.add.call(self, title) { playlist, title in
            playlist.titles.append(title)
            return playlist.titles.count
        }
    }
}

/// A hookable type that is `Sendable` by being immutable: it reports from
/// any thread.
private final class Sensor: Hookable, Sendable {
    struct Hooks {
        let report = HookPoint<Sensor, Int, Void>("report(_:)")
    }
    static let hooks = Hooks()
    let hookStorage = HookStorage()

    func report(_ value: Int) {
        Self.hooks.report.call(self, value) { _, _ in }
    }
}

/// The view model: every handler changes main-actor state directly.
@MainActor
private final class PlayerModel {
    var log: [String] = []
    var tokens = Set<CancellationToken>()
    let button = PlayButton()
    let settings = VolumeSettings()
    let track = Track()
    let playlist = Playlist()
    let clock = ManualClock()
    lazy var scheduler = DelayScheduler(clock: clock)

    func bind() throws {
        button.addHandler(for: .touchUpInside) { button in
            self.log.append("tapped \(button.title)")
        }.store(in: &tokens)
        settings.observe(\.volume, options: .new) { _, change in
            self.log.append("volume \(change.newValue!)")
        }.store(in: &tokens)
        TrackProxy.proxy(for: track, delegate: \.delegate).implement(TrackProxy.selectors.didReach) { _, second in
            self.log.append("reached \(second) s")
        }.store(in: &tokens)
        Playlist.hooks.add.after(on: playlist) { _, invocation in
            self.log.append("added \(invocation.arguments) (\(invocation.result!) in the playlist)")
        }.store(in: &tokens)
        scheduler.schedule(after: .seconds(5), on: .inline) { self.log.append("saved after 5 s") }
            .store(in: &tokens)
    }
}

@MainActor
func demoConcurrency() async throws {
    let model = PlayerModel()
    try model.bind()

    // Sent on the main thread: each handler runs before the call returns.
    model.button.sendEvents(.touchUpInside)
    model.settings.volume = 0.8
    model.clock.advance(by: .seconds(5))
    print("   on the main actor, at once: \(model.log.joined(separator: "; "))")
    model.log.removeAll()

    // Sent from a background thread (a sensor that reports from its own
    // thread): enqueued to the main actor, in the order they were sent.
    let sensor = Sensor()
    var readings: [Int] = []
    let token = Sensor.hooks.report.after(on: sensor) { _, invocation in readings.append(invocation.arguments) }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
            for value in [3, 1, 4, 1, 5] { sensor.report(value) }
            done.resume()
        }
    }
    while readings.count < 5 { await Task.yield() }
    print("   reported on a background thread, handled on the main actor in order: \(readings)")
    withExtendedLifetime(token) {}

    // Every source as an AsyncSequence. Each registers when it is created, so
    // the events sent before the loop starts are buffered for it.
    let taps = model.button.events(for: .touchUpInside)
    model.button.sendEvents(.touchUpInside)
    model.button.sendEvents(.touchUpInside)
    var tapCount = 0
    for await _ in taps.prefix(2) { tapCount += 1 }
    print("   for await on control events: \(tapCount) taps")

    let volumes = model.settings.changes(of: \.volume)
    model.settings.volume = 0.2
    model.settings.volume = 0.3
    var levels: [Double] = []
    for await change in volumes.prefix(2) { levels.append(change.newValue!) }
    print("   for await on key-path changes: volume \(levels)")

    let proxy = TrackProxy.proxy(for: model.track, delegate: \.delegate)
    let reached = proxy.messages(for: TrackProxy.selectors.didReach) { $0.arguments.1 }
    model.track.reach(10)
    model.track.reach(11)
    var seconds: [Int] = []
    for await second in reached.prefix(2) { seconds.append(second) }
    print("   for await on proxy messages: reached \(seconds)")

    let additions = Playlist.hooks.add.calls(on: model.playlist)
    _ = model.playlist.add("So What")
    for await call in additions.prefix(1) {
        print("   for await on hook-point calls: add(\"\(call.arguments)\") returned \(call.result)")
    }

    do {
        let ticks = try model.scheduler.ticks(every: .seconds(1), buffering: .unbounded)
        model.clock.advance(by: .seconds(3))
        var count = 0
        for await _ in ticks.prefix(3) { count += 1 }
        print("   for await on a repeating schedule's ticks (manual clock, no real time): \(count) ticks")
    } catch {
        print("   ticks: \(error)")
    }

    var ending: PlayButton? = PlayButton()
    let ended = ObjectLifetime.ended(of: ending!)
    ending = nil
    ObjectLifetime.releaseEndedObjects()
    for await _ in ended { print("   for await on an object's end: the button ended") }
}
