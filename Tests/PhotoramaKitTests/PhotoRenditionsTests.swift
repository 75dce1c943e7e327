import Foundation
import Testing

@testable import PhotoramaKit

/// A photo's renditions are packed (the addresses' shared beginning once, the rest in one buffer); what
/// callers read back is exactly what went in, in the same order.
@Suite struct PhotoRenditionsTests {
    static func image(_ size: ImageSizeClass, _ address: String, _ width: Int? = nil, _ height: Int? = nil) throws -> PhotoImage {
        PhotoImage(size: size, url: try #require(URL(string: address)), width: width, height: height)
    }

    static func flickrImages() throws -> [PhotoImage] {
        [
            try image(.square75, "https://live.staticflickr.com/65535/53808885776_165d3e5daf_s.jpg", 75, 75),
            try image(.small240, "https://live.staticflickr.com/65535/53808885776_165d3e5daf_m.jpg", 180, 240),
            try image(.medium500, "https://live.staticflickr.com/65535/53808885776_165d3e5daf.jpg", 375, 500),
            try image(.large1024, "https://live.staticflickr.com/65535/53808885776_165d3e5daf_b.jpg"),
            try image(.original, "https://live.staticflickr.com/65535/53808885776_c6a2db13df_o.png", 2250, nil),
        ]
    }

    @Test func flickrRenditionsComeBackAsTheyWent() throws {
        let images = try Self.flickrImages()
        let renditions = PhotoRenditions(images)
        #expect(Array(renditions) == images)
        #expect(renditions.count == 5)
        #expect(renditions[2].address == "https://live.staticflickr.com/65535/53808885776_165d3e5daf.jpg")
        #expect(renditions[4].width == 2250)
        #expect(renditions[4].height == nil)
        #expect(renditions[3].width == nil)
        #expect(renditions.size(at: 4) == .original)
        #expect(renditions.longestEdge(at: 3) == 1024)
        #expect(renditions.longestEdge(at: 1) == 240)
    }

    @Test func theSharedBeginningIsKeptOnce() throws {
        let renditions = PhotoRenditions(try Self.flickrImages())
        #expect(renditions.sharedPrefix == "https://live.staticflickr.com/65535/53808885776_")
        // Four rests after the prefix ("165d3e5daf_s.jpg" …) and the original's; nothing stored twice.
        let rests = ["165d3e5daf_s.jpg", "165d3e5daf_m.jpg", "165d3e5daf.jpg", "165d3e5daf_b.jpg", "c6a2db13df_o.png"]
        #expect(renditions.storedBytes == renditions.sharedPrefix.utf8.count + rests.joined().utf8.count)
    }

    @Test func addressesWithNothingInCommonOrOnlyOneOrNoneWork() throws {
        let apart = [
            try Self.image(.medium640, "http://a.example/1.jpg", 640, 480),
            try Self.image(.large1600, "https://b.example/x/2.jpg", 1600, 1200),
        ]
        #expect(Array(PhotoRenditions(apart)) == apart)
        #expect(PhotoRenditions(apart).sharedPrefix == "http")
        let one = [try Self.image(.medium640, "https://c.example/%E6%9D%B1%E4%BA%AC.jpg?a=1#f", -3, Int.min)]
        #expect(Array(PhotoRenditions(one)) == one)
        #expect(PhotoRenditions(one)[0].height == Int.min)
        #expect(Array(PhotoRenditions([])) == [])
        #expect(PhotoRenditions([]).isEmpty)
        let same = [try Self.image(.small320, "https://d.example/same.jpg"), try Self.image(.medium640, "https://d.example/same.jpg")]
        #expect(Array(PhotoRenditions(same)) == same)
    }

    @Test func equalRenditionsAreEqualAndHashAlike() throws {
        let images = try Self.flickrImages()
        #expect(PhotoRenditions(images) == PhotoRenditions(images))
        #expect(PhotoRenditions(images).hashValue == PhotoRenditions(images).hashValue)
        #expect(PhotoRenditions(images) != PhotoRenditions(Array(images.dropLast())))
        var changed = images
        changed[1].width = 181
        #expect(PhotoRenditions(images) != PhotoRenditions(changed))
    }

    @Test func aPhotoKeepsItsRenditionsSmallestFirstAndAnswersFromThem() throws {
        let images = try Self.flickrImages()
        var photo = Photo(provider: .flickr, id: "53808885776", images: images.reversed())
        #expect(photo.images == images)
        #expect(photo.largestImage == images[4])
        #expect(photo.image(atLeast: 300) == images[2])
        #expect(photo.image(atLeast: 5000) == images[4])
        // The original's height is unknown, so the largest with both is the 500 px one.
        #expect(photo.largestDimensions.map { [$0.width, $0.height] } == [375, 500])
        photo.images = [images[0]]
        #expect(photo.renditions.count == 1)
        #expect(photo.images == [images[0]])
        #expect(Photo(provider: .flickr, id: "1").largestImage == nil)
    }
}
