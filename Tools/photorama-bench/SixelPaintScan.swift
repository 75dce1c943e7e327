/// The sixel pictures in a stream of terminal output, as the link benchmark needs them: where each
/// picture the screen ends with was first shown within a stretch of the stream, as its sixel or as a slow
/// link's first look (half-block cells written from the same top-left cell), to time a recognisable screen.
enum SixelPaintScan {
    /// What follows a cursor move (CSI row ; column H), SGRs skipped.
    enum Shown: Equatable {
        case sixel
        case cells
    }

    /// Each cursor move in `bytes` followed by a sixel (DCS) or a half block (▀): its place ("row;column"),
    /// what it showed, and the offset just past the sixel's end (ST) or the half block.
    static func shown(_ bytes: [UInt8]) -> [(place: String, shown: Shown, end: Int)] {
        var found: [(place: String, shown: Shown, end: Int)] = []
        var index = 0
        while index + 2 < bytes.count {
            guard bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "H") else {
                index = end + 1
                continue
            }
            let place = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            var next = end + 1
            // SGRs between the move and what it shows.
            while next + 1 < bytes.count, bytes[next] == 0x1B, bytes[next + 1] == UInt8(ascii: "[") {
                var final = next + 2
                while final < bytes.count, !(0x40...0x7E).contains(bytes[final]) { final += 1 }
                guard final < bytes.count, bytes[final] == UInt8(ascii: "m") else { break }
                next = final + 1
            }
            if next + 2 < bytes.count, bytes[next] == 0xE2, bytes[next + 1] == 0x96, bytes[next + 2] == 0x80 {
                found.append((place, .cells, next + 3))
            } else if next + 1 < bytes.count, bytes[next] == 0x1B, bytes[next + 1] == UInt8(ascii: "P") {
                var stop = next + 2
                while stop + 1 < bytes.count, !(bytes[stop] == 0x1B && bytes[stop + 1] == UInt8(ascii: "\\")) { stop += 1 }
                guard stop + 1 < bytes.count else { break }
                found.append((place, .sixel, stop + 2))
                next = stop + 2
            }
            index = max(end + 1, next)
        }
        return found
    }

    /// The offset in `stream` by which every place a sixel is painted at after `start` was first shown
    /// since `start`, as a sixel or as cells; nil when no sixel is painted after `start`.
    static func recognisable(_ stream: [UInt8], from start: Int) -> Int? {
        let later = shown(stream).filter { $0.end > start }
        let painted = Set(later.filter { $0.shown == .sixel }.map(\.place))
        guard !painted.isEmpty else { return nil }
        var first: [String: Int] = [:]
        for item in later where painted.contains(item.place) && first[item.place] == nil { first[item.place] = item.end }
        return first.values.max()
    }
}
