import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen

// MARK: - The zoom's keys and mouse, as functions of the viewer
/// The viewer's zoom keys: `+` (or `=`) and `-` step between fit and 1:1, `0` fits again; while zoomed,
/// arrows and h/j/k/l pan by a third of the view instead of walking the feed. Each changes only the viewer;
/// the root hands it the selected photo and its geometry (`AppState.zoomTarget`).
extension ViewerModel {
    /// The keys that zoom at fit; there every other key walks the feed, so no geometry is worked out for it.
    private static let zoomKeys: [Key] = [.character("+"), .character("="), .character("-"), .character("0")]

    /// Whether `key` may be the zoom's on `photo`: a zoom key, or any key while zoomed in on it.
    func mayZoom(_ key: Key, on photo: PhotoKey) -> Bool {
        Self.zoomKeys.contains(key) || zoom.isZoomed(photo)
    }

    /// A key on the zoom of `photo`; nil: not a zoom key now (the viewer's other keys then apply).
    mutating func zoomKey(
        _ key: Key, _ action: KeyAction?, photo: Photo, geometry: ZoomGeometry, tokens: inout RequestTokens
    ) -> [Effect]? {
        changeZoom { $0.follow(photo.key) }
        switch (key, action) {
        case (.character("+"), _), (.character("="), _):
            changeZoom { $0.zoom(by: 1, geometry) }
            return askSizes(photo, tokens: &tokens)
        case (.character("-"), _):
            changeZoom { $0.zoom(by: -1, geometry) }
            return []
        case (.character("0"), _):
            changeZoom { $0.fit() }
            return []
        default:
            break
        }
        guard zoom.isZoomed(photo.key) else { return nil }
        switch (key, action) {
        case (.left, _), (_, .left?): changeZoom { $0.pan(x: -1, y: 0, geometry) }
        case (.right, _), (_, .right?): changeZoom { $0.pan(x: 1, y: 0, geometry) }
        case (.up, _), (_, .up?): changeZoom { $0.pan(x: 0, y: -1, geometry) }
        case (.down, _), (_, .down?): changeZoom { $0.pan(x: 0, y: 1, geometry) }
        default: return nil
        }
        return []
    }

    /// The wheel zooms about the cell under the pointer (up: in), keeping the point under it in place.
    mutating func wheel(
        up: Bool, row: Int, column: Int, in area: Rect, photo: Photo, geometry: ZoomGeometry, tokens: inout RequestTokens
    ) -> [Effect] {
        changeZoom { $0.follow(photo.key) }
        let pixel = Self.viewPixel(area, geometry, row: row, column: column)
        changeZoom { $0.zoom(by: up ? 1 : -1, at: pixel, geometry) }
        return up ? askSizes(photo, tokens: &tokens) : []
    }

    /// A press while zoomed in on `photo` starts a drag; each motion with the button held moves the photo
    /// with the pointer; the release ends it.
    mutating func drag(_ event: MouseEvent, in area: Rect, photo: Photo, geometry: ZoomGeometry) {
        guard zoom.isZoomed(photo.key) else { return }
        switch event {
        case .press(let row, let column):
            changeZoom { $0.pointer(at: CellPoint(row: row, column: column)) }
        case .drag(let row, let column):
            if let from = zoom.dragFrom {
                let cell = PixelSize(
                    width: geometry.view.width / max(1, area.width), height: geometry.view.height / max(1, area.height))
                changeZoom {
                    $0.drag(by: (Double((column - from.column) * cell.width), Double((row - from.row) * cell.height)), geometry)
                }
            }
            changeZoom { $0.pointer(at: CellPoint(row: row, column: column)) }
        case .release:
            changeZoom { $0.pointer(at: nil) }
        case .wheelUp, .wheelDown, .doubleClick:
            break
        }
    }

    /// A zoomed picture of the zoomed photo arrived, drawn (`AppState.zoomArrival`): it stands in from now on.
    /// False when it changes nothing on screen.
    mutating func zoomPictureArrived(_ request: ImageRequest, renditions: [PhotoImage]) -> Bool {
        changeZoom { $0.pictureArrived(request, renditions: renditions) }
    }

    /// getSizes answered (stale answers are ignored).
    mutating func receiveZoomSizes(token: RequestToken, _ result: Result<[PhotoImage], PhotoramaError>) -> Bool {
        changeZoom { $0.receiveSizes(token: token, result) }
    }

    /// Zooming in on a Flickr photo asks getSizes once, for the sizes a feed does not list (up to the original).
    private mutating func askSizes(_ photo: Photo, tokens: inout RequestTokens) -> [Effect] {
        guard photo.provider == .flickr, zoom.isZoomed(photo.key), zoom.sizesToken == nil else { return [] }
        let token = tokens.next()
        changeZoom { $0.beginSizes(token) }
        return [.loadSizes(photo.key, token: token)]
    }

    /// The view pixel at the middle of a cell of the viewer's `area`.
    private static func viewPixel(_ area: Rect, _ geometry: ZoomGeometry, row: Int, column: Int) -> (x: Double, y: Double) {
        let cellWidth = Double(geometry.view.width) / Double(max(1, area.width))
        let cellHeight = Double(geometry.view.height) / Double(max(1, area.height))
        return ((Double(column - area.column) + 0.5) * cellWidth, (Double(row - area.row) + 0.5) * cellHeight)
    }
}

extension AppState {
    /// What the zoom works on: the selected photo, its geometry and the viewer's picture area; nil when
    /// there is no photo or no geometry (pictures off, no room, no size known). Read only.
    func zoomTarget() -> (photo: Photo, geometry: ZoomGeometry, area: Rect)? {
        let layout = ScreenLayout(self)
        guard let photo = currentFeed?.selectedPhoto, let geometry = zoomGeometry(photo, layout: layout) else { return nil }
        return (photo, geometry, layout.viewerImage)
    }

    /// The renditions of the selected photo when `request` is a drawn zoomed picture of it, the photo the
    /// zoom belongs to; nil for any other picture. Read only.
    func zoomArrival(_ request: ImageRequest) -> [PhotoImage]? {
        guard request.zoom != nil, let photo = currentFeed?.selectedPhoto, viewerZoom.photo == photo.key,
            case .ready = images.status(request)
        else { return nil }
        return zoomRenditions(photo)
    }
}
