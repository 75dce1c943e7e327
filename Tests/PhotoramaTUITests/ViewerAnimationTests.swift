import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// Animated GIFs in the viewer, timed by a fake clock: the test plays the runtime's part, answering each
/// `.wake(after:token:)` at the time it asks for, so frame indices are exact at exact times with no sleeps.
@Suite("Animated GIFs in the viewer: frames at their delays, loops, stop on leave")
struct ViewerAnimationTests {
    /// Three frames of one cell each, told apart by their characters.
    static let marks: [Character] = ["①", "②", "③"]

    /// The runtime's timers over a fake clock: wake-ups wait until `advance` reaches their time; a
    /// `.cancel` drops them.
    struct FakeClock {
        var now: Duration = .zero
        var pending: [(due: Duration, token: RequestToken)] = []

        mutating func schedule(_ effects: [Effect]) {
            for effect in effects {
                switch effect {
                case .wake(let after, let token): pending.append((now + after, token))
                case .cancel(let token): pending.removeAll { $0.token == token }
                default: break
                }
            }
        }

        /// Moves to `time`, answering every wake-up due by then in order (each at its own time).
        mutating func advance(to time: Duration, _ state: inout AppState) {
            while let next = pending.min(by: { $0.due < $1.due }), next.due <= time {
                pending.removeAll { $0.token == next.token }
                now = next.due
                schedule(reduce(&state, .runtime(.wake(token: next.token))))
            }
            now = time
        }
    }

    /// A started browser with the viewer open on photo 1, and the effects of opening it.
    static func viewer() -> (AppState, [Effect]) {
        var state = AppState(
            configuration: AppConfiguration(demoProviders: [.flickr], colors: true, randomSeed: 1, images: .halfBlocks(.truecolor)),
            size: CellSize(columns: 80, rows: 24))
        _ = answerLoads(&state, start(&state), pages: 5, limit: 1)
        let effects = press(&state, .character("v"))
        return (state, effects)
    }

    /// The viewer's picture request for `file` among `effects`.
    static func request(_ effects: [Effect], file: String) -> (ImageRequest, RequestToken)? {
        effects.lazy.compactMap { effect -> (ImageRequest, RequestToken)? in
            if case .loadImage(let request, _, let token) = effect, request.url.lastPathComponent == file, request.rows == 23 {
                return (request, token)
            }
            return nil
        }.first
    }

    static func frames(_ count: Int = 3) -> [Picture] {
        (0..<count).map { index in
            .cells(
                CellImage(
                    columns: 1, rows: 1, cells: [ImageCell(character: marks[index], foreground: .rgb(9, 9, 9), background: .rgb(9, 9, 9))]))
        }
    }

    /// Answers the viewer's picture of photo 1 with the first frame and the animation (100, 200 and 300 ms).
    static func answer(_ state: inout AppState, _ effects: [Effect], loops: Int, file: String = "1.jpg") throws -> [Effect] {
        let (request, token) = try #require(Self.request(effects, file: file))
        let frames = Self.frames()
        _ = reduce(&state, .images(.imageLoaded(token: token, request, .success(frames[0]))))
        let clock = AnimationClock(delays: [.milliseconds(100), .milliseconds(200), .milliseconds(300)], loops: loops)
        return reduce(&state, .images(.animationLoaded(AnimatedPicture(request: request, frames: frames, clock: clock))))
    }

    /// The mark on screen: which frame the viewer draws.
    static func shown(_ state: AppState) -> Character? {
        let text = render(state).lines.joined()
        return marks.first { text.contains($0) }
    }

    @Test("the viewer's picture is asked for with its frames; thumbnails and the detail preview are not")
    func requestsAnimated() throws {
        let (state, effects) = Self.viewer()
        #expect(try #require(Self.request(effects, file: "1.jpg")).0.animated)
        #expect(try #require(Self.request(effects, file: "2.jpg")).0.animated)
        var grid = state
        _ = press(&grid, .escape)
        let photo = try #require(grid.currentFeed?.selectedPhoto)
        #expect(grid.pictureRequest(photo, in: Rect(row: 0, column: 0, width: 20, height: 10))?.animated == false)
        #expect(grid.pictureRequest(photo, in: Rect(row: 0, column: 0, width: 20, height: 10), preview: true)?.animated == false)
    }

    @Test("a photo whose original is a GIF (Flickr's `_o.gif`) is played from the original in the viewer only")
    func gifOriginalsPlayInTheViewer() throws {
        let (state, _) = Self.viewer()
        var photo = try #require(state.currentFeed?.selectedPhoto)
        let original = try #require(URL(string: "https://live.staticflickr.com/1/1_abc_o.gif"))
        photo = Photo(
            provider: .flickr, id: photo.id, title: photo.title, owner: photo.owner,
            images: photo.images + [PhotoImage(size: .original, url: original, width: 480, height: 270)])
        #expect(photo.animatedOriginal?.url == original)
        let area = Rect(row: 0, column: 0, width: 80, height: 23)
        #expect(state.pictureRequest(photo, in: area, preview: true)?.url == original)
        #expect(state.pictureRequest(photo, in: area)?.url != original)
        var grid = state
        _ = press(&grid, .escape)
        #expect(grid.pictureRequest(photo, in: area, preview: true)?.url != original)
        // A JPEG original is not an animation.
        let still = Photo(
            provider: .flickr, id: "9", title: "", owner: "",
            images: [PhotoImage(size: .original, url: try #require(URL(string: "https://live.staticflickr.com/1/9_abc_o.jpg")))])
        #expect(still.animatedOriginal == nil)
    }

    @Test("frames change at their delays: exact frames at exact times, two passes, then the last frame stays")
    func framesAtTheirDelays() throws {
        var (state, opened) = Self.viewer()
        var clock = FakeClock()
        clock.schedule(try Self.answer(&state, opened, loops: 2))
        #expect(clock.pending.map(\.due) == [.milliseconds(100)])
        // (time in ms, frame shown): 100 + 200 + 300 = 600 ms a pass.
        let expected: [(Int, Character)] = [
            (0, "①"), (99, "①"), (100, "②"), (299, "②"), (300, "③"), (599, "③"), (600, "①"), (700, "②"), (900, "③"),
            (1_199, "③"), (1_200, "③"), (5_000, "③"),
        ]
        for (time, mark) in expected {
            clock.advance(to: .milliseconds(time), &state)
            #expect(Self.shown(state) == mark, "at \(time) ms")
        }
        // Two passes done: no wake-up left, the animation rests on its last frame.
        #expect(clock.pending.isEmpty)
        #expect(state.animation.playing?.index == 2)
        #expect(state.animation.playing?.token == nil)
    }

    @Test("loop count 0 plays forever: an hour later the frames still change on time")
    func forever() throws {
        var (state, opened) = Self.viewer()
        var clock = FakeClock()
        clock.schedule(try Self.answer(&state, opened, loops: 0))
        clock.advance(to: .seconds(3_600) + .milliseconds(150), &state)
        #expect(Self.shown(state) == "②")
        #expect(clock.pending.map(\.due) == [.seconds(3_600) + .milliseconds(300)])
    }

    @Test("a wake-up carries no time: each one shows the next frame, never skips one, and asks for the next a full delay later")
    func lateWakeUp() throws {
        var (state, opened) = Self.viewer()
        let first = try Self.answer(&state, opened, loops: 0)
        #expect(Self.shown(state) == "①")
        // However late the runtime answers, the animation moves to the frame that was due, one at a time:
        // the wake-ups here come back to back, with no time passing at all.
        let second = try Self.wake(&state, first)
        #expect(Self.shown(state) == "②")
        #expect(Self.delays(second) == [.milliseconds(200)])
        let third = try Self.wake(&state, second)
        #expect(Self.shown(state) == "③")
        #expect(Self.delays(third) == [.milliseconds(300)])
        _ = try Self.wake(&state, third)
        #expect(Self.shown(state) == "①")
    }

    /// Answers the wake-up among `effects` at once; the effects that answer brings.
    static func wake(_ state: inout AppState, _ effects: [Effect], sourceLocation: SourceLocation = #_sourceLocation) throws -> [Effect] {
        let token = try #require(
            effects.lazy.compactMap { effect -> RequestToken? in if case .wake(_, let token) = effect { token } else { nil } }.first,
            "no wake-up among \(effects)", sourceLocation: sourceLocation)
        return reduce(&state, .runtime(.wake(token: token)))
    }

    /// The delays of the wake-ups among `effects`.
    static func delays(_ effects: [Effect]) -> [Duration] {
        effects.compactMap { effect -> Duration? in if case .wake(let after, _) = effect { after } else { nil } }
    }

    @Test("leaving the photo stops it (its wake-up cancelled); coming back starts from the first frame")
    func stopsOnLeave() throws {
        var (state, opened) = Self.viewer()
        var clock = FakeClock()
        clock.schedule(try Self.answer(&state, opened, loops: 0))
        clock.advance(to: .milliseconds(150), &state)
        #expect(Self.shown(state) == "②")
        let playing = try #require(state.animation.playing?.token)
        let moved = press(&state, .character("l"))
        #expect(moved.contains(.cancel(playing)))
        clock.schedule(moved)
        #expect(clock.pending.isEmpty)
        #expect(state.animation.playing == nil)
        // Back to photo 1 (its frames kept, a neighbour now): from the first frame, 100 ms to the second.
        clock.schedule(press(&state, .character("h")))
        #expect(Self.shown(state) == "①")
        #expect(clock.pending.map(\.due) == [.milliseconds(250)])
        clock.advance(to: .milliseconds(250), &state)
        #expect(Self.shown(state) == "②")
    }

    @Test("closing the viewer stops it: nothing left to wake, and the grid is drawn as before")
    func stopsOnClose() throws {
        var (state, opened) = Self.viewer()
        var clock = FakeClock()
        clock.schedule(try Self.answer(&state, opened, loops: 0))
        clock.advance(to: .milliseconds(150), &state)
        let playing = try #require(state.animation.playing?.token)
        clock.schedule(press(&state, .escape))
        #expect(!state.viewerOpen)
        #expect(clock.pending.isEmpty)
        #expect(state.animation.playing == nil)
        // A wake-up that was already on its way is ignored.
        _ = reduce(&state, .runtime(.wake(token: playing)))
        #expect(state.animation.playing == nil)
    }

    @Test("frames of a picture the screen no longer wants are dropped")
    func framesDropped() throws {
        var (state, opened) = Self.viewer()
        _ = try Self.answer(&state, opened, loops: 0)
        #expect(state.animation.loaded.count == 1)
        // Far away in the feed: photo 1 is no longer wanted, its frames go.
        _ = press(&state, .character("l"), .character("l"), .character("l"))
        #expect(state.animation.loaded.isEmpty)
    }

    @Test("at most three animations are kept, all wanted: a fourth drops the oldest")
    func atMostThreeKept() throws {
        let requests = try (1...4).map { number in
            ImageRequest(
                url: try #require(URL(string: "https://x.example/\(number).gif")), columns: 80, rows: 23, drawing: .halfBlocks(.truecolor))
        }
        let clock = AnimationClock(delays: [.milliseconds(100), .milliseconds(100)], loops: 0)
        var animation = ViewerAnimation()
        for request in requests {
            animation.receive(AnimatedPicture(request: request, frames: Self.frames(2), clock: clock), wanted: Set(requests))
        }
        #expect(animation.loaded.map(\.request) == Array(requests[1...]))
    }
}
