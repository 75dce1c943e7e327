import PhotoramaImages
import Testing

@Suite("Sixel regions: what to paint and what to repaint as text, frame by frame")
struct SixelRegionsTests {
    let a = SixelPicture(id: 1, rect: Rect(row: 0, column: 0, width: 10, height: 4))
    let b = SixelPicture(id: 2, rect: Rect(row: 5, column: 0, width: 10, height: 4))

    @Test("new pictures are painted once; an unchanged frame paints nothing")
    func newAndUnchanged() {
        var regions = SixelRegions()
        #expect(regions.frame([b, a]) == .init(paint: [a, b], repaint: []))
        #expect(regions.frame([a, b]) == .init(paint: [], repaint: []))
    }

    @Test("a moved picture is painted at its new place and its old cells repainted as text; one that left is repainted")
    func movedAndLeft() {
        var regions = SixelRegions()
        _ = regions.frame([a, b])
        let bUp = SixelPicture(id: 2, rect: a.rect)
        #expect(regions.frame([bUp]) == .init(paint: [bUp], repaint: [a.rect, b.rect]))
        #expect(regions.painted == [2: a.rect])
    }

    @Test("an overlay hides what it touches; when it closes the picture is painted again")
    func overlay() {
        var regions = SixelRegions()
        _ = regions.frame([a, b])
        let menu = Rect(row: 3, column: 5, width: 20, height: 1)
        #expect(regions.frame([a, b], overlays: [menu]) == .init(paint: [], repaint: [a.rect]))
        #expect(regions.frame([a, b]) == .init(paint: [a], repaint: []))
    }

    @Test("after a clear or resize everything is painted again")
    func invalidate() {
        var regions = SixelRegions()
        _ = regions.frame([a, b])
        regions.invalidate()
        #expect(regions.frame([a, b]) == .init(paint: [a, b], repaint: []))
    }

    @Test("the bytes go at the picture's top-left cell with the cursor saved and restored")
    func bytes() {
        let bytes = SixelRegions.bytes(Array("\u{1B}Pq#0;2;0;0;0#0~\u{1B}\\".utf8), at: Rect(row: 4, column: 9, width: 1, height: 1))
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}7\u{1B}[5;10H\u{1B}Pq#0;2;0;0;0#0~\u{1B}\\\u{1B}8")
    }
}
