import ArgumentParser
import Foundation
import PhotoramaKit
import PhotoramaText

extension OutputFormat: ExpressibleByArgument {}

/// `--limit` and `--format`, shared by every command that prints photos.
struct PhotoListOptions: ParsableArguments {
    @Option(help: "How many photos to print; pages are fetched as needed.")
    var limit: Int = 20

    @Option(help: "table, json or ids.")
    var format: OutputFormat = .table

    func validate() throws {
        guard (1...10_000).contains(limit) else {
            throw ValidationError("--limit must be between 1 and 10000 (got \(limit))")
        }
    }
}

/// What every photo-list command does once it knows its source: load pages until `limit` photos or the
/// end, then print them in the chosen format.
enum PhotoListRun {
    static func run(_ source: PhotoSource, options: PhotoListOptions, global: GlobalOptions) async throws {
        let app = try await AppEnvironment.make(global)
        let photos = try await app.using { app in
            try await app.service.feed(source).photos(limit: options.limit)
        }
        Output.write(OutputFormatter.photos(photos, format: options.format, width: Output.width))
    }
}

/// Writes command output to stdout in one go.
enum Output {
    static func write(_ text: String) {
        Console.write(text)
    }

    /// The terminal's width when stdout is one, else 80 (so piped output is stable).
    static var width: Int {
        isatty(1) == 1 ? terminalSize.columns : 80
    }

    /// The size of the terminal on stdout, or 80×24 when it is not one.
    static var terminalSize: (columns: Int, rows: Int) {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return (80, 24)
    }
}

#if canImport(Glibc)
import Glibc
#endif
