import Foundation

/// Checks on what the user typed, with messages that say what was wrong and what is allowed.
/// Endpoints run these before building a request, so invalid input never reaches the network.
enum InputValidation {
    static func latitude(_ value: Double) throws(PhotoramaError) {
        guard (-90...90).contains(value) else {
            throw .invalidInput("Latitude must be between -90 and 90 (got \(PhotoSource.format(value)))")
        }
    }

    static func longitude(_ value: Double) throws(PhotoramaError) {
        guard (-180...180).contains(value) else {
            throw .invalidInput("Longitude must be between -180 and 180 (got \(PhotoSource.format(value)))")
        }
    }

    static func radius(_ km: Double) throws(PhotoramaError) {
        guard km > 0, km <= 32 else {
            throw .invalidInput("Radius must be more than 0 and at most 32 km (got \(PhotoSource.format(km)))")
        }
    }

    static func perPage(_ value: Int) throws(PhotoramaError) {
        guard (1...500).contains(value) else { throw .invalidInput("Per page must be between 1 and 500 (got \(value))") }
    }

    static func page(_ value: Int) throws(PhotoramaError) {
        guard value >= 1 else { throw .invalidInput("Page must be at least 1 (got \(value))") }
    }

    /// The text trimmed; throws "<what> must not be empty" when nothing is left.
    static func nonEmpty(_ text: String, _ what: String) throws(PhotoramaError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidInput("\(what) must not be empty") }
        return trimmed
    }
}
