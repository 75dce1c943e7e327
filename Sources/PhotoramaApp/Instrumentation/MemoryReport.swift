/// Peak resident memory from /proc/self/status, for the download benchmark.
enum MemoryReport {
    static func write(to path: String) {
        guard let kilobytes = ProcessStatus.kilobytes()["VmHWM"] else { return }
        try? "\(kilobytes)\n".write(toFile: path, atomically: true, encoding: .utf8)
    }
}
