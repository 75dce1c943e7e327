import Foundation
import PhotoramaTUI

/// For `photorama-bench launch` (hidden `--first-grid-report PATH`): at the first frame with photos in
/// the grid, the milliseconds since `main` began and the wall-clock instant, then the browser quits.
struct FirstGridReport: BrowserObserver {
    let path: String

    func frameDrawn(_ state: AppState) -> BrowserObserverVerdict {
        guard (state.currentFeed?.count ?? 0) > 0 else { return .carryOn }
        let elapsed = ContinuousClock.now - LaunchClock.start
        let milliseconds =
            Double(elapsed.components.seconds) * 1000
            + Double(elapsed.components.attoseconds) / 1e15
        // The wall-clock instant too, so the benchmark can count from before `main` (process start).
        try? String(format: "%.1f %lld\n", milliseconds, LaunchClock.realtimeNanoseconds())
            .write(toFile: path, atomically: true, encoding: .utf8)
        return .stop
    }
}
