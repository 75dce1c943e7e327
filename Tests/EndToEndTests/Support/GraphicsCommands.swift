import Foundation
import PhotoramaImages

/// The picture commands in a terminal's output stream, read as a test needs them: kitty's APC G commands
/// with their keys and payloads (chunks joined), each with the cursor position set just before it, and
/// iTerm2's OSC 1337 images. `KittyStream` (BrowserPixelsTests) keeps what a kitty terminal would store.
enum GraphicsCommands {
    struct Kitty {
        var keys: [String: String]
        /// The base64 payload, its chunks joined.
        var payload: String
        /// The last cursor position (CUP, 1-based "row;column") written before the command.
        var cursor: String?

        func key(_ name: String) -> String? { keys[name] }

        /// The payload's bytes: for f=24, the picture's RGB pixels row by row; for f=100, a PNG.
        var data: [UInt8] { Data(base64Encoded: payload).map(Array.init) ?? [] }

        /// The picture a transmission carries, decoded (f=100 by the product's PNG decoder); nil for
        /// anything else.
        var image: RGBImage? {
            switch key("f") {
            case "100": return data.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? try? ImageDecoder.decode(data) : nil
            case "24":
                guard let width = key("s").flatMap(Int.init), let height = key("v").flatMap(Int.init) else { return nil }
                return RGBImage(width: width, height: height, pixels: data)
            default: return nil
            }
        }
    }

    static func kitty(_ bytes: [UInt8]) -> [Kitty] {
        var commands: [Kitty] = []
        var index = 0
        var cursor: String?
        var continuing = false
        while index + 2 < bytes.count {
            if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "[") {
                // CSI: remember a cursor position ("ESC [ row ; column H").
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "H") {
                    cursor = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                }
                index = end + 1
                continue
            }
            guard bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "_"), bytes[index + 2] == UInt8(ascii: "G") else {
                index += 1
                continue
            }
            var end = index + 3
            while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
            guard end + 1 < bytes.count else { break }  // still being written
            let body = bytes[(index + 3)..<end]
            index = end + 2
            let control = String(decoding: body.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
            let payload = body.firstIndex(of: UInt8(ascii: ";")).map { String(decoding: body[($0 + 1)...], as: UTF8.self) } ?? ""
            var keys: [String: String] = [:]
            for pair in control.split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
            }
            if continuing, var last = commands.popLast() {
                last.payload += payload
                commands.append(last)
            } else {
                commands.append(Kitty(keys: keys, payload: payload, cursor: cursor))
            }
            continuing = keys["m"] == "1"
        }
        return commands
    }

    /// An iTerm2 inline image: its header's fields and the file it carries.
    struct ITermImage: Hashable {
        var fields: [String: String]
        var file: [UInt8]

        /// A baseline or progressive JPEG's size from its frame header (SOF0 or SOF2), nil for anything else.
        var jpegSize: (width: Int, height: Int)? {
            guard file.starts(with: [0xFF, 0xD8]) else { return nil }
            var index = 2
            while index + 8 < file.count {
                guard file[index] == 0xFF else { return nil }
                let marker = file[index + 1]
                let length = Int(file[index + 2]) << 8 | Int(file[index + 3])
                if marker == 0xC0 || marker == 0xC2 {
                    return (Int(file[index + 7]) << 8 | Int(file[index + 8]), Int(file[index + 5]) << 8 | Int(file[index + 6]))
                }
                index += 2 + length
            }
            return nil
        }
    }

    static func iterm(_ bytes: [UInt8]) -> [ITermImage] {
        let start = Array("\u{1B}]1337;File=".utf8)
        var images: [ITermImage] = []
        var index = 0
        while index + start.count < bytes.count {
            guard bytes[index..<(index + start.count)].elementsEqual(start) else {
                index += 1
                continue
            }
            var end = index + start.count
            while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")), bytes[end] != 0x07 { end += 1 }
            guard end + 1 < bytes.count else { break }  // still being written
            let body = String(decoding: bytes[(index + start.count)..<end], as: UTF8.self)
            index = end + 1
            let parts = body.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            var fields: [String: String] = [:]
            for pair in parts[0].split(separator: ";") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
            }
            images.append(ITermImage(fields: fields, file: Data(base64Encoded: String(parts[1])).map(Array.init) ?? []))
        }
        return images
    }
}
