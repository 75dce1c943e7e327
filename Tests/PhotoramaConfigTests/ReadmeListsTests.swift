import Foundation
import PhotoramaImages
import PhotoramaKit
import Testing

@testable import PhotoramaConfig
@testable import PhotoramaTUI

/// The README's lists are the program's tables: each one the README writes out by hand is compared with the
/// table the program reads (actions, key names, tabs, image modes, symbol sets, providers, licences), and
/// the wordings that must be the same everywhere are the program's own.
@Suite struct ReadmeListsTests {
    static let readme: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }()

    /// The README from `start` up to the first `end` after it, lines joined by spaces.
    func text(after start: String, upTo end: String) throws -> String {
        let flat = Self.readme.replacingOccurrences(of: "\n  ", with: " ").replacingOccurrences(of: "\n", with: " ")
        let from = try #require(flat.range(of: start), "README has no “\(start)”")
        let to = try #require(flat.range(of: end, range: from.upperBound..<flat.endIndex), "nothing ends “\(start)”")
        return String(flat[from.upperBound..<to.lowerBound])
    }

    func words(_ text: String) -> [String] {
        text.split { $0 == " " || $0 == "," || $0 == "`" }.map(String.init).filter { $0 != "or" }
    }

    @Test func keyActionsAreKeyActionsAllCases() throws {
        let listed = words(try text(after: "- `[keys]` actions: `", upTo: "` ("))
        #expect(listed == KeyAction.allCases.map(\.rawValue))
    }

    @Test func keyNamesAreKeyNamesTable() throws {
        let listed = words(try text(after: "Keys: a character, `ctrl-a`…`ctrl-z`, `f1`…`f12`, `", upTo: "`."))
        #expect(listed == KeyName.named.map(\.0))
        #expect(KeyName.accepted == "a character, ctrl-a…ctrl-z, f1…f12, " + listed.joined(separator: ", "))
    }

    @Test func tabsAreTheTabs() throws {
        let listed = words(try text(after: "tab = \"recent\"              # first tab: ", upTo: " images ="))
        #expect(listed == ConfigSchema.tabNames.map(\.0))
        #expect(listed == Tab.allCases.map { $0.title.lowercased() })
    }

    @Test func imageModesAndSymbolSetsAreTheirEnums() throws {
        let images = words(try text(after: "images = \"auto\"             # as --images: ", upTo: " (PHOTORAMA_IMAGES wins)"))
        #expect(images == ImageMode.allCases.map(\.rawValue))
        let variable = words(try text(after: "| `PHOTORAMA_IMAGES` | how photos are drawn: ", upTo: ";")).map {
            $0.replacingOccurrences(of: "(default)", with: "")
        }.filter { !$0.isEmpty }
        #expect(variable == ImageMode.allCases.map(\.rawValue))
        let symbols = words(try text(after: "symbols = \"auto\"            # as --symbols: ", upTo: " (PHOTORAMA_SYMBOLS wins)"))
        #expect(symbols == SymbolSet.allCases.map(\.rawValue) + ["auto"])
        let dither = words(try text(after: "dither = \"diffusion\"        # as --dither: ", upTo: " (256 and 16 colours"))
        #expect(dither == DitherMode.allCases.map(\.rawValue))
    }

    @Test func providersAreTheProviders() throws {
        // The synopses (`[--provider a|b|…]`) list every provider; examples name one.
        let options = Self.readme.components(separatedBy: "[--provider ").dropFirst().map { String($0.prefix { $0 != "]" && $0 != " " }) }
        #expect(options.count >= 3)
        for option in options {
            #expect(option.split(separator: "|").map(String.init) == Provider.allCases.map(\.rawValue))
        }
    }

    @Test func licenceIdsAreTheKnownOnes() throws {
        let range = try text(after: "# only photos under these licences (ids ", upTo: ")")
        #expect(range == "\(LicenseIDs.known.lowerBound)–\(LicenseIDs.known.upperBound)")
    }

    @Test func thumbnailsDefaultIsTheOneWording() {
        #expect(Self.readme.contains("(default: \(EffectiveSettings.thumbnailsDefault))"))
        #expect(ConfigTemplate.text.contains("(default: \(EffectiveSettings.thumbnailsDefault))"))
    }

    /// The `--log` row names the fields in the order a line has them.
    @Test func logFieldsAreInTheLogsOrder() throws {
        let entry = RequestLogEntry(
            date: Date(timeIntervalSince1970: 1_800_000_000), method: .get, url: "https://example.org/x", status: 200,
            headers: ["content-type": "image/jpeg"], bytes: 1234, duration: .milliseconds(12), error: "Bad")
        let line = entry.line
        let shown: [String: String] = [
            "time": "2027-01-15T08:00:00Z", "method": "GET", "status": "200", "bytes": "1234 B", "duration": "12 ms",
            "redacted URL": "https://example.org/x", "headers": "content-type=image/jpeg", "error": "error=\"Bad\"",
        ]
        let fields = try text(after: "| `--log FILE` | append one line per HTTP request (", upTo: ") |")
            .components(separatedBy: ", ").map { field in
                shown.keys.filter { field.contains($0) }.max { $0.count < $1.count }
            }
        #expect(fields.compactMap { $0 } == ["time", "method", "status", "bytes", "duration", "redacted URL", "headers", "error"])
        let positions = try fields.compactMap { $0 }.map { name in
            try #require(line.range(of: shown[name] ?? "?")?.lowerBound, "\(name) not in \(line)")
        }
        #expect(positions == positions.sorted(), "\(line)")
    }
}
