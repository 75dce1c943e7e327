import Testing

@testable import DemoServer

/// The word index splits ASCII text byte by byte; it must give exactly what the character-by-character
/// rule gives, for every ASCII text of the catalog and for the edges of the rule.
@Suite struct TextTokensTests {
    @Test func asciiTextSplitsAsTheCharacterRuleSplitsIt() {
        let edges = [
            "", "Sunset", "GOLDEN hour, Paris #12", "Taken near <a href=\"https://example.com/x\">More</a> here", "a<b", "x>y<z>w",
            "IMG_1234", "new-york\r\nlondon\tberlin", "it's 3pm", "<b>Bold</b> <i>x", "café".filter(\.isASCII), "~!@#$%^&*()_+{}|:\"<>?",
        ]
        for text in edges {
            #expect(TextTokens.asciiTokens(text) == TextTokens.characterTokens(text), "\(text)")
        }
        let catalog = DemoCatalog(seed: 1)
        var checked = 0
        for photo in catalog.photos.prefix(3000) {
            for text in [photo.title, photo.description] + photo.tags where text.utf8.allSatisfy({ $0 < 0x80 }) {
                #expect(TextTokens.asciiTokens(text) == TextTokens.characterTokens(text), "\(text)")
                checked += 1
            }
        }
        #expect(checked > 5000)
    }
}
