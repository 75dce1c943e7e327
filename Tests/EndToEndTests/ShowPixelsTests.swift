import DemoServer
import Foundation
import Testing

/// `photorama show --images kitty|sixel`: the protocols are written whatever the terminal (a pipe here,
/// so cells are the 10×20-pixel fallback), and `auto` never writes them to a pipe.
@Suite struct ShowPixelsTests {
    func file(_ bytes: [UInt8]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-pixels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("photo.jpg").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    @Test func filesThatAreNotPhotosGiveOneLineWithEitherProtocol() async throws {
        let html = try file(Array("<html><body>502 Bad Gateway</body></html>".utf8))
        defer { remove(html) }
        for mode in ["kitty", "sixel"] {
            let result = try await CommandRun.run(ProductBinary.photorama, ["show", html, "--images", mode, "--size", "40x20"])
            #expect(result.status == 1, "\(mode)")
            #expect(result.stderr == "photorama: not an image\n", "\(mode)")
            #expect(result.stdout == "", "\(mode)")
        }
    }

    // The positive cases need the JPEG decoder (engineer C's ImageDecoder); until it lands decode()
    // refuses every file.
    @Test(.disabled("needs ImageDecoder.decode (PhotoramaImages, engineer C)"))
    func kittyTransmitsAndDisplaysInTheFittedCells() async throws {
        let path = try file(SampleImage.jpeg(width: 4000, height: 3000))
        defer { remove(path) }
        let result = try await CommandRun.run(ProductBinary.photorama, ["show", path, "--images", "kitty", "--size", "80x40"])
        #expect(result.status == 0, "\(result.stderr)")
        // 4:3 in 80×40 cells of 10×20 pixels: 80×30 cells, 800×600 pixels, 1,440,000 bytes of RGB in
        // 1,920,000 bytes of base64: 469 chunks.
        #expect(result.stdout.hasPrefix("\u{1B}_Ga=T,f=24,s=800,v=600,i=1,c=80,r=30,q=2,m=1;"))
        #expect(result.stdout.hasSuffix("\u{1B}\\\n"))
        #expect(result.stdout.components(separatedBy: "\u{1B}_G").count - 1 == 469)
    }

    @Test(.disabled("needs ImageDecoder.decode (PhotoramaImages, engineer C)"))
    func sixelFromOptionOrEnvironment() async throws {
        let path = try file(SampleImage.jpeg(width: 4000, height: 3000))
        defer { remove(path) }
        let option = try await CommandRun.run(ProductBinary.photorama, ["show", path, "--images", "sixel", "--size", "80x40"])
        #expect(option.status == 0, "\(option.stderr)")
        #expect(option.stdout.hasPrefix("\u{1B}P"))
        #expect(option.stdout.contains("\"1;1;800;600#"))
        #expect(option.stdout.hasSuffix("\u{1B}\\\n"))
        let environment = try await CommandRun.run(
            ProductBinary.photorama, ["show", path, "--size", "80x40"], environment: ["PHOTORAMA_IMAGES": "sixel", "TERM": "xterm"])
        #expect(environment.stdout == option.stdout)
    }

    @Test(.disabled("needs ImageDecoder.decode (PhotoramaImages, engineer C)"))
    func autoNeverWritesAProtocolToAPipe() async throws {
        let path = try file(SampleImage.jpeg(width: 800, height: 600))
        defer { remove(path) }
        let result = try await CommandRun.run(
            ProductBinary.photorama, ["show", path, "--size", "40x30", "--images", "auto"],
            environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", "COLORTERM": "truecolor"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}_G"))
        #expect(result.stdout.hasPrefix("\u{1B}[38;2;"))
    }
}
