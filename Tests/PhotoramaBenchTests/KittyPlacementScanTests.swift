import Testing

@testable import photorama_bench

/// The link benchmark's recognisable screen: the offset by which every placement the stream ends with was
/// made once since the key (a preview's placement counts; a later full one does not move it).
@Suite struct KittyPlacementScanTests {
    static func command(_ control: String) -> [UInt8] { Array("\u{1B}_G\(control)\u{1B}\\".utf8) }

    @Test func theScreenIsRecognisableOnceEveryFinalPlacementWasMadeOnce() {
        let before = Self.command("a=p,i=1,p=1,q=2")
        let preview2 = Self.command("a=t,f=100,i=2,q=2;AAAA") + Self.command("a=p,i=2,p=1,q=2")
        let preview3 = Self.command("a=t,f=100,i=3,q=2;AAAA") + Self.command("a=p,i=3,p=1,q=2")
        let gone = Self.command("a=d,d=i,i=1,p=1,q=2")
        let full2 = Self.command("a=t,f=100,i=2,q=2;AAAAAAAA") + Self.command("a=p,i=2,p=1,q=2")
        let stream = before + preview2 + gone + preview3 + full2
        #expect(KittyPlacementScan.shown(KittyPlacementScan.commands(stream)) == ["2/1", "3/1"])
        // Image 3's placement ends the preview pass; image 2's full picture comes after and does not count.
        #expect(KittyPlacementScan.recognisable(stream, from: before.count) == before.count + preview2.count + gone.count + preview3.count)
        // Nothing after the offset: nothing to time.
        #expect(KittyPlacementScan.recognisable(stream, from: stream.count) == nil)
        // A placement made before the key and still shown is there at once.
        #expect(KittyPlacementScan.recognisable(before + Self.command("a=t,i=9,q=2;AA"), from: before.count) == before.count)
    }
}
