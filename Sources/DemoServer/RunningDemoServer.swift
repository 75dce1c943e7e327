import Foundation
import Hummingbird
import Logging
import NIOCore
import PhotoramaLocking
import ServiceLifecycle

/// A demo server running in this process. Start it with `start(_:)`, read its URLs, and `stop()` it.
public final class RunningDemoServer: Sendable {
    public let port: Int
    public let host: String
    public let configuration: DemoServerConfiguration

    /// Gallery ids (for flickr.galleries.getPhotos) and member NSIDs, most photos first (for
    /// flickr.people.getPublicPhotos), that exist in this server's catalog, so demos and tests have
    /// something to ask for. Both need every photo of the catalog, made on first use.
    public var galleryIDs: [String] { catalog.galleries.map(\.id) }
    public var userIDs: [String] {
        catalog.photosByOwner.enumerated().sorted { $0.element.count > $1.element.count }.map { catalog.users[$0.offset].nsid }
    }

    private let catalog: DemoCatalog

    private let runTask: Task<Void, Never>
    private let group: ServiceGroup
    private let stopped = Locked(false)

    /// Binds and returns once the server is listening. The catalog is made as requests reach it (see
    /// `DemoCatalog`); what needs all of it is made on a thread of its own once the first answer is on
    /// its way (see `DemoResponder`).
    /// `executor`, when given, runs the serving tasks (and every request's handler) instead of the
    /// cooperative pool: a test passes its own thread so that the suite's other work cannot delay answers.
    public static func start(
        _ configuration: DemoServerConfiguration, executor: (any TaskExecutor)? = nil
    ) async throws -> RunningDemoServer {
        let catalog = DemoCatalog(seed: configuration.seed)
        let responder = DemoResponder(
            router: DemoRouter(
                catalog: catalog, imageCache: ImageCache(byteBudget: configuration.imageCacheBytes), faults: configuration.faults,
                photoFiles: configuration.photoFiles),
            faults: FaultInjector(faults: configuration.faults), configuredHost: configuration.host,
            warmUp: CatalogWarmUp(catalog))
        var logger = Logger(label: "photorama.demo-server")
        logger.logLevel = .critical  // request noise would corrupt the terminal UI
        let (boundPorts, boundContinuation) = AsyncStream.makeStream(of: Int?.self)
        let app = Application(
            responder: responder,
            server: .http1(configuration: .init(additionalChannelHandlers: [responder.hungUp.watch()])),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil, reuseAddress: true),
            onServerRunning: { channel in
                boundContinuation.yield(channel.localAddress?.port)
                boundContinuation.finish()
            },
            logger: logger)
        let (failures, failureContinuation) = AsyncStream.makeStream(of: (any Error).self)
        // Run in a service group of our own so `stop()` can shut down gracefully (see there).
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let runTask = Task(executorPreference: executor) {
            do {
                try await group.run()
            } catch {
                failureContinuation.yield(error)
            }
            failureContinuation.finish()
            boundContinuation.finish()
        }
        var iterator = boundPorts.makeAsyncIterator()
        guard let bound = await iterator.next(), let port = bound else {
            var failureIterator = failures.makeAsyncIterator()
            let failure = await failureIterator.next()
            runTask.cancel()
            throw failure ?? DemoServerError.couldNotBind(host: configuration.host, port: configuration.port)
        }
        return RunningDemoServer(port: port, configuration: configuration, runTask: runTask, group: group, catalog: catalog)
    }

    private init(
        port: Int, configuration: DemoServerConfiguration, runTask: Task<Void, Never>, group: ServiceGroup,
        catalog: DemoCatalog
    ) {
        self.group = group
        self.catalog = catalog
        self.port = port
        self.host = configuration.host
        self.configuration = configuration
        self.runTask = runTask
    }

    /// Makes everything that needs the whole catalog (every photo, the word index, galleries, 500px) and
    /// returns when it is done, off Swift's cooperative pool. For callers that search at once and must
    /// not pay for it inside a request's deadline (tests on a busy machine); the browser never waits.
    public func prepareWholeCatalog() async {
        let catalog = self.catalog
        await OwnThread.run { catalog.makeEverything() }
    }

    /// Where URLs point: the configured host, or loopback when bound to all interfaces.
    private var urlHost: String {
        let reachable = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
        return reachable.contains(":") ? "[\(reachable)]" : reachable
    }

    public var locationsURL: URL { URL(string: "http://\(urlHost):\(port)")! }
    public var flickrURL: URL { URL(string: "http://\(urlHost):\(port)/services/rest")! }
    /// Where Flickr's OAuth addresses are: /request_token, /authorize, /access_token.
    public var oauthURL: URL { URL(string: "http://\(urlHost):\(port)/services/oauth")! }
    public var px500URL: URL { URL(string: "http://\(urlHost):\(port)/v1")! }
    /// Wikimedia Commons' api.php and Openverse's API base, as the demo serves them.
    public var commonsURL: URL { URL(string: "http://\(urlHost):\(port)/w/api.php")! }
    public var openverseURL: URL { URL(string: "http://\(urlHost):\(port)/openverse/v1")! }

    /// Stops accepting connections, finishes or drops those open, and returns once the port is closed.
    /// Safe to call more than once.
    public func stop() async {
        let first = stopped.withLock { wasStopped in
            defer { wasStopped = true }
            return !wasStopped
        }
        guard first else {
            await runTask.value
            return
        }
        // A graceful shutdown first: cancelling the serving task at once can drop a connection that was
        // accepted but not yet served, and NIO traps on it ("Deinited NIOAsyncWriter without calling
        // finish()", swift-nio #3481); that was seen when the browser quit on a loaded machine. Connections
        // still open after 2 s (a slow-drip body) are then dropped by cancelling.
        await group.triggerGracefulShutdown()
        let runTask = self.runTask
        await withTaskGroup(of: Void.self) { waiting in
            waiting.addTask { await runTask.value }
            waiting.addTask { try? await Task.sleep(for: .seconds(2)) }
            await waiting.next()
            waiting.cancelAll()
        }
        runTask.cancel()
        await runTask.value
    }
}

public enum DemoServerError: Error, Sendable, Equatable {
    case couldNotBind(host: String, port: Int)
}
