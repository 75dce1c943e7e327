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
    case (_, .open?):
        guard let photo = selected() else { return nil }
        guard let url = photo.pageURL else {
            state.notice = "This photo has no web page"
            return []
        }
        state.notice = "Opening \(url.absoluteString)"
        return [.openInBrowser(url)]
    case (_, .copyURL?):
        guard let photo = selected() else { return nil }
        guard let url = photo.pageURL else {
            state.notice = "This photo has no web page"
            return []
        }
        state.notice = "Copied page URL: \(url.absoluteString)"
        return [.copyToClipboard(url.absoluteString)]
    case (_, .copyImageURL?):
        guard let photo = selected() else { return nil }
        guard let url = photo.largestImage?.url else {
            state.notice = "This photo has no image address"
            return []
        }
        state.notice = "Copied image URL: \(url.absoluteString)"
        return [.copyToClipboard(url.absoluteString)]
    case (_, .owner?):
        guard let photo = selected() else { return nil }
        return followOwner(&state, photo)
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
func followOwner(_ state: inout AppState, _ photo: Photo) -> [Effect] {
    guard photo.provider == .flickr else {
        state.notice = "Owner feeds are Flickr only"
        return []
    }
    guard let owner = photo.ownerID?.trimmingWhitespace(), !owner.isEmpty else {
        state.notice = "This photo's owner is not known"
        return []
    }
    let name = Sanitizer.singleLine(photo.owner)
    return follow(&state, .user(id: owner), query: name.isEmpty ? owner : name, title: name.isEmpty ? nil : "Photos by \(name)")
}

/// Opens `source` on the Search tab, remembering what was on screen so Esc can go back to it.
func follow(_ state: inout AppState, _ source: PhotoSource, query: String, title: String? = nil) -> [Effect] {
    let cancels = pushBack(&state)
    state.feeds.replace(.search, with: FeedModel(source: source, query: query, title: title))
    state.searchBar.show("")
    state.tab = .search
    state.detail.resetAll()
    return cancels
}

// MARK: - Back stack
/// Puts what is on screen on the back stack. The Search tab's feed is kept without its loads in flight
/// (they are cancelled; the next page loads again when it comes back).
func pushBack(_ state: inout AppState) -> [Effect] {
    var left = state.feeds[.search]
    let cancels = left.inFlightTokens.map(Effect.cancel)
    left.dropLoads()
    state.backStack.append(
        BackEntry(
            tab: state.tab, search: left,
            searchText: state.searchBar.focused ? state.searchBar.beforeEditing : state.searchBar.text, detailOpen: state.detailOpen,
            detailScroll: state.detailScroll))
    if state.backStack.count > BackEntry.limit { state.backStack.removeFirst(state.backStack.count - BackEntry.limit) }
    state.backStack.keepPhotoBudget()
    return cancels
}

/// Esc after following: the previous screen comes back as it was, selection and scroll included.
func goBack(_ state: inout AppState) -> [Effect] {
    guard let entry = state.backStack.popLast() else { return [] }
    let cancels = state.feeds[.search].inFlightTokens.map(Effect.cancel)
    state.feeds.replace(.search, with: entry.search)
    state.tab = entry.tab
    state.searchBar.show(entry.searchText)
    state.detail.restore(isOpen: entry.detailOpen, scroll: entry.detailScroll)
    return cancels
}
