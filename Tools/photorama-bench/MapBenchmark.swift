import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaMap
import PhotoramaScreen
import PhotoramaTUI
import SeededRandom

/// `photorama-bench map [--iterations N]`: the world map (`m`) at 200×60 with 1,000 geotagged photos in
/// the feed, drawn as braille (the whole frame: land, pins, cross-hair, caption), the median of
/// `render(state)` at zoom 0 and zoomed in on a cluster; the target is under 10 ms. Also the map's
/// picture for graphics protocols (rasterised at 10×20 pixel cells, then the kitty encoding through
/// `DrawnPicture.draw`), which the runtime makes off the UI thread.
enum MapBenchmark {
    static func run(_ arguments: [String]) async throws {
        var iterations = 500
        if let index = arguments.firstIndex(of: "--iterations"), index + 1 < arguments.count,
            let value = Int(arguments[index + 1]), value > 0
        {
            iterations = value
        }
        let size = CellSize(columns: 200, rows: 60)
        var state = mapState(pins: 1_000, size: size)
        let world = TUIBenchmark.median(iterations) { _ = render(state) }
        print("map render 200x60, 1,000 pins, zoom 0: median \(TUIBenchmark.micro(world)) µs over \(iterations) frames")
        for _ in 0..<6 { _ = reduce(&state, .key(.character("+"))) }
        let zoomed = TUIBenchmark.median(iterations) { _ = render(state) }
        print("map render 200x60, 1,000 pins, zoom 6 (pins spread): median \(TUIBenchmark.micro(zoomed)) µs over \(iterations) frames")
        var keyState = state
        let keys: [Key] = [.right, .down, .left, .up]
        var step = 0
        let moved = TUIBenchmark.median(iterations) {
            _ = reduce(&keyState, .key(keys[step % keys.count]))
            _ = render(keyState)
            step += 1
        }
        print("map cross-hair move (reduce + render) 200x60, 1,000 pins: median \(TUIBenchmark.micro(moved)) µs")

        let viewport = MapViewport(columns: 200, rows: 56, centre: MapCoordinate(latitude: 0, longitude: 0), zoom: 0)
        let spec = MapPictureSpec(viewport: viewport, cell: PixelSize(width: 10, height: 20), marks: [:], crosshair: nil)
        let pictureIterations = max(5, iterations / 20)
        var image = RGBImage(width: 0, height: 0, pixels: [])
        let raster = TUIBenchmark.median(pictureIterations) { image = MapPicture.image(spec) }
        print("map picture 2000x1120 px (200x56 cells of 10x20): rasterise median \(TUIBenchmark.micro(raster)) µs")
        let encode = TUIBenchmark.median(pictureIterations) {
            _ = try? DrawnPicture.draw(
                image, in: CellSize(columns: 200, rows: 56), as: .kitty, cell: PixelSize(width: 10, height: 20), kitty: .store(id: 1))
        }
        print("map picture through DrawnPicture.draw (kitty): median \(TUIBenchmark.micro(encode)) µs")
    }

    /// Recent with `pins` photos in 40 clusters around the world (a seeded spread of a few kilometres
    /// each, as a feed's photos bunch in cities), the map open on the first.
    static func mapState(pins: Int, size: CellSize) -> AppState {
        var random = SeededGenerator(seed: 31)
        let centres = (0..<40).map { _ in
            GeoPoint(latitude: Double.random(in: -55...70, using: &random), longitude: Double.random(in: -180..<180, using: &random))
        }
        let photos = (0..<pins).map { index -> Photo in
            var photo = TUIBenchmark.syntheticPhoto(index)
            let centre = centres[index % centres.count]
            photo.location = GeoPoint(
                latitude: centre.latitude + Double.random(in: -0.05...0.05, using: &random),
                longitude: centre.longitude + Double.random(in: -0.05...0.05, using: &random))
            return photo
        }
        var state = AppState(configuration: AppConfiguration(demoProviders: [.flickr], colors: true, randomSeed: 7), size: size)
        let effects = start(&state)
        for case .loadPage(_, let number, let token) in effects {
            _ = reduce(
                &state, .feed(.pageLoaded(token: token, page: number, .success(Page(items: photos, page: 1, pages: 1, total: pins)))))
        }
        _ = reduce(&state, .key(.character("m")))
        return state
    }
}
