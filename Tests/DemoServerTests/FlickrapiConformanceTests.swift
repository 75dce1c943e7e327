import DemoServer
import Foundation
import PhotoramaKit
import TestProcesses
import Testing

/// A Flickr client nobody here wrote: Debian's python3-flickrapi, pointed at the demo server, must page
/// through a text search as parsed JSON, walk it with `walk()` (XML, OAuth-signed POSTs), and see exactly
/// the photos the Swift client sees.
@Suite(.ownThread) struct FlickrapiConformanceTests {
    static let python = "/usr/bin/python3"

    static let script = """
        import json, sys
        import flickrapi
        rest_url, text = sys.argv[1], sys.argv[2]
        flickrapi.FlickrAPI.REST_URL = rest_url
        parsed = flickrapi.FlickrAPI('demo-flickr-key', 'demo-secret', format='parsed-json', store_token=False, cache=False)
        ids, page, total = [], 1, None
        while True:
            rsp = parsed.photos.search(text=text, per_page=100, page=page)
            ids += [p['id'] for p in rsp['photos']['photo']]
            total = rsp['photos']['total']
            if page >= rsp['photos']['pages']:
                break
            page += 1
        etree = flickrapi.FlickrAPI('demo-flickr-key', 'demo-secret', format='etree', store_token=False, cache=False)
        walked = [photo.get('id') for photo in etree.walk(text=text, per_page=100)]
        try:
            parsed.photos.getInfo(photo_id='1')
            error = None
        except flickrapi.FlickrError as failure:
            error = failure.code
        print(json.dumps({'parsed': ids, 'walked': walked, 'total': total, 'error': error}))
        """

    @Test(.needs([.flickrapi, .lxml], for: "python3-flickrapi against the demo server"))
    func pythonFlickrapiSeesTheSamePhotosAsTheSwiftClient() async throws {
        try await withDemoServer { server in
            let output = try await Self.runPython(
                arguments: ["-c", Self.script, server.flickrURL.absoluteString, "bridge"], deadline: .seconds(90))
            #expect(output.status == 0, "python failed: \(output.stderr)")
            let json = try FetchedResponse(status: 200, headers: [], body: Array(output.stdout.utf8)).json()
            let parsed = try #require(json["parsed"] as? [String])
            let walked = try #require(json["walked"] as? [String])
            let total = try #require(Int(try json.string("total")))
            #expect(json["error"] as? Int == 1, "FlickrError carries code 1 for an unknown photo")

            // The Swift client (PhotoramaKit's Flickr provider over the live transport).
            let transport = LiveTransport()
            defer { Task { await transport.shutdown() } }
            let webservice = Webservice(transport: transport)
            let api = FlickrAPI(baseURL: server.flickrURL, apiKey: DemoAPIKeys.flickr, perPage: 100)
            var swiftIDs: [String] = []
            var page = 1
            while true {
                let result = try await webservice.load(try api.search(text: "bridge", page: page))
                swiftIDs += result.items.map(\.id)
                if !result.hasMore { break }
                page += 1
            }
            await transport.shutdown()

            #expect(total >= 300)
            #expect(parsed.count == total)
            #expect(walked == parsed)
            #expect(swiftIDs == parsed)
        }
    }

    struct ProcessOutput {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs python with a deadline; HOME points at a temporary folder so flickrapi writes nothing of ours.
    static func runPython(arguments: [String], deadline: Duration) async throws -> ProcessOutput {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("flickrapi-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["NO_PROXY"] = "127.0.0.1,localhost"
        environment["no_proxy"] = "127.0.0.1,localhost"
        for proxy in ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"] { environment[proxy] = nil }
        // Output goes to files, not pipes: reading a pipe would block a thread of Swift's small cooperative
        // pool, which the in-process server needs to answer python.
        let stdoutURL = home.appendingPathComponent("stdout")
        let stderrURL = home.appendingPathComponent("stderr")
        let child = try ChildProcess(
            python, arguments, environment: environment, streams: .init(stdout: stdoutURL.path, stderr: stderrURL.path))
        let status = await child.exitStatus(within: deadline)
        child.killAndReap()
        return ProcessOutput(
            status: status ?? -1, stdout: CapturedOutput.text(atPath: stdoutURL.path),
            stderr: CapturedOutput.text(atPath: stderrURL.path) + (status == nil ? "\n(killed at the deadline)" : ""))
    }
}
