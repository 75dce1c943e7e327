import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen

/// The viewer's zoom keys: `+` (or `=`) and `-` step between fit and 1:1, `0` fits again; while zoomed,
/// arrows and h/j/k/l pan by a third of the view instead of walking the feed. nil: not a zoom key now
/// (the viewer's other keys then apply).
func handleViewerZoomKey(_ state: inout AppState, _ key: Key, _ action: KeyAction?) -> [Effect]? {
    guard let photo = state.currentFeed?.selectedPhoto else { return nil }
    // At fit the arrows walk the feed: no layout or geometry is worked out for them.
    let zoomKeys: [Key] = [.character("+"), .character("="), .character("-"), .character("0")]
    guard zoomKeys.contains(key) || state.viewerZoom.isZoomed(photo.key) else { return nil }
    let layout = ScreenLayout(state)
    guard let geometry = state.zoomGeometry(photo, layout: layout) else { return nil }
    state.viewer.changeZoom { $0.follow(photo.key) }
    switch (key, action) {
    case (.character("+"), _), (.character("="), _):
        state.viewer.changeZoom { $0.zoom(by: 1, geometry) }
        return askSizes(&state, photo)
    case (.character("-"), _):
        state.viewer.changeZoom { $0.zoom(by: -1, geometry) }
        return []
    case (.character("0"), _):
        state.viewer.changeZoom { $0.fit() }
        return []
    default:
        break
    }
    guard state.viewerZoom.isZoomed(photo.key) else { return nil }
    switch (key, action) {
    case (.left, _), (_, .left?): state.viewer.changeZoom { $0.pan(x: -1, y: 0, geometry) }
    case (.right, _), (_, .right?): state.viewer.changeZoom { $0.pan(x: 1, y: 0, geometry) }
    case (.up, _), (_, .up?): state.viewer.changeZoom { $0.pan(x: 0, y: -1, geometry) }
    case (.down, _), (_, .down?): state.viewer.changeZoom { $0.pan(x: 0, y: 1, geometry) }
    default: return nil
    }
    return []
}

/// The wheel in the viewer zooms about the pointer (up: in), keeping the point under it in place.
func handleViewerWheel(_ state: inout AppState, up: Bool, row: Int, column: Int) -> [Effect] {
    let layout = ScreenLayout(state)
    guard let photo = state.currentFeed?.selectedPhoto, let geometry = state.zoomGeometry(photo, layout: layout) else { return [] }
    state.viewer.changeZoom { $0.follow(photo.key) }
    state.viewer.changeZoom { $0.zoom(by: up ? 1 : -1, at: viewPixel(layout, geometry, row: row, column: column), geometry) }
    return up ? askSizes(&state, photo) : []
}

/// A press in the zoomed viewer starts a drag; each motion with the button held moves the photo with the
/// pointer; the release ends it.
func handleViewerDrag(_ state: inout AppState, _ event: MouseEvent) -> [Effect] {
    let layout = ScreenLayout(state)
    guard let photo = state.currentFeed?.selectedPhoto, state.viewerZoom.isZoomed(photo.key),
        let geometry = state.zoomGeometry(photo, layout: layout)
    else { return [] }
    switch event {
    case .press(let row, let column):
        state.viewer.changeZoom { $0.pointer(at: CellPoint(row: row, column: column)) }
    case .drag(let row, let column):
        if let from = state.viewerZoom.dragFrom {
            let cell = PixelSize(
                width: geometry.view.width / max(1, layout.viewerImage.width),
                height: geometry.view.height / max(1, layout.viewerImage.height))
            state.viewer.changeZoom {
                $0.drag(by: (Double((column - from.column) * cell.width), Double((row - from.row) * cell.height)), geometry)
            }
        }
        state.viewer.changeZoom { $0.pointer(at: CellPoint(row: row, column: column)) }
    case .release:
        state.viewer.changeZoom { $0.pointer(at: nil) }
    case .wheelUp, .wheelDown, .doubleClick:
        break
    }
    return []
}

/// The view pixel at the middle of a cell of the viewer.
private func viewPixel(_ layout: ScreenLayout, _ geometry: ZoomGeometry, row: Int, column: Int) -> (x: Double, y: Double) {
    let area = layout.viewerImage
    let cellWidth = Double(geometry.view.width) / Double(max(1, area.width))
    let cellHeight = Double(geometry.view.height) / Double(max(1, area.height))
    return ((Double(column - area.column) + 0.5) * cellWidth, (Double(row - area.row) + 0.5) * cellHeight)
}

/// Zooming in on a Flickr photo asks getSizes once, for the sizes a feed does not list (up to the original).
private func askSizes(_ state: inout AppState, _ photo: Photo) -> [Effect] {
    guard photo.provider == .flickr, state.viewerZoom.isZoomed(photo.key), state.viewerZoom.sizesToken == nil else { return [] }
    let token = state.makeToken()
    state.viewer.changeZoom { $0.beginSizes(token) }
    return [.loadSizes(photo.key, token: token)]
}

/// getSizes answered (stale answers are ignored); a zoomed picture arrived.
func receiveZoomSizes(_ state: inout AppState, token: RequestToken, _ result: Result<[PhotoImage], PhotoramaError>) -> Bool {
    state.viewer.changeZoom { $0.receiveSizes(token: token, result) }
}

func zoomPictureArrived(_ state: inout AppState, _ request: ImageRequest) -> Bool {
    guard request.zoom != nil, let photo = state.currentFeed?.selectedPhoto, state.viewerZoom.photo == photo.key,
        case .ready = state.images.status(request)
    else { return false }
    let renditions = state.zoomRenditions(photo)
    return state.viewer.changeZoom { $0.pictureArrived(request, renditions: renditions) }
}
