import PhotoramaKit
import PhotoramaTUI

/// Work that would share the two cores with drawing the opening page's first frame, held until that frame
/// is drawn: thumbnails and pages loaded ahead (the demo server makes them at once, beside the frame), the
/// Saved tab's later pages, and reading the saved photos while their store is still to be opened (an answer
/// already known costs nothing and is not held). Held only while the opening page is awaited and until its frame is drawn; a
/// key, a click or a resize lets everything go at once, and a held load cancelled meanwhile never starts.
/// Measured in docs/PERFORMANCE.md (issue 40).
struct FirstGridHold {
    private var holding: Bool
    /// The opening page's load: its answer (or failure) is what the first grid waits for.
    private let opening: RequestToken?
    private var answered = false
    private var held: [Effect] = []
    /// Whether the saved photos' store is still to be opened: then its first read waits too.
    private let storeToOpen: Bool

    /// Holds when the launch's effects ask for page 1 of `shown`, the feed on screen (a launch that opens on
    /// Saved, or on a tab with no feed, waits for none).
    init(opening effects: [Effect], shown: PhotoSource?, storeToOpen: Bool) {
        self.storeToOpen = storeToOpen
        opening =
            effects.lazy.compactMap { effect -> RequestToken? in
                if case .loadPage(let source, page: 1, let token) = effect, source == shown { token } else { nil }
            }.first
        holding = opening != nil
    }

    /// The effects of handling `action` (nil: the launch's own) to run now, in order; those that can wait
    /// are kept.
    mutating func admit(_ effects: [Effect], for action: Action?) -> [Effect] {
        guard holding else { return effects }
        switch action {
        case .input?:
            holding = false
            defer { held = [] }
            return held + effects
        case .feed(.pageLoaded(let token, _, _))? where token == opening:
            answered = true
        default:
            break
        }
        var now: [Effect] = []
        for effect in effects {
            if case .cancel(let token) = effect { held.removeAll { Self.waiting($0, storeToOpen: storeToOpen) == token } }
            if Self.waiting(effect, storeToOpen: storeToOpen) != nil { held.append(effect) } else { now.append(effect) }
        }
        return now
    }

    /// After each frame: once a frame after the opening page's answer is drawn, everything held, in order.
    mutating func frameDrawn() -> [Effect] {
        guard holding, answered else { return [] }
        holding = false
        defer { held = [] }
        return held
    }

    /// The token of an effect that can wait for the first grid; nil for every other effect.
    private static func waiting(_ effect: Effect, storeToOpen: Bool) -> RequestToken? {
        switch effect {
        case .loadSaved(_, let token) where storeToOpen: token
        case .loadImage(_, _, let token): token
        case .loadPage(_, let page, let token) where page > 1: token
        case .loadSavedPage(_, _, let token): token
        default: nil
        }
    }
}
