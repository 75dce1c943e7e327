import ArgumentParser
import Foundation
import PhotoramaKit
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
        try job.validate()
    }

    /// What the options ask for; `QuickShow` builds the same value without ArgumentParser.
    var job: ShowJob {
        ShowJob(photo: photo, size: size, images: imageOptions.images, colors: imageOptions.colors, provider: provider)
    }

    func run() async throws {
        try await job.run(global: global)
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
    /// stat, not FileManager: making FileManager.default was a fiftieth of a small `show`.
    init?(path: String) {
        var status = stat()
        guard !path.isEmpty, stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { return nil }
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
