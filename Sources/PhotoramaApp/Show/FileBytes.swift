#if canImport(Glibc)
    import Glibc
#endif

/// A file's bytes in memory mapped for them alone, given back when this goes. A file of a megabyte or
/// more is read into transparent huge pages: in ordinary memory every 4 KB page is a fault of its own,
/// a noticeable part of a `show` (docs/PERFORMANCE.md).
final class FileBytes {
    private let start: UnsafeMutableRawPointer?
    private let mapped: Int
    /// The bytes read: fewer than the size asked for when the file was cut meanwhile.
    let count: Int

    static let hugePage = 2 << 20
    static let hugePagesFrom = 1 << 20

    /// Reads up to `size` bytes of `descriptor`; nil when memory cannot be had or reading fails.
    init?(reading descriptor: Int32, size: Int) {
        guard size > 0 else {
            (start, mapped, count) = (nil, 0, 0)
            return
        }
        let huge = size >= Self.hugePagesFrom
        let page = huge ? Self.hugePage : Int(sysconf(Int32(_SC_PAGESIZE)))
        let length = (size + page - 1) / page * page
        // Huge pages must start on a 2 MB boundary: map 2 MB more, then give back what lies either side.
        let asked = huge ? length + page : length
        guard let mapping = mmap(nil, asked, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapping != MAP_FAILED
        else { return nil }
        var base = mapping
        if huge {
            let head = (page - Int(bitPattern: mapping) % page) % page
            base = mapping + head
            if head > 0 { munmap(mapping, head) }
            if asked - head - length > 0 { munmap(base + length, asked - head - length) }
            // Only a hint: without transparent huge pages the read takes ordinary pages.
            _ = madvise(base, length, MADV_HUGEPAGE)
        }
        var got = 0
        while got < size {
            let result = Glibc.read(descriptor, base + got, size - got)
            if result > 0 {
                got += result
            } else if result == 0 {
                break
            } else if errno != EINTR {
                munmap(base, length)
                return nil
            }
        }
        (start, mapped, count) = (base, length, got)
    }

    /// Where the bytes start (for the tests: huge pages begin on a 2 MB boundary).
    var baseAddress: UnsafeRawPointer? { start.map { UnsafeRawPointer($0) } }

    deinit {
        if let start { munmap(start, mapped) }
    }

    /// The bytes, for the length of `body`.
    func withBytes<R, E: Error>(_ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
        guard let start else { return try body(Span<UInt8>()) }
        let buffer = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
        return try body(buffer.span)
    }
}
