import DemoServer
import Foundation
import PhotoramaImages
import PhotoramaSpawn

/// `photorama-bench zoom [--steps N]`: the viewer's zoom into a 50-megapixel original (8660×5773, the demo
/// landscape at quality 90, made here once and kept in the temporary folder), viewed at 1:1 at 120×40
/// cells of 10×20 pixels and panned across by `--steps` steps (default 40), each a tenth of the view right
/// and a twentieth down. A pan step is `ZoomablePicture.pixels` (the region decode, or a crop of the kept
/// band) and `DrawnPicture.draw` for the screen: kitty (a 1200×800 region at 1:1, the transmission's
/// bytes), half-block text at 1:1 (a 120×80 region, then `ANSIImageText.bytes`) and half-block text of
/// the kitty view's region (1200×800 down to 120×80, DCT-scaled). Prints median, p90 and max per mode.
/// The pan runs in a child process (this binary with `--child FILE`) that reports its own peak resident
/// memory (VmHWM, the whole process): the parent made the 150 MB of pixels the file was encoded from.
enum ZoomBenchmark {
    static let source = PixelSize(width: 8660, height: 5773)
    static let area = CellSize(columns: 120, rows: 40)
    static let cell = PixelSize(width: 10, height: 20)

    static func run(_ arguments: [String]) throws {
        if let index = arguments.firstIndex(of: "--child"), index + 1 < arguments.count {
            return try child(file: arguments[index + 1], steps: steps(arguments))
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-zoom-8660x5773-q90.jpg").path
        if !FileManager.default.fileExists(atPath: file) {
            let jpeg = SampleImage.jpeg(width: source.width, height: source.height, seed: 7, quality: 90)
            guard FileManager.default.createFile(atPath: file, contents: Data(jpeg)) else { throw BenchmarkFailure("cannot write \(file)") }
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-zoom-\(getpid()).txt").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let status = BenchShell.spawnAndWait(
            CommandLine.arguments[0], ["zoom", "--child", file, "--steps", "\(steps(arguments))"],
            environment: ProcessInfo.processInfo.environment, output: output)
        let report = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        print(report, terminator: "")
        guard status == 0 else { throw BenchmarkFailure("the zoom child exited with status \(status)") }
    }

    static func steps(_ arguments: [String]) -> Int {
        max(30, Int(ImagesBenchmark.value(arguments, "--steps", "40")) ?? 40)
    }

    // MARK: - The child
    /// One way of drawing a pan step: the view's region in the picture and what it is decoded to.
    struct Mode {
        let name: String
        let view: PixelSize
        let target: PixelSize
        let drawing: ImageDrawing
    }

    static let modes = [
        Mode(
            name: "kitty, 1:1 (1200x800 region)", view: PixelSize(width: 1200, height: 800), target: PixelSize(width: 1200, height: 800),
            drawing: .kitty),
        Mode(
            name: "half blocks, 1:1 (120x80 region)", view: PixelSize(width: 120, height: 80), target: PixelSize(width: 120, height: 80),
            drawing: .halfBlocks(.truecolor)),
        Mode(
            name: "half blocks, kitty's 1200x800 region", view: PixelSize(width: 1200, height: 800),
            target: PixelSize(width: 120, height: 80),
            drawing: .halfBlocks(.truecolor)),
    ]

    static func child(file: String, steps: Int) throws {
        guard let data = FileManager.default.contents(atPath: file) else { throw BenchmarkFailure("cannot read \(file)") }
        let bytes = [UInt8](data)
        let clock = ContinuousClock()
        print(
            String(
                format: "zoom into %@ (%d×%d, %.1f MB JPEG), %d pan steps per mode, %@ build", file, source.width, source.height,
                Double(bytes.count) / 1e6, steps, buildKind))
        // The cost of a miss: one region alone, no band, at three places.
        let probe = try ZoomablePicture(bytes: bytes)
        for (name, x, y) in [("top-left", 0, 0), ("centre", 3730, 2486), ("bottom-right", 7460, 4973)] {
            var times: [Double] = []
            for _ in 0..<5 {
                let start = clock.now
                _ = try probe.pixels(
                    of: Rect(row: y, column: x, width: 1200, height: 800), fitting: PixelSize(width: 1200, height: 800), usingCache: false
                )
                times.append(ImagesBenchmark.milliseconds(clock.now - start))
            }
            print(String(format: "  uncached 1200x800 region decode at 1:1, %@: median %.1f ms", name, ImagesBenchmark.median(times)))
        }
        for mode in modes {
            // A new picture per mode, so each starts with no band.
            let picture = try ZoomablePicture(bytes: bytes)
            var times: [Double] = []
            var misses = 0
            var written = 0
            for step in 0..<steps {
                let region = Rect(
                    row: 1000 + step * mode.view.height / 20, column: step * mode.view.width / 10, width: mode.view.width,
                    height: mode.view.height
                )
                let before = picture.keptBand
                let start = clock.now
                let pixels = try picture.pixels(of: region, fitting: mode.target)
                let drawn = try DrawnPicture.draw(pixels, in: area, as: mode.drawing, cell: cell, kitty: .store(id: 1))
                switch drawn {
                case .cells(let cells): written += ANSIImageText.bytes(cells).count
                case .pixels(let encoded): written += encoded.encoded.count
                }
                times.append(ImagesBenchmark.milliseconds(clock.now - start))
                if picture.keptBand != before { misses += 1 }
            }
            print(
                String(
                    format:
                        "  pan repaint, %@: median %.1f ms, p90 %.1f ms, max %.1f ms (%d of %d steps decoded a band; %.1f kB a step) (target: median under 50 ms)",
                    mode.name, ImagesBenchmark.median(times), ImagesBenchmark.percentile(times, 0.9), times.max() ?? 0, misses, steps,
                    Double(written) / Double(steps) / 1e3))
        }
        let peak = Double(peakResidentKilobytes() ?? 0) / 1024
        print(
            String(
                format: "  peak resident memory of the whole process (VmHWM): %.1f MiB = %.1f MB (target: under 150 MB)", peak,
                peak * 1.048576))
    }

    #if DEBUG
        static let buildKind = "debug"
    #else
        static let buildKind = "release"
    #endif

    /// VmHWM from /proc/self/status, in kB.
    static func peakResidentKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).dropLast(3).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
