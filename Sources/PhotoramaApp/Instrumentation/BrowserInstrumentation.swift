/// Hidden hooks for the benchmarks and the end-to-end tests (see `Browse`), all off in normal use: each
/// report is a file path.
package struct BrowserInstrumentation: Sendable {
    package var firstGridReport: String?
    package var frameStats: String?
    /// For `photorama-bench images`: after each selection change, the milliseconds from the key to the
    /// frame that shows the new photo's picture, one line each.
    package var previewReport: String?
    /// For `photorama-bench thumbnails`: thumbnail paint times and per-frame CPU time, at quit.
    package var thumbnailReport: String?
    /// For the end-to-end tests and the soak: F12 presses handled, the frame's size and the requests in
    /// flight ("3 100x30 0"), after every frame. The count is the one the state has handled: every
    /// answer posted before it has been handled too (see `EffectRunner.startOptional`).
    package var probeReport: String?
    /// For the soak: where memory is, every 10 s (`BrowserMemoryReport`).
    package var memoryReport: String?
    /// For `photorama-bench prefetch`: latency the embedded demo server adds to every answer.
    package var demoLatencyMilliseconds: Int

    package init(
        firstGridReport: String? = nil, frameStats: String? = nil, previewReport: String? = nil,
        thumbnailReport: String? = nil, probeReport: String? = nil, memoryReport: String? = nil,
        demoLatencyMilliseconds: Int = 0
    ) {
        self.firstGridReport = firstGridReport
        self.frameStats = frameStats
        self.previewReport = previewReport
        self.thumbnailReport = thumbnailReport
        self.probeReport = probeReport
        self.memoryReport = memoryReport
        self.demoLatencyMilliseconds = demoLatencyMilliseconds
    }

}
