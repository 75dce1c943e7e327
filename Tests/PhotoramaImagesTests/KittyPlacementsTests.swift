import PhotoramaImages
import Testing

@Suite("Kitty placements: what a session's bytes leave on a kitty terminal")
struct KittyPlacementsTests {
    // MARK: - Helpers
    typealias Key = KittyReader.Key

    static func picture(_ id: UInt32, row: Int, column: Int = 0, size: Int = 4) -> KittyPicture {
        KittyPicture(
            id: id, rect: Rect(row: row, column: column, width: 10, height: 4),
            image: Pictures.gradient(width: size + Int(id), height: size))
    }

    /// Feeds one frame's bytes to the terminal and checks nothing in them was wrong.
    static func emit(_ bytes: [UInt8], to terminal: inout KittyReader) {
        terminal.read(bytes)
        #expect(terminal.errors == [])
    }

    // MARK: - Scrolling and unchanged frames
    @Test("cards that scroll away are deleted, moved ones placed again, each id transmitted once")
    func scrolling() {
        var placements = KittyPlacements()
        var terminal = KittyReader()
        let a = Self.picture(1, row: 0)
        let b = Self.picture(2, row: 5)
        Self.emit(placements.frame([a, b]), to: &terminal)
        #expect(terminal.placements == [Key(id: 1, placement: 1): a.rect, Key(id: 2, placement: 1): b.rect])
        #expect(terminal.images[1] == a.image)
        #expect(terminal.images[2] == b.image)

        // Scroll by five rows: a leaves, b moves up, c appears.
        let bMoved = Self.picture(2, row: 0)
        let c = Self.picture(3, row: 5)
        Self.emit(placements.frame([bMoved, c]), to: &terminal)
        #expect(terminal.placements == [Key(id: 2, placement: 1): bMoved.rect, Key(id: 3, placement: 1): c.rect])
        #expect(terminal.transmissions == [1: 1, 2: 1, 3: 1])

        // Scrolling back places a again from the image the terminal still holds.
        Self.emit(placements.frame([a, Self.picture(2, row: 5)]), to: &terminal)
        #expect(terminal.placements == [Key(id: 1, placement: 1): a.rect, Key(id: 2, placement: 1): b.rect])
        #expect(terminal.transmissions == [1: 1, 2: 1, 3: 1])

        Self.emit(placements.quit(), to: &terminal)
        #expect(terminal.placements.isEmpty)
        #expect(terminal.images.isEmpty)
    }

    @Test("an unchanged frame writes nothing; a change is wrapped in save and restore cursor")
    func unchangedFrameIsSilent() {
        var placements = KittyPlacements()
        let first = placements.frame([Self.picture(1, row: 2)])
        #expect(Array(first.prefix(2)) == [0x1B, UInt8(ascii: "7")])
        #expect(Array(first.suffix(2)) == [0x1B, UInt8(ascii: "8")])
        #expect(placements.frame([Self.picture(1, row: 2)]) == [])
        #expect(
            placements.frame([]) == [0x1B, UInt8(ascii: "7")] + KittyGraphics.deletePlacement(id: 1, placement: 1) + [
                0x1B, UInt8(ascii: "8"),
            ])
        #expect(placements.frame([]) == [])
    }

    // MARK: - Overlays, resizes and resets
    @Test("an overlay deletes the pictures it covers; closing it places them again without transmitting")
    func overlays() {
        var placements = KittyPlacements()
        var terminal = KittyReader()
        let a = Self.picture(1, row: 0)
        let b = Self.picture(2, row: 10, column: 20)
        Self.emit(placements.frame([a, b]), to: &terminal)
        let help = Rect(row: 8, column: 15, width: 20, height: 3)
        Self.emit(placements.frame([a, b], overlays: [help]), to: &terminal)
        #expect(terminal.placements == [Key(id: 1, placement: 1): a.rect])
        Self.emit(placements.frame([a, b]), to: &terminal)
        #expect(terminal.placements == [Key(id: 1, placement: 1): a.rect, Key(id: 2, placement: 1): b.rect])
        #expect(terminal.transmissions == [1: 1, 2: 1])
    }

    @Test("a resize removes every placement; the next frame places from stored images")
    func resize() {
        var placements = KittyPlacements()
        var terminal = KittyReader()
        Self.emit(placements.frame([Self.picture(1, row: 0), Self.picture(2, row: 5)]), to: &terminal)
        Self.emit(placements.resized(), to: &terminal)
        #expect(terminal.placements.isEmpty)
        let wider = KittyPicture(id: 1, rect: Rect(row: 0, column: 0, width: 14, height: 5), image: Self.picture(1, row: 0).image)
        Self.emit(placements.frame([wider]), to: &terminal)
        #expect(terminal.placements == [Key(id: 1, placement: 1): wider.rect])
        #expect(terminal.transmissions == [1: 1, 2: 1])
    }

    @Test("after a terminal reset or with pixels of a new size, the image is transmitted again")
    func retransmission() {
        var placements = KittyPlacements()
        var terminal = KittyReader()
        Self.emit(placements.frame([Self.picture(1, row: 0)]), to: &terminal)
        // The terminal forgets everything (RIS).
        terminal = KittyReader()
        placements.terminalReset()
        Self.emit(placements.frame([Self.picture(1, row: 0)]), to: &terminal)
        #expect(terminal.transmissions == [1: 1])
        #expect(terminal.placements.count == 1)
        let sharper = Self.picture(1, row: 0, size: 8)
        Self.emit(placements.frame([sharper]), to: &terminal)
        #expect(terminal.transmissions == [1: 2])
        #expect(terminal.images[1] == sharper.image)
        #expect(terminal.placements == [Key(id: 1, placement: 1): sharper.rect])
    }

    // MARK: - The stored limit
    @Test("pictures sent ahead are stored, not placed; the frame that shows them only places them; unwritten, they go again")
    func ahead() {
        var placements = KittyPlacements(storedLimit: 1)
        var terminal = KittyReader()
        let a = Self.picture(1, row: 0)
        let b = Self.picture(2, row: 5)
        let c = Self.picture(3, row: 0)
        Self.emit(placements.frame([a]), to: &terminal)
        // a is held already: only b and c go, in their order, each a transmission alone, nothing placed.
        let ahead = placements.ahead([b, a, c])
        #expect(ahead.map { [$0.key.id, $0.key.placement] } == [[2, 0], [3, 0]])
        #expect(ahead.map(\.bytes) == [b, c].map { [0x1B, 0x37] + KittyGraphics.transmit(id: $0.id, image: $0.image) + [0x1B, 0x38] })
        // c's piece never reaches the terminal: the next ahead sends it again, b not.
        placements.unwritten([ahead[1]])
        for piece in ahead.prefix(1) { Self.emit(piece.bytes, to: &terminal) }
        #expect(terminal.images.keys.sorted() == [1, 2])
        #expect(terminal.placements == [Key(id: 1, placement: 1): a.rect])
        let again = placements.ahead([b, c])
        #expect(again.map(\.key.id) == [3])
        for piece in again { Self.emit(piece.bytes, to: &terminal) }
        // The page they are on: a's placement deleted, b and c placed from what the terminal holds. The
        // stored limit of one unwanted image frees a, never what was just sent ahead.
        Self.emit(placements.frame([b, c]), to: &terminal)
        #expect(terminal.transmissions == [1: 1, 2: 1, 3: 1])
        #expect(terminal.placements == [Key(id: 2, placement: 1): b.rect, Key(id: 3, placement: 1): c.rect])
        #expect(terminal.images.keys.sorted() == [1, 2, 3])
        // Nothing the terminal holds goes ahead again.
        #expect(placements.ahead([a, b, c]).isEmpty)
    }

    @Test("what was sent ahead and never shown is freed as the least recently wanted")
    func aheadIsFreedLast() {
        var placements = KittyPlacements(storedLimit: 3)
        var terminal = KittyReader()
        Self.emit(placements.frame([Self.picture(1, row: 0)]), to: &terminal)
        Self.emit(placements.frame([Self.picture(2, row: 0)]), to: &terminal)
        for piece in placements.ahead([Self.picture(3, row: 0), Self.picture(4, row: 0)]) { Self.emit(piece.bytes, to: &terminal) }
        // The next frame shows 5: 1, 2, 3 and 4 are unwanted, one too many; 1, the oldest, is freed.
        Self.emit(placements.frame([Self.picture(5, row: 0)]), to: &terminal)
        #expect(terminal.images.keys.sorted() == [2, 3, 4, 5])
        #expect(placements.transmitted.keys.sorted() == [2, 3, 4, 5])
    }

    @Test("beyond the stored limit, the least recently wanted images are freed (d=I), never one on screen")
    func storedLimit() {
        var placements = KittyPlacements(storedLimit: 2)
        var terminal = KittyReader()
        for id in UInt32(1)...5 { Self.emit(placements.frame([Self.picture(id, row: 0)]), to: &terminal) }
        // 5 on screen; 3 and 4 kept for scrolling back; 1 and 2 freed, oldest first.
        #expect(terminal.images.keys.sorted() == [3, 4, 5])
        #expect(placements.transmitted.keys.sorted() == [3, 4, 5])
        #expect(terminal.placements == [Key(id: 5, placement: 1): Self.picture(5, row: 0).rect])
        // A covered picture is still wanted: it is not freed.
        Self.emit(
            placements.frame(
                [Self.picture(6, row: 0), Self.picture(5, row: 10)], overlays: [Rect(row: 10, column: 0, width: 5, height: 1)]),
            to: &terminal)
        #expect(terminal.images.keys.sorted() == [3, 4, 5, 6])
        #expect(terminal.placements.keys.map(\.id) == [6])
    }

    @Test("paging 3,000 photos 24 a screen: the stream leaves at most 24 + storedLimit images held; back a screen sends none")
    func pagingThreeThousandPhotos() {
        var placements = KittyPlacements()
        var terminal = KittyReader()
        /// Screen `page`'s 24 cards (6 columns, 4 rows), each photo under its own id as the drawer names them.
        func screen(_ page: Int) -> [KittyPicture] {
            (0..<24).map { card in
                KittyPicture(
                    id: UInt32(page * 24 + card + 1), rect: Rect(row: card / 6 * 10, column: card % 6 * 20, width: 18, height: 9),
                    image: RGBImage(width: 18, height: 9, pixels: Array(repeating: UInt8(card), count: 18 * 9 * 3)))
            }
        }
        var most = 0
        for page in 0..<125 {
            Self.emit(placements.frame(screen(page)), to: &terminal)
            most = max(most, terminal.images.count)
            #expect(terminal.placements.count == 24)
        }
        #expect(most == 24 + placements.storedLimit)
        // Back one screen, then two: placed from what the terminal holds, nothing transmitted.
        let before = terminal.transmissions
        Self.emit(placements.frame(screen(123)), to: &terminal)
        Self.emit(placements.frame(screen(122)), to: &terminal)
        #expect(terminal.transmissions == before)
        #expect(Set(terminal.placements.keys.map(\.id)) == Set(screen(122).map(\.id)))
    }

    @Test("big pictures no frame wants are freed beyond the byte limit, even under the count limit")
    func storedByteLimit() {
        // Each 100×100 picture is 40,000 bytes to kitty; room for two beside the one on screen.
        var placements = KittyPlacements(storedLimit: 64, storedByteLimit: 80_000)
        var terminal = KittyReader()
        for id in UInt32(1)...5 {
            let picture = KittyPicture(
                id: id, rect: Rect(row: 0, column: 0, width: 10, height: 5), image: Pictures.gradient(width: 100, height: 100))
            Self.emit(placements.frame([picture]), to: &terminal)
        }
        #expect(terminal.images.keys.sorted() == [3, 4, 5])
    }

    // MARK: - Random sessions
    @Test("a seeded random session: after every frame exactly the wanted pictures are placed; none at the end")
    func randomSession() {
        var generator = SplitMix(seed: 2024)
        var placements = KittyPlacements()
        var terminal = KittyReader()
        var pixelSizes: [UInt32: Int] = [:]
        // What a correct writer transmits: an id the first time it shows, and again with pixels of a new size.
        var sent: [UInt32: PixelSize] = [:]
        var transmissions = 0
        for step in 0..<300 {
            let roll = Int.random(in: 0..<20, using: &generator)
            if roll == 0 {
                Self.emit(placements.resized(), to: &terminal)
                #expect(terminal.placements.isEmpty)
                continue
            }
            if roll == 1 {
                placements.screenCleared()
                terminal.placements = [:]
            }
            var pictures: [KittyPicture] = []
            for id in UInt32(1)...12 where Bool.random(using: &generator) {
                if Int.random(in: 0..<15, using: &generator) == 0 { pixelSizes[id, default: 4] += 1 }
                let rect = Rect(
                    row: Int.random(in: 0..<30, using: &generator), column: Int.random(in: 0..<100, using: &generator),
                    width: Int.random(in: 1...20, using: &generator), height: Int.random(in: 1...8, using: &generator))
                let size = pixelSizes[id, default: 4]
                pictures.append(KittyPicture(id: id, rect: rect, image: Pictures.gradient(width: size, height: size)))
            }
            let overlays = roll == 2 ? [Rect(row: 10, column: 30, width: 40, height: 10)] : []
            Self.emit(placements.frame(pictures, overlays: overlays), to: &terminal)
            let visible = pictures.filter { picture in !overlays.contains { $0.intersects(picture.rect) } }
            for picture in visible where sent[picture.id] != picture.image.size {
                sent[picture.id] = picture.image.size
                transmissions += 1
            }
            #expect(
                terminal.placements == Dictionary(uniqueKeysWithValues: visible.map { (Key(id: $0.id, placement: 1), $0.rect) }),
                "step \(step)")
            for picture in visible { #expect(terminal.images[picture.id] == picture.image, "step \(step)") }
            #expect(terminal.transmissions.values.reduce(0, +) == transmissions, "step \(step)")
        }
        Self.emit(placements.quit(), to: &terminal)
        #expect(terminal.placements.isEmpty)
        #expect(terminal.images.isEmpty)
    }
}
