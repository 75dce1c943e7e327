/// A picture a frame wants on screen through the kitty protocol: the image `id` (one set of pixels),
/// which `placement` of it (a second copy of the same image on screen needs another), and its cells.
public struct KittyPicture: Equatable, Sendable {
    public var id: UInt32
    public var placement: UInt32
    public var rect: Rect
    public var image: RGBImage
    /// `KittyGraphics.transmit(id:image:)` of this picture if it was prepared off the UI thread.
    public var transmission: [UInt8]?

    public init(id: UInt32, placement: UInt32 = 1, rect: Rect, image: RGBImage, transmission: [UInt8]? = nil) {
        self.id = id
        self.placement = placement
        self.rect = rect
        self.image = image
        self.transmission = transmission
    }
}

/// What the kitty terminal holds, as a value, and the bytes that bring it to what the next frame wants.
/// Each image id is transmitted once (again only after the terminal forgot it: a reset, or new pixels
/// of another size under the same id); a picture is placed when it appears or moves, and its placement
/// deleted as soon as it leaves the screen or an overlay covers any of its cells. Independent of the
/// TUI and of ncurses: the screen writes the returned bytes after its own refresh.
public struct KittyPlacements: Sendable, Equatable {
    public struct Key: Hashable, Sendable {
        public var id: UInt32
        public var placement: UInt32
    }

    /// Image ids the terminal stores, with the pixel size sent.
    public private(set) var transmitted: [UInt32: PixelSize] = [:]
    /// Placements on screen now.
    public private(set) var placed: [Key: Rect] = [:]
    /// How many stored images no frame wants any more the terminal may keep (for scrolling back); the
    /// least recently wanted beyond this are freed, so a long session does not fill the terminal's memory.
    /// Six screens of 200×60 cells' thumbnails (26 pictures each), so paging back a few screens sends nothing.
    /// Pictures sent `ahead` come on top until the next frame, which counts them among the unwanted.
    public let storedLimit: Int
    /// The most pixel bytes (4 a pixel, as kitty keeps them) those kept images may hold: a few viewer
    /// pictures weigh as much as hundreds of thumbnails, and kitty evicts on its own past its quota
    /// (320 MB), after which a placement by id would show nothing.
    public let storedByteLimit: Int
    /// The frame number that last wanted each stored id.
    private var lastWanted: [UInt32: UInt64] = [:]
    private var frameNumber: UInt64 = 0

    public init(storedLimit: Int = 160, storedByteLimit: Int = 96 << 20) {
        self.storedLimit = max(0, storedLimit)
        self.storedByteLimit = max(0, storedByteLimit)
    }

    /// The bytes that leave exactly `pictures` placed, less those that share a cell with one of
    /// `overlays` (kitty draws pictures over text, so a covered picture must go). Empty when nothing
    /// changes; otherwise wrapped in save/restore cursor, so the text cursor ends where it was.
    public mutating func frame(_ pictures: [KittyPicture], overlays: [Rect] = []) -> [UInt8] {
        let update = update(pictures, overlays: overlays)
        let pieces = update.pieces.flatMap { $0.bytes.dropFirst(Self.saveCursor.count).dropLast(Self.restoreCursor.count) }
        return Self.wrapped(update.deletions + pieces + update.frees)
    }

    /// One picture's bytes in a frame's update (its transmission if the terminal lacks it, and its
    /// placement), which a screen may hold back while the link is slow and drop when a newer frame comes
    /// first (`unwritten`). Wrapped in save/restore cursor.
    public struct Piece: Equatable, Sendable {
        public var key: Key
        /// The commands, between save and restore cursor.
        public let bytes: [UInt8]
        /// The shared-memory object or temporary file the transmission names (`KittyHandoff`), which
        /// kitty removes when it reads it; whoever drops the piece unwritten removes it.
        public var handoff: String?
        /// What the terminal held for the picture before this piece: restored if it is never written.
        var transmittedBefore: PixelSize?
        var placedBefore: Rect?
    }

    /// `frame(_:overlays:)` split: `first`, the deletions and frees that must reach the terminal before
    /// anything else, then one piece a picture to transmit or place, in a fixed order.
    /// `local`: hands a picture's pixels over by name (`KittyGraphics.transmitLocal`) and returns the bytes
    /// and the name, or nil to send them in the stream; asked only for pictures whose transmission the
    /// maker did not prepare (an animation's frames go in the stream).
    public mutating func pieces(
        _ pictures: [KittyPicture], overlays: [Rect] = [], local: ((UInt32, RGBImage) -> (bytes: [UInt8], name: String)?)? = nil
    ) -> (first: [UInt8], pieces: [Piece]) {
        let update = update(pictures, overlays: overlays, local: local)
        return (Self.wrapped(update.deletions + update.frees), update.pieces)
    }

    private mutating func update(
        _ pictures: [KittyPicture], overlays: [Rect], local: ((UInt32, RGBImage) -> (bytes: [UInt8], name: String)?)? = nil
    ) -> (deletions: [UInt8], pieces: [Piece], frees: [UInt8]) {
        var wanted: [Key: KittyPicture] = [:]
        for picture in pictures
        where !picture.rect.isEmpty && picture.image.width > 0
            && !overlays.contains(where: { $0.intersects(picture.rect) })
        {
            wanted[Key(id: picture.id, placement: picture.placement)] = picture
        }
        frameNumber += 1
        for picture in pictures { lastWanted[picture.id] = frameNumber }
        var deletions: [UInt8] = []
        for key in placed.keys.sorted(by: Self.order) where wanted[key] == nil {
            deletions += KittyGraphics.deletePlacement(id: key.id, placement: key.placement)
            placed[key] = nil
        }
        var pieces: [Piece] = []
        for key in wanted.keys.sorted(by: Self.order) {
            guard let picture = wanted[key] else { continue }
            var out: [UInt8] = []
            var handoff: String?
            let before = (transmitted: transmitted[key.id], placed: placed[key])
            if transmitted[key.id] != picture.image.size {
                if let transmission = picture.transmission {
                    out += transmission
                } else if let handed = local?(key.id, picture.image) {
                    out += handed.bytes
                    handoff = handed.name
                } else {
                    out += KittyGraphics.transmit(id: key.id, image: picture.image)
                }
                transmitted[key.id] = picture.image.size
                // New pixels under a placed id: kitty redraws its placements, but place again to be sure.
                placed[key] = nil
            }
            if placed[key] != picture.rect {
                out += KittyGraphics.place(id: key.id, placement: key.placement, at: picture.rect)
                placed[key] = picture.rect
            }
            if !out.isEmpty {
                pieces.append(
                    Piece(
                        key: key, bytes: Self.wrapped(out), handoff: handoff, transmittedBefore: before.transmitted,
                        placedBefore: before.placed))
            }
        }
        return (deletions, pieces, freeUnwanted())
    }

    /// Transmissions without placements of `pictures` the terminal lacks, one piece each in their order,
    /// so that a later frame showing them only places them. They count as wanted by the last frame, the
    /// last of the stored images a later frame frees. A piece's key has placement 0 (none).
    public mutating func ahead(_ pictures: [KittyPicture]) -> [Piece] {
        var pieces: [Piece] = []
        for picture in pictures where picture.image.width > 0 && transmitted[picture.id] != picture.image.size {
            let key = Key(id: picture.id, placement: 0)
            let bytes = picture.transmission ?? KittyGraphics.transmit(id: picture.id, image: picture.image)
            pieces.append(Piece(key: key, bytes: Self.wrapped(bytes), transmittedBefore: transmitted[picture.id], placedBefore: nil))
            transmitted[picture.id] = picture.image.size
            lastWanted[picture.id] = frameNumber
        }
        return pieces
    }

    /// `body` between save and restore cursor; nothing for nothing.
    static func wrapped(_ body: [UInt8]) -> [UInt8] {
        body.isEmpty ? [] : saveCursor + body + restoreCursor
    }

    /// `pieces` (from `pieces(_:overlays:)`, in their order) never reached the terminal: what it holds is
    /// as before them, so a later frame transmits or places them again.
    public mutating func unwritten(_ pieces: [Piece]) {
        for piece in pieces.reversed() {
            placed[piece.key] = piece.placedBefore
            transmitted[piece.key.id] = piece.transmittedBefore
        }
    }

    /// Frees the least recently wanted stored images among those this frame does not want, while more than
    /// `storedLimit` of them or more than `storedByteLimit` of their pixels are kept (d=I also removes any
    /// placement of them, but unwanted ids have none left).
    private mutating func freeUnwanted() -> [UInt8] {
        let unwanted = transmitted.keys.filter { lastWanted[$0] != frameNumber }
        func bytes(_ id: UInt32) -> Int { transmitted[id].map { $0.width * $0.height * 4 } ?? 0 }
        var count = unwanted.count
        var kept = unwanted.reduce(0) { $0 + bytes($1) }
        guard count > storedLimit || kept > storedByteLimit else { return [] }
        var out: [UInt8] = []
        let oldest = unwanted.sorted { (lastWanted[$0] ?? 0, $0) < (lastWanted[$1] ?? 0, $1) }
        for id in oldest where count > storedLimit || kept > storedByteLimit {
            out += KittyGraphics.deleteImage(id: id)
            kept -= bytes(id)
            count -= 1
            transmitted[id] = nil
            lastWanted[id] = nil
        }
        return out
    }

    /// The terminal changed size: every placement goes (cells reflow under them); the next frame places
    /// them again from the stored images.
    public mutating func resized() -> [UInt8] {
        placed = [:]
        return KittyGraphics.deleteAllPlacements()
    }

    /// The screen was cleared (Ctrl-L, ED 2), which removes placements in kitty: place again on the next
    /// frame. Writes nothing.
    public mutating func screenCleared() {
        placed = [:]
    }

    /// The terminal was reset (RIS) and forgot its images too: transmit again on the next frame.
    public mutating func terminalReset() {
        placed = [:]
        transmitted = [:]
        lastWanted = [:]
    }

    /// Leaving: no placement and no stored image stays behind.
    public mutating func quit() -> [UInt8] {
        placed = [:]
        transmitted = [:]
        lastWanted = [:]
        return KittyGraphics.deleteAll()
    }

    /// A fixed order for the bytes, so equal states give equal output.
    private static func order(_ a: Key, _ b: Key) -> Bool {
        (a.id, a.placement) < (b.id, b.placement)
    }

    private static let saveCursor: [UInt8] = [0x1B, UInt8(ascii: "7")]
    private static let restoreCursor: [UInt8] = [0x1B, UInt8(ascii: "8")]
}
