import Foundation
import Testing

/// `photorama show` on Display P3 files (the profile in Tests/Fixtures/icc assigned by ImageMagick): the
/// colours drawn are the sRGB ones, in text and in kitty's pixels alike. P3's (200, 100, 50) is sRGB's
/// (215, 93, 31) through Little CMS (ColourProfileTests holds that against ImageMagick's conversion).
@Suite(.serialized) struct ShowColourProfileTests {
    static let profile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/icc/display-p3.icc").path

    /// A 16×16 picture of P3 (200, 100, 50) as `format` (png or jpg), in a fresh folder.
    func p3Picture(_ format: String) async throws -> (folder: String, path: String) {
        let folder = NSTemporaryDirectory() + "photorama-show-p3-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let ppm = Array("P6\n16 16\n255\n".utf8) + Array([UInt8]([200, 100, 50]).repeated(256))
        try Data(ppm).write(to: URL(fileURLWithPath: folder + "/plain.ppm"))
        let path = folder + "/orange." + format
        let made = try await CommandRun.run("/usr/bin/convert", [folder + "/plain.ppm", "-profile", Self.profile, "-quality", "100", path])
        #expect(made.status == 0, "\(made.stderr)")
        return (folder, path)
    }

    @Test(arguments: ["png", "jpg"])
    func halfBlocksIn24BitAreTheSRGBColours(format: String) async throws {
        let (folder, path) = try await p3Picture(format)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await CommandRun.run(
            ProductBinary.photorama, ["show", path, "--images", "blocks", "--colors", "24bit", "--size", "4x2"])
        #expect(result.status == 0, "\(result.stderr)")
        let row = "\u{1B}[38;2;215;93;31m\u{1B}[48;2;215;93;31m▀▀▀▀\u{1B}[0m\n"
        #expect(result.stdout == row + row)
    }

    @Test func kittyPixelsAreTheSRGBColours() async throws {
        let (folder, path) = try await p3Picture("png")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await CommandRun.run(ProductBinary.photorama, ["show", path, "--images", "kitty", "--size", "4x2"])
        #expect(result.status == 0, "\(result.stderr)")
        // The picture (a PNG, f=100) decoded: every pixel the same.
        let command = try #require(GraphicsCommands.kitty(Array(result.stdout.utf8)).first)
        #expect(command.key("f") == "100")
        let pixels = try #require(command.image).pixels
        #expect(pixels.count >= 3)
        #expect(Array(pixels.prefix(3)) == [215, 93, 31])
        #expect(Set(pixels.enumerated().map { [$0.offset % 3, Int($0.element)] }) == [[0, 215], [1, 93], [2, 31]])
    }
}

extension Array {
    fileprivate func repeated(_ count: Int) -> [Element] { (0..<count).flatMap { _ in self } }
}
