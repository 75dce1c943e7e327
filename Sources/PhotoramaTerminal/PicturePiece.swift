import PhotoramaImages

/// One picture's bytes in a frame's update that a slow link may hold back and a newer frame drop unwritten
/// (`PictureBacklog`): a kitty transmission and placement, or a sixel or iTerm2 picture painted at its cells.
enum PicturePiece: Equatable, Sendable {
    case kitty(KittyPlacements.Piece)
    /// Pixels text erases, of picture `id` at `rect`, between save and restore cursor.
    case painted(id: UInt32, rect: Rect, bytes: [UInt8])

    var bytes: [UInt8] {
        switch self {
        case .kitty(let piece): piece.bytes
        case .painted(_, _, let bytes): bytes
        }
    }

    /// A kitty picture sent ahead of need, stored and not placed (`KittyPlacements.ahead`): no frame waits
    /// for it.
    var isAhead: Bool {
        if case .kitty(let piece) = self { piece.key.placement == 0 } else { false }
    }

    /// The object kitty reads this piece's pixels from (`KittyHandoff`), removed by whoever drops the piece
    /// unwritten, since kitty will never read it; nil when the pixels are in `bytes`.
    var handoff: String? {
        switch self {
        case .kitty(let piece): piece.handoff
        case .painted: nil
        }
    }
}
