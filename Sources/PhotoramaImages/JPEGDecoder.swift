import CTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG API: the header is read first (size checks happen before any
/// pixel is decoded), then the image is decoded straight to RGB at a DCT scale.
enum JPEGDecoder {
    static func decode(
        _ bytes: Span<UInt8>, covering target: PixelSize?, swapsAxes: Bool, limits: DecodeLimits
    ) throws(ImageDecodeError) -> RGBImage {
        if let frame = JPEGFrameHeader.dimensions(bytes) {
            guard frame.width > 0, frame.height > 0 else { throw .noPixels }
            guard frame.width * frame.height <= limits.maxSourcePixels else {
                throw .tooLarge(width: frame.width, height: frame.height)
            }
        }
        guard let handle = tjInitDecompress() else { throw .unsupported("the JPEG decoder could not start") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw .corrupt(format: "JPEG") }
        guard width > 0, height > 0 else { throw .noPixels }
        guard Int(width) * Int(height) <= limits.maxSourcePixels else { throw .tooLarge(width: Int(width), height: Int(height)) }

        let source = PixelSize(width: Int(width), height: Int(height))
        let needed = target.map { swapsAxes ? PixelSize(width: $0.height, height: $0.width) : $0 }
        let scale = scale(for: source, covering: needed, maxPixels: limits.maxDecodedPixels)
        let scaled = scale.apply(to: source)
        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let channels = cmyk ? 4 : 3
        var pixels = [UInt8](repeating: 0, count: scaled.width * scaled.height * channels)
        let format = cmyk ? TJPF_CMYK : TJPF_RGB
        // LIMITSCANS refuses progressive files with absurd numbers of scans (a CPU bomb).
        let flags = Int32(TJFLAG_LIMITSCANS)
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                tjDecompress2(
                    handle, input.baseAddress, UInt(input.count), output.baseAddress, Int32(scaled.width), 0,
                    Int32(scaled.height), format.rawValue, flags)
            }
        }
        if status != 0 {
            // A warning leaves a whole image; a fatal error does not. Truncated or corrupt entropy data
            // is reported as a warning, but what it leaves is grey filler: refuse it too.
            let fatal = tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue)
            let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? ""
            if fatal || message.contains("Premature end") || message.contains("Corrupt JPEG data") {
                throw .corrupt(format: "JPEG")
            }
        }
        if cmyk { pixels = CMYK.toRGB(pixels) }
        return RGBImage(width: scaled.width, height: scaled.height, pixels: pixels)
    }

    /// A DCT scaling factor num/denom.
    struct Scale: Equatable {
        var numerator: Int
        var denominator: Int

        /// TurboJPEG's TJSCALED: rounds up.
        func apply(to size: PixelSize) -> PixelSize {
            PixelSize(
                width: (size.width * numerator + denominator - 1) / denominator,
                height: (size.height * numerator + denominator - 1) / denominator)
        }
    }

    /// The scales TurboJPEG offers that shrink (1/8 … 1), smallest first.
    static let shrinkingScales: [Scale] = {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return [Scale(numerator: 1, denominator: 1)] }
        var scales: [Scale] = []
        for index in 0..<Int(count) {
            let factor = factors[index]
            if factor.num > 0, factor.denom > 0, factor.num <= factor.denom {
                scales.append(Scale(numerator: Int(factor.num), denominator: Int(factor.denom)))
            }
        }
        return scales.sorted { Double($0.numerator) / Double($0.denominator) < Double($1.numerator) / Double($1.denominator) }
    }()

    /// The smallest scale whose result covers `target` in both dimensions (1/1 when none does or there
    /// is no target), then smaller again if the result would exceed `maxPixels`.
    static func scale(for source: PixelSize, covering target: PixelSize?, maxPixels: Int) -> Scale {
        let scales = shrinkingScales
        let whole = scales.last ?? Scale(numerator: 1, denominator: 1)
        var chosen = whole
        if let target {
            chosen =
                scales.first { scale in
                    let size = scale.apply(to: source)
                    return size.width >= target.width && size.height >= target.height
                } ?? whole
        }
        while chosen.apply(to: source).width * chosen.apply(to: source).height > maxPixels,
            let smaller = scales.last(where: {
                Double($0.numerator) / Double($0.denominator) < Double(chosen.numerator) / Double(chosen.denominator)
            })
        {
            chosen = smaller
        }
        return chosen
    }
}

/// CMYK as libjpeg-turbo delivers Adobe JPEGs (inverted: 255 is no ink) to RGB.
enum CMYK {
    static func toRGB(_ cmyk: [UInt8]) -> [UInt8] {
        let count = cmyk.count / 4
        var rgb = [UInt8](repeating: 0, count: count * 3)
        for index in 0..<count {
            let k = UInt16(cmyk[index * 4 + 3])
            rgb[index * 3] = UInt8(UInt16(cmyk[index * 4]) * k / 255)
            rgb[index * 3 + 1] = UInt8(UInt16(cmyk[index * 4 + 1]) * k / 255)
            rgb[index * 3 + 2] = UInt8(UInt16(cmyk[index * 4 + 2]) * k / 255)
        }
        return rgb
    }
}
