/// Decoded pixels to what a terminal shows: the one picture pipeline, for `show` and the browser's
/// thumbnails, preview and viewer alike. The image is fitted into the area (`PixelFit.placement`),
/// resampled by `Resampler.areaAverage`, then drawn as cells or encoded for the protocol (kitty, sixel,
/// or an iTerm2 inline JPEG).
public enum DrawnPicture: Sendable {
    /// Half blocks, finer block symbols or ASCII.
    case cells(CellImage)
    /// Pixels filling whole cells, with their bytes for the protocol.
    case pixels(EncodedPixels)

    /// How a kitty picture is sent; sixel, iTerm2 and cells ignore it.
    public enum KittyTransmission: Hashable, Sendable {
        /// Stored under `id` (a=t) and placed later: the browser.
        case store(id: UInt32)
        /// Stored under `id` and shown at the cursor over its cells (a=T): `show`.
        case display(id: UInt32)
        /// Not encoded: the screen hands the pixels to kitty by name (`KittyGraphics.transmitLocal`); the
        /// picture's `encoded` is empty.
        case byName
    }

    /// `image` fitted into `area` (or, with `.fill`, cropped to the area's shape first) and drawn as `drawing`
    /// asks; a protocol picture's cells are `cell` pixels. Fails only for an empty image or area with a
    /// protocol, or when libsixel fails. `dither` applies to cells in 256 and 16 colours; `sixelColors` is
    /// a sixel picture's palette size (`TerminalCapabilities.sixelColors`).
    public static func draw(
        _ image: RGBImage, in area: CellSize, as drawing: ImageDrawing, cell: PixelSize, kitty: KittyTransmission,
        mode: PixelFit.Mode = .fit, dither: DitherMode = .diffusion, sixelColors: Int = SixelEncoder.maximumColors
    ) throws(ImageFailure) -> DrawnPicture {
        let perCell = PixelFit.cell(for: drawing, terminalCell: cell)
        let image = mode == .fill ? PixelFit.croppedToFill(image, area: area, cell: perCell) : image
        let fit = PixelFit.placement(image.size, in: area, cell: perCell)
        guard drawing.usesGraphicsProtocol else {
            guard let fit else { return .cells(CellImage(columns: 0, rows: 0, cells: [])) }
            return .cells(CellRenderer.render(image, columns: fit.cells.columns, rows: fit.cells.rows, drawing: drawing, dither: dither))
        }
        guard let fit else { throw ImageFailure(.noPixels) }
        let pixels = drawing == .kitty ? kittyPixels(image, fit: fit) : Resampler.areaAverage(image, to: fit.pixels)
        let encoded: [UInt8]
        switch (drawing, kitty) {
        case (.kitty, .store(let id)):
            encoded = KittyGraphics.transmit(id: id, image: pixels)
        case (.kitty, .display(let id)):
            encoded = KittyGraphics.transmitAndDisplay(image: pixels, id: id, columns: fit.cells.columns, rows: fit.cells.rows)
        case (.kitty, .byName):
            encoded = []
        case (.iterm2, _):
            encoded = try ITermImages.encode(pixels, columns: fit.cells.columns, rows: fit.cells.rows)
        default:
            do throws(SixelEncodeError) {
                encoded = try SixelEncoder.encode(pixels, colors: sixelColors)
            } catch {
                throw ImageFailure(message: error.message)
            }
        }
        return .pixels(EncodedPixels(cells: fit.cells, image: pixels, encoded: encoded))
    }
}

extension DrawnPicture {
    /// kitty scales a placement to its cells (c=, r=): a picture no larger than its cells' pixels goes at
    /// its own size, not scaled up first (scaling up adds pixels, and PNG bytes, that carry nothing new:
    /// large cells, a small original); a larger one is scaled down to them.
    static func kittyPixels(_ image: RGBImage, fit: PixelFit.Placement) -> RGBImage {
        image.width <= fit.pixels.width && image.height <= fit.pixels.height ? image : Resampler.areaAverage(image, to: fit.pixels)
    }
}

/// Pixels for a graphics protocol: `image` fills `cells` exactly (for kitty, which scales, it may be smaller
/// than the cells' pixels); `encoded` is the sixel sequence or the kitty transmission asked for, or the
/// iTerm2 sequence, prepared where the picture is made (off the browser's UI thread).
public struct EncodedPixels: Sendable {
    public let cells: CellSize
    public let image: RGBImage
    public let encoded: [UInt8]
}
