/// A picture a frame wants on screen through sixel: an `id` naming its pixels and its cells.
public struct SixelPicture: Hashable, Sendable {
    public var id: UInt32
    public var rect: Rect

    public init(id: UInt32, rect: Rect) {
        self.id = id
        self.rect = rect
    }
}

/// Sixel pixels are not objects the terminal keeps: text written over them erases them, and nothing
/// removes them but text. So each frame this says which pictures to paint (new, moved, changed, or
/// uncovered after an overlay closed) and which rectangles the screen must repaint as text (a picture
/// left or moved away, or an overlay now covers it). Pure: the screen does the writing.
public struct SixelRegions: Sendable, Equatable {
    public struct Update: Equatable, Sendable {
        /// Pictures to paint this frame, top to bottom, after the text.
        public var paint: [SixelPicture]
        /// Where pictures were and are no more: repaint these cells as text, before painting.
        public var repaint: [Rect]

        public init(paint: [SixelPicture], repaint: [Rect]) {
            self.paint = paint
            self.repaint = repaint
        }
    }

    /// What is painted on screen now, by id.
    public private(set) var painted: [UInt32: Rect] = [:]

    public init() {}

    /// `pictures` this frame wants; any that share a cell with one of `overlays` are not shown, since a
    /// sixel painted after the text would cover the overlay.
    public mutating func frame(_ pictures: [SixelPicture], overlays: [Rect] = []) -> Update {
        var wanted: [UInt32: Rect] = [:]
        for picture in pictures where !picture.rect.isEmpty && !overlays.contains(where: { $0.intersects(picture.rect) }) {
            wanted[picture.id] = picture.rect
        }
        var repaint: [Rect] = []
        for (id, rect) in painted where wanted[id] != rect {
            repaint.append(rect)
        }
        let paint = wanted.filter { painted[$0.key] != $0.value }
            .map { SixelPicture(id: $0.key, rect: $0.value) }
        painted = wanted
        return Update(paint: paint.sorted(by: Self.order), repaint: repaint.sorted(by: Self.order))
    }

    /// The screen was cleared or resized: everything is gone and is painted again on the next frame.
    public mutating func invalidate() {
        painted = [:]
    }

    /// `sixel` (from `SixelEncoder`) written with its top-left corner at `rect`'s, the cursor saved and
    /// restored around it so the text cursor stays where the screen left it.
    public static func bytes(_ sixel: [UInt8], at rect: Rect) -> [UInt8] {
        [0x1B, UInt8(ascii: "7")] + KittyGraphics.cursor(row: rect.row, column: rect.column) + sixel
            + [0x1B, UInt8(ascii: "8")]
    }

    private static func order(_ a: SixelPicture, _ b: SixelPicture) -> Bool {
        (a.rect.row, a.rect.column, a.id) < (b.rect.row, b.rect.column, b.id)
    }

    private static func order(_ a: Rect, _ b: Rect) -> Bool {
        (a.row, a.column, a.height, a.width) < (b.row, b.column, b.height, b.width)
    }
}
