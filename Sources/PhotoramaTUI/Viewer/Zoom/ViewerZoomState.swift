import PhotoramaImages
import PhotoramaKit

/// The zoomed viewer's pictures for one state: which rendition the zoom needs, which stands in meanwhile,
/// and what is on screen. `wantedImages` asks for `wanted`; `ViewerView` and the caption draw `shown`.
struct ZoomPlan {
    let geometry: ZoomGeometry
    let step: Int
    /// The region in the rendition that holds it sharp (`ZoomGeometry.displayedEdge`).
    let needed: (image: PhotoImage, request: ImageRequest)
    /// The largest rendition held other than the needed one, at the same region: drawn while the needed loads.
    let standIn: (image: PhotoImage, request: ImageRequest)?
    /// The zoomed picture that arrived last (another region maybe): drawn while neither is ready.
    let last: ImageRequest?
    let renditions: [PhotoImage]

    var wanted: [(ImageRequest, ImagePriority)] {
        var wanted = [(needed.request, ImagePriority.selected)]
        if let standIn, standIn.request != needed.request { wanted.append((standIn.request, .selected)) }
        if let last, !wanted.contains(where: { $0.0 == last }) { wanted.append((last, .nearby)) }
        return wanted
    }

    /// The first of needed, stand-in and last that is drawn, with its rendition; nil: none yet (the fitted
    /// picture stays).
    func shown(_ images: ImagesModel) -> (request: ImageRequest, status: ImageStatus, image: PhotoImage?)? {
        let candidates = [(needed.request, needed.image as PhotoImage?), standIn.map { ($0.request, $0.image) }, last.map { ($0, nil) }]
        for case (let request, let image)? in candidates {
            if let status = images.status(request), case .ready = status {
                return (request, status, image ?? renditions.first { $0.address == request.url.absoluteString })
            }
        }
        return nil
    }
}

extension AppState {
    /// The zoom arithmetic for `photo` in the viewer; nil when pictures are off, the viewer has no room, or
    /// no rendition's size is known.
    func zoomGeometry(_ photo: Photo, layout: ScreenLayout) -> ZoomGeometry? {
        guard let drawing = configuration.images, !layout.viewerImage.isEmpty else { return nil }
        let renditions = zoomRenditions(photo)
        guard let largest = renditions.last(where: { $0.width != nil && $0.height != nil }), let width = largest.width,
            let height = largest.height, width > 0, height > 0
        else { return nil }
        let cell = PixelFit.cell(for: drawing, terminalCell: cellPixels)
        return ZoomGeometry(
            full: PixelSize(width: width, height: height),
            view: PixelSize(width: layout.viewerImage.width * cell.width, height: layout.viewerImage.height * cell.height))
    }

    /// The renditions the zoom may use for `photo` (getSizes' only for the photo they were asked for).
    func zoomRenditions(_ photo: Photo) -> [PhotoImage] {
        viewerZoom.photo == photo.key ? viewerZoom.renditions(of: photo) : ViewerZoom().renditions(of: photo)
    }

    /// The plan while the viewer is zoomed in on the selected photo; nil at fit.
    func zoomPlan(_ layout: ScreenLayout) -> ZoomPlan? {
        guard viewerOpen, let drawing = configuration.images, let photo = currentFeed?.selectedPhoto,
            viewerZoom.isZoomed(photo.key), let geometry = zoomGeometry(photo, layout: layout)
        else { return nil }
        let step = min(viewerZoom.step, geometry.maxStep)
        let renditions = zoomRenditions(photo)
        guard step > 0, let needed = ViewerZoom.rendition(holding: geometry.displayedEdge(step: step), among: renditions) else {
            return nil
        }
        let area = layout.viewerImage
        let spec = ZoomSpec(region: geometry.region(step: step, centre: viewerZoom.centre), full: geometry.full)
        func request(_ image: PhotoImage) -> ImageRequest {
            var request = ImageRequest(url: image.url, columns: area.width, rows: area.height, drawing: drawing)
            request.zoom = spec
            return request
        }
        let standIn = renditions.last { viewerZoom.held.contains($0.address) && $0.address != needed.address }
        return ZoomPlan(
            geometry: geometry, step: step, needed: (needed, request(needed)), standIn: standIn.map { ($0, request($0)) },
            last: viewerZoom.lastPicture, renditions: renditions)
    }

    /// The caption's zoom part while zoomed: "×2.8 · Large 1600" (the rendition on screen); nil at fit.
    var zoomCaption: String? {
        let layout = ScreenLayout(self)
        guard let plan = zoomPlan(layout), let photo = currentFeed?.selectedPhoto else { return nil }
        let label = plan.geometry.label(step: plan.step)
        let image =
            plan.shown(images)?.image
            ?? pictureRequest(photo, in: layout.viewerImage, preview: true).flatMap { fitted in
                plan.renditions.first { $0.address == fitted.url.absoluteString }
            }
        return image.map { "\(label) · \(ViewerZoom.name($0))" } ?? label
    }
}
