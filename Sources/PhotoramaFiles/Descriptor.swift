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
}
