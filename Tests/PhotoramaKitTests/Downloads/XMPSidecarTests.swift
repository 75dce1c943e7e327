import Foundation
import PhotoramaKit
import Testing

@Suite("XMPSidecar: the packet beside a download")
struct XMPSidecarTests {
    @Test("every field, in the packet darktable, digiKam and exiftool read")
    func wholeDocument() {
        let sidecar = XMPSidecar(
            title: "Harbour at dusk", creator: "Ana Perić", licenseName: "Attribution License",
            licenseURL: "https://creativecommons.org/licenses/by/2.0/", source: "https://www.flickr.com/photos/ana/123/")
        #expect(
            sidecar.document == """
                <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
                <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Photorama">
                 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                  <rdf:Description rdf:about=""
                    xmlns:dc="http://purl.org/dc/elements/1.1/"
                    xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"
                    xmlns:cc="http://creativecommons.org/ns#">
                   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Harbour at dusk</rdf:li></rdf:Alt></dc:title>
                   <dc:creator><rdf:Seq><rdf:li>Ana Perić</rdf:li></rdf:Seq></dc:creator>
                   <dc:rights><rdf:Alt><rdf:li xml:lang="x-default">Attribution License</rdf:li></rdf:Alt></dc:rights>
                   <dc:source>https://www.flickr.com/photos/ana/123/</dc:source>
                   <xmpRights:WebStatement>https://creativecommons.org/licenses/by/2.0/</xmpRights:WebStatement>
                   <cc:license rdf:resource="https://creativecommons.org/licenses/by/2.0/"/>
                  </rdf:Description>
                 </rdf:RDF>
                </x:xmpmeta>
                <?xpacket end="w"?>

                """)
    }

    @Test("hostile text: escapes and controls removed, markup escaped, XML's non-characters dropped, empty fields left out")
    func hostileText() {
        let sidecar = XMPSidecar(
            title: "a</rdf:li>\u{1B}]0;pwned\u{07}<b> & \"q\" 'x'\u{0}\u{FFFE}\nnext", creator: "\u{202E}evil\u{1B}[2J",
            licenseName: "", licenseURL: nil, source: "https://x/?a=1&b=2")
        let lines = sidecar.document.split(separator: "\n").filter { $0.hasPrefix("   <") }
        #expect(
            lines == [
                "   <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">a&lt;/rdf:li&gt;&lt;b&gt; &amp; &quot;q&quot; &apos;x&apos; next</rdf:li></rdf:Alt></dc:title>",
                "   <dc:creator><rdf:Seq><rdf:li>evil</rdf:li></rdf:Seq></dc:creator>",
                "   <dc:source>https://x/?a=1&amp;b=2</dc:source>",
            ])
        #expect(!sidecar.document.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test("from a photo's info: the owner's real name, else the user name, and the licence by name and address")
    func fromDetail() throws {
        let photo = Photo(
            provider: .flickr, id: "7", title: "Quay", owner: "ana_p", pageURL: URL(string: "https://www.flickr.com/photos/ana_p/7/"))
        let licence = PhotoLicense(id: 4, name: "Attribution License", url: URL(string: "https://creativecommons.org/licenses/by/2.0/"))
        var detail = PhotoDetail(photo: photo, ownerUsername: "ana_p", ownerRealName: "Ana Perić")
        detail.license = licence
        #expect(
            XMPSidecar(detail)
                == XMPSidecar(
                    title: "Quay", creator: "Ana Perić", licenseName: "Attribution License",
                    licenseURL: "https://creativecommons.org/licenses/by/2.0/", source: "https://www.flickr.com/photos/ana_p/7/"))
        detail.ownerRealName = nil
        detail.license = PhotoLicense(id: 0, name: "All Rights Reserved")
        #expect(
            XMPSidecar(detail)
                == XMPSidecar(
                    title: "Quay", creator: "ana_p", licenseName: "All Rights Reserved", source: "https://www.flickr.com/photos/ana_p/7/"))
    }

    @Test("written beside the picture as NAME.EXT.xmp, 0644; one already there is the user's and stays")
    func writeBeside() throws {
        let folder = NSTemporaryDirectory() + "photorama-xmp-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let picture = folder + "/Harbour - 1.jpg"
        #expect(XMPSidecar.path(for: picture) == picture + ".xmp")
        try XMPSidecar(title: "Harbour", creator: "Ana").write(besidePicture: picture)
        let written = try String(contentsOfFile: picture + ".xmp", encoding: .utf8)
        #expect(written.contains("<rdf:li xml:lang=\"x-default\">Harbour</rdf:li>"))
        let attributes = try FileManager.default.attributesOfItem(atPath: picture + ".xmp")
        #expect((attributes[.posixPermissions] as? Int) == 0o644)

        try XMPSidecar(title: "Other", creator: "Bo").write(besidePicture: picture)
        #expect(try String(contentsOfFile: picture + ".xmp", encoding: .utf8) == written)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Harbour - 1.jpg.xmp"])
    }
}
