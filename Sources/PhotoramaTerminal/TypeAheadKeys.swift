/// Keys typed before the screen opened, as ncurses' input queue takes them back. `ungetch` hands what it is
/// given to `wget_wch` as is, without the keypad decoding typed bytes get, so escape sequences are looked
/// up here, in the terminal entry's own key table (`key_defined`), and queued as key codes; every other
/// byte (UTF-8 included, which `wget_wch` assembles) is queued as it was typed.
enum TypeAheadKeys {
    /// The key codes and bytes for `bytes`, in order. `lookup` gives the key code a sequence means (nil:
    /// none). Cursor keys typed before the screen opened come in the terminal's normal mode
    /// (`ESC [ A`), while terminal entries name the application mode the screen turns on (`ESC O A`):
    /// a CSI cursor key the entry does not know is looked up in its SS3 form.
    static func codes(_ bytes: [UInt8], lookup: ([UInt8]) -> Int32?) -> [Int32] {
        var codes: [Int32] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == escape, let (code, length) = key(bytes, at: index, lookup: lookup) {
                codes.append(code)
                index += length
            } else {
                codes.append(Int32(bytes[index]))
                index += 1
            }
        }
        return codes
    }

    /// The shortest key sequence starting at `start`, and its length: `key_defined` also names the key of a
    /// string that merely begins with one (`ESC O B x` gives Down), so longer candidates come after.
    private static func key(_ bytes: [UInt8], at start: Int, lookup: ([UInt8]) -> Int32?) -> (Int32, Int)? {
        let longest = min(longestSequence, bytes.count - start)
        guard longest >= 2 else { return nil }
        for length in 2...longest {
            let sequence = Array(bytes[start..<(start + length)])
            if let code = lookup(sequence) { return (code, length) }
            if length == 3, sequence[1] == UInt8(ascii: "["), applicationModeFinals.contains(sequence[2]),
                let code = lookup([escape, UInt8(ascii: "O"), sequence[2]])
            {
                return (code, length)
            }
        }
        return nil
    }

    private static let escape: UInt8 = 0x1B
    /// Key sequences are short: `ESC [ 1 5 ; 5 ~` is the longest common one.
    private static let longestSequence = 12
    /// The cursor keys whose sequence differs between normal and application mode: arrows, Home, End.
    private static let applicationModeFinals: Set<UInt8> = Set("ABCDHF".utf8)
}
