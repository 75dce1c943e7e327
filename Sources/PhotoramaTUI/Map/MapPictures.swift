import PhotoramaImages
import PhotoramaMap

extension AppState {
    /// The map's picture for a graphics protocol (nil in text modes, or with pictures off): what
    /// `wantedImages` asks the runtime to draw and what `MapView` looks up.
    func mapPictureRequest(_ scene: MapScene, area: Rect) -> ImageRequest? {
        guard let drawing = configuration.images, drawing.usesGraphicsProtocol, !area.isEmpty else { return nil }
        let spec = MapPictureSpec(viewport: scene.viewport, cell: cellPixels, marks: scene.marks, crosshair: scene.crosshair)
        return ImageRequest(map: spec, columns: area.width, rows: area.height, drawing: drawing)
    }

    /// The map's picture to show: the one for this scene when it is drawn, else the last map picture drawn
    /// at this size (the cross-hair a step behind for a moment rather than a flash of dots); nil shows the
    /// braille map.
    func mapPictureStatus(_ scene: MapScene, area: Rect) -> ImageStatus? {
        guard let request = mapPictureRequest(scene, area: area) else { return nil }
        if case .ready? = images.status(request) { return images.status(request) }
        if case .pixels(let last)? = map?.lastPicture, last.columns == area.width, last.rows == area.height {
            return .ready(.pixels(last))
        }
        return nil
    }

    /// After an `.imageLoaded`: a map picture that arrived is the one to show until the next.
    mutating func keepMapPicture(_ request: ImageRequest) {
        guard request.map != nil, case .ready(let picture)? = images.status(request) else { return }
        map?.keep(picture)
    }
}
