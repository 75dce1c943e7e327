import DemoServer
import Foundation
import TestProcesses
import Testing

@testable import PhotoramaImages

/// GIFs through giflib: composited frames, delays and loops, disposal, and hostile files bounded.
@Suite("GIF: frames, delays, loops and hostile files")
struct GIFDecoderTests {
    static let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 0, 255), (0, 255, 0), (0, 0, 0)]
    static let red: [UInt8] = [255, 0, 0]
    static let blue: [UInt8] = [0, 0, 255]
    static let green: [UInt8] = [0, 255, 0]
    static let grey: [UInt8] = [128, 128, 128]

    /// A 2×1 screen: red, then the right pixel blue over it (the left one transparent, so red stays).
    static func twoFrames(loops: Int?, delays: (Int, Int) = (10, 20), disposal: Int = 0) -> [UInt8] {
        GIFWriter.encode(
            width: 2, height: 1, palette: palette,
            frames: [
                .init(width: 2, height: 1, indices: [0, 0], delay: delays.0, disposal: disposal),
                .init(width: 2, height: 1, indices: [3, 1], delay: delays.1, transparent: 3),
            ], loops: loops)
    }

    static func animation(_ bytes: [UInt8], covering target: PixelSize? = nil) throws -> Animation {
        try ImageDecoder.animation(bytes, covering: target)
    }

    @Test("frames are composited in order with their delays; NETSCAPE2.0 gives the loops (0 forever), none plays once")
    func framesDelaysLoops() throws {
        let forever = try Self.animation(Self.twoFrames(loops: 0))
        #expect(forever.frames.map(\.image.pixels) == [Self.red + Self.red, Self.red + Self.blue])
        #expect(forever.frames.map(\.delay) == [.milliseconds(100), .milliseconds(200)])
        #expect(forever.loops == 0)
        #expect(try Self.animation(Self.twoFrames(loops: 3)).loops == 3)
        #expect(try Self.animation(Self.twoFrames(loops: nil)).loops == 1)
        // A still picture is the first frame.
        #expect(try ImageDecoder.decode(Self.twoFrames(loops: 0)).pixels == Self.red + Self.red)
    }

    @Test("disposal: background leaves the frame's area mid grey for the next, previous restores what was under it")
    func disposal() throws {
        let background = try Self.animation(Self.twoFrames(loops: 0, disposal: 2))
        #expect(background.frames.map(\.image.pixels) == [Self.red + Self.red, Self.grey + Self.blue])
        let bytes = GIFWriter.encode(
            width: 2, height: 1, palette: Self.palette,
            frames: [
                .init(width: 2, height: 1, indices: [0, 0]),
                .init(left: 1, width: 1, height: 1, indices: [2], disposal: 3),
                .init(width: 1, height: 1, indices: [1]),
            ])
        let previous = try Self.animation(bytes)
        #expect(previous.frames.map(\.image.pixels) == [Self.red + Self.red, Self.red + Self.green, Self.blue + Self.red])
    }

    @Test("zero and one-hundredth delays mean 100 ms, as browsers read them, so an animation cannot spin")
    func zeroDelays() throws {
        let animation = try Self.animation(Self.twoFrames(loops: 0, delays: (0, 1)))
        #expect(animation.frames.map(\.delay) == [.milliseconds(100), .milliseconds(100)])
    }

    @Test("the clock: which frame shows when, and when the next change is due; after the last pass, none")
    func clock() throws {
        var animation = try Self.animation(Self.twoFrames(loops: 2))
        #expect(animation.frame(at: .zero) == (0, .milliseconds(100)))
        #expect(animation.frame(at: .milliseconds(150)) == (1, .milliseconds(300)))
        #expect(animation.frame(at: .milliseconds(300)) == (0, .milliseconds(400)))
        #expect(animation.frame(at: .milliseconds(599)) == (1, .milliseconds(600)))
        #expect(animation.frame(at: .milliseconds(600)) == (1, nil))
        animation.loops = 0
        #expect(animation.frame(at: .seconds(3600) + .milliseconds(150)) == (1, .seconds(3600) + .milliseconds(300)))
    }

    @Test("interlaced rows land where ImageMagick puts them")
    func interlaced() async throws {
        let folder = NSTemporaryDirectory() + "photorama-gif-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (arguments, name) in [(["-size", "8x19", "gradient:red-blue", "-interlace", "GIF"], "i.gif")] {
            let child = try ChildProcess("/usr/bin/convert", arguments + [folder + "/" + name], environment: [:])
            #expect(await child.exitStatus(within: .seconds(60)) == 0)
        }
        let toPPM = try ChildProcess("/usr/bin/convert", [folder + "/i.gif", "-depth", "8", folder + "/i.ppm"], environment: [:])
        #expect(await toPPM.exitStatus(within: .seconds(60)) == 0)
        let ppm = try #require(FileManager.default.contents(atPath: folder + "/i.ppm").map(Array.init))
        let reference = Array(ppm.suffix(8 * 19 * 3))
        let gif = try #require(FileManager.default.contents(atPath: folder + "/i.gif").map(Array.init))
        // ImageMagick's file is interlaced: the first image descriptor (0x2C after the global colour table and
        // the graphics control block) has flag 0x40.
        let table = gif[10] & 0x80 != 0 ? 3 << (Int(gif[10] & 7) + 1) : 0
        let descriptor = try #require(gif[(13 + table)...].firstIndex(of: 0x2C))
        #expect(gif[descriptor + 9] & 0x40 != 0)
        #expect(try ImageDecoder.decode(gif).pixels == reference)
    }

    // MARK: - Hostile files
    @Test("a 65535×65535 screen is refused from its header, before anything is allocated")
    func hugeScreen() {
        var bytes = GIFWriter.encode(width: 2, height: 1, palette: Self.palette, frames: [.init(width: 2, height: 1, indices: [0, 0])])
        bytes.replaceSubrange(6..<10, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(throws: ImageDecodeError.tooLarge(width: 65_535, height: 65_535)) { try ImageDecoder.decode(bytes) }
    }

    @Test("truncated: cut inside the second frame keeps the first; cut inside the first is corrupt")
    func truncated() throws {
        let bytes = Self.twoFrames(loops: 0)
        let first = try Self.animation(Array(bytes.prefix(bytes.count - 6)))
        #expect(first.frames.map(\.image.pixels) == [Self.red + Self.red])
        let header = 13 + Self.palette.count * 3 + 19
        #expect(throws: ImageDecodeError.corrupt(format: "GIF")) { try ImageDecoder.decode(Array(bytes.prefix(header + 12))) }
        #expect(throws: ImageDecodeError.corrupt(format: "GIF")) { try ImageDecoder.decode(Array(bytes.prefix(8))) }
    }

    @Test("10,000 frames: the first 1,000 are kept and the rest never decoded")
    func manyFrames() throws {
        let frames = (0..<10_000).map { GIFWriter.Frame(width: 2, height: 1, indices: [UInt8($0 % 2), 1], delay: 0) }
        let bytes = GIFWriter.encode(width: 2, height: 1, palette: Self.palette, frames: frames)
        let animation = try Self.animation(bytes)
        #expect(animation.frames.count == GIFDecoder.maxFrames)
        #expect(animation.frames[999].image.pixels == Self.blue + Self.blue)
    }

    @Test("frames scaled to cover the target; a long animation of big frames ends at the memory budget")
    func scaledAndBudget() throws {
        let side = 1_000
        let frames = (0..<40).map { _ in GIFWriter.Frame(width: side, height: side, indices: [UInt8](repeating: 2, count: side * side)) }
        let bytes = GIFWriter.encode(width: side, height: side, palette: Self.palette, frames: frames)
        let small = try Self.animation(bytes, covering: PixelSize(width: 100, height: 50))
        #expect(small.frames.count == 40)
        #expect(small.frames[0].image.size == PixelSize(width: 100, height: 100))
        #expect(small.frames[0].image.pixels.prefix(3) == [0, 255, 0])
        let whole = try Self.animation(bytes)
        #expect(whole.frames.count == Animation.byteBudget / (side * side * 3))
    }
}
