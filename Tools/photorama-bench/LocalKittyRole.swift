import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal's side of `photorama-bench link --modes kitty-local`: kitty 0.26.5 on this machine. Each
/// DA1 is answered with kitty's answers to the probe (graphics, shared memory and temporary files
/// readable); each command that names an object (`t=s`, `t=t`) has the object removed, as kitty does
/// once it has read it. Output arrives in pieces split anywhere: an unfinished command waits for the next.
struct LocalKittyRole {
    private var pending: [UInt8] = []
    /// Objects read (removed) so far.
    private(set) var objects = 0

    static let answers = Array(
        ("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}_Gi=33;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c").utf8)

    mutating func take(_ bytes: [UInt8]) -> [UInt8] {
        pending += bytes
        var reply: [UInt8] = []
        var index = 0
        var consumed = 0
        while index + 2 < pending.count {
            guard pending[index] == 0x1B else {
                index += 1
                consumed = index
                continue
            }
            if pending[index + 1] == UInt8(ascii: "["), pending[index + 2] == UInt8(ascii: "c") {
                reply += Self.answers
                index += 3
                consumed = index
                continue
            }
            guard pending[index + 1] == UInt8(ascii: "_"), pending[index + 2] == UInt8(ascii: "G") else {
                index += 1
                consumed = index
                continue
            }
            var end = index + 3
            while end + 1 < pending.count, !(pending[end] == 0x1B && pending[end + 1] == UInt8(ascii: "\\")) { end += 1 }
            guard end + 1 < pending.count else { break }  // the rest comes with the next piece
            remove(named: Array(pending[(index + 3)..<end]))
            index = end + 2
            consumed = index
        }
        pending.removeFirst(consumed)
        return reply
    }

    /// `a=…,t=s,…;BASE64` names an object: remove it.
    private mutating func remove(named body: [UInt8]) {
        let text = String(decoding: body, as: UTF8.self)
        guard let semicolon = text.firstIndex(of: ";") else { return }
        let keys = text[..<semicolon].split(separator: ",")
        let medium = keys.first { $0.hasPrefix("t=") }.map { $0.dropFirst(2) }
        guard medium == "s" || medium == "t", let name = Data(base64Encoded: String(text[text.index(after: semicolon)...])) else { return }
        let path = String(decoding: name, as: UTF8.self)
        if medium == "s" { shm_unlink(path) } else { unlink(path) }
        objects += 1
    }
}
