/// A terminal's cells and their OSC 8 links, as far as the bytes ncurses and the screen write for
/// xterm-256color move them: printable characters (one column each: the tests draw ASCII), cursor
/// positioning, erasing (which drops links, as xterm does), DECSC/DECRC, REP and OSC 8. Other sequences
/// (modes, SGR, charsets) change no cell and are skipped. No wrapping or scrolling: the screen's
/// terminal entry does neither.
struct LinkScreen {
    struct Cell: Equatable {
        var character: Character = " "
        var link: String?
    }

    let columns: Int
    let rows: Int
    private(set) var cells: [[Cell]]
    private var row = 0
    private var column = 0
    private var saved = (row: 0, column: 0)
    private var link: String?
    private var last: Character = " "
    private var pending: [UInt8] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
    }

    mutating func feed(_ bytes: [UInt8]) {
        var index = 0
        let all = pending + bytes
        pending = []
        while index < all.count {
            let byte = all[index]
            if byte == 0x1B {
                guard let end = sequenceEnd(all, from: index) else {
                    pending = Array(all[index...])
                    return
                }
                apply(Array(all[index..<end]))
                index = end
                continue
            }
            switch byte {
            case 0x0D: column = 0
            case 0x0A: row = min(rows - 1, row + 1)
            case 0x08: column = max(0, column - 1)
            case 0x09: column = min(columns - 1, (column / 8 + 1) * 8)
            case 0x00..<0x20, 0x7F: break
            default:
                // UTF-8: a lead byte and its continuation bytes.
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                guard index + length <= all.count else {
                    pending = Array(all[index...])
                    return
                }
                let text = String(decoding: all[index..<(index + length)], as: UTF8.self)
                put(text.first ?? "?")
                index += length
                continue
            }
            index += 1
        }
    }

    /// The text of each row and the link of each cell.
    var lines: [String] { cells.map { String($0.map(\.character)) } }
    var links: [[String?]] { cells.map { $0.map(\.link) } }

    private mutating func put(_ character: Character) {
        guard row < rows, column < columns else { return }
        cells[row][column] = Cell(character: character, link: link)
        last = character
        column = min(columns - 1, column + 1)
    }

    /// The index after the escape sequence starting at `start`; nil when it is not all here yet.
    private func sequenceEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start + 1 < bytes.count else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            var index = start + 2
            while index < bytes.count {
                if (0x40...0x7E).contains(bytes[index]) { return index + 1 }
                index += 1
            }
            return nil
        case UInt8(ascii: "]"):
            var index = start + 2
            while index < bytes.count {
                if bytes[index] == 0x07 { return index + 1 }
                if bytes[index] == 0x1B, index + 1 < bytes.count { return index + 2 }
                index += 1
            }
            return nil
        case UInt8(ascii: "("), UInt8(ascii: ")"):
            return start + 3 <= bytes.count ? start + 3 : nil
        default:
            return start + 2
        }
    }

    private mutating func apply(_ sequence: [UInt8]) {
        let introducer = sequence[1]
        if introducer == UInt8(ascii: "7") { saved = (row, column) }
        if introducer == UInt8(ascii: "8") { (row, column) = saved }
        if introducer == UInt8(ascii: "]") {
            let body = String(decoding: sequence.dropFirst(2), as: UTF8.self)
            guard body.hasPrefix("8;") else { return }
            let parts = body.dropFirst(2).split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            let address = parts.count == 2 ? String(parts[1].prefix { $0 != "\u{1B}" && $0 != "\u{07}" }) : ""
            link = address.isEmpty ? nil : address
            return
        }
        guard introducer == UInt8(ascii: "["), let final = sequence.last else { return }
        let body = String(decoding: sequence.dropFirst(2).dropLast(), as: UTF8.self)
        // Private and intermediate sequences (modes, DECRQM) move no cell.
        guard body.allSatisfy({ $0.isNumber || $0 == ";" }) else { return }
        let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ index: Int, _ otherwise: Int) -> Int {
            index < numbers.count ? (numbers[index] ?? otherwise) : otherwise
        }
        switch Character(UnicodeScalar(final)) {
        case "H", "f":
            row = min(rows - 1, max(0, number(0, 1) - 1))
            column = min(columns - 1, max(0, number(1, 1) - 1))
        case "A": row = max(0, row - max(1, number(0, 1)))
        case "B": row = min(rows - 1, row + max(1, number(0, 1)))
        case "C": column = min(columns - 1, column + max(1, number(0, 1)))
        case "D": column = max(0, column - max(1, number(0, 1)))
        case "G", "`": column = min(columns - 1, max(0, number(0, 1) - 1))
        case "d": row = min(rows - 1, max(0, number(0, 1) - 1))
        case "K":
            switch number(0, 0) {
            case 0: erase(row: row, from: column, to: columns)
            case 1: erase(row: row, from: 0, to: column + 1)
            default: erase(row: row, from: 0, to: columns)
            }
        case "J":
            switch number(0, 0) {
            case 0:
                erase(row: row, from: column, to: columns)
                for below in (row + 1)..<max(row + 1, rows) { erase(row: below, from: 0, to: columns) }
            case 1:
                for above in 0..<row { erase(row: above, from: 0, to: columns) }
                erase(row: row, from: 0, to: column + 1)
            default:
                for any in 0..<rows { erase(row: any, from: 0, to: columns) }
            }
        case "Z": column = max(0, (column - 1) / 8 * 8)
        case "X": erase(row: row, from: column, to: min(columns, column + max(1, number(0, 1))))
        case "b":
            for _ in 0..<max(1, number(0, 1)) { put(last) }
        default:
            break
        }
    }

    private mutating func erase(row: Int, from start: Int, to end: Int) {
        guard row >= 0, row < rows, start < end else { return }
        for column in max(0, start)..<min(columns, end) { cells[row][column] = Cell() }
    }
}
