import PhotoramaText

/// `--dither` and the config file's `dither`: how a 256- or 16-colour picture mixes palette entries for a
/// colour the palette lacks. 24-bit colour and the graphics protocols do not dither.
public enum DitherMode: String, CaseIterable, Hashable, Sendable {
    /// Each pixel (or cell pair) the nearest entry in Oklab: flat where the palette lacks a colour.
    case none
    /// A 4×4 Bayer threshold at each place added before the nearest entry is taken: even patterns.
    case ordered
    /// Floyd–Steinberg in linear light, where the picture varies: what a pixel's entry misses goes on to
    /// its neighbours only when their colours differ from its own, so a flat area keeps one entry and
    /// gradients and textures keep their mean colour. The default.
    case diffusion

    /// "none, ordered or diffusion", for messages and help texts.
    public static let choices = ChoiceList.or(allCases.map(\.rawValue))

    /// Read like `ImageMode`: white space around it ignored, any case.
    public init?(setting text: String) {
        self.init(rawValue: ImageMode.normalized(text))
    }
}

/// Whether two source colours differ enough for diffused error to travel between them: more than one
/// level in some sRGB channel (rounding and JPEG noise of a flat area stay below it).
enum DiffusionGuard {
    static let threshold: Float = 1.5

    static func differ(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Bool {
        let difference = a - b
        return max(Swift.abs(difference.x), max(Swift.abs(difference.y), Swift.abs(difference.z))) > threshold
    }
}
