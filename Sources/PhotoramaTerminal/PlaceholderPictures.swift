import PhotoramaImages
import PhotoramaScreen

/// The frame's pictures inside tmux with kitty outside: each image goes to kitty once through tmux's
/// passthrough with a virtual placement, and its cells are kitty placeholders written as text after
/// ncurses' refresh, so tmux keeps them like any text (they scroll, stay in the pane, leave and come back
/// with the window). Text written over them erases them as it would a sixel, so the same bookkeeping
/// (`SixelRegions`) says when to write them again: when a picture appears, moves, is uncovered, or when
/// ncurses may have written across its cells; where a picture was and is no more, the frame's cells are
/// written again as text. Images no frame shows are deleted from kitty.
struct PlaceholderPictures {
    private var regions = SixelRegions()
    /// Images kitty holds, by picture id: the image id and the cells of its virtual placement.
    private var uploaded: [UInt32: (imageID: UInt32, cells: CellSize)] = [:]

    /// The bytes that bring the terminal's pictures to `frame`'s (see `ProtocolPictures.output`).
    mutating func output(frame: Frame, previous: Frame?, visible: CellSize, full: Bool, writing: CellWriting = .palette256) -> [UInt8] {
        let update = ProtocolPictures.erasable(
            &regions, frame: frame, previous: previous, visible: visible, full: full, bottomRowAllowed: true)
        var bytes = deleteUnused(keeping: Set(frame.pictures.map(\.picture.id)))
        bytes += TextCells.output(frame: frame, rects: update.repaint, visible: visible, writing: writing)
        let sources = Dictionary(frame.pictures.map { ($0.picture.id, $0.picture) }, uniquingKeysWith: { first, _ in first })
        var text: [UInt8] = []
        for picture in update.paint {
            guard let source = sources[picture.id] else { continue }
            let cells = CellSize(columns: picture.rect.width, rows: picture.rect.height)
            let imageID = KittyPlaceholders.imageID(forPicture: picture.id)
            if uploaded[picture.id]?.cells != cells {
                let upload =
                    uploaded[picture.id] == nil
                    ? KittyPlaceholders.upload(source.image, imageID: imageID, columns: cells.columns, rows: cells.rows)
                    : KittyPlaceholders.virtualPlacement(imageID: imageID, columns: cells.columns, rows: cells.rows)
                bytes += TmuxPassthrough.wrapEach(upload)
                uploaded[picture.id] = (imageID, cells)
            }
            text += Self.placeholders(at: picture.rect, imageID: imageID)
        }
        if !text.isEmpty { bytes += DirectColorCells.escape("7") + text + DirectColorCells.escape("8") }
        return bytes
    }

    /// Ctrl-L: kitty may have been reset; every image is sent again (ours only: other panes keep theirs).
    mutating func terminalMayHaveBeenReset() -> [UInt8] {
        let bytes = deleteUnused(keeping: [])
        regions.invalidate()
        return bytes
    }

    /// Leaving: every image of ours is deleted from kitty.
    mutating func quit() -> [UInt8] {
        regions.invalidate()
        return deleteUnused(keeping: [])
    }

    /// What is shown now (for tests).
    var shown: [UInt32: Rect] { regions.painted }

    private mutating func deleteUnused(keeping ids: Set<UInt32>) -> [UInt8] {
        var bytes: [UInt8] = []
        for (id, image) in uploaded.sorted(by: { $0.key < $1.key }) where !ids.contains(id) {
            bytes += TmuxPassthrough.wrapEach(KittyGraphics.deleteImage(id: image.imageID))
            uploaded[id] = nil
        }
        return bytes
    }

    /// The placeholder rows at `rect`, each placed with CUP, in the image's colour.
    static func placeholders(at rect: Rect, imageID: UInt32) -> [UInt8] {
        var bytes: [UInt8] = DirectColorCells.csi("0;38;5;\(KittyPlaceholders.colorIndex(imageID))m")
        for row in 0..<rect.height {
            guard let text = KittyPlaceholders.row(row, columns: rect.width, imageID: imageID) else { return [] }
            bytes += DirectColorCells.csi("\(rect.row + row + 1);\(rect.column + 1)H") + Array(text.utf8)
        }
        return bytes
    }
}
