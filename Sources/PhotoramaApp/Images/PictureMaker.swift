import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaLocking
import PhotoramaScreen
import PhotoramaTUI
import PhotoramaTerminal

/// Turns what the screen wants (an `ImageRequest`) into cells: fetch through the image loader, decode,
/// draw. nil when the work was cancelled: a cancelled picture reports nothing.
protocol PictureMaker: Sendable {
    func picture(_ request: ImageRequest, urgency: ImagePriority) async -> Result<Picture, ImageFailure>?
    /// The viewer's picture (`request.animated`): the picture and, for an animated GIF drawn as cells, sixel
    /// or iTerm2, all its frames; nil when cancelled.
    func animatedPicture(_ request: ImageRequest, urgency: ImagePriority) async -> (Result<Picture, ImageFailure>, AnimatedPicture?)?
    /// On quit, once no `picture` call is running: ends the maker's own work (loads left to finish).
    func finish() async
}

extension PictureMaker {
    /// A maker that knows no animations draws the picture alone.
    func animatedPicture(_ request: ImageRequest, urgency: ImagePriority) async -> (Result<Picture, ImageFailure>, AnimatedPicture?)? {
        await picture(request, urgency: urgency).map { ($0, nil) }
    }
}

/// Decoded pixels to a picture as the request asks, through the one pipeline (`DrawnPicture.draw`): cells
/// for half blocks and ASCII, pixels at the terminal's cell size for a graphics protocol, encoded here.
struct PictureDrawer: Sendable {
    /// A terminal cell in pixels (TIOCGWINSZ).
    let cell: PixelSize
    /// Names pixel pictures for the terminal. A kitty still keeps its request's id when drawn again, so a
    /// picture the terminal still holds is placed again, not sent again; every other picture gets a new id.
    let ids: PictureIDs
    /// How 256- and 16-colour cells mix palette entries (`--dither`, the config file's `dither`).
    let dither: DitherMode
    /// A sixel picture's palette size: the terminal's colour registers (`TerminalCapabilities.sixelColors`).
    let sixelColors: Int

    /// Still kitty pictures are encoded for the stream here; false when the screen hands their pixels to
    /// kitty by name (`KittyHandoff`), which needs no encoding.
    let kittyStream: Bool
    /// While the screen finds the link slow, still kitty pictures for the stream are made with their first
    /// look (`KittyPreview`) here, off the UI thread; nil: never.
    let slowLink: SlowLinkSignal?

    init(
        cell: PixelSize, ids: PictureIDs, dither: DitherMode = .diffusion, sixelColors: Int = SixelEncoder.maximumColors,
        kittyStream: Bool = true, slowLink: SlowLinkSignal? = nil
    ) {
        self.cell = cell
        self.ids = ids
        self.dither = dither
        self.sixelColors = sixelColors
        self.kittyStream = kittyStream
        self.slowLink = slowLink
    }

    func draw(_ image: RGBImage, for request: ImageRequest) -> Result<Picture, ImageFailure> {
        draw(image, for: request, id: request.drawing == .kitty ? ids.id(for: request) : ids.next())
    }

    private func draw(_ image: RGBImage, for request: ImageRequest, id: UInt32) -> Result<Picture, ImageFailure> {
        let area = CellSize(columns: request.columns, rows: request.rows)
        let id = request.drawing.usesGraphicsProtocol ? id : 0
        do throws(ImageFailure) {
            switch try DrawnPicture.draw(
                image, in: area, as: request.drawing, cell: request.cell ?? cell, kitty: kittyStream ? .store(id: id) : .byName,
                mode: request.fill ? .fill : .fit,
                dither: dither, sixelColors: sixelColors)
            {
            case .cells(let cells):
                return .success(.cells(cells))
            case .pixels(let picture):
                let preview =
                    request.drawing == .kitty && kittyStream && slowLink?.isSlow == true
                    ? KittyPreview.make(id: id, of: picture.image) : nil
                return .success(
                    .pixels(
                        PixelPicture(
                            id: id, columns: picture.cells.columns, rows: picture.cells.rows, image: picture.image,
                            encoded: picture.encoded.isEmpty ? nil : picture.encoded, kittyPreview: preview
                        )))
            }
        } catch {
            return .failure(error)
        }
    }
}

// MARK: - Animations
extension PictureDrawer {
    /// An animation's frames drawn for `request`: for kitty one picture whose transmission carries every
    /// frame for the terminal to play (`KittyGraphics.animation`); otherwise the first frame as the picture
    /// and every frame drawn, for the viewer to show at their delays. A still picture is the picture alone.
    func draw(_ animation: Animation, for request: ImageRequest) -> (Result<Picture, ImageFailure>, AnimatedPicture?) {
        guard let first = animation.frames.first else { return (.failure(ImageFailure(.noPixels)), nil) }
        guard animation.frames.count > 1 else { return (draw(first.image, for: request), nil) }
        if request.drawing == .kitty { return (drawKitty(animation, for: request), nil) }
        var frames: [Picture] = []
        for frame in animation.frames {
            switch draw(frame.image, for: request) {
            case .success(let picture): frames.append(picture)
            case .failure(let error): return frames.isEmpty ? (.failure(error), nil) : (.success(frames[0]), nil)
            }
        }
        return (.success(frames[0]), AnimatedPicture(request: request, frames: frames, clock: animation.clock))
    }

    /// kitty scales a picture to the cells it is placed over, so frames smaller than the fitted size go as
    /// they are (a GIF is usually small: far fewer bytes to send than upscaled frames); larger ones are
    /// scaled down to it.
    private func drawKitty(_ animation: Animation, for request: ImageRequest) -> Result<Picture, ImageFailure> {
        let area = CellSize(columns: request.columns, rows: request.rows)
        guard let first = animation.frames.first,
            let fit = PixelFit.placement(first.image.size, in: area, cell: PixelFit.cell(for: .kitty, terminalCell: request.cell ?? cell))
        else { return .failure(ImageFailure(.noPixels)) }
        let id = ids.next()
        let frames = animation.frames.map { frame in
            let small = frame.image.width <= fit.pixels.width && frame.image.height <= fit.pixels.height
            return (image: small ? frame.image : Resampler.areaAverage(frame.image, to: fit.pixels), delay: frame.delay)
        }
        let encoded = KittyGraphics.animation(id: id, frames: frames, loops: animation.loops)
        return .success(
            .pixels(PixelPicture(id: id, columns: fit.cells.columns, rows: fit.cells.rows, image: frames[0].image, encoded: encoded)))
    }
}

/// Kitty image ids: 1, 2, 3 … (0 means "none" to the protocol). An id is never given to two pictures:
/// `id(for:)` names a request's picture the same each time it is drawn (the same request draws the same
/// pixels), and forgets the oldest requests beyond `remembered` (those get a new id, and are sent again).
final class PictureIDs: Sendable {
    private struct State {
        var counter: UInt32 = 0
        var byRequest: [ImageRequest: UInt32] = [:]
        /// Requests in the order they were first named, to forget the oldest.
        var order: [ImageRequest] = []
    }

    private let state = Locked(State())
    let remembered: Int

    init(remembered: Int = 2_048) {
        self.remembered = max(1, remembered)
    }

    func next() -> UInt32 {
        state.withLock { Self.next(&$0) }
    }

    /// The id of `request`'s picture: the one it had if it was drawn before, else a new one.
    func id(for request: ImageRequest) -> UInt32 {
        state.withLock { state in
            if let id = state.byRequest[request] { return id }
            let id = Self.next(&state)
            state.byRequest[request] = id
            state.order.append(request)
            if state.order.count > remembered {
                let forgotten = state.order.count - remembered
                for old in state.order.prefix(forgotten) { state.byRequest[old] = nil }
                state.order.removeFirst(forgotten)
            }
            return id
        }
    }

    private static func next(_ state: inout State) -> UInt32 {
        state.counter = state.counter == UInt32.max ? 1 : state.counter + 1
        return state.counter
    }
}

/// The placeholder reason for a failed fetch: "image unavailable: HTTP 404", "image unavailable:
/// Timed out after 30 s".
extension ImageFailure {
    init(_ error: PhotoramaError) {
        self.init(message: "image unavailable: \(error.message)")
    }
}
