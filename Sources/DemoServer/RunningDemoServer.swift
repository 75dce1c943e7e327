import Foundation
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// A demo server running in this process. Start it with `start(_:)`, read its URLs, and `stop()` it.
public final class RunningDemoServer: Sendable {
    public let port: Int
    public let host: String
    public let configuration: DemoServerConfiguration

    /// Gallery ids (for flickr.galleries.getPhotos) and member NSIDs (for flickr.people.getPublicPhotos)
    /// that exist in this server's catalog, so demos and tests have something to ask for.
    public let galleryIDs: [String]
    public let userIDs: [String]

    private let runTask: Task<Void, Never>
    private let stopped = Mutex(false)

    /// Builds the catalog, binds, and returns once the server is listening.
    public static func start(_ configuration: DemoServerConfiguration) async throws -> RunningDemoServer {
        // Generating the catalog is a burst of CPU work: do it on a thread of its own rather than hold one of
        // the few threads of Swift's cooperative pool, which every other task in the process needs.
        let seed = configuration.seed
        let catalog = await withCheckedContinuation { (built: CheckedContinuation<DemoCatalog, Never>) in
            Thread { built.resume(returning: DemoCatalog(seed: seed)) }.start()
        }
        let responder = DemoResponder(
            router: DemoRouter(catalog: catalog, imageCache: ImageCache(byteBudget: 96 * 1024 * 1024)),
            faults: FaultInjector(faults: configuration.faults), configuredHost: configuration.host)
        var logger = Logger(label: "photorama.demo-server")
        logger.logLevel = .critical  // request noise would corrupt the terminal UI
        let (boundPorts, boundContinuation) = AsyncStream.makeStream(of: Int?.self)
        let app = Application(
            responder: responder,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil, reuseAddress: true),
            onServerRunning: { channel in
                boundContinuation.yield(channel.localAddress?.port)
                boundContinuation.finish()
            },
            logger: logger)
        let (failures, failureContinuation) = AsyncStream.makeStream(of: (any Error).self)
        let runTask = Task {
            do {
                try await app.run()
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
        return RunningDemoServer(
            port: port, configuration: configuration, runTask: runTask,
            galleryIDs: catalog.galleries.map(\.id),
            userIDs: catalog.photosByOwner.enumerated().sorted { $0.element.count > $1.element.count }.map { catalog.users[$0.offset].nsid })
    }

    private init(port: Int, configuration: DemoServerConfiguration, runTask: Task<Void, Never>, galleryIDs: [String], userIDs: [String]) {
        self.galleryIDs = galleryIDs
        self.userIDs = userIDs
        self.port = port
        self.host = configuration.host
        self.configuration = configuration
        self.runTask = runTask
    }

    /// Where URLs point: the configured host, or loopback when bound to all interfaces.
    private var urlHost: String {
        let reachable = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
        return reachable.contains(":") ? "[\(reachable)]" : reachable
    }

    public var locationsURL: URL { URL(string: "http://\(urlHost):\(port)")! }
    public var flickrURL: URL { URL(string: "http://\(urlHost):\(port)/services/rest")! }
    public var px500URL: URL { URL(string: "http://\(urlHost):\(port)/v1")! }

    /// Stops accepting connections, finishes or drops those open, and returns once the port is closed.
    /// Safe to call more than once.
    public func stop() async {
        let first = stopped.withLock { wasStopped in
            defer { wasStopped = true }
            return !wasStopped
        }
        // Cancelling the application's task shuts its service group down: the listener closes and open
        // connections (kept-alive ones, slow-drip bodies) are dropped.
        if first { runTask.cancel() }
        await runTask.value
    }
}

public enum DemoServerError: Error, Sendable, Equatable {
    case couldNotBind(host: String, port: Int)
}
