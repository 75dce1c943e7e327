import Foundation
import PhotoramaImages

/// A test-side kitty terminal, as far as graphics go: reads APC G … ST commands (joining chunks and
/// decoding base64), CUP cursor moves and DECSC/DECRC, and keeps the stored images and the placements on
/// screen; pictures are PNG (f=100, decoded with the product's decoder) or raw RGB (f=24). Strict: a chunk over 4096 bytes, a command without q=2, a placement of an unknown image or any
/// other byte is recorded in `errors`.
struct KittyReader {
    // MARK: - Terminal state
    struct Key: Hashable {
        var id: UInt32
        var placement: UInt32
    }

    var images: [UInt32: RGBImage] = [:]
    var placements: [Key: Rect] = [:]
    /// How many times each id was transmitted.
    var transmissions: [UInt32: Int] = [:]
    var errors: [String] = []
    var chunkCount = 0
    private var row = 0
    private var column = 0
    private var saved: (Int, Int)?
    /// Keys of the first chunk and the payload so far, while m=1 chunks arrive.
    private var pending: (keys: [String: String], payload: [UInt8])?

    // MARK: - Reading escape sequences
    mutating func read(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                errors.append("stray byte \(bytes[index]) at \(index)")
                index += 1
                continue
            }
            switch bytes[index + 1] {
            case UInt8(ascii: "7"):
                saved = (row, column)
                index += 2
            case UInt8(ascii: "8"):
                if let saved { (row, column) = saved } else { errors.append("restore without save") }
                index += 2
            case UInt8(ascii: "["):
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count, bytes[end] == UInt8(ascii: "H") else {
                    errors.append("unexpected CSI")
                    return
                }
                let numbers = String(decoding: bytes[(index + 2)..<end], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
                if numbers.count == 2 {
                    row = numbers[0] - 1
                    column = numbers[1] - 1
                } else {
                    errors.append("bad CUP")
                }
                index = end + 1
            case UInt8(ascii: "_"):
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
                guard end + 1 < bytes.count, bytes[index + 2] == UInt8(ascii: "G") else {
                    errors.append("unterminated APC")
                    return
                }
                command(Array(bytes[(index + 3)..<end]))
                index = end + 2
            default:
                errors.append("unexpected escape \(bytes[index + 1])")
                index += 2
            }
        }
    }

    // MARK: - Graphics commands
    private mutating func command(_ body: [UInt8]) {
        chunkCount += 1
        let parts = body.split(separator: UInt8(ascii: ";"), maxSplits: 1, omittingEmptySubsequences: false)
        var keys: [String: String] = [:]
        for pair in String(decoding: parts[0], as: UTF8.self).split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) } else { errors.append("bad key \(pair)") }
        }
        let payload = parts.count > 1 ? Array(parts[1]) : []
        if payload.count > 4096 { errors.append("chunk of \(payload.count) bytes") }
        let more = keys["m"] == "1"
        if var current = pending {
            // A continuation carries only m= (and maybe q=).
            if keys.keys.contains(where: { $0 != "m" && $0 != "q" }) { errors.append("keys on a continuation chunk: \(keys)") }
            current.payload += payload
            if more {
                pending = current
                return
            }
            pending = nil
            apply(current.keys, payload: current.payload)
            return
        }
        if keys["q"] != "2" { errors.append("command without q=2: \(keys)") }
        if more {
            if payload.count % 4 != 0 { errors.append("chunk of \(payload.count) bytes is not whole base64 quads") }
            pending = (keys, payload)
            return
        }
        apply(keys, payload: payload)
    }

    private mutating func apply(_ keys: [String: String], payload: [UInt8]) {
        func number(_ key: String) -> Int? { keys[key].flatMap { Int($0) } }
        let id = UInt32(number("i") ?? 0)
        switch keys["a"] ?? "t" {
        case "t", "T":
            guard let data = Data(base64Encoded: Data(payload)) else {
                errors.append("payload is not base64")
                return
            }
            let image: RGBImage
            switch keys["f"] {
            case "100":
                // A PNG carries its own size: s= and v= would only say it twice.
                guard keys["s"] == nil, keys["v"] == nil, data.starts(with: [0x89, 0x50, 0x4E, 0x47]),
                    let decoded = try? ImageDecoder.decode([UInt8](data))
                else {
                    errors.append("f=100 without exactly a PNG: \(keys)")
                    return
                }
                image = decoded
            case "24":
                guard let width = number("s"), let height = number("v"), data.count == width * height * 3 else {
                    errors.append("f=24 payload of \(data.count) bytes for \(keys)")
                    return
                }
                image = RGBImage(width: width, height: height, pixels: [UInt8](data))
            default:
                errors.append("transmission neither f=100 nor f=24: \(keys)")
                return
            }
            images[id] = image
            transmissions[id, default: 0] += 1
            if keys["a"] == "T" { place(keys, id: id) }
        case "p":
            guard images[id] != nil else {
                errors.append("placement of unknown image \(id)")
                return
            }
            place(keys, id: id)
        case "d":
            switch keys["d"] ?? "a" {
            case "i", "I":
                if let placement = number("p") {
                    placements[Key(id: id, placement: UInt32(placement))] = nil
                } else {
                    placements = placements.filter { $0.key.id != id }
                }
                if keys["d"] == "I" { images[id] = nil }
            case "a":
                placements = [:]
            case "A":
                placements = [:]
                images = [:]
            default:
                errors.append("unknown delete \(keys)")
            }
        default:
            errors.append("unknown action \(keys)")
        }
    }

    private mutating func place(_ keys: [String: String], id: UInt32) {
        guard let columns = keys["c"].flatMap({ Int($0) }), let rows = keys["r"].flatMap({ Int($0) }) else {
            errors.append("placement without c= and r=: \(keys)")
            return
        }
        let placement = UInt32(keys["p"].flatMap { Int($0) } ?? 0)
        placements[Key(id: id, placement: placement)] = Rect(row: row, column: column, width: columns, height: rows)
        if keys["C"] != "1" {
            // The cursor moves past the picture as after text.
            row += rows
            column = 0
        }
    }
}
