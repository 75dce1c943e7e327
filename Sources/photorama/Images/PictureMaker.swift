import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaTUI

/// Turns what the screen wants (an `ImageRequest`) into cells: fetch through the image loader, decode,
/// draw. nil when the work was cancelled: a cancelled picture reports nothing.
protocol PictureMaker: Sendable {
    func picture(_ request: ImageRequest, urgency: ImageUrgency) async -> Result<CellImage, ImageFailure>?
}

extension CellRenderer {
    /// A decoded image drawn as the request asks: fitted into its area, aspect ratio kept.
    static func render(_ image: RGBImage, for request: ImageRequest) -> CellImage {
        let size = fittedSize(image.size, columns: request.columns, rows: request.rows)
        return render(image, columns: size.columns, rows: size.rows, drawing: request.drawing)
    }
}

/// The placeholder reason for a failed fetch: "image unavailable: HTTP 404", "image unavailable:
/// Timed out after 30 s".
extension ImageFailure {
    init(_ error: PhotoramaError) {
        self.init(message: "image unavailable: \(error.message)")
    }

    init(_ error: ImageDecodeError) {
        self.init(message: error.message)
    }
}
