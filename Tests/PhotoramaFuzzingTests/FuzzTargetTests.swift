import Foundation
import PhotoramaKit
import PhotoramaStore
import Testing

@testable import PhotoramaFuzzing

/// The fuzz targets as tests: every target has seeds (Fuzz/seeds/TARGET/), and every seed and every stored
/// finding (Fuzz/regressions/TARGET/) must run with no broken property, and the properties themselves must catch what they are there to catch.
@Suite struct FuzzTargetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyTargetIsListedOnceByName() {
        let names = FuzzTargets.all.map(\.name)
        #expect(
            names == [
                "flickr-parser", "500px-parser", "locations-parser", "html-text", "terminal-text", "search-query",
                "jpeg-decoder", "png-decoder", "gif-decoder", "config-reader", "cache-record", "terminal-answers",
                "flickr-list-differential", "500px-list-differential", "locations-list-differential", "jpeg-region",
                "commons-parser", "openverse-parser",
            ])
        #expect(Set(names).count == names.count)
    }

    @Test(arguments: FuzzTargets.all.map(\.name))
    func seedsAndStoredFindingsBreakNoProperty(_ name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        func files(_ folder: String) -> [URL] {
            let directory = Self.root.appendingPathComponent(folder)
            return (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        }
        let seeds = files("Fuzz/seeds/\(name)")
        // Every target runs on real inputs in every test run, not on the empty input alone.
        try #require(seeds.count > 0, "no seeds in Fuzz/seeds/\(name)")
        let inputs = seeds + files("Fuzz/regressions/\(name)")
        for input in inputs {
            let bytes = Array(try Data(contentsOf: input))
            #expect(target.run(bytes) == [], "\(input.lastPathComponent)")
        }
        // And the empty input, which every target must take.
        #expect(target.run([]) == [])
    }

    @Test func theTextPropertiesCatchWhatTheSanitizerMustRemove() {
        #expect(TextProperties.violations(ofSanitized: "a\u{1B}[31m", from: "x") == [#"control U+1B survived sanitizing "x""#])
        #expect(TextProperties.violations(ofSanitized: "\u{202E}evil", from: "x") == [#"bidi control U+202E survived sanitizing "x""#])
        #expect(TextProperties.violations(ofSanitized: "a\u{200B}b", from: "x") == [#"zero-width U+200B survived sanitizing "x""#])
        #expect(TextProperties.violations(ofSanitized: "a\u{200D}b", from: "x") == [#"stray zero-width joiner survived sanitizing "x""#])
        #expect(TextProperties.violations(ofSanitized: "👩\u{200D}👍 京都", from: "x") == [])
    }

    @Test func hostileTitlesAreCleanAfterSanitizing() throws {
        let target = try #require(FuzzTargets.named("terminal-text"))
        for title in ["\u{1B}]52;c;AAAA\u{07}copy", "\u{9B}2J", "a\u{202E}b\u{2066}c", "zero\u{200B}\u{FEFF}width", "\r\nline\u{85}"] {
            #expect(target.run(Array(title.utf8)) == [], "\(title.debugDescription)")
        }
    }

    @Test func theRenditionsPropertyCatchesPhotosOutOfOrder() throws {
        let small = PhotoImage(size: .small240, url: try #require(URL(string: "https://x.example/1_m.jpg")), width: 240, height: 180)
        let large = PhotoImage(size: .large1024, url: try #require(URL(string: "https://x.example/1_b.jpg")), width: 1024, height: 768)
        var photo = Photo(provider: .flickr, id: "1", images: [large, small])
        #expect(photo.images == [small, large])
        #expect(ParserTargets.renditions([photo]) == [])
        photo.images = [large, small]
        #expect(ParserTargets.renditions([photo]) == ["photo 1: renditions not smallest first"])
    }

    @Test func aCacheRecordDecodesOnlyWhenWhole() {
        let body = Data(#"{"stat":"ok"}"#.utf8)
        let sound = CacheRecord(
            kind: "search", status: 200, headers: #"[["ETag","x"]]"#, size: Int64(body.count),
            checksum: FNV1a.hex(FNV1a.hash(body)), storedAt: 1_795_000_000, body: body)
        #expect(sound.decoded()?.headers == [CachedHeader(name: "ETag", value: "x")])
        var truncated = sound
        truncated.body = body.prefix(5)
        #expect(truncated.decoded() == nil)
        var altered = sound
        altered.body = Data(#"{"stat":"no"}"#.utf8)
        #expect(altered.decoded() == nil)
        var badHeaders = sound
        badHeaders.headers = #"[["only-a-name"]]"#
        #expect(badHeaders.decoded() == nil)
    }

    @Test func aDecodedImageIsCheckedAgainstTheLimit() {
        // A PNG header claiming 5000×5000 is refused by the decoder, so no property can break.
        var png: [UInt8] = ImageTargets.pngMagic
        png += [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0x13, 0x88, 0, 0, 0x13, 0x88, 8, 2, 0, 0, 0] + [0, 0, 0, 0]
        #expect(ImageTargets.png.run(png) == [])
        #expect(ImageTargets.limits.maxDecodedPixels == 1_000_000)
    }
}
