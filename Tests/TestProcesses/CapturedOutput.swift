#if canImport(Glibc)
    import Glibc
#endif

/// What a child process wrote to a file its output was sent to, read with plain `read`.
///
/// Not with Foundation: swift-foundation leaks the 4 KiB buffer it reads an empty file into (its path for
/// files that report size 0), and most captured stderr is empty: some 730 buffers, 3 MB, a suite run.
/// The LeakSanitizer suppression that covered it also hid any leak of bytes read from a file by our code.
public enum CapturedOutput {
    /// The file's bytes; empty when it is missing or unreadable (the process wrote nothing there).
    public static func bytes(atPath path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }

    /// The file's text (UTF-8, damaged sequences replaced); empty when it is missing or unreadable.
    public static func text(atPath path: String) -> String {
        String(decoding: bytes(atPath: path), as: UTF8.self)
    }
}
