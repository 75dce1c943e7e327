import PhotoramaImages

/// What a terminal backend reads: a key, a mouse event or a new size. The browser loop turns each into an
/// action; the backend knows nothing of actions.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal's new size in cells (the backend has already forgotten what the screen showed).
    case resize(CellSize)
    /// The terminal's cell in pixels, asked again after a resize (a new font size changes it).
    case cellPixels(PixelSize)
}
