import PhotoramaScreen

/// A click selects a tab, a card or a location; the wheel moves the selection (or scrolls the pane or
/// an overlay) one row at a time, or zooms the map.
func handleMouse(_ state: inout AppState, _ event: MouseEvent) -> [Effect] {
    let layout = ScreenLayout(state)
    // The zoomed viewer: a press and the motion after it drag the photo.
    switch event {
    case .press, .drag, .release:
        if state.viewerOpen, state.overlay == nil, state.viewerZoom.isZoomed(state.currentFeed?.selectedPhoto?.key) {
            return handleViewerDrag(&state, event)
        }
    case .wheelUp, .wheelDown: break
    }
    switch event {
    case .drag, .release:
        return []
    case .press(let row, let column):
        if layout.header.contains(row: row, column: column) {
            guard let tab = HeaderLayout(columns: layout.size.columns, tabs: state.shownTabs).tab(atColumn: column) else { return [] }
            state.overlay = nil
            state.searchBar.unfocus()
            return selectTab(&state, tab)
        }
        guard state.overlay == nil, !state.detailOpen, state.map == nil else { return [] }
        if let tab = state.currentFeedTab {
            let scrollRow = state.feed(for: tab).scrollRow
            if let index = layout.cardIndex(row: row, column: column, scrollRow: scrollRow) {
                state.searchBar.unfocus()
                let last = state.feed(for: tab).maxSelection
                moveSelection(&state, tab) { old in index <= last ? index : old }
            }
        } else if state.tab == .locations {
            let listTop = layout.body.row + 1
            let index = state.locations.scroll + row - listTop
            if row >= listTop, row < layout.body.row + layout.body.height, index < state.locations.texts.count {
                state.locations.select(index)
            }
        }
        return []
    case .wheelUp(let row, let column), .wheelDown(let row, let column):
        let down: Bool = if case .wheelDown = event { true } else { false }
        if state.overlay != nil { return scrollOverlay(&state, by: down ? 3 : -3) }
        if state.viewerOpen { return handleViewerWheel(&state, up: !down, row: row, column: column) }
        if state.map != nil {
            let zoom = Key.character(down ? "-" : "+")
            return handleMapKey(&state, zoom, KeyAction(defaultKey: zoom))
        }
        if layout.pane.contains(row: row, column: column) || state.detailOpen {
            if down { scrollDetail(&state, by: 1) } else { state.detail.scrollUp(by: 1) }
            return []
        }
        // The arrows are no action's default key.
        if state.currentFeedTab != nil { return handleGridKey(&state, down ? .down : .up, nil) }
        if state.tab == .locations { return handleLocationListKey(&state, down ? .down : .up, nil) }
        return []
    }
}
