import ArgumentParser
import PhotoramaApp
import PhotoramaImages
import PhotoramaKit

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

    @Argument(help: "A photo id, an http(s) image URL, or an image file (JPEG, PNG or GIF).")
    var photo: String

    @Option(help: ArgumentHelp("The area to fit the photo in, in cells (e.g. 80x40).", valueName: "COLSxROWS"))
    var size: String?

    @Option(help: "\(Provider.choices) (for a photo id).") var provider: Provider = .flickr

    func validate() throws {
        try validating { try job.validate() }
    }

    /// What the options ask for; `QuickShow` builds the same value without ArgumentParser.
    var job: ShowJob {
        ShowJob(
            photo: photo, size: size, images: imageOptions.images, colors: imageOptions.colors, symbols: imageOptions.symbols,
            dither: imageOptions.dither, provider: provider)
    }

    func run() async throws {
        try await job.run(services: global.services)
    }
}
