/// What flickr.photos.getExif tells about how a photo was taken, as the owner's camera wrote it
/// (Flickr's `clean` value where it gives one, else `raw`). Text from the server: sanitize before drawing.
public struct PhotoExif: Sendable, Hashable {
    public var camera: String?
    public var lens: String?
    /// "1/250 sec" or "0.004 sec (1/250)".
    public var exposure: String?
    /// "f/9.0".
    public var aperture: String?
    public var iso: String?
    /// "50 mm".
    public var focalLength: String?
    /// "2010:10:21 15:52:31" as the camera wrote it.
    public var dateTaken: String?

    public init(
        camera: String? = nil, lens: String? = nil, exposure: String? = nil, aperture: String? = nil, iso: String? = nil,
        focalLength: String? = nil, dateTaken: String? = nil
    ) {
        self.camera = camera
        self.lens = lens
        self.exposure = exposure
        self.aperture = aperture
        self.iso = iso
        self.focalLength = focalLength
        self.dateTaken = dateTaken
    }

    /// The known fields as (label, value), in the order the detail and `photorama exif` show them.
    public var fields: [(label: String, value: String)] {
        [
            ("Camera", camera), ("Lens", lens), ("Exposure", exposure), ("Aperture", aperture), ("ISO", iso),
            ("Focal length", focalLength), ("Date taken", dateTaken),
        ].compactMap { label, value in value.map { (label, $0) } }
    }
}

/// A photo's EXIF, or the owner's refusal to share it (Flickr's error 2), which is an answer and not a failure.
public enum ExifAnswer: Sendable, Hashable {
    case shown(PhotoExif)
    case hiddenByOwner

    /// The one line said for a refusal.
    public static let hiddenMessage = "The owner does not share this photo's EXIF"
}
