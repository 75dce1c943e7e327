import PhotoramaText

/// `photorama exif` and the licence line of `photorama info`.
extension OutputFormatter {
    /// A table of the known fields, or JSON with every field (null when unknown) and `hidden`.
    /// `ids` has nothing to list: the caller refuses it before asking.
    public static func exif(_ answer: ExifAnswer, photoID: String, format: OutputFormat, width: Int) -> String {
        let exif: PhotoExif
        switch answer {
        case .shown(let shown): exif = shown
        case .hiddenByOwner:
            if format == .json {
                return JSONOutput.object(["id": .string(photoID), "hidden": .bool(true)]).rendered()
            }
            return lines([ExifAnswer.hiddenMessage])
        }
        switch format {
        case .json:
            return JSONOutput.object([
                "id": .string(photoID), "hidden": .bool(false), "camera": .optional(exif.camera), "lens": .optional(exif.lens),
                "exposure": .optional(exif.exposure), "aperture": .optional(exif.aperture), "iso": .optional(exif.iso),
                "focalLength": .optional(exif.focalLength), "dateTaken": .optional(exif.dateTaken),
            ]).rendered()
        case .ids, .table:
            let rows = exif.fields.map { [$0.label, $0.value] }
            guard !rows.isEmpty else { return lines(["No EXIF for this photo"]) }
            return TextTable(columns: [.init("FIELD", shrinkable: false), .init("VALUE", minWidth: 10)], rows: rows).render(width: width)
        }
    }

    /// "Attribution License <https://creativecommons.org/licenses/by/2.0/>", or "Licence 4" when the
    /// list did not name the id.
    static func licenseText(_ detail: PhotoDetail) -> String? {
        if let license = detail.license {
            return license.url.map { "\(license.name) <\($0.absoluteString)>" } ?? license.name
        }
        if let tag = detail.photo.licenseTag { return tag.text }
        return detail.photo.licenseID.map { "Licence \($0)" }
    }
}
