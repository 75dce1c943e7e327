import ArgumentParser
import Foundation
import PhotoramaKit
import PhotoramaStore

#if canImport(Glibc)
import Glibc
#endif

/// `photorama saved`: lists the saved photos, or exports and imports them as JSON. Needs no network.
struct Saved: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved",
        abstract: "List saved photos, newest first; export or import them as JSON.",
        discussion: "The database is $XDG_DATA_HOME/photorama/photorama.sqlite (default ~/.local/share/photorama)."
    )
    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @Option(help: "table, json or ids.")
    var format: OutputFormat = .table

    @Option(name: .customLong("export"), help: ArgumentHelp("Write every saved photo to a JSON file.", valueName: "file"))
    var exportFile: String?

    @Option(name: .customLong("import"), help: ArgumentHelp("Save every photo of a JSON file written by --export.", valueName: "file"))
    var importFile: String?

    func validate() throws {
        if exportFile != nil && importFile != nil { throw ValidationError("Give either --export or --import, not both") }
    }

    func run() async throws {
        let store: SQLiteSavedPhotos
        do {
            store = try SQLiteSavedPhotos(path: SQLiteSavedPhotos.defaultPath(environment: ProcessInfo.processInfo.environment))
        } catch {
            throw CommandFailure(error.message, status: 1)
        }
        if let importFile {
            try await importPhotos(from: importFile, into: store)
        } else if let exportFile {
            try export(try Self.all(store), to: exportFile)
        } else {
            let saved = try Self.all(store)
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

    private func importPhotos(from file: String, into store: SQLiteSavedPhotos) async throws {
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
    private func export(_ saved: [SavedPhoto], to file: String) throws {
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
