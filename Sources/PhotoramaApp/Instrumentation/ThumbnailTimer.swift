import Foundation
import PhotoramaKit
import PhotoramaTUI

#if canImport(Glibc)
    import Glibc
#endif

/// Measures, for `photorama-bench thumbnails`, how soon thumbnail cards get their pictures and what each
/// frame costs: for every card that appears, the milliseconds until a frame shows its picture (or, when
/// it left the screen first, how long it was visible), and the CPU time of each frame's render and draw
/// on the UI thread. Written to the report file when the browser quits (hidden `--thumbnail-report PATH`).
struct ThumbnailTimer: BrowserObserver {
    let path: String
    /// Cards on screen still waiting for their picture, since when.
    private var onScreen: [PhotoKey: ContinuousClock.Instant] = [:]
    private var painted: [Double] = []
    private var missed: [Double] = []
    private var frameCPU: [Double] = []

    /// The UI thread's CPU time when the frame being drawn began.
    private var frameStartCPU: Double = 0

    init(path: String) { self.path = path }

    mutating func frameWillDraw() {
        frameStartCPU = Self.threadCPUMilliseconds()
    }

    mutating func frameDrawn(_ state: AppState) -> BrowserObserverVerdict {
        drew(state, at: ContinuousClock.now, cpu: Self.threadCPUMilliseconds() - frameStartCPU)
        return .carryOn
    }

    mutating func loopEnded() {
        finish(at: ContinuousClock.now)
    }

    /// After a frame was drawn: `cpu` is the UI thread's CPU time for rendering and drawing it.
    mutating func drew(_ state: AppState, at time: ContinuousClock.Instant, cpu: Double) {
        frameCPU.append(cpu)
        var seen = Set<PhotoKey>()
        for card in state.visibleThumbnails {
            seen.insert(card.photo)
            if card.painted {
                guard !shownPainted.contains(card.photo) else { continue }
                // Painted in the frame it appeared in counts as 0 ms.
                painted.append(Self.milliseconds(time - (onScreen[card.photo] ?? time)))
                onScreen[card.photo] = nil
                shownPainted.insert(card.photo)
            } else if onScreen[card.photo] == nil {
                onScreen[card.photo] = time
            }
        }
        for (photo, since) in onScreen where !seen.contains(photo) {
            missed.append(Self.milliseconds(time - since))
            onScreen[photo] = nil
        }
        // A card that leaves and comes back is measured again.
        shownPainted.formIntersection(seen)
    }

    /// Cards on screen whose picture is drawn.
    private var shownPainted = Set<PhotoKey>()

    /// Writes the report: one line per frame ("cpu MS"), per painted card ("painted MS") and per card
    /// that left unpainted ("missed MS-VISIBLE"); cards still waiting count as missed.
    mutating func finish(at time: ContinuousClock.Instant) {
        for since in onScreen.values { missed.append(Self.milliseconds(time - since)) }
        onScreen = [:]
        var text = ""
        for value in frameCPU { text += String(format: "cpu %.3f\n", value) }
        for value in painted { text += String(format: "painted %.2f\n", value) }
        for value in missed { text += String(format: "missed %.2f\n", value) }
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The CPU time this thread has used, in milliseconds.
    static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
