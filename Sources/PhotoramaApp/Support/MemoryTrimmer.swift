import CMalloc

/// Gives memory the browser has freed back to the system every `interval` while it runs. glibc keeps
/// freed chunks in its arenas and returns only a free top of the heap; pictures, pages and frames of every
/// size come and go between the long-lived cache entries, so in the soak (50 keys a second, resize storms)
/// the arenas held 23 MB free beside 43 MB in use, and resident memory rose by a fifth after the first
/// minute with the caches already full. One malloc_trim gave 17 MB of it back; it takes a few milliseconds.
/// Every second: between trims the freed pages of 50 keys a second stay resident, a saw tooth of 2 MB
/// and more at 3 s. Two 30-minute soaks side by side (seed 4): minute medians of the heap part 31–36 MB
/// (ratio 1.029) with 1 s, 30–40 MB (ratio 1.074) with 3 s. A trim takes 0.2–0.65 ms (median 0.42) there.
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
