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
