import Foundation
import PhotoramaKit
import PhotoramaTUI
import PhotoramaTerminal

/// The full-screen browser's main loop, on a thread of its own because ncurses must be driven from one
/// thread and `get_wch` blocks: read input → reduce → run effects → draw, until quit.
struct BrowserLoop {
    let configuration: AppConfiguration
    let runner: EffectRunner
    let inbox: ActionInbox
    let screen: NCursesScreen
    var instrumentation = BrowserInstrumentation()

    /// How long to wait for a key before looking at the inbox again. Short, so results appear at once.
    static let pollMilliseconds: Int32 = 15
    static let tickInterval: Duration = .milliseconds(100)

    /// Returns the feed on screen at quit, for the next launch.
    func run() -> LastFeed {
        var state = AppState(configuration: configuration, size: screen.size)
        var quit = runner.run(start(&state) + loadSaved(&state))
        var dirty = true
        var frames = 0
        var loadingFrames = 0
        let clock = ContinuousClock()
        var nextTick = clock.now + Self.tickInterval
        var previewTimer = PreviewTimer(path: instrumentation.previewReport)
        var thumbnailTimer = ThumbnailTimer(path: instrumentation.thumbnailReport)
        var probes = 0
        var memoryReport = BrowserMemoryReport(path: instrumentation.memoryReport)
        while !quit {
            memoryReport.tick(state)
            if dirty {
                let cpuBefore = thumbnailTimer.isOn ? ThumbnailTimer.threadCPUMilliseconds() : 0
                screen.draw(render(state))
                if thumbnailTimer.isOn {
                    thumbnailTimer.drew(state, at: clock.now, cpu: ThumbnailTimer.threadCPUMilliseconds() - cpuBefore)
                }
                dirty = false
                if let path = instrumentation.probeReport {
                    // The size too: tmux applies a resize at most every 250 ms, so a key sent after one can
                    // arrive before the program hears of it; a test waits for both.
                    // Busy while loads run or answers wait in the inbox, not only by the state's count: that
                    // lags a load this very batch started, and the soak once compared a "loading…" pane
                    // with a redraw that had the picture. The runner is read before the inbox: a load that
                    // ends in between posts its answer before it stops counting.
                    let running = runner.inFlight
                    let busy = max(state.inFlight, running) + inbox.pendingCount
                    try? "\(probes) \(state.size.columns)x\(state.size.rows) \(busy)\n".write(toFile: path, atomically: true, encoding: .utf8)
                }
                previewTimer.drew(state, at: clock.now)
                if let path = instrumentation.firstGridReport, (state.currentFeed?.count ?? 0) > 0 {
                    let elapsed = ContinuousClock.now - LaunchClock.start
                    let milliseconds = Double(elapsed.components.seconds) * 1000
                        + Double(elapsed.components.attoseconds) / 1e15
                    // The wall-clock instant too, so the benchmark can count from before `main` (process start).
                    try? String(format: "%.1f %lld\n", milliseconds, LaunchClock.realtimeNanoseconds())
                        .write(toFile: path, atomically: true, encoding: .utf8)
                    break
                }
                if let path = instrumentation.frameStats, let feed = state.currentFeed, feed.count > 0 {
                    frames += 1
                    // The selection sits on the "loading…" card when it is just past the last loaded photo.
                    if feed.selection >= feed.count { loadingFrames += 1 }
                    try? "\(frames) \(loadingFrames) \(feed.selection)\n".write(toFile: path, atomically: true, encoding: .utf8)
                }
            }
            // While a save is on its way, look at the inbox every millisecond: the mark must show at once.
            var actions = screen.readInput(timeoutMilliseconds: state.saved.isPending ? 1 : Self.pollMilliseconds)
            let inputTime = clock.now
            for item in inbox.drain() {
                switch item {
                case .action(let action): actions.append(action)
                case .terminate: quit = true
                }
            }
            if clock.now >= nextTick {
                nextTick = clock.now + Self.tickInterval
                if runner.inFlight > 0 { actions.append(.tick) }
            }
            for action in actions where !quit {
                if case .key(.function(12)) = action { probes += 1 }
                let effects = reduce(&state, action)
                if effects.contains(.redraw) { screen.invalidate() }
                for case .copyToClipboard(let text) in effects { screen.send(ClipboardSequence.osc52(text)) }
                quit = runner.run(effects)
                dirty = true
            }
            previewTimer.selectionMaybeChanged(state, inputAt: inputTime)
        }
        thumbnailTimer.finish(at: clock.now)
        runner.cancelAll()
        return LastFeed(state)
    }
}
