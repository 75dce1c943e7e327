import ArgumentParser
import PhotoramaKit

extension OutputFormat: ExpressibleByArgument {}

/// `--limit` and `--format`, shared by every command that prints photos.
struct PhotoListOptions: ParsableArguments {
    @Option(help: "How many photos to print; pages are fetched as needed.")
    var limit: Int = 20

    @Option(help: "table, json or ids.")
    var format: OutputFormat = .table

    @Flag(help: "Add a licence column to the table (JSON always carries the licence).")
    var licenseColumn = false

    func validate() throws {
        guard (1...10_000).contains(limit) else {
            throw ValidationError("--limit must be between 1 and 10000 (got \(limit))")
        }
    }
}
