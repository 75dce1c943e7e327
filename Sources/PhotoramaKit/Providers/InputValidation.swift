import Foundation
import PhotoramaText

/// Checks on what the user typed, with messages that say what was wrong and what is allowed: the one
/// place for each rule, used by the endpoints, the search bar and the command line, so invalid input never
/// reaches the network and reads the same wherever it was typed.
public enum InputValidation {
    /// The radius of a place search when none is given.
    public static let defaultRadiusKm = 5.0
    /// Flickr's largest radius; a provider with a smaller one passes its own (`CommonsAPI.maximumRadiusKm`).
    public static let maximumRadiusKm = 32.0

    public static func latitude(_ value: Double) throws(PhotoramaError) {
        guard (-90...90).contains(value) else {
            throw .invalidInput("Latitude must be between -90 and 90 (got \(NumberText.decimal(value)))")
        }
    }

    public static func longitude(_ value: Double) throws(PhotoramaError) {
        guard (-180...180).contains(value) else {
            throw .invalidInput("Longitude must be between -180 and 180 (got \(NumberText.decimal(value)))")
        }
    }

    /// `service` names a provider whose limit is not Flickr's ("for Commons").
    public static func radius(_ km: Double, maximumKm: Double = maximumRadiusKm, service: String? = nil) throws(PhotoramaError) {
        guard km > 0, km <= maximumKm else {
            let limit = NumberText.decimal(maximumKm) + " km" + (service.map { " for \($0)" } ?? "")
            throw .invalidInput("Radius must be more than 0 and at most \(limit) (got \(NumberText.decimal(km)))")
        }
    }

    /// A place search's three numbers, in the order the messages are given.
    public static func place(
        latitude: Double, longitude: Double, radiusKm: Double, maximumKm: Double = maximumRadiusKm, service: String? = nil
    ) throws(PhotoramaError) {
        try Self.latitude(latitude)
        try Self.longitude(longitude)
        try radius(radiusKm, maximumKm: maximumKm, service: service)
    }

    static func perPage(_ value: Int) throws(PhotoramaError) {
        guard (1...500).contains(value) else { throw .invalidInput("Per page must be between 1 and 500 (got \(value))") }
    }

    static func page(_ value: Int) throws(PhotoramaError) {
        guard value >= 1 else { throw .invalidInput("Page must be at least 1 (got \(value))") }
    }

    /// The words of a text search, trimmed; "Search text must not be empty" when nothing is left.
    public static func searchText(_ text: String) throws(PhotoramaError) -> String {
        try nonEmpty(text, "Search text")
    }

    /// The text trimmed; throws "<what> must not be empty" when nothing is left.
    static func nonEmpty(_ text: String, _ what: String) throws(PhotoramaError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidInput("\(what) must not be empty") }
        return trimmed
    }
}
