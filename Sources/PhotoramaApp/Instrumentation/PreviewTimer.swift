import Foundation
import PhotoramaTUI

/// Measures, for `photorama-bench images`, how long a new selection waits for its picture: from the
/// input that moved the selection to the first frame drawn with the picture (or its failure) in it
/// (hidden `--preview-report PATH`).
struct PreviewTimer: BrowserObserver {
    let path: String
    private var shown: String?
    private var pending: (photo: String, since: ContinuousClock.Instant)?
    private var lines = ""

    init(path: String) { self.path = path }

    mutating func inputHandled(_ state: AppState, readAt time: ContinuousClock.Instant) {
        selectionMaybeChanged(state, inputAt: time)
    }

    mutating func frameDrawn(_ state: AppState) -> BrowserObserverVerdict {
        drew(state, at: ContinuousClock.now)
        return .carryOn
    }

    mutating func selectionMaybeChanged(_ state: AppState, inputAt time: ContinuousClock.Instant) {
        guard let picture = state.selectedPicture else { return }
        let id = picture.photo.id
        if id != shown, id != pending?.photo { pending = (id, time) }
    }

    mutating func drew(_ state: AppState, at time: ContinuousClock.Instant) {
        guard let picture = state.selectedPicture else { return }
        switch picture.status {
        case .ready, .failed:
            shown = picture.photo.id
            guard let pending, pending.photo == picture.photo.id else { return }
            let elapsed = time - pending.since
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            lines += String(format: "%.2f\n", milliseconds)
            try? lines.write(toFile: path, atomically: true, encoding: .utf8)
            self.pending = nil
        case .loading, nil:
            return
        }
    }
}
