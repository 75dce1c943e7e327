import ArgumentParser
import Foundation
import PhotoramaKit
import PhotoramaStore
import PhotoramaLocking
import PhotoramaText

struct Download: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download photos at the largest size offered (the original when there is one).",
        discussion: """
            Files are named "Title - ID.ext" ("Title (2) - ID.ext" when that name is taken) with the extension \
            of what the bytes are. Prints each finished file's path on stdout, in the order of the ids; a \
            progress bar goes to stderr when it is a terminal. Exit status 1 when any download failed.
            """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: "One or more photo ids.") var ids: [String]
    @Option(help: "A size letter (o k h l c z m n s t q sq) or label (Original, \"Large 2048\"); default: the largest.")
    var size: String?
    @Option(name: [.customLong("dir"), .customLong("download-dir")], help: "Folder for the files (default: the pictures folder's Photorama).")
    var dir: String?
    @Option(help: "flickr or 500px.") var provider: Provider = .flickr

    /// For `photorama-bench download`: write this process's peak resident memory (VmHWM, kB) here before exiting.
    @Option(name: .customLong("memory-report"), help: .hidden)
    var memoryReport: String?

    func validate() throws {
        guard !ids.isEmpty else { throw ValidationError("Give at least one photo id") }
        for id in ids where id.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("A photo id must not be empty")
        }
    }

    func run() async throws {
        let app = try await AppEnvironment.make(global)
        let folder = await DownloadSetup.folder(explicit: dir)
        let transport = LiveStreamingTransport()
        let engine = DownloadSetup.engine(
            app, transport: transport, allowInsecure: global.allowInsecure, saved: SQLiteSavedPhotos.openDefault())
        let board = isatty(2) == 1 ? ProgressBoard(count: ids.count) : nil
        // The same id twice would write one .part file twice at once: each id is downloaded once.
        var unique: [String] = []
        for id in ids where !unique.contains(id) { unique.append(id) }
        let keys = unique.map { PhotoKey(provider: provider, id: $0) }
        let size = self.size
        let results: [Result<String, DownloadError>]
        do {
            results = try await app.using { app in
                await withTaskGroup(of: (Int, Result<String, DownloadError>).self) { group in
                    for (index, key) in keys.enumerated() {
                        group.addTask {
                            do throws(DownloadError) {
                                let (photo, image) = try await app.service.downloadChoice(key, size: size)
                                let path = try await engine.download(photo, from: image.url, into: folder) { progress in
                                    board?.update(index, progress)
                                }
                                board?.finish(index)
                                return (index, .success(path))
                            } catch {
                                board?.finish(index)
                                return (index, .failure(error))
                            }
                        }
                    }
                    var all: [Result<String, DownloadError>?] = Array(repeating: nil, count: keys.count)
                    for await (index, result) in group { all[index] = result }
                    return all.compactMap { $0 }
                }
            }
        } catch {
            await transport.shutdown()
            throw error
        }
        await transport.shutdown()
        board?.clear()
        var failed = false
        for (key, result) in zip(keys, results) {
            switch result {
            case .success(let path): Output.write(path)
            case .failure(let error):
                failed = true
                Console.errorLine("photorama: \(key.id): \(app.redactor.redact(error.message))")
            }
        }
        if let memoryReport { MemoryReport.write(to: memoryReport) }
        if failed { throw ExitCode(1) }
    }
}

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

/// Peak resident memory from /proc/self/status, for the download benchmark.
enum MemoryReport {
    static func write(to path: String) {
        guard let kilobytes = ProcessStatus.kilobytes()["VmHWM"] else { return }
        try? "\(kilobytes)\n".write(toFile: path, atomically: true, encoding: .utf8)
    }
}
