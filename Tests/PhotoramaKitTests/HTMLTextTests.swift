import Testing

@testable import PhotoramaKit

@Suite struct HTMLTextTests {
    @Test(arguments: [
        ("<b>bold</b> text", "bold text"),
        ("a &lt; b &amp;&amp; c &gt; d", "a < b && c > d"),
        ("a < b", "a < b"),
        ("line<br>two<br/>three", "line\ntwo\nthree"),
        ("<p>one</p><p>two</p>", "one\ntwo"),
        ("&#39;q&#39; &#x1F600; &quot;x&quot;", "'q' 😀 \"x\""),
        ("&unknown; &amp", "&unknown; &amp"),
        ("  many    spaces\t here  ", "many spaces here"),
        ("&lt;script&gt;", "<script>"),
        ("caf&eacute; &nbsp;ok", "café ok"),
        ("", ""),
    ])
    func plainText(html: String, text: String) {
        #expect(HTMLText.plainText(html) == text)
    }
}
