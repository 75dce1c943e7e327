import Foundation
import PhotoramaKit
import PhotoramaLocking
import PhotoramaText

/// One progress line on stderr for all running downloads: bar, percent, sizes, rate, files done.
final class ProgressBoard: Sendable {
    private struct State {
        var progress: [Int: DownloadProgress] = [:]
        var done = 0
        var lastDraw = ContinuousClock.now - .seconds(1)
    }

    private let state = Locked(State())
    private let count: Int

    init(count: Int) {
        self.count = count
    }

    func update(_ index: Int, _ progress: DownloadProgress) {
        let line: String? = state.withLock { state in
            state.progress[index] = progress
            let now = ContinuousClock.now
            guard now - state.lastDraw >= .milliseconds(100) else { return nil }
            state.lastDraw = now
            return Self.line(state, count: count)
        }
        if let line { Console.statusLine(line) }
    }

    func finish(_ index: Int) {
        state.withLock { state in
            state.done += 1
            state.progress[index] = nil
        }
    }

    func clear() {
        Console.statusLine(nil)
    }

    private static func line(_ state: State, count: Int) -> String {
        let running = Array(state.progress.values)
        let bytes = running.reduce(Int64(0)) { $0 + $1.bytes }
        let totals = running.compactMap(\.total)
        let rate = running.reduce(0.0) { $0 + $1.bytesPerSecond }
        let combined = DownloadProgress(
            bytes: bytes, total: totals.count == running.count && !totals.isEmpty ? totals.reduce(0, +) : nil, bytesPerSecond: rate)
        let width = 24
        let filled = (combined.percent ?? 0) * width / 100
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
        let files = count > 1 ? "  \(state.done)/\(count) files" : ""
        return "↓ \(bar) \(combined.text)\(files)"
    }
}
