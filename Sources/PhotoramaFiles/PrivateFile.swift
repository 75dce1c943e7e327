#if canImport(Glibc)
    import Glibc
#endif

/// Files written atomically: the bytes go to a temporary file beside the target, which then takes the
/// target's name, so a reader sees the old file or the whole new one, never half of it, and a failed write
/// leaves nothing behind. Private files (0600) are the default; `mode` is exact (the umask does not apply).
public enum PrivateFile {
    public enum Placement: Sendable {
        /// The new file replaces one already there (rename).
        case replace
        /// Fails with EEXIST when the file is there, even if it appeared meanwhile (link).
        case keepExisting
    }

    /// Writes `bytes` to `path` as `placement` says; with `sync`, flushed to disk before it takes the name.
    public static func write(
        _ bytes: UnsafeRawBufferPointer, to path: String, mode: mode_t = 0o600, placement: Placement = .replace, sync: Bool = false
    ) throws(FileFailure) {
        // Hidden, in the target's folder (a rename never crosses file systems), unique to this process and call.
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = folder + ".\(name).tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileFailure(code: errno) }
        var failure: FileFailure?
        do throws(FileFailure) {
            try Descriptor.writeAll(bytes, to: descriptor)
            // Created 0600 so nobody reads it half written; fchmod gives the exact mode, whatever the umask.
            if fchmod(descriptor, mode) != 0 { throw FileFailure(code: errno) }
            if sync, fsync(descriptor) != 0 { throw FileFailure(code: errno) }
        } catch {
            failure = error
        }
        if close(descriptor) != 0, failure == nil { failure = FileFailure(code: errno) }
        if failure == nil {
            switch placement {
            case .replace:
                if rename(temporary, path) != 0 { failure = FileFailure(code: errno) }
            case .keepExisting:
                if link(temporary, path) != 0 { failure = FileFailure(code: errno) }
            }
        }
        if failure != nil || placement == .keepExisting { unlink(temporary) }
        if let failure { throw failure }
    }

    /// `write` of an array's bytes.
    public static func write(
        _ bytes: [UInt8], to path: String, mode: mode_t = 0o600, placement: Placement = .replace, sync: Bool = false
    ) throws(FileFailure) {
        var result: Result<Void, FileFailure> = .success(())
        bytes.withUnsafeBytes { buffer in
            do throws(FileFailure) {
                try write(buffer, to: path, mode: mode, placement: placement, sync: sync)
            } catch {
                result = .failure(error)
            }
        }
        try result.get()
    }

    /// Creates an empty 0600 file at `path` unless one is there, so a library that creates it later (SQLite
    /// with the umask's mode) finds it private. A failure shows when the library opens the file.
    public static func createIfMissing(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }
}
