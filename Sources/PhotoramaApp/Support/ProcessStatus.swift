import Foundation

/// Fields of /proc/self/status in kilobytes (VmRSS, VmHWM, RssAnon…), for the memory reports.
enum ProcessStatus {
    static func kilobytes() -> [String: Int] {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return [:] }
        var fields: [String: Int] = [:]
        for line in status.split(separator: "\n") where line.hasSuffix(" kB") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1].dropLast(3).trimmingCharacters(in: .whitespaces)) {
                fields[String(parts[0])] = value
            }
        }
        return fields
    }
}
