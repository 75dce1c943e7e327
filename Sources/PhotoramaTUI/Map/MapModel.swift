import PhotoramaImages
import PhotoramaKit
import PhotoramaMap
import PhotoramaText

/// The world map (`m`): the cross-hair, the zoom and the middle of the view. The map's size is the
/// layout's (`ScreenLayout.map`), given to each method, so a resize needs nothing here. Its fields change
/// only through the methods below.
public struct MapModel: Sendable, Hashable {
    /// Where Enter searches.
    public private(set) var crosshair: MapCoordinate
    public private(set) var centre = MapCoordinate(latitude: 0, longitude: 0)
    /// 0 shows the whole world; each step halves the degrees a cell covers, up to city level.
    public private(set) var zoom = 0
    /// The last picture of the map drawn for a graphics protocol, shown while the next is drawn.
    private(set) var lastPicture: Picture?

    /// A map picture arrived: it is the one shown until the next.
    mutating func keep(_ picture: Picture) { lastPicture = picture }

    /// The map opens on the whole world, its cross-hair on `crosshair` (the selected photo's place) or
    /// where the equator meets the prime meridian.
    init(crosshair: MapCoordinate?) {
        self.crosshair = crosshair?.wrapped ?? MapCoordinate(latitude: 0, longitude: 0)
    }

    func viewport(_ area: Rect) -> MapViewport {
        MapViewport(columns: area.width, rows: area.height, centre: centre, zoom: zoom)
    }

    /// Moves the cross-hair by whole cells, to the middle of the cell it reaches; the view follows (centred
    /// on it) when it leaves. It stops at the poles and wraps around the antimeridian.
    mutating func move(rows: Int, columns: Int, in area: Rect) {
        let view = viewport(area)
        guard view.columns > 0, view.rows > 0 else { return }
        let (x, y) = view.dot(crosshair)
        let column = (x / 2).rounded(.down) + Double(columns)
        let row = (y / 4).rounded(.down) + Double(rows)
        var next = view.coordinate(x: column * 2 + 1, y: row * 4 + 2)
        if abs(next.latitude) > 90 { next.latitude = crosshair.latitude }
        crosshair = next
        if view.cell(crosshair) == nil { centre = crosshair }
    }

    /// The cross-hair jumps to `point` (`n` `p`: the newly selected photo's place); the view follows when it
    /// leaves.
    mutating func jump(to point: MapCoordinate, in area: Rect) {
        crosshair = point.wrapped
        if viewport(area).cell(crosshair) == nil { centre = crosshair }
    }

    /// One zoom step in (`+`) or out (`-`), centred on the cross-hair.
    mutating func zoom(by steps: Int) {
        zoom = min(max(0, zoom + steps), MapViewport.maximumZoom)
        centre = crosshair
    }

    /// Enter's radius: half the height of the view, in kilometres to one decimal, within what a geo search
    /// allows (0.1 to 32 km).
    func searchRadiusKm(in area: Rect) -> Double {
        let half = viewport(area).heightKilometres / 2
        return min(InputValidation.maximumRadiusKm, max(0.1, (half * 10).rounded() / 10))
    }

    /// What Enter types into the search bar: "lat, lon Rkm", four decimals at most, which
    /// `SearchQuery.parse` turns into the geo search.
    func searchText(in area: Rect, maximumRadiusKm: Double? = nil) -> String {
        let latitude = (crosshair.latitude * 10_000).rounded() / 10_000
        let longitude = (crosshair.longitude * 10_000).rounded() / 10_000
        let radius = min(searchRadiusKm(in: area), maximumRadiusKm ?? .infinity)
        return "\(NumberText.decimal(latitude)), \(NumberText.decimal(longitude)) \(NumberText.decimal(radius))km"
    }
}
