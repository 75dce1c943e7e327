#if canImport(Glibc)
    import Glibc
#endif

/// The one write-every-byte loop: the console, the screen, private files and downloads use it.
public enum Descriptor {
    /// Writes every byte to `descriptor`, retrying after signals and short writes. Throws the errno of a
    /// descriptor that refuses (closed, full disk); a write of nothing succeeds.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(FileFailure) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                // A zero-byte write of a non-empty buffer does not progress; treat it as the device's refusal.
                throw FileFailure(code: written < 0 ? errno : EIO)
            }
        }
    }

    /// Writes what `descriptor` takes now without waiting (O_NONBLOCK for this one call, restored after: the
    /// terminal's descriptor is shared with ncurses, which expects blocking writes). Returns the bytes
    /// written, 0 when the descriptor would block; throws the errno of a descriptor that refuses.
    public static func writeAvailable(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(FileFailure) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0 else { throw FileFailure(code: errno) }
        if flags & O_NONBLOCK == 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
        defer { if flags & O_NONBLOCK == 0 { _ = fcntl(descriptor, F_SETFL, flags) } }
        while true {
            let written = Glibc.write(descriptor, base, bytes.count)
            if written >= 0 { return written }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return 0 }
            throw FileFailure(code: errno)
        }
    }
}
