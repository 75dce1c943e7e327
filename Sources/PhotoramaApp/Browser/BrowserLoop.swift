import PhotoramaScreen
import PhotoramaTUI

/// The full-screen browser's main loop, on a thread of its own because ncurses must be driven from one
/// thread and `get_wch` blocks: read input → reduce → run effects → draw, until quit. It turns the
/// screen's input events into actions and does nothing else with them: every effect runs in the runner.
struct BrowserLoop {
    let configuration: AppConfiguration
    let runner: EffectRunner
    let inbox: ActionInbox
    let screen: any BrowserScreen
    /// The benchmarks' and tests' reports (`BrowserInstrumentation`); none in normal use.
    var observer: any BrowserObserver = BrowserObservers()

    /// How long to wait for a key when nothing arrives in the inbox (which wakes the wait at once).
    static let pollMilliseconds: Int32 = 15
    static let tickInterval: Duration = .milliseconds(100)

    /// Returns the feed on screen at quit, for the next launch.
    func run() -> LastFeed {
        let clock = ContinuousClock()
        // Actions carry the time since here (`Action.timed`): prefetch measures speed and latency with it.
        let origin = clock.now
        var state = AppState(configuration: configuration, size: screen.size)
        // Untimed: the first page was asked for before this clock started (`FirstPage`, during the terminal's
        // probe), so its round trip says nothing about the service; the launch keeps the normal lead.
        let opening = start(&state) + loadSaved(&state)
        var hold = FirstGridHold(
            opening: opening, shown: state.currentFeed?.source, storeToOpen: !runner.savedStoreOpened)
        var quit = runner.run(hold.admit(opening, for: nil))
        var dirty = true
        var nextTick = clock.now + Self.tickInterval
        var observer = self.observer
        var picturesWaiting = 0
        while !quit {
            observer.turnBegan(state)
            if dirty {
                observer.frameWillDraw()
                screen.draw(render(state))
                dirty = false
                picturesWaiting = screen.picturesWaiting
                observer.picturesWaiting(picturesWaiting)
                if observer.frameDrawn(state) == .stop { break }
                let released = hold.frameDrawn()
                if !released.isEmpty { quit = runner.run(released, screen: screen) }
            }
            var actions = screen.readInput(timeoutMilliseconds: Self.pollMilliseconds, wakeUp: inbox.wakeDescriptor).map(Action.input)
            // The last frame's pictures are all written now: drawn again (nothing changes on the terminal),
            // so its observers hear that the frame is whole.
            if picturesWaiting > 0, screen.picturesWaiting == 0 {
                picturesWaiting = 0
                dirty = true
            }
            let inputTime = clock.now
            let stamp = inputTime - origin
            for item in inbox.drain() {
                switch item {
                case .action(let action): actions.append(action)
                case .terminate: quit = true
                }
            }
            if clock.now >= nextTick {
                nextTick = clock.now + Self.tickInterval
                if runner.inFlight > 0 { actions.append(.runtime(.tick)) }
            }
            for action in actions where !quit {
                let effects = reduce(&state, .timed(action, at: stamp))
                quit = runner.run(hold.admit(effects, for: action), screen: screen)
                dirty = true
                observer.handled(action)
            }
            observer.inputHandled(state, readAt: inputTime)
        }
        observer.loopEnded()
        runner.cancelAll()
        return LastFeed(state)
    }
}
