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
    var tokens = state.tokens
    defer { state.tokens = tokens }
    return state.updateFeed(tab) { $0.refresh(quiet: true, tokens: &tokens) }
}

/// Page 1 arrived again after Ctrl-R: photos not seen before go on top, and the view goes there.
func receiveRefresh(_ state: inout AppState, token: RequestToken, result: Result<Page<Photo>, PhotoramaError>) -> [Effect] {
    guard let tab = state.feedTab(holding: token) else { return [] }
    state.updateFeed(tab) { $0.receiveRefresh(result, token: token) }
    return []
}
