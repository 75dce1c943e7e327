import PhotoramaKit
import Testing

@testable import PhotoramaTUI

/// The viewer's model through its own functions: opening, closing, the slideshow's transitions, and the
/// zoom it holds.
@Suite struct ViewerModelTests {
    let photo = PhotoKey(provider: .flickr, id: "42")

    @Test func opensAtFitAndClosesKeepingNothingOpen() {
        var viewer = ViewerModel()
        #expect(!viewer.isOpen)
        viewer.open()
        #expect(viewer.isOpen)
        viewer.changeZoom { $0.follow(photo) }
        #expect(viewer.zoom.photo == photo)
        viewer.close()
        #expect(!viewer.isOpen)
        // Opening again starts at fit, on no photo: the zoom of the last visit is forgotten.
        viewer.open()
        #expect(viewer.zoom.photo == nil)
        #expect(viewer.zoom.step == 0)
    }

    @Test func theSlideshowMovesThroughItsStates() {
        var viewer = ViewerModel()
        #expect(viewer.stopSlideshow() == nil)
        viewer.startSlideshow(interval: .seconds(5), token: RequestToken(value: 1))
        #expect(viewer.slideshow == Slideshow(interval: .seconds(5), token: RequestToken(value: 1)))
        viewer.slideshowWaitsForPicture(token: RequestToken(value: 2))
        #expect(viewer.slideshow == Slideshow(interval: .seconds(5), token: RequestToken(value: 2), waiting: true))
        viewer.slideshowMoved(token: RequestToken(value: 3))
        #expect(viewer.slideshow == Slideshow(interval: .seconds(5), token: RequestToken(value: 3), waiting: false))
        viewer.slideshowWaitsAgain(token: RequestToken(value: 4))
        #expect(viewer.slideshow == Slideshow(interval: .seconds(5), token: RequestToken(value: 4), waiting: false))
        #expect(viewer.stopSlideshow() == Slideshow(interval: .seconds(5), token: RequestToken(value: 4)))
        #expect(viewer.slideshow == nil)
        #expect(viewer.stopSlideshow() == nil)
    }

    @Test func slideshowTransitionsDoNothingWithoutASlideshow() {
        var viewer = ViewerModel()
        viewer.slideshowWaitsForPicture(token: RequestToken(value: 2))
        viewer.slideshowMoved(token: RequestToken(value: 3))
        viewer.slideshowWaitsAgain(token: RequestToken(value: 4))
        #expect(viewer.slideshow == nil)
    }
}
