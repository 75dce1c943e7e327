import ArgumentParser
import PhotoramaApp

/// `browse`'s hidden options, for the benchmarks (`photorama-bench`) and the end-to-end tests; all off in
/// normal use. Each report is an observer of the browser loop (`BrowserInstrumentation`), never a check
/// inside it.
struct InstrumentationOptions: ParsableArguments {
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

    /// The reports as the browser takes them.
    var browser: BrowserInstrumentation {
        BrowserInstrumentation(
            firstGridReport: firstGridReport, frameStats: frameStats, previewReport: previewReport,
            thumbnailReport: thumbnailReport, probeReport: probeReport, memoryReport: memoryReport,
            demoLatencyMilliseconds: demoLatencyMilliseconds)
    }
}
