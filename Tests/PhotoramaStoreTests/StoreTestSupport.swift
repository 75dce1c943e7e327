import Foundation
import PhotoramaKit

/// A fresh private folder under the system's temporary folder, never under ~.
func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "photorama-store-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A photo with every field set, so a round trip that drops one is seen.
func fullPhoto(_ number: Int, provider: Provider = .flickr) -> Photo {
    Photo(
        provider: provider, id: "\(number)", title: "Saved “\(number)” \u{202E}evil", owner: "Owner \(number)",
        ownerID: "\(number)@N01", taken: LocalDateTime(year: 2024, month: 5, day: 7, hour: 12, minute: 30, second: 5),
        takenGranularity: .month,
        images: [
            PhotoImage(size: .large1024, url: URL(string: "https://example.com/\(number)_b.jpg")!, width: 1024, height: 768),
            PhotoImage(size: .square75, url: URL(string: "https://example.com/\(number)_s.jpg")!),
        ],
        pageURL: URL(string: "https://www.flickr.com/photos/owner/\(number)"),
        location: GeoPoint(latitude: 48.856613 + Double(number) / 1000, longitude: -2.352222),
        tags: ["paris", "night \(number)"], description: "Line one\nline two", views: number * 7, nsfw: number % 2 == 0)
}
