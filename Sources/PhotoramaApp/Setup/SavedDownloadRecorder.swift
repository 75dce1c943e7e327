import Foundation
import PhotoramaKit
import PhotoramaStore

/// A finished download saves its photo with the file's path in the saved-photos database. A store that
/// could not be opened (corrupt, newer version) or written records nothing and says why: the file itself
/// is already safe on disk.
struct SavedDownloadRecorder: DownloadRecorder {
    let saved: SavedStoreOpening

    func downloaded(_ photo: Photo, to path: String) async -> String? {
        do throws(SavedStoreError) {
            _ = try await saved.store.get().recordDownload(photo, path: path)
            return nil
        } catch {
            return error.message
        }
    }
}

extension SQLiteSavedPhotos {
    /// The database at its XDG place, or why it cannot be used.
    static func openDefault(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result<any SavedPhotoStore, SavedStoreError> {
        do {
            return .success(try SQLiteSavedPhotos(path: defaultPath(environment: environment)))
        } catch {
            return .failure(error)
        }
    }
}
