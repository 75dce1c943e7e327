import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaMap
import PhotoramaText

/// What the map shows for a state: the viewport over the map's area, the current feed's photos that
/// have a place laid out as pins (the selected one first), the Locations tab's places with their labels,
/// and the cross-hair's cell. The braille view, the picture for graphics protocols and the caption all
/// draw from it.
struct MapScene {
    let viewport: MapViewport
    /// The pins on screen; `index` is into `photoIndices`.
    let pins: [PinLayout.Placed]
    /// The feed index of each photo with a place, in feed order.
    let photoIndices: [Int]
    /// The pin of the selected photo, an index into `photoIndices`, when it has a place.
    let selectedPin: Int?
    let places: [MapPlace]
    let crosshair: MapCell?

    init(_ state: borrowing AppState, model: MapModel, area: Rect) {
        let viewport = model.viewport(area)
        self.viewport = viewport
        var coordinates: [MapCoordinate] = []
        var indices: [Int] = []
        var selected: Int?
        if let feed = state.currentFeed {
            let photos = feed.photos
            for index in photos.indices {
                guard let location = photos[index].location else { continue }
                if index == feed.selection { selected = coordinates.count }
                coordinates.append(MapCoordinate(latitude: location.latitude, longitude: location.longitude))
                indices.append(index)
            }
        }
        pins = PinLayout.place(coordinates, selected: selected, viewport: viewport)
        photoIndices = indices
        selectedPin = selected
        places = MapPlace.all(state).compactMap { place in
            viewport.cell(place.coordinate).map { MapPlace(label: place.label, coordinate: place.coordinate, cell: $0) }
        }
        crosshair = viewport.cell(model.crosshair)
    }

    /// The marks for the map's picture: every pin, the selected one distinct, and the places.
    var marks: [MapCell: MapPictureSpec.Mark] {
        var marks: [MapCell: MapPictureSpec.Mark] = [:]
        for place in places { if let cell = place.cell { marks[cell] = .place } }
        for pin in pins { marks[pin.cell] = pin.index == selectedPin ? .selectedPin : .pin }
        return marks
    }
}

/// A labelled point on the map: a place from the Locations tab.
struct MapPlace: Hashable {
    let label: String
    let coordinate: MapCoordinate
    var cell: MapCell?

    /// The Locations tab's places with a known position. A library location carries a city name but no
    /// coordinates: its city is placed where Flickr's places.find puts it (`LocationsModel.places`), and
    /// the one whose photos are open where its photos are (their median).
    static func all(_ state: AppState) -> [MapPlace] {
        state.locations.placedCities.map { city in
            MapPlace(label: city.label, coordinate: MapCoordinate(latitude: city.point.latitude, longitude: city.point.longitude))
        } + openLocationPhotos(state)
    }

    private static func openLocationPhotos(_ state: AppState) -> [MapPlace] {
        guard case .place(let name) = state.feeds[.locations].source else { return [] }
        let points = state.feeds[.locations].photos.compactMap(\.location)
        guard !points.isEmpty else { return [] }
        let latitudes = points.map(\.latitude).sorted()
        let longitudes = points.map(\.longitude).sorted()
        let label = Sanitizer.singleLine(name)
        return [
            MapPlace(
                label: label.isEmpty ? "place" : label,
                coordinate: MapCoordinate(latitude: latitudes[latitudes.count / 2], longitude: longitudes[longitudes.count / 2]))
        ]
    }
}
