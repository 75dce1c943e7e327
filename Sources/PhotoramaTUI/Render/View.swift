import PhotoramaImages
import PhotoramaScreen

/// A part of the screen, made for one frame and drawn once, as ratatui's widgets are: the view holds its
/// own inputs (`GridView(feed: feed)`), the context what every view shares, and `area` says where it goes.
/// Drawing never changes the state; it only writes cells (and pictures) inside `area`.
protocol View {
    func draw(in area: Rect, context: RenderContext, into frame: inout Frame)
}
