import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaTUI

/// Fetch, decode and draw with no cache: what `photorama show` needs for its one picture.
struct DirectPictures: PictureMaker {
    let webservice: Webservice
    let drawer: PictureDrawer

    func picture(_ request: ImageRequest, urgency: ImageUrgency) async -> Result<Picture, ImageFailure>? {
        let bytes: Data
        do {
            bytes = try await webservice.load(.data(WebRequest(url: request.url, limits: .image)))
        } catch {
            if error == .cancelled || Task.isCancelled { return nil }
            return .failure(ImageFailure(error))
        }
        do {
            let image = try ImageDecoder.decode([UInt8](bytes), covering: request.pixelTarget(cell: drawer.cell))
            return .success(drawer.draw(image, for: request))
        } catch {
            return .failure(ImageFailure(error))
        }
    }
}
