/// flickr.photos.licenses.getInfo as Flickr answers it: every licence a photo may carry.
enum FlickrLicenses {
    static let all: [(id: Int, name: String, url: String)] = [
        (0, "All Rights Reserved", ""),
        (4, "Attribution License", "https://creativecommons.org/licenses/by/2.0/"),
        (6, "Attribution-NoDerivs License", "https://creativecommons.org/licenses/by-nd/2.0/"),
        (3, "Attribution-NonCommercial-NoDerivs License", "https://creativecommons.org/licenses/by-nc-nd/2.0/"),
        (2, "Attribution-NonCommercial License", "https://creativecommons.org/licenses/by-nc/2.0/"),
        (1, "Attribution-NonCommercial-ShareAlike License", "https://creativecommons.org/licenses/by-nc-sa/2.0/"),
        (5, "Attribution-ShareAlike License", "https://creativecommons.org/licenses/by-sa/2.0/"),
        (7, "No known copyright restrictions", "https://www.flickr.com/commons/usage/"),
        (8, "United States Government Work", "http://www.usa.gov/copyright.shtml"),
        (9, "Public Domain Dedication (CC0)", "https://creativecommons.org/publicdomain/zero/1.0/"),
        (10, "Public Domain Mark", "https://creativecommons.org/publicdomain/mark/1.0/"),
    ]

    static var payload: [(String, JSONValue)] {
        [
            (
                "licenses",
                .object([
                    (
                        "license",
                        .array(all.map { .object([("id", .int($0.id)), ("name", .string($0.name)), ("url", .string($0.url))]) })
                    )
                ])
            )
        ]
    }
}
