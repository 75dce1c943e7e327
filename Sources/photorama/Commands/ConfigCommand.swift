import ArgumentParser
import PhotoramaApp
import PhotoramaImages
import PhotoramaKit

/// `photorama config`: the settings in effect and where each comes from; `--init` writes a template.
struct Config: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the settings in effect with their sources (flag, env, file, default), or write a template.",
        discussion: """
            The file is $XDG_CONFIG_HOME/photorama/config.toml (default ~/.config/photorama/config.toml). \
            Keys are shown as ***. --init writes a commented template (mode 0600) and never replaces a file.
            """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @Flag(name: .customLong("init"), help: "Write a commented template at the file's place (mode 0600).")
    var initialize = false

    @Option(name: .customLong("images"), help: ArgumentHelp("As the browser's --images, to see its effect.", valueName: "mode"))
    var images: String?

    @Option(name: .customLong("symbols"), help: ArgumentHelp("As the browser's --symbols, to see its effect.", valueName: "set"))
    var symbols: String?

    @Option(help: ArgumentHelp("As the browser's --thumbnails.", valueName: "on|off"))
    var thumbnails: String?

    @Option(name: .customLong("download-dir"), help: "As the browser's --download-dir.")
    var downloadDir: String?

    func validate() throws {
        _ = try validating { try ImageSettings.thumbnails(thumbnails, drawing: nil) }
        _ = try validating { try ImageSettings.resolve(images: images, colors: nil, symbols: symbols, environment: NoEnvironment()) }
    }

    func run() async throws {
        try ConfigReport.run(initialize: initialize, images: images, symbols: symbols, thumbnails: thumbnails, downloadDir: downloadDir)
    }
}
