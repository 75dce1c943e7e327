/// Where saved photos live. The browser's runtime and the `saved` command talk to this, never to SQLite,
/// so the reducer only sees effects and actions. Every method is durable when it returns.
public protocol SavedPhotoStore: Sendable {
    /// Saves a photo, or refreshes its metadata when it is already saved (keeping its saved time and file).
    /// Returns the row as stored.
    func save(_ photo: Photo) async throws(SavedStoreError) -> SavedPhoto
    /// Forgets a saved photo; nothing happens when it was not saved.
    func unsave(_ key: PhotoKey) async throws(SavedStoreError)
    /// Every saved photo, newest first.
    func all() async throws(SavedStoreError) -> [SavedPhoto]
    /// The count, every key and file, and the first `limit` photos (newest first), read together.
    func overview(firstPage limit: Int) async throws(SavedStoreError) -> SavedOverview
    /// At most `limit` photos following `position` (newest first).
    func page(after position: SavedPosition, limit: Int) async throws(SavedStoreError) -> SavedPage
    /// Records where a download of the photo was written; saves the photo first, as a download saves it too.
    func recordDownload(_ photo: Photo, path: String) async throws(SavedStoreError) -> SavedPhoto
}
