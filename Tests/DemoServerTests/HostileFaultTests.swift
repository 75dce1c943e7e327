import DemoServer
import Foundation
import TestProcesses
import Testing

/// The hostile-titles and hostile-images faults: off by default, certain at rate 1, absent at rate 0,
/// and the same for the same seed.
@Suite(.ownThread) struct HostileFaultTests {
    // MARK: - Telling hostile text
    static let recent: [(String, String)] = [
        ("method", "flickr.photos.getRecent"), ("per_page", "100"), ("extras", "description,owner_name,url_q"),
    ]

    /// What every hostile text carries by construction: an escape sequence and a bidi or zero-width character.
    static func isHostile(_ text: String) -> Bool {
        text.unicodeScalars.contains("\u{1B}") && text.unicodeScalars.contains { invisible.contains($0.value) }
    }

    static let invisible: Set<UInt32> = [
        0x202E, 0x202C, 0x202D, 0x2066, 0x2069, 0x200F, 0x200E, 0x200B, 0x200C, 0x200D, 0xFEFF, 0x2060, 0x061C,
    ]

    /// Anything a terminal could take for a command or an invisible: none of it is in normal demo text.
    static func hasNothingHostile(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || invisible.contains($0.value) }
    }

    static func texts(_ photo: [String: Any]) throws -> [String] {
        [try photo.string("title"), try photo.string("ownername"), try photo.object("description").string("_content")]
    }

    // MARK: - Hostile titles
    @Test func offByDefault() {
        #expect(FaultInjection.none.hostileTitleRate == 0)
        #expect(FaultInjection.none.hostileImageRate == 0)
        #expect(FaultInjection.none.slowDripBytes == 1)
    }

    @Test func rateOneMakesEveryTitleOwnerAndDescriptionHostile() async throws {
        try await withDemoServer(seed: 4, faults: FaultInjection(hostileTitleRate: 1)) { server in
            let photos = try await Fetch.get(server.flickr(Self.recent)).json().object("photos").array("photo")
            #expect(photos.count == 100)
            for photo in photos {
                for text in try Self.texts(photo) { #expect(Self.isHostile(text), "\(text.debugDescription)") }
            }
            let id = try photos[3].string("id")
            let info = try await Fetch.get(server.flickr([("method", "flickr.photos.getInfo"), ("photo_id", id)])).json().object("photo")
            #expect(Self.isHostile(try info.object("title").string("_content")))
            #expect(Self.isHostile(try info.object("description").string("_content")))
            #expect(Self.isHostile(try info.object("owner").string("username")))
            #expect(Self.isHostile(try info.object("owner").string("realname")))
            #expect(try info.object("title").string("_content") == photos[3].string("title"), "the same text in every answer")
            let popular = try await Fetch.get(server.px500URL.absoluteString + "/photos?feature=popular&rpp=50&consumer_key=k").json()
            let items = try popular.array("photos")
            #expect(items.count == 50)
            for item in items {
                #expect(Self.isHostile(try item.string("name")))
                #expect(Self.isHostile(try item.object("user").string("fullname")))
            }
        }
    }

    @Test func rateZeroLeavesEveryTextClean() async throws {
        try await withDemoServer(seed: 4, faults: FaultInjection(hostileTitleRate: 0)) { server in
            let photos = try await Fetch.get(server.flickr(Self.recent)).json().object("photos").array("photo")
            #expect(photos.count == 100)
            for photo in photos {
                for text in try Self.texts(photo) { #expect(Self.hasNothingHostile(text), "\(text.debugDescription)") }
            }
        }
    }

    @Test func hostileTitlesAreTheSameForTheSameSeedAndPickedPerPhoto() async throws {
        let faults = FaultInjection(hostileTitleRate: 0.3)
        let fetch: @Sendable (RunningDemoServer) async throws -> [[String: Any]] = {
            try await Fetch.get($0.flickr(Self.recent)).json().object("photos").array("photo")
        }
        let photos = try await withDemoServer(seed: 9, faults: faults, fetch)
        let again = try await withDemoServer(seed: 9, faults: faults, fetch)
        // (The image URLs differ: each server has its own port.)
        #expect(try photos.map { try Self.texts($0) } == again.map { try Self.texts($0) })
        let hostile = try photos.filter { Self.isHostile(try $0.string("title")) }.count
        #expect(hostile > 10 && hostile < 60, "about 30 of 100, got \(hostile)")
        // A photo's fields are all hostile or all clean.
        for photo in photos {
            let texts = try Self.texts(photo)
            #expect(texts.allSatisfy(Self.isHostile) || texts.allSatisfy(Self.hasNothingHostile))
        }
    }

    // MARK: - Hostile images
    /// A JPEG a decoder can finish: SOI first, EOI last, and a frame header of a sane size.
    static func isGoodJPEG(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[bytes.count - 2] == 0xFF, bytes[bytes.count - 1] == 0xD9 else {
            return false
        }
        guard let sof = (2..<(bytes.count - 9)).first(where: { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
        else { return false }
        let height = Int(bytes[sof + 5]) << 8 | Int(bytes[sof + 6])
        let width = Int(bytes[sof + 7]) << 8 | Int(bytes[sof + 8])
        return width > 0 && height > 0 && width <= 10_000 && height <= 10_000
    }

    static func thumbnailURLs(_ server: RunningDemoServer, count: Int) async throws -> [String] {
        let photos = try await Fetch.get(
            server.flickr([("method", "flickr.photos.getRecent"), ("per_page", String(count)), ("extras", "url_q")])
        )
        .json().object("photos").array("photo")
        return try photos.map { try $0.string("url_q") }
    }

    @Test func rateOneMakesEveryImageBadOfEveryKind() async throws {
        try await withDemoServer(seed: 4, faults: FaultInjection(hostileImageRate: 1)) { server in
            var kinds = Set<String>()
            for url in try await Self.thumbnailURLs(server, count: 40) {
                let image = try await Fetch.get(url)
                #expect(image.status == 200)
                #expect(image.header("Content-Type") == "image/jpeg")
                #expect(!Self.isGoodJPEG(image.body), "\(url) answered a good JPEG")
                let again = try await Fetch.get(url)
                #expect(again.body == image.body, "the same bad bytes every time")
                let body = image.body
                if body.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                    kinds.insert("png")
                } else if body.starts(with: Array("<!DOCTYPE html>".utf8)) {
                    kinds.insert("html")
                } else if body.starts(with: [0xFF, 0xD8, 0xFF, 0xE0]), body.count > 100, body[96] == 0xFF, body[97] == 0xDC {
                    kinds.insert("bomb")
                } else if body.starts(with: [0xFF, 0xD8]) {
                    kinds.insert("truncated")
                } else {
                    kinds.insert("garbage")
                }
            }
            #expect(kinds == ["png", "html", "bomb", "truncated", "garbage"])
        }
    }

    @Test func rateZeroServesEveryImageWhole() async throws {
        try await withDemoServer(seed: 4, faults: FaultInjection(hostileImageRate: 0)) { server in
            for url in try await Self.thumbnailURLs(server, count: 20) {
                let image = try await Fetch.get(url)
                #expect(image.status == 200)
                // The demo's animated photos (one in sixteen, by id) are whole GIFs; the others whole JPEGs.
                let id = try #require(url.split(separator: "/").last.flatMap { UInt64($0.prefix { $0 != "_" }) })
                if DemoAnimation.isAnimated(photoID: id) {
                    #expect(image.body.starts(with: Array("GIF89a".utf8)) && image.body.last == 0x3B, "\(url) answered a bad GIF")
                } else {
                    #expect(Self.isGoodJPEG(image.body), "\(url) answered a bad JPEG")
                }
            }
        }
    }

    // MARK: - Slow drip
    @Test func slowDripSendsSeveralBytesAtEachDrip() async throws {
        let echo: [(String, String)] = [("method", "flickr.test.echo"), ("x", String(repeating: "0123456789", count: 20))]
        let normal = try await withDemoServer { try await Fetch.get($0.flickr(echo)).text }
        try await withDemoServer(faults: FaultInjection(slowDripRate: 1, slowDripInterval: .milliseconds(10), slowDripBytes: 16)) {
            server in
            let dripped = try await Fetch.get(server.flickr(echo))
            #expect(dripped.text == normal)
            let (head, body) = try await RawHTTP.get(port: server.port, path: "/locations?country=fr")
            #expect(head.hasPrefix("HTTP/1.1 200"))
            #expect(body.count > 16)
        }
    }
}
