import PhotoramaImages

/// What a terminal backend reads: a key, a mouse event, a new size or a new colour scheme. The browser loop turns each into an
/// action; the backend knows nothing of actions.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal's new size in cells (the backend has already forgotten what the screen showed).
    case resize(CellSize)
    /// The terminal's dark/light preference changed (mode 2031's notification): the theme may follow it.
    case colorScheme(TerminalBackground)
    /// The terminal's cell in pixels, asked again after a resize (a new font size changes it).
    case cellPixels(PixelSize)
}
