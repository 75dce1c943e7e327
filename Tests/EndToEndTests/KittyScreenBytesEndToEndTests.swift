import CPNGWrite
import Foundation
import PhotoramaImages
import PhotoramaLocking
import PhotoramaSpawn
import ScreenCapture
import Testing

/// What kitty mode writes for a screen of thumbnails (issue 42, points 1 and 3), read back from the bytes
/// the browser writes to a pseudo-terminal of 200×60 cells of 10×20 pixels (`RateLimitedTerminal`, the link
/// benchmark's, read fast), demo feed, thumbnails on. Each picture goes once, never larger than the cells
/// it covers, as the PNG the product's encoder writes of exactly the pixels decoded back (RGB, no alpha, no
/// chunk but IHDR, sRGB, IDAT and IEND), within 1.1× of libpng's smallest PNG of them (`CPNGWrite`).
/// The byte bounds sit just above what these pictures weigh: the lossless floor of a screen's pixels
/// (docs/PERFORMANCE.md) is above the issue's 1.1 MB a PgDn, so that target is not asserted.
@Suite(.serialized) struct KittyScreenBytesEndToEndTests {
    static let cell = (width: 10, height: 20)
    /// Pictures on a whole screen at 200×60: 25 cards and the detail pane's picture.
    static let pictures = 26

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func eachPictureGoesOnceAtItsCellsPixelsAsAPNGNearTheFloorAndAScreenWeighsItsPictures() async throws {
        let recorded = try await OwnThread.run { () throws -> [Screen] in try Self.session() }
        try #require(recorded.count == 4)
        // Where the browser measured the link slow (a loaded machine read the pty slowly), a screen's pictures
        // went first at half their width and height and then in full under the same id: those first looks
        // are set aside (SlowLinkPreviewTests covers them), and the full pictures are what is measured here.
        let sentAll = recorded.flatMap { $0.pictures.map(\.id) }
        let screens = Self.withoutPreviews(recorded)
        let (first, scrolled, page, back) = (screens[0], screens[1], screens[2], screens[3])
        let sent = screens.flatMap { $0.pictures.map(\.id) }
        #expect(Set(sent).count == sent.count, "an image sent twice in full: \(sentAll)")

        for screen in screens {
            for picture in screen.pictures {
                #expect(picture.errors == [], "image \(picture.id): \(picture.errors)")
                #expect(
                    Double(picture.png) <= 1.1 * Double(picture.smallest),
                    "image \(picture.id): \(picture.png) bytes of PNG, libpng's smallest \(picture.smallest)")
            }
            #expect(screen.other <= 30_000, "\(screen.name): \(screen.other) bytes besides the pictures' payloads")
        }
        #expect(first.pictures.count == Self.pictures, "first screen's commands: \(first.commands)")
        #expect(page.pictures.count == Self.pictures, "a PgDn's commands: \(page.commands)")
        // The first PgDn moves the selection a page and scrolls one row: that row's cards and the new
        // detail picture go; the cards still shown are placed again.
        #expect(scrolled.pictures.count < Self.pictures)
        // Every picture of a whole screen covers its cells exactly (the demo's thumbnails are larger).
        #expect(first.pictures.allSatisfy { $0.fillsItsCells })
        #expect(page.pictures.allSatisfy { $0.fillsItsCells })
        #expect(first.bytes <= 1_600_000, "first screen: \(first.bytes) bytes")
        #expect(page.bytes <= 1_720_000, "a PgDn: \(page.bytes) bytes")
        // Back to rows seen: placed again from what the terminal holds.
        #expect(back.pictures.isEmpty)
        #expect(back.bytes <= 20_000, "PgUp back: \(back.bytes) bytes")
        for screen in screens { print(screen.report) }
    }

    @Test func aPictureStillShowingItsFirstLookKeepsTheScreenFromBeingWhole() throws {
        var pixels: [UInt8] = []
        for y in 0..<48 { for x in 0..<64 { pixels += [UInt8(x * 4), UInt8(y * 5), UInt8((x + y) * 2)] } }
        let image = RGBImage(width: 64, height: 48, pixels: pixels)
        let preview = try #require(KittyPreview.make(id: 7, of: image))
        let full = try #require(PNGEncoder.encode(image))
        let place = KittyGraphics.place(id: 7, placement: 1, at: Rect(row: 2, column: 3, width: 6, height: 3))
        let looked = preview.transmission + place
        #expect(Self.previewsShown(looked, placed: HeldPageDownLinkEndToEndTests.placements(looked)) == ["7"])
        let replaced = looked + KittyGraphics.transmit(id: 7, png: full) + place
        #expect(Self.previewsShown(replaced, placed: HeldPageDownLinkEndToEndTests.placements(replaced)) == [])
    }

    /// The screens with each picture that its id later replaced at twice its width and height (a slow link's
    /// first look) taken out, its payload counted out of the screen's bytes.
    static func withoutPreviews(_ screens: [Screen]) -> [Screen] {
        let all = screens.flatMap(\.pictures)
        func isPreview(_ index: Int) -> Bool {
            let picture = all[index]
            return all[(index + 1)...].contains {
                $0.id == picture.id && ($0.width + 1) / 2 == picture.width && ($0.height + 1) / 2 == picture.height
            }
        }
        var index = 0
        return screens.map { screen in
            var kept = screen
            kept.pictures = []
            for picture in screen.pictures {
                if isPreview(index) { kept.bytes -= picture.payload } else { kept.pictures.append(picture) }
                index += 1
            }
            return kept
        }
    }

    // MARK: - The session
    struct Picture: Sendable {
        var id: String
        var width: Int
        var height: Int
        /// The cells its placement covers (c=, r=).
        var columns: Int
        var rows: Int
        /// Bytes of the PNG sent, of libpng's smallest PNG of the same pixels, of zlib level 9 over them
        /// (o=z), and of the raw pixels.
        var png: Int
        var smallest: Int
        var zlib: Int
        var raw: Int
        /// Base64 characters of its payload on the wire.
        var payload: Int
        var errors: [String]

        var fillsItsCells: Bool { width == columns * cell.width && height == rows * cell.height }
    }

    struct Screen: Sendable {
        var name: String
        var bytes: Int
        var pictures: [Picture]
        /// Its kitty commands in order, action and image ("t12 p12"), then "|" where the screen was taken to end
        /// and the commands after it, for a failure's message.
        var commands = ""
        /// Bytes that are not the pictures' base64 payloads: the escapes around them, placements and text.
        var other: Int { bytes - pictures.reduce(0) { $0 + $1.payload } }

        var report: String {
            func sum(_ value: KeyPath<Picture, Int>) -> Int { pictures.reduce(0) { $0 + $1[keyPath: value] } }
            let floor = (sum(\.smallest) + 2 * pictures.count) / 3 * 4
            var lines = [
                "kitty \(name): \(bytes) bytes; \(pictures.count) pictures: PNG \(sum(\.png)), libpng's smallest \(sum(\.smallest)),"
                    + " o=z \(sum(\.zlib)), raw \(sum(\.raw)); base64 on the wire \(sum(\.payload)); escapes, placements and text \(other);"
                    + " the smallest PNGs in base64 \(floor)"
            ]
            for picture in pictures.sorted(by: { $0.png > $1.png }) {
                lines.append(
                    "  image \(picture.id): \(picture.width)×\(picture.height) over \(picture.columns)×\(picture.rows) cells, PNG \(picture.png),"
                        + " smallest \(picture.smallest), o=z \(picture.zlib)")
            }
            return lines.joined(separator: "\n")
        }
    }

    static func session() throws -> [Screen] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-kitty-bytes-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let relay = try HeldPageDownLinkEndToEndTests.relay(
            ["--demo", "--seed", "7", "--thumbnails", "on", "--images", "kitty"], folder: folder, rate: 1_000_000_000)
        defer { relay.stop() }
        var screens: [Screen] = []
        var shown: [String: String] = [:]
        let steps = [("first screen", ""), ("PgDn, one row", "\u{1B}[6~"), ("PgDn, a page", "\u{1B}[6~"), ("PgUp back", "\u{1B}[5~")]
        // Where the browser measured the link slow, it sent the next screen's cards ahead once a screen was
        // whole: those count with the screen that places them (`screen`'s `ahead`).
        var ahead: [GraphicsCommands.Kitty] = []
        for (name, key) in steps {
            let from = relay.stream.count
            if !key.isEmpty { relay.send(Array(key.utf8)) }
            shown = try whole(relay, after: shown, name: name)
            let end = KittyPlacementScan.screenEnd(relay.stream, from: from)
            var measured = try screen(name, Array(relay.stream[from..<end]), ahead: ahead)
            let summary = { (bytes: ArraySlice<UInt8>) in
                GraphicsCommands.kitty(Array(bytes)).map { "\($0.key("a") ?? "t")\($0.key("i") ?? "")" }.joined(separator: " ")
            }
            measured.commands = summary(relay.stream[from..<end]) + " | " + summary(relay.stream[end...])
            screens.append(measured)
            let used = Set(measured.pictures.map(\.id))
            ahead = ahead.filter { !used.contains($0.key("i") ?? "") } + GraphicsCommands.kitty(Array(relay.stream[end...]))
        }
        return screens
    }

    /// Reads until a whole screen other than `previous` is placed (every picture, each at full resolution),
    /// then until the link is quiet for a second: the placements shown. Where the browser found the link slow
    /// (a loaded machine reads the pty slowly), a picture may still show its first look after a quiet second:
    /// the screen is whole once the user's rest has replaced them all.
    static func whole(_ relay: RateLimitedTerminal, after previous: [String: String], name: String) throws -> [String: String] {
        let deadline = ContinuousClock.now + .seconds(120)
        var previews: [String] = []
        while ContinuousClock.now < deadline {
            _ = relay.readUntilQuiet(.seconds(1), deadline: .seconds(120))
            let placed = HeldPageDownLinkEndToEndTests.placements(relay.stream)
            previews = previewsShown(relay.stream, placed: placed)
            if placed.count == pictures, Set(placed.keys) != Set(previous.keys), previews.isEmpty { return placed }
        }
        throw Failure("\(name): no whole screen within 120 s (first looks still shown: \(previews))")
    }

    /// The images among `placed` whose last transmission in `stream` is a slow link's first look: a palette
    /// PNG (colour type 3, `KittyPreview`), where every full picture is 8-bit RGB (colour type 2).
    static func previewsShown(_ stream: [UInt8], placed: [String: String]) -> [String] {
        var colourType: [String: UInt8] = [:]
        for command in GraphicsCommands.kitty(stream) where ["t", "T"].contains(command.key("a") ?? "t") {
            // The PNG's first 33 bytes (signature and IHDR) are its first 44 base64 characters.
            let head = Data(base64Encoded: String(command.payload.prefix(44))).map(Array.init) ?? []
            if let id = command.key("i"), head.count > 25 { colourType[id] = head[25] }
        }
        let ids = Set(placed.keys.compactMap { $0.split(separator: "/").first.map(String.init) })
        return ids.filter { colourType[$0] == 3 }.sorted()
    }

    /// The transmissions in one screen's bytes, each decoded, re-encoded and measured, and those sent ahead
    /// before it (`ahead`, what came after earlier screens' ends) of the images it places: the screen's
    /// bytes count their payloads.
    static func screen(_ name: String, _ bytes: [UInt8], ahead: [GraphicsCommands.Kitty] = []) throws -> Screen {
        let commands = GraphicsCommands.kitty(bytes)
        var cells: [String: (columns: Int, rows: Int)] = [:]
        for command in commands where command.key("a") == "p" {
            if let id = command.key("i"), let columns = command.key("c").flatMap(Int.init), let rows = command.key("r").flatMap(Int.init) {
                cells[id] = (columns, rows)
            }
        }
        let sentAhead = ahead.filter { cells[$0.key("i") ?? ""] != nil }
        let extra = sentAhead.reduce(0) { $0 + $1.payload.utf8.count }
        var pictures: [Picture] = []
        for command in sentAhead + commands where ["t", "T"].contains(command.key("a") ?? "t") {
            let id = command.key("i") ?? "?"
            let png = command.data
            let image = try #require(command.image, "\(name): image \(id) is no PNG the product decodes")
            var errors: [String] = []
            if command.key("f") != "100" { errors.append("f=\(command.key("f") ?? "none")") }
            if PNGEncoder.encode(image) != png { errors.append("not the product's PNG of the pixels decoded back") }
            let (depth, colour, chunks) = pngHeader(png)
            if depth != 8 || colour != 2 { errors.append("bit depth \(depth), colour type \(colour) (8-bit RGB is 8, 2)") }
            if !Set(chunks).isSubset(of: ["IHDR", "sRGB", "IDAT", "IEND"]) { errors.append("chunks \(chunks)") }
            guard let covered = cells[id] else { throw Failure("\(name): image \(id) sent, not placed") }
            if image.width > covered.columns * cell.width || image.height > covered.rows * cell.height {
                errors.append("\(image.width)×\(image.height) pixels over \(covered.columns)×\(covered.rows) cells")
            }
            let (smallest, zlib) = image.pixels.withUnsafeBufferPointer { pixels in
                (
                    photorama_png_smallest_size(pixels.baseAddress, UInt32(image.width), UInt32(image.height)),
                    photorama_zlib_size(pixels.baseAddress, pixels.count, 9)
                )
            }
            try #require(smallest > 0 && zlib > 0)
            pictures.append(
                Picture(
                    id: id, width: image.width, height: image.height, columns: covered.columns, rows: covered.rows, png: png.count,
                    smallest: smallest, zlib: zlib, raw: image.pixels.count, payload: command.payload.utf8.count, errors: errors))
        }
        return Screen(name: name, bytes: bytes.count + extra, pictures: pictures)
    }

    /// A PNG's bit depth and colour type (IHDR) and its chunks' types in order.
    static func pngHeader(_ png: [UInt8]) -> (depth: Int, colour: Int, chunks: [String]) {
        guard png.count >= 33 else { return (0, 0, []) }
        var chunks: [String] = []
        var index = 8
        while index + 8 <= png.count {
            let length = png[index..<(index + 4)].reduce(0) { $0 << 8 | Int($1) }
            chunks.append(String(decoding: png[(index + 4)..<(index + 8)], as: UTF8.self))
            index += 12 + length
        }
        return (Int(png[24]), Int(png[25]), chunks)
    }
}
