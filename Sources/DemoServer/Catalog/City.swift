import Foundation
import SeededRandom

/// A real city with its real coordinates; demo photos are scattered within a few km of the centre.
struct City: Sendable {
    let name: String
    /// The name in the city's own script, used in local-language titles.
    let localName: String
    let region: String
    let country: String
    let latitude: Double
    let longitude: Double
    /// Hours from UTC, to turn upload instants into the local "date taken" Flickr shows.
    let utcOffsetHours: Int
    let language: Language
    let woeid: Int
    /// Flickr-style tag: lowercase with no spaces. Made once per city: each photo's tags and some
    /// descriptions name it, and making it each time was a tenth of making the catalog's photos.
    let tag: String
    /// `cos(latitude * Double.pi / 180)`, made once per city: each photo's scatter divides by it (cosines were
    /// an eighth of making the catalog's photos, half of them this one).
    let latitudeCosine: Double

    init(
        name: String, localName: String, region: String, country: String, latitude: Double, longitude: Double, utcOffsetHours: Int,
        language: Language, woeid: Int
    ) {
        self.name = name
        self.localName = localName
        self.region = region
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.utcOffsetHours = utcOffsetHours
        self.language = language
        self.woeid = woeid
        tag = name.lowercased().replacingOccurrences(of: " ", with: "")
        latitudeCosine = cos(latitude * Double.pi / 180)
    }

    enum Language: Sendable { case english, french, german, spanish, japanese, chinese, korean, arabic, hebrew, other }

    // MARK: - The cities
    static let all: [City] = [
        City(
            name: "Paris", localName: "Paris", region: "Île-de-France", country: "France", latitude: 48.8566, longitude: 2.3522,
            utcOffsetHours: 1, language: .french, woeid: 615702),
        City(
            name: "Tokyo", localName: "東京", region: "Tokyo", country: "Japan", latitude: 35.6762, longitude: 139.6503, utcOffsetHours: 9,
            language: .japanese, woeid: 1_118_370),
        City(
            name: "New York", localName: "New York", region: "New York", country: "United States", latitude: 40.7128, longitude: -74.0060,
            utcOffsetHours: -5, language: .english, woeid: 2_459_115),
        City(
            name: "Berlin", localName: "Berlin", region: "Berlin", country: "Germany", latitude: 52.5200, longitude: 13.4050,
            utcOffsetHours: 1, language: .german, woeid: 638242),
        City(
            name: "Melbourne", localName: "Melbourne", region: "Victoria", country: "Australia", latitude: -37.8136, longitude: 144.9631,
            utcOffsetHours: 10, language: .english, woeid: 1_103_816),
        City(
            name: "San Francisco", localName: "San Francisco", region: "California", country: "United States", latitude: 37.7749,
            longitude: -122.4194, utcOffsetHours: -8, language: .english, woeid: 2_487_956),
        City(
            name: "London", localName: "London", region: "England", country: "United Kingdom", latitude: 51.5074, longitude: -0.1278,
            utcOffsetHours: 0, language: .english, woeid: 44418),
        City(
            name: "Rome", localName: "Roma", region: "Lazio", country: "Italy", latitude: 41.9028, longitude: 12.4964, utcOffsetHours: 1,
            language: .other, woeid: 721943),
        City(
            name: "Barcelona", localName: "Barcelona", region: "Catalonia", country: "Spain", latitude: 41.3874, longitude: 2.1686,
            utcOffsetHours: 1, language: .spanish, woeid: 753692),
        City(
            name: "Madrid", localName: "Madrid", region: "Madrid", country: "Spain", latitude: 40.4168, longitude: -3.7038,
            utcOffsetHours: 1, language: .spanish, woeid: 766273),
        City(
            name: "Lisbon", localName: "Lisboa", region: "Lisbon", country: "Portugal", latitude: 38.7223, longitude: -9.1393,
            utcOffsetHours: 0, language: .other, woeid: 742676),
        City(
            name: "Amsterdam", localName: "Amsterdam", region: "North Holland", country: "Netherlands", latitude: 52.3676,
            longitude: 4.9041, utcOffsetHours: 1, language: .other, woeid: 727232),
        City(
            name: "Vienna", localName: "Wien", region: "Vienna", country: "Austria", latitude: 48.2082, longitude: 16.3738,
            utcOffsetHours: 1, language: .german, woeid: 551801),
        City(
            name: "Prague", localName: "Praha", region: "Prague", country: "Czechia", latitude: 50.0755, longitude: 14.4378,
            utcOffsetHours: 1, language: .other, woeid: 796597),
        City(
            name: "Stockholm", localName: "Stockholm", region: "Stockholm", country: "Sweden", latitude: 59.3293, longitude: 18.0686,
            utcOffsetHours: 1, language: .other, woeid: 906057),
        City(
            name: "Copenhagen", localName: "København", region: "Capital Region", country: "Denmark", latitude: 55.6761, longitude: 12.5683,
            utcOffsetHours: 1, language: .other, woeid: 554890),
        City(
            name: "Istanbul", localName: "İstanbul", region: "Istanbul", country: "Turkey", latitude: 41.0082, longitude: 28.9784,
            utcOffsetHours: 3, language: .other, woeid: 2_344_116),
        City(
            name: "Cairo", localName: "القاهرة", region: "Cairo", country: "Egypt", latitude: 30.0444, longitude: 31.2357,
            utcOffsetHours: 2, language: .arabic, woeid: 1_521_894),
        City(
            name: "Marrakesh", localName: "مراكش", region: "Marrakesh-Safi", country: "Morocco", latitude: 31.6295, longitude: -7.9811,
            utcOffsetHours: 1, language: .arabic, woeid: 1_532_755),
        City(
            name: "Dubai", localName: "دبي", region: "Dubai", country: "United Arab Emirates", latitude: 25.2048, longitude: 55.2708,
            utcOffsetHours: 4, language: .arabic, woeid: 1_940_345),
        City(
            name: "Tel Aviv", localName: "תל אביב", region: "Tel Aviv District", country: "Israel", latitude: 32.0853, longitude: 34.7818,
            utcOffsetHours: 2, language: .hebrew, woeid: 1_968_212),
        City(
            name: "Jerusalem", localName: "ירושלים", region: "Jerusalem District", country: "Israel", latitude: 31.7683, longitude: 35.2137,
            utcOffsetHours: 2, language: .hebrew, woeid: 1_968_222),
        City(
            name: "Mumbai", localName: "मुंबई", region: "Maharashtra", country: "India", latitude: 19.0760, longitude: 72.8777,
            utcOffsetHours: 5, language: .english, woeid: 2_295_411),
        City(
            name: "Bangkok", localName: "กรุงเทพฯ", region: "Bangkok", country: "Thailand", latitude: 13.7563, longitude: 100.5018,
            utcOffsetHours: 7, language: .other, woeid: 1_225_448),
        City(
            name: "Singapore", localName: "Singapore", region: "Singapore", country: "Singapore", latitude: 1.3521, longitude: 103.8198,
            utcOffsetHours: 8, language: .english, woeid: 1_062_617),
        City(
            name: "Hong Kong", localName: "香港", region: "Hong Kong", country: "China", latitude: 22.3193, longitude: 114.1694,
            utcOffsetHours: 8, language: .chinese, woeid: 2_165_352),
        City(
            name: "Seoul", localName: "서울", region: "Seoul", country: "South Korea", latitude: 37.5665, longitude: 126.9780,
            utcOffsetHours: 9, language: .korean, woeid: 1_132_599),
        City(
            name: "Kyoto", localName: "京都", region: "Kyoto", country: "Japan", latitude: 35.0116, longitude: 135.7681, utcOffsetHours: 9,
            language: .japanese, woeid: 15_015_372),
        City(
            name: "Osaka", localName: "大阪", region: "Osaka", country: "Japan", latitude: 34.6937, longitude: 135.5023, utcOffsetHours: 9,
            language: .japanese, woeid: 15_015_370),
        City(
            name: "Shanghai", localName: "上海", region: "Shanghai", country: "China", latitude: 31.2304, longitude: 121.4737,
            utcOffsetHours: 8, language: .chinese, woeid: 2_151_849),
        City(
            name: "Beijing", localName: "北京", region: "Beijing", country: "China", latitude: 39.9042, longitude: 116.4074,
            utcOffsetHours: 8, language: .chinese, woeid: 2_151_330),
        City(
            name: "Sydney", localName: "Sydney", region: "New South Wales", country: "Australia", latitude: -33.8688, longitude: 151.2093,
            utcOffsetHours: 10, language: .english, woeid: 1_105_779),
        City(
            name: "Auckland", localName: "Auckland", region: "Auckland", country: "New Zealand", latitude: -36.8485, longitude: 174.7633,
            utcOffsetHours: 12, language: .english, woeid: 2_348_079),
        City(
            name: "Los Angeles", localName: "Los Angeles", region: "California", country: "United States", latitude: 34.0522,
            longitude: -118.2437, utcOffsetHours: -8, language: .english, woeid: 2_442_047),
        City(
            name: "Chicago", localName: "Chicago", region: "Illinois", country: "United States", latitude: 41.8781, longitude: -87.6298,
            utcOffsetHours: -6, language: .english, woeid: 2_379_574),
        City(
            name: "Toronto", localName: "Toronto", region: "Ontario", country: "Canada", latitude: 43.6532, longitude: -79.3832,
            utcOffsetHours: -5, language: .english, woeid: 4118),
        City(
            name: "Vancouver", localName: "Vancouver", region: "British Columbia", country: "Canada", latitude: 49.2827,
            longitude: -123.1207, utcOffsetHours: -8, language: .english, woeid: 9807),
        City(
            name: "Mexico City", localName: "Ciudad de México", region: "Mexico City", country: "Mexico", latitude: 19.4326,
            longitude: -99.1332, utcOffsetHours: -6, language: .spanish, woeid: 116545),
        City(
            name: "Rio de Janeiro", localName: "Rio de Janeiro", region: "Rio de Janeiro", country: "Brazil", latitude: -22.9068,
            longitude: -43.1729, utcOffsetHours: -3, language: .other, woeid: 455825),
        City(
            name: "Buenos Aires", localName: "Buenos Aires", region: "Buenos Aires", country: "Argentina", latitude: -34.6037,
            longitude: -58.3816, utcOffsetHours: -3, language: .spanish, woeid: 468739),
        City(
            name: "Cape Town", localName: "Cape Town", region: "Western Cape", country: "South Africa", latitude: -33.9249,
            longitude: 18.4241, utcOffsetHours: 2, language: .english, woeid: 1_591_691),
        City(
            name: "Reykjavik", localName: "Reykjavík", region: "Capital Region", country: "Iceland", latitude: 64.1466, longitude: -21.9426,
            utcOffsetHours: 0, language: .other, woeid: 2_345_790),
        City(
            name: "Montreal", localName: "Montréal", region: "Quebec", country: "Canada", latitude: 45.5017, longitude: -73.5673,
            utcOffsetHours: -5, language: .french, woeid: 3534),
        City(
            name: "Munich", localName: "München", region: "Bavaria", country: "Germany", latitude: 48.1351, longitude: 11.5820,
            utcOffsetHours: 1, language: .german, woeid: 676757),
        City(
            name: "Hamburg", localName: "Hamburg", region: "Hamburg", country: "Germany", latitude: 53.5511, longitude: 9.9937,
            utcOffsetHours: 1, language: .german, woeid: 656958),
        City(
            name: "Lyon", localName: "Lyon", region: "Auvergne-Rhône-Alpes", country: "France", latitude: 45.7640, longitude: 4.8357,
            utcOffsetHours: 1, language: .french, woeid: 609125),
        City(
            name: "Marseille", localName: "Marseille", region: "Provence-Alpes-Côte d'Azur", country: "France", latitude: 43.2965,
            longitude: 5.3698, utcOffsetHours: 1, language: .french, woeid: 610264),
        City(
            name: "Nice", localName: "Nice", region: "Provence-Alpes-Côte d'Azur", country: "France", latitude: 43.7102, longitude: 7.2620,
            utcOffsetHours: 1, language: .french, woeid: 614274),
        City(
            name: "Havana", localName: "La Habana", region: "Havana", country: "Cuba", latitude: 23.1136, longitude: -82.3666,
            utcOffsetHours: -5, language: .spanish, woeid: 63666),
        City(
            name: "Hanoi", localName: "Hà Nội", region: "Hanoi", country: "Vietnam", latitude: 21.0278, longitude: 105.8342,
            utcOffsetHours: 7, language: .other, woeid: 1_236_594),
    ]

    /// Flickr's place_id is an opaque base64-like string; derive a stable one from the woeid.
    var placeID: String { Self.placeIDs[woeid] ?? Self.makePlaceID(woeid) }

    // MARK: - Place ids
    private static let placeIDs: [Int: String] = Dictionary(uniqueKeysWithValues: all.map { ($0.woeid, makePlaceID($0.woeid)) })

    private static func makePlaceID(_ woeid: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
        var value = SeededGenerator.mix(UInt64(woeid))
        return String(
            (0..<17).map { _ in
                defer { value = SeededGenerator.mix(value) }
                return alphabet[Int(value % UInt64(alphabet.count))]
            })
    }

    var placeURL: String {
        "/" + [country, region, name].map { $0.replacingOccurrences(of: " ", with: "+") }.joined(separator: "/")
    }

    var fullName: String { region == name ? "\(name), \(country)" : "\(name), \(region), \(country)" }
}
