import Foundation
import PhotoramaKit
import PhotoramaStore

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama saved`: lists the saved photos, or exports and imports them as JSON. Needs no network.
package enum SavedPhotosRun {
    /// Imports `importFile`, else exports to `exportFile`, else prints every saved photo in `format`.
    package static func run(format: OutputFormat, exportFile: String?, importFile: String?) async throws {
        let store: SQLiteSavedPhotos
        do {
            store = try SQLiteSavedPhotos(path: SQLiteSavedPhotos.defaultPath(environment: ProcessInfo.processInfo.environment))
        } catch {
            throw CommandFailure(error.message, status: 1)
        }
        if let importFile {
            try await importPhotos(from: importFile, into: store)
        } else if let exportFile {
            try export(try all(store), to: exportFile)
        } else {
            let saved = try all(store)
            let text: String =
                switch format {
                case .json: SavedPhotosJSON.render(saved)
                case .ids, .table: OutputFormatter.photos(saved.map(\.photo), format: format, width: Output.width)
                }
            Output.write(text)
        }
    }

    private static func all(_ store: SQLiteSavedPhotos) throws -> [SavedPhoto] {
        do { return try store.allNow() } catch { throw CommandFailure(error.message, status: 1) }
    }

    private static func importPhotos(from file: String, into store: SQLiteSavedPhotos) async throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure("Cannot read \(file)", status: 1)
        }
        let photos: [SavedPhoto]
        switch SavedPhotosJSON.parse(data) {
        case .success(let parsed): photos = parsed
        case .failure(let error): throw CommandFailure("Cannot import \(file): \(error.reason)", status: 2)
        }
        do { try await store.importAll(photos) } catch { throw CommandFailure(error.message, status: 1) }
    }

    /// Written to a temporary file beside the target, then renamed: a reader never sees half an export.
    private static func export(_ saved: [SavedPhoto], to file: String) throws {
        let temporary = file + ".part-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CommandFailure("Cannot write \(file): \(String(cString: strerror(errno)))", status: 1) }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(SavedPhotosJSON.render(saved).utf8))
            try handle.synchronize()
            try handle.close()
        } catch {
            unlink(temporary)
            throw CommandFailure("Cannot write \(file): \((error as NSError).localizedDescription)", status: 1)
        }
        guard rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandFailure("Cannot write \(file): \(reason)", status: 1)
        }
    }
}
