import DemoServer
import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaTUI
import Testing

@testable import PhotoramaApp

/// The viewer's GIFs from body to pictures (`LoaderPictures.animatedPicture`): frames drawn for cells,
/// one kitty picture carrying the animation, and hostile files bounded in time and memory.
@Suite("The viewer's animated pictures, hostile GIFs included")
struct AnimatedPicturesTests {
    static let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 0, 255), (0, 255, 0), (0, 0, 0)]
    static let drawer = PictureDrawer(cell: PixelSize(width: 10, height: 20), ids: PictureIDs())

    static func request(_ drawing: ImageDrawing = .halfBlocks(.truecolor), columns: Int = 4, rows: Int = 2) throws -> ImageRequest {
        var request = ImageRequest(url: try #require(URL(string: "http://127.0.0.1/a.gif")), columns: columns, rows: rows, drawing: drawing)
        request.animated = true
        return request
    }

    /// A 2×1 screen: red red, then red blue.
    static func twoFrames(delays: (Int, Int) = (10, 20), loops: Int? = 0) -> [UInt8] {
        GIFWriter.encode(
            width: 2, height: 1, palette: palette,
            frames: [
                .init(width: 2, height: 1, indices: [0, 0], delay: delays.0), .init(width: 2, height: 1, indices: [0, 1], delay: delays.1),
            ], loops: loops)
    }

    static func cells(_ result: Result<Picture, ImageFailure>) -> CellImage? {
        if case .success(.cells(let cells)) = result { cells } else { nil }
    }

    @Test("cells: the first frame is the picture, every frame drawn, with the file's delays and loop count")
    func cellFrames() throws {
        let (picture, animation) = LoaderPictures.animatedPicture(Self.twoFrames(loops: 3), for: try Self.request(), drawer: Self.drawer)
        let frames = try #require(animation)
        #expect(frames.frames.count == 2)
        #expect(try picture.get() == frames.frames[0])
        #expect(frames.clock == AnimationClock(delays: [.milliseconds(100), .milliseconds(200)], loops: 3))
        // 2×1 pixels fitted in 4×2 cells of half blocks: 4 columns, 1 row; red, then its right half blue.
        let first = try #require(Self.cells(.success(frames.frames[0])))
        let second = try #require(Self.cells(.success(frames.frames[1])))
        #expect(first.columns == 4 && first.rows == 1)
        #expect((0..<4).map { first[0, $0].foreground } == Array(repeating: .rgb(255, 0, 0), count: 4))
        #expect((0..<4).map { second[0, $0].foreground } == [.rgb(255, 0, 0), .rgb(255, 0, 0), .rgb(0, 0, 255), .rgb(0, 0, 255)])
    }

    @Test("kitty: one picture whose transmission carries both frames and runs them forever; no frames to redraw")
    func kitty() throws {
        let (picture, animation) = LoaderPictures.animatedPicture(
            Self.twoFrames(), for: try Self.request(.kitty, columns: 4, rows: 2), drawer: Self.drawer)
        #expect(animation == nil)
        guard case .success(.pixels(let pixels)) = picture, let encoded = pixels.encoded else {
            Issue.record("not a kitty picture: \(picture)")
            return
        }
        let text = String(decoding: encoded, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}_Ga=t,f=100,"))
        #expect(text.components(separatedBy: "\u{1B}_Ga=f,f=100,").count - 1 == 1)
        #expect(text.contains(",i=\(pixels.id),z=200,q=2,"))
        let id = pixels.id
        let run = "\u{1B}_Ga=a,i=\(id),r=1,z=100,q=2\u{1B}\\" + "\u{1B}_Ga=a,i=\(id),s=3,v=1,q=2\u{1B}\\"
        #expect(text.hasSuffix(run))
    }

    @Test("a still GIF, or any other picture, is the picture alone")
    func still() throws {
        let one = GIFWriter.encode(width: 2, height: 1, palette: Self.palette, frames: [.init(width: 2, height: 1, indices: [1, 1])])
        let (picture, animation) = LoaderPictures.animatedPicture(one, for: try Self.request(), drawer: Self.drawer)
        #expect(animation == nil)
        #expect(Self.cells(picture)?[0, 0].foreground == .rgb(0, 0, 255))
    }

    // MARK: - Hostile files
    @Test("zero and one-hundredth delays play at 100 ms, as browsers do")
    func zeroDelays() throws {
        let (_, animation) = LoaderPictures.animatedPicture(Self.twoFrames(delays: (0, 1)), for: try Self.request(), drawer: Self.drawer)
        #expect(animation?.clock.delays == [.milliseconds(100), .milliseconds(100)])
    }

    @Test("a 65535×65535 logical screen is refused from its header: one line, nothing decoded")
    func hugeScreen() throws {
        var bytes = Self.twoFrames()
        bytes.replaceSubrange(6..<10, with: [0xFF, 0xFF, 0xFF, 0xFF])
        let (picture, animation) = LoaderPictures.animatedPicture(bytes, for: try Self.request(), drawer: Self.drawer)
        #expect(animation == nil)
        #expect(throws: ImageFailure(message: "too large: 65535×65535")) { try picture.get() }
    }

    @Test("truncated in the second frame: the whole first frame, still; in the first: one line, corrupt GIF")
    func truncated() throws {
        let bytes = Self.twoFrames()
        let (cut, animation) = LoaderPictures.animatedPicture(
            Array(bytes.prefix(bytes.count - 6)), for: try Self.request(), drawer: Self.drawer)
        #expect(animation == nil)
        #expect(Self.cells(cut)?[0, 3].foreground == .rgb(255, 0, 0))
        let header = 13 + Self.palette.count * 3 + 19
        let (broken, none) = LoaderPictures.animatedPicture(Array(bytes.prefix(header + 12)), for: try Self.request(), drawer: Self.drawer)
        #expect(none == nil)
        #expect(throws: ImageFailure(message: "corrupt GIF")) { try broken.get() }
    }

    @Test("10,000 frames: 1,000 are decoded and drawn, the rest never read")
    func tenThousandFrames() throws {
        let frames = (0..<10_000).map { GIFWriter.Frame(width: 2, height: 1, indices: [UInt8($0 % 2), 1], delay: 0) }
        let bytes = GIFWriter.encode(width: 2, height: 1, palette: Self.palette, frames: frames)
        let (_, animation) = LoaderPictures.animatedPicture(bytes, for: try Self.request(), drawer: Self.drawer)
        #expect(animation?.frames.count == GIFDecoder.maxFrames)
        #expect(animation?.clock.duration == .seconds(100))
    }

    @Test("the viewer keeps at most 24 MB of frames: 1,000×1,000 frames (3 MB each) stop at the eighth")
    func memoryBudget() throws {
        let side = 1_000
        let frames = (0..<20).map { _ in GIFWriter.Frame(width: side, height: side, indices: [UInt8](repeating: 2, count: side * side)) }
        let bytes = GIFWriter.encode(width: side, height: side, palette: Self.palette, frames: frames)
        // Half blocks over 1,000×500 cells cover 1,000×1,000 pixels: the frames keep their size. 24 MiB (25,165,824
        // bytes) holds 8 frames of 3,000,000 bytes; Animation's own 96 MiB would hold all 20.
        let (_, animation) = LoaderPictures.animatedPicture(
            bytes, for: try Self.request(columns: side, rows: side / 2), drawer: Self.drawer)
        #expect(animation?.frames.count == 8)
    }
}
