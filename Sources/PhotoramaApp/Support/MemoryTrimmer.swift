import CMalloc

/// Gives memory the browser has freed back to the system every `interval` while it runs. glibc keeps
/// freed chunks in its arenas and returns only a free top of the heap, while pictures, pages and frames of
/// every size come and go between the long-lived cache entries. Every second, because the freed pages of
/// 50 keys a second otherwise pile up between trims; a trim takes under a millisecond (docs/PERFORMANCE.md).
struct MemoryTrimmer {
    static let interval: Duration = .seconds(1)

    private let task: Task<Void, Never>

    init(interval: Duration = Self.interval) {
        task = Task.detached(priority: .background) {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                _ = photorama_trim_malloc()
            }
        }
    }

    func stop() { task.cancel() }
}
