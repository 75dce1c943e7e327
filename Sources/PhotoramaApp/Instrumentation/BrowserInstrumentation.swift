/// The benchmarks' and the end-to-end tests' hooks in the browser, all off in normal use: each report is
/// a file path, and each one given becomes an observer of the loop (`observer(runner:inbox:)`).
package struct BrowserInstrumentation: Sendable {
    /// `FirstGridReport`.
    package var firstGridReport: String?
    /// `FrameStatsReport`.
    package var frameStats: String?
    /// `PreviewTimer`.
    package var previewReport: String?
    /// `ThumbnailTimer`.
    package var thumbnailReport: String?
    /// `ProbeReport`.
    package var probeReport: String?
    /// `BrowserMemoryReport`.
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

    /// The reports asked for, told in the order the loop always wrote them: the thumbnail timer first
    /// (its CPU clock brackets the draw), the first-grid report, which ends the loop, before the frame stats.
    func observer(runner: EffectRunner, inbox: ActionInbox) -> BrowserObservers {
        var members: [any BrowserObserver] = []
        if let thumbnailReport { members.append(ThumbnailTimer(path: thumbnailReport)) }
        if let probeReport { members.append(ProbeReport(path: probeReport, runner: runner, inbox: inbox)) }
        if let previewReport { members.append(PreviewTimer(path: previewReport)) }
        if let firstGridReport { members.append(FirstGridReport(path: firstGridReport)) }
        if let frameStats { members.append(FrameStatsReport(path: frameStats)) }
        if let memoryReport { members.append(BrowserMemoryReport(path: memoryReport)) }
        return BrowserObservers(members)
    }
}
