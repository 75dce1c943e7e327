import SeededRandom
import Testing

@testable import PhotoramaKit

/// `CommonsRenditionBytes` packs what `CommonsParser.renditions` gives, in `PhotoRenditions(ordering:)`'s
/// order, or gives nil when an address it keeps is not plain (and the caller takes the strings' way).
@Suite struct CommonsRenditionBytesTests {
    func info(thumb: String?, thumbWidth: Int?, thumbHeight: Int?, url: String?, width: Int?, height: Int?, mime: String?)
        -> CommonsFile.Info
    {
        var info = CommonsFile.Info()
        info.thumbURL = thumb
        info.thumbWidth = thumbWidth
        info.thumbHeight = thumbHeight
        info.url = url
        info.width = width
        info.height = height
        info.mime = mime
        return info
    }

    @Test func aThumbnailOfAWideOriginalGivesTwoLargerOnesAndTheOriginal() throws {
        let packed = try #require(
            CommonsRenditionBytes.packed(
                info(
                    thumb: "//upload.wikimedia.org/w/thumb/a/ab/B.jpg/320px-B.jpg?x=320px-", thumbWidth: 320, thumbHeight: 240,
                    url: "https://upload.wikimedia.org/w/a/ab/B.jpg", width: 4000, height: 3000, mime: "image/jpeg")))
        #expect(
            packed.map(\.address) == [
                "https://upload.wikimedia.org/w/thumb/a/ab/B.jpg/320px-B.jpg?x=320px-",
                "https://upload.wikimedia.org/w/thumb/a/ab/B.jpg/800px-B.jpg?x=320px-",
                "https://upload.wikimedia.org/w/thumb/a/ab/B.jpg/1600px-B.jpg?x=320px-",
                "https://upload.wikimedia.org/w/a/ab/B.jpg",
            ])
        #expect(packed.map(\.height) == [240, 600, 1200, 3000])
        #expect(packed.map(\.size) == [.small320, .medium800, .large1600, .original])
    }

    @Test func anAddressThatIsNotPlainIsLeftToTheStrings() {
        #expect(
            CommonsRenditionBytes.packed(
                info(thumb: "https://x.org/é/320px-a.jpg", thumbWidth: 320, thumbHeight: 200, url: nil, width: 900, height: 600, mime: nil))
                == nil)
        #expect(
            CommonsRenditionBytes.packed(
                info(
                    thumb: "https://x.org/320px-a.jpg", thumbWidth: 320, thumbHeight: 200, url: "https://x.org/a b.jpg", width: 900,
                    height: 600, mime: "image/png")) == nil)
    }

    /// Random files: the segment anywhere (or twice, or not at all), sizes absent, zero or odd, originals
    /// equal to a thumbnail or not drawable, types in any case. Plain ones must be packed from the bytes.
    @Test func randomFilesPackAsTheStringsDo() {
        var random = SeededGenerator(seed: 40)
        let hosts = ["https://upload.wikimedia.org", "http://127.0.0.1:8080", "//upload.wikimedia.org", "https://X.org", "http://320px-a"]
        let paths = [
            "/a/320px-b.jpg", "/320px-/320px-c.png", "/a/32px-b.jpg", "/t/800px-x.jpg", "", "/a/1600px-b.jpg?q=/320px-", "/é/320px-e.jpg",
        ]
        let widths: [Int?] = [nil, 0, -5, 100, 320, 800, 1200, 1600, 5000]
        let mimes: [String?] = [nil, "image/jpeg", "IMAGE/PNG", "image/svg+xml", "application/pdf", "image/gif"]
        var fromBytes = 0
        for _ in 0..<4000 {
            let host = random.pick(hosts)
            let thumb = random.next() % 8 == 0 ? nil : host + random.pick(paths)
            let thumbWidth = random.pick([nil, 320, 32, 800, 1600, 0])
            let original =
                random.next() % 5 == 0
                ? thumb : random.next() % 6 == 0 ? nil : host + random.pick(["/o.jpg", "/o.svg", "/o b.jpg", "/O.PNG?x"])
            let file = info(
                thumb: thumb, thumbWidth: thumbWidth, thumbHeight: random.pick(widths), url: original,
                width: random.pick(widths), height: random.pick(widths),
                mime: random.pick(mimes))
            let strings = PhotoRenditions(ordering: CommonsParser.renditions(file))
            if let packed = CommonsRenditionBytes.packed(file) {
                fromBytes += 1
                #expect(packed == strings, "\(String(describing: thumb)) \(String(describing: original))")
                #expect(Array(packed) == Array(strings))
            }
        }
        // Most of them are plain: the bytes' way is the one tested.
        #expect(fromBytes > 1500)
    }
}
