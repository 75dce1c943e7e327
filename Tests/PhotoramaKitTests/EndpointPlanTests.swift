import Foundation
import Testing

@testable import PhotoramaKit

@Suite struct EndpointPlanTests {
    let custom = URL(string: "http://127.0.0.1:9000/rest")!

    @Test func withoutKeysOrURLsEverythingIsDemo() {
        let plan = EndpointPlan(flickrURL: nil, px500URL: nil, locationsURL: nil, flickrKey: nil, px500Key: nil, forceDemo: false)
        #expect(plan == EndpointPlan(flickr: .demo, px500: .demo, locations: .demo))
        #expect(plan.needsDemoServer)
        #expect(plan.demoProviders == [.flickr, .fiveHundredPx])
    }

    @Test func aKeySelectsTheRealServiceAndAURLOptionWinsOverAKey() {
        let plan = EndpointPlan(
            flickrURL: nil, px500URL: custom, locationsURL: nil, flickrKey: "k1234", px500Key: "k5678", forceDemo: false)
        #expect(plan.flickr == .real(EndpointPlan.realFlickr))
        #expect(plan.px500 == .custom(custom))
        #expect(plan.locations == .demo)
        #expect(plan.demoProviders == [])
    }

    @Test func anEmptyKeyIsNoKey() {
        let plan = EndpointPlan(flickrURL: nil, px500URL: nil, locationsURL: custom, flickrKey: "", px500Key: nil, forceDemo: false)
        #expect(plan == EndpointPlan(flickr: .demo, px500: .demo, locations: .custom(custom)))
    }

    @Test func demoForcesAllFive() {
        let plan = EndpointPlan(
            flickrURL: custom, px500URL: custom, locationsURL: custom, flickrKey: "k1234", px500Key: "k5678", forceDemo: true,
            commonsURL: custom, openverseURL: custom)
        #expect(plan == EndpointPlan(flickr: .demo, px500: .demo, locations: .demo, commons: .demo, openverse: .demo))
        #expect(plan.demoProviders == [.flickr, .fiveHundredPx, .commons, .openverse])
    }

    /// Commons and Openverse need no key: their URL option, else the real service (never the demo by default).
    @Test func commonsAndOpenverseAreRealWithoutAURLOption() {
        let real = EndpointPlan(flickrURL: nil, px500URL: nil, locationsURL: nil, flickrKey: nil, px500Key: nil, forceDemo: false)
        #expect(real.commons == .real(URL(string: "https://commons.wikimedia.org/w/api.php")!))
        #expect(real.openverse == .real(URL(string: "https://api.openverse.org/v1")!))
        let custom = EndpointPlan(
            flickrURL: nil, px500URL: nil, locationsURL: nil, flickrKey: nil, px500Key: nil, forceDemo: false, commonsURL: custom,
            openverseURL: custom)
        #expect(custom.commons == .custom(self.custom))
        #expect(custom.openverse == .custom(self.custom))
    }
}
