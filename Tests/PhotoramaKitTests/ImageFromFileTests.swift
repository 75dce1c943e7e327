import Foundation
import Testing

@testable import PhotoramaKit

/// The loader the browser uses, on the real transports and a loopback server: "decoding" checks the JPEG
/// signature and gives the byte count, so a test sees which bytes were decoded.
private func fileAwareLoader(_ transport: LiveTransport) -> ImageLoader<Int, String> {
    ImageLoader(
        webservice: Webservice(transport: transport, retryPolicy: .never), byteBudget: 1 << 20, imageBudget: 1 << 20,
        decode: { data, target throws(ImageLoadError) in
            guard data.starts(with: [0xFF, 0xD8]) else { throw ImageLoadError(message: "not a JPEG") }
            return "\(data.count) bytes@\(target)"
        },
        cost: { $0.utf8.count })
}

private func folder() throws -> String {
    let path = NSTemporaryDirectory() + "photorama-preview-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The preview of a downloaded photo comes from its file, with no network; a missing or damaged file
/// falls back to the network.
@Suite struct ImageFromFileTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x5A, count: 5_000)
    static let photo = Photo(provider: .flickr, id: "42", title: "Harbour at dusk")

    @Test("downloaded, then the server refuses the image: the preview is decoded from the file, with no request")
    func drawnFromTheDownloadedFile() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let streaming = LiveStreamingTransport()
        let transport = LiveTransport()
        try await withScriptedServer([
            // The download gets the bytes; every later request for the image is refused.
            "/o.jpg": ScriptedRoute { _, index in index == 0 ? .respond(status: 200, body: Self.jpeg) : .status(403) }
        ]) { server in
            let path = try await DownloadEngine(transport: streaming, retryDelay: .milliseconds(1))
                .download(Self.photo, from: server.url("/o.jpg"), into: dir)
            #expect(path == dir + "/Harbour at dusk - 42.jpg")
            let loader = fileAwareLoader(transport)
            let image = try await loader.image(file: path, orElse: server.url("/o.jpg"), for: 80, priority: .selected)
            #expect(image == "5004 bytes@80")
            #expect(server.requests(to: "/o.jpg").count == 1)
            let statistics = await loader.statistics
            #expect(statistics.fileDecodes == 1)
            #expect(statistics.fileFallbacks == 0)
            #expect(statistics.requests == [:])
            // The file gone, the loader asks the server, which refuses: an error to show, not a crash.
            try FileManager.default.removeItem(atPath: path)
            await #expect(throws: ImageLoadError.self) {
                try await loader.image(file: path, orElse: server.url("/o.jpg"), for: 80, priority: .selected)
            }
            #expect(server.requests(to: "/o.jpg").count == 2)
            #expect(await loader.statistics.fileFallbacks == 1)
        }
        await streaming.shutdown()
        await transport.shutdown()
    }

    @Test("a missing, empty or damaged file falls back to the network")
    func fallsBackToTheNetwork() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let transport = LiveTransport()
        let damaged = dir + "/damaged.jpg"
        let empty = dir + "/empty.jpg"
        #expect(FileManager.default.createFile(atPath: damaged, contents: Data("<html>not a picture</html>".utf8)))
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        try await withScriptedServer(["/o.jpg": .always(.respond(status: 200, body: Array(Self.jpeg.prefix(100))))]) { server in
            let loader = fileAwareLoader(transport)
            for (index, file) in [dir + "/missing.jpg", empty, damaged, dir].enumerated() {
                // A new target each time, so each answer is a new decode of the fetched body.
                let image = try await loader.image(file: file, orElse: server.url("/o.jpg"), for: index, priority: .selected)
                #expect(image == "100 bytes@\(index)", "\(file)")
            }
            let statistics = await loader.statistics
            #expect(statistics.fileFallbacks == 4)
            #expect(statistics.fileDecodes == 0)
            // One request: the body is kept by the loader's cache after the first fallback.
            #expect(server.requests(to: "/o.jpg").count == 1)
        }
        await transport.shutdown()
    }
}
