import Foundation
import SeededRandom
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

    /// Addresses plain but for non-ASCII (titles in page addresses): escaped as URL escapes them, or left to URL
    /// where it would do more ("%" in the text, non-ASCII in the host, a dot segment, a space).
    @Test func nonASCIIIsEscapedAsURLEscapesIt() {
        let pieces = [
            "é", "Hà_Nội", "🌅", "東京", "a\u{301}", "\u{A0}", "_(1)", ",", ";", "'", "*", "=", "&", "?", "/", ":", "@", "~", "%20", " ", ".",
            "/.", "#",
        ]
        let bases = [
            "https://commons.wikimedia.org/wiki/File:", "http://127.0.0.1:8080/w/", "https://x.org?q=", "https://é.org/", "https://x.org",
        ]
        var random = SeededGenerator(seed: 40)
        var escaped = 0
        for _ in 0..<3_000 {
            let text = random.pick(bases) + (0..<random.int(1...5)).map { _ in random.pick(pieces) }.joined()
            let url = URL(string: text)?.absoluteString
            if let encoded = AbsoluteAddress.encodingNonASCII(text) {
                escaped += 1
                #expect(encoded == url, "\(text)")
            }
            #expect(AbsoluteAddress.text(text) == url, "\(text)")
        }
        #expect(escaped > 300, "escaped \(escaped)")
        #expect(
            AbsoluteAddress.encodingNonASCII("http://127.0.0.1:44321/wiki/File:Sunset,_Hà_Nội_(53741118230).jpg")
                == "http://127.0.0.1:44321/wiki/File:Sunset,_H%C3%A0_N%E1%BB%99i_(53741118230).jpg")
        #expect(AbsoluteAddress.encodingNonASCII("https://x.org/é%20x") == nil)
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
