import Foundation
import PhotoramaScreen
import PhotoramaTUI

/// For the end-to-end tests and the soak (hidden `--probe-report PATH`): after every frame, the F12
/// presses (probes) handled, the frame's size, the requests in flight and the cell's size in pixels
/// ("3 100x30 0 8x17"), so a test knows the screen shows everything it sent before its last probe, resizes
/// (and the cell asked again after them) included, and whether answers may still change it. The count is the one the state has handled: every answer posted before it has been
/// handled too (see `EffectRunner.startOptional`).
struct ProbeReport: BrowserObserver {
    let path: String
    let runner: EffectRunner
    let inbox: ActionInbox
    private var probes = 0
    /// Pictures the last frame wants that the terminal has not taken yet: busy too.
    private var picturesWaiting = 0

    init(path: String, runner: EffectRunner, inbox: ActionInbox) {
        self.path = path
        self.runner = runner
        self.inbox = inbox
    }

    mutating func handled(_ action: Action) {
        if case .input(.key(.function(12))) = action { probes += 1 }
    }

    mutating func picturesWaiting(_ count: Int) {
        picturesWaiting = count
    }

    func frameDrawn(_ state: AppState) -> BrowserObserverVerdict {
        // The size too: tmux applies a resize at most every 250 ms, so a key sent after one can
        // arrive before the program hears of it; a test waits for both.
        // Busy while loads run or answers wait in the inbox, not only by the state's count: that
        // lags a load this very batch started, and the soak once compared a "loading…" pane
        // with a redraw that had the picture. The runner is read before the inbox: a load that
        // ends in between posts its answer before it stops counting.
        let running = runner.inFlight
        let busy = max(state.inFlight, running) + inbox.pendingCount + picturesWaiting
        let cell = "\(state.cellPixels.width)x\(state.cellPixels.height)"
        try? "\(probes) \(state.size.columns)x\(state.size.rows) \(busy) \(cell)\n".write(toFile: path, atomically: true, encoding: .utf8)
        return .carryOn
    }
}
