import PhotoramaFiles
import PhotoramaText

#if canImport(Glibc)
    import Glibc
#endif

/// What a download's XMP sidecar says about the picture: title, creator, licence and where it came from.
/// darktable and digiKam read `NAME.EXT.xmp` beside `NAME.EXT`; the packet uses Dublin Core, XMP Rights
/// Management and Creative Commons' namespace, as both (and exiftool) understand them.
public struct XMPSidecar: Sendable, Equatable {
    public var title: String
    public var creator: String
    /// The licence's name ("Attribution-ShareAlike License") and address; nil when the service did not say.
    public var licenseName: String?
    public var licenseURL: String?
    /// The photo's page on the service.
    public var source: String?

    public init(title: String, creator: String, licenseName: String? = nil, licenseURL: String? = nil, source: String? = nil) {
        self.title = title
        self.creator = creator
        self.licenseName = licenseName
        self.licenseURL = licenseURL
        self.source = source
    }

    /// The sidecar of a photo as its info call describes it.
    public init(_ detail: PhotoDetail) {
        let photo = detail.photo
        self.init(
            title: photo.title, creator: detail.ownerRealName ?? detail.ownerUsername ?? photo.owner,
            licenseName: detail.license?.name ?? photo.licenseTag?.name,
            licenseURL: detail.license?.url?.absoluteString ?? photo.licenseTag?.address, source: photo.pageURL?.absoluteString)
    }

    /// The sidecar's path for a picture at `picture`.
    public static func path(for picture: String) -> String { picture + ".xmp" }

    /// The XMP packet. Text from the service passes the sanitizer (no controls, escapes or bidi tricks reach
    /// a tool that prints it), loses what XML 1.0 cannot hold, and is escaped; empty fields are left out.
    public var document: String {
        var fields: [String] = []
        let title = Self.text(title)
        if !title.isEmpty { fields.append("   <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(title)</rdf:li></rdf:Alt></dc:title>") }
        let creator = Self.text(creator)
        if !creator.isEmpty { fields.append("   <dc:creator><rdf:Seq><rdf:li>\(creator)</rdf:li></rdf:Seq></dc:creator>") }
        if let name = licenseName.map(Self.text), !name.isEmpty {
            fields.append("   <dc:rights><rdf:Alt><rdf:li xml:lang=\"x-default\">\(name)</rdf:li></rdf:Alt></dc:rights>")
        }
        if let source = source.map(Self.text), !source.isEmpty { fields.append("   <dc:source>\(source)</dc:source>") }
        if let url = licenseURL.map(Self.text), !url.isEmpty {
            fields.append("   <xmpRights:WebStatement>\(url)</xmpRights:WebStatement>")
            fields.append("   <cc:license rdf:resource=\"\(url)\"/>")
        }
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Photorama">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""
                xmlns:dc="http://purl.org/dc/elements/1.1/"
                xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"
                xmlns:cc="http://creativecommons.org/ns#">
            \(fields.joined(separator: "\n"))
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>

            """
    }

    /// Writes the sidecar beside `picture` (0644, like the picture; atomically). One already there is left
    /// as it is: it may be the user's own edits.
    public func write(besidePicture picture: String) throws(FileFailure) {
        do {
            try PrivateFile.write(Array(document.utf8), to: Self.path(for: picture), mode: 0o644, placement: .keepExisting)
        } catch  where error.code == EEXIST {
            return
        }
    }

    /// One line of text from a service, safe inside an XML element or attribute.
    static func text(_ raw: String) -> String {
        var escaped = ""
        for scalar in Sanitizer.singleLine(raw).unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            // XML 1.0's Char production leaves out U+FFFE and U+FFFF (surrogates cannot occur in a String).
            case "\u{FFFE}", "\u{FFFF}": continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
