/// The Flickr endpoint answered in this process, with no HTTP and no answer cache: what the benchmark times
/// when it compares writing an answer with reading it back.
package struct InProcessFlickr: Sendable {
    private let service: FlickrService

    package init(seed: UInt64 = DemoServerConfiguration().seed) {
        service = FlickrService(catalog: DemoCatalog(seed: seed), answers: BoundedCache(byteBudget: 0))
    }

    /// The body answering `query` (the REST endpoint's query string) with addresses under `base`.
    package func body(query: String, base: String) -> [UInt8] {
        let parameters = RequestParameters(query: Substring(query), formBody: nil, authorization: nil)
        return Array(service.answer(parameters, base: base, unavailable: false).body.readableBytesView)
    }
}
