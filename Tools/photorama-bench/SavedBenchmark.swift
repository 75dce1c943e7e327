import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaStore
import PhotoramaTUI

/// `photorama-bench saved`: saved photos through the reducer, the real SQLite store (WAL, in a temporary
/// folder) and the renderer, in process:
/// - save latency: `s` pressed → `.savePhoto` → durable write → `.photoSaved` → a frame with the mark;
/// - the Saved tab with 10,000 saved photos: read the count, the keys and the first page from SQLite (what
///   the browser does), reduce, switch to tab 5, first frame; and, for comparison, the same with every row
///   read and decoded (what the browser did before the Saved tab was paged).
enum SavedBenchmark {
    static func run(_ arguments: [String]) async throws {
        let folder = NSTemporaryDirectory() + "photorama-bench-saved-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await saveLatency(folder: folder + "/a")
        try await savedTabOpen(folder: folder + "/b", count: 10_000)
    }

    static func saveLatency(folder: String) async throws {
        let store = try SQLiteSavedPhotos(path: folder + "/photorama.sqlite")
        let size = CellSize(columns: 200, rows: 60)
        var state = TUIBenchmark.loadedState(photos: 1_000, size: size)
        _ = reduce(&state, .key(.home))
        _ = reduce(&state, .key(.right))
        _ = loadSaved(&state)
        let iterations = 300
        var samples: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            let start = clock.now
            let effects = reduce(&state, .key(.character("s")))
            guard case .savePhoto(let photo, let token) = effects.first(where: { if case .savePhoto = $0 { true } else { false } }) else {
                throw BenchmarkFailure("s did not ask to save")
            }
            let saved = try await store.save(photo)
            _ = reduce(&state, .saved(.photoSaved(token: token, .success(saved))))
            let frame = render(state)
            samples.append(clock.now - start)
            guard frame.lines.contains(where: { $0.contains("★ ") }) else { throw BenchmarkFailure("no mark on screen") }
            // Unsave it again (not timed), so every timed save is a new row.
            guard case .unsavePhoto(let key, let unsaveToken) = reduce(&state, .key(.character("s"))).first else {
                throw BenchmarkFailure("s did not ask to unsave")
            }
            try await store.unsave(key)
            _ = reduce(&state, .saved(.photoUnsaved(token: unsaveToken, .success(key))))
        }
        samples.sort()
        print(
            "save, key to mark on screen (reduce + SQLite WAL write + reduce + render 200x60): median \(TUIBenchmark.micro(samples[samples.count / 2])) µs, p90 \(TUIBenchmark.micro(samples[samples.count * 9 / 10])) µs over \(iterations) saves"
        )
    }

    static func savedTabOpen(folder: String, count: Int) async throws {
        let store = try SQLiteSavedPhotos(path: folder + "/photorama.sqlite")
        try await store.importAll(
            (0..<count).map { index in
                SavedPhoto(photo: TUIBenchmark.syntheticPhoto(index), savedAtMilliseconds: 1_795_000_000_000 + Int64(index))
            })
        let size = CellSize(columns: 200, rows: 60)
        let label = "\(TUIBenchmark.grouped(count)) photos saved"
        for everyRow in [false, true] {
            let clock = ContinuousClock()
            var totals: [Duration] = []
            var loads: [Duration] = []
            var firstPage = 0
            for _ in 0..<15 {
                var state = TUIBenchmark.loadedState(photos: 100, size: size)
                guard case .loadSaved(let limit, let token) = loadSaved(&state).first else { throw BenchmarkFailure("no load") }
                firstPage = limit
                let start = clock.now
                let overview = everyRow ? SavedOverview(all: try await store.all()) : try await store.overview(firstPage: limit)
                let loaded = clock.now
                _ = reduce(&state, .saved(.savedLoaded(token: token, .success(overview))))
                _ = reduce(&state, .key(.character("5")))
                let frame = render(state)
                totals.append(clock.now - start)
                loads.append(loaded - start)
                guard overview.total == count, frame.lines.contains(where: { $0.contains("★ ") }),
                    frame.lines.last?.hasPrefix("Saved · \(TUIBenchmark.grouped(count)) photos") == true
                else {
                    throw BenchmarkFailure("the Saved tab did not show \(count) photos")
                }
            }
            totals.sort()
            loads.sort()
            let what =
                everyRow
                ? "Saved tab, \(label), open reading every row (the way before paging)"
                : "Saved tab, \(label), open (count + keys + first page of \(firstPage), reduce, first frame 200x60)"
            print(
                "\(what): median \(milliseconds(totals[totals.count / 2])) ms, of which the SQLite read \(milliseconds(loads[loads.count / 2])) ms"
            )
        }
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f", Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
    }
}
