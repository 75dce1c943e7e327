import Foundation
import ScreenCapture
import SeededRandom
import Testing

/// Seeded random frames through the screen harness: the soak's hunt for frames that ncurses and
/// `DirectColorCells` together leave different from a full redraw, made small and repeatable.
extension ScreenHarnessTests {
    /// What a frame holds: pictures (24-bit, in a shade) and texts, later ones drawn over earlier ones.
    enum Element {
        case picture(row: Int, column: Int, width: Int, height: Int, shade: Int)
        case text(row: Int, column: Int, String)

        /// Moved by whole cells, its top-left corner kept on the screen.
        func moved(columns: Int, rows: Int, screenColumns: Int, screenRows: Int) -> Element {
            func kept(_ value: Int, _ limit: Int) -> Int { min(limit - 1, max(0, value)) }
            switch self {
            case .picture(let row, let column, let width, let height, let shade):
                return .picture(
                    row: kept(row + rows, screenRows), column: kept(column + columns, screenColumns), width: width, height: height,
                    shade: shade)
            case .text(let row, let column, let text):
                return .text(row: kept(row + rows, screenRows), column: kept(column + columns, screenColumns), text)
            }
        }
    }

    /// Titles as feeds send them, hostile ones included (see DemoServer's HostileText): wide, combining,
    /// bidi and zero-width characters next to plain words.
    static let words = [
        "cats", "猫の写真", "👩‍💻 coder", "e\u{301}te\u{301}", "مرحبا", "x", "Sunset over ✨ bay", "a\u{200B}b", "🇯🇵🇫🇷",
        "long title here", "·", "…", "─────", "❤️", "1/200", "서울의 밤", "ｆｕｌｌｗｉｄｔｈ", "שלום", "❤️‍🔥",
        "Z\u{35B}\u{34A}\u{352}a\u{325}\u{329}l\u{34E}g\u{31E}o", "\u{202E}desrever\u{202C}", "\u{2066}isolate\u{2069}",
        "zero\u{200B}width\u{200C}\u{200D}", "\u{FEFF}bom\u{2060}", "\u{061C}arabic mark",
    ]

    static func randomElement(_ random: inout SeededGenerator, columns: Int, rows: Int) -> Element {
        let row = Int.random(in: 0..<rows, using: &random)
        let column = Int.random(in: 0..<columns, using: &random)
        if Int.random(in: 0..<10, using: &random) < 4 {
            return .picture(
                row: row, column: column, width: Int.random(in: 1...20, using: &random), height: Int.random(in: 1...6, using: &random),
                shade: Int.random(in: 0..<256, using: &random))
        }
        let text = (0..<Int.random(in: 1...3, using: &random)).map { _ in words.randomElement(using: &random) ?? "x" }
        return .text(row: row, column: column, text.joined(separator: " "))
    }

    /// One to three changes, as between two frames of the browser: something appears or goes, moves a
    /// column or two (or a row), a picture gets another shade or size, a title gains or loses words.
    static func mutated(
        _ elements: [Element], _ random: inout SeededGenerator, columns: Int, rows: Int
    ) -> [Element] {
        var elements = elements
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let choice = Int.random(in: 0..<100, using: &random)
            guard !elements.isEmpty, choice >= 15 else {
                elements.append(randomElement(&random, columns: columns, rows: rows))
                continue
            }
            let index = Int.random(in: 0..<elements.count, using: &random)
            let step = [-2, -1, 1, 2].randomElement(using: &random) ?? 1
            switch (elements[index], choice) {
            case (_, ..<25):
                elements.remove(at: index)
            case (let element, ..<45):
                elements[index] = element.moved(columns: step, rows: 0, screenColumns: columns, screenRows: rows)
            case (let element, ..<55):
                elements[index] = element.moved(columns: 0, rows: step.signum(), screenColumns: columns, screenRows: rows)
            case (.picture(let row, let column, let width, let height, _), ..<78):
                elements[index] = .picture(
                    row: row, column: column, width: width, height: height, shade: Int.random(in: 0..<256, using: &random))
            case (.picture(let row, let column, let width, let height, let shade), _):
                elements[index] = .picture(row: row, column: column, width: max(1, width + step.signum()), height: height, shade: shade)
            case (.text(let row, let column, let text), _):
                let words = text.split(separator: " ").map(String.init)
                let changed = step > 0 ? words + [Self.words.randomElement(using: &random) ?? "x"] : Array(words.dropLast())
                elements[index] = .text(row: row, column: column, changed.isEmpty ? "x" : changed.joined(separator: " "))
            }
        }
        return elements
    }

    /// The harness's commands for a frame; pictures are cut at the screen's edges.
    static func script(_ elements: [Element], columns: Int, rows: Int) -> String {
        var lines = ["frame"]
        for element in elements {
            switch element {
            case .picture(let row, let column, let width, let height, let shade):
                let width = min(width, columns - column)
                let height = min(height, rows - row)
                if width > 0, height > 0 { lines.append("rgb \(row) \(column) \(width) \(height) \(shade)") }
            case .text(let row, let column, let text):
                lines.append("text \(row) \(column) \(text)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Eight frames drawn one after another, then Ctrl-L's full redraw on a wiped pane: the same screen,
    /// colours included. Seeds 19, 25, 30 and 34 (and 52, 77 and 78 of the first 80) failed on both
    /// terminals while ncurses could clear to the start of a line (see ScrollFreeTerminal.clearToLineStart).
    @Test(arguments: ["tmux-256color", "xterm-256color"])
    func randomFramesDrawnOneAfterAnotherEqualAFullRedraw(terminalType: String) async throws {
        let columns = 60
        let rows = 16
        for seed in UInt64(17)...40 {
            var random = SeededGenerator(seed: seed)
            var elements = (0..<Int.random(in: 4...12, using: &random)).map { _ in
                Self.randomElement(&random, columns: columns, rows: rows)
            }
            var frames: [String] = []
            for index in 0..<8 {
                frames.append(Self.script(elements, columns: columns, rows: rows) + "\nshow f\(index)")
                elements = Self.mutated(elements, &random, columns: columns, rows: rows)
            }
            let tmux = try await start(
                frames.joined(separator: "\n") + "\nredraw full", columns: columns, rows: rows, terminalType: terminalType)
            for index in 0..<7 {
                try await tmux.waitForTitle("f\(index)")
                try await tmux.send("n")
            }
            try await tmux.waitForTitle("f7")
            let incremental = try await tmux.screenWithColours()
            try await tmux.wipeBehindTheProgram()
            try await tmux.send("n")
            try await tmux.waitForTitle("full")
            let full = try await tmux.screenWithColours()
            #expect(CapturedScreen(incremental) == CapturedScreen(full), "\(terminalType), seed \(seed)")
            try await tmux.send("q")
            try await tmux.waitFor(text: "exit=0")
        }
    }
}
