#if canImport(Glibc)
    import Glibc
#endif

/// An image file named on the command line.
package struct ImageFile {
    package let path: String

    /// nil when nothing exists at the path (then it is an id or a URL).
    /// stat, not FileManager: making FileManager.default was a fiftieth of a small `show`.
    package init?(path: String) {
        var status = stat()
        guard !path.isEmpty, stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { return nil }
        self.path = path
    }

    /// Whether an argument that names no file was meant as one: photo ids are digits and URLs have a
    /// scheme, so a slash or a dot means a path (else `show holiday.jpg` reads "Photo not found").
    static func isPath(_ argument: String) -> Bool {
        guard !argument.contains("://") else { return false }
        return argument.contains("/") || argument.contains(".")
    }

    /// The whole file, refused past `limit` bytes before reading it.
    func read(limit: Int) throws -> FileBytes {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandFailure("cannot read \(path)", status: 1) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw CommandFailure("cannot read \(path)", status: 1) }
        guard status.st_size <= limit else { throw CommandFailure("too large: \(path) is over \(limit >> 20) MB", status: 1) }
        guard let bytes = FileBytes(reading: descriptor, size: max(Int(status.st_size), 0)) else {
            throw CommandFailure("cannot read \(path)", status: 1)
        }
        return bytes
    }
}
