import DemoServer
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama serve`: the demo server in the foreground; its base URLs, and the consumer key and secret
/// its Flickr accepts in signed calls (a stock client such as python3-flickrapi needs both), on stdout.
package enum DemoServe {
    /// Serves on `host`:`port` (0: a free port) the catalog of `seed`, with `faults`, until SIGINT or SIGTERM.
    package static func run(host: String, port: Int, seed: UInt64, faults: FaultInjection) async throws {
        var configuration = DemoServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.seed = seed
        configuration.faults = faults
        let server: RunningDemoServer
        do {
            server = try await RunningDemoServer.start(configuration)
        } catch {
            throw CommandFailure("could not listen on \(host):\(port) (\(error))", status: 1)
        }
        Output.write(
            """
            Flickr REST:  \(server.flickrURL.absoluteString)
            500px v1:     \(server.px500URL.absoluteString)
            Locations:    \(server.locationsURL.absoluteString)
            Commons:      \(server.commonsURL.absoluteString)
            Openverse:    \(server.openverseURL.absoluteString)
            key:          \(DemoAPIKeys.flickr)
            secret:       \(DemoAPIKeys.flickrSecret)
            Serving until Ctrl-C.
            """)
        let stopped = AsyncStream<Void> { continuation in
            let watcher = SignalWatcher(signals: [SIGINT, SIGTERM]) { continuation.yield() }
            continuation.onTermination = { _ in watcher.stop() }
        }
        for await _ in stopped { break }
        await server.stop()
        Output.write("Stopped.")
    }
}
