import Foundation
import PhotoramaTUI

/// For `photorama-bench prefetch` (hidden `--frame-stats PATH`): after every frame with photos, "frames
/// loading selection": the frames drawn, how many showed the "loading…" card selected, and the selection.
struct FrameStatsReport: BrowserObserver {
    let path: String
    private var frames = 0
    private var loadingFrames = 0

    init(path: String) { self.path = path }

    mutating func frameDrawn(_ state: AppState) -> BrowserObserverVerdict {
        guard let feed = state.currentFeed, feed.count > 0 else { return .carryOn }
        frames += 1
        // The selection sits on the "loading…" card when it is just past the last loaded photo.
        if feed.selection >= feed.count { loadingFrames += 1 }
        try? "\(frames) \(loadingFrames) \(feed.selection)\n".write(toFile: path, atomically: true, encoding: .utf8)
        return .carryOn
    }
}
