import Foundation
import PhotoramaLocking
import PhotoramaImages
import PhotoramaKit
import PhotoramaTUI

/// Turns what the screen wants (an `ImageRequest`) into cells: fetch through the image loader, decode,
/// draw. nil when the work was cancelled: a cancelled picture reports nothing.
protocol PictureMaker: Sendable {
    func picture(_ request: ImageRequest, urgency: ImagePriority) async -> Result<Picture, ImageFailure>?
    /// On quit, once no `picture` call is running: ends the maker's own work (loads left to finish).
    func finish() async
}

/// Decoded pixels to a picture as the request asks: fitted into its area, aspect ratio kept; cells for
/// half blocks and ASCII, pixels at the terminal's cell size for a graphics protocol.
struct PictureDrawer: Sendable {
    /// A terminal cell in pixels (TIOCGWINSZ).
    let cell: PixelSize
    /// Names pixel pictures for the terminal; the same request drawn twice gets a new id.
    let ids: PictureIDs

    func draw(_ image: RGBImage, for request: ImageRequest) -> Result<Picture, ImageFailure> {
        if request.drawing.usesGraphicsProtocol {
            let fit = PixelFit.fit(image.size, columns: request.columns, rows: request.rows, cell: cell)
            let pixels = Resampler.areaAverage(image, to: fit.pixels)
            let id = ids.next()
            var encoded: [UInt8]?
            switch request.drawing {
            case .sixel:
                // Encoded here, off the UI thread, so painting a frame costs no encoding.
                do throws(SixelEncodeError) {
                    encoded = try SixelEncoder.encode(pixels)
                } catch {
                    return .failure(ImageFailure(message: error.message))
                }
            case .kitty:
                encoded = KittyGraphics.transmit(id: id, image: pixels)
            default:
                break
            }
            return .success(.pixels(PixelPicture(id: id, columns: fit.columns, rows: fit.rows, image: pixels, encoded: encoded)))
        }
        let size = CellRenderer.fittedSize(image.size, columns: request.columns, rows: request.rows)
        return .success(.cells(CellRenderer.render(image, columns: size.columns, rows: size.rows, drawing: request.drawing)))
    }
}

/// Kitty image ids: 1, 2, 3 … (0 means "none" to the protocol).
final class PictureIDs: Sendable {
    private let counter = Locked<UInt32>(0)

    func next() -> UInt32 {
        counter.withLock { value in
            value = value == UInt32.max ? 1 : value + 1
            return value
        }
    }
}

/// The placeholder reason for a failed fetch: "image unavailable: HTTP 404", "image unavailable:
/// Timed out after 30 s".
extension ImageFailure {
    init(_ error: PhotoramaError) {
        self.init(message: "image unavailable: \(error.message)")
    }
}
