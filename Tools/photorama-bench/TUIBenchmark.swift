import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaTUI
import PhotoramaText

/// `photorama-bench tui [--iterations N]`: the browser's pure core, measured.
///
/// - render: a full 200×60 frame (grid of 5×14 cards plus the detail pane) with 1,000 and 1,000,000
///   photos loaded, selection in the middle; median over many frames. Must not grow with the count.
/// - reduce: one arrow key with 1,000,000 photos loaded.
/// - memory: resident set size (VmRSS) with 100,000 photos loaded.
/// - prefetch simulation (`PrefetchSimulation`): 100 and 300 ms server latency, 120×40 and 200×60, PgDn
///   held (30 presses a second) through 3,000 photos on simulated time (no sleeping); the share of frames
///   whose selected card shows "loading…".
enum TUIBenchmark {
    // MARK: - Running
    static func run(_ arguments: [String]) async throws {
        var iterations = 2_000
        if let index = arguments.firstIndex(of: "--iterations"), index + 1 < arguments.count,
            let value = Int(arguments[index + 1]), value > 0
        {
            iterations = value
        }
        let size = CellSize(columns: 200, rows: 60)
        // Memory first, before the million-photo states have grown the heap.
        do {
            let before = residentKilobytes()
            let memoryState = loadedState(photos: 100_000, size: size)
            let after = residentKilobytes()
            print(
                "resident memory with \(grouped(memoryState.feeds[.recent].count)) photos loaded: \(after / 1024) MB (VmRSS; \(max(0, after - before) / 1024) MB more than before loading)"
            )
            withExtendedLifetime(memoryState) {}
        }
        for count in [1_000, 1_000_000] {
            let loadStart = ContinuousClock.now
            var (state, lastPage) = loadedStateTimingLastPage(photos: count, size: size)
            print(
                "loaded \(grouped(count)) photos through reduce in \(ContinuousClock.now - loadStart); the last page of 500 took \(micro(lastPage)) µs"
            )
            // Somewhere in the middle, so the grid and pane are full.
            for _ in 0..<3 { _ = reduce(&state, .key(.character("R"))) }
            let renderMedian = median(iterations) { _ = render(state) }
            var keyState = state
            let keys: [Key] = [.down, .right, .up, .left]
            var step = 0
            let reduceMedian = median(iterations) {
                _ = reduce(&keyState, .key(keys[step % keys.count]))
                step += 1
            }
            print("render 200x60, \(grouped(count)) photos: median \(micro(renderMedian)) µs over \(iterations) frames")
            print("reduce (arrow key), \(grouped(count)) photos: median \(micro(reduceMedian)) µs")
        }

        for latency in [100.0, 300.0] {
            for simulated in [CellSize(columns: 120, rows: 40), CellSize(columns: 200, rows: 60)] {
                print(PrefetchBenchmark.describe(PrefetchSimulation(size: simulated, latencyMilliseconds: latency)))
            }
        }
    }

    // MARK: - States
    /// A started state whose Recent feed holds `photos` synthetic photos, loaded page by page through
    /// the reducer the way the runtime would (End asks for the next page, the answer comes back).
    static func loadedState(photos: Int, size: CellSize) -> AppState {
        loadedStateTimingLastPage(photos: photos, size: size).state
    }

    /// Also how long the reducer took to take in the last page.
    static func loadedStateTimingLastPage(photos: Int, size: CellSize) -> (state: AppState, lastPage: Duration) {
        var lastPage = Duration.zero
        var state = AppState(configuration: AppConfiguration(demoProviders: [.flickr], colors: true, randomSeed: 7), size: size)
        let perPage = 500
        let pages = (photos + perPage - 1) / perPage
        var effects = start(&state)
        while let load = effects.first(where: { if case .loadPage = $0 { true } else { false } }),
            case .loadPage(_, let number, let token) = load
        {
            let first = (number - 1) * perPage
            let items = (first..<min(photos, first + perPage)).map(syntheticPhoto)
            let answer = Page(items: items, page: number, pages: pages, total: photos)
            let started = ContinuousClock.now
            effects = reduce(&state, .feed(.pageLoaded(token: token, page: number, .success(answer))))
            lastPage = ContinuousClock.now - started
            effects += reduce(&state, .key(.end))
        }
        return (state, lastPage)
    }

    /// Titles mix plain ASCII with CJK, emoji and accents, as real feeds do.
    static func syntheticPhoto(_ index: Int) -> Photo {
        let titles = ["Sunset over the harbour", "東京タワーの夜景", "Café de Flore ☕️", "IMG_\(index)", "Family 👨‍👩‍👧 picnic", ""]
        return Photo(
            provider: .flickr, id: String(index), title: titles[index % titles.count] + " \(index)",
            owner: "photographer \(index % 997)",
            taken: LocalDateTime(year: 2020 + index % 6, month: index % 12 + 1, day: index % 28 + 1, hour: index % 24),
            images: [
                PhotoImage(
                    size: .large1024, url: URL(string: "https://live.staticflickr.com/65535/\(index)_abc_b.jpg")!,
                    width: 1024, height: 768)
            ],
            pageURL: URL(string: "https://www.flickr.com/photos/someone/\(index)"),
            tags: ["city", "night"], description: "A synthetic photo number \(index) for the benchmark.",
            views: index % 5000)
    }

    // MARK: - Prefetch simulation (PrefetchSimulation)
    /// Whether the card under the selection says "loading…" in the drawn frame.
    static func selectedCardShowsLoading(_ frame: Frame, _ state: AppState) -> Bool {
        let layout = ScreenLayout(state)
        let feed = state.feeds[.recent]
        let row = feed.selection / layout.gridColumns - feed.scrollRow
        let column = feed.selection % layout.gridColumns
        let top = layout.grid.row + row * layout.cardHeight
        let left = layout.grid.column + column * layout.cardWidth
        for r in top..<(top + layout.cardHeight) {
            var text = ""
            for c in left..<(left + layout.cardWidth) { text += frame[r, c].grapheme }
            if text.contains("loading…") { return true }
        }
        return false
    }

    // MARK: - Measuring
    static func median(_ iterations: Int, _ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        for _ in 0..<min(50, iterations) { body() }  // warm up
        var samples: [Duration] = []
        samples.reserveCapacity(iterations)
        for _ in 0..<iterations {
            let start = clock.now
            body()
            samples.append(clock.now - start)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// Microseconds, to 0.01 below 10 µs (a 3 % bound on a 1 µs reduce needs it), else to 0.1.
    static func micro(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let micros = Double(seconds) * 1e6 + Double(attoseconds) / 1e12
        return String(format: micros < 10 ? "%.2f" : "%.1f", micros)
    }

    static func grouped(_ value: Int) -> String {
        NumberText.grouped(value)
    }

    /// VmRSS from /proc/self/status, in kilobytes (0 where there is no /proc).
    static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
