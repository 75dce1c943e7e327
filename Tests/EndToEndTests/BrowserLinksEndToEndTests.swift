import Foundation
import PhotoramaLocking
import Testing

/// OSC 8 hyperlinks in the browser (issue 43): on a pseudo-terminal the test plays, the detail pane's
/// addresses (the photo's page, the owner's) reach the terminal inside `OSC 8 ; ; address ST` … `OSC 8 ; ;
/// ST`, the text inside being the address as the pane shows it; where the terminal is not known to take
/// them (GNU screen, the Linux console) no byte of a link is written.
@Suite(.serialized) struct BrowserLinksEndToEndTests {
    static let open = Array("\u{1B}]8;;".utf8)
    static let terminator = Array("\u{1B}\\".utf8)

    /// The browser at 130×40 (the detail pane beside the grid), the first photo selected, until the grid's
    /// first page shows, then q. Off the cooperative pool: its waits block on the pty.
    static func session(term: String) async throws -> [UInt8] {
        try await OwnThread.run { () throws -> [UInt8] in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-links-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let environment = [
                "TERM": term, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "XDG_DATA_HOME": folder + "/data",
                "XDG_CACHE_HOME": folder + "/cache", "XDG_CONFIG_HOME": folder + "/config", "HOME": folder,
            ]
            let run = try PseudoTerminalRun(
                ["--demo", "--seed", "7", "--images", "none"], environment: environment,
                reply: Array("\u{1B}[?62;c".utf8), columns: 130, rows: 40)
            try run.waitFor("the grid and the detail pane") { bytes in
                PseudoTerminalRun.occurrences(of: Array("of 1,000".utf8), in: bytes) > 0
                    && PseudoTerminalRun.occurrences(of: Array("https://www.flickr.com/photos/".utf8), in: bytes) > 0
            }
            run.send("q")
            #expect(try run.waitForExit() == 0)
            return run.output
        }
    }

    /// Each link in the stream: its address and the characters written inside it (escape sequences left out).
    static func links(_ stream: [UInt8]) -> [(address: String, text: String)] {
        var found: [(String, String)] = []
        var index = 0
        while let start = find(open, in: stream, from: index) {
            guard let end = find(terminator, in: stream, from: start) else { break }
            let address = String(decoding: stream[(start + open.count)..<end], as: UTF8.self)
            index = end + terminator.count
            guard !address.isEmpty else { continue }
            guard let close = find(open + terminator, in: stream, from: index) else { break }
            found.append((address, String(decoding: withoutEscapes(Array(stream[index..<close])), as: UTF8.self)))
            index = close
        }
        return found
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard bytes.count >= needle.count, from <= bytes.count - needle.count else { return nil }
        return (from...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The bytes without CSI sequences (SGR, cursor moves).
    static func withoutEscapes(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                index += 2
                while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
                index += 1
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    @Test func theDetailPanesAddressesAreLinksOnATerminalThatTakesThem() async throws {
        let stream = try await Self.session(term: "xterm-256color")
        let links = Self.links(stream)
        // The photo's page, "https://www.flickr.com/photos/OWNER/ID/", cut at the pane's 42 columns.
        let page = try #require(
            links.first { $0.address.range(of: #"^https://www\.flickr\.com/photos/[^/]+/[0-9]+/$"#, options: .regularExpression) != nil },
            "\(links.map(\.address))")
        #expect(page.text == String(page.address.prefix(42)))
        // The owner's page, behind "By: name".
        let owner = try #require(
            links.first { $0.address.range(of: #"^https://www\.flickr\.com/photos/[^/]+/$"#, options: .regularExpression) != nil })
        #expect(owner.text.hasPrefix("By: "))
        #expect(page.address.hasPrefix(owner.address))
        // Every link's address is printable ASCII: no control byte reached the terminal through one.
        #expect(links.allSatisfy { $0.address.utf8.allSatisfy { (0x21...0x7E).contains($0) } })
    }

    @Test(arguments: ["screen-256color", "linux"])
    func noLinkWhereTheTerminalIsNotKnownToTakeThem(term: String) async throws {
        let stream = try await Self.session(term: term)
        #expect(PseudoTerminalRun.occurrences(of: Self.open, in: stream) == 0)
    }
}
