/// A library location from the locations service (keys as the service sends them).
public struct LibraryLocation: Sendable, Hashable, Codable {
    public var streetAddress: String
    public var city: String
    public var country: String
    public var emoji: String
    public var hours: String

    public init(streetAddress: String, city: String, country: String, emoji: String, hours: String) {
        self.streetAddress = streetAddress
        self.city = city
        self.country = country
        self.emoji = emoji
        self.hours = hours
    }

    enum CodingKeys: String, CodingKey {
        case streetAddress = "street_address"
        case city, country, emoji, hours
    }
}
