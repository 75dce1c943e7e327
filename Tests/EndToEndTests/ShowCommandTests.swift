import DemoServer
import Foundation
import Testing

/// `photorama show` as scripts use it: the real binary, files the test writes itself, exact exit
/// statuses and one-line errors.
@Suite struct ShowCommandTests {
    /// A temporary file with these bytes, removed by the caller.
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-show-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    @Test func aJPEGFileIsPrintedAsTwentyFourBitHalfBlocksFittedToTheSize() async throws {
        let path = try file("photo.jpg", SampleImage.jpeg(width: 800, height: 600))
        defer { remove(path) }
        let result = try await CommandRun.run(ProductBinary.photorama, ["show", path, "--size", "40x30", "--colors", "24bit"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        // 4:3 in 40×30 cells (40×60 pixels): 40 columns, 15 rows of two pixels each, then the final newline.
        #expect(lines.count == 16)
        #expect(lines.last == "")
        for line in lines.dropLast() {
            #expect(line.hasPrefix("\u{1B}[38;2;"))
            #expect(line.hasSuffix("\u{1B}[0m"))
            #expect(line.filter { $0 == "▀" }.count == 40)
        }
    }

    @Test func pipedOutputFitsEightyByTwentyFour() async throws {
        let path = try file("wide.jpg", SampleImage.jpeg(width: 1600, height: 400))
        defer { remove(path) }
        let result = try await CommandRun.run(ProductBinary.photorama, ["show", path, "--colors", "256"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        // 4:1 in 80×24 cells: 80 columns, 10 rows; 256 colours use 38;5.
        #expect(lines.count == 10)
        #expect(lines.allSatisfy { $0.filter { $0 == "▀" }.count == 80 })
        #expect(lines[0].hasPrefix("\u{1B}[38;5;"))
    }

    @Test func asciiAndMonoUseNoColours() async throws {
        let path = try file("photo.jpg", SampleImage.jpeg(width: 400, height: 400))
        defer { remove(path) }
        let ascii = try await CommandRun.run(ProductBinary.photorama, ["show", path, "--size", "20x10", "--images", "ascii"])
        #expect(ascii.status == 0)
        #expect(!ascii.stdout.contains("38;"))
        #expect(ascii.stdout.split(separator: "\n").count == 10)
        let mono = try await CommandRun.run(
            ProductBinary.photorama, ["show", path, "--size", "20x10"], environment: ["NO_COLOR": "1", "TERM": "xterm-256color"])
        #expect(mono.status == 0)
        #expect(!mono.stdout.contains("38;"))
        #expect(!mono.stdout.contains("48;"))
    }

    @Test func filesThatAreNotPhotosGiveOneLineAndExitOne() async throws {
        let html = try file("error.jpg", Array("<html><body>502 Bad Gateway</body></html>".utf8))
        let empty = try file("empty.jpg", [])
        let truncated = try file("cut.jpg", Array(SampleImage.jpeg(width: 640, height: 480).prefix(3000)))
        defer { for path in [html, empty, truncated] { remove(path) } }
        for (path, message) in [(html, "not an image"), (empty, "empty image"), (truncated, "corrupt JPEG")] {
            let result = try await CommandRun.run(ProductBinary.photorama, ["show", path, "--size", "40x20"])
            #expect(result.status == 1, "\(path)")
            #expect(result.stderr == "photorama: \(message)\n")
            #expect(result.stdout == "")
        }
    }

    @Test func aFileThatDoesNotExistIsNamedNotTakenForAPhotoId() async throws {
        // "photo.jpg" and "./x" cannot be photo ids (those are digits) nor URLs: they are files not there.
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-no-such-\(UUID().uuidString).jpg").path
        for path in [missing, "holiday.jpg"] {
            let result = try await CommandRun.run(ProductBinary.photorama, ["show", path, "--size", "40x20", "--offline"])
            #expect(result.status == 1, "\(path)")
            #expect(result.stderr == "photorama: no such file: \(path)\n")
            #expect(result.stdout == "")
        }
    }

    @Test func badOptionsExitTwo() async throws {
        let size = try await CommandRun.run(ProductBinary.photorama, ["show", "x.jpg", "--size", "80by40"])
        #expect(size.status == 2)
        #expect(size.stderr.hasPrefix("photorama: --size must be COLUMNSxROWS"))
        let mode = try await CommandRun.run(ProductBinary.photorama, ["show", "x.jpg", "--images", "pixels"])
        #expect(mode.status == 2)
        #expect(mode.stderr.hasPrefix("photorama: --images must be auto, kitty, sixel, iterm2, blocks, ascii or none (got \"pixels\")"))
    }

    @Test func aDemoPhotoIdIsFetchedAndDrawn() async throws {
        let recent = try await CommandRun.run(ProductBinary.photorama, ["recent", "--demo", "--format", "ids", "--limit", "1"])
        let id = recent.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!id.isEmpty)
        let result = try await CommandRun.run(ProductBinary.photorama, ["show", id, "--demo", "--size", "30x15", "--colors", "24bit"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\u{1B}[38;2;"))
        let missing = try await CommandRun.run(ProductBinary.photorama, ["show", "1", "--demo", "--size", "30x15"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("photorama: "))
        #expect(missing.stderr.split(separator: "\n").count == 1)
    }
}
