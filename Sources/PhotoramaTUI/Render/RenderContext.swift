import PhotoramaImages
import PhotoramaKit

/// What every view of one frame draws with: where each part of the screen goes, the styles, and where each
/// picture stands. Built once per frame by `render`; views take what they draw as their own properties
/// and ask the context only for pictures, through the rule `wantedImages` asked for them with.
struct RenderContext {
    /// The same layout `reduce` computes for this state, so a card is drawn where a click finds it.
    let layout: ScreenLayout
    let theme: Theme
    /// How pictures are drawn (cells or a graphics protocol); nil when images are off.
    let imageDrawing: ImageDrawing?
    /// The spinner's frame, advanced by `.runtime(.tick)` while requests are in flight.
    let spinnerPhase: Int
    /// Read only for pictures: their requests and what became of them.
    private let state: AppState

    init(_ state: AppState) {
        self.state = state
        layout = ScreenLayout(state)
        theme = Theme(colors: state.configuration.colors, background: state.appearance.background, custom: state.configuration.themeColors)
        imageDrawing = state.configuration.images
        spinnerPhase = state.spinnerPhase
    }

    /// A photo's picture for `area`: `.missing` when the photo has none to ask for, else what became of the
    /// request (nil while not asked yet). An animation playing gives its frame of the moment.
    func picture(of photo: Photo, in area: Rect, preview: Bool) -> PictureLookup {
        guard let request = state.pictureRequest(photo, in: area, preview: preview) else { return .missing }
        return .wanted(state.animation.picture(for: request).map(ImageStatus.ready) ?? state.images.status(request))
    }

    /// The zoomed viewer's picture: the region in the best rendition drawn so far; nil when not zoomed or
    /// none is drawn yet (the fitted picture shows).
    var zoomedPicture: ImageStatus? { state.zoomPlan(layout)?.shown(state.images)?.status }

    /// The map's picture for `scene` in `area`, when one is drawn.
    func mapPicture(_ scene: MapScene, in area: Rect) -> ImageStatus? { state.mapPictureStatus(scene, area: area) }
}

/// What `RenderContext.picture(of:in:preview:)` found.
enum PictureLookup {
    /// The photo has no picture for the area.
    case missing
    case wanted(ImageStatus?)
}
