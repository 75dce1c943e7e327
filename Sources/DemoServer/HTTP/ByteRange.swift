/// One `Range: bytes=…` request header, as the demo server honours it for images: a single range,
/// `START-`, `START-END` or `-SUFFIX`. Several ranges (multipart answers) are not supported; such a
/// header is ignored and the whole body sent, which RFC 9110 allows.
struct ByteRange: Equatable {
    let start: Int
    let end: Int  // inclusive

    enum Parsed: Equatable {
        case none
        case range(ByteRange)
        case unsatisfiable
    }

    static func parse(_ header: String?, length: Int) -> Parsed {
        guard let header else { return .none }
        let trimmed = header.trimmingCharacters(in: " ")
        guard trimmed.lowercased().hasPrefix("bytes="), !trimmed.contains(",") else { return .none }
        let spec = trimmed.dropFirst(6)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .none }
        let first = parts[0].trimmingCharacters(in: " ")
        let second = parts[1].trimmingCharacters(in: " ")
        if first.isEmpty {
            guard let suffix = Int(second) else { return .none }
            guard suffix > 0, length > 0 else { return .unsatisfiable }
            return .range(ByteRange(start: max(0, length - suffix), end: length - 1))
        }
        guard let start = Int(first), start >= 0 else { return .none }
        let end: Int
        if second.isEmpty {
            end = length - 1
        } else {
            guard let last = Int(second), last >= start else { return .none }
            end = min(last, length - 1)
        }
        guard start < length else { return .unsatisfiable }
        return .range(ByteRange(start: start, end: end))
    }
}
