import Foundation
import Testing

/// Global options before or after the subcommand, negative numbers as values, help that lists the
/// global options once: the real binary, exact statuses and lines.
@Suite struct CommandLineConventionsTests {
    func run(_ arguments: [String]) async throws -> CommandResult {
        try await CommandRun.run(ProductBinary.photorama, arguments)
    }

    @Test func globalOptionsWorkBeforeAndAfterTheSubcommand() async throws {
        let before = try await run(["--demo", "recent", "--format", "ids", "--limit", "3"])
        let after = try await run(["recent", "--demo", "--format", "ids", "--limit", "3"])
        #expect(before.status == 0)
        #expect(before.stderr == "")
        #expect(before.stdout.split(separator: "\n").count == 3)
        #expect(before.stdout == after.stdout)
        // A URL option before the subcommand reaches the subcommand (here: nothing listens on port 1).
        let url = try await run(["--flickr-url", "http://127.0.0.1:1", "recent"])
        #expect(url.status == 1)
        #expect(url.stderr == "photorama: Offline: could not connect to 127.0.0.1:1\n")
        let search = try await run(["--flickr-url=http://127.0.0.1:1", "search", "--text", "x"])
        #expect(search.status == 1)
        #expect(search.stderr == "photorama: Offline: could not connect to 127.0.0.1:1\n")
        let geo = try await run(["--demo", "search", "--lat", "1", "--lon", "2", "--format", "ids"])
        #expect(geo.status == 0)
        #expect(geo.stderr == "")
    }

    @Test func negativeCoordinatesAreValues() async throws {
        for (lat, lon) in [("-33.86", "-70.65"), ("37.77", "-122.41"), ("-33.8688", "151.2093")] {
            let result = try await run(["search", "--lat", lat, "--lon", lon, "--demo", "--format", "json", "--limit", "5"])
            #expect(result.status == 0, "\(lat), \(lon): \(result.stderr)")
            #expect(result.stderr == "")
            #expect(result.stdout.hasPrefix("["))
        }
        // Sydney has demo photos: a southern and eastern search finds them.
        let sydney = try await run(["search", "--lat", "-33.8688", "--lon", "151.2093", "--demo", "--format", "ids", "--limit", "5"])
        #expect(sydney.stdout.split(separator: "\n").count == 5)
        let radius = try await run(["--demo", "search", "--lat", "1", "--lon", "2", "--radius", "-3"])
        #expect(radius.status == 2)
        #expect(radius.stderr == "photorama: Radius must be more than 0 and at most 32 km (got -3)\n")
    }

    @Test func helpListsTheGlobalOptionsOnceForTheRootAndEverySubcommand() async throws {
        let names = ["--flickr-url", "--500px-url", "--locations-url", "--demo", "--log", "--allow-insecure"]
        // (serve is the demo server itself: it takes none of the service options.)
        for command in [[], ["recent"], ["search"], ["show"], ["browse"], ["info"], ["comments"], ["locations"]] {
            let help = try await run(command + ["--help"])
            #expect(help.status == 0)
            let lines = help.stdout.split(separator: "\n")
            #expect(lines.filter { $0.hasPrefix("GLOBAL OPTIONS") }.count == 1, "\(command)")
            for name in names {
                // Listed once as an option line (the usage line may name it too).
                #expect(lines.filter { $0.hasPrefix("  \(name) ") }.count == 1, "\(command) \(name)")
            }
        }
    }
}
