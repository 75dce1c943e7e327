import PhotoramaImages

extension Color {
    /// The frame's colour for an image cell's colour: palette entries 0–15 are the named colours, so
    /// they follow the same path as text.
    public init(_ color: CellColor) {
        switch color {
        case .none: self = .default
        case .indexed(let index) where index < 16: self = Color.named[Int(index)]
        case .indexed(let index): self = .indexed(index)
        case .rgb(let r, let g, let b): self = .rgb(r, g, b)
        }
    }
}

extension Style {
    /// How an image cell's colours are drawn.
    public init(_ cell: ImageCell) {
        self.init(foreground: Color(cell.foreground), background: Color(cell.background))
    }
}
