import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// Clicks on everything (issue 43): a double click on a card opens the viewer, a click on a status-line
/// hint presses its key, a click on an address opens it; the frame's cells carry what a click does.
@Suite struct ClickTests {
    /// Recent with `count` photos, page 1 of 1, at a size (80×24: 3 cards a row, 5 rows a screen).
    func loaded(_ count: Int, columns: Int = 80, rows: Int = 24, photos: ((Int) -> Photo)? = nil) -> AppState {
        var (state, effects) = startedState(columns: columns, rows: rows)
        let answer = Page(items: (1...count).map { photos?($0) ?? photo($0) }, page: 1, pages: 1, total: count)
        _ = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(answer))))
        return state
    }

    /// The first column where `text` starts on `row` of the rendered screen.
    func column(of text: String, row: Int, _ state: AppState) throws -> Int {
        let line = render(state).lines[row]
        let range = try #require(line.range(of: text), "\(text) on \(line)")
        return line[..<range.lowerBound].count
    }

    @Test func aDoubleClickOnACardSelectsAndOpensIt() {
        var state = loaded(10)
        // Second card row starts at screen row 2 + 4; the middle column starts at 26.
        _ = reduce(&state, .mouse(.doubleClick(row: 7, column: 30)))
        #expect(state.feeds[.recent].selection == 4)
        #expect(state.viewerOpen)
        #expect(render(state).lines[23].hasPrefix("Photo 5 · owner 5 · 4000×3000 · 5 of 10 "))
        // A double click on no card opens nothing.
        var empty = loaded(2)
        _ = reduce(&empty, .mouse(.doubleClick(row: 15, column: 60)))
        #expect(!empty.viewerOpen)
        #expect(empty.feeds[.recent].selection == 0)
    }

    @Test func aClickOnAHintPressesItsKey() throws {
        var state = loaded(10)
        let help = try column(of: "? help", row: 23, state)
        #expect(render(state)[23, help].link == .key(.character("?")))
        #expect(render(state)[23, help + 5].link == .key(.character("?")))
        // The two spaces between hints are no hint's.
        #expect(render(state)[23, help - 1].link == nil)
        _ = reduce(&state, .mouse(.press(row: 23, column: help + 2)))
        guard case .help(scroll: 0)? = state.overlay else {
            Issue.record("no help: \(String(describing: state.overlay))")
            return
        }
        // With the help open the hint is "Esc close": a click on it closes the help.
        let close = try column(of: "Esc close", row: 23, state)
        _ = reduce(&state, .mouse(.press(row: 23, column: close)))
        #expect(state.overlay == nil)
        // "q quit" quits.
        let quit = try column(of: "q quit", row: 23, state)
        #expect(reduce(&state, .mouse(.press(row: 23, column: quit + 3))) == [.quit])
    }

    @Test func theDetailPanesAddressesAreLinksAndAClickOpensThem() throws {
        var state = loaded(3, columns: 120, rows: 40) { number in
            var photo = photo(number)
            photo.ownerID = "12345@N01"
            return photo
        }
        let frame = render(state)
        let row = try #require(frame.lines.firstIndex { $0.contains("https://www.flickr.com/photos/owner/1") })
        let start = try column(of: "https://www.flickr.com/photos/owner/1", row: row, state)
        #expect(frame[row, start].link == .address("https://www.flickr.com/photos/owner/1"))
        #expect(frame[row, start - 1].link == nil)
        let owner = try #require(frame.lines.firstIndex { $0.contains("By: owner 1") })
        #expect(frame[owner, try column(of: "By: owner 1", row: owner, state)].link == .address("https://www.flickr.com/photos/12345@N01/"))
        let effects = reduce(&state, .mouse(.press(row: row, column: start + 3)))
        #expect(effects == [.openInBrowser(URL(string: "https://www.flickr.com/photos/owner/1")!)])
    }

    @Test func theViewerCaptionLinksTheTitleAndTheOwner() throws {
        var state = loaded(3) { number in
            var photo = photo(number)
            photo.ownerID = "99@N02"
            return photo
        }
        _ = press(&state, .character("v"))
        let frame = render(state)
        #expect(frame.lines[23].hasPrefix("Photo 1 · owner 1 · 4000×3000 · 1 of 3"))
        #expect((0..<7).map { frame[23, $0].link } == Array(repeating: .address("https://www.flickr.com/photos/owner/1"), count: 7))
        #expect(frame[23, 7].link == nil)
        #expect((10..<17).map { frame[23, $0].link } == Array(repeating: .address("https://www.flickr.com/photos/99@N02/"), count: 7))
        #expect(frame[23, 17].link == nil)
        #expect(frame[23, 20].link == nil)
    }

    /// A caption wider than the screen: links end at its edge, and a linked part that starts past it has
    /// none (the soak's narrow viewer crashed forming the owner's range, 10..<9, at 9 columns).
    @Test func theViewerCaptionsLinksStopAtTheScreensEdge() throws {
        var state = loaded(3, columns: 9, rows: 24) { number in
            var photo = photo(number)
            photo.ownerID = "99@N02"
            return photo
        }
        _ = press(&state, .character("v"))
        let frame = render(state)
        #expect(frame.lines[23] == "Photo 1 …")
        #expect((0..<7).map { frame[23, $0].link } == Array(repeating: .address("https://www.flickr.com/photos/owner/1"), count: 7))
        #expect((7..<9).map { frame[23, $0].link } == [nil, nil])
    }

    @Test func theWheelMovesThePalettesChoice() {
        var state = loaded(3)
        _ = press(&state, .character(":"))
        #expect(state.palette.choice == 0)
        _ = reduce(&state, .mouse(.wheelDown(row: 10, column: 10)))
        _ = reduce(&state, .mouse(.wheelDown(row: 10, column: 10)))
        _ = reduce(&state, .mouse(.wheelUp(row: 10, column: 10)))
        #expect(state.palette.choice == 1)
        #expect(state.feeds[.recent].selection == 0)
    }

    @Test func theCellsPixelSizeAskedAgainAfterAResizeRedrawsPictures() {
        var (state, _) = startedState(images: .kitty)
        let area = Rect(row: 0, column: 0, width: 20, height: 10)
        #expect(state.pictureRequest(photo(1), in: area)?.cell == PixelSize(width: 10, height: 20))
        _ = reduce(&state, .input(.cellPixels(PixelSize(width: 14, height: 30))))
        #expect(state.cellPixels == PixelSize(width: 14, height: 30))
        #expect(state.pictureRequest(photo(1), in: area)?.cell == PixelSize(width: 14, height: 30))
        // Half blocks do not depend on it.
        let (cells, _) = startedState(images: .halfBlocks(.truecolor))
        #expect(cells.pictureRequest(photo(1), in: area)?.cell == nil)
    }

    @Test func aClickOnAMapPinSelectsItsPhoto() {
        var state = MapTests().mapState()
        _ = press(&state, .character("m"))
        // Sydney's pin is at row 15, column 73 (MapTests.theScreenAt80x24): photo 3.
        _ = reduce(&state, .mouse(.press(row: 15, column: 73)))
        #expect(state.currentFeed?.selection == 2)
        #expect(render(state)[15, 73].grapheme == "◉")
        // Tokyo's, row 8, column 71: photo 4; next to it, nothing.
        _ = reduce(&state, .mouse(.press(row: 8, column: 71)))
        #expect(state.currentFeed?.selection == 3)
        _ = reduce(&state, .mouse(.press(row: 8, column: 72)))
        #expect(state.currentFeed?.selection == 3)
        #expect(state.map != nil)
    }
}
