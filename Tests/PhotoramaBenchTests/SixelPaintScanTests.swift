import Testing

@testable import photorama_bench

/// The link benchmark's recognisable sixel screen: the offset by which every place a sixel is painted at
/// after the key was first shown, as half-block cells (a slow link's first look) or as the sixel.
@Suite struct SixelPaintScanTests {
    static func sixel(_ place: String) -> [UInt8] { Array("\u{1B}7\u{1B}[\(place)H\u{1B}Pq#0~-\u{1B}\\\u{1B}8".utf8) }
    static func cells(_ place: String) -> [UInt8] { Array("\u{1B}7\u{1B}[\(place)H\u{1B}[0;38;2;1;2;3;48;2;4;5;6m▀▀\u{1B}8".utf8) }
    static func blanks(_ place: String) -> [UInt8] { Array("\u{1B}7\u{1B}[\(place)H\u{1B}[0m  \u{1B}8".utf8) }

    @Test func theScreenIsRecognisableOnceEveryPlacePaintedWasShownOnceAsCellsOrSixel() {
        let before = Self.sixel("2;2")
        let look = Self.cells("2;2") + Self.cells("2;30")
        let full = Self.blanks("2;2") + Self.sixel("2;2") + Self.blanks("2;30") + Self.sixel("2;30")
        let stream = before + look + full
        #expect(SixelPaintScan.shown(stream).map(\.shown) == [.sixel, .cells, .cells, .sixel, .sixel])
        // The cells at 2;30 end the first look (3 bytes of ▀ in, then the second ▀ and DECRC follow).
        #expect(SixelPaintScan.recognisable(stream, from: before.count) == before.count + look.count - 5)
        // Without a first look, the last sixel's end.
        let direct = before + Self.sixel("2;2") + Self.sixel("2;30")
        #expect(SixelPaintScan.recognisable(direct, from: before.count) == direct.count - 2)
        // No sixel after the offset: nothing to time.
        #expect(SixelPaintScan.recognisable(before + look, from: before.count) == nil)
    }
}
