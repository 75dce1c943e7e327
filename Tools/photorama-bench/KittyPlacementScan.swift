/// The kitty placements in a stream of terminal output, as the link benchmark needs them: where each
/// placement was first made within a stretch of the stream, to time a recognisable screen (every picture
/// the screen ends with placed once, a preview or the full picture).
enum KittyPlacementScan {
    /// One graphics command: its keys and the offset just past it.
    struct Command {
        var keys: [String: String]
        var end: Int
    }

    /// The APC G commands in `bytes` (payloads skipped).
    static func commands(_ bytes: [UInt8]) -> [Command] {
        var commands: [Command] = []
        var index = 0
        while index + 2 < bytes.count {
            guard bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "_"), bytes[index + 2] == UInt8(ascii: "G") else {
                index += 1
                continue
            }
            var end = index + 3
            while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
            guard end + 1 < bytes.count else { break }
            let control = String(decoding: bytes[(index + 3)..<end].prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
            var keys: [String: String] = [:]
            for pair in control.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { keys[String(parts[0])] = String(parts[1]) }
            }
            index = end + 2
            commands.append(Command(keys: keys, end: index))
        }
        return commands
    }

    /// The placements ("image/placement") shown after `commands`.
    static func shown(_ commands: [Command]) -> Set<String> {
        var shown = Set<String>()
        for command in commands {
            let id = command.keys["i"] ?? ""
            switch command.keys["a"] ?? "t" {
            case "p": shown.insert("\(id)/\(command.keys["p"] ?? "0")")
            case "d":
                switch command.keys["d"] ?? "a" {
                case "i", "I":
                    if let placement = command.keys["p"] {
                        shown.remove("\(id)/\(placement)")
                    } else {
                        shown = shown.filter { !$0.hasPrefix("\(id)/") }
                    }
                default: shown = []
                }
            default: break
            }
        }
        return shown
    }

    /// The offset in `stream` by which every placement the stream ends with has been made once since
    /// `start` (or before it); nil when `stream` has no kitty command after `start`.
    static func recognisable(_ stream: [UInt8], from start: Int) -> Int? {
        let all = commands(stream)
        let final = shown(all)
        let later = all.filter { $0.end > start }
        guard !later.isEmpty else { return nil }
        var firstPlaced: [String: Int] = [:]
        for command in later where (command.keys["a"] ?? "t") == "p" {
            let key = "\(command.keys["i"] ?? "")/\(command.keys["p"] ?? "0")"
            if firstPlaced[key] == nil { firstPlaced[key] = command.end }
        }
        return final.map { firstPlaced[$0] ?? start }.max() ?? start
    }
}
