import Foundation
import PhotoramaImages

/// `photorama-bench images symbols|iterm2|fidelity`, on the 4000×3000 sample at 80×40:
/// - symbols: `photorama show --symbols sextant` (and octant) against chafa's default symbols mode
///   (`chafa -f symbols -c full -s 80x40`), whole processes, medians and the ratio (target ≤ 0.5×).
/// - iterm2: `photorama show --images iterm2` against `timg -pi -g80x40` (target ≤ 1×).
/// - fidelity (`--sixel`: its sixel rows alone): the mean absolute error against the box-filtered photo of each text mode's real output
///   and chafa's, both parsed from their ANSI text into cells (`ANSICells`) and painted by each
///   character's ink (`PictureFidelity`, 8×24 sub-pixels a cell); and of photorama's sixel, chafa's and
///   img2sixel's, decoded back to pixels by ImageMagick and compared at their own size.
enum SymbolsBenchmark {
    // MARK: - Speed
    static func symbolsVersusChafa(_ arguments: [String]) throws {
        let runs = ImagesBenchmark.runCount(arguments)
        let binary = try BenchShell.photoramaBinary(arguments)
        guard let chafa = ImagesBenchmark.PeerCommand.onPath("chafa", name: "chafa (default symbols)", arguments: []) else {
            print("chafa is not installed: no ratio (apt-get install chafa)")
            return
        }
        let sample = try ImagesBenchmark.SampleFile(runs: runs)
        defer { sample.remove() }
        let file = sample.path
        let ours = ["quadrant", "sextant", "octant"].map { set in
            ImagesBenchmark.PeerCommand(
                name: "photorama show --symbols \(set)", program: binary,
                arguments: ["show", file, "--size", "80x40", "--colors", "24bit", "--symbols", set])
        }
        let peer = ImagesBenchmark.PeerCommand(
            name: chafa.name, program: chafa.program, arguments: ["-f", "symbols", "-c", "full", "-s", "80x40", file])
        let medians = try ImagesBenchmark.timeInterleaved(ours + [peer], runs: runs)
        for (index, set) in ["quadrant", "sextant", "octant"].enumerated() {
            print(String(format: "photorama %@/chafa: %.3f× (target at most 0.5×)", set, medians[index] / medians[3]))
        }
    }

    static func iterm2VersusTimg(_ arguments: [String]) throws {
        let runs = ImagesBenchmark.runCount(arguments)
        let binary = try BenchShell.photoramaBinary(arguments)
        guard let timg = ImagesBenchmark.PeerCommand.onPath("timg", name: "timg -pi", arguments: []) else {
            print("timg is not installed: no ratio (apt-get install timg)")
            return
        }
        let sample = try ImagesBenchmark.SampleFile(runs: runs)
        defer { sample.remove() }
        let file = sample.path
        let ours = ImagesBenchmark.PeerCommand(
            name: "photorama show --images iterm2", program: binary, arguments: ["show", file, "--images", "iterm2", "--size", "80x40"])
        let peer = ImagesBenchmark.PeerCommand(name: timg.name, program: timg.program, arguments: ["-pi", "-g80x40", file])
        let medians = try ImagesBenchmark.timeInterleaved([ours, peer], runs: runs)
        print(String(format: "photorama iterm2/timg -pi: %.3f× (target at most 1×)", medians[0] / medians[1]))
        for (name, command) in [("photorama", ours), ("timg -pi", peer)] {
            if let bytes = output(of: command) { print("\(name): \(bytes.count) bytes written") }
        }
    }

    // MARK: - Fidelity
    static func fidelity(_ arguments: [String]) throws {
        let binary = try BenchShell.photoramaBinary(arguments)
        let sample = try ImagesBenchmark.SampleFile(runs: 1)
        defer { sample.remove() }
        let file = sample.path
        let source = try ImageDecoder.decode(sample.jpeg, covering: PixelSize(width: 4000, height: 3000))
        print("source: \(source.width)×\(source.height); error = mean absolute difference of sRGB channels (0-255)")
        // `--sixel`: the sixel rows alone.
        if arguments.contains("--sixel") {
            return try sixelFidelity(binary: binary, file: file, source: source, photographs: photographFiles(arguments))
        }
        print("text at 80x40: each cell painted from its character's ink on 8×24 sub-pixels, against the photo box-filtered alike")
        var rows: [(String, [String])] = []
        for depth in ["24bit", "256", "16"] {
            for set in ["half", "quadrant", "sextant", "octant"] {
                let arguments = ["show", file, "--size", "80x40", "--colors", depth, "--symbols", set]
                rows.append(("photorama --colors \(depth) --symbols \(set)", [binary] + arguments))
            }
            if let chafa = ImagesBenchmark.PeerCommand.onPath("chafa", name: "chafa", arguments: []) {
                let colors = depth == "24bit" ? "full" : depth
                let arguments = ["-f", "symbols", "--size", "80x40", "--colors", colors, file]
                rows.append(("chafa -f symbols --colors \(colors) (default symbols)", [chafa.program] + arguments))
            }
        }
        for (name, command) in rows {
            let peer = ImagesBenchmark.PeerCommand(name: name, program: command[0], arguments: Array(command.dropFirst()))
            guard let bytes = output(of: peer) else {
                print("\(name): failed")
                continue
            }
            let cells = ANSICells.parse(bytes)
            let known = PictureFidelity.paint(cells, ink: ANSICells.ink(of:)).unknown
            let fine = PictureFidelity.error(of: cells, against: source, ink: ANSICells.ink(of:)) ?? .nan
            let coarse = PictureFidelity.error(of: cells, against: source, cellScale: true, ink: ANSICells.ink(of:)) ?? .nan
            print(
                String(
                    format: "%@: %d×%d cells, error %.2f (cell means %.2f)%@", name, cells.columns, cells.rows, fine, coarse,
                    known > 0 ? ", \(known) cells of unknown characters painted as the mean of their colours" : ""))
        }
        try sixelFidelity(binary: binary, file: file, source: source, photographs: photographFiles(arguments))
        try photographs(binary: binary, arguments: arguments)
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/photos").path

    /// The JPEGs in Tests/Fixtures/photos (or `--photos DIR`), sorted, as paths.
    static func photographFiles(_ arguments: [String]) -> [String] {
        let folder = ImagesBenchmark.value(arguments, "--photos", fixtures)
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".jpg") }.sorted()
            .map { folder + "/" + $0 }
    }

    /// The real photographs in Tests/Fixtures/photos (or `--photos DIR`) at 40×20, in 24-bit, 256 and 16
    /// colours: photorama's sets against chafa's default symbols in the same colours (`-f symbols -c …`),
    /// one Markdown table per depth, one row a photo.
    static func photographs(binary: String, arguments: [String]) throws {
        let files = photographFiles(arguments)
        guard !files.isEmpty else {
            print("no photographs in \(ImagesBenchmark.value(arguments, "--photos", fixtures))")
            return
        }
        let chafa = ImagesBenchmark.PeerCommand.onPath("chafa", name: "chafa", arguments: [])
        let sets = ["half", "quadrant", "sextant", "octant"]
        let sources = try files.compactMap { path -> (String, String, RGBImage)? in
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return (URL(fileURLWithPath: path).lastPathComponent, path, try ImageDecoder.decode([UInt8](data)))
        }
        for (colors, chafaColors) in [("24bit", "full"), ("256", "256"), ("16", "16")] {
            print("\nphotographs at 40x20, \(colors) colours, error on 8×24 sub-pixels a cell (cell means in brackets)")
            print("| photo | " + sets.joined(separator: " | ") + " | chafa -f symbols -c \(chafaColors) |")
            print("| --- | " + Array(repeating: "---", count: sets.count + 1).joined(separator: " | ") + " |")
            for (name, path, source) in sources {
                var commands = sets.map { set in
                    ImagesBenchmark.PeerCommand(
                        name: set, program: binary, arguments: ["show", path, "--size", "40x20", "--colors", colors, "--symbols", set])
                }
                if let chafa {
                    commands.append(
                        ImagesBenchmark.PeerCommand(
                            name: "chafa", program: chafa.program, arguments: ["-f", "symbols", "-c", chafaColors, "--size", "40x20", path])
                    )
                }
                let figures = commands.map { command -> String in
                    guard let bytes = output(of: command) else { return "failed" }
                    let cells = ANSICells.parse(bytes)
                    let fine = PictureFidelity.error(of: cells, against: source, ink: ANSICells.ink(of:)) ?? .nan
                    let coarse = PictureFidelity.error(of: cells, against: source, cellScale: true, ink: ANSICells.ink(of:)) ?? .nan
                    return String(format: "%.2f (%.2f)", fine, coarse)
                }
                print("| \(name) | " + figures.joined(separator: " | ") + " |")
            }
        }
    }

    /// Sixel output decoded back to pixels (ImageMagick) and compared with the photo at its own size: the
    /// 4000×3000 sample at 80x40 (800×600 pixels at the 10×20 cell `show` assumes off a terminal) and the
    /// photographs at 40x20. chafa draws the same pixels: a cell of 8×8 off a terminal, so `--font-ratio 1`
    /// and the size in eighths of photorama's pixels.
    static func sixelFidelity(binary: String, file: String, source: RGBImage, photographs: [String]) throws {
        guard let convert = ImagesBenchmark.PeerCommand.onPath("convert", name: "convert", arguments: []) else {
            print("sixel: ImageMagick's convert is not installed: no sixel figures")
            return
        }
        let chafa = ImagesBenchmark.PeerCommand.onPath("chafa", name: "chafa", arguments: [])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-fidelity-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var count = 0
        /// The error of one command's sixel against `photo`, and its size; nil when it did not decode.
        func error(_ command: [String], photo: RGBImage) -> (error: Double, size: PixelSize)? {
            count += 1
            let sixel = folder.appendingPathComponent("\(count).six").path
            let png = folder.appendingPathComponent("\(count).png").path
            let quoted = command.map { "'\($0)'" }.joined(separator: " ")
            guard BenchShell.run(quoted, output: sixel) == 0, BenchShell.run("'\(convert.program)' 'sixel:\(sixel)' 'png:\(png)'") == 0,
                let data = FileManager.default.contents(atPath: png),
                let image = try? ImageDecoder.decode([UInt8](data), covering: PixelSize(width: 1 << 14, height: 1 << 14))
            else { return nil }
            let reference = Resampler.areaAverage(photo, to: image.size)
            return (PictureFidelity.meanAbsoluteError(image, reference) ?? .nan, image.size)
        }
        /// chafa's sixel of `path` at (about) `size` pixels.
        func chafaCommand(_ program: String, _ path: String, _ size: PixelSize) -> [String] {
            [program, "-f", "sixel", "--font-ratio", "1", "--size", "\(size.width / 8)x\((size.height + 7) / 8)", path]
        }
        print("sixel: decoded back to pixels by ImageMagick, against the photo box-filtered to the same size")
        print("| picture | photorama | chafa -f sixel | photorama/chafa |")
        print("| --- | --- | --- | --- |")
        let pictures =
            [("4000x3000 sample at 80x40", file, source, "80x40")]
            + photographs.compactMap { path in
                FileManager.default.contents(atPath: path).flatMap { try? ImageDecoder.decode([UInt8]($0)) }.map {
                    (URL(fileURLWithPath: path).lastPathComponent + " at 40x20", path, $0, "40x20")
                }
            }
        for (name, path, photo, cells) in pictures {
            guard let ours = error([binary, "show", path, "--images", "sixel", "--size", cells], photo: photo) else {
                print("| \(name) | could not be decoded | | |")
                continue
            }
            let theirs = chafa.flatMap { error(chafaCommand($0.program, path, ours.size), photo: photo) }
            print(
                String(
                    format: "| %@ (%d×%d) | %.2f | %@ | %@ |", name, ours.size.width, ours.size.height, ours.error,
                    theirs.map { String(format: "%.2f (%d×%d)", $0.error, $0.size.width, $0.size.height) } ?? "not installed",
                    theirs.map { String(format: "%.2f×", ours.error / $0.error) } ?? "–"))
        }
        if let img2sixel = ImagesBenchmark.PeerCommand.onPath("img2sixel", name: "img2sixel", arguments: []),
            let theirs = error([img2sixel.program, "-w", "800", file], photo: source)
        {
            print(
                String(
                    format: "img2sixel -w 800, the sample: %d×%d pixels, error %.2f", theirs.size.width, theirs.size.height, theirs.error))
        }
    }

    /// A command's standard output, or nil when it failed.
    static func output(of command: ImagesBenchmark.PeerCommand) -> [UInt8]? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-output-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let line = ([command.program] + command.arguments).map { "'\($0)'" }.joined(separator: " ")
        guard BenchShell.run(line, output: path) == 0, let data = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](data)
    }
}
