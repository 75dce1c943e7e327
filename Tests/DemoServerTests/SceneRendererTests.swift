import Testing

@testable import DemoServer

/// The demo's scenes: the pictures every benchmark and many pinned figures (colour counts, fidelity, bytes
/// a screen) are measured on, so a faster renderer must paint exactly the same pixels.
@Suite("Demo scene renderer")
struct SceneRendererTests {
    /// FNV-1a over the pixels of every kind of scene for two seeds, whole and as a centre crop.
    static func fingerprint() -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for seed in [UInt64(3), 11] {
            for kind in [Subject.SceneKind.sunset, .water, .night, .city, .nature, .snow] {
                for (width, height, frameWidth, frameHeight) in [(240, 160, 240, 160), (120, 120, 180, 120)] {
                    let pixels = SceneRenderer(seed: seed, kind: kind)
                        .render(width: width, height: height, frameWidth: frameWidth, frameHeight: frameHeight)
                    for byte in pixels { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                }
            }
        }
        return hash
    }

    @Test("the scenes are the pixels they have always been")
    func samePixels() {
        #expect(String(Self.fingerprint(), radix: 16) == "acf3fdddeb55d0dd")
    }
}
