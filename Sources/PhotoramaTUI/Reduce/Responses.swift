import PhotoramaKit

/// A page of a feed arrived (or failed). Answers with a token no feed is waiting for are stale and ignored.
func receivePage(
    _ state: inout AppState, token: RequestToken, page: Int, result: Result<Page<Photo>, PhotoramaError>
) -> [Effect] {
    guard let tab = state.feedTab(holding: token) else { return [] }
    if tab == .favorites, case .success(let answer) = result { state.favorites.noteListed(answer.items) }
    let staleFirstPage = state.updateFeed(tab) { $0.receivePage(result, page: page, token: token) }
    // A first page shown from the cache is brought up to date in the background.
    guard staleFirstPage else { return [] }
    return refresh(&state, tab, quiet: true)
}

/// Page 1 arrived again after Ctrl-R: photos not seen before go on top, and the view goes there.
func receiveRefresh(_ state: inout AppState, token: RequestToken, result: Result<Page<Photo>, PhotoramaError>) -> [Effect] {
    guard let tab = state.feedTab(holding: token) else { return [] }
    state.updateFeed(tab) { $0.receiveRefresh(result, token: token) }
    return []
}

func receiveComments(
    _ state: inout AppState, token: RequestToken, page: Int, result: Result<Page<PhotoComment>, PhotoramaError>
) {
    guard case .comments(var model) = state.overlay, model.token == token else { return }
    model.receive(token: token, page: page, result)
    state.overlay = .comments(model)
}

/// Asks for the locations matching the typed country prefix, cancelling the previous question.
func requestLocations(_ state: inout AppState) -> [Effect] {
    let token = state.makeToken()
    let replaced = state.locations.beginRequest(token)
    return (replaced.map { [.cancel($0)] } ?? []) + [.loadLocations(country: state.locations.query.trimmingWhitespace(), token: token)]
}

/// Asks for the next page of comments when the list is scrolled near its end.
func loadMoreCommentsIfNeeded(_ state: inout AppState, visible: Int) -> [Effect] {
    guard case .comments(var model) = state.overlay, model.needsMore(visible: visible) else { return [] }
    let token = state.makeToken()
    let page = model.beginLoading(token)
    state.overlay = .comments(model)
    return [.loadComments(model.photo, page: page, token: token)]
}
