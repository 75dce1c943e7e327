/// The demo's animated GIFs, as Flickr serves GIF originals: one photo in sixteen (by its id) is an animation
/// at every size, its scene in a 3-3-2 palette with a white square crossing it in 8 frames of 120 ms, looping
/// forever. Small (the long edge at most `maxEdge` pixels) and the same bytes every time.
public enum DemoAnimation {
    public static let frameCount = 8
    /// Hundredths of a second per frame.
    public static let delay = 12
    public static let maxEdge = 320

    /// Whether the photo with this id is an animated GIF.
    public static func isAnimated(photoID: UInt64) -> Bool {
        photoID % 16 == 5
    }

    /// The place in `catalog`'s Recent feed (0: the newest) of its newest animated photo for which `condition`
    /// holds: what a test that needs a GIF asks for instead of assuming one at a fixed place (tests reach it
    /// with `@testable import DemoServer`; `isAnimated` tells a JPEG).
    static func firstAnimatedPlace(in catalog: DemoCatalog, where condition: (Int) -> Bool = { _ in true }) -> Int? {
        (0..<catalog.photos.count).first { isAnimated(photoID: catalog.photos[$0].id) && condition($0) }
    }

    /// The GIF of a scene `width`×`height` (a crop of `frameWidth`×`frameHeight`, as SceneRenderer draws it),
    /// scaled down to `maxEdge`.
    static func gif(seed: UInt64, kind: Subject.SceneKind, width: Int, height: Int, frameWidth: Int, frameHeight: Int) -> [UInt8] {
        let scale = min(1, Double(maxEdge) / Double(max(width, height, 1)))
        func scaled(_ value: Int) -> Int { max(1, Int((Double(value) * scale).rounded())) }
        let (w, h) = (scaled(width), scaled(height))
        let pixels = SceneRenderer(seed: seed, kind: kind)
            .render(width: w, height: h, frameWidth: scaled(frameWidth), frameHeight: scaled(frameHeight))
        // 3 bits of red, 3 of green, 2 of blue: index = rrrgggbb.
        var scene = [UInt8](repeating: 0, count: w * h)
        for index in 0..<(w * h) {
            let red: UInt8 = pixels[index * 3] & 0xE0
            let green: UInt8 = (pixels[index * 3 + 1] >> 5) << 2
            let blue: UInt8 = pixels[index * 3 + 2] >> 6
            scene[index] = red | green | blue
        }
        var palette: [(UInt8, UInt8, UInt8)] = []
        for index in 0..<256 {
            let red = (index >> 5) * 255 / 7
            let green = (index >> 2 & 7) * 255 / 7
            let blue = (index & 3) * 255 / 3
            palette.append((UInt8(red), UInt8(green), UInt8(blue)))
        }
        let side = max(1, min(w, h) / 4)
        let frames = (0..<frameCount).map { number -> GIFWriter.Frame in
            var indices = scene
            let left = (w - side) * number / (frameCount - 1)
            let top = (h - side) / 2
            for y in top..<(top + side) {
                for x in left..<(left + side) { indices[y * w + x] = 0xFF }
            }
            return GIFWriter.Frame(width: w, height: h, indices: indices, delay: delay)
        }
        return GIFWriter.encode(width: w, height: h, palette: palette, frames: frames, loops: 0)
    }
}
