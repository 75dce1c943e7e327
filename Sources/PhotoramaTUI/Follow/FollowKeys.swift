import Foundation
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

// MARK: - Follow keys
/// Keys that lead from the selected photo elsewhere: its page in the browser (`o`), its addresses on the
/// clipboard (`y` `Y`), its owner's photos (`U`), a gallery (`G`), one of its tags (`[` `]` then Enter),
/// and Esc back through what was opened. nil when the key is not one of these here.
func handleFollowKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect]? {
    // Looked up by the keys that use it, not for every key (a copy of the feed's model).
    func selected() -> Photo? { state.currentFeed?.selectedPhoto }
    switch (key, action) {
    case (_, .open?), (_, .copyURL?), (_, .copyImageURL?):
        guard let photo = selected(), let action, let outcome = FollowLink.outcome(action, on: photo) else { return nil }
        return state.apply(outcome)
    case (_, .owner?):
        guard let photo = selected() else { return nil }
        switch FollowLink.owner(of: photo) {
        case .success(let owner): return follow(&state, owner.source, query: owner.query, title: owner.title)
        case .failure(let why): return state.apply(Outcome(notice: why.notice))
        }
    case (_, .gallery?):
        // On the Locations list G keeps meaning "last location".
        if state.tab == .locations, !state.locations.showingPhotos { return nil }
        state.searchBar.focusForGallery()
        return []
    case (_, .previousTag?), (_, .nextTag?):
        guard let photo = selected(), detailVisible(state) else { return nil }
        guard let index = state.detail.nextTag(on: photo, forward: action == .nextTag) else { return [] }
        let shown = state.detailLine(ofTag: index, on: photo)
        state.detail.pick(DetailTag(photo: photo.key, index: index), revealing: shown.line, height: shown.height)
        return []
    case (.enter, _):
        guard let index = state.pickedTagIndex, let photo = selected() else { return nil }
        let tag = DetailContent.shownTags(photo)[index]
        return follow(&state, .tag(tag), query: tag)
    case (.escape, _):
        if state.pickedTagIndex != nil {
            state.detail.unpickTag()
            return []
        }
        // The full-screen detail closes first; Back is for the grid.
        guard !state.detailOpen, state.tab == .search, !state.backStack.isEmpty else { return nil }
        return goBack(&state)
    default:
        return nil
    }
}

/// The detail is on screen: the pane beside the grid, or the full-screen detail.
func detailVisible(_ state: AppState) -> Bool {
    state.detailOpen || !ScreenLayout(state).pane.isEmpty
}

// MARK: - Following
/// What the follow keys make of the selected photo alone, before the root opens or copies anything.
enum FollowLink {
    /// `o` opens the photo's page, `y` copies its address, `Y` its largest picture's: the effect and the
    /// notice that answers it (or the notice why not). nil for another action.
    static func outcome(_ action: KeyAction, on photo: Photo) -> Outcome? {
        switch action {
        case .open:
            guard let url = photo.pageURL else { return Outcome(notice: "This photo has no web page") }
            return Outcome(effects: [.openInBrowser(url)], notice: "Opening \(url.absoluteString)")
        case .copyURL:
            guard let url = photo.pageURL else { return Outcome(notice: "This photo has no web page") }
            return Outcome(effects: [.copyToClipboard(url.absoluteString)], notice: "Copied page URL: \(url.absoluteString)")
        case .copyImageURL:
            guard let url = photo.largestImage?.url else { return Outcome(notice: "This photo has no image address") }
            return Outcome(effects: [.copyToClipboard(url.absoluteString)], notice: "Copied image URL: \(url.absoluteString)")
        default:
            return nil
        }
    }

    /// `U`'s feed: the photo's owner's photos, named for the owner; or the notice why there is none.
    static func owner(of photo: Photo) -> Result<OwnerFeed, NoticeError> {
        guard photo.provider == .flickr else { return .failure(NoticeError("Owner feeds are Flickr only")) }
        guard let owner = photo.ownerID?.trimmingWhitespace(), !owner.isEmpty else {
            return .failure(NoticeError("This photo's owner is not known"))
        }
        let name = Sanitizer.singleLine(photo.owner)
        return .success(
            OwnerFeed(source: .user(id: owner), query: name.isEmpty ? owner : name, title: name.isEmpty ? nil : "Photos by \(name)"))
    }

    struct OwnerFeed: Equatable {
        let source: PhotoSource
        let query: String
        let title: String?
    }

    /// A notice as the failure of a `Result`.
    struct NoticeError: Error, Equatable {
        let notice: Notice
        init(_ notice: Notice) { self.notice = notice }
    }
}

/// Opens `source` on the Search tab, remembering what was on screen so Esc can go back to it.
func follow(_ state: inout AppState, _ source: PhotoSource, query: String, title: String? = nil) -> [Effect] {
    // What was on screen goes on the back stack; the Search feed's loads in flight are cancelled.
    let cancels = state.feeds[.search].inFlightTokens.map(Effect.cancel)
    state.rememberScreen()
    state.feeds.replace(.search, with: FeedModel(source: source, query: query, title: title))
    state.searchBar.show("")
    state.show(.search)
    state.detail.resetAll()
    return cancels
}

// MARK: - Back stack
/// Esc after following: the previous screen comes back as it was, selection and scroll included.
func goBack(_ state: inout AppState) -> [Effect] {
    guard let entry = state.popBack() else { return [] }
    let cancels = state.feeds[.search].inFlightTokens.map(Effect.cancel)
    state.feeds.replace(.search, with: entry.search)
    state.show(entry.tab)
    state.searchBar.show(entry.searchText)
    state.detail.restore(isOpen: entry.detailOpen, scroll: entry.detailScroll)
    return cancels
}
