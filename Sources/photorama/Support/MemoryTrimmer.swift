import CMalloc

/// Gives memory the browser has freed back to the system every `interval` while it runs. glibc keeps
/// freed chunks in its arenas and returns only a free top of the heap; pictures, pages and frames of every
/// size come and go between the long-lived cache entries, so in the soak (50 keys a second, resize storms)
/// the arenas held 23 MB free beside 43 MB in use, and resident memory rose by a fifth after the first
/// minute with the caches already full. One malloc_trim gave 17 MB of it back; it takes a few milliseconds.
/// Every 3 s rather than 10: between trims the freed pages of 50 keys a second stay resident (the soak's
/// samples swung by ±5 MB from one minute to the next at 10 s).
struct MemoryTrimmer {
    static let interval: Duration = .seconds(3)

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
