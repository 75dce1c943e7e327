import DemoServer
import Foundation
import Testing

@testable import PhotoramaImages

/// Animated GIFs sent to kitty as kitty animation frames, for the terminal to play.
@Suite("kitty animations: frames (a=f), gaps and the loop count (a=a)")
struct KittyAnimationTests {
    /// A 2×1 GIF: red red for 100 ms, then red blue for 200 ms.
    static func gif(loops: Int?) throws -> Animation {
        try ImageDecoder.animation(
            GIFWriter.encode(
                width: 2, height: 1, palette: [(255, 0, 0), (0, 0, 255)],
                frames: [.init(width: 2, height: 1, indices: [0, 0], delay: 10), .init(width: 2, height: 1, indices: [0, 1], delay: 20)],
                loops: loops))
    }

    static func bytes(_ animation: Animation, id: UInt32 = 9) -> String {
        let frames = animation.frames.map { (image: $0.image, delay: $0.delay) }
        return String(decoding: KittyGraphics.animation(id: id, frames: frames, loops: animation.loops), as: UTF8.self)
    }

    @Test("a tiny two-frame GIF looping forever: the image, one frame with its gap, each a PNG; the first gap, run with v=1")
    func exactBytes() throws {
        let red = RGBImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0])
        let redBlue = RGBImage(width: 2, height: 1, pixels: [255, 0, 0, 0, 0, 255])
        let png = { (image: RGBImage) throws -> String in Data(try #require(PNGEncoder.encode(image))).base64EncodedString() }
        #expect(
            Self.bytes(try Self.gif(loops: 0))
                == "\u{1B}_Ga=t,f=100,i=9,q=2,m=0;\(try png(red))\u{1B}\\"
                + "\u{1B}_Ga=f,f=100,i=9,z=200,q=2,m=0;\(try png(redBlue))\u{1B}\\"
                + "\u{1B}_Ga=a,i=9,r=1,z=100,q=2\u{1B}\\"
                + "\u{1B}_Ga=a,i=9,s=3,v=1,q=2\u{1B}\\")
        #expect(try ImageDecoder.decode(try #require(PNGEncoder.encode(redBlue))) == redBlue)
    }

    @Test("the file's loop count: kitty's v= is passes plus one (two passes v=3); no NETSCAPE block plays once (v=2)")
    func loopCount() throws {
        #expect(Self.bytes(try Self.gif(loops: 2)).hasSuffix("\u{1B}_Ga=a,i=9,s=3,v=3,q=2\u{1B}\\"))
        #expect(Self.bytes(try Self.gif(loops: nil)).hasSuffix("\u{1B}_Ga=a,i=9,s=3,v=2,q=2\u{1B}\\"))
    }

    @Test("a large frame goes in chunks, each of them a=f, and the reader rebuilds it exactly")
    func chunkedFrame() throws {
        let first = Pictures.noise(width: 100, height: 100, seed: 1)
        let second = Pictures.noise(width: 100, height: 100, seed: 2)
        let text = String(
            decoding: KittyGraphics.animation(id: 4, frames: [(first, .milliseconds(50)), (second, .milliseconds(70))], loops: 0),
            as: UTF8.self)
        let frame = text[try #require(text.range(of: "\u{1B}_Ga=f,")).lowerBound...]
        #expect(frame.hasPrefix("\u{1B}_Ga=f,f=100,i=4,z=70,q=2,m=1;"))
        // Noise's PNG is 40,000-odd base64 bytes: ten chunks, the nine after the first each saying a=f.
        #expect(frame.components(separatedBy: "\u{1B}_Ga=f,m=").count - 1 == 9)
        #expect(!frame.contains("\u{1B}_Gm="))
    }

    @Test("gaps are whole milliseconds, never 0 (kitty ignores z=0)")
    func gaps() {
        #expect(KittyGraphics.milliseconds(.milliseconds(100)) == 100)
        #expect(KittyGraphics.milliseconds(.seconds(2) + .milliseconds(5)) == 2_005)
        #expect(KittyGraphics.milliseconds(.zero) == 1)
    }
}
