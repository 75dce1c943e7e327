import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaTUI

/// The browser's pictures: fetched and decoded through the shared `ImageLoader` (one request per URL,
/// priorities, cancellation, bounded caches), then drawn for the request's area.
struct LoaderPictures: PictureMaker {
    let loader: ImageLoader<PixelSize, RGBImage>
    let drawer: PictureDrawer

    /// 64 MB of response bodies and 96 MB of decoded pixels: hundreds of previews and thumbnails.
    init(webservice: Webservice, drawer: PictureDrawer, byteBudget: Int = 64 << 20, imageBudget: Int = 96 << 20) {
        loader = ImageLoader(
            webservice: webservice, maxPerHost: 4, byteBudget: byteBudget, imageBudget: imageBudget,
            decode: { data, target throws(ImageLoadError) in
                do throws(ImageDecodeError) {
                    return try ImageDecoder.decode([UInt8](data), covering: target)
                } catch {
                    throw ImageLoadError(message: error.message)
                }
            },
            cost: { $0.byteCount })
        self.drawer = drawer
    }

    func picture(_ request: ImageRequest, urgency: ImagePriority) async -> Result<Picture, ImageFailure>? {
        do {
            let image = try await loader.image(request.url, for: request.pixelTarget(cell: drawer.cell), priority: urgency)
            if Task.isCancelled { return nil }
            return .success(drawer.draw(image, for: request))
        } catch let error as ImageLoadError {
            return .failure(ImageFailure(message: error.message))
        } catch {
            return nil  // cancelled: nothing to report
        }
    }
}
