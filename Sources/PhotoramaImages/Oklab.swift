import Foundation

/// Björn Ottosson's Oklab: a perceptual colour space where distance follows what the eye sees, so the
/// nearest palette colour is the one that looks nearest (RGB distance picks greys for saturated colours).
struct Oklab {
    var l: Float
    var a: Float
    var b: Float

    init(l: Float, a: Float, b: Float) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// From sRGB bytes.
    init(r: UInt8, g: UInt8, b: UInt8) {
        let linear = SRGB.toLinear
        self.init(linearR: linear[Int(r)], g: linear[Int(g)], b: linear[Int(b)])
    }

    init(linearR r: Float, g: Float, b: Float) {
        let l = cbrtf(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrtf(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrtf(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        self.l = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        self.a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        self.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    func distanceSquared(_ other: Oklab) -> Float {
        let dl = l - other.l
        let da = a - other.a
        let db = b - other.b
        return dl * dl + da * da + db * db
    }
}
