import Foundation
import PhotoramaImages

/// Reads a terminal's whole output stream as far as pictures go: kitty commands (APC G … ST) and sixel
/// sequences (DCS … ST), each at the cell of the last cursor move (CUP) before it. Everything else is
/// skipped. Keeps what a kitty terminal would hold: stored images and placements.
struct GraphicsLog {
    struct Key: Hashable {
        var id: UInt32
        var placement: UInt32
    }

    /// Stored images, by id.
    var stored: Set<UInt32> = []
    var placements: [Key: Rect] = [:]
    var transmissions: [UInt32: Int] = [:]
    /// The pixel size of each PNG transmission (f=100), by id, in order (from the PNG's header).
    var transmittedSizes: [UInt32: [PixelSize]] = [:]
    /// Where each sixel was painted, in order.
    var sixels: [Rect] = []
    var kittyCommands = 0
    private var row = 0
    private var column = 0

    mutating func read(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                index += 1
                continue
            }
            switch bytes[index + 1] {
            case UInt8(ascii: "["):
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "H") {
                    let numbers = String(decoding: bytes[(index + 2)..<end], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
                    row = (numbers.first ?? 1) - 1
                    column = (numbers.count > 1 ? numbers[1] : 1) - 1
                }
                index = end + 1
            case UInt8(ascii: "_"), UInt8(ascii: "P"):
                let isKitty = bytes[index + 1] == UInt8(ascii: "_")
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
                if isKitty {
                    kitty(Array(bytes[(index + 3)..<min(end, bytes.count)]))
                } else {
                    sixels.append(Rect(row: row, column: column, width: 0, height: 0))
                }
                index = end + 2
            default:
                index += 2
            }
        }
    }

    private var pendingTransmission: UInt32?

    private mutating func kitty(_ body: [UInt8]) {
        kittyCommands += 1
        let control = String(decoding: body.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
        var keys: [String: String] = [:]
        for pair in control.split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
        }
        func number(_ key: String) -> UInt32? { keys[key].flatMap { UInt32($0) } }
        if keys["a"] == nil, keys["m"] != nil { return }  // a continuation chunk
        let id = number("i") ?? 0
        switch keys["a"] ?? "t" {
        case "t", "T":
            stored.insert(id)
            transmissions[id, default: 0] += 1
            if keys["f"] == "100", let start = body.firstIndex(of: UInt8(ascii: ";")) {
                // The PNG's first 24 bytes (signature and IHDR: width and height at 16 and 20) are 32 base64 characters.
                let prefix = String(decoding: body[(start + 1)...].prefix(32), as: UTF8.self)
                if let header = Data(base64Encoded: prefix).map(Array.init), header.count == 24 {
                    func big(_ at: Int) -> Int { header[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
                    transmittedSizes[id, default: []].append(PixelSize(width: big(16), height: big(20)))
                }
            }
        case "p":
            let rect = Rect(row: row, column: column, width: Int(number("c") ?? 0), height: Int(number("r") ?? 0))
            placements[Key(id: id, placement: number("p") ?? 0)] = rect
        case "d":
            switch keys["d"] ?? "a" {
            case "i", "I":
                if let placement = number("p") {
                    placements[Key(id: id, placement: placement)] = nil
                } else {
                    placements = placements.filter { $0.key.id != id }
                }
                if keys["d"] == "I" { stored.remove(id) }
            case "a": placements = [:]
            case "A":
                placements = [:]
                stored = []
            default: break
            }
        default: break
        }
    }

    /// Placements by image id (every picture here has one placement).
    var placedByID: [UInt32: Rect] {
        Dictionary(placements.map { ($0.key.id, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
