import ArgumentParser
import DemoServer
import PhotoramaApp

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the demo server (Flickr, 500px and locations stand-ins) in the foreground.",
        discussion: "Prints the three base URLs, then serves until Ctrl-C or SIGTERM."
    )

    @Option(help: "Port to listen on (0 picks a free one).")
    var port: Int = 0

    @Option(help: "Address to bind. The default keeps the server on this machine.")
    var host: String = "127.0.0.1"

    @Option(help: "Catalog seed: the same seed gives the same photos and images.")
    var seed: UInt64 = 1

    @Option(name: .customLong("latency-ms"), help: "Added latency per request, in milliseconds.")
    var latencyMilliseconds: Int = 0

    @Option(name: .customLong("jitter-ms"), help: "Random extra latency up to this many milliseconds.")
    var jitterMilliseconds: Int = 0

    @Option(name: .customLong("error-rate"), help: "Fraction of requests answered 500 or 503 (0–1).")
    var errorRate: Double = 0

    @Option(name: .customLong("truncate-rate"), help: "Fraction of bodies cut short (0–1).")
    var truncateRate: Double = 0

    @Option(name: .customLong("slow-drip-rate"), help: "Fraction of bodies sent one byte at a time (0–1).")
    var slowDripRate: Double = 0

    @Option(name: .customLong("unavailable-rate"), help: "Fraction of Flickr calls answered stat fail 105 (0–1).")
    var unavailableRate: Double = 0

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535 (got \(port))") }
        for (name, rate) in [
            ("--error-rate", errorRate), ("--truncate-rate", truncateRate), ("--slow-drip-rate", slowDripRate),
            ("--unavailable-rate", unavailableRate),
        ] where !(0...1).contains(rate) {
            throw ValidationError("\(name) must be between 0 and 1 (got \(rate))")
        }
        guard latencyMilliseconds >= 0, jitterMilliseconds >= 0 else {
            throw ValidationError("--latency-ms and --jitter-ms must not be negative")
        }
    }

    func run() async throws {
        var faults = FaultInjection.none
        faults.latency = .milliseconds(latencyMilliseconds)
        faults.jitter = .milliseconds(jitterMilliseconds)
        faults.serverErrorRate = errorRate
        faults.truncateRate = truncateRate
        faults.slowDripRate = slowDripRate
        faults.flickrUnavailableRate = unavailableRate
        try await DemoServe.run(host: host, port: port, seed: seed, faults: faults)
    }
}
