import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaLocking
import PhotoramaTUI

/// Turns what the screen wants (an `ImageRequest`) into cells: fetch through the image loader, decode,
/// draw. nil when the work was cancelled: a cancelled picture reports nothing.
protocol PictureMaker: Sendable {
    func picture(_ request: ImageRequest, urgency: ImagePriority) async -> Result<Picture, ImageFailure>?
    /// On quit, once no `picture` call is running: ends the maker's own work (loads left to finish).
    func finish() async
}

/// Decoded pixels to a picture as the request asks, through the one pipeline (`DrawnPicture.draw`): cells
/// for half blocks and ASCII, pixels at the terminal's cell size for a graphics protocol, encoded here.
struct PictureDrawer: Sendable {
    /// A terminal cell in pixels (TIOCGWINSZ).
    let cell: PixelSize
    /// Names pixel pictures for the terminal; the same request drawn twice gets a new id.
    let ids: PictureIDs

    func draw(_ image: RGBImage, for request: ImageRequest) -> Result<Picture, ImageFailure> {
        let area = CellSize(columns: request.columns, rows: request.rows)
        let id = request.drawing.usesGraphicsProtocol ? ids.next() : 0
        do throws(ImageFailure) {
            switch try DrawnPicture.draw(
                image, in: area, as: request.drawing, cell: cell, kitty: .store(id: id), mode: request.fill ? .fill : .fit)
            {
            case .cells(let cells):
                return .success(.cells(cells))
            case .pixels(let picture):
                return .success(
                    .pixels(
                        PixelPicture(
                            id: id, columns: picture.cells.columns, rows: picture.cells.rows, image: picture.image, encoded: picture.encoded
                        )))
            }
        } catch {
            return .failure(error)
        }
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
