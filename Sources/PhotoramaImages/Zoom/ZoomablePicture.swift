/// A picture kept as its encoded bytes, decoded a region at a time.
///
/// JPEG: only the region on screen is decoded, at the DCT scale the target needs (`JPEGRegionDecoder`),
/// with a margin kept for panning (`PanBand`). PNG and GIF (first frame) have no cheap way into the middle
/// of the picture: they are decoded whole, within the normal limits (`DecodeLimits.maxDecodedPixels`),
/// when the picture is made, kept, and cropped and scaled (`Resampler.areaAverage`) per request.
public final class ZoomablePicture: Sendable {
    /// How the pixels are reached.
    enum Source: Sendable {
        /// A JPEG's bytes and headers, decoded a region at a time.
        case jpeg(bytes: [UInt8], header: JPEGRegionDecoder.Header, orientation: ExifOrientation, profile: [UInt8]?)
        /// A whole decoded picture (PNG, GIF), upright and in sRGB.
        case whole(RGBImage)
    }

    let source: Source
    let limits: DecodeLimits
    let colour: ColourTransforms?
    let cache = PanCache()

    /// Reads headers only (size, orientation, ICC profile); no pixels. Throws what ImageDecoder would for bad bytes.
    /// (PNG and GIF are decoded whole here; see the type's comment.)
    public init(bytes: [UInt8], limits: DecodeLimits = .zoom, colour: ColourTransforms? = nil) throws(ImageDecodeError) {
        self.limits = limits
        self.colour = colour
        let span = bytes.span
        switch ImageFormat.sniff(span) {
        case .empty: throw .empty
        case .unknown: throw .notAnImage
        case .png, .gif:
            let whole = DecodeLimits(
                maxSourcePixels: min(limits.maxSourcePixels, limits.maxDecodedPixels), maxDecodedPixels: limits.maxDecodedPixels)
            source = .whole(try ImageDecoder.decode(bytes, limits: whole, colour: colour))
        case .jpeg:
            let header = try JPEGRegionDecoder.header(bytes, limits: limits)
            source = .jpeg(
                bytes: bytes, header: header, orientation: ExifOrientation.read(span),
                profile: colour == nil ? nil : EmbeddedProfile.read(span))
        }
    }

    /// The displayed size (orientation applied).
    public var size: PixelSize { scaledSize(eighths: 8) }

    /// The upright picture's size at a DCT scale of `eighths`/8 (libjpeg rounds up).
    func scaledSize(eighths: Int) -> PixelSize {
        switch source {
        case .whole(let image): return image.size
        case .jpeg(_, let header, let orientation, _):
            let width = (header.size.width * eighths + 7) / 8
            let height = (header.size.height * eighths + 7) / 8
            return orientation.swapsAxes ? PixelSize(width: height, height: width) : PixelSize(width: width, height: height)
        }
    }

    /// Where the band kept for panning lies (upright, in the picture at the band's DCT scale); nil before
    /// the first region of a JPEG. For the benchmark, which counts the steps that decoded.
    public var keptBand: Rect? { cache.kept?.region }

    // MARK: - Regions
    /// The pixels of `region` (clamped to the picture), scaled down to exactly `target` when target fits inside the region's size
    /// (keeping the caller's aspect: the caller passes a target of the region's aspect), else the region at 1:1 (the caller scales up).
    /// Orientation applied, ICC converted when `colour` was given.
    /// A region partly outside the picture is cut to the part inside, and `target` by the same proportion;
    /// one wholly outside throws `.noPixels`.
    public func pixels(of region: Rect, fitting target: PixelSize) throws(ImageDecodeError) -> RGBImage {
        try pixels(of: region, fitting: target, usingCache: true)
    }

    /// The same; without the cache, only the region itself is decoded and nothing is kept (the tests'
    /// reference for the cache, and the benchmark's cost of a miss).
    public func pixels(of region: Rect, fitting target: PixelSize, usingCache: Bool) throws(ImageDecodeError) -> RGBImage {
        let inside = region.clamped(to: size)
        guard !inside.isEmpty else { throw .noPixels }
        var wanted = target
        if inside != region, region.width > 0, region.height > 0 {
            wanted = PixelSize(
                width: max(1, (target.width * inside.width + region.width / 2) / region.width),
                height: max(1, (target.height * inside.height + region.height / 2) / region.height))
        }
        let shrinks = wanted.width > 0 && wanted.height > 0 && wanted.width <= inside.width && wanted.height <= inside.height
        let eighths = shrinks ? eighths(for: inside, covering: wanted) : 8
        let needed = inside.scaled(eighths: eighths).clamped(to: scaledSize(eighths: eighths))
        let pixels = try scaledPixels(of: needed, eighths: eighths, usingCache: usingCache)
        guard shrinks, pixels.size != wanted else { return pixels }
        return Resampler.areaAverage(pixels, to: wanted)
    }

    /// The smallest DCT scale at which `region` still covers `target` in both directions (8, 1:1, for a
    /// picture decoded whole).
    func eighths(for region: Rect, covering target: PixelSize) -> Int {
        guard case .jpeg = source else { return 8 }
        for eighths in 1...8 {
            let scaled = region.scaled(eighths: eighths)
            if scaled.width >= target.width, scaled.height >= target.height { return eighths }
        }
        return 8
    }

    /// `needed` of the upright picture scaled by `eighths`/8: from the kept band when it holds it, else
    /// decoded (with the pan margin when caching).
    func scaledPixels(of needed: Rect, eighths: Int, usingCache: Bool) throws(ImageDecodeError) -> RGBImage {
        switch source {
        case .whole(let image):
            return needed.crop(image)
        case .jpeg:
            if usingCache, let hit = cache.pixels(of: needed, eighths: eighths) { return hit }
            guard needed.width * needed.height <= limits.maxDecodedPixels else { throw .tooLarge(width: size.width, height: size.height) }
            guard usingCache else { return try decode(needed, eighths: eighths) }
            let region = PanBand.around(needed, in: scaledSize(eighths: eighths), maxPixels: limits.maxDecodedPixels)
            let band = PanBand(eighths: eighths, region: region, image: try decode(region, eighths: eighths))
            cache.keep(band)
            return needed.crop(band.image, at: (region.row, region.column))
        }
    }

    /// `region` of the upright picture scaled by `eighths`/8, decoded: mapped to the stored pixels, decoded
    /// there, turned upright, converted to sRGB.
    func decode(_ region: Rect, eighths: Int) throws(ImageDecodeError) -> RGBImage {
        guard case .jpeg(let bytes, let header, let orientation, let profile) = source else { throw .noPixels }
        let stored = PixelSize(width: (header.size.width * eighths + 7) / 8, height: (header.size.height * eighths + 7) / 8)
        let storedRegion = orientation.storedRegion(of: region, stored: stored)
        var image = orientation.apply(to: try JPEGRegionDecoder.decode(bytes, header: header, eighths: eighths, region: storedRegion))
        if let colour, let profile { colour.convert(&image, from: profile) }
        return image
    }
}
