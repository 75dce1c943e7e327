import CEXIF

/// The EXIF orientation tag (1–8): how the stored pixels must be turned to stand upright.
struct ExifOrientation: Equatable {
    let value: Int

    /// Orientations 5–8 turn the image a quarter: width and height trade places.
    var swapsAxes: Bool { value >= 5 && value <= 8 }

    /// The tag of a JPEG's APP1 segment, read with libexif; 1 (as stored) when absent or unreadable.
    static func read(_ jpeg: Span<UInt8>) -> ExifOrientation {
        // libexif scans for the APP1 marker itself; only the first 256 KiB can hold it (passed in place:
        // a copy was 64 page faults of every `show`).
        let data: UnsafeMutablePointer<ExifData>? = jpeg.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return exif_data_new_from_data(base, UInt32(min(buffer.count, 256 * 1024)))
        }
        guard let data else { return ExifOrientation(value: 1) }
        defer { exif_data_unref(data) }
        let order = exif_data_get_byte_order(data)
        for ifd in 0..<Int(EXIF_IFD_COUNT.rawValue) {
            guard let content = withUnsafePointer(to: &data.pointee.ifd, { pointer in
                pointer.withMemoryRebound(to: UnsafeMutablePointer<ExifContent>?.self, capacity: Int(EXIF_IFD_COUNT.rawValue)) { $0[ifd] }
            }) else { continue }
            guard let entry = exif_content_get_entry(content, EXIF_TAG_ORIENTATION),
                entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1, entry.pointee.size >= 2,
                let bytes = entry.pointee.data
            else { continue }
            let value = Int(exif_get_short(bytes, order))
            return ExifOrientation(value: (1...8).contains(value) ? value : 1)
        }
        return ExifOrientation(value: 1)
    }

    /// The upright image.
    func apply(to image: RGBImage) -> RGBImage {
        guard value != 1, image.width > 0 else { return image }
        let width = image.width
        let height = image.height
        let outWidth = swapsAxes ? height : width
        let outHeight = swapsAxes ? width : height
        var out = [UInt8](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<width {
                        // Where the stored pixel (x, y) goes in the upright image.
                        let (u, v): (Int, Int)
                        switch value {
                        case 2: (u, v) = (width - 1 - x, y)
                        case 3: (u, v) = (width - 1 - x, height - 1 - y)
                        case 4: (u, v) = (x, height - 1 - y)
                        case 5: (u, v) = (y, x)
                        case 6: (u, v) = (height - 1 - y, x)
                        case 7: (u, v) = (height - 1 - y, width - 1 - x)
                        default: (u, v) = (y, width - 1 - x)  // 8
                        }
                        let from = (y * width + x) * 3
                        let to = (v * outWidth + u) * 3
                        target[to] = source[from]
                        target[to + 1] = source[from + 1]
                        target[to + 2] = source[from + 2]
                    }
                }
            }
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: out)
    }
}
