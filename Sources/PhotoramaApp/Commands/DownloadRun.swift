import Foundation
import PhotoramaKit
import PhotoramaStore

#if canImport(Glibc)
    import Glibc
    import PhotoramaText
#endif

/// `photorama download`: the photos at the largest size offered (or the one asked for), a few at once,
/// with one progress line on stderr when it is a terminal.
package enum DownloadRun {
    /// Downloads each id once, at `size` (a letter or label; nil for the largest), into `folder` (nil: the
    /// configured or pictures folder), printing each path in the order of the ids and each failure on
    /// stderr. Returns whether any download failed.
    package static func run(
        ids: [String], size: String?, folder explicitFolder: String?, provider: Provider, memoryReport: String?,
        services: ServiceOptions
    ) async throws -> Bool {
        let app = try await AppEnvironment.make(services)
        let folder = await DownloadSetup.folder(explicit: explicitFolder)
        let transport = LiveStreamingTransport()
        let saved = SavedStoreOpening(opened: SQLiteSavedPhotos.openDefault())
        let engine = DownloadSetup.engine(app, transport: transport, allowInsecure: services.allowInsecure, saved: saved)
        let board = isatty(2) == 1 ? ProgressBoard(count: ids.count) : nil
        // The same id twice would write one .part file twice at once: each id is downloaded once.
        var unique: [String] = []
        for id in ids where !unique.contains(id) { unique.append(id) }
        let keys = unique.map { PhotoKey(provider: provider, id: $0) }
        let results: [Result<String, DownloadError>]
        do {
            results = try await app.using { app in
                await withTaskGroup(of: (Int, Result<String, DownloadError>).self) { group in
                    for (index, key) in keys.enumerated() {
                        group.addTask {
                            do throws(DownloadError) {
                                let choice = try await app.service.downloadChoice(key, size: size)
                                let path = try await engine.download(
                                    choice.photo, from: choice.image.url, into: folder, sidecar: choice.sidecar
                                ) { progress in
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
        return failed
    }
}
