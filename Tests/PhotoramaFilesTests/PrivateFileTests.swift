import Foundation
import PhotoramaFiles
import Testing

@Suite("PrivateFile: 0600 files written atomically")
final class PrivateFileTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "photorama-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    }

    /// Each test's folder goes with it, whatever the test did (not every test removed it).
    deinit { try? FileManager.default.removeItem(atPath: folder) }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test("replace: the new bytes take the name, the file is 0600, and no temporary file is left")
    func replace() throws {
        let path = folder + "/answer.json"
        try Array("old".utf8).withUnsafeBytes { try PrivateFile.write($0, to: path) }
        try PrivateFile.write(Array("new answer".utf8), to: path, sync: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new answer")
        #expect(mode(path) == 0o600)
        #expect(try names() == ["answer.json"])
    }

    @Test("mode is exact: a sidecar beside a picture is 0644 though the temporary file is created 0600")
    func exactMode() throws {
        let path = folder + "/photo.jpg.xmp"
        try PrivateFile.write(Array("<x/>".utf8), to: path, mode: 0o644, placement: .keepExisting)
        #expect(mode(path) == 0o644)
        #expect(try names() == ["photo.jpg.xmp"])
    }

    @Test("keepExisting: a file already there is left as it was and the error is EEXIST")
    func keepExisting() throws {
        let path = folder + "/config.toml"
        try PrivateFile.write(Array("first".utf8), to: path, placement: .keepExisting)
        #expect(throws: FileFailure(code: EEXIST)) { try PrivateFile.write(Array("second".utf8), to: path, placement: .keepExisting) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first")
        #expect(try names() == ["config.toml"])
    }

    @Test("a folder that does not exist is ENOENT with strerror's words, and nothing is written")
    func missingFolder() throws {
        let path = folder + "/gone/file"
        #expect(throws: FileFailure(code: ENOENT)) { try PrivateFile.write([1, 2, 3], to: path) }
        #expect(FileFailure(code: ENOENT).reason == "No such file or directory")
        #expect(try names() == [])
    }

    @Test("Descriptor.writeAll on a full device fails with ENOSPC")
    func fullDevice() throws {
        // /dev/full accepts opens and refuses every write with ENOSPC.
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: FileFailure(code: ENOSPC)) {
            try [UInt8](repeating: 7, count: 100).withUnsafeBytes { try Descriptor.writeAll($0, to: descriptor) }
        }
    }

    @Test("createIfMissing makes an empty 0600 file and leaves an existing one untouched")
    func createIfMissing() throws {
        let path = folder + "/store.sqlite"
        PrivateFile.createIfMissing(path)
        #expect(mode(path) == 0o600)
        // Its size, not its bytes: reading an empty file leaks Foundation's buffer (scripts/lsan-suppressions.txt).
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_size == 0)
        try PrivateFile.write(Array("data".utf8), to: path)
        PrivateFile.createIfMissing(path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "data")
    }
}
