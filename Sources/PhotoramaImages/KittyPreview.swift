/// A slow link's first look at a kitty picture (issue 42, point 5): the picture at half its width and
/// height (a quarter of its pixels, `Resampler.areaAverage`) in `colours` colours (`PalettePicture`, as a
/// palette PNG), transmitted under the picture's own id so that
/// the full picture replaces it by id. kitty scales a placement to its cells, so it fills the same cells,
/// softer. The one rule for it: the screen's `KittyPreviews` and the picture maker, which makes it off the
/// UI thread while the link is slow, both call `make`.
public struct KittyPreview: Sendable, Equatable {
    /// Pictures narrower or lower than this go whole: a preview would save next to nothing.
    public static let smallestSide = 16
    /// The preview's palette: on six demo photos 64 colours took 0.31 of the 24-bit PNG's bytes at a mean
    /// error of 1.6 of 255 a channel (256 colours: 0.56 at 0.8; 32: 0.23 at 2.2).
    public static let colours = 64

    /// The pixels the terminal shows.
    public let image: RGBImage
    /// The transmission of `image`: its palette PNG, or its 24-bit one when no palette could be made.
    public let transmission: [UInt8]

    /// The preview of `picture` under `id`; nil when the picture is too small to have one.
    public static func make(id: UInt32, of picture: RGBImage) -> KittyPreview? {
        guard picture.width >= smallestSide, picture.height >= smallestSide else { return nil }
        let image = Resampler.areaAverage(picture, to: PixelSize(width: (picture.width + 1) / 2, height: (picture.height + 1) / 2))
        guard let palette = PalettePicture.quantize(image, colors: colours), let png = PNGEncoder.encode(palette) else {
            return KittyPreview(image: image, transmission: KittyGraphics.transmit(id: id, image: image))
        }
        return KittyPreview(image: palette.image, transmission: KittyGraphics.transmit(id: id, png: png))
    }
}
