import Foundation
import Testing

@testable import PhotoramaKit

@Suite("Browser command, gallery references and tag searches")
struct FollowInputTests {
    let url = "https://www.flickr.com/photos/owner/1"
    /// Only these paths "exist" as executables.
    func existing(_ paths: Set<String>) -> (String) -> Bool { { paths.contains($0) } }

    @Test func browserWithArgumentsGetsTheAddressLast() throws {
        let command = try WebPageOpener.resolve(
            url: url, environment: ["BROWSER": "firefox --new-window", "PATH": "/opt/bin:/usr/bin"],
            isExecutable: existing(["/usr/bin/firefox", "/usr/bin/xdg-open"])
        ).get()
        #expect(command == WebPageOpener(executable: "/usr/bin/firefox", arguments: ["firefox", "--new-window", url]))
    }

    @Test func percentSIsReplacedByTheAddress() throws {
        let command = try WebPageOpener.resolve(
            url: url, environment: ["BROWSER": "/opt/w3m -o x=%s", "PATH": "/usr/bin"],
            isExecutable: existing(["/opt/w3m"])
        ).get()
        #expect(command == WebPageOpener(executable: "/opt/w3m", arguments: ["/opt/w3m", "-o", "x=\(url)"]))
    }

    @Test func theFirstBrowserThatExistsWinsThenXdgOpen() throws {
        let environment = ["BROWSER": "nosuch:lynx", "PATH": "/bin:/usr/bin"]
        #expect(
            try WebPageOpener.resolve(url: url, environment: environment, isExecutable: existing(["/usr/bin/lynx"])).get()
                == WebPageOpener(executable: "/usr/bin/lynx", arguments: ["lynx", url]))
        #expect(
            try WebPageOpener.resolve(url: url, environment: environment, isExecutable: existing(["/bin/xdg-open"])).get()
                == WebPageOpener(executable: "/bin/xdg-open", arguments: ["xdg-open", url]))
    }

    @Test func noBrowserAtAllIsOneClearLine() {
        let result = WebPageOpener.resolve(url: url, environment: ["PATH": "/usr/bin"], isExecutable: existing([]))
        #expect(result == .failure(.invalidInput("No browser: set $BROWSER or install xdg-open")))
    }

    @Test func galleryIdsAndPagesAreUnderstood() {
        #expect(GalleryReference.parse(" 72157647277042064 ") == .success("72157647277042064"))
        #expect(GalleryReference.parse("66911286-72157647277042064") == .success("66911286-72157647277042064"))
        #expect(
            GalleryReference.parse("https://www.flickr.com/photos/flickr/galleries/72157720932606291/")
                == .success("72157720932606291"))
        #expect(GalleryReference.parse("flickr.com/photos/12345@N01/galleries/72157720932606291") == .success("72157720932606291"))
    }

    @Test func anythingElseIsRefused() {
        let refusal = PhotoramaError.invalidInput("Not a gallery id or flickr.com/photos/USER/galleries/ID address")
        for input in [
            "cats", "https://example.com/photos/x/galleries/72157", "https://www.flickr.com/photos/x/albums/72157", "12-", "-12", "1-2-3",
        ] {
            #expect(GalleryReference.parse(input) == .failure(refusal), "\(input)")
        }
        #expect(GalleryReference.parse("  ") == .failure(.invalidInput("Gallery ID must not be empty")))
    }

    @Test func aTagSourceSearchesFlickrByThatTag() throws {
        let api = FlickrAPI(baseURL: URL(string: "https://api.example/rest")!, apiKey: "k")
        let items =
            URLComponents(url: try api.search(tag: "blue sky", page: 2).request.url, resolvingAgainstBaseURL: false)?
            .queryItems ?? []
        #expect(items.first { $0.name == "method" }?.value == "flickr.photos.search")
        #expect(items.first { $0.name == "tags" }?.value == "blue sky")
        #expect(items.first { $0.name == "page" }?.value == "2")
        #expect(items.first { $0.name == "text" } == nil)
        #expect(throws: PhotoramaError.invalidInput("A tag must not contain a comma")) { try api.search(tag: "a,b") }
        #expect(PhotoSource.tag("blue sky").label == "Tag “blue sky”")
    }
}
