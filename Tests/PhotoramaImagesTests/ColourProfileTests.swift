import CLCMS2
import CZlib
import Foundation
import TestProcesses
import Testing

@testable import PhotoramaImages

/// Embedded ICC profiles converted to sRGB, against ImageMagick's `-profile` conversion (Little CMS too) of
/// the same Display P3 file. The P3 profile is built here with lcms (P3 primaries, D65, sRGB's curve).
@Suite("Colour: embedded ICC profiles to sRGB")
final class ColourProfileTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "photorama-icc-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    }

    /// Each test's folder goes with it, whatever the test did.
    deinit { try? FileManager.default.removeItem(atPath: folder) }

    // MARK: - Profiles and files
    /// Display P3: DCI-P3 primaries, D65 white, the sRGB transfer curve (Apple's definition).
    static func displayP3() throws -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
            Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        let parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = try #require(parameters.withUnsafeBufferPointer { cmsBuildParametricToneCurve(nil, 4, $0.baseAddress) })
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let profile = try #require(curves.withUnsafeMutableBufferPointer { cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) })
        defer { cmsCloseProfile(profile) }
        return try save(profile)
    }

    static func sRGB() throws -> [UInt8] {
        let profile = try #require(cmsCreate_sRGBProfile())
        defer { cmsCloseProfile(profile) }
        return try save(profile)
    }

    static func save(_ profile: cmsHPROFILE) throws -> [UInt8] {
        var length: cmsUInt32Number = 0
        try #require(cmsSaveProfileToMem(profile, nil, &length) != 0)
        var bytes = [UInt8](repeating: 0, count: Int(length))
        try #require(bytes.withUnsafeMutableBytes { cmsSaveProfileToMem(profile, $0.baseAddress, &length) } != 0)
        return bytes
    }

    /// A 64×48 pattern of saturated and mid colours, as a binary PPM.
    static func pattern() -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<64 {
                pixels += [UInt8(x * 4), UInt8(y * 5), UInt8(255 - x * 2)]
                if x % 16 == 0 { pixels.replaceSubrange((pixels.count - 3)..., with: [200, 100, 50]) }
            }
        }
        return Array("P6\n64 48\n255\n".utf8) + pixels
    }

    func convert(_ arguments: [String]) async throws {
        let errors = folder + "/convert.err"
        let child = try ChildProcess(
            "/usr/bin/convert", arguments, environment: ProcessInfo.processInfo.environment, streams: .init(stderr: errors))
        let status = await child.exitStatus(within: .seconds(60))
        #expect(status == 0, "convert \(arguments): \(CapturedOutput.text(atPath: errors))")
    }

    /// The pixels of a binary PPM ImageMagick wrote (8-bit).
    func ppmPixels(_ path: String) throws -> [UInt8] {
        let bytes = try #require(FileManager.default.contents(atPath: path).map(Array.init))
        // "P6", width, height, maxval, each followed by one whitespace byte.
        var fields = 0
        var index = 0
        while fields < 4, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
            while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x0A { index += 1 }
            fields += 1
        }
        return Array(bytes[(index + 1)...])
    }

    /// A P3-tagged file (the profile assigned, the numbers unchanged), and ImageMagick's sRGB conversion of it.
    func p3File(_ name: String, quality: [String] = []) async throws -> (bytes: [UInt8], reference: [UInt8]) {
        try Data(Self.pattern()).write(to: URL(fileURLWithPath: folder + "/pattern.ppm"))
        try Data(try Self.displayP3()).write(to: URL(fileURLWithPath: folder + "/p3.icc"))
        try Data(try Self.sRGB()).write(to: URL(fileURLWithPath: folder + "/srgb.icc"))
        try await convert([folder + "/pattern.ppm", "-profile", folder + "/p3.icc"] + quality + [folder + "/" + name])
        try await convert([folder + "/" + name, "-profile", folder + "/srgb.icc", "-depth", "8", folder + "/reference.ppm"])
        let bytes = try #require(FileManager.default.contents(atPath: folder + "/" + name).map(Array.init))
        return (bytes, try ppmPixels(folder + "/reference.ppm"))
    }

    /// The profile `p3File` embedded (built once there: a profile built again later has another creation date).
    func writtenProfile() throws -> [UInt8] {
        try #require(FileManager.default.contents(atPath: folder + "/p3.icc").map(Array.init))
    }

    static func differences(_ a: [UInt8], _ b: [UInt8]) -> (largest: Int, mean: Double) {
        let each = zip(a, b).map { abs(Int($0) - Int($1)) }
        return (each.max() ?? 0, Double(each.reduce(0, +)) / Double(max(each.count, 1)))
    }

    // MARK: - Against ImageMagick
    /// Decodes the P3 file `name` with and without colour management against ImageMagick's conversion:
    /// within one level with it (ImageMagick converts in 16 bits and rounds once; an 8-bit lcms transform
    /// may differ by one), far from it without. Returns both decodes and the reference.
    func compareWithImageMagick(_ name: String, quality: [String] = []) async throws -> (
        converted: RGBImage, plain: RGBImage, reference: [UInt8]
    ) {
        let (bytes, reference) = try await p3File(name, quality: quality)
        #expect(EmbeddedProfile.read(bytes.span) == (try writtenProfile()))
        let converted = try ImageDecoder.decode(bytes, colour: ColourTransforms())
        let plain = try ImageDecoder.decode(bytes)
        #expect(converted.pixels.count == reference.count)
        #expect(Self.differences(converted.pixels, reference).largest <= 1)
        #expect(Self.differences(plain.pixels, reference).mean > 5)
        return (converted, plain, reference)
    }

    @Test("a Display P3 PNG (iCCP) comes out as ImageMagick converts it; read as sRGB it would not")
    func p3PNG() async throws {
        let (converted, plain, reference) = try await compareWithImageMagick("p3.png")
        // P3's (200, 100, 50) is a more saturated orange than the same numbers in sRGB: 215, 93, 31 here,
        // 214, 92, 30 from ImageMagick's 16-bit path.
        #expect(Array(converted.pixels[0..<3]) == [215, 93, 31])
        #expect(Array(reference[0..<3]) == [214, 92, 30])
        #expect(Array(plain.pixels[0..<3]) == [200, 100, 50])
    }

    @Test("a Display P3 JPEG (APP2 ICC_PROFILE) comes out as ImageMagick converts it")
    func p3JPEG() async throws {
        _ = try await compareWithImageMagick("p3.jpg", quality: ["-quality", "95"])
    }

    @Test("Tests/Fixtures/icc/display-p3.icc, which the end-to-end tests use, is this profile (its creation date aside)")
    func committedProfile() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/icc/display-p3.icc").path
        var committed = try #require(FileManager.default.contents(atPath: path).map(Array.init))
        var built = try Self.displayP3()
        try #require(committed.count == built.count && built.count > 128)
        committed.replaceSubrange(24..<36, with: [UInt8](repeating: 0, count: 12))
        built.replaceSubrange(24..<36, with: [UInt8](repeating: 0, count: 12))
        #expect(committed == built)
    }

    // MARK: - Reading the profile
    /// A JPEG with `chunks` as APP2 ICC_PROFILE segments (number, count, data) right after SOI.
    static func jpeg(withChunks chunks: [(UInt8, UInt8, [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for (number, count, data) in chunks {
            let contents = EmbeddedProfile.jpegHeader + [number, count] + data
            bytes += [0xFF, 0xE2, UInt8((contents.count + 2) >> 8), UInt8((contents.count + 2) & 0xFF)] + contents
        }
        return bytes + [0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9]
    }

    @Test("JPEG chunks are joined in their numbers' order, whatever order they come in")
    func jpegChunks() {
        let bytes = Self.jpeg(withChunks: [(2, 3, [4, 5]), (1, 3, [1, 2, 3]), (3, 3, [6])])
        #expect(EmbeddedProfile.read(bytes.span) == [1, 2, 3, 4, 5, 6])
    }

    @Test(
        "a chunk missing, repeated, numbered 0 or past the count, or counts that disagree: no profile",
        arguments: [
            [(1, 3, [1]), (3, 3, [3])],
            [(1, 2, [1]), (1, 2, [1]), (2, 2, [2])],
            [(0, 1, [1])],
            [(2, 1, [1])],
            [(1, 2, [1]), (2, 3, [2])],
        ] as [[(UInt8, UInt8, [UInt8])]])
    func jpegChunksNotWhole(_ chunks: [(UInt8, UInt8, [UInt8])]) {
        #expect(EmbeddedProfile.read(Self.jpeg(withChunks: chunks).span) == nil)
    }

    @Test("a profile lcms cannot open leaves the pixels as decoded, and the failure is remembered once")
    func garbageProfile() throws {
        let colours = ColourTransforms()
        var image = RGBImage(width: 2, height: 1, pixels: [200, 100, 50, 1, 2, 3])
        #expect(!colours.convert(&image, from: Array(repeating: 0x41, count: 300)))
        #expect(image.pixels == [200, 100, 50, 1, 2, 3])
        #expect(colours.transform(for: Array(repeating: 0x41, count: 300)) == nil)
    }

    @Test("one transform per profile, kept and shared; at most `capacity` kept")
    func cache() throws {
        let colours = ColourTransforms()
        let p3 = try Self.displayP3()
        let first = try #require(colours.transform(for: p3))
        #expect(colours.transform(for: p3) === first)
        // Profiles that differ only in their description are different keys.
        for number in 0..<ColourTransforms.capacity { _ = colours.transform(for: p3 + [UInt8(number)]) }
        #expect(colours.transform(for: p3) !== first)
    }

    // MARK: - PNG iCCP
    /// A PNG signature, an iCCP chunk with `stream` after "icc\0\0", and IEND (CRCs are not checked here).
    static func png(iccp stream: [UInt8]) -> [UInt8] {
        let data = Array("icc".utf8) + [0, 0] + stream
        let length = [UInt8(data.count >> 24), UInt8((data.count >> 16) & 0xFF), UInt8((data.count >> 8) & 0xFF), UInt8(data.count & 0xFF)]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + length + Array("iCCP".utf8) + data + [0, 0, 0, 0]
            + [0, 0, 0, 0] + Array("IEND".utf8) + [0, 0, 0, 0]
    }

    @Test("a truncated iCCP stream is no profile")
    func truncatedStream() throws {
        let whole = try Self.displayP3()
        // zlib's own stream of the profile, cut short.
        let stream = try Self.deflate(whole)
        #expect(EmbeddedProfile.read(Self.png(iccp: stream).span) == whole)
        #expect(EmbeddedProfile.read(Self.png(iccp: Array(stream.prefix(stream.count / 2))).span) == nil)
    }

    @Test("a small stream that inflates past 4 MiB (a bomb) is no profile")
    func bomb() throws {
        let stream = try Self.deflate([UInt8](repeating: 0, count: EmbeddedProfile.maxBytes + 1))
        #expect(stream.count < 10_000)
        #expect(EmbeddedProfile.read(Self.png(iccp: stream).span) == nil)
    }

    /// zlib's own compression of `bytes`.
    static func deflate(_ bytes: [UInt8]) throws -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { compress2(out.baseAddress, &length, $0.baseAddress, uLong($0.count), 9) }
        }
        try #require(status == Z_OK)
        return Array(output.prefix(Int(length)))
    }
}
