/// A demo landscape as a JPEG at any size, for benchmarks that need a big real photo on disk
/// (a 4000×3000 file to compare `photorama show` with chafa and timg).
public enum SampleImage {
    public static func jpeg(width: Int, height: Int, seed: UInt64 = 7, quality: Int32 = 90) -> [UInt8] {
        let kinds: [Subject.SceneKind] = [.sunset, .water, .night, .city, .nature, .snow]
        let kind = kinds[Int(seed % UInt64(kinds.count))]
        let pixels = SceneRenderer(seed: seed, kind: kind)
            .render(width: max(1, width), height: max(1, height), frameWidth: max(1, width), frameHeight: max(1, height))
        return JPEGEncoder.encode(rgb: pixels, width: max(1, width), height: max(1, height), quality: quality)
    }
}
