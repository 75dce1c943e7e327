import Foundation
import PhotoramaImages
import Testing

/// Pictures by name for a kitty on this machine (issue 42, point 2): the probe's questions, how their
/// answers decide the medium, and the transmissions that name an object instead of carrying pixels.
@Suite struct KittyMediumTests {
    static let escape = "\u{1B}"

    /// Base64 by Foundation, not by the encoder under test.
    static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    @Test("a transmission by name carries the object's name in base64 and the raw pixels' format and size")
    func transmitLocal() {
        let name = "/tty-graphics-protocol-photorama-4242-7"
        let bytes = KittyGraphics.transmitLocal(id: 9, size: PixelSize(width: 20, height: 10), medium: .sharedMemory, name: name)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "\(Self.escape)_Ga=t,t=s,f=24,s=20,v=10,S=600,i=9,q=2;\(Self.base64(name))\(Self.escape)\\")
        let file = "/tmp/photorama-tty-graphics-protocol-1000/tty-graphics-protocol-photorama-4242-8"
        let shown = KittyGraphics.transmitLocalAndDisplay(
            id: 1, size: PixelSize(width: 3, height: 2), medium: .temporaryFile, name: file, columns: 4, rows: 5)
        #expect(
            String(decoding: shown, as: UTF8.self)
                == "\(Self.escape)_Ga=T,t=t,f=24,s=3,v=2,S=18,i=1,c=4,r=5,q=2;\(Self.base64(file))\(Self.escape)\\")
    }

    @Test("the second round asks about each medium's one-pixel object, shared memory first, then DA1; the batch has none")
    func mediaBatch() {
        let shm = "/tty-graphics-protocol-photorama-1-probe"
        let file = "/tmp/f/tty-graphics-protocol-photorama-1-probe"
        let round = String(decoding: TerminalQueries.mediaBatch([.temporaryFile: file, .sharedMemory: shm]), as: UTF8.self)
        #expect(
            round
                == "\(Self.escape)_Ga=q,i=32,t=s,f=24,s=1,v=1;\(Self.base64(shm))\(Self.escape)\\"
                + "\(Self.escape)_Ga=q,i=33,t=t,f=24,s=1,v=1;\(Self.base64(file))\(Self.escape)\\\(Self.escape)[c")
        #expect(
            String(decoding: TerminalQueries.mediaBatch([.sharedMemory: shm]), as: UTF8.self).hasSuffix("\(Self.escape)\\\(Self.escape)[c"))
        // The batch asks no medium: only the one-pixel kitty query, whose payload its EL erases.
        let batch = String(decoding: TerminalQueries.batch(askCellSize: false), as: UTF8.self)
        #expect(!batch.contains("t=s") && !batch.contains("t=t"))
    }

    @Test("kitty's answers to the medium questions are read as kitty graphics answers, errors word for word")
    func answers() {
        var parser = TerminalAnswerParser()
        let text =
            "\(Self.escape)_Gi=31;OK\(Self.escape)\\\(Self.escape)_Gi=32;OK\(Self.escape)\\"
            + "\(Self.escape)_Gi=33;EBADF:Failed to open file for graphics transmission with error: [2] No such file or directory\(Self.escape)\\"
        #expect(
            parser.feed(Array(text.utf8)) == [
                .kittyGraphics(id: 31, message: "OK"), .kittyGraphics(id: 32, message: "OK"),
                .kittyGraphics(
                    id: 33, message: "EBADF:Failed to open file for graphics transmission with error: [2] No such file or directory"),
            ])
        #expect(parser.typeAhead == [])
    }

    static func medium(_ answers: String, asked: Set<KittyMedium> = [.sharedMemory, .temporaryFile], leftBehind: Set<KittyMedium> = [])
        -> KittyMedium
    {
        var parser = TerminalAnswerParser()
        let parsed = parser.feed(Array((answers + "\(escape)[?62;c").utf8)).map { TimedAnswer($0, milliseconds: 1) }
        var findings = TerminalFindings(asked: TerminalQueries.sent(askCellSize: false), answers: parsed, milliseconds: 1)
        findings.mediaAsked = asked
        findings.mediaLeftBehind = leftBehind
        return TerminalCapabilities.decide(findings, window: nil, environment: ["TERM": "xterm-kitty"]).kittyMedium
    }

    @Test("shared memory when kitty read it, else a temporary file, else the stream; never a medium not asked or left behind")
    func decidingTheMedium() {
        let ok = { (id: Int) in "\(Self.escape)_Gi=\(id);OK\(Self.escape)\\" }
        let failed = { (id: Int) in "\(Self.escape)_Gi=\(id);EBADF:Failed to open\(Self.escape)\\" }
        #expect(Self.medium(ok(31) + ok(32) + ok(33)) == .sharedMemory)
        #expect(Self.medium(ok(31) + ok(33) + ok(32)) == .sharedMemory)
        #expect(Self.medium(ok(31) + failed(32) + ok(33)) == .temporaryFile)
        #expect(Self.medium(ok(31) + failed(32) + failed(33)) == .stream)
        // Over SSH: kitty cannot open this machine's objects.
        #expect(Self.medium(ok(31)) == .stream)
        // OK, but the object is still there: kitty would not remove it (a file outside its temporary folders).
        #expect(Self.medium(ok(31) + failed(32) + ok(33), leftBehind: [.temporaryFile]) == .stream)
        #expect(Self.medium(ok(31) + ok(32) + ok(33), leftBehind: [.sharedMemory]) == .temporaryFile)
        // An OK to a question not asked (another program's, or forged) decides nothing.
        #expect(Self.medium(ok(31) + ok(32) + ok(33), asked: []) == .stream)
    }

    @Test("a picture the maker did not encode is handed over by name; one with a prepared transmission goes as it is")
    func placementsHandOver() throws {
        var placements = KittyPlacements()
        let still = KittyPicture(id: 1, rect: Rect(row: 0, column: 0, width: 10, height: 4), image: Pictures.gradient(width: 5, height: 4))
        let prepared = Array("prepared".utf8)
        let animated = KittyPicture(
            id: 2, rect: Rect(row: 5, column: 0, width: 10, height: 4), image: Pictures.gradient(width: 6, height: 4),
            transmission: prepared)
        var asked: [UInt32] = []
        let update = placements.pieces([still, animated]) { id, image in
            asked.append(id)
            let name = "/tty-graphics-protocol-photorama-7-\(id)"
            return (KittyGraphics.transmitLocal(id: id, size: image.size, medium: .sharedMemory, name: name), name)
        }
        #expect(asked == [1])
        #expect(update.pieces.map(\.handoff) == ["/tty-graphics-protocol-photorama-7-1", nil])
        let save: [UInt8] = [0x1B, UInt8(ascii: "7")]
        let restore: [UInt8] = [0x1B, UInt8(ascii: "8")]
        #expect(
            update.pieces[0].bytes
                == save
                + KittyGraphics.transmitLocal(
                    id: 1, size: PixelSize(width: 5, height: 4), medium: .sharedMemory, name: "/tty-graphics-protocol-photorama-7-1")
                + KittyGraphics.place(id: 1, placement: 1, at: still.rect) + restore)
        #expect(update.pieces[1].bytes == save + prepared + KittyGraphics.place(id: 2, placement: 1, at: animated.rect) + restore)
        // Placed again on a later frame: nothing handed over, nothing sent.
        asked = []
        let again = placements.pieces([still, animated]) { id, _ in
            asked.append(id)
            return nil
        }
        #expect(asked == [])
        #expect(again.pieces.isEmpty)
    }
}
