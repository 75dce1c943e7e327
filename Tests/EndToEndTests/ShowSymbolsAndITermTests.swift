import DemoServer
import Foundation
import Testing

/// `photorama show --symbols …` and `--images iterm2`, through the real binary.
@Suite struct ShowSymbolsAndITermTests {
    final class Folder {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-symbols-\(UUID().uuidString)").path
        var photo: String { root + "/photo.jpg" }

        init() throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: photo, contents: Data(SampleImage.jpeg(width: 800, height: 600))) else {
                throw TmuxSession.Failure(description: "cannot write \(photo)")
            }
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func sextantsAreCellsOfSextants() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let result = try await CommandRun.run(
            ProductBinary.photorama, ["show", folder.photo, "--size", "40x20", "--colors", "24bit", "--symbols", "sextant"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        // 4:3 in 40×20 cells of 1:2: 40×15.
        #expect(lines.count == 15)
        let characters = result.stdout.unicodeScalars.filter { $0.value >= 0x80 }
        // Sextants, and the block elements the matcher weighs beside them: quadrants and halves (U+2580–U+259F
        // but the shades and the right and upper eighths it never draws) and the lower and left eighths.
        let blocks = Set("▀▄█▌▐▖▗▘▙▚▛▜▝▞▟▁▂▃▅▆▇▉▊▋▍▎▏".unicodeScalars)
        #expect(characters.allSatisfy { (0x1FB00...0x1FB3B).contains($0.value) || blocks.contains($0) })
        #expect(characters.contains { (0x1FB00...0x1FB3B).contains($0.value) })
    }

    @Test func symbolsOutsideTheSetsAreRefused() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let result = try await CommandRun.run(ProductBinary.photorama, ["show", folder.photo, "--symbols", "braille"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("photorama: --symbols must be half, quadrant, sextant, octant or auto (got \"braille\")"))
    }

    /// Into a pipe: the sequence with the cells' size, a JPEG of 800×600 pixels (80×30 cells of the
    /// 10×20 fallback), its byte count as `size=`.
    @Test func iterm2WritesAnInlineJPEGSizedInCells() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let result = try await CommandRun.run(ProductBinary.photorama, ["show", folder.photo, "--images", "iterm2", "--size", "80x40"])
        #expect(result.status == 0, "\(result.stderr)")
        let prefix = "\u{1B}]1337;File=inline=1;width=80;height=30;preserveAspectRatio=1;size="
        #expect(result.stdout.hasPrefix(prefix))
        #expect(result.stdout.hasSuffix("\u{1B}\\\n"))
        let body = result.stdout.dropFirst(prefix.count).dropLast(3)
        let parts = body.split(separator: ":", maxSplits: 1)
        let data = try #require(parts.count == 2 ? Data(base64Encoded: String(parts[1])) : nil)
        #expect(Int(parts[0]) == data.count)
        // A baseline JPEG whose frame header says 800×600.
        let bytes = [UInt8](data)
        #expect(bytes.prefix(2) == [0xFF, 0xD8])
        let frame = try #require(bytes.indices.dropLast(9).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        #expect(Int(bytes[frame + 5]) << 8 | Int(bytes[frame + 6]) == 600)
        #expect(Int(bytes[frame + 7]) << 8 | Int(bytes[frame + 8]) == 800)
    }

    /// On a terminal (tmux's pane), the raw bytes the program writes, as tmux's pipe-pane hands them on.
    @Test func iterm2OnATerminalInTmux() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let raw = folder.root + "/raw"
        let session = try await TmuxSession.start(command: "true", columns: 100, rows: 30)
        try await session.waitFor(text: "exit=0")
        try await session.tmux(["pipe-pane", "-o", "-t", session.name, "cat > \(TmuxSession.shellQuote(raw))"])
        try await session.sendLine(
            "\(TmuxSession.shellQuote(ProductBinary.photorama)) show \(TmuxSession.shellQuote(folder.photo)) --images iterm2 --size 20x10; echo shown=$?"
        )
        try await session.waitFor(text: "shown=0")
        let written = try String(contentsOfFile: raw, encoding: .isoLatin1)
        #expect(written.contains("\u{1B}]1337;File=inline=1;width=20;height="))
        #expect(written.contains(";preserveAspectRatio=1;size="))
        #expect(written.contains("\u{1B}\\"))
    }
}
