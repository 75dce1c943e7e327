/// A date and time with no time zone: what Flickr's `datetaken` is (the owner's local time).
/// Shown as it is and never converted, because the zone it belongs to is unknown.
public struct LocalDateTime: Sendable, Hashable, Comparable, Codable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Parses "2004-11-29 16:01:26" (MySQL datetime) and "2004-11-29T16:01:26" with an optional
    /// trailing zone or fraction, which is ignored. Returns nil for anything else or an impossible date
    /// (Flickr sends "0000-00-00 00:00:00" for unknown dates).
    public init?(parsing text: String) {
        self.init(utf8: Array(text.utf8))
    }

    /// As `init(parsing:)`, from the text's UTF-8 bytes (readers that go straight from an answer's bytes).
    init?<Bytes: RandomAccessCollection<UInt8>>(utf8 scalars: Bytes) where Bytes.Index == Int {
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            var value = 0
            for i in range {
                let c = scalars[i]
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            return value
        }
        guard scalars.count >= 10, scalars[4] == UInt8(ascii: "-"), scalars[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        if scalars.count >= 19, scalars[10] == UInt8(ascii: " ") || scalars[10] == UInt8(ascii: "T") {
            guard scalars[13] == UInt8(ascii: ":"), scalars[16] == UInt8(ascii: ":"),
                let h = number(11..<13), let m = number(14..<16), let s = number(17..<19)
            else { return nil }
            (hour, minute, second) = (h, m, s)
        } else if scalars.count != 10 {
            return nil
        }
        guard year >= 1, (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// "2013-10-05T20:30:27", the form `--format json` prints.
    public var iso8601: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }

    /// "2013-10-05 20:30", for cards and tables.
    public var short: String { "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(hour, 2)):\(pad(minute, 2))" }

    /// Only as precise as the granularity says: "2013", "2013-10" or the full short form.
    public func formatted(granularity: DateGranularity) -> String {
        switch granularity {
        case .exact: short
        case .month: "\(pad(year, 4))-\(pad(month, 2))"
        case .year: "\(pad(year, 4))"
        case .circa: "c. \(pad(year, 4))"
        }
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        (a.year, a.month, a.day, a.hour, a.minute, a.second) < (b.year, b.month, b.day, b.hour, b.minute, b.second)
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

/// How precise a date taken is (Flickr's `datetakengranularity`).
public enum DateGranularity: Int, Sendable, Hashable, Codable {
    case exact = 0
    case month = 4
    case year = 6
    case circa = 8
}
