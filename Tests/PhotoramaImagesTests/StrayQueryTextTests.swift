import Testing

@testable import PhotoramaImages

/// Nothing of the probe stays on screen in a terminal that does not know a query: modelled on one row of
/// a terminal that knows CSI, DCS and DECSC/DECRC but not APC (as rxvt-unicode, which prints what follows
/// `ESC _` as text): the kitty query's parameters and payload land at the cursor, and the batch must leave
/// the row blank.
@Suite("The probe leaves nothing on screen")
struct StrayQueryTextTests {
    /// The row after `bytes`, written from column 0 of a blank row `width` wide.
    static func row(after bytes: [UInt8], width: Int = 80) -> String {
        var row = [Character](repeating: " ", count: width)
        var x = 0
        var saved = 0
        var index = 0
        func skipString() {
            // Up to ST (ESC \) or BEL.
            while index < bytes.count {
                if bytes[index] == 0x07 {
                    index += 1
                    return
                }
                if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
                    index += 2
                    return
                }
                index += 1
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == 0x1B else {
                if byte >= 0x20, byte < 0x7F {
                    row[x] = Character(Unicode.Scalar(byte))
                    x = min(x + 1, width - 1)
                }
                continue
            }
            guard index < bytes.count else { break }
            let next = bytes[index]
            index += 1
            switch next {
            case UInt8(ascii: "7"): saved = x
            case UInt8(ascii: "8"): x = saved
            case UInt8(ascii: "["):
                while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "K") {
                    for column in x..<width { row[column] = " " }
                }
                index += 1
            case UInt8(ascii: "P"), UInt8(ascii: "]"): skipString()
            default: break  // An escape it does not know: dropped, and what follows is text.
            }
        }
        return String(row)
    }

    @Test("a terminal that prints the kitty query as text shows a blank row after the batch", arguments: [false, true])
    func blankRow(askCellSize: Bool) {
        let batch = TerminalQueries.batch(askCellSize: askCellSize)
        #expect(Self.row(after: batch) == String(repeating: " ", count: 80))
        // The model does print the query: without the erase at the end, its payload would show.
        let withoutErase = Array(String(decoding: batch, as: UTF8.self).replacingOccurrences(of: "\u{1B}[K", with: "").utf8)
        #expect(Self.row(after: withoutErase).hasPrefix("Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA"))
    }
}
