import PhotoramaKit
import Testing

@testable import PhotoramaTUI

@Suite("The Locations tab's model")
struct LocationsModelTests {
    private func libraries(_ count: Int) -> [LibraryLocation] {
        (0..<count).map { index in
            let number = index + 1
            return LibraryLocation(streetAddress: "\(number) Main St", city: "City \(number)", country: "Norway", emoji: "📚", hours: "")
        }
    }

    /// A model that asked with token 1 and received `count` locations.
    private func loaded(_ count: Int) -> LocationsModel {
        var model = LocationsModel()
        _ = model.beginRequest(RequestToken(value: 1))
        model.receive(token: RequestToken(value: 1), .success(libraries(count)))
        return model
    }

    @Test("a new question returns the one it replaces, and the model waits for its answer")
    func beginRequest() {
        var model = LocationsModel()
        let first = model.beginRequest(RequestToken(value: 3))
        let second = model.beginRequest(RequestToken(value: 4))
        #expect(first == nil)
        #expect(second == RequestToken(value: 3))
        #expect(model.token == RequestToken(value: 4))
        #expect(model.requested)
        #expect(!model.loaded)
    }

    @Test("an answer replaces the list and starts at its first location; a stale one is ignored")
    func receive() {
        var model = loaded(3)
        model.select(2)
        _ = model.beginRequest(RequestToken(value: 2))
        model.receive(token: RequestToken(value: 9), .success(libraries(7)))
        #expect(model.locations.count == 3)
        #expect(model.selection == 2)
        model.receive(token: RequestToken(value: 2), .success(libraries(5)))
        #expect(model.locations.count == 5)
        #expect(model.texts.map(\.city) == ["City 1", "City 2", "City 3", "City 4", "City 5"])
        #expect(model.selection == 0)
        #expect(model.scroll == 0)
        #expect(model.loaded)
        #expect(model.token == nil)
    }

    @Test("a failure keeps the list and shows why; a cancellation shows nothing")
    func failure() {
        var model = loaded(2)
        _ = model.beginRequest(RequestToken(value: 2))
        model.receive(token: RequestToken(value: 2), .failure(.cancelled))
        #expect(model.error == nil)
        _ = model.beginRequest(RequestToken(value: 3))
        model.receive(token: RequestToken(value: 3), .failure(.httpStatus(503)))
        #expect(model.error == .httpStatus(503))
        #expect(model.locations.count == 2)
        model.clearError()
        #expect(model.error == nil)
    }

    @Test("select keeps the selection within the list, at 0 when it is empty")
    func select() {
        var model = loaded(4)
        model.select(-5)
        #expect(model.selection == 0)
        model.select(9)
        #expect(model.selection == 3)
        var empty = LocationsModel()
        empty.select(2)
        #expect(empty.selection == 0)
    }

    @Test("keepVisible scrolls just enough to show the selection")
    func keepVisible() {
        var model = loaded(20)
        model.select(12)
        model.keepVisible(rows: 5)
        #expect(model.scroll == 8)
        model.select(3)
        model.keepVisible(rows: 5)
        #expect(model.scroll == 3)
    }

    @Test("the country field: typing, deleting, and letting go when a place is shown")
    func countryField() {
        var model = LocationsModel()
        model.type("N")
        model.type("o")
        #expect(model.query == "No")
        let deleted = [model.deleteBackward(), model.deleteBackward(), model.deleteBackward()]
        #expect(deleted == [true, true, false])
        #expect(model.query == "")
        #expect(model.editing)
        model.showPhotos()
        #expect(model.showingPhotos)
        #expect(!model.editing)
        model.showList()
        #expect(!model.showingPhotos)
        #expect(!model.editing)
        model.edit()
        #expect(model.editing)
    }
}
