import ArgumentParser
import PhotoramaApp
import PhotoramaKit

struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open the full-screen browser (the default when no subcommand is given).",
        discussion: "Press ? in the browser for every key binding. Needs a terminal (TERM set, not \"dumb\")."
    )

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @OptionGroup var imageOptions: ImageOptions
    @OptionGroup(title: "Feed") var feedOptions: BrowseFeedOptions

    @Option(help: ArgumentHelp("Thumbnail cards in the grid: on or off (default: on with 24-bit colour); t switches.", valueName: "on|off"))
    var thumbnails: String?

    @Option(name: .customLong("download-dir"), help: "Folder for downloads (d); default: Photorama in the pictures folder.")
    var downloadDir: String?

    @Option(help: "Seed for R (jump to a random photo); random when omitted.")
    var seed: UInt64?

    /// For `photorama-bench launch`: write the milliseconds from launch to the first drawn grid of photos
    /// to this file, then quit.
    @Option(name: .customLong("first-grid-report"), help: .hidden)
    var firstGridReport: String?

    /// For `photorama-bench prefetch`: after every frame, write "frames loading selection" to this file.
    @Option(name: .customLong("frame-stats"), help: .hidden)
    var frameStats: String?

    /// For `photorama-bench images`: write the milliseconds from each selection change to its picture.
    @Option(name: .customLong("preview-report"), help: .hidden)
    var previewReport: String?

    /// For `photorama-bench thumbnails`: write thumbnail paint times and per-frame CPU time at quit.
    @Option(name: .customLong("thumbnail-report"), help: .hidden)
    var thumbnailReport: String?

    /// For the end-to-end tests and the soak: after every frame, write how many F12 presses (probes) the
    /// loop has handled, the size it drew at and how many requests are in flight ("3 100x30 0"), so a test
    /// knows the screen shows everything it sent before its last probe, resizes included, and whether
    /// answers may still change it.
    @Option(name: .customLong("probe-report"), help: .hidden)
    var probeReport: String?

    /// For `photorama-bench soak`: every 10 s, resident memory, malloc's use and the photos the feeds keep.
    @Option(name: .customLong("memory-report"), help: .hidden)
    var memoryReport: String?

    /// For `photorama-bench prefetch`: latency the embedded demo server adds to every answer.
    @Option(name: .customLong("demo-latency-ms"), help: .hidden)
    var demoLatencyMilliseconds: Int = 0

    func validate() throws {
        _ = try validating { try ImageSettings.thumbnails(thumbnails, drawing: nil) }
    }

    func run() async throws {
        try await BrowserSession.run(
            BrowseRequest(
                services: global.services, images: imageOptions.images, colors: imageOptions.colors, thumbnails: thumbnails,
                downloadDir: downloadDir, seed: seed, feed: try feedOptions.feed(),
                instrumentation: BrowserInstrumentation(
                    firstGridReport: firstGridReport, frameStats: frameStats, previewReport: previewReport,
                    thumbnailReport: thumbnailReport, probeReport: probeReport, memoryReport: memoryReport,
                    demoLatencyMilliseconds: demoLatencyMilliseconds)))
    }
}
