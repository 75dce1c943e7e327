import PhotoramaImages
import PhotoramaScreen

/// The graphics protocol a screen places the frame's pictures with.
public enum PictureProtocol: Sendable, Equatable {
    case kitty
    case sixel
    /// kitty outside tmux: Unicode placeholders, images through tmux's passthrough (`PlaceholderPictures`).
    case kittyPlaceholders
    /// iTerm2's inline images: pixels in the cells like sixel's, which text erases, so the same rules.
    case iterm2
}

// MARK: - Pictures
/// The frame's pictures put on the terminal through kitty or sixel: the bytes written right after
/// ncurses' refresh (as `DirectColorCells` does for 24-bit cells). Under a picture the frame has blank
/// cells, which ncurses writes once and then leaves alone while they do not change.
///
/// - kitty: each image is transmitted once and placed by id (`KittyPlacements`); a placement is deleted
///   when its picture leaves the frame, an overlay covers it, or the terminal is resized or cleared.
/// - sixel and iTerm2: pixels that text erases. A picture is painted when it appears, moves, is uncovered, or when
///   ncurses may have written over part of it (a changed cell on one of its rows); where a picture was
///   and is no more, the frame's cells are written again as text (`SixelRegions`).
///
/// A picture that does not fit on the visible screen is not shown, nor a sixel touching the bottom row
/// (painting there would scroll the terminal).
struct ProtocolPictures {
    let kind: PictureProtocol
    private var kitty = KittyPlacements()
    private var sixel = SixelRegions()
    private var placeholders = PlaceholderPictures()
    /// Sixel (or iTerm2) sequences of the pictures painted now, so a repaint does not encode again.
    private var sixelCache: [UInt32: [UInt8]] = [:]
    /// Sixel or iTerm2 pictures whose paint was dropped unwritten: painted again by the next frame.
    private var unpainted: Set<UInt32> = []
    /// Kitty pictures at a quarter of their pixels, for a slow link's first look.
    private var previews = KittyPreviews()
    /// Sixel pictures as half-block cells, for a slow link's first look.
    private var cellPreviews = SixelCellPreviews()
    /// Ctrl-L was pressed, perhaps after a terminal reset that forgot the kitty images: the next frame
    /// frees them all and transmits what it shows again.
    private var resetPending = false
    /// kitty on this machine reads pictures by name: pixels go through shared memory or a temporary
    /// file, not the pty (`KittyHandoff`); nil sends them in the stream.
    var handoff: KittyHandoff?

    /// How a picture's cells given back to text are written (`TextCells`).
    let writing: CellWriting

    init(_ kind: PictureProtocol, handoff: KittyHandoff? = nil, writing: CellWriting = .palette256) {
        self.kind = kind
        self.handoff = handoff
        self.writing = writing
    }

    /// The bytes that bring the terminal's pictures to `frame`'s. `full`: ncurses has just cleared and
    /// repainted the whole terminal (resize, Ctrl-L, first frame).
    mutating func output(frame: Frame, previous: Frame?, visible: CellSize, full: Bool) -> [UInt8] {
        let update = update(frame: frame, previous: previous, visible: visible, full: full)
        return update.pieces.reduce(update.first) { $0 + $1.bytes }
    }

    /// `output`, split where the link may be slow: `first` must be written with the frame's text; each of
    /// `pieces` brings one kitty, sixel or iTerm2 picture, and may be held back and dropped unwritten
    /// (`unwritten`) when a newer frame comes first. Kitty placeholders have no pieces. `preview`: the link
    /// is slow and the user is moving: kitty pictures the terminal lacks go at a quarter of their pixels
    /// (`KittyPreviews`), and those already sent so stay so until a frame without `preview`; not when kitty
    /// reads the pixels by name (`handoff`). Sixel pictures not on the terminal go as half-block cells
    /// (`SixelCellPreviews`), before any sixel, until a frame without `preview`. iTerm2 pictures have no
    /// first look: a screen of them (JPEG) weighs about what its cells would.
    mutating func update(frame: Frame, previous: Frame?, visible: CellSize, full: Bool, preview: Bool = false) -> (
        first: [UInt8], pieces: [PicturePiece]
    ) {
        let covers = frame.pictureCovers
        switch kind {
        case .kittyPlaceholders:
            var bytes: [UInt8] = []
            if resetPending {
                resetPending = false
                bytes += placeholders.terminalMayHaveBeenReset()
            }
            return (bytes + placeholders.output(frame: frame, previous: previous, visible: visible, full: full, writing: writing), [])
        case .kitty:
            var bytes: [UInt8] = []
            if resetPending {
                resetPending = false
                bytes += kitty.quit()
            }
            // A resize reflows cells under placements and a clear may or may not remove them (kitty does):
            // start from none, and place again from the stored images.
            if full, !kitty.placed.isEmpty { bytes += kitty.resized() }
            var pictures = frame.pictures.map { picture in
                KittyPicture(
                    id: picture.picture.id, rect: picture.rect, image: picture.picture.image,
                    transmission: picture.picture.encoded)
            }
            // Pixels handed over by name do not cross the link: a first look would only add a transmission.
            if preview, handoff == nil {
                let premade = Dictionary(
                    frame.pictures.compactMap { shown in shown.picture.kittyPreview.map { (shown.picture.id, $0) } },
                    uniquingKeysWith: { first, _ in first })
                pictures = pictures.map { previews.preview(of: $0, held: kitty.transmitted[$0.id], premade: premade[$0.id]) }
            }
            previews.keep(pictures.map(\.id))
            let hidden = pictures.filter { !Self.fits($0.rect, visible, bottomRowAllowed: true) }.map(\.rect)
            var handoff = self.handoff
            let local: ((UInt32, RGBImage) -> (bytes: [UInt8], name: String)?)? =
                handoff == nil ? nil : { Self.handOver($0, $1, &handoff) }
            let update = kitty.pieces(pictures, overlays: covers + hidden, local: local)
            self.handoff = handoff
            return (bytes + update.first, update.pieces.map(PicturePiece.kitty))
        case .sixel, .iterm2:
            let firstLook = preview && kind == .sixel
            // Sixels on the terminal now, whole: a repaint of one stays a sixel.
            let whole = full ? [:] : sixel.painted.filter { !unpainted.contains($0.key) && cellPreviews.shown[$0.key] == nil }
            // Without a first look, previews on the terminal are painted over by their sixels.
            let update = Self.erasable(
                &sixel, frame: frame, previous: previous, visible: visible, full: full, bottomRowAllowed: false,
                unpainted: firstLook ? unpainted : unpainted.union(cellPreviews.shown.keys))
            unpainted = []
            cellPreviews.keep(sixel.painted)
            let bytes = TextCells.output(frame: frame, rects: update.repaint, visible: visible, writing: writing)
            let images = Dictionary(frame.pictures.map { ($0.picture.id, $0.picture) }, uniquingKeysWith: { first, _ in first })
            var looks: [PicturePiece] = []
            var pieces: [PicturePiece] = []
            for picture in update.paint {
                guard let source = images[picture.id] else { continue }
                if firstLook, whole[picture.id] != picture.rect {
                    looks.append(cellPreviews.preview(of: source, at: picture.rect, in: frame, visible: visible, writing: writing))
                    continue
                }
                guard let encoded = encoded(source) else { continue }
                let under = cellPreviews.replaced(picture.id, in: frame, visible: visible, writing: writing)
                pieces.append(.painted(id: picture.id, rect: picture.rect, bytes: under + SixelRegions.bytes(encoded, at: picture.rect)))
            }
            sixelCache = sixelCache.filter { sixel.painted[$0.key] != nil }
            return (bytes, looks + pieces)
        }
    }

    /// Kitty pictures of `frame.ahead` the terminal lacks, sent to be stored, not placed (the user rests on
    /// a slow link: the key that shows them then only places them). Nothing for other protocols, or when
    /// kitty reads pixels by name (they do not cross the link).
    mutating func ahead(_ frame: Frame) -> [PicturePiece] {
        guard kind == .kitty, handoff == nil else { return [] }
        let pictures = frame.ahead.map { KittyPicture(id: $0.id, rect: .empty, image: $0.image, transmission: $0.encoded) }
        return kitty.ahead(pictures).map(PicturePiece.kitty)
    }

    /// Whether pictures on the terminal now are a first look (`update`'s `preview`): kitty previews, or
    /// sixel pictures as cells. A frame without `preview` sends them at full resolution.
    var showsPreviews: Bool {
        switch kind {
        case .kitty: kitty.placed.keys.contains { previews.isPreview(id: $0.id, held: kitty.transmitted[$0.id]) }
        case .sixel: !cellPreviews.shown.isEmpty
        case .kittyPlaceholders, .iterm2: false
        }
    }

    /// Pieces of `update` that never reached the terminal (a newer frame came first): the terminal is
    /// taken to hold what it held before them, and the objects handed over for them (`KittyHandoff`) are
    /// removed, as kitty will never read them. A sixel or iTerm2 picture not painted is taken as painted
    /// but damaged: the next frame paints it again if it still wants it there, or writes its cells again
    /// as text if not (what was there before may still show).
    mutating func unwritten(_ pieces: [PicturePiece]) {
        var kittyPieces: [KittyPlacements.Piece] = []
        for piece in pieces {
            switch piece {
            case .kitty(let piece): kittyPieces.append(piece)
            case .painted(let id, _, _):
                unpainted.insert(id)
                cellPreviews.unwritten(id)
            }
        }
        if !kittyPieces.isEmpty { kitty.unwritten(kittyPieces) }
        for name in pieces.compactMap(\.handoff) { handoff?.remove(name) }
    }

    /// `image`'s raw pixels written for kitty to read by name, and the transmission naming them; nil
    /// when they cannot be written (they go in the stream then).
    static func handOver(_ id: UInt32, _ image: RGBImage, _ handoff: inout KittyHandoff?) -> (bytes: [UInt8], name: String)? {
        guard var local = handoff, let name = local.write(image.pixels) else { return nil }
        handoff = local
        return (KittyGraphics.transmitLocal(id: id, size: image.size, medium: local.medium, name: name), name)
    }

    /// Ctrl-L: the terminal may have been reset behind our back (that is why people press it).
    mutating func terminalMayHaveBeenReset() {
        resetPending = true
    }

    /// Leaving: nothing may stay on the terminal. Kitty placements and images are deleted; sixel and
    /// iTerm2 pixels go with the alternate screen ncurses leaves.
    mutating func quit() -> [UInt8] {
        switch kind {
        case .kitty: return kitty.quit()
        case .kittyPlaceholders: return placeholders.quit()
        case .sixel, .iterm2:
            sixel.invalidate()
            cellPreviews.keep([:])
            sixelCache = [:]
            unpainted = []
            return []
        }
    }

    /// What is placed or painted now (for tests).
    var shown: [UInt32: Rect] {
        switch kind {
        case .kitty: Dictionary(kitty.placed.map { ($0.key.id, $0.value) }, uniquingKeysWith: { first, _ in first })
        case .sixel, .iterm2: sixel.painted
        case .kittyPlaceholders: placeholders.shown
        }
    }

    // MARK: - Encoding
    private mutating func encoded(_ picture: PixelPicture) -> [UInt8]? {
        if let cached = sixelCache[picture.id] { return cached }
        // The picture maker encodes off the UI thread; this is the fallback for pictures made elsewhere.
        let bytes =
            picture.encoded
            ?? (kind == .iterm2
                ? try? ITermImages.encode(picture.image, columns: picture.columns, rows: picture.rows)
                : try? SixelEncoder.encode(picture.image))
        sixelCache[picture.id] = bytes
        return bytes
    }

    /// Pictures that text erases (sixel, iTerm2, kitty placeholders): `regions`' update for `frame`, its
    /// pictures to paint including those kept in place that text may just have erased (ncurses wrote on
    /// one of their rows across their columns, or a region repainted as text overlaps them). `full`: the
    /// terminal was cleared. A picture off the visible screen (or on its bottom row unless allowed) is
    /// not shown. `unpainted`: pictures whose last paint never reached the terminal.
    static func erasable(
        _ regions: inout SixelRegions, frame: Frame, previous: Frame?, visible: CellSize, full: Bool, bottomRowAllowed: Bool,
        unpainted: Set<UInt32> = []
    ) -> SixelRegions.Update {
        if full { regions.invalidate() }
        let pictures = frame.pictures.map { SixelPicture(id: $0.picture.id, rect: $0.rect) }
        let hidden = pictures.filter { !fits($0.rect, visible, bottomRowAllowed: bottomRowAllowed) }.map(\.rect)
        var update = regions.frame(pictures, overlays: frame.pictureCovers + hidden)
        let painting = Set(update.paint.map(\.id))
        for (id, rect) in regions.painted.sorted(by: { $0.key < $1.key }) where !painting.contains(id) {
            let damaged =
                unpainted.contains(id) || update.repaint.contains { $0.intersects(rect) }
                || (!full && textMayHaveCrossed(rect, frame: frame, previous: previous, visible: visible))
            if damaged { update.paint.append(SixelPicture(id: id, rect: rect)) }
        }
        return update
    }

    // MARK: - Geometry
    /// Whether ncurses may have written on some row of `rect` across its columns: anywhere from a row's
    /// first changed cell (one before it, see `DirectColorCells.changedSpan`) to the row's end. ncurses'
    /// line update (tty_update.c, TransformLine) starts at the first changed cell and may run on past the
    /// last one, up to the old line's last non-blank or the end of the row (clear to end of line, or the
    /// blanks it writes instead, across unchanged blank cells under a picture). In a real xterm a
    /// thumbnail right of a "loading…" frame that gave way was erased so, and not painted again
    /// (RealTerminalTests).
    static func textMayHaveCrossed(_ rect: Rect, frame: Frame, previous: Frame?, visible: CellSize) -> Bool {
        let columns = min(visible.columns, frame.size.columns)
        let bottom = min(rect.row + rect.height, visible.rows, frame.size.rows)
        guard rect.row < bottom else { return false }
        for row in max(0, rect.row)..<bottom {
            guard let span = DirectColorCells.changedSpan(row: row, frame: frame, previous: previous, columns: columns)
            else { continue }
            if span.lowerBound < rect.column + rect.width { return true }
        }
        return false
    }

    static func fits(_ rect: Rect, _ visible: CellSize, bottomRowAllowed: Bool) -> Bool {
        let bottomLimit = bottomRowAllowed ? visible.rows : visible.rows - 1
        return rect.row >= 0 && rect.column >= 0 && rect.row + rect.height <= bottomLimit
            && rect.column + rect.width <= visible.columns
    }
}

// MARK: - Text cells
/// The frame's cells in some rectangles written as text, whatever ncurses believes is there: what a
/// sixel left behind when it went. Between DECSC and DECRC, like `DirectColorCells`.
enum TextCells {
    /// `rects` of `frame` written as a full redraw leaves them (`LinkedCells.redrawnSGR`, and the cells'
    /// links where `writing` has them), between DECSC and DECRC.
    static func output(frame: Frame, rects: [Rect], visible: CellSize, writing: CellWriting = .palette256) -> [UInt8] {
        let rows = min(visible.rows, frame.size.rows)
        let columns = min(visible.columns, frame.size.columns)
        var bytes: [UInt8] = []
        for rect in rects {
            for row in max(0, rect.row)..<max(max(0, rect.row), min(rows, rect.row + rect.height)) {
                var column = max(0, rect.column)
                // Start on the first half of a wide character the rectangle cuts.
                if column > 0, column < columns, frame[row, column].width == 0 { column -= 1 }
                let end = min(columns, rect.column + rect.width)
                guard column < end else { continue }
                bytes += DirectColorCells.csi("\(row + 1);\(column + 1)H")
                var lastStyle: String?
                var open: String?
                while column < end {
                    let cell = frame[row, column]
                    let width = max(1, cell.width)
                    defer { column += width }
                    let address = writing.hyperlinks ? LinkedCells.address(cell) : nil
                    if open != address {
                        bytes += LinkedCells.link(address)
                        open = address
                    }
                    guard column + width <= columns else {
                        bytes += DirectColorCells.csi("0m") + [0x20]
                        lastStyle = nil
                        continue
                    }
                    let style = LinkedCells.redrawnSGR(cell, colors: writing.colors)
                    if lastStyle != style { bytes += DirectColorCells.csi(style + "m") }
                    lastStyle = style
                    for character in NCursesScreen.terminalCharacters(cell) {
                        if let scalar = Unicode.Scalar(UInt32(character)) { bytes += Array(String(scalar).utf8) }
                    }
                }
                if open != nil { bytes += LinkedCells.link(nil) }
            }
        }
        return bytes.isEmpty ? [] : DirectColorCells.escape("7") + bytes + DirectColorCells.escape("8")
    }
}
