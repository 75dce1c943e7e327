/// The kitty placements in a stream of terminal output, as the link benchmark and the link tests need them:
/// where each placement was first made within a stretch of the stream, to time a recognisable screen (every
/// picture the screen ends with placed once, a preview or the full picture), and where a screen's own bytes
/// end before the pictures sent ahead of need.
public enum KittyPlacementScan {
    /// One graphics command: its control data (before any `;`) and its keys, the offset of its ESC and
    /// the offset just past it.
    public struct Command: Sendable {
        public var control: String
        public var keys: [String: String]
        public var start: Int
        public var end: Int
    }

    /// The APC G commands in `bytes` (payloads skipped), up to the last one ended.
    public static func commands(_ bytes: [UInt8]) -> [Command] {
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
            let start = index
            index = end + 2
            commands.append(Command(control: control, keys: keys, start: start, end: index))
        }
        return commands
    }

    /// The placements ("image/placement") shown after `commands`.
    public static func shown(_ commands: [Command]) -> Set<String> {
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

    /// Where the screen's own bytes after `start` end: before the first picture sent ahead of need (a
    /// transmission of an image no command after it places, and the save-cursor before it), or at the end
    /// of `stream` when none was.
    public static func screenEnd(_ stream: [UInt8], from start: Int) -> Int {
        let later = commands(stream).filter { $0.start >= start }
        var placedAfter = Set<String>()
        var firstAhead: Int?
        for command in later.reversed() {
            let id = command.keys["i"] ?? ""
            switch command.keys["a"] ?? "t" {
            case "p": placedAfter.insert(id)
            case "t" where command.keys["i"] != nil && !placedAfter.contains(id): firstAhead = command.start
            default: break
            }
        }
        guard let firstAhead else { return stream.count }
        let saveCursor: [UInt8] = [0x1B, UInt8(ascii: "7")]
        return firstAhead >= 2 && Array(stream[(firstAhead - 2)..<firstAhead]) == saveCursor ? firstAhead - 2 : firstAhead
    }

    /// The offset in `stream` by which every placement the stream ends with has been made once since
    /// `start` (or before it); nil when `stream` has no kitty command after `start`.
    public static func recognisable(_ stream: [UInt8], from start: Int) -> Int? {
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
