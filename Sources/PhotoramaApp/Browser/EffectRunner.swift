import Foundation
import PhotoramaKit
import PhotoramaLocking
import PhotoramaTUI
import PhotoramaTerminal

/// Runs the reducer's effects with the real services and posts their results back as actions.
/// Each load is a Task kept by its token, so `.cancel(token)` stops it (a new search cancels the old one).
final class EffectRunner: Sendable {
    private let service: PhotoService
    private let pictures: any PictureMaker
    private let log: RequestLog
    private let inbox: ActionInbox
    /// The saved photos' store, or why it could not be opened (the reducer then disables saving); opened by
    /// the first store work.
    private let saved: SavedStoreOpening
    private let downloads: BrowserDownloads?
    /// Page 1 of the opening feed, already on its way (see `FirstPage`).
    private let firstPage: FirstPage?
    private let tasks = Locked<[RequestToken: Task<Void, Never>]>([:])
    /// Wake-ups waiting (`.wake`): not requests, so never counted as in flight.
    private let timers = Locked<[RequestToken: Task<Void, Never>]>([:])
    /// The number of the newest request log entry posted to the inbox: each load posts only what came
    /// after it. Raised under `tasks`'s lock, where posts happen, so whatever a load reads here the state
    /// already has by the time its own report arrives, and no entry falls between two reports.
    private let logPosted = Locked<Int>(0)
    /// Every task started here that has not ended, loads and saves, so `finish` can wait for them all.
    private let running = Locked<RunningTasks>(RunningTasks())
    /// How long a page loaded ahead waits (the rate budget); nil or zero for no wait.
    private let prefetchDelay: @Sendable () async -> Duration?
    /// Flickr calls left this hour (nil without a Flickr key), posted after each page for prefetch's bound.
    private let callsLeft: @Sendable () async -> Int?
    /// The environment of the programs it starts (`o`): the user's own, whatever the screen set up.
    private let childEnvironment: [String: String]
    /// Where its tasks run: nil for Swift's global pool (the program); a test gives a thread of its own,
    /// so that the suite's other tests, all started at once on the pool, cannot hold its loads back.
    private let executor: (any TaskExecutor)?

    init(
        service: PhotoService, pictures: any PictureMaker, log: RequestLog, inbox: ActionInbox,
        saved: SavedStoreOpening, downloads: BrowserDownloads? = nil,
        prefetchDelay: @escaping @Sendable () async -> Duration? = { nil }, firstPage: FirstPage? = nil,
        childEnvironment: [String: String] = ProcessInfo.processInfo.environment,
        callsLeft: @escaping @Sendable () async -> Int? = { nil }, executor: (any TaskExecutor)? = nil
    ) {
        self.executor = executor
        self.callsLeft = callsLeft
        self.childEnvironment = childEnvironment
        self.prefetchDelay = prefetchDelay
        self.firstPage = firstPage
        self.saved = saved
        self.downloads = downloads
        self.service = service
        self.pictures = pictures
        self.log = log
        self.inbox = inbox
    }

    // MARK: - Running effects
    /// Returns true when an effect asked to quit. `screen` (called on the loop's thread, the one that may
    /// touch it) repaints for `.redraw` and writes OSC 52 for `.copyToClipboard`; without one they do nothing.
    func run(_ effects: [Effect], screen: (any BrowserScreen)? = nil) -> Bool {
        var quit = false
        for effect in effects {
            switch effect {
            case .quit:
                quit = true
            case .redraw:
                screen?.invalidate()
            case .copyToClipboard(let text):
                screen?.send(ClipboardSequence.osc52(text))
            case .openInBrowser(let url):
                let environment = childEnvironment
                let started = WebPageOpener.resolve(url: url.absoluteString, environment: environment).flatMap {
                    DetachedProcess.start($0, environment: environment)
                }
                if case .failure(let error) = started { inbox.post(.runtime(.notice(error.message))) }
            case .cancel(let token):
                let task = tasks.withLock { tasks in
                    defer { inbox.post(.runtime(.inFlightChanged(tasks.count))) }
                    return tasks.removeValue(forKey: token)
                }
                task?.cancel()
                timers.withLock { $0.removeValue(forKey: token) }?.cancel()
            case .wake(let after, let token):
                let inbox = self.inbox
                let timers = self.timers
                timers.withLock { waiting in
                    waiting[token] = track {
                        do { try await Task.sleep(for: after) } catch { return }
                        timers.withLock { _ = $0.removeValue(forKey: token) }
                        inbox.post(.runtime(.wake(token: token)))
                    }
                }
            case .loadPage(let source, let page, let token):
                let prefetchDelay = self.prefetchDelay
                let callsLeft = self.callsLeft
                let inbox = self.inbox
                // The first page may already be on its way (asked for at launch, before the screen existed).
                let primed = firstPage?.take(source, page: page)
                start(token) { service in
                    // Later pages are loaded ahead of the user: they wait as the hourly call budget runs low.
                    if page > 1, let delay = await prefetchDelay(), delay > .zero { try? await Task.sleep(for: delay) }
                    // A first page comes from the cache at once, however old; the reducer then refreshes it.
                    let result =
                        if let primed {
                            await withTaskCancellationHandler {
                                await primed.value
                            } onCancel: {
                                primed.cancel()
                            }
                        } else {
                            await Self.capture { () async throws(PhotoramaError) in
                                try await Self.cachedPage(page == 1 ? .preferCache : .normal) { () async throws(PhotoramaError) in
                                    try await service.page(source, page: page)
                                }
                            }
                        }
                    if let left = await callsLeft() { inbox.post(.runtime(.callsLeft(left))) }
                    return .feed(.pageLoaded(token: token, page: page, result))
                }
            case .refresh(let source, let token):
                start(token) { service in
                    let result = await Self.capture { () async throws(PhotoramaError) in
                        try await Self.cachedPage(.network) { () async throws(PhotoramaError) in try await service.page(source, page: 1) }
                    }
                    return .feed(.refreshLoaded(token: token, result))
                }
            case .setFavorite(let photo, let favourite, let token):
                start(token) { service in
                    let result = await Self.capture { () async throws(PhotoramaError) in
                        try await service.setFavorite(photo.key, favourite)
                    }
                    return .favorites(.favoriteSet(token: token, result))
                }
            case .loadComments(let key, let page, let token):
                start(token) { service in
                    let result = await Self.capture { () async throws(PhotoramaError) in try await service.comments(key, page: page) }
                    return .detail(.commentsLoaded(token: token, page: page, result))
                }
            case .loadImage(let request, let urgency, let token):
                let pictures = self.pictures
                let inbox = self.inbox
                startOptional(token) { _ in
                    guard request.animated else {
                        guard let result = await pictures.picture(request, urgency: urgency) else { return nil }
                        return .images(.imageLoaded(token: token, request, result))
                    }
                    // The viewer's picture: an animated GIF's frames go first, so its first frame plays at once.
                    guard let (result, animation) = await pictures.animatedPicture(request, urgency: urgency) else { return nil }
                    if let animation { inbox.post(.images(.animationLoaded(animation))) }
                    return .images(.imageLoaded(token: token, request, result))
                }
            case .loadSaved(let limit, let token):
                storeWork { store throws(SavedStoreError) in
                    .saved(.savedLoaded(token: token, .success(try await store.overview(firstPage: limit))))
                } failure: {
                    .saved(.savedLoaded(token: token, .failure($0)))
                }
            case .loadSavedPage(let position, let limit, let token):
                storeWork { store throws(SavedStoreError) in
                    .saved(.savedPageLoaded(token: token, .success(try await store.page(after: position, limit: limit))))
                } failure: {
                    .saved(.savedPageLoaded(token: token, .failure($0)))
                }
            case .savePhoto(let photo, let token):
                storeWork { store throws(SavedStoreError) in
                    .saved(.photoSaved(token: token, .success(try await store.save(photo))))
                } failure: {
                    .saved(.photoSaved(token: token, .failure($0)))
                }
            case .unsavePhoto(let key, let token):
                storeWork { store throws(SavedStoreError) in
                    try await store.unsave(key)
                    return .saved(.photoUnsaved(token: token, .success(key)))
                } failure: {
                    .saved(.photoUnsaved(token: token, .failure($0)))
                }
            case .download(let photo, let token):
                guard let downloads else {
                    inbox.post(.downloads(.downloadFinished(token: token, .failure(.fileSystem("Downloads are not available here")))))
                    continue
                }
                let inbox = self.inbox
                start(token) { service in
                    do throws(DownloadError) {
                        let choice = try await service.downloadChoice(photo.key)
                        let path = try await downloads.engine.download(
                            choice.photo, from: choice.image.url, into: downloads.folder, sidecar: choice.sidecar
                        ) { progress in
                            inbox.post(.downloads(.downloadProgress(token: token, progress)))
                        }
                        return .downloads(.downloadFinished(token: token, .success(path)))
                    } catch {
                        return .downloads(.downloadFinished(token: token, .failure(error)))
                    }
                }
            case .loadLocations(let country, let token):
                start(token) { service in
                    let result = await Self.capture { () async throws(PhotoramaError) in try await service.locations(country: country) }
                    return .locations(.locationsLoaded(token: token, result))
                }
            case .loadExif(let key, let token):
                start(token) { service in
                    .detail(
                        .exifLoaded(token: token, await Self.capture { () async throws(PhotoramaError) in try await service.exif(key) }))
                }
            case .loadSizes(let key, let token):
                start(token) { service in
                    .images(
                        .sizesLoaded(token: token, await Self.capture { () async throws(PhotoramaError) in try await service.sizes(key) }))
                }
            case .loadLicenses(let token):
                start(token) { service in
                    .detail(
                        .licensesLoaded(
                            token: token, await Self.capture { () async throws(PhotoramaError) in try await service.licenses() }))
                }
            case .findPlaces(let cities, let token):
                start(token) { service in
                    // One places.find a city, one after another (each is a Flickr request); a city it does not
                    // know, or a failed request, is left off the map.
                    var found: [String: GeoPoint] = [:]
                    for city in cities {
                        guard !Task.isCancelled else { break }
                        if let place = try? await service.findPlace(city).first { found[city] = place.location }
                    }
                    return .locations(.placesFound(token: token, found))
                }
            }
        }
        return quit
    }

    // MARK: - Stores
    /// Database work runs off the UI thread and is never cancelled: a save the user asked for is finished
    /// even if the browser quits meanwhile (the UI simply does not see the answer).
    private func storeWork(
        _ work: @escaping @Sendable (any SavedPhotoStore) async throws(SavedStoreError) -> Action,
        failure: @escaping @Sendable (SavedStoreError) -> Action
    ) {
        let inbox = self.inbox
        let saved = self.saved
        // A store known not to open says so at once; one not opened yet is opened by the task.
        if case .failure(let error)? = saved.ifOpened {
            inbox.post(failure(error))
            return
        }
        track {
            do throws(SavedStoreError) { inbox.post(try await work(try saved.store.get())) } catch { inbox.post(failure(error)) }
        }
    }

    // MARK: - Cancelling and finishing
    /// Cancels everything still running (on quit).
    func cancelAll() {
        let running = tasks.withLock { all in
            let values = Array(all.values)
            all.removeAll()
            return values
        }
        for task in running { task.cancel() }
        for timer in timers.withLock({ all in
            defer { all.removeAll() }
            return Array(all.values)
        }) { timer.cancel() }
    }

    /// On quit, after `cancelAll`: waits until every task started here has ended (saves are finished, never
    /// cancelled), then for the pictures' own work. Until then a task may still hold the runner and its
    /// image caches; ending them first means none of it outlives the browse or is cut off by exit.
    func finish() async {
        cancelAll()
        await firstPage?.finish()
        while true {
            let left = running.withLock { Array($0.tasks.values) }
            if left.isEmpty { break }
            for task in left { await task.value }
        }
        await pictures.finish()
    }

    var inFlight: Int { tasks.withLock { $0.count } }

    /// Whether the saved photos' store has been opened (or found not to open): reading it then costs little.
    var savedStoreOpened: Bool { saved.ifOpened != nil }

    // MARK: - Tasks
    /// Loads a page with the cache used as `mode` says, and marks it with where it came from.
    private static func cachedPage(
        _ mode: CacheMode, _ body: () async throws(PhotoramaError) -> Page<Photo>
    ) async throws(PhotoramaError) -> Page<Photo> {
        var (page, origin) = try await CacheContext.load(mode, body)
        page.cached = origin
        return page
    }

    static func capture<T>(_ body: () async throws(PhotoramaError) -> T) async -> Result<T, PhotoramaError> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }

    private func start(_ token: RequestToken, _ work: @escaping @Sendable (PhotoService) async -> Action) {
        startOptional(token) { service in await work(service) }
    }

    /// As `start`, for work that may end with nothing to report (a cancelled picture).
    private func startOptional(_ token: RequestToken, _ work: @escaping @Sendable (PhotoService) async -> Action?) {
        let service = self.service
        // Registered under the lock before the task can finish, so its result is never mistaken for
        // the result of a cancelled load.
        tasks.withLock { tasks in
            tasks[token] = track { [weak self] in
                let action = await work(service)
                guard let self else { return }
                let (entries, sequence) = await self.log.entries(after: self.logPosted.withLock { $0 })
                // Answer, log and the new count are posted under the lock that removes the load: whoever
                // then finds fewer loads in flight finds this answer already in the inbox, and counts reach
                // the inbox in the order they changed. (Posted after the removal, a count of 0 from another
                // load could be handled before this answer: the soak saw "loading…" on a screen said to
                // have nothing in flight turn into "not an image".)
                self.tasks.withLock { tasks in
                    // A cancelled load reports nothing: the reducer already moved on.
                    let stillWanted = tasks.removeValue(forKey: token) != nil
                    if stillWanted && !Task.isCancelled, let action { self.inbox.post(action) }
                    if !entries.isEmpty {
                        self.inbox.post(.runtime(.networkLogAppended(entries, through: sequence)))
                        self.logPosted.withLock { $0 = max($0, sequence) }
                    }
                    self.inbox.post(.runtime(.inFlightChanged(tasks.count)))
                }
            }
            inbox.post(.runtime(.inFlightChanged(tasks.count)))
        }
    }

    /// Starts `work` as a task listed in `running` until it ends. Listed under the lock before it can
    /// end, so it never removes itself before it is there.
    @discardableResult
    private func track(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        let running = self.running
        let executor = self.executor
        return running.withLock { list in
            let id = list.next
            list.next += 1
            let task = Task(executorPreference: executor) {
                await work()
                running.withLock { _ = $0.tasks.removeValue(forKey: id) }
            }
            list.tasks[id] = task
            return task
        }
    }
}

// MARK: - Support types
/// The tasks an `EffectRunner` started that have not ended, each under a number of its own.
struct RunningTasks {
    var next: UInt64 = 0
    var tasks: [UInt64: Task<Void, Never>] = [:]
}

/// What the browser downloads with: the engine (at most 3 at once) and the folder.
struct BrowserDownloads: Sendable {
    let engine: DownloadEngine
    let folder: String
}
