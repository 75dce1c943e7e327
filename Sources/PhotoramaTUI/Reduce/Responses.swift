import PhotoramaKit

/// A page of a feed arrived (or failed): the feed waiting for `token` takes it (the Favourites' through
/// their model, which marks its photos). Answers with a token no feed is waiting for are stale and ignored.
func receivePage(
    _ state: inout AppState, token: RequestToken, page: Int, result: Result<Page<Photo>, PhotoramaError>
) -> [Effect] {
    guard let tab = state.feedTab(holding: token) else { return [] }
    if tab == .favorites { return state.favorites.receivePage(result, page: page, token: token, tokens: &state.tokens) }
    var tokens = state.tokens
    defer { state.tokens = tokens }
    return state.updateFeed(tab) { $0.receivePage(result, page: page, token: token, tokens: &tokens) }
}

/// Page 1 arrived again after Ctrl-R: photos not seen before go on top, and the view goes there.
func receiveRefresh(_ state: inout AppState, token: RequestToken, result: Result<Page<Photo>, PhotoramaError>) -> [Effect] {
    guard let tab = state.feedTab(holding: token) else { return [] }
    state.updateFeed(tab) { $0.receiveRefresh(result, token: token) }
    return []
}
