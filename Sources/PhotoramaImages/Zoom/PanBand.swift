import PhotoramaLocking

/// The last decoded stretch of a zoomed picture, kept so that panning is a crop, not a decode.
///
/// The choice: a JPEG without restart markers cannot be entered in the middle, so every decode of a region
/// entropy-decodes all the rows above it (about 100 ms at the bottom of a 50-megapixel file). So a region is
/// decoded with a margin of its own size on every side (a 3 × 3 block of views, clamped to the picture and
/// to `DecodeLimits.maxDecodedPixels`), upright and in sRGB, and kept; a request at the same DCT scale that
/// falls inside it is cropped from it. Only the one last band is kept (at 1:1 for a 1200 × 800 view,
/// 3600 × 2400 pixels, 26 MB), so memory stays bounded however long the pan. Behind `Locked` (the house's
/// Mutex, which ThreadSanitizer understands): a decode runs outside the lock, and two threads missing at
/// once both decode, the later one kept.
struct PanBand: Sendable {
    /// The DCT scale the band was decoded at (eighths).
    var eighths: Int
    /// Where the band lies in the upright picture scaled by `eighths`/8.
    var region: Rect
    /// The band's pixels, upright, in sRGB.
    var image: RGBImage

    /// The band to decode for `needed` (upright, scaled) in a picture of `size` (scaled): `needed` grown by
    /// its own size on every side, clamped to the picture; `needed` alone when that would pass `maxPixels`.
    static func around(_ needed: Rect, in size: PixelSize, maxPixels: Int) -> Rect {
        let grown = Rect(
            row: needed.row - needed.height, column: needed.column - needed.width, width: needed.width * 3, height: needed.height * 3
        ).clamped(to: size)
        return grown.width * grown.height <= maxPixels ? grown : needed
    }
}

/// The one band a `ZoomablePicture` keeps.
final class PanCache: Sendable {
    private let band = Locked<PanBand?>(nil)

    /// `needed` cropped from the kept band when it holds it at this scale.
    func pixels(of needed: Rect, eighths: Int) -> RGBImage? {
        band.withLock { band in
            guard let band, band.eighths == eighths, band.region.contains(needed) else { return nil }
            return needed.crop(band.image, at: (band.region.row, band.region.column))
        }
    }

    func keep(_ new: PanBand) {
        band.withLock { $0 = new }
    }

    /// The band kept now (for tests and the benchmark's hit count).
    var kept: PanBand? { band.withLock { $0 } }
}
