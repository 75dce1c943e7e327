import Foundation
import PhotoramaImages
import TestProcesses
import Testing

@testable import DemoServer

/// The picture protocols' bytes as the real browser writes them, kept by script(1) inside tmux (see
/// `TerminalOutputLog`), over the demo server. A detached tmux gives its panes, and so script's terminal,
/// tmux's default cell of 16×32 pixels (DEFAULT_XPIXEL, DEFAULT_YPIXEL).
@Suite(.serialized, .ownThread) struct GraphicsStreamEndToEndTests {
    static let cell = (width: 16, height: 32)
    let truecolor = ["COLORTERM": "truecolor", "NO_COLOR": ""]

    // MARK: - The map as a kitty picture
    /// At 80×24 the map is rows 2–21 (20 rows of 80 columns): one picture of 1,280×640 pixels placed there,
    /// the Arctic Ocean in its top-left corner and Antarctica along its bottom row; leaving the map removes it.
    @Test func theMapIsOneKittyPictureOverTheMapsCells() async throws {
        let log = try TerminalOutputLog()
        let tmux = try await TmuxSession.start(
            command: log.running("\(ProductBinary.photorama) --demo --seed 11 --images kitty --thumbnails off"), columns: 80, rows: 24,
            environment: truecolor)
        try await tmux.waitForGrid()
        try await tmux.send("m")
        let placedMap: (GraphicsCommands.Kitty) -> Bool = { $0.key("a") == "p" && $0.key("c") == "80" && $0.key("r") == "20" }
        let stream = try await log.waitFor("the map placed over 80×20 cells") { GraphicsCommands.kitty($0).contains(where: placedMap) }
        let commands = GraphicsCommands.kitty(stream)
        let placement = try #require(commands.first(where: placedMap))
        #expect(placement.cursor == "3;1")
        let id = try #require(placement.key("i"))
        let stored = try #require(commands.last { $0.key("i") == id && ["t", "T"].contains($0.key("a") ?? "t") })
        #expect(stored.key("f") == "100")
        let (width, height) = (80 * Self.cell.width, 20 * Self.cell.height)
        let image = try #require(stored.image)
        #expect(image.size == PixelSize(width: width, height: height))
        let pixels = image.pixels
        try #require(pixels.count == width * height * 3)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[((y * width + x) * 3)..<((y * width + x) * 3 + 3)]) }
        let sea = pixel(0, 0)
        let land = pixel(0, height - 1)
        #expect(sea != land)
        #expect((0..<width).allSatisfy { pixel($0, height - 1) == land })
        #expect(KittyStream.errors(stream) == [])

        try await tmux.send("Escape")
        try await log.waitFor("the map's picture removed") { !KittyStream.placements($0).contains { $0.hasPrefix("\(id)/") } }
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    // MARK: - iTerm2 thumbnails
    /// Cells a photo of `width`×`height` takes fitted into a card's 23×8-cell picture, `cell` pixels a cell.
    static func fitted(width: Int, height: Int) -> (columns: Int, rows: Int) {
        let scale = min(Double(23 * cell.width) / Double(width), Double(8 * cell.height) / Double(height))
        return (
            min(23, max(1, Int((Double(width) * scale / Double(cell.width)).rounded()))),
            min(8, max(1, Int((Double(height) * scale / Double(cell.height)).rounded())))
        )
    }

    /// The grid's six first thumbnails at 80×24 as iTerm2 inline images: each a JPEG of exactly the pixels
    /// of the cells it is shown in, fitted to its photo's shape; after `F` each fills its card's 23×8 cells.
    @Test func thumbnailsAreITermImagesOfTheirCellsPixels() async throws {
        let photos = DemoCatalog(seed: 1).photos.prefix(6)
        let expected = Set(photos.map { Self.fitted(width: $0.width, height: $0.height) }.map { "\($0.columns)x\($0.rows)" })
        let log = try TerminalOutputLog()
        let tmux = try await TmuxSession.start(
            command: log.running("\(ProductBinary.photorama) --demo --images iterm2 --thumbnails on"), columns: 80, rows: 24,
            environment: truecolor)
        try await tmux.waitForGrid()
        /// "23x8" for each image sent; nil when its JPEG is not of its cells' pixels.
        func shapes(_ images: [GraphicsCommands.ITermImage]) -> Set<String?> {
            Set(
                images.map { image in
                    guard let columns = image.fields["width"].flatMap(Int.init), let rows = image.fields["height"].flatMap(Int.init),
                        let jpeg = image.jpegSize, jpeg.width == columns * Self.cell.width, jpeg.height == rows * Self.cell.height,
                        image.fields["size"] == String(image.file.count), image.fields["inline"] == "1"
                    else { return nil }
                    return "\(columns)x\(rows)"
                })
        }
        let first = try await log.waitFor("six thumbnails") { Set(GraphicsCommands.iterm($0).map(\.file)).count >= 6 }
        #expect(shapes(GraphicsCommands.iterm(first)) == Set(expected.map(Optional.some)), "\(Self.describe(first))")

        let before = GraphicsCommands.iterm(log.bytes()).count
        try await tmux.send("F")
        // From the first filled picture on: until F is handled, a fitted one may still be painted again (ncurses
        // wrote on its rows; a CI run saw an 11×8 one after the count was taken).
        func afterF(_ bytes: [UInt8]) -> [GraphicsCommands.ITermImage] {
            Array(GraphicsCommands.iterm(bytes).dropFirst(before).drop { shapes([$0]) != ["23x8"] })
        }
        let filled = try await log.waitFor("six filled thumbnails") { Set(afterF($0).map(\.file)).count >= 6 }
        #expect(shapes(afterF(filled)) == ["23x8"], "\(Self.describe(filled))")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    static func describe(_ bytes: [UInt8]) -> String {
        GraphicsCommands.iterm(bytes).map { image in
            "\(image.fields.sorted { $0.key < $1.key }) \(image.jpegSize.map { "\($0.width)×\($0.height)" } ?? "not a JPEG")"
        }.joined(separator: "\n")
    }

    // MARK: - An animated GIF for kitty
    /// A GIF's loop count (NETSCAPE2.0; nil without one) and its frames' delays in hundredths of a second.
    static func gifTiming(_ bytes: [UInt8]) -> (loops: Int?, delays: [Int]) {
        var loops: Int?
        var delays: [Int] = []
        let netscape = Array("NETSCAPE2.0".utf8)
        for index in bytes.indices.dropLast(16) {
            if bytes[index] == 0x21, bytes[index + 1] == 0xF9, bytes[index + 2] == 0x04 {
                delays.append(Int(bytes[index + 4]) | Int(bytes[index + 5]) << 8)
            }
            if bytes[index] == 0x21, bytes[index + 1] == 0xFF, bytes[index + 2] == 0x0B,
                bytes[(index + 3)..<(index + 14)].elementsEqual(netscape), bytes[index + 15] == 0x01
            {
                loops = Int(bytes[index + 16]) | Int(bytes[index + 17]) << 8
            }
        }
        return (loops, delays)
    }

    /// `gif` with its NETSCAPE2.0 loop count set to `loops`.
    static func gif(_ gif: [UInt8], loops: Int) -> [UInt8] {
        var bytes = gif
        let netscape = Array("NETSCAPE2.0".utf8)
        for index in bytes.indices.dropLast(17) where bytes[(index + 3)..<(index + 14)].elementsEqual(netscape) {
            bytes[index + 16] = UInt8(loops & 0xFF)
            bytes[index + 17] = UInt8(loops >> 8)
        }
        return bytes
    }

    /// The viewer on the first GIF of Recent, found by asking the demo server for each photo's picture:
    /// kitty gets every frame with its delay and the GIF's own loop count (the demo's loop forever: v=1; the
    /// same GIF set to 2 loops and served for that photo (`photoFiles`): v=3), and leaving the viewer removes
    /// the playing picture.
    @Test(arguments: [nil, 2])
    func aGIFPlaysInKittyWithItsDelaysAndLoopsAndStopsWhenLeft(loops setLoops: Int?) async throws {
        let catalog = DemoCatalog(seed: 1)
        let download = try TerminalOutputLog()
        var found: (index: Int, bytes: [UInt8])?
        let lookup = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        for index in 0..<64 {
            let photo = catalog.photos[index]
            let url = lookup.locationsURL.absoluteString + "/\(photo.server)/\(photo.idString)_\(photo.secret)_z.jpg"
            let fetched = try await CommandRun.run("/usr/bin/curl", ["-s", "-o", download.path, url])
            try #require(fetched.status == 0)
            if download.bytes().starts(with: Array("GIF89a".utf8)) {
                found = (index, download.bytes())
                break
            }
        }
        await lookup.stop()
        let (index, demoGIF) = try #require(found, "no GIF among Recent's 64 newest")
        var configuration = DemoServerConfiguration()
        let gif = setLoops.map { Self.gif(demoGIF, loops: $0) } ?? demoGIF
        if setLoops != nil { configuration.photoFiles = [catalog.photos[index].id: gif] }
        let server = try await RunningDemoServer.start(configuration, executor: OwnThreadTrait.executor)
        let timing = Self.gifTiming(gif)
        let loops = try #require(timing.loops)
        #expect(loops == setLoops ?? 0)
        try #require(timing.delays.count > 1)

        let log = try TerminalOutputLog()
        let tmux = try await TmuxSession.start(
            command: log.running(
                "\(ProductBinary.photorama) --flickr-url \(server.flickrURL.absoluteString) --images kitty --thumbnails off"),
            columns: 80, rows: 24, environment: truecolor.merging(["FLICKR_API_KEY": DemoAPIKeys.flickr]) { $1 })
        try await tmux.waitForGrid()
        try await tmux.send("v")
        for _ in 0..<index { try await tmux.send("l") }
        let running: (GraphicsCommands.Kitty) -> Bool = { $0.key("a") == "a" && $0.key("s") == "3" }
        let stream = try await log.waitFor("the animation run") { GraphicsCommands.kitty($0).contains(where: running) }
        #expect(TmuxSession.statusLine(try await tmux.screen()).hasSuffix("\(index + 1) of 1,000"))
        let commands = GraphicsCommands.kitty(stream)
        let run = try #require(commands.first(where: running))
        let id = try #require(run.key("i"))
        #expect(run.key("v") == String(loops == 0 ? 1 : loops + 1))
        let frames = commands.filter { $0.key("i") == id && $0.key("a") == "f" }
        #expect(frames.map { $0.key("z") } == timing.delays.dropFirst().map { String($0 * 10) })
        let firstGap = String(timing.delays[0] * 10)
        #expect(commands.contains { $0.key("i") == id && $0.key("a") == "a" && $0.key("r") == "1" && $0.key("z") == firstGap })
        #expect(KittyStream.placements(stream).contains { $0.hasPrefix("\(id)/") })

        try await tmux.send("Escape")
        try await log.waitFor("the GIF's picture removed") { !KittyStream.placements($0).contains { $0.hasPrefix("\(id)/") } }
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
        await server.stop()
    }
}

extension KittyStream {
    static func placements(_ bytes: [UInt8]) -> Set<String> {
        var stream = KittyStream()
        stream.read(bytes)
        return stream.placements
    }

    static func errors(_ bytes: [UInt8]) -> [String] {
        var stream = KittyStream()
        stream.read(bytes)
        return stream.errors
    }
}
