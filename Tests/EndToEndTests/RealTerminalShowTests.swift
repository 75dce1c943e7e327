import DemoServer
import Foundation
import PhotoramaImages
import TestProcesses
import Testing

/// The real binary in real terminal emulators on a virtual display, compared pixel by pixel with what it
/// should show. One emulator at a time (the suite is serialized): each draws with a CPU of its own.
@Suite(.serialized, .needs(RealTerminalPrograms.required, for: "the real-terminal test"))
struct RealTerminalTests {
    /// The test photo: the demo's 4:3 landscape, on disk, decoded as the reference.
    struct Photo {
        let path: String
        let pixels: RGBImage
        let folder: String

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-realterm-photo-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            path = folder + "/photo.jpg"
            let jpeg = SampleImage.jpeg(width: 800, height: 600, seed: 4)
            try Data(jpeg).write(to: URL(fileURLWithPath: path))
            pixels = try ImageDecoder.decode(jpeg)
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// What a command drew on an empty terminal: where, and how far from the photo.
    struct Drawn {
        var cells: Screenshot.Cells?
        var error: Double?
    }

    /// Runs `command` (drawing `photo` at the top-left corner) in `emulator` and measures what it drew.
    func draw(_ command: String, in emulator: TerminalEmulator, photo: Photo, environment: [String: String] = [:]) async throws -> Drawn {
        let terminal = try await RealTerminal.start(emulator, columns: 80, rows: 24, command: command, environment: environment)
        #expect(try await terminal.waitForExit() == 0, "\(command) in \(emulator)")
        let shot = try await terminal.waitForStableScreenshot("the picture", until: { $0.paintedCells() != nil })
        guard let cells = shot.paintedCells() else { return Drawn() }
        return Drawn(cells: cells, error: PictureError.meanAbsolute(of: cells, in: shot, against: photo.pixels))
    }

    // MARK: - photorama show
    // A 4:3 photo in 40×20 cells: 40 columns wide. 8×17-pixel cells (xterm, kitty) give 320×238 pixels,
    // 14 rows; mlterm's 8×16 ones 320×240, 15 rows; half blocks (square pixels of half a cell) 40×30, 15 rows.
    // The bounds: each mode's error measured in its terminal (docs/PERFORMANCE.md, "Fidelity in real
    // terminals") with room; 256-colour half blocks measure 20, 16-colour ones 44: far above them.
    // chafa draws the same photo at the same size in the same terminal, for the figures beside ours.

    /// Runs `show` and chafa in `emulator`, checks where ours landed and its error, and prints both errors.
    func compare(
        _ images: String, extra: String = "", chafa format: String, in emulator: TerminalEmulator, cells: Screenshot.Cells, bound: Double
    ) async throws {
        let photo = try Photo()
        defer { photo.remove() }
        let ours = try await draw(
            "\(ProductBinary.photorama) show \(photo.path) --images \(images) --size 40x20 \(extra)", in: emulator, photo: photo)
        let chafa = try await draw("chafa --size 40x20 \(format) \(photo.path)", in: emulator, photo: photo)
        let figures = [ours, chafa].map { $0.error.map { String(format: "%.1f", $0) } ?? "nothing drawn" }
        print(
            "fidelity in \(emulator), \(images) \(extra): photorama \(figures[0]) in \(ours.cells?.description ?? "-");"
                + " chafa \(format): \(figures[1]) in \(chafa.cells?.description ?? "-")")
        #expect(ours.cells == cells, "\(emulator) \(images)")
        #expect((ours.error ?? 255) < bound, "\(emulator) \(images): mean error \(figures[0])")
        #expect(chafa.cells != nil, "chafa drew nothing in \(emulator)")
    }

    @Test func showDrawsSixelInXtermInTheFittedCells() async throws {
        try await compare(
            "sixel", chafa: "-f sixels", in: .xterm(.vt340), cells: .init(column: 0, row: 0, columns: 40, rows: 14), bound: 5)
    }

    @Test func showDrawsTrueColourHalfBlocksInXterm() async throws {
        try await compare(
            "blocks", extra: "--colors 24bit", chafa: "-f symbols --colors full", in: .xterm(.vt340),
            cells: .init(column: 0, row: 0, columns: 40, rows: 15), bound: 6)
    }

    @Test func showDrawsKittyGraphicsInKitty() async throws {
        try await compare("kitty", chafa: "-f kitty", in: .kitty, cells: .init(column: 0, row: 0, columns: 40, rows: 14), bound: 2)
    }

    /// Kitty draws the sextants itself (no font needed): at the same cells, its rendering of sextants is
    /// closer to the photo than its rendering of half blocks, and chafa's symbols are measured beside.
    @Test func sextantsAreCloserThanHalfBlocksAsKittyRendersThem() async throws {
        let photo = try Photo()
        defer { photo.remove() }
        let command = "\(ProductBinary.photorama) show \(photo.path) --images blocks --colors 24bit --size 40x20 --symbols"
        let half = try await draw(command + " half", in: .kitty, photo: photo)
        let sextant = try await draw(command + " sextant", in: .kitty, photo: photo)
        let chafa = try await draw("chafa --size 40x20 -f symbols --colors full \(photo.path)", in: .kitty, photo: photo)
        let figures = [half, sextant, chafa].map { $0.error.map { String(format: "%.2f", $0) } ?? "nothing drawn" }
        print("fidelity in kitty, 24-bit text: half \(figures[0]), sextant \(figures[1]), chafa symbols \(figures[2])")
        #expect(half.cells == .init(column: 0, row: 0, columns: 40, rows: 15))
        #expect(sextant.cells == .init(column: 0, row: 0, columns: 40, rows: 15))
        let halfError = try #require(half.error)
        let sextantError = try #require(sextant.error)
        #expect(sextantError < halfError, "sextant \(figures[1]) against half \(figures[0])")
        // chafa is installed (the suite needs it): it must have drawn, and sextants come at least as close.
        let chafaError = try #require(chafa.error, "chafa drew nothing")
        #expect(sextantError <= chafaError, "sextant \(figures[1]) against chafa \(figures[2])")
    }

    @Test func showDrawsSixelInMlterm() async throws {
        try await compare("sixel", chafa: "-f sixels", in: .mlterm, cells: .init(column: 0, row: 0, columns: 40, rows: 15), bound: 5)
    }
}
