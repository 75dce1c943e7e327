import Foundation
import TestProcesses
import Testing

@testable import DemoServer

/// `DemoServerConfiguration.photoFiles`: a test's own file is served for every size of its photo, under the
/// photo's own addresses (secrets still checked); every other photo keeps its generated picture.
@Suite(.ownThread) struct PhotoFilesTests {
    @Test func aPhotosOwnFileIsServedForEverySizeAndOnlyForIt() async throws {
        let catalog = DemoCatalog(seed: 1)
        let (chosen, other) = (catalog.photos[0], catalog.photos[1])
        let file: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9, 1, 2, 3]
        var configuration = DemoServerConfiguration(seed: 1)
        configuration.photoFiles = [chosen.id: file]
        let server = try await RunningDemoServer.start(configuration, executor: OwnThreadTrait.executor)
        func address(_ photo: DemoPhoto, _ suffix: String, secret: String? = nil) -> String {
            server.locationsURL.absoluteString + "/\(photo.server)/\(photo.idString)_\(secret ?? photo.secret)\(suffix).jpg"
        }
        for suffix in ["_t", "_m", "", "_z", "_b"] {
            let image = try await Fetch.get(address(chosen, suffix))
            #expect(image.status == 200)
            #expect(image.header("Content-Type") == "image/jpeg")
            #expect(image.body == file)
        }
        let original = try await Fetch.get(address(chosen, "_o", secret: chosen.originalSecret))
        #expect(original.body == file)
        #expect(try await Fetch.get(address(chosen, "_z", secret: "0000000000")).status == 404)
        let generated = try await Fetch.get(address(other, "_z"))
        #expect(generated.status == 200)
        #expect(ImageTests.baselineDimensions(generated.body) != nil)
        await server.stop()
    }
}
