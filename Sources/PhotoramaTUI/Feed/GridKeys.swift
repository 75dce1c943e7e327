import PhotoramaKit
import PhotoramaScreen

/// The grid's keys as functions of the feed on screen: the feed moves its own selection and asks for its
/// own pages; the root (`handleGridKey`) does what touches other features (the detail, the viewer, cards).
extension FeedModel {
    /// A movement key on a grid of `columns` with `screen` cards a page (PgDn's step): moves the selection,
    /// kept within the feed, and says whether it changed; nil when the key is not a movement here.
    mutating func gridMove(_ key: Key, _ action: KeyAction?, columns: Int, screen: Int) -> Bool? {
        switch (key, action) {
        case (.left, _), (_, .left?):
            return moveSelection { $0 % columns > 0 ? $0 - 1 : $0 }
        case (.right, _), (_, .right?):
            return moveSelection { $0 % columns < columns - 1 ? $0 + 1 : $0 }
        case (.up, _), (_, .up?):
            return moveSelection { $0 >= columns ? $0 - columns : $0 }
        case (.down, _), (_, .down?):
            return moveDown(by: columns, columns: columns)
        case (.pageDown, _):
            return moveDown(by: screen, columns: columns)
        case (.pageUp, _):
            return moveSelection { $0 >= screen ? $0 - screen : $0 % columns }
        case (.home, _), (_, .first?):
            return moveSelection { _ in 0 }
        case (_, .last?):
            let count = count
            return moveSelection { _ in max(0, count - 1) }
        default:
            return nil
        }
    }

    /// Down by `step` cards; when the row below is shorter (the last), to its last card.
    private mutating func moveDown(by step: Int, columns: Int) -> Bool {
        let last = maxSelection
        return moveSelection { index in
            if index + step <= last { return index + step }
            return last / columns > index / columns ? last : index
        }
    }

    /// A page asked for with `token` arrived (or failed). A first page shown from the cache while stale is
    /// brought up to date in the background: a quiet refresh, whose request this returns.
    mutating func receivePage(
        _ result: Result<Page<Photo>, PhotoramaError>, page: Int, token: RequestToken, tokens: inout RequestTokens
    ) -> [Effect] {
        guard receivePage(result, page: page, token: token) else { return [] }
        return refresh(quiet: true, tokens: &tokens)
    }

    /// After every change to the grid of `columns` × `rows` cards on screen: the selection kept within the
    /// feed and in view, and the next pages `lead` (prefetch) wants asked for, a token taken for each.
    mutating func settle(columns: Int, rows: Int, lead: PrefetchLead, tokens: inout RequestTokens) -> [Effect] {
        let pageTokens = (0..<pagesWanted(lead: lead)).map { _ in tokens.next() }
        clampSelection()
        keepVisible(columns: columns, rows: rows)
        return pageTokens.compactMap { token in
            beginNextPage(token: token, inFlight: lead.pagesInFlight).map { .loadPage($0.source, page: $0.page, token: token) }
        }
    }

    /// Ctrl-R, or `quiet` after a stale first page from the cache (see `beginRefresh`): page 1 again,
    /// unless a refresh is already in flight or there is nothing to refresh.
    mutating func refresh(quiet: Bool = false, tokens: inout RequestTokens) -> [Effect] {
        guard source != nil, refreshToken == nil else { return [] }
        let token = tokens.next()
        guard let source = beginRefresh(token: token, quiet: quiet) else { return [] }
        return [.refresh(source, token: token)]
    }
}
