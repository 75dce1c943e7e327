import Foundation
import PhotoramaFiles
import PhotoramaKit

#if canImport(Glibc)
    import Glibc
#endif

/// The cache's folder: `$XDG_CACHE_HOME/photorama` (or `~/.cache/photorama`), private (0700), holding
/// `cache.sqlite` and `images/`. Image files are written to a temporary name and renamed, so a reader
/// never sees half a file under the final name.
public struct CacheFolder: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    public static func defaultPath(environment: [String: String]) -> String {
        var base = environment["XDG_CACHE_HOME"] ?? ""
        // The XDG spec: a relative path is invalid and must be ignored.
        if !base.hasPrefix("/") {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = home + "/.cache"
        }
        return base + "/photorama"
    }

    public var databasePath: String { path + "/cache.sqlite" }
    public var imagesPath: String { path + "/images" }

    func imagePath(_ name: String) -> String { imagesPath + "/" + name }

    /// The file name an image is kept under: two levels, so no folder holds too many files.
    static func imageName(forKey key: String) -> String {
        let hex = FNV1a.hex(key)
        return String(hex.prefix(2)) + "/" + hex
    }

    func prepare() throws(CacheError) {
        for folder in [path, imagesPath] {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .failed("cannot create \(folder): \(String(cString: strerror(errno)))")
            }
            chmod(folder, 0o700)
        }
    }

    /// Writes `data` as a private file, atomically (`PrivateFile`).
    func writeImage(_ data: Data, name: String) throws(CacheError) {
        let final = imagePath(name)
        let folder = (final as NSString).deletingLastPathComponent
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { throw .writeFailed(String(cString: strerror(errno))) }
        let written = data.withUnsafeBytes { buffer in Result { () throws(FileFailure) in try PrivateFile.write(buffer, to: final) } }
        if case .failure(let error) = written { throw .writeFailed(error.reason) }
    }

    func readImage(name: String) -> Data? {
        FileManager.default.contents(atPath: imagePath(name))
    }

    func removeImage(name: String) {
        unlink(imagePath(name))
    }

    /// Bytes on disk under the folder (database, its WAL and every image).
    func diskBytes() -> Int64 {
        var total: Int64 = 0
        guard let walker = FileManager.default.enumerator(atPath: path) else { return 0 }
        while let name = walker.nextObject() as? String {
            var info = stat()
            if lstat(path + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { total += Int64(info.st_blocks) * 512 }
        }
        return total
    }
}

/// Why the cache is not in use; each is one line for the status bar or stderr.
public enum CacheError: Error, Sendable, Equatable {
    case failed(String)
    case writeFailed(String)
    case newerVersion(path: String)

    public var message: String {
        switch self {
        case .failed(let reason): return "Cache unavailable: \(reason)"
        case .writeFailed(let reason): return "Caching turned off: \(reason); browsing continues without it"
        case .newerVersion(let path): return "Cache unavailable: written by a newer Photorama (left untouched): \(path)"
        }
    }
}
