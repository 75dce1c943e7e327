import ArgumentParser
import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaTUI
import PhotoramaTerminal

#if canImport(Glibc)
import Glibc
#endif

/// `photorama show ID|URL|FILE`: prints one photo to standard output as chafa does, for scripts and for
/// comparing the drawing with chafa and timg.
struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a photo (an id, an image URL or a file) to standard output.",
        discussion: """
            Fits the terminal by default (80×24 when standard output is not a terminal). A file or photo \
            that cannot be shown gives one line on standard error and exit status 1.
            """
    )

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var imageOptions: ImageOptions

    @Argument(help: "A photo id, an http(s) image URL, or an image file (JPEG or PNG).")
    var photo: String

    @Option(help: ArgumentHelp("The area to fit the photo in, in cells (e.g. 80x40).", valueName: "COLSxROWS"))
    var size: String?

    @Option(help: "flickr or 500px (for a photo id).") var provider: Provider = .flickr

    func validate() throws {
        if let size, CellArea(size) == nil {
            throw ValidationError("--size must be COLUMNSxROWS with each between 1 and 1000 (got \"\(size)\")")
        }
        if try imageOptions.drawing(environment: [:]) == nil, imageOptions.images?.lowercased() == "none" {
            throw ValidationError("--images none draws nothing; use blocks or ascii")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let drawing = try imageOptions.drawing(environment: environment, outputIsTerminal: isatty(1) == 1) else {
            throw CommandFailure("--images none draws nothing; use blocks or ascii", status: 2)
        }
        let area = size.flatMap(CellArea.init) ?? CellArea.forStandardOutput()
        if drawing == .kitty || drawing == .sixel {
            try await showPixels(in: area, kitty: drawing == .kitty)
            return
        }
        let image = try await pixels(covering: PixelSize(width: area.columns, height: area.rows * 2))
        let fitted = CellRenderer.fittedSize(image.size, columns: area.columns, rows: area.rows)
        let cells = CellRenderer.render(image, columns: fitted.columns, rows: fitted.rows, drawing: drawing)
        let text = ANSIImageText.text(cells)
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// True pixels through kitty (a=T, occupying the cells) or sixel, whatever the terminal: scripts pipe it.
    /// The decoder's DCT scaling does most of the shrinking, the box filter the rest, libsixel the encoding.
    private func showPixels(in area: CellArea, kitty: Bool) async throws {
        let cell = isatty(1) == 1 ? CellPixelSize.of(fileDescriptor: 1) : CellPixelSize.fallback
        // Covering the area's width alone is enough for any aspect ratio: an image limited by the height
        // is narrower than the area but, decoded that wide, already taller than it. Asking for the full
        // area would decode a landscape photo twice as large in each dimension as needed.
        let image = try await pixels(covering: PixelSize(width: area.columns * cell.width, height: 1))
        guard let placement = PixelFit.placement(image.size, columns: area.columns, rows: area.rows, cell: cell) else {
            throw CommandFailure(ImageDecodeError.noPixels.message, status: 1)
        }
        let scaled = BoxScaling.resize(image, to: placement.pixels)
        var bytes: [UInt8]
        if kitty {
            bytes = KittyGraphics.transmitAndDisplay(image: scaled, id: 1, columns: placement.columns, rows: placement.rows)
        } else {
            do {
                bytes = try SixelEncoder.encode(scaled)
            } catch {
                throw CommandFailure(error.message, status: 1)
            }
        }
        bytes.append(UInt8(ascii: "\n"))
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// Decoded pixels from a file, a URL or a photo id, decoded at the smallest scale that covers `target`.
    private func pixels(covering target: PixelSize) async throws -> RGBImage {
        let bytes: [UInt8]
        if let file = ImageFile(path: photo) {
            bytes = try file.read(limit: LoadLimits.image.maxBodyBytes)
        } else if ImageFile.isPath(photo) {
            throw CommandFailure("no such file: \(photo)", status: 1)
        } else {
            bytes = try await fetch(covering: target)
        }
        do {
            return try ImageDecoder.decode(bytes, covering: target)
        } catch {
            throw CommandFailure(error.message, status: 1)
        }
    }

    /// The bytes of a URL, or of the smallest rendition of a photo that covers `target`.
    private func fetch(covering target: PixelSize) async throws -> [UInt8] {
        let app = try await AppEnvironment.make(global)
        let argument = photo
        let provider = self.provider
        return try await app.using { app in
            let url: URL
            if let direct = URL(string: argument), let scheme = direct.scheme?.lowercased(), scheme == "http" || scheme == "https" {
                url = direct
            } else {
                let detail = try await app.service.info(PhotoKey(provider: provider, id: argument))
                guard let rendition = detail.photo.rendition(covering: target) else {
                    throw CommandFailure("photo \(argument) has no image", status: 1)
                }
                url = rendition.url
            }
            do {
                let data = try await app.service.webservice.load(.data(WebRequest(url: url, limits: .image)))
                return [UInt8](data)
            } catch let error as PhotoramaError {
                throw CommandFailure(ImageFailure(error).message, status: 1)
            }
        }
    }
}

/// `--size 80x40`.
struct CellArea: Equatable {
    var columns: Int
    var rows: Int

    init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
            (1...1000).contains(columns), (1...1000).contains(rows)
        else { return nil }
        self.columns = columns
        self.rows = rows
    }

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The terminal on standard output less one row for the prompt, or 80×24 when it is not a terminal.
    static func forStandardOutput() -> CellArea {
        guard isatty(1) == 1 else { return CellArea(columns: 80, rows: 24) }
        let size = Output.terminalSize
        return CellArea(columns: size.columns, rows: max(1, size.rows - 1))
    }
}

/// An image file named on the command line.
struct ImageFile {
    let path: String

    /// nil when nothing exists at the path (then it is an id or a URL).
    init?(path: String) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        self.path = path
    }

    /// Whether an argument that names no file was meant as one: photo ids are digits and URLs have a
    /// scheme, so a slash or a dot means a path (else `show holiday.jpg` reads "Photo not found").
    static func isPath(_ argument: String) -> Bool {
        guard !argument.contains("://") else { return false }
        return argument.contains("/") || argument.contains(".")
    }

    /// The whole file, refused past `limit` bytes before reading it. Read straight into the array the
    /// decoder gets (FileHandle's readToEnd grew a Data and copied it again: a tenth of a `show`).
    func read(limit: Int) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandFailure("cannot read \(path)", status: 1) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw CommandFailure("cannot read \(path)", status: 1) }
        guard status.st_size <= limit else { throw CommandFailure("too large: \(path) is over \(limit >> 20) MB", status: 1) }
        // The size fstat gave, read without zeroing first; a file cut meanwhile gives what it still holds.
        let size = max(Int(status.st_size), 0)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            while initialized < size {
                let got = Glibc.read(descriptor, buffer.baseAddress.map { $0 + initialized }, size - initialized)
                if got > 0 {
                    initialized += got
                } else if got == 0 {
                    break
                } else if errno != EINTR {
                    failed = true
                    break
                }
            }
        }
        guard !failed else { throw CommandFailure("cannot read \(path)", status: 1) }
        return bytes
    }
}
