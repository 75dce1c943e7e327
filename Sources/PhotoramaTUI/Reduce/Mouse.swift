import Foundation
import PhotoramaMap
import PhotoramaScreen

/// A click selects a tab, a card or a location, opens an address the screen shows (`CellLink.address`) or
/// presses a status-line hint's key (`CellLink.key`); a double click on a card opens the viewer. The wheel
/// moves the selection (or scrolls the pane, an overlay or the palette's list) one row at a time, or zooms
/// the map. A click on a map pin selects its photo.
func handleMouse(_ state: inout AppState, _ event: MouseEvent) -> [Effect] {
    let layout = ScreenLayout(state)
    // The zoomed viewer: a press and the motion after it drag the photo.
    switch event {
    case .press, .drag, .release:
        if state.viewerOpen, state.overlay == nil, state.viewerZoom.isZoomed(state.currentFeed?.selectedPhoto?.key) {
            if let target = state.zoomTarget() { state.viewer.drag(event, in: target.area, photo: target.photo, geometry: target.geometry) }
            return []
        }
    case .doubleClick(let row, let column):
        // The first press selected the card under the pointer; the second opens it.
        let effects = handleMouse(&state, .press(row: row, column: column))
        guard !state.viewerOpen, state.overlay == nil, !state.palette.isOpen, state.map == nil, let tab = state.currentFeedTab,
            layout.cardIndex(row: row, column: column, scrollRow: state.feed(for: tab).scrollRow) == state.feed(for: tab).selection
        else { return effects }
        state.detail.close()
        state.viewer.open(on: state.currentFeed?.selectedPhoto)
        return effects
    case .wheelUp, .wheelDown: break
    }
    switch event {
    case .drag, .release, .doubleClick:
        return []
    case .press(let row, let column):
        // What the screen shows there says what a click does, when it says anything.
        switch render(state)[row, column].link {
        case .address(let address)?:
            guard let url = URL(string: address) else { return [] }
            return [.openInBrowser(url)]
        case .key(let key)?:
            return handleKey(&state, key)
        case nil:
            break
        }
        if layout.header.contains(row: row, column: column), !state.viewerOpen {
            guard let tab = HeaderLayout(columns: layout.size.columns, tabs: state.shownTabs).tab(atColumn: column) else { return [] }
            state.overlay = nil
            state.palette.close()
            state.searchBar.unfocus()
            return selectTab(&state, tab)
        }
        if state.overlay == nil, !state.palette.isOpen, let map = state.map {
            if let tab = state.currentFeedTab, let index = state.mapPhotoIndex(map, layout, row: row, column: column) {
                moveSelection(&state, tab) { _ in index }
            }
            return []
        }
        guard state.overlay == nil, !state.palette.isOpen, !state.viewerOpen, !state.detailOpen, state.map == nil else { return [] }
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
        if state.palette.isOpen {
            state.palette.move(by: down ? 1 : -1)
            return []
        }
        if state.overlay != nil { return scrollOverlay(&state, by: down ? 3 : -3) }
        if state.viewerOpen {
            guard let target = state.zoomTarget() else { return [] }
            return state.viewer.wheel(
                up: !down, row: row, column: column, in: target.area, photo: target.photo, geometry: target.geometry, tokens: &state.tokens)
        }
        if state.map != nil {
            let zoom = Key.character(down ? "-" : "+")
            return handleMapKey(&state, zoom, KeyAction(defaultKey: zoom))
        }
        if layout.pane.contains(row: row, column: column) || state.detailOpen {
            if down { state.detail.scrollDown(by: 1, in: state.detailExtent) } else { state.detail.scrollUp(by: 1) }
            return []
        }
        // The arrows are no action's default key.
        if state.currentFeedTab != nil { return handleGridKey(&state, down ? .down : .up, nil) }
        if state.tab == .locations { return handleLocationsKey(&state, down ? .down : .up, nil, typing: false) }
        return []
    }
}

extension AppState {
    /// The feed index of the photo whose pin is at `row`, `column` on the map (the first of those stacked
    /// there): a click there selects it. nil elsewhere on the map. Read only.
    func mapPhotoIndex(_ map: MapModel, _ layout: ScreenLayout, row: Int, column: Int) -> Int? {
        guard layout.map.contains(row: row, column: column) else { return nil }
        let scene = MapScene(self, model: map, area: layout.map)
        let cell = MapCell(row: row - layout.map.row, column: column - layout.map.column)
        guard let pin = scene.pins.first(where: { $0.cell == cell }), scene.photoIndices.indices.contains(pin.index) else { return nil }
        return scene.photoIndices[pin.index]
    }
}
