import Foundation
import Testing

@testable import PhotoramaKit

@Suite struct FlickrEndpointTests {
    let api = FlickrAPI(baseURL: URL(string: "https://api.flickr.com/services/rest")!, apiKey: "KEY123456")
    let base = "https://api.flickr.com/services/rest"
    let common = ["api_key=KEY123456", "format=json", "nojsoncallback=1"]
    let extras = "extras=date_taken,owner_name,description,tags,geo,views,o_dims,license,url_sq,url_q,url_m,url_z,url_l,url_h"

    func list(_ method: String, _ extra: [String], page: Int = 1, perPage: Int = 100) -> [String] {
        (common + extra + ["method=\(method)", extras, "safe_search=1", "per_page=\(perPage)", "page=\(page)"]).sorted()
    }

    @Test func recent() throws {
        let request = try api.recent(page: 3).request
        #expect(request.method == .get)
        #expect(urlWithoutQuery(request.url) == base)
        #expect(sortedQueryItems(request.url) == list("flickr.photos.getRecent", [], page: 3))
    }

    @Test func searchByTextIsTrimmedAndEncoded() throws {
        let request = try api.search(text: "  café + cats ", page: 2).request
        #expect(sortedQueryItems(request.url) == list("flickr.photos.search", ["text=café + cats"], page: 2))
        #expect(request.url.absoluteString.contains("text=caf%C3%A9%20%2B%20cats"))
    }

    @Test func searchByLocation() throws {
        let request = try api.search(latitude: 48.8566, longitude: 2.3522, radiusKm: 32, page: 1).request
        #expect(
            sortedQueryItems(request.url)
                == list(
                    "flickr.photos.search",
                    [
                        "lat=48.8566", "lon=2.3522", "radius=32", "radius_units=km", "min_upload_date=946684800",
                    ]))
        let defaults = try api.search(latitude: -90, longitude: 180).request
        #expect(sortedQueryItems(defaults.url).contains("radius=5"))
    }

    @Test func galleryAndUser() throws {
        #expect(
            sortedQueryItems(try api.gallery(id: "72157617483228192", page: 1).request.url)
                == list("flickr.galleries.getPhotos", ["gallery_id=72157617483228192"]))
        #expect(
            sortedQueryItems(try api.user(id: "78733179@N04", page: 4).request.url)
                == list("flickr.people.getPublicPhotos", ["user_id=78733179@N04"], page: 4))
    }

    @Test func perPageIsConfigurable() throws {
        let custom = FlickrAPI(apiKey: "KEY123456", perPage: 500)
        #expect(sortedQueryItems(try custom.recent().request.url) == list("flickr.photos.getRecent", [], perPage: 500))
        #expect(urlWithoutQuery(try custom.recent().request.url) == base)
    }

    @Test func onePhotoMethods() throws {
        #expect(
            sortedQueryItems(try api.info(id: "8130464513").request.url)
                == (common + ["method=flickr.photos.getInfo", "photo_id=8130464513"]).sorted())
        #expect(
            sortedQueryItems(try api.sizes(id: "8130464513").request.url)
                == (common + ["method=flickr.photos.getSizes", "photo_id=8130464513"]).sorted())
        #expect(
            sortedQueryItems(try api.comments(id: "8130464513").request.url)
                == (common + ["method=flickr.photos.comments.getList", "photo_id=8130464513"]).sorted())
        #expect(
            sortedQueryItems(try api.findPlace("Zagreb, Croatia").request.url)
                == (common + ["method=flickr.places.find", "query=Zagreb, Croatia"]).sorted())
    }

    @Test func echoIsAPostWithAFormBody() throws {
        let request = try api.echo(["b": "x y", "a": "1+1"]).request
        #expect(request.method == .post)
        #expect(request.url.absoluteString == base)
        #expect(request.header("content-type") == "application/x-www-form-urlencoded")
        let body = String(decoding: try #require(request.body), as: UTF8.self)
        #expect(body == "method=flickr.test.echo&api_key=KEY123456&format=json&nojsoncallback=1&a=1%2B1&b=x%20y")
    }

    @Test func echoParsesTheParametersBackWithoutTheKey() throws {
        let resource = try api.echo(["a": "1"])
        let echoed = try resource.parse(
            FixtureFile.json(
                #"{"method":{"_content":"flickr.test.echo"},"a":{"_content":"1"},"api_key":{"_content":"KEY123456"},"stat":"ok"}"#))
        #expect(echoed == ["method": "flickr.test.echo", "a": "1", "api_key": "***"])
    }

    @Test(arguments: [
        (91.5, 0.0, 5.0, "Latitude must be between -90 and 90 (got 91.5)"),
        (-90.01, 0.0, 5.0, "Latitude must be between -90 and 90 (got -90.01)"),
        (0.0, 180.5, 5.0, "Longitude must be between -180 and 180 (got 180.5)"),
        (0.0, -200.0, 5.0, "Longitude must be between -180 and 180 (got -200)"),
        (0.0, 0.0, 0.0, "Radius must be more than 0 and at most 32 km (got 0)"),
        (0.0, 0.0, 32.5, "Radius must be more than 0 and at most 32 km (got 32.5)"),
        (0.0, 0.0, -1.0, "Radius must be more than 0 and at most 32 km (got -1)"),
        (Double.nan, 0.0, 5.0, "Latitude must be between -90 and 90 (got nan)"),
    ])
    func geoValidation(lat: Double, lon: Double, radius: Double, message: String) {
        #expect(throws: PhotoramaError.invalidInput(message)) {
            try api.search(latitude: lat, longitude: lon, radiusKm: radius)
        }
    }

    @Test func textAndIDValidation() {
        #expect(throws: PhotoramaError.invalidInput("Search text must not be empty")) { try api.search(text: " \n ") }
        #expect(throws: PhotoramaError.invalidInput("Gallery ID must not be empty")) { try api.gallery(id: "") }
        #expect(throws: PhotoramaError.invalidInput("User ID must not be empty")) { try api.user(id: " ") }
        #expect(throws: PhotoramaError.invalidInput("Photo ID must not be empty")) { try api.info(id: "") }
        #expect(throws: PhotoramaError.invalidInput("Photo ID must not be empty")) { try api.sizes(id: "") }
        #expect(throws: PhotoramaError.invalidInput("Photo ID must not be empty")) { try api.comments(id: "") }
        #expect(throws: PhotoramaError.invalidInput("Place name must not be empty")) { try api.findPlace("  ") }
        #expect(throws: PhotoramaError.invalidInput("Page must be at least 1 (got 0)")) { try api.recent(page: 0) }
    }

    @Test(arguments: [0, 501, -3])
    func perPageValidation(perPage: Int) {
        let api = FlickrAPI(apiKey: "KEY123456", perPage: perPage)
        #expect(throws: PhotoramaError.invalidInput("Per page must be between 1 and 500 (got \(perPage))")) {
            try api.recent()
        }
    }

    @Test func validationMessagesNeverHoldTheKey() {
        do {
            _ = try api.search(latitude: 100, longitude: 0)
            Issue.record("expected a validation error")
        } catch {
            #expect(!error.message.contains("KEY123456"))
        }
    }
}
