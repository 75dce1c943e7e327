import PhotoramaKit
import PhotoramaLocking

/// Page 1 of the feed the browser opens with, asked for as soon as the services exist. Traced with
/// strace, the request used to leave only after the download folder (`xdg-user-dir`), the saved photos'
/// SQLite store and ncurses were all set up, one after the other; now it travels meanwhile. The reducer's
/// first `.loadPage` of that source and page takes the answer; every later load asks the service itself.
final class FirstPage: Sendable {
    typealias Answer = Result<Page<Photo>, PhotoramaError>

    private let source: PhotoSource
    private let load: Locked<Task<Answer, Never>?>

    init(source: PhotoSource, service: PhotoService) {
        self.source = source
        load = Locked(
            Task {
                await EffectRunner.capture { () async throws(PhotoramaError) in try await service.page(source, page: 1) }
            })
    }

    /// The load already under way when this is page 1 of the opening source, once; nil otherwise.
    func take(_ source: PhotoSource, page: Int) -> Task<Answer, Never>? {
        guard source == self.source, page == 1 else { return nil }
        return load.withLock { load in
            defer { load = nil }
            return load
        }
    }

    /// On quit: a load nobody took is cancelled and waited for, so it does not outlive the browse.
    func finish() async {
        let left = load.withLock { load in
            defer { load = nil }
            return load
        }
        left?.cancel()
        _ = await left?.value
    }
}
