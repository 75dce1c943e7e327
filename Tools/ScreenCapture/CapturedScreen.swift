import Foundation

/// A `capture-pane -e -p` screen as what a person sees: each row a list of cells, each the character with
/// the colours and attributes in force. tmux places its SGR sequences by how a row was written (erased
/// cells and written spaces differ inside tmux but look the same) and only where the attributes change,
/// even from one row to the next, so captures are compared this way.
public struct CapturedScreen: Equatable, Sendable {
    public var rows: [[String]]

    public init(_ capture: String) {
        var state = State()
        rows = capture.components(separatedBy: "\n").map { Self.cells($0, &state) }
        while rows.last?.isEmpty == true { rows.removeLast() }
    }

    /// The attributes in force: they carry over from one row to the next.
    struct State {
        var attributes = Set<String>()
        var foreground = ""
        var background = ""
    }

    /// The characters of each row without their attributes.
    public var text: String {
        rows.map { row in row.map { $0.prefix { $0 != "|" } }.joined() }.joined(separator: "\n")
    }

    static func cells(_ line: String, _ state: inout State) -> [String] {
        var cells: [String] = []
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\u{1B}", index + 1 < characters.count, characters[index + 1] == "[" {
                var end = index + 2
                while end < characters.count, !(characters[end].isLetter) { end += 1 }
                if end < characters.count, characters[end] == "m" {
                    apply(String(characters[(index + 2)..<end]), &state.attributes, &state.foreground, &state.background)
                }
                index = end + 1
                continue
            }
            cells.append("\(character)|\(state.attributes.sorted().joined(separator: ","))|\(state.foreground)|\(state.background)")
            index += 1
        }
        // Blank default cells at the end of a row are invisible, whether tmux erased or wrote them.
        while let last = cells.last, last == " |||" { cells.removeLast() }
        return cells
    }

    static func apply(_ parameters: String, _ attributes: inout Set<String>, _ foreground: inout String, _ background: inout String) {
        let values = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var index = 0
        while index < values.count {
            let value = values[index]
            switch value {
            case 0:
                attributes.removeAll()
                foreground = ""
                background = ""
            case 1...9: attributes.insert(String(value))
            case 22:
                attributes.remove("1")
                attributes.remove("2")
            case 23...29: attributes.remove(String(value - 20))
            case 30...37, 90...97: foreground = String(value)
            case 39: foreground = ""
            case 40...47, 100...107: background = String(value)
            case 49: background = ""
            case 38, 48:
                // 38;5;n or 38;2;r;g;b (and the same for 48).
                let count = index + 1 < values.count && values[index + 1] == 2 ? 4 : 2
                let colour = values[(index + 1)..<min(values.count, index + 1 + count)].map(String.init).joined(separator: ";")
                if value == 38 { foreground = "38;" + colour } else { background = "48;" + colour }
                index += count
            default: break
            }
            index += 1
        }
    }
}
