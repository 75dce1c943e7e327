import Foundation
import SeededRandom

/// The EXIF a demo photo's camera wrote, made from the photo's id when asked for. Every sixth member
/// hides their EXIF, as some Flickr members do.
enum DemoExif {
    static func hidden(_ photo: DemoPhoto) -> Bool { photo.ownerIndex % 6 == 5 }

    /// EXIF's Make and Model, and the `camera` name Flickr shows for them.
    private static let cameras: [(make: String, model: String, name: String, lenses: [String])] = [
        ("Canon", "Canon EOS 5D Mark IV", "Canon EOS 5D Mark IV", ["EF24-70mm f/2.8L II USM", "EF50mm f/1.8 STM"]),
        ("NIKON CORPORATION", "NIKON D850", "Nikon D850", ["24.0-70.0 mm f/2.8", "50.0 mm f/1.4"]),
        ("SONY", "ILCE-7RM3", "Sony ILCE-7RM3", ["FE 24-105mm F4 G OSS", "FE 85mm F1.8"]),
        ("FUJIFILM", "X-T3", "Fujifilm X-T3", ["XF23mmF2 R WR", "XF16-55mmF2.8 R LM WR"]),
        ("Apple", "iPhone 13 Pro", "Apple iPhone 13 Pro", ["iPhone 13 Pro back triple camera 5.7mm f/1.5"]),
    ]

    /// `exif[]` entries as Flickr sends them: tagspace, tag, label, raw and (for some) clean.
    static func entries(_ photo: DemoPhoto) -> [JSONValue] {
        var random = SeededGenerator(seed: photo.id ^ 0xE41F)
        let camera = random.pick(cameras)
        let lens = random.pick(camera.lenses)
        let exposure = random.pick([
            ("1/250", "0.004 sec (1/250)"), ("1/60", "0.017 sec (1/60)"), ("1/1000", "0.001 sec (1/1000)"), ("2", "2 sec"),
        ])
        let aperture = random.pick(["1.8", "2.8", "4.0", "5.6", "8.0", "11.0"])
        let iso = random.pick(["100", "200", "400", "800", "1600", "3200"])
        let focal = random.int(14...200)
        let date = photo.dateTaken.replacingOccurrences(of: "-", with: ":")
        func entry(_ space: String, _ tag: String, _ label: String, _ raw: String, _ clean: String? = nil) -> JSONValue {
            var members: [(String, JSONValue)] = [
                ("tagspace", .string(space)), ("tagspaceid", .int(0)), ("tag", .string(tag)), ("label", .string(label)),
                ("raw", .content(raw)),
            ]
            if let clean { members.append(("clean", .content(clean))) }
            return .object(members)
        }
        return [
            entry("IFD0", "Make", "Make", camera.make),
            entry("IFD0", "Model", "Model", camera.model),
            entry("ExifIFD", "ExposureTime", "Exposure", exposure.0, exposure.1),
            entry("ExifIFD", "FNumber", "Aperture", aperture, "f/\(aperture)"),
            entry("ExifIFD", "ISO", "ISO Speed", iso),
            entry("ExifIFD", "DateTimeOriginal", "Date and Time (Original)", date),
            entry("ExifIFD", "FocalLength", "Focal Length", "\(focal).0 mm", "\(focal) mm"),
            entry("ExifIFD", "LensModel", "Lens Model", lens),
        ]
    }

    static func camera(_ photo: DemoPhoto) -> String {
        var random = SeededGenerator(seed: photo.id ^ 0xE41F)
        return random.pick(cameras).name
    }
}
