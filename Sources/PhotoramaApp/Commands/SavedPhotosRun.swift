import Foundation
import PhotoramaFiles
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

    /// Written atomically (`PrivateFile`): a reader never sees half an export.
    private static func export(_ saved: [SavedPhoto], to file: String) throws {
        do throws(FileFailure) {
            try PrivateFile.write(Array(SavedPhotosJSON.render(saved).utf8), to: file, sync: true)
        } catch {
            throw CommandFailure("Cannot write \(file): \(error.reason)", status: 1)
        }
    }
}
