import PhotoramaKit
import PhotoramaLocking

/// The saved photos' store, or why it cannot be used, opened once on first use. The browser opens it from
/// its first store work (off the UI thread) rather than before the screen: opening and checking the schema
/// took 20–45 ms of the launch while page 1 was on its way (docs/PERFORMANCE.md, issue 40).
final class SavedStoreOpening: Sendable {
    private let open: @Sendable () -> Result<any SavedPhotoStore, SavedStoreError>
    private let opened: Locked<Result<any SavedPhotoStore, SavedStoreError>?>

    /// Opens with `open` when first asked for the store.
    init(_ open: @escaping @Sendable () -> Result<any SavedPhotoStore, SavedStoreError>) {
        self.open = open
        opened = Locked(nil)
    }

    /// A store (or failure) already known.
    init(opened result: Result<any SavedPhotoStore, SavedStoreError>) {
        open = { result }
        opened = Locked(result)
    }

    /// The store, opened now if nobody has asked before (under the lock: a second caller waits, nothing
    /// opens twice).
    var store: Result<any SavedPhotoStore, SavedStoreError> {
        opened.withLock { opened in
            if let opened { return opened }
            let result = open()
            opened = result
            return result
        }
    }

    /// The store or failure if it has been opened, else nil (opening nothing).
    var ifOpened: Result<any SavedPhotoStore, SavedStoreError>? { opened.withLock { $0 } }
}
