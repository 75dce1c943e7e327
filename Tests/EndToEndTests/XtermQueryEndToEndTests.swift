import Foundation
import TestProcesses
import Testing

/// `photorama terminal` in a real `xterm -ti vt340` (TERM=xterm, no COLORTERM) on a virtual X display:
/// the terminal's own answers must give sixel and 24-bit colour, and the queries must leave nothing on the
/// screen. Self-contained (its own Xvfb, xterm and screenshot) so it can move onto shared real-terminal
/// helpers later.
@Suite(.serialized) struct XtermQueryEndToEndTests {

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    @Test(.needs([.xvfb, .xterm, .imagemagick], for: "xterm's answers to `photorama terminal`"))
    func xtermVT340AnswersSixelAndTrueColourAndShowsNoStrayCharacter() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-xterm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("terminal.json").path
        let shot = folder.appendingPathComponent("screen.ppm").path

        // A black root window (-br): the screenshot's lit pixels are xterm's.
        let display = try await VirtualDisplay.start(width: 640, height: 400, options: ["-br"])
        var environment = ProcessInfo.processInfo.environment
        for name in ["COLORTERM", "NO_COLOR", "TMUX", "TERM_PROGRAM", "KITTY_WINDOW_ID", "PHOTORAMA_IMAGES", "WINDOWID"] {
            environment[name] = nil
        }
        environment["DISPLAY"] = display.name
        // The report goes to a file (the queries then go to stderr, the terminal); then READY is written
        // where the cursor is, with the cursor hidden: on a clean screen, at the top left corner.
        let script = "\(ProductBinary.photorama) terminal --format json > \(Self.quote(report)); printf '\\033[?25lREADY'; exec sleep 600"
        let xterm = try ChildProcess(
            "/usr/bin/xterm",
            ["-ti", "vt340", "-tn", "xterm", "-bg", "black", "-fg", "white", "-geometry", "80x24+0+0", "-e", "/bin/sh", "-c", script],
            environment: environment)
        defer { xterm.killAndReap() }

        let json = try await Self.poll("photorama terminal's report") { () -> [String: Any]? in
            let bytes = CapturedOutput.bytes(atPath: report)
            guard !bytes.isEmpty else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        }
        #expect(json["name"] as? String == "XTerm")
        #expect(json["term"] as? String == "xterm")
        #expect(json["protocol"] as? String == "sixel")
        #expect(json["colors"] as? String == "24bit")
        #expect(json["ended_by_da1"] as? Bool == true)
        #expect(json["tmux"] as? Bool == false)
        // XTSMGRAPHICS: xterm 379 as a VT340 reports 1024 colour registers (sixel pictures get 256 of them).
        let answers = try #require(json["answers"] as? [[String: Any]])
        let registers = answers.filter { $0["query"] as? String == "XTSMGRAPHICS" }.map { $0["text"] as? String }
        #expect(registers == ["?1;0;1024"])
        let cell = try #require(json["cell"] as? [String: Any])
        let cellWidth = try #require(cell["width"] as? Int)
        let cellHeight = try #require(cell["height"] as? Int)

        // The screen once READY is painted: every lit pixel must belong to READY's five cells. READY is
        // painted when its last cell, the Y, is lit (xterm's block cursor alone lights the first cell while
        // the program still runs).
        let border = 2  // xterm's internal border
        let ready = (right: border + 5 * cellWidth, bottom: border + cellHeight)
        let lastCell = border + 4 * cellWidth
        let lit = try await Self.poll("READY on the screen") { () -> [(x: Int, y: Int)]? in
            guard (try? await ShellSpawn.run("import -display \(display.name) -window root -depth 8 \(Self.quote(shot))").status) == 0,
                let image = Screenshot(path: shot)
            else { return nil }
            let lit = image.litPixels()
            return lit.contains { $0.x >= lastCell && $0.x < ready.right && $0.y < ready.bottom } ? lit : nil
        }
        let stray = lit.filter { $0.x >= ready.right || $0.y >= ready.bottom }
        #expect(stray.count == 0, "lit outside READY: \(stray.count) pixels, first at \(stray.first.map { "\($0.x),\($0.y)" } ?? "")")
    }

    /// Polls `value` every 50 ms for up to 30 s.
    static func poll<T>(_ what: String, _ value: () async throws -> T?) async throws -> T {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(30)
        while clock.now < end {
            if let found = try await value() { return found }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "waited 30 s for \(what)")
    }

    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// A binary PPM (P6, 8 bits) as ImageMagick's `import` writes it.
    struct Screenshot {
        var width: Int
        var height: Int
        var pixels: [UInt8]

        init?(path: String) {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            let bytes = [UInt8](data)
            // Header: "P6", width, height, maxval, each after white space, then one white space byte.
            var fields: [Int] = []
            var index = 2
            guard bytes.starts(with: Array("P6".utf8)) else { return nil }
            while fields.count < 3, index < bytes.count {
                while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                    index += 1
                }
                var number = 0
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                    number = number * 10 + Int(bytes[index] - 0x30)
                    index += 1
                }
                fields.append(number)
            }
            guard fields.count == 3, fields[2] == 255, bytes.count >= index + 1 + fields[0] * fields[1] * 3 else { return nil }
            width = fields[0]
            height = fields[1]
            pixels = Array(bytes[(index + 1)...])
        }

        /// Every pixel that is not black.
        func litPixels() -> [(x: Int, y: Int)] {
            var lit: [(x: Int, y: Int)] = []
            for y in 0..<height {
                for x in 0..<width {
                    let offset = (y * width + x) * 3
                    if pixels[offset] > 40 || pixels[offset + 1] > 40 || pixels[offset + 2] > 40 { lit.append((x, y)) }
                }
            }
            return lit
        }
    }
}
