import DemoServer

/// The browser pointed at a demo server of the benchmark's own as at real services, so its answers are
/// cached as Flickr's would be: the URL options, and keys in the form the server wants (its own demo keys,
/// not secrets).
extension RunningDemoServer {
    var serviceOptions: String {
        "--flickr-url \(flickrURL.absoluteString) --500px-url \(px500URL.absoluteString) --locations-url \(locationsURL.absoluteString)"
    }

    static let keyEnvironment = "FLICKR_API_KEY=\(DemoAPIKeys.flickr) PX500_CONSUMER_KEY=\(DemoAPIKeys.px500)"
}
