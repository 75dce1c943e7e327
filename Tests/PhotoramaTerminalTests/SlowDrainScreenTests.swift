import CNCurses
import Foundation
import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// The link is measured when a frame waits for the rest of a picture the terminal was too full to take
/// (issue 42, point 5): a busy machine makes pictures one a frame, each written whole within its frame, and
/// the screen must still find a slow link slow. The "terminal" is a pipe read 4 KB every 20 ms (200 KB/s)
/// on a thread of its own. In the serialized suite of the other ncurses tests.
extension NCursesScreenOutputTests {
    /// Reads a pipe slowly until its writer closes it.
    final class SlowReader: @unchecked Sendable {
        let descriptor: Int32
        private let done = DispatchSemaphore(value: 0)

        init(_ descriptor: Int32) {
            self.descriptor = descriptor
            Thread.detachNewThread { [self] in
                var buffer = [UInt8](repeating: 0, count: 4_096)
                while buffer.withUnsafeMutableBytes({ Glibc.read(descriptor, $0.baseAddress, $0.count) }) > 0 { usleep(20_000) }
                done.signal()
            }
        }

        /// Waits until the writer has closed the pipe and everything was read.
        func finish() { done.wait() }
    }

    @Test func aFrameThatWaitsForAPictureOnASlowLinkFindsTheLinkSlow() throws {
        setlocale(LC_ALL, "C.UTF-8")
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let reader = SlowReader(ends[0])
        let output = try #require(fdopen(ends[1], "w"))
        let input = try #require(fopen("/dev/null", "r"))
        let screen = try #require(
            NCursesScreen(terminalType: "xterm-256color", output: output, input: input, useColor: true, pictures: .kitty))
        resizeterm(14, 40)
        let signal = SlowLinkSignal()
        screen.slowLink = signal
        // 200×200 pixels of noise: a PNG of about 120 KB, 160 KB in base64, more than the pipe holds (64 KB).
        var seed: UInt32 = 7
        let pixels = (0..<(200 * 200 * 3)).map { _ -> UInt8 in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: seed >> 24)
        }
        var frame = Frame(size: CellSize(columns: 40, rows: 14))
        let rect = Rect(row: 1, column: 1, width: 20, height: 10)
        frame.fill(rect, style: .plain)
        frame.pictures = [
            FramePicture(
                rect: rect, picture: PixelPicture(id: 1, columns: 20, rows: 10, image: RGBImage(width: 200, height: 200, pixels: pixels)))
        ]
        screen.draw(frame)
        #expect(screen.picturesWaiting == 0)
        // The next frame is drawn knowing the link is slow (and it says so to the picture maker).
        frame.put("status", row: 13, column: 0)
        screen.draw(frame)
        #expect(signal.isSlow)
        screen.restore()
        fclose(output)
        fclose(input)
        reader.finish()
    }
}
