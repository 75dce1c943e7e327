/// Flickr's paging parameters: `page` from 1, `per_page` default 100 and at most 500.
struct FlickrPaging {
    let page: Int
    let perPage: Int

    init(_ parameters: RequestParameters, defaultPerPage: Int = 100) {
        let requested = parameters.nonEmpty("per_page").flatMap { Int($0) } ?? defaultPerPage
        perPage = requested < 1 ? defaultPerPage : min(requested, 500)
        page = max(1, parameters.nonEmpty("page").flatMap { Int($0) } ?? 1)
    }

    var offset: Int { (page - 1) * perPage }

    func pages(for total: Int) -> Int { (total + perPage - 1) / perPage }

    /// This page of `indices`, looking no further than the first `limit` entries.
    func slice(_ indices: [Int], limit: Int) -> ArraySlice<Int> {
        let end = min(indices.count, limit)
        guard offset < end else { return [] }
        return indices[offset..<min(end, offset + perPage)]
    }
}
