/// Formats seconds since 1970 (on whatever clock they were counted) as calendar fields, without Foundation,
/// so the catalog builds fast and identically everywhere. Algorithm: Howard Hinnant's days-to-civil.
enum CivilTime {
    struct Fields: Sendable, Equatable {
        var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    }

    static func fields(secondsSince1970 seconds: Int) -> Fields {
        let days = Int((Double(seconds) / 86400).rounded(.down))
        let secondOfDay = seconds - days * 86400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return Fields(year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
    }

    /// The inverse of `fields(secondsSince1970:)` (Hinnant's days-from-civil).
    static func secondsSince1970(_ f: Fields) -> Int {
        let y = f.month <= 2 ? f.year - 1 : f.year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (f.month + (f.month > 2 ? -3 : 9)) + 2) / 5 + f.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86400 + f.hour * 3600 + f.minute * 60 + f.second
    }

    /// "2013-11-02 15:58:24"
    static func mysql(_ f: Fields) -> String {
        "\(f.year)-\(two(f.month))-\(two(f.day)) \(two(f.hour)):\(two(f.minute)):\(two(f.second))"
    }

    /// "2015-03-04T12:34:56-05:00", as 500px sends times.
    static func iso8601(secondsSince1970 seconds: Int, utcOffsetHours: Int) -> String {
        let f = fields(secondsSince1970: seconds + utcOffsetHours * 3600)
        let sign = utcOffsetHours < 0 ? "-" : "+"
        return
            "\(f.year)-\(two(f.month))-\(two(f.day))T\(two(f.hour)):\(two(f.minute)):\(two(f.second))\(sign)\(two(abs(utcOffsetHours))):00"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
