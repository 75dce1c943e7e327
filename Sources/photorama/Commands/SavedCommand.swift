import ArgumentParser
import PhotoramaApp
import PhotoramaKit

/// `photorama saved`: lists the saved photos, or exports and imports them as JSON. Needs no network.
struct Saved: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved",
        abstract: "List saved photos, newest first; export or import them as JSON.",
        discussion: "The database is $XDG_DATA_HOME/photorama/photorama.sqlite (default ~/.local/share/photorama)."
    )
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @Option(help: "table, json or ids.")
    var format: OutputFormat = .table

    @Option(name: .customLong("export"), help: ArgumentHelp("Write every saved photo to a JSON file.", valueName: "file"))
    var exportFile: String?

    @Option(name: .customLong("import"), help: ArgumentHelp("Save every photo of a JSON file written by --export.", valueName: "file"))
    var importFile: String?

    func validate() throws {
        if exportFile != nil && importFile != nil { throw ValidationError("Give either --export or --import, not both") }
    }

    func run() async throws {
        try await SavedPhotosRun.run(format: format, exportFile: exportFile, importFile: importFile)
    }
}
