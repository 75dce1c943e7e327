import Testing

@testable import PhotoramaText

/// OSC 8 links: their exact bytes, addresses that cannot be targets, and the terminals that get none.
@Suite struct HyperlinkTests {
    @Test func wrapsTextInOSC8() {
        #expect(
            Hyperlink.wrap("page", address: "https://www.flickr.com/photos/a/1")
                == "\u{1B}]8;;https://www.flickr.com/photos/a/1\u{1B}\\page\u{1B}]8;;\u{1B}\\")
    }

    @Test func anAddressWithAControlByteOrAnotherSchemeIsNoTarget() {
        #expect(Hyperlink.wrap("x", address: "https://a.example/\u{1B}]8;;evil") == "x")
        #expect(Hyperlink.wrap("x", address: "https://a.example/\u{7}") == "x")
        #expect(Hyperlink.wrap("x", address: "https://a.example/ space") == "x")
        #expect(Hyperlink.wrap("x", address: "https://exämple.org/") == "x")
        #expect(Hyperlink.wrap("x", address: "file:///etc/passwd") == "x")
        #expect(Hyperlink.wrap("x", address: "javascript:alert(1)") == "x")
    }

    @Test func linksWholeAddressesInText() {
        let text = "Page   https://www.flickr.com/photos/a/1\nImage  https://live.example/cut…\nOwner  ann <https://x.example/l>\n"
        #expect(
            Hyperlink.linkAddresses(in: text)
                == "Page   \u{1B}]8;;https://www.flickr.com/photos/a/1\u{1B}\\https://www.flickr.com/photos/a/1\u{1B}]8;;\u{1B}\\\n"
                + "Image  https://live.example/cut…\nOwner  ann <\u{1B}]8;;https://x.example/l\u{1B}\\https://x.example/l\u{1B}]8;;\u{1B}\\>\n"
        )
    }

    @Test func offOnTheLinuxConsoleScreenDumbAndPipes() {
        #expect(Hyperlink.isSupported(term: "xterm-256color", isTerminal: true))
        #expect(Hyperlink.isSupported(term: "tmux-256color", isTerminal: true))
        #expect(!Hyperlink.isSupported(term: "xterm-256color", isTerminal: false))
        #expect(!Hyperlink.isSupported(term: "linux", isTerminal: true))
        #expect(!Hyperlink.isSupported(term: "screen", isTerminal: true))
        #expect(!Hyperlink.isSupported(term: "screen.xterm-256color", isTerminal: true))
        #expect(!Hyperlink.isSupported(term: "dumb", isTerminal: true))
        #expect(!Hyperlink.isSupported(term: nil, isTerminal: true))
    }
}
