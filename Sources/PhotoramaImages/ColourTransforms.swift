import CLCMS2
import PhotoramaLocking

/// Converts pixels from a file's embedded ICC profile to sRGB with Little CMS, so a Display P3 photo is
/// drawn with its own colours rather than its numbers read as sRGB (dull). One transform per profile,
/// built once and kept (at most `capacity`, the oldest dropped); a profile Little CMS cannot open, or one
/// that is not RGB, leaves the pixels as they are. Shared by the threads that decode: lcms transforms built
/// without their one-pixel cache are safe to use from several threads at once.
public final class ColourTransforms: Sendable {
    public static let capacity = 16

    private let transforms = Locked<[(profile: [UInt8], transform: Transform?)]>([])

    public init() {}

    /// Converts `image` in place from `profile`; returns whether it did.
    @discardableResult
    func convert(_ image: inout RGBImage, from profile: [UInt8]) -> Bool {
        guard let transform = transform(for: profile), image.width > 0 else { return false }
        transform.apply(to: &image.pixels, count: image.width * image.height)
        return true
    }

    /// The transform for `profile`, built on first use; nil for a profile that cannot be used.
    func transform(for profile: [UInt8]) -> Transform? {
        if let known = transforms.withLock({ list in list.first { $0.profile == profile } }) { return known.transform }
        // Built outside the lock: two threads meeting a new profile at once both build, one is kept.
        let built = Transform(profile: profile)
        return transforms.withLock { list in
            if let known = list.first(where: { $0.profile == profile }) { return known.transform }
            if list.count >= Self.capacity { list.removeFirst() }
            list.append((profile, built))
            return built
        }
    }

    /// One lcms transform from a profile to sRGB, 8-bit RGB in and out.
    final class Transform: @unchecked Sendable {
        // @unchecked: the handle is immutable after init and lcms allows concurrent cmsDoTransform calls on a
        // transform made with cmsFLAGS_NOCACHE.
        private let handle: cmsHTRANSFORM

        init?(profile: [UInt8]) {
            guard !profile.isEmpty, profile.count <= EmbeddedProfile.maxBytes else { return nil }
            let source = profile.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
            guard let source else { return nil }
            defer { cmsCloseProfile(source) }
            guard cmsGetColorSpace(source) == cmsSigRgbData, let sRGB = cmsCreate_sRGBProfile() else { return nil }
            defer { cmsCloseProfile(sRGB) }
            // TYPE_RGB_8: 3 channels of 1 byte (lcms2.h builds it with macros Swift cannot import).
            let rgb8 = cmsUInt32Number((4 << 16) | (3 << 3) | 1)
            guard
                let handle = cmsCreateTransform(
                    source, rgb8, sRGB, rgb8, cmsUInt32Number(INTENT_PERCEPTUAL), cmsUInt32Number(cmsFLAGS_NOCACHE))
            else { return nil }
            self.handle = handle
        }

        deinit { cmsDeleteTransform(handle) }

        /// In place: lcms reads each pixel before it writes it when the formats are the same size.
        func apply(to pixels: inout [UInt8], count: Int) {
            pixels.withUnsafeMutableBytes { buffer in
                // cmsDoTransform counts pixels in a 32-bit number: large images go in slices.
                let slice = 1 << 24
                var start = 0
                while start < count {
                    let length = min(slice, count - start)
                    let pointer = buffer.baseAddress.map { $0 + start * 3 }
                    cmsDoTransform(handle, pointer, pointer, cmsUInt32Number(length))
                    start += length
                }
            }
        }
    }
}
