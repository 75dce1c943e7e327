import Foundation
import PhotoramaFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Where a download's bytes go. One writer is used by one task at a time.
public protocol DownloadWriter: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws(DownloadError)
    /// Flushes to disk and closes. Called once, also after a failed write.
    func close() throws(DownloadError)
}

/// Opens the partial file for writing: appending to what is there, or from nothing.
public typealias DownloadWriterOpener = @Sendable (_ path: String, _ append: Bool) throws(DownloadError) -> any DownloadWriter

/// A file written with plain POSIX calls, so every failure has its errno: a full disk is ENOSPC (or
/// EDQUOT), not a generic error. The file is locked while open so two processes never write one file.
public final class FileDownloadWriter: DownloadWriter {
    private var descriptor: Int32
    private let name: String

    /// Files are pictures, not secrets: 0644, less the umask.
    public static let open: DownloadWriterOpener = { path, append throws(DownloadError) in
        let name = (path as NSString).lastPathComponent
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
        let descriptor = Glibc.open(path, flags, mode_t(0o644))
        guard descriptor >= 0 else { throw failure(errno, name: name) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            _ = Glibc.close(descriptor)
            throw .fileSystem("\(name) is being downloaded by another process")
        }
        return FileDownloadWriter(descriptor: descriptor, name: name)
    }

    private init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    deinit {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(DownloadError) {
        do throws(FileFailure) {
            try Descriptor.writeAll(bytes, to: descriptor)
        } catch {
            throw Self.failure(error.code, name: name)
        }
    }

    public func close() throws(DownloadError) {
        guard descriptor >= 0 else { return }
        let synced = fsync(descriptor)
        let syncError = errno
        _ = Glibc.close(descriptor)
        descriptor = -1
        // fsync is where a delayed allocation on a full disk is finally reported.
        if synced != 0, syncError != EINVAL { throw Self.failure(syncError, name: name) }
    }

    static func failure(_ code: Int32, name: String) -> DownloadError {
        if code == ENOSPC || code == EDQUOT { return .diskFull(file: name) }
        return .fileSystem("Cannot write \(name): \(String(cString: strerror(code)))")
    }
}
