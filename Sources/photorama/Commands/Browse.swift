import ArgumentParser
import PhotoramaApp
import PhotoramaConfig
import PhotoramaKit
import PhotoramaTUI

struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open the full-screen browser (the default when no subcommand is given).",
        discussion: "Press ? in the browser for every key binding. Needs a terminal (TERM set, not \"dumb\")."
    )

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var imageOptions: ImageOptions
    @OptionGroup(title: "Feed") var feedOptions: BrowseFeedOptions

    @Option(
        help: ArgumentHelp(
            "Thumbnail cards in the grid: on or off (default: \(EffectiveSettings.thumbnailsDefault)); t switches.", valueName: "on|off"))
    var thumbnails: String?

    @Option(name: .customLong("download-dir"), help: "Folder for downloads (d); default: Photorama in the pictures folder.")
    var downloadDir: String?

    @Option(help: "Seed for R (jump to a random photo); random when omitted.")
    var seed: UInt64?

    @Option(help: ArgumentHelp("Seconds between photos in the slideshow (S), 1-3600 (default: 5).", valueName: "seconds"))
    var interval: Int?

    @Option(
        help: ArgumentHelp(
            "Colours for a dark or a light background: auto (asks the terminal and follows its changes), dark or light"
                + " (default: auto).", valueName: "auto|dark|light"))
    var theme: String?

    @Flag(
        help: ArgumentHelp(
            "For screen readers and braille displays: the cursor sits on the selected card's title; no box drawing, pictures,"
                + " map or spinners; every change is said in words on the status line."))
    var plain = false

    /// The benchmarks' and tests' hidden options, after the others as they always stood.
    @OptionGroup var instrumentation: InstrumentationOptions

    func validate() throws {
        _ = try validating { try ImageSettings.thumbnails(thumbnails, drawing: nil) }
        if let theme, ThemeChoice(setting: theme) == nil {
            throw ValidationError("--theme must be \(ThemeChoice.choices) (got \"\(theme)\")")
        }
        if let interval, !SlideshowInterval.seconds.contains(interval) {
            throw ValidationError("--interval must be between 1 and 3600 seconds (got \(interval))")
        }
    }

    func run() async throws {
        try await BrowserSession.run(
            BrowseRequest(
                services: global.services, images: imageOptions.images, colors: imageOptions.colors, symbols: imageOptions.symbols,
                dither: imageOptions.dither, thumbnails: thumbnails,
                downloadDir: downloadDir, seed: seed, interval: interval, feed: try feedOptions.feed(),
                theme: theme.flatMap(ThemeChoice.init(setting:)), plain: plain ? true : nil, instrumentation: instrumentation.browser))
    }
}
