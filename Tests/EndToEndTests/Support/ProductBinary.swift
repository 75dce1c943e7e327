import Foundation

/// Locates binaries SwiftPM built next to the test bundle (the test target depends on `photorama`, so it
/// is always built before the tests run).
enum ProductBinary {
    static func path(_ name: String) -> String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // swift-testing may run from inside the .xctest bundle on some platforms.
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return directory.appendingPathComponent(name).path
    }

    static var photorama: String { path("photorama") }
}
