import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaMap
import PhotoramaTUI

/// The browser's pictures: fetched and decoded through the shared `ImageLoader` (one request per URL,
/// priorities, cancellation, bounded caches), then drawn for the request's area.
struct LoaderPictures: PictureMaker {
    let loader: ImageLoader<PixelSize, RGBImage>
    /// The zoomed viewer's pictures: a region of a rendition (`ZoomedPictures`).
    let zoomed: ZoomedPictures
    let drawer: PictureDrawer
    let colour: ColourTransforms

    /// A screen of thumbnails is a dozen or more small images: 8 connections fill a 120×40 screen in two
    /// round trips, where 4 took three (docs/PERFORMANCE.md). Image hosts (Flickr's CDN) serve many at once.
    static let connectionsPerHost = 8

    /// 12 MB of decoded pixels: some 600 decoded thumbnails or one full-screen picture for kitty or sixel.
    /// The pictures on screen and those next to the selection are held ready by the screen itself
    /// (`ImagesModel`), so the decoded cache only saves a decode (a millisecond or so for a thumbnail, the
    /// body being kept) when a photo comes back. 12 MB fills within the soak's first minute, so memory stays
    /// flat after it; larger budgets kept it growing (docs/PERFORMANCE.md).
    static let imageBudget = 12 << 20

    /// Response bodies are kept to decode a photo again for another area (a resize, the viewer after the
    /// grid) without fetching it. With the response cache on disk that fetch is a file read (under half a
    /// millisecond for a thumbnail), so 4 MB, a couple of screens of thumbnails, is plenty; more only
    /// duplicates the disk and keeps memory growing (docs/PERFORMANCE.md). Without the disk cache (the
    /// embedded demo server, or the cache switched off) every refetch is a request, and 16 MB are kept.
    static func bodyBudget(diskCache: Bool) -> Int { diskCache ? 4 << 20 : 16 << 20 }

    init(webservice: Webservice, drawer: PictureDrawer, byteBudget: Int, imageBudget: Int = Self.imageBudget) {
        // Photos with an embedded ICC profile (Display P3) are converted to sRGB once decoded, in every mode.
        let colour = ColourTransforms()
        self.colour = colour
        loader = ImageLoader(
            webservice: webservice, maxPerHost: Self.connectionsPerHost, byteBudget: byteBudget, imageBudget: imageBudget,
            decode: { data, target throws(ImageLoadError) in
                do throws(ImageDecodeError) {
                    return try ImageDecoder.decode([UInt8](data), covering: target, colour: colour)
                } catch {
                    throw ImageLoadError(message: error.message)
                }
            },
            cost: { $0.byteCount })
        zoomed = ZoomedPictures(webservice: webservice, colour: colour)
        self.drawer = drawer
    }

    /// Decoded frames one viewer animation may keep: 24 MB (80 frames of 320×320, 8 of a 1,000×1,000 screen;
    /// a longer animation ends at the frame that reaches it). Frames are scaled to the viewer's pixels first.
    static let animationBudget = 24 << 20

    func animatedPicture(_ request: ImageRequest, urgency: ImagePriority) async -> (Result<Picture, ImageFailure>, AnimatedPicture?)? {
        // The map, downloaded files and zoomed regions (`ZoomedPictures`) are drawn as stills.
        guard request.map == nil, request.file == nil, request.zoom == nil else {
            return await picture(request, urgency: urgency).map { ($0, nil) }
        }
        do {
            let body = try await loader.body(request.url, priority: urgency)
            if Task.isCancelled { return nil }
            return Self.animatedPicture([UInt8](body), for: request, drawer: drawer, colour: colour)
        } catch let error as ImageLoadError {
            return (.failure(ImageFailure(message: error.message)), nil)
        } catch {
            return nil  // cancelled: nothing to report
        }
    }

    /// A body drawn for the viewer: every frame of an animated GIF (scaled to the request's pixels, within
    /// `animationBudget`), or the still picture. A file that cannot be decoded is one line of failure.
    static func animatedPicture(
        _ body: [UInt8], for request: ImageRequest, drawer: PictureDrawer, colour: ColourTransforms? = nil
    ) -> (Result<Picture, ImageFailure>, AnimatedPicture?) {
        let animation: Animation
        do throws(ImageDecodeError) {
            animation = try ImageDecoder.animation(
                body, covering: request.pixelTarget(cell: request.cell ?? drawer.cell), colour: colour, byteBudget: animationBudget)
        } catch {
            return (.failure(ImageFailure(error)), nil)
        }
        return drawer.draw(animation, for: request)
    }

    func finish() async {
        await loader.shutdown()
        await zoomed.loader.shutdown()
    }

    func picture(_ request: ImageRequest, urgency: ImagePriority) async -> Result<Picture, ImageFailure>? {
        if let map = request.map {
            // The world map: rasterised here, off the UI thread, then drawn like a photo.
            let image = MapPicture.image(map)
            if Task.isCancelled { return nil }
            return drawer.draw(image, for: request)
        }
        do {
            let target = request.pixelTarget(cell: request.cell ?? drawer.cell)
            if let zoom = request.zoom {
                let image = try await zoomed.loader.image(
                    request.url, for: ZoomedPictures.Target(url: request.url, zoom: zoom, area: target), priority: urgency)
                if Task.isCancelled { return nil }
                return drawer.draw(image, for: request)
            }
            // A downloaded photo is drawn from its file; the URL only when the file is gone or damaged.
            let image =
                if let file = request.file {
                    try await loader.image(file: file, orElse: request.url, for: target, priority: urgency)
                } else {
                    try await loader.image(request.url, for: target, priority: urgency)
                }
            if Task.isCancelled { return nil }
            return drawer.draw(image, for: request)
        } catch let error as ImageLoadError {
            return .failure(ImageFailure(message: error.message))
        } catch {
            return nil  // cancelled: nothing to report
        }
    }
}
