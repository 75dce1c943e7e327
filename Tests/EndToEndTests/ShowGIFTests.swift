import DemoServer
import Foundation
import Testing

/// `photorama show` on GIF files: to a pipe, the first frame, as a still picture.
@Suite(.serialized) struct ShowGIFTests {
    @Test func anAnimatedGIFToAPipeIsItsFirstFrame() async throws {
        let folder = NSTemporaryDirectory() + "photorama-show-gif-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Red, then blue, 4×2, looping forever.
        let gif = GIFWriter.encode(
            width: 4, height: 2, palette: [(255, 0, 0), (0, 0, 255)],
            frames: [
                .init(width: 4, height: 2, indices: [0, 0, 0, 0, 0, 0, 0, 0]),
                .init(width: 4, height: 2, indices: [1, 1, 1, 1, 1, 1, 1, 1]),
            ])
        try Data(gif).write(to: URL(fileURLWithPath: folder + "/a.gif"))
        let result = try await CommandRun.run(
            ProductBinary.photorama, ["show", folder + "/a.gif", "--images", "blocks", "--colors", "24bit", "--size", "2x1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\u{1B}[38;2;255;0;0m\u{1B}[48;2;255;0;0m▀▀\u{1B}[0m\n")
    }

    @Test func aTruncatedGIFIsOneLine() async throws {
        let folder = NSTemporaryDirectory() + "photorama-show-gif-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Array("GIF89a".utf8) + [4, 0, 2, 0]).write(to: URL(fileURLWithPath: folder + "/cut.gif"))
        let result = try await CommandRun.run(
            ProductBinary.photorama, ["show", folder + "/cut.gif", "--images", "blocks", "--size", "2x1"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "photorama: corrupt GIF\n")
    }
}
