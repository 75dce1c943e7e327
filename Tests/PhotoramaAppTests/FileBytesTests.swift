import Foundation
import Testing

@testable import PhotoramaApp

#if canImport(Glibc)
    import Glibc
#endif

/// `show FILE` reads the file into memory of its own (`FileBytes`): huge pages from 1 MB, ordinary ones
/// below; the bytes must be exactly the file's, whatever its size, and a file cut meanwhile gives what it
/// still holds.
@Suite struct FileBytesTests {
    /// A file of `count` bytes of a repeating pattern, removed by the caller.
    static func file(_ count: Int) throws -> (path: String, bytes: [UInt8]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-file-bytes-\(UUID().uuidString)").path
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (path, bytes)
    }

    static func read(_ path: String, size: Int) -> FileBytes? {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        return FileBytes(reading: descriptor, size: size)
    }

    @Test(
        "files below, at and above the huge-page threshold come back byte for byte",
        arguments: [
            1, 4095, 4096, 100_000, (1 << 20) - 1, 1 << 20, (2 << 20) + 1, 2_811_121, 5 << 20,
        ])
    func exactBytes(count: Int) throws {
        let (path, bytes) = try Self.file(count)
        defer { unlink(path) }
        let read = try #require(Self.read(path, size: count))
        #expect(read.count == count)
        #expect(read.withBytes { span in span.withUnsafeBufferPointer { Array($0) } } == bytes)
        if count >= FileBytes.hugePagesFrom {
            let base: UnsafeRawPointer = try #require(read.baseAddress)
            #expect(Int(bitPattern: base) % FileBytes.hugePage == 0, "huge pages start on a 2 MB boundary")
        }
    }

    @Test("an empty file gives no bytes, and a file shorter than asked gives what it holds")
    func emptyAndCut() throws {
        let (empty, _) = try Self.file(0)
        defer { unlink(empty) }
        let none = try #require(Self.read(empty, size: 0))
        #expect(none.count == 0)
        #expect(none.withBytes { $0.count } == 0)
        let (short, bytes) = try Self.file(3000)
        defer { unlink(short) }
        let cut = try #require(Self.read(short, size: 3 << 20))
        #expect(cut.count == 3000)
        #expect(cut.withBytes { span in span.withUnsafeBufferPointer { Array($0) } } == bytes)
    }

    @Test("a descriptor that cannot be read gives nil, not a crash")
    func unreadable() {
        let folder = open(FileManager.default.temporaryDirectory.path, O_RDONLY | O_DIRECTORY)
        defer { close(folder) }
        #expect(FileBytes(reading: folder, size: 2 << 20) == nil)
        #expect(FileBytes(reading: -1, size: 10) == nil)
    }
}
