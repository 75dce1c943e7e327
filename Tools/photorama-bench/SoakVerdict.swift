/// What a soak found, and whether it passes. Pure: the benchmark fills it in, tests judge made-up runs.
struct SoakVerdict {
    var minutes = 0
    var keys = 0
    var searches = 0
    var resizes = 0
    var storms = 0
    var checkpointsPassed = 0
    var checkpointsFailed = 0
    /// Why checkpoints failed, one line each ("checkpoint 3 at 90 s: the redraw differs (rows 4, 7)").
    var problems: [String] = []
    /// VmRSS in kilobytes after the first minute and at the end: single samples, reported beside the levels.
    var residentAfterFirstMinute: Int?
    var residentAtEnd: Int?
    /// VmRSS every few seconds while the keys run, in kilobytes, by second since they started.
    var residentSamples: [(second: Int, kilobytes: Int)] = []
    /// Save probes the browser acknowledged with "Saved “…”" and "Removed “…”".
    var savesAcknowledged = 0
    var removalsAcknowledged = 0
    var saveProbesSkipped = 0
    /// Photos in the saved store after the browser quit, and the count the Saved tab showed before.
    var storeCount: Int?
    var savedTabCount: Int?
    var downloadsCompleted = 0
    var partFilesLeft: [String] = []
    /// Milliseconds from each F12 probe sent to the frame after the browser handled it.
    var probeMilliseconds: [Double] = []
    /// VmRSS, RssAnon and RssFile in kilobytes at the end of each minute.
    var memoryByMinute: [(minute: Int, total: Int, anonymous: Int, file: Int)] = []
    /// Photos the feeds held at the end of each minute, from the browser's memory report: they grow until the
    /// demo catalog's feeds end, and memory with them, so a level taken before that is not a steady one.
    var feedPhotosByMinute: [(minute: Int, photos: Int)] = []
    var crashed = false
    var exitStatus: Int?
    var alternateScreenLeft: Bool?
    var cursorVisible: Bool?

    /// Resident memory may be at most this much above its level after the first minute (a fall is no leak).
    static let memoryTolerance = 0.10

    // MARK: - Memory
    static func memoryWithinTolerance(afterFirstMinute: Int, atEnd: Int, tolerance: Double = memoryTolerance) -> Bool {
        afterFirstMinute > 0 && Double(atEnd) <= Double(afterFirstMinute) * (1 + tolerance)
    }

    /// Seconds of samples a level is the median of.
    static let levelWindow = 60

    /// Resident memory after the first minute and at the end as levels: the median of the samples of the
    /// second minute and of the last minute of keys. One sample swings with what is in flight at that
    /// instant (a page being parsed, a picture decoded, arenas between two trims) by more than half the
    /// tolerance (docs/PERFORMANCE.md). A soak shorter than 3 minutes has no separate windows and
    /// compares the single samples.
    var memoryLevels: (afterFirstMinute: Int, atEnd: Int)? {
        if let medians = medianLevels { return medians }
        guard let first = residentAfterFirstMinute, let last = residentAtEnd else { return nil }
        return (first, last)
    }

    /// The two medians, when the soak is long enough to have both windows and samples in them.
    var medianLevels: (afterFirstMinute: Int, atEnd: Int)? {
        let end = minutes * 60
        guard end >= 3 * Self.levelWindow,
            let first = Self.median(residentSamples, in: 60..<(60 + Self.levelWindow)),
            let last = Self.median(residentSamples, in: (end - Self.levelWindow)..<end)
        else { return nil }
        return (first, last)
    }

    static func median(_ samples: [(second: Int, kilobytes: Int)], in seconds: Range<Int>) -> Int? {
        let values = samples.filter { seconds.contains($0.second) }.map(\.kilobytes).sorted()
        guard !values.isEmpty else { return nil }
        return values.count % 2 == 1 ? values[values.count / 2] : (values[values.count / 2 - 1] + values[values.count / 2]) / 2
    }

    var expectedSaved: Int { savesAcknowledged - removalsAcknowledged }

    /// The last `feed_photos` of each minute in a `--memory-report` file (a header, then lines of
    /// "seconds rss_kb anon_kb malloc_in_use_kb malloc_free_kb malloc_mapped_kb sqlite_kb feed_photos
    /// back_stack_photos"); lines that do not read as numbers are skipped.
    static func feedPhotosByMinute(memoryReport: String) -> [(minute: Int, photos: Int)] {
        var byMinute: [(minute: Int, photos: Int)] = []
        for line in memoryReport.split(separator: "\n") {
            let fields = line.split(separator: " ").compactMap { Int($0) }
            guard fields.count == 9 else { continue }
            let minute = fields[0] / 60 + 1
            if byMinute.last?.minute == minute { byMinute.removeLast() }
            byMinute.append((minute, fields[7]))
        }
        return byMinute
    }

    /// Every reason to fail, empty when the soak passes.
    var failures: [String] {
        var reasons = problems
        if crashed { reasons.append("the browser crashed") }
        if checkpointsPassed == 0 { reasons.append("no checkpoint passed") }
        if !crashed, exitStatus != 0 {
            reasons.append("q ended the browser with status \(exitStatus.map(String.init) ?? "unknown"), not 0")
        }
        if alternateScreenLeft != true { reasons.append("the terminal was left in the alternate screen") }
        if cursorVisible != true { reasons.append("the cursor was left hidden") }
        // A finished download saves its photo too (README), so the store may hold more than the `s`
        // presses made: it must hold exactly what the Saved tab shows.
        if storeCount != savedTabCount {
            reasons.append(
                "the store holds \(storeCount.map(String.init) ?? "nothing readable") saved photos, the Saved tab showed \(savedTabCount.map(String.init) ?? "no count")"
            )
        }
        if savedTabCount.map({ $0 < expectedSaved }) ?? true {
            reasons.append(
                "the Saved tab showed \(savedTabCount.map(String.init) ?? "no count"), fewer than the \(savesAcknowledged) saves less \(removalsAcknowledged) removals acknowledged"
            )
        }
        if let levels = memoryLevels {
            if !Self.memoryWithinTolerance(afterFirstMinute: levels.afterFirstMinute, atEnd: levels.atEnd) {
                reasons.append(
                    String(
                        format: "resident memory grew %.1f%% after the first minute (limit %.0f%%)",
                        (Double(levels.atEnd) / Double(levels.afterFirstMinute) - 1) * 100, Self.memoryTolerance * 100))
            }
        } else {
            reasons.append("no resident memory after the first minute and at the end (a soak needs at least 1 minute)")
        }
        if !partFilesLeft.isEmpty {
            reasons.append("\(partFilesLeft.count) .part file(s) left: \(partFilesLeft.prefix(3).joined(separator: ", "))")
        }
        return reasons
    }

    var passed: Bool { failures.isEmpty }

    // MARK: - Summary
    static func medianAndMax(_ milliseconds: [Double]) -> String {
        let sorted = milliseconds.sorted()
        guard let last = sorted.last else { return "no probes" }
        return String(format: "median %.0f ms, max %.0f ms over %d", sorted[sorted.count / 2], last, sorted.count)
    }

    func summary(seconds: Double) -> String {
        func mb(_ kilobytes: Int?) -> String { kilobytes.map { String(format: "%.1f MB", Double($0) / 1024) } ?? "none" }
        func ratio(_ first: Int?, _ last: Int?) -> String {
            first.flatMap { first in last.map { String(format: "%.3f", Double($0) / Double(max(1, first))) } } ?? "n/a"
        }
        let medians = medianLevels
        var lines = [
            "soak: \(minutes) minute(s) of keys (\(String(format: "%.0f", seconds)) s in all)",
            String(
                format: "keys sent: %d (%.1f a second while typing), searches: %d", keys, Double(keys) / max(1, Double(minutes) * 60),
                searches),
            "resizes: \(resizes) in \(storms) storms",
            "checkpoints (screen = Ctrl-L redraw): \(checkpointsPassed) passed, \(checkpointsFailed) failed",
            "resident memory: "
                + (medians.map {
                    "median of minute 2 \(mb($0.afterFirstMinute)), of the last minute \(mb($0.atEnd)), ratio \(ratio($0.afterFirstMinute, $0.atEnd)); "
                } ?? "")
                + "single samples after 1 min \(mb(residentAfterFirstMinute)), at end \(mb(residentAtEnd)), ratio \(ratio(residentAfterFirstMinute, residentAtEnd)) (limit \(String(format: "%.2f", 1 + Self.memoryTolerance)))",
            "saves: \(savesAcknowledged) saved and \(removalsAcknowledged) removed (\(saveProbesSkipped) probes skipped: no photo grid on screen or no photo selected); store holds \(storeCount.map(String.init) ?? "?"), Saved tab showed \(savedTabCount.map(String.init) ?? "?"), saves less removals \(expectedSaved)",
            "keys to screen (F12 probe before each checkpoint and save): " + Self.medianAndMax(probeMilliseconds),
            "resident memory by minute, MB (heap + files): "
                + memoryByMinute.map {
                    String(
                        format: "%d: %.1f (%.1f + %.1f)", $0.minute, Double($0.total) / 1024, Double($0.anonymous) / 1024,
                        Double($0.file) / 1024)
                }.joined(separator: ", "),
        ]
        if !feedPhotosByMinute.isEmpty {
            lines.append(
                "photos the feeds held by minute: " + feedPhotosByMinute.map { "\($0.minute): \($0.photos)" }.joined(separator: ", "))
        }
        lines += [
            "downloads completed: \(downloadsCompleted), .part files left: \(partFilesLeft.count)",
            "crashes: \(crashed ? 1 : 0); exit status after q: \(exitStatus.map(String.init) ?? "none"); alternate screen left: \(alternateScreenLeft.map { $0 ? "yes" : "no" } ?? "?"); cursor visible: \(cursorVisible.map { $0 ? "yes" : "no" } ?? "?")",
        ]
        lines += failures.map { "  FAIL: \($0)" }
        lines.append(passed ? "PASS" : "FAIL")
        return lines.joined(separator: "\n")
    }
}
