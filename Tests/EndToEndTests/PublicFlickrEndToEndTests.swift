import Foundation
import TestProcesses
import Testing

@testable import DemoServer

/// Explore, EXIF (`e` and `photorama exif`), albums, group pools and `search --license` in the real binary,
/// against a demo server this test starts on 127.0.0.1, in tmux where a screen is involved.
@Suite(.serialized, .ownThread) struct PublicFlickrEndToEndTests {
    let catalog = DemoCatalog(seed: 1)

    func browser(_ server: RunningDemoServer, _ arguments: String = "") -> String {
        "\(ProductBinary.photorama) \(arguments) --demo --flickr-url \(server.flickrURL.absoluteString) --seed 3"
    }

    func command(_ server: RunningDemoServer, _ arguments: [String]) async throws -> CommandResult {
        try await CommandRun.run(ProductBinary.photorama, arguments + ["--demo", "--flickr-url", server.flickrURL.absoluteString])
    }

    /// A member whose photos' EXIF is shared (or hidden, when `hidden`), with at least one photo.
    func member(hidingExif hidden: Bool) throws -> (nsid: String, photo: DemoPhoto) {
        let index = try #require(
            (0..<catalog.users.count).first { index in
                !catalog.photosByOwner[index].isEmpty && DemoExif.hidden(catalog.photos[catalog.photosByOwner[index][0]]) == hidden
            })
        return (catalog.users[index].nsid, catalog.photos[catalog.photosByOwner[index][0]])
    }

    // MARK: - Browser
    @Test func exploreTabLoadsAndPages() async throws {
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        let tmux = try await TmuxSession.start(command: browser(server), columns: 120, rows: 40)
        try await tmux.waitForGrid()
        try await tmux.send("6")
        try await tmux.waitFor("Explore's first page") { TmuxSession.showsPhotos(of: "Explore", $0) && $0.contains("of 500 photos") }
        // Far down the grid the next page is asked for and arrives.
        for _ in 0..<6 { try await tmux.send("PageDown") }
        try await tmux.waitFor("Explore's second page") { screen in
            TmuxSession.statusLine(screen).range(of: #"page ([2-9]|[1-9][0-9]+) of "#, options: .regularExpression) != nil
        }
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
        await server.stop()
    }

    @Test func eShowsTheExifOrTheOwnersRefusal() async throws {
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        let sharing = try member(hidingExif: false)
        let shown = try await TmuxSession.start(command: browser(server, "browse --user \(sharing.nsid)"), columns: 140, rows: 40)
        try await shown.waitForGrid()
        try await shown.send("e")
        let screen = try await shown.waitFor(text: "Camera: \(DemoExif.camera(sharing.photo))")
        #expect(screen.contains("Aperture: f/"))
        #expect(screen.contains("Focal length: "))
        #expect(screen.contains("Licence: "))
        try await shown.send("q")
        try await shown.waitFor(text: "exit=0")

        let hiding = try member(hidingExif: true)
        let refused = try await TmuxSession.start(command: browser(server, "browse --user \(hiding.nsid)"), columns: 140, rows: 40)
        try await refused.waitForGrid()
        try await refused.send("e")
        try await refused.waitFor(text: "EXIF: hidden by its owner")
        try await refused.send("q")
        try await refused.waitFor(text: "exit=0")
        await server.stop()
    }

    @Test func anAlbumAndAGroupPoolOpenFromTheCommandLineAndInTheBrowser() async throws {
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        let album = try #require(DemoAccounts(catalog: catalog).albums(ofUser: 4).first)
        let albumURL = "https://www.flickr.com/photos/\(catalog.users[4].nsid)/albums/\(album.id)"
        let albumIDs = try await command(server, ["album", albumURL, "--format", "ids", "--limit", "100"])
        #expect(albumIDs.status == 0)
        #expect(albumIDs.stdout == album.photoIndices.map { catalog.photos[$0].idString + "\n" }.joined())

        let group = DemoGroups(catalog: catalog).group(1)
        let groupAddress = "https://www.flickr.com/groups/\(group.alias)/"
        let groupIDs = try await command(server, ["group", groupAddress, "--format", "ids", "--limit", "5"])
        #expect(groupIDs.status == 0)
        #expect(groupIDs.stdout == group.photoIndices.prefix(5).map { catalog.photos[$0].idString + "\n" }.joined())
        let badGroup = try await command(server, ["group", "not a group"])
        #expect(badGroup.status == 2)
        #expect(badGroup.stderr.contains("Not a group id (like 34427469792@N01) or flickr.com/groups/NAME address"))

        let albumScreen = try await TmuxSession.start(command: browser(server, "browse --album \(albumURL)"), columns: 120, rows: 40)
        let first = catalog.photos[album.photoIndices[0]].title
        try await albumScreen.waitFor("the album's photos") { screen in
            TmuxSession.showsPhotos(of: "Album \(album.id)", screen) && screen.contains(String(first.prefix(12)))
        }
        try await albumScreen.send("q")
        try await albumScreen.waitFor(text: "exit=0")

        let groupScreen = try await TmuxSession.start(
            command: browser(server, "browse --group https://www.flickr.com/groups/\(group.alias)/"), columns: 120, rows: 40)
        try await groupScreen.waitFor("the pool's photos") { TmuxSession.showsPhotos($0) && $0.contains("of 300 photos") }
        try await groupScreen.send("q")
        try await groupScreen.waitFor(text: "exit=0")
        await server.stop()
    }

    // MARK: - Command line
    @Test func exifPrintsTheFieldsOrTheRefusal() async throws {
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        let sharing = try member(hidingExif: false)
        let table = try await command(server, ["exif", sharing.photo.idString])
        #expect(table.status == 0)
        // The first photo of the first member who shares EXIF (seed 1), as DemoExif draws it from the id.
        #expect(
            table.stdout == """
                FIELD         VALUE
                Camera        Apple iPhone 13 Pro
                Lens          iPhone 13 Pro back triple camera 5.7mm f/1.5
                Exposure      2 sec
                Aperture      f/4.0
                ISO           400
                Focal length  143 mm
                Date taken    2025:05:01 00:00:00

                """)
        let hiding = try member(hidingExif: true)
        let refused = try await command(server, ["exif", hiding.photo.idString])
        #expect(refused.status == 0)
        #expect(refused.stdout == "The owner does not share this photo's EXIF\n")
        let ids = try await command(server, ["exif", hiding.photo.idString, "--format", "ids"])
        #expect(ids.status == 2)
        #expect(ids.stderr.contains("exif prints --format table or json"))
        await server.stop()
    }

    @Test func searchLicenseFiltersAndInfoNamesTheLicence() async throws {
        let server = try await RunningDemoServer.start(DemoServerConfiguration(), executor: OwnThreadTrait.executor)
        let result = try await command(server, ["search", "--text", "cat", "--license", "4,9", "--format", "ids", "--limit", "200"])
        #expect(result.status == 0)
        let ids = result.stdout.split(separator: "\n").compactMap { UInt64($0) }
        #expect(ids.count > 10)
        #expect(ids.allSatisfy { id in catalog.photoIndexByID[id].map { [4, 9].contains(catalog.photos[$0].license) } == true })
        let bad = try await command(server, ["search", "--text", "cat", "--license", "1,11"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("Licence ids are numbers from 0 to 10 separated by commas, like 1,2,4 (got \"1,11\")"))
        let photo = catalog.photos[0]
        let info = try await command(server, ["info", photo.idString])
        let name = FlickrLicenses.all.first { $0.id == photo.license }?.name ?? "?"
        #expect(info.stdout.contains("Licence"))
        #expect(info.stdout.contains(name))
        let albums = try await command(server, ["albums"])
        #expect(albums.status == 2)
        #expect(albums.stderr == "photorama: Not signed in to the demo server: run `photorama login` first\n")
        await server.stop()
    }
}
