import Foundation
import Testing

@testable import PhotoramaKit

/// The readers' shortcuts give what the slow path gives: addresses kept as text without `URL(string:)`,
/// and the search for hidden elements without Foundation's.
@Suite struct AbsoluteAddressTests {
    /// Text taken as it is must be what URL gives back; everything else goes through URL.
    @Test func plainAddressesAreWhatURLGivesBack() throws {
        let plain = [
            "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/B.jpg/320px-B.jpg?utm_source=x&utm_medium=y",
            "http://127.0.0.1:49152/commons-thumb/53800000001/320px-53800000001.jpg",
            "https://commons.wikimedia.org/wiki/File:Lone_tree_(1).jpg", "https://a.b/c%20d;e,f!g*h+i=j$k'l@m~n",
            "https://api.openverse.org/v1/images/0be4a1d2-7c3e-4f5a-9b6d-000000000001/thumb/", "https://x.org",
        ]
        for text in plain {
            #expect(AbsoluteAddress.isPlain(text), "\(text)")
            #expect(AbsoluteAddress.text(text) == URL(string: text)?.absoluteString, "\(text)")
        }
        let other = [
            "https://Upload.example.org/a", "https://x.org/a b", "https://x.org/é", "https://x.org/a#b", "https://x.org/./a",
            "https://x.org:0/a", "https://x.org:123456/a", "https://x.org/%zz", "ftp://x.org/a", "//x.org/a", "https://-x.org/",
            "https://user@x.org/", "https://[::1]/a", "relative/path",
        ]
        for text in other {
            #expect(!AbsoluteAddress.isPlain(text), "\(text)")
            let url = URL(string: text)
            #expect(AbsoluteAddress.text(text) == (url?.scheme == nil ? nil : url?.absoluteString), "\(text)")
            #expect(AbsoluteAddress.text(text, requiringScheme: false) == url?.absoluteString, "\(text)")
        }
    }

    @Test func theSearchForNoneFindsItInAnyCaseAndOverlapping() {
        for text in ["display:none", "NONE", "nonone", "nnone", "a NoNe b", "<span style=\"display: None;\">x</span>"] {
            #expect(HTMLText.mayContainNone(text), "\(text)")
        }
        for text in ["non", "no ne", "nonoe", "", "Noé none".replacingOccurrences(of: "none", with: "nine")] {
            #expect(!HTMLText.mayContainNone(text), "\(text)")
        }
        #expect(HTMLText.mayContainNone("Noé none"))
    }
}
