import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

@Suite("Thumbnail cards")
struct ThumbnailTests {
    private func thumbnailState(columns: Int = 80, rows: Int = 24) -> (AppState, [Effect]) {
        var state = AppState(
            configuration: AppConfiguration(
                demoProviders: [.flickr], colors: true, randomSeed: 1, images: .halfBlocks(.truecolor), thumbnails: true),
            size: CellSize(columns: columns, rows: rows))
        let effects = start(&state)
        let rest = answerLoads(&state, effects, limit: 1)
        return (state, rest)
    }

    private func loads(_ effects: [Effect]) -> [(String, ImagePriority, RequestToken, Int, Int)] {
        effects.compactMap {
            if case .loadImage(let request, let urgency, let token) = $0 {
                (request.url.lastPathComponent, urgency, token, request.columns, request.rows)
            } else {
                nil
            }
        }
    }

    @Test("at 80×24 the grid holds 3×2 thumbnail cards with a 23×8 picture each")
    func layoutAt80x24() {
        let (state, _) = thumbnailState()
        let layout = ScreenLayout(state)
        #expect(layout.gridColumns == 3)
        #expect(layout.visibleRows == 2)
        #expect(layout.cardHeight == 10)
        #expect(layout.thumbnailRect(card: Rect(row: 2, column: 0, width: 26, height: 10)) == Rect(row: 2, column: 1, width: 23, height: 8))
        let big = ScreenLayout(thumbnailState(columns: 200, rows: 60).0)
        #expect(big.gridColumns * big.visibleRows > 6)
    }

    @Test("the selected card first, then the cards in view top to bottom, then the next screen")
    func priorities() {
        let (_, effects) = thumbnailState()
        let asked = loads(effects)
        #expect(asked.map(\.0) == (1...12).map { "\($0).jpg" })
        #expect(asked.map(\.1) == [.selected] + Array(repeating: .visible, count: 5) + Array(repeating: .nearby, count: 6))
        #expect(asked.allSatisfy { $0.3 == 23 && $0.4 == 8 })
    }

    @Test("a card shows its frame and title at once, its picture when it arrives")
    func cardDrawing() throws {
        var (state, effects) = thumbnailState()
        var lines = render(state).lines
        #expect(lines[2].hasPrefix(" ┌─────────────────────┐"))
        #expect(lines[5].hasPrefix(" │      loading…       │"))
        #expect(lines[10].hasPrefix(" Photo 1                   Photo 2"))
        #expect(lines[11].hasPrefix(" owner 1 · 2024-05-02      owner 2 · 2024-05-03"))
        let second = try #require(loads(effects).first { $0.0 == "2.jpg" })
        let request = ImageRequest(url: URL(string: "https://example.com/2.jpg")!, columns: 23, rows: 8, drawing: .halfBlocks(.truecolor))
        let cells = CellImage(
            columns: 23, rows: 8,
            cells: Array(repeating: ImageCell(character: "▀", foreground: .rgb(10, 20, 30), background: .rgb(40, 50, 60)), count: 184))
        _ = reduce(&state, .images(.imageLoaded(token: second.2, request, .success(.cells(cells)))))
        lines = render(state).lines
        #expect(lines[2].contains(String(repeating: "▀", count: 23)))
        #expect(render(state)[2, 27].style == Style(foreground: .rgb(10, 20, 30), background: .rgb(40, 50, 60)))
    }

    @Test("paging down cancels the cards that left the screen and asks for the new ones")
    func pagingCancels() {
        var (state, effects) = thumbnailState()
        let before = loads(effects)
        let paged = reduce(&state, .key(.pageDown))
        let cancelled = paged.compactMap { if case .cancel(let token) = $0 { token } else { nil } }
        // The selection moved a screen (to photo 7), the view one row: photos 1–3 left the screen, 4–9 are
        // in view, 10–15 are the next screen. Only the loads of 1–3 are cancelled; 13–15 are new.
        #expect(state.currentFeed?.selection == 6)
        #expect(Set(cancelled) == Set(before.filter { ["1.jpg", "2.jpg", "3.jpg"].contains($0.0) }.map(\.2)))
        #expect(loads(paged).map(\.0) == ["13.jpg", "14.jpg", "15.jpg"])
    }

    @Test("beside the detail pane, the pane's picture a PgDn selects is asked for last, and PgDn asks for it no more")
    func pageDownFindsItsDetailPictureAsked() throws {
        var (state, effects) = thumbnailState(columns: 120, rows: 40)
        let layout = ScreenLayout(state)
        #expect(layout.gridColumns * layout.visibleRows == 9)
        let feed = try #require(state.currentFeed)
        #expect(feed.selection == 0)
        let next = try #require(state.pictureRequest(feed.photos[9], in: layout.imagePreview, preview: true))
        #expect(next.url.lastPathComponent == "10.jpg")
        let asked = effects.compactMap {
            if case .loadImage(let request, let urgency, let token) = $0 { (request, urgency, token) } else { nil }
        }
        let prefetch = try #require(asked.last)
        #expect(prefetch.0 == next)
        #expect(prefetch.1 == .nearby)
        // PgDn moves the selection a screen: the pane wants that very request, whose load goes on.
        let paged = press(&state, .pageDown)
        #expect(state.currentFeed?.selection == 9)
        let selected = try #require(state.currentFeed?.selectedPhoto)
        #expect(state.pictureRequest(selected, in: ScreenLayout(state).imagePreview, preview: true) == next)
        #expect(!paged.contains { if case .loadImage(let request, _, _) = $0 { request == next } else { false } })
        #expect(!paged.contains { if case .cancel(let token) = $0 { token == prefetch.2 } else { false } })
    }

    /// A 120×40 grid of 9 cards drawing `images`, started, and the pictures it asked for.
    private func aheadState(_ images: ImageDrawing) -> (AppState, [(ImageRequest, RequestToken)]) {
        var state = AppState(
            configuration: AppConfiguration(demoProviders: [.flickr], colors: true, randomSeed: 1, images: images, thumbnails: true),
            size: CellSize(columns: 120, rows: 40))
        let effects = answerLoads(&state, start(&state), limit: 1)
        return (state, effects.compactMap { if case .loadImage(let request, _, let token) = $0 { (request, token) } else { nil } })
    }

    /// Answers `request` with black pixels of its size, id its file's number (+100 for a detail picture).
    private func make(_ state: inout AppState, _ request: ImageRequest, _ token: RequestToken) {
        let id = UInt32(request.url.deletingPathExtension().lastPathComponent) ?? 0
        let pixels = Array(repeating: UInt8(0), count: request.columns * request.rows * 3)
        let image = RGBImage(width: request.columns, height: request.rows, pixels: pixels)
        let picture = PixelPicture(id: id + (request.rows > 8 ? 100 : 0), columns: request.columns, rows: request.rows, image: image)
        _ = reduce(&state, .images(.imageLoaded(token: token, request, .success(.pixels(picture)))))
    }

    @Test("the frame carries the made pictures of the cards a PgDn brings, in order, as those cards then show them")
    func picturesAhead() throws {
        var (state, asked) = aheadState(.kitty)
        let layout = ScreenLayout(state)
        #expect(layout.cardsPerScreen == 9)
        #expect(render(state).ahead == [])
        // Every picture asked for made, but 14.jpg's (the next screen's cards are 10–18) and 5.jpg's, on screen.
        func make(_ request: ImageRequest, _ token: RequestToken) { self.make(&state, request, token) }
        for (request, token) in asked where !["14.jpg", "5.jpg"].contains(request.url.lastPathComponent) { make(request, token) }
        // Nothing ahead while a picture of the screen itself is still to come.
        #expect(render(state).ahead == [])
        for (request, token) in asked where request.url.lastPathComponent == "5.jpg" { make(request, token) }
        // Not the detail picture PgDn selects (id 110), though it is made.
        #expect(render(state).ahead.map(\.id) == [10, 11, 12, 13, 15, 16, 17, 18])
        #expect(render(state).pictures.map(\.picture.id).sorted() == [1, 2, 3, 4, 5, 6, 7, 8, 9, 101])
        // The page after the next PgDn shows them, the same pictures: the terminal holding them only places them.
        _ = press(&state, .pageDown)
        _ = press(&state, .pageDown)
        let shown = Set(render(state).pictures.map(\.picture.id))
        #expect(shown.isSuperset(of: [13, 15, 16, 17, 18]))
        // In the viewer the grid's next screen is not ahead.
        _ = press(&state, .enter)
        #expect(state.viewerOpen)
        #expect(render(state).ahead == [])
    }

    @Test("nothing goes ahead in sixel or iTerm2 mode, whose pictures are painted, never stored", arguments: [ImageDrawing.sixel, .iterm2])
    func nothingAheadOutsideKitty(_ images: ImageDrawing) throws {
        var (state, asked) = aheadState(images)
        #expect(asked.count > 18)
        for (request, token) in asked { make(&state, request, token) }
        #expect(state.visibleThumbnails.allSatisfy { $0.painted })
        #expect(render(state).ahead.map(\.id) == [])
    }

    @Test("F: the cards' pictures fill them (cropped), asked for anew; the detail's and viewer's pictures never do")
    func fillSwitches() throws {
        var (state, _) = thumbnailState(columns: 120, rows: 40)
        #expect(!state.cardsFill)
        let effects = press(&state, .character("F"))
        #expect(state.cardsFill)
        let requests = effects.compactMap { if case .loadImage(let request, _, _) = $0 { request } else { nil } }
        let thumbnails = requests.filter {
            $0.rows
                == ScreenLayout(state).thumbnailRect(
                    card: Rect(row: 2, column: 0, width: ScreenLayout(state).cardWidth, height: ScreenLayout(state).cardHeight)
                ).height
        }
        #expect(!thumbnails.isEmpty)
        #expect(thumbnails.allSatisfy { $0.fill })
        let selected = try #require(state.currentFeed?.selectedPhoto)
        let preview = try #require(state.pictureRequest(selected, in: ScreenLayout(state).imagePreview, preview: true))
        #expect(!preview.fill)
        _ = press(&state, .character("F"))
        #expect(!state.cardsFill)
        var configured = AppConfiguration(
            demoProviders: [.flickr], colors: true, randomSeed: 1, images: .halfBlocks(.truecolor), thumbnails: true)
        configured.cardsFill = true
        #expect(AppState(configuration: configured, size: CellSize(columns: 80, rows: 24)).cardsFill)
    }

    @Test("t switches to text cards and back; text cards load no thumbnails")
    func toggle() {
        var (state, effects) = thumbnailState()
        let toText = reduce(&state, .key(.character("t")))
        #expect(!state.thumbnails)
        #expect(ScreenLayout(state).cardHeight == 4)
        #expect(toText.filter { if case .cancel = $0 { true } else { false } }.count == loads(effects).count)
        #expect(loads(toText).isEmpty)
        let back = reduce(&state, .key(.character("t")))
        #expect(state.thumbnails)
        #expect(loads(back).count == 12)
    }
}
