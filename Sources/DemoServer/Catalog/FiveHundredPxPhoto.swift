/// One photo in the demo 500px "popular" feed.
struct FiveHundredPxPhoto: Sendable {
    let id: Int
    let userIndex: Int
    let cityIndex: Int
    let subjectIndex: Int
    let name: String
    let description: String?
    let rating: Double
    let highestRating: Double
    let timesViewed: Int
    let votesCount: Int
    let favoritesCount: Int
    let commentsCount: Int
    let nsfw: Bool
    let category: Int
    let width: Int
    let height: Int
    let createdAt: String
    let takenAt: String?
    /// Nil when the photographer did not share a location.
    let latitude: Double?
    let longitude: Double?
    let camera: String?
    let lens: String?
    let focalLength: String?
    let iso: String?
    let shutterSpeed: String?
    let aperture: String?
    /// Position in each feature's ordering.
    let freshness: Int
}
