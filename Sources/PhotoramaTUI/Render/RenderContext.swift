import PhotoramaImages

/// What every view of one frame draws with: the state shown, where each part of the screen goes, and the
/// styles. Built once per frame by `render`; views take what is theirs alone as their own properties.
struct RenderContext {
    let state: AppState
    /// The same layout `reduce` computes for this state, so a card is drawn where a click finds it.
    let layout: ScreenLayout
    let theme: Theme

    init(_ state: AppState) {
        self.state = state
        layout = ScreenLayout(state)
        theme = Theme(colors: state.configuration.colors, custom: state.configuration.themeColors)
    }

    /// How pictures are drawn (cells or a graphics protocol); nil when images are off.
    var imageDrawing: ImageDrawing? { state.configuration.images }

    /// The spinner's frame, advanced by `.tick` while requests are in flight.
    var spinnerPhase: Int { state.spinnerPhase }
}
