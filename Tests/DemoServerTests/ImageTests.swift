import DemoServer
import Foundation
import Testing

/// JPEG images: real JPEGs at the promised sizes, cache headers and 304s.
@Suite struct ImageTests {
    /// Width and height from the first SOF0 (baseline) frame header, walking the JPEG segments.
    static func baselineDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xC0 {
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return (width, height)
            }
            index += 2 + length
        }
        return nil
    }

    @Test func everyFlickrSizeIsABaselineJPEGOfThePromisedSize() async throws {
        try await withDemoServer { server in
            let recent = try await Fetch.get(server.flickr([("method", "flickr.photos.getRecent"), ("per_page", "3")])).json()
            for photo in try recent.object("photos").array("photo") {
                let sizes = try await Fetch.get(
                    server.flickr([("method", "flickr.photos.getSizes"), ("photo_id", try photo.string("id"))])
                ).json().object("sizes").array("size")
                for size in sizes {
                    let image = try await Fetch.get(try size.string("source"))
                    #expect(image.status == 200)
                    #expect(image.header("Content-Type") == "image/jpeg")
                    #expect(image.header("Content-Length") == String(image.body.count))
                    #expect(image.body.suffix(2) == [0xFF, 0xD9], "ends with EOI")
                    let dimensions = try #require(Self.baselineDimensions(image.body))
                    #expect(dimensions.width == (try size.int("width")))
                    #expect(dimensions.height == (try size.int("height")))
                }
            }
        }
    }

    @Test func imagesDifferPerPhotoAndAreScenesNotNoise() async throws {
        try await withDemoServer { server in
            let recent = try await Fetch.get(
                server.flickr([("method", "flickr.photos.getRecent"), ("per_page", "8"), ("extras", "url_z")])
            ).json()
            var bodies: [[UInt8]] = []
            // The JPEGs among them: the animated photos (one in sixteen, by id) are GIFs.
            for photo in try recent.object("photos").array("photo")
            where !DemoAnimation.isAnimated(photoID: try #require(UInt64(try photo.string("id")))) {
                let image = try await Fetch.get(try photo.string("url_z"))
                bodies.append(image.body)
                // 640 px of random noise would not compress below ~150 KB at this quality; smooth scenes do.
                #expect(image.body.count < 120_000, "\(image.body.count) bytes")
                #expect(image.body.count > 5_000)
            }
            #expect(Set(bodies).count == bodies.count)
        }
    }

    @Test func etagAndIfNoneMatchGive304() async throws {
        try await withDemoServer { server in
            let recent = try await Fetch.get(
                server.flickr([("method", "flickr.photos.getRecent"), ("per_page", "1"), ("extras", "url_n")])
            ).json()
            let url = try #require(try recent.object("photos").array("photo").first).string("url_n")
            let first = try await Fetch.get(url)
            let etag = try #require(first.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
            let again = try await Fetch.get(url)
            #expect(again.body == first.body)
            #expect(again.header("ETag") == etag)
            let notModified = try await Fetch.get(url, headers: [("If-None-Match", etag)])
            #expect(notModified.status == 304)
            #expect(notModified.body.isEmpty)
            let changed = try await Fetch.get(url, headers: [("If-None-Match", "\"something-else\"")])
            #expect(changed.status == 200)
        }
    }

    @Test func unknownImagesAre404() async throws {
        try await withDemoServer { server in
            let recent = try await Fetch.get(
                server.flickr([("method", "flickr.photos.getRecent"), ("per_page", "1"), ("extras", "url_t")])
            ).json()
            let url = try #require(try recent.object("photos").array("photo").first).string("url_t")
            let wrongSecret = url.replacingOccurrences(of: "_t.jpg", with: "x_t.jpg")
            #expect(try await Fetch.get(wrongSecret).status == 404)
            #expect(try await Fetch.get(url.replacingOccurrences(of: "_t.jpg", with: "_w.jpg")).status == 404)
            #expect(try await Fetch.get(server.locationsURL.absoluteString + "/65535/1_abc_z.jpg").status == 404)
        }
    }

    @Test func fiveHundredPxImagesHaveTheirSizeRules() async throws {
        try await withDemoServer { server in
            let url = server.px500URL.absoluteString + "/photos?feature=popular&rpp=2&image_size=2,4,21&consumer_key=k"
            let photos = try await Fetch.get(url).json().array("photos")
            for photo in photos {
                let (width, height) = (try photo.int("width"), try photo.int("height"))
                for image in try photo.array("images") {
                    let body = try await Fetch.get(try image.string("url")).body
                    let dimensions = try #require(Self.baselineDimensions(body))
                    switch try image.int("size") {
                    case 2: #expect(dimensions == (140, 140))
                    case 4:
                        #expect(max(dimensions.width, dimensions.height) == 900)
                        #expect(abs(Double(dimensions.width) / Double(dimensions.height) - Double(width) / Double(height)) < 0.02)
                    default: #expect(dimensions.height == 600)
                    }
                }
            }
        }
    }
}
