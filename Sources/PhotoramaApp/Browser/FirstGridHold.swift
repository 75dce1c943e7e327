import PhotoramaTUI

/// Work that would share the two cores with drawing the opening page's first frame, held until that frame
/// is drawn: thumbnails and pages loaded ahead (the demo server makes them at once, beside the frame) and
/// the Saved tab's later pages. Held only while the opening page is awaited and until its frame is drawn; a
/// key, a click or a resize lets everything go at once, and a held load cancelled meanwhile never starts.
/// Measured in docs/PERFORMANCE.md (issue 40).
struct FirstGridHold {
    private var holding: Bool
    private var answered = false
    private var held: [Effect] = []

    /// Holds when the launch's effects ask for a first page (a launch that opens on Saved waits for none).
    init(opening effects: [Effect]) {
        holding = effects.contains { effect in
            if case .loadPage(_, page: 1, _) = effect { true } else { false }
        }
    }

    /// The effects of handling `action` to run now, in order; those that can wait are kept.
    mutating func admit(_ effects: [Effect], for action: Action) -> [Effect] {
        guard holding else { return effects }
        switch action {
        case .input:
            holding = false
            defer { held = [] }
            return held + effects
        case .feed(.pageLoaded), .feed(.refreshLoaded):
            answered = true
        default:
            break
        }
        var now: [Effect] = []
        for effect in effects {
            if case .cancel(let token) = effect { held.removeAll { Self.token(of: $0) == token } }
            if Self.token(of: effect) != nil { held.append(effect) } else { now.append(effect) }
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
    private static func token(of effect: Effect) -> RequestToken? {
        switch effect {
        case .loadImage(_, _, let token): token
        case .loadPage(_, let page, let token) where page > 1: token
        case .loadSavedPage(_, _, let token): token
        default: nil
        }
    }
}
