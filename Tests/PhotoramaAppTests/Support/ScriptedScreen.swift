import Foundation
import PhotoramaImages
import PhotoramaLocking
import PhotoramaScreen
import PhotoramaTUI

@testable import PhotoramaApp

/// A screen for the browser loop without a terminal: it keeps every frame drawn as text, and hands the
/// loop its scripted input once the last frame shows what each step waits for. Like `get_wch`, reading
/// waits out the loop's timeout when no input is due.
final class ScriptedScreen: BrowserScreen, Sendable {
    /// Input to give once a frame contains `text` and `ready` holds.
    struct Step: Sendable {
        var text: String
        var ready: @Sendable () -> Bool = { true }
        var input: [InputEvent]
    }

    let size: CellSize
    private let state: Locked<(frames: [[String]], steps: [Step], sent: [[UInt8]], invalidations: Int)>
    /// Set when the test gives up (a wait of its own failed): the loop is told to quit, so a thread
    /// of its own never outlives the test and the test fails instead of hanging.
    private let abandoned = Locked(false)
    /// A step not due by then will never be: the loop is told to quit, and the test fails on what it saw.
    private let deadline = ContinuousClock.now + .seconds(120)

    init(size: CellSize = CellSize(columns: 80, rows: 24), steps: [Step]) {
        self.size = size
        state = Locked(([], steps, [], 0))
    }

    /// Ends the loop at its next read (q), whatever steps are left.
    func abandon() {
        abandoned.withLock { $0 = true }
    }

    /// Every frame drawn, as lines of text.
    var frames: [[String]] { state.withLock { $0.frames } }

    func draw(_ frame: Frame) {
        state.withLock { $0.frames.append(frame.lines) }
    }

    func readInput(timeoutMilliseconds: Int32, wakeUp: Int32?) -> [InputEvent] {
        if abandoned.withLock({ $0 }) || ContinuousClock.now > deadline { return [.key(.character("q"))] }
        let due = state.withLock { state -> [InputEvent]? in
            guard let step = state.steps.first, let last = state.frames.last,
                last.contains(where: { $0.contains(step.text) }), step.ready()
            else { return nil }
            state.steps.removeFirst()
            return step.input
        }
        if let due { return due }
        // Not a synchronisation: the terminal's read blocks this long too, and the loop relies on it to poll.
        usleep(useconds_t(timeoutMilliseconds) * 1000)
        return []
    }

    func invalidate() {
        state.withLock { $0.invalidations += 1 }
    }

    func send(_ sequence: [UInt8]) {
        state.withLock { $0.sent.append(sequence) }
    }
}

/// Records what the loop tells its observer, ticks left out (their number depends on timing), and stops
/// the loop at the first frame that contains `stopAt` with nothing in flight.
struct RecordingObserver: BrowserObserver {
    let record: Locked<[String]>
    var stopAt: String?

    mutating func handled(_ action: Action) {
        if case .runtime(.tick) = action { return }
        record.withLock { $0.append(RunnerHarness.describe(action)) }
    }

    mutating func frameDrawn(_ state: AppState) -> BrowserObserverVerdict {
        guard let stopAt, state.inFlight == 0, render(state).lines.contains(where: { $0.contains(stopAt) }) else {
            return .carryOn
        }
        record.withLock { $0.append("stop") }
        return .stop
    }

    mutating func loopEnded() {
        record.withLock { $0.append("ended") }
    }
}
