import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaLocking
import PhotoramaTUI

/// The zoomed viewer's pictures: a rendition fetched through an `ImageLoader` of its own (one request per
/// URL, priorities, cancellation, bounded caches), opened as a `ZoomablePicture` and drawn only for the
/// visible region, off the UI thread like every picture.
struct ZoomedPictures: Sendable {
    /// One zoomed picture: `zoom`'s region of the rendition at `url`, fitted into `area` pixels.
    struct Target: Hashable, Sendable {
        let url: URL
        let zoom: ZoomSpec
        let area: PixelSize
    }

    let loader: ImageLoader<Target, RGBImage>

    /// Large renditions are a few megabytes each (a 6000×4000 original some 5 MB): two of them, the one on
    /// screen and the one standing in, stay so a pan fetches nothing.
    static let bodyBudget = 32 << 20
    /// A few screens of zoomed pixels, so panning back finds them.
    static let imageBudget = 16 << 20

    init(webservice: Webservice, colour: ColourTransforms) {
        let opened = OpenedPictures()
        loader = ImageLoader(
            webservice: webservice, maxPerHost: 2, byteBudget: Self.bodyBudget, imageBudget: Self.imageBudget,
            decode: { data, target throws(ImageLoadError) in
                do throws(ImageDecodeError) {
                    let picture = try opened.picture(target.url, bytes: data, colour: colour)
                    let region = target.zoom.region(in: picture.size)
                    let zoom = ZoomSpec(region: region, full: picture.size)
                    return try picture.pixels(of: region, fitting: zoom.target(fitting: target.area))
                } catch {
                    throw ImageLoadError(message: error.message)
                }
            },
            cost: { $0.byteCount })
    }
}

/// The last two renditions opened (the one needed and the one standing in), so each pan does not open the
/// file again.
final class OpenedPictures: Sendable {
    private let recent = Locked<[(url: URL, picture: ZoomablePicture)]>([])

    func picture(_ url: URL, bytes: Data, colour: ColourTransforms) throws(ImageDecodeError) -> ZoomablePicture {
        if let found = recent.withLock({ list in list.first { $0.url == url }?.picture }) { return found }
        let picture = try ZoomablePicture(bytes: [UInt8](bytes), colour: colour)
        recent.withLock { list in
            list.removeAll { $0.url == url }
            list.insert((url, picture), at: 0)
            if list.count > 2 { list.removeLast() }
        }
        return picture
    }
}
