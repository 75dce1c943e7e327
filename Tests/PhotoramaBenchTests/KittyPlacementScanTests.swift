import ScreenCapture
import Testing

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

    @Test func theScreenEndsBeforeTheFirstPictureSentAheadOfNeed() {
        let save: [UInt8] = [0x1B, 0x37]
        let restore: [UInt8] = [0x1B, 0x38]
        let text = Array("\u{1B}[1;1Hphotos".utf8)
        let shown = save + Self.command("a=t,f=100,i=4,m=1,q=2;AAAA") + Self.command("m=0;AAAA") + Self.command("a=p,i=4,p=1,q=2") + restore
        let placedOnly = save + Self.command("a=p,i=5,p=1,q=2") + restore
        let ahead = save + Self.command("a=t,f=100,i=6,m=1,q=2;AAAA") + Self.command("m=0;AA") + restore
        let aheadToo = save + Self.command("a=t,f=100,i=7,q=2;AAAA") + restore
        let screen = text + shown + placedOnly
        #expect(KittyPlacementScan.screenEnd(screen + ahead + aheadToo, from: 0) == screen.count)
        // From a later offset, the same end; with nothing sent ahead, the whole stream.
        #expect(KittyPlacementScan.screenEnd(screen + ahead, from: text.count) == screen.count)
        #expect(KittyPlacementScan.screenEnd(screen, from: 0) == screen.count)
        // A transmission placed by a later command is the screen's, whatever lies between.
        let late = save + Self.command("a=t,f=100,i=8,q=2;AA") + restore + text + save + Self.command("a=p,i=8,p=1,q=2") + restore
        #expect(KittyPlacementScan.screenEnd(late + ahead, from: 0) == late.count)
    }
}
