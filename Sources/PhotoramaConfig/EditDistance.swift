/// Levenshtein distance, for "did you mean" suggestions on unknown settings.
enum EditDistance {
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate closest to `name`; the first of equals, so the answer does not depend on chance.
    static func nearest(to name: String, in candidates: [String]) -> String? {
        var best: (String, Int)?
        for candidate in candidates {
            let distance = between(name.lowercased(), candidate.lowercased())
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        return best?.0
    }
}
