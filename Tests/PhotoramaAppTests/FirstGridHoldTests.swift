import Foundation
import PhotoramaKit
import PhotoramaLocking
import PhotoramaScreen
import PhotoramaTUI
import Testing

@testable import PhotoramaApp

/// What the browser loop holds back until the opening page's first frame is drawn: thumbnails and pages
/// loaded ahead wait for that frame and then go in order; a cancelled one never goes; a key lets all go at
/// once; reading the saved photos waits only while their store is still to be opened; a launch that asks
/// for no first page of the feed on screen holds nothing.
@Suite struct FirstGridHoldTests {
    static let search = PhotoSource.search(text: "harbor")
    static func token(_ value: Int) -> RequestToken { RequestToken(value: value) }
    static func image(_ value: Int) -> Effect {
        .loadImage(
            ImageRequest(url: URL(fileURLWithPath: "/\(value).jpg"), columns: 23, rows: 8, drawing: .halfBlocks(.truecolor)),
            urgency: .visible, token: token(value))
    }
    static let answered = Action.feed(.pageLoaded(token: token(1), page: 1, .failure(.offline("test"))))
    static let opening: [Effect] = [.loadPage(search, page: 1, token: token(1)), .loadSaved(firstPage: 100, token: token(2))]

    @Test func thumbnailsAndLaterPagesWaitForTheFirstFrameAfterTheAnswerThenGoInOrder() {
        var hold = FirstGridHold(opening: Self.opening, shown: Self.search, storeToOpen: false)
        #expect(hold.frameDrawn() == [])
        let effects: [Effect] = [
            .loadPage(Self.search, page: 2, token: Self.token(3)), Self.image(4), .wake(after: .seconds(1), token: Self.token(5)),
            Self.image(6),
        ]
        #expect(hold.admit(effects, for: Self.answered) == [.wake(after: .seconds(1), token: Self.token(5))])
        #expect(hold.admit([Self.image(7)], for: .runtime(.inFlightChanged(0))) == [])
        #expect(hold.frameDrawn() == [.loadPage(Self.search, page: 2, token: Self.token(3)), Self.image(4), Self.image(6), Self.image(7)])
        // Held once only: afterwards everything runs when it is asked for.
        #expect(hold.frameDrawn() == [])
        #expect(hold.admit([Self.image(8)], for: .runtime(.inFlightChanged(1))) == [Self.image(8)])
    }

    @Test func framesBeforeTheAnswerReleaseNothingAndACancelledLoadNeverStarts() {
        var hold = FirstGridHold(opening: Self.opening, shown: Self.search, storeToOpen: false)
        #expect(hold.admit([Self.image(3), Self.image(4)], for: .runtime(.inFlightChanged(1))) == [])
        #expect(hold.frameDrawn() == [])
        #expect(hold.admit([.cancel(Self.token(3))], for: .runtime(.inFlightChanged(1))) == [.cancel(Self.token(3))])
        // Another feed's answer (the favourites' first page) is not the opening page's.
        #expect(hold.admit([], for: .feed(.pageLoaded(token: Self.token(9), page: 1, .failure(.offline("test"))))) == [])
        #expect(hold.frameDrawn() == [])
        #expect(hold.admit([], for: Self.answered) == [])
        #expect(hold.frameDrawn() == [Self.image(4)])
    }

    @Test func aKeyLetsEverythingHeldGoFirst() {
        var hold = FirstGridHold(opening: Self.opening, shown: Self.search, storeToOpen: false)
        #expect(hold.admit([Self.image(3)], for: .runtime(.inFlightChanged(1))) == [])
        #expect(hold.admit([Self.image(4)], for: .input(.key(.character("j")))) == [Self.image(3), Self.image(4)])
        #expect(hold.admit([Self.image(5)], for: .runtime(.inFlightChanged(1))) == [Self.image(5)])
    }

    @Test func readingTheSavedPhotosWaitsOnlyWhileTheirStoreIsToBeOpened() {
        let read = Effect.loadSaved(firstPage: 100, token: Self.token(2))
        var known = FirstGridHold(opening: Self.opening, shown: Self.search, storeToOpen: false)
        #expect(known.admit(Self.opening, for: nil) == Self.opening)
        var toOpen = FirstGridHold(opening: Self.opening, shown: Self.search, storeToOpen: true)
        #expect(toOpen.admit(Self.opening, for: nil) == [.loadPage(Self.search, page: 1, token: Self.token(1))])
        #expect(toOpen.admit([Self.image(3)], for: Self.answered) == [])
        #expect(toOpen.frameDrawn() == [read, Self.image(3)])
    }

    @Test func aLaunchWithoutAFirstPageOfTheFeedOnScreenHoldsNothing() {
        var saved = FirstGridHold(opening: Self.opening, shown: nil, storeToOpen: true)
        #expect(saved.admit(Self.opening, for: nil) == Self.opening)
        var other = FirstGridHold(opening: Self.opening, shown: .recent, storeToOpen: true)
        #expect(other.admit([Self.image(3)], for: .runtime(.inFlightChanged(1))) == [Self.image(3)])
    }

    @Test func aLaunchWithoutAFirstPageHoldsNothing() {
        var hold = FirstGridHold(opening: [.loadSaved(firstPage: 100, token: Self.token(2))], shown: nil, storeToOpen: true)
        #expect(hold.admit([Self.image(3)], for: .runtime(.inFlightChanged(1))) == [Self.image(3)])
        #expect(hold.frameDrawn() == [])
    }
}

/// The saved photos' store is opened by its first user, once, not when the browser is set up.
@Suite struct SavedStoreOpeningTests {
    @Test func theStoreIsOpenedOnFirstUseOnce() {
        let opened = Locked(0)
        let saved = SavedStoreOpening {
            opened.withLock { $0 += 1 }
            return .failure(.failed("no store here"))
        }
        #expect(opened.withLock { $0 } == 0)
        #expect(saved.ifOpened == nil)
        for _ in 0..<3 {
            guard case .failure(let error) = saved.store else {
                Issue.record("the store opened")
                return
            }
            #expect(error.message == SavedStoreError.failed("no store here").message)
        }
        #expect(opened.withLock { $0 } == 1)
        #expect(saved.ifOpened != nil)
    }
}
