import Foundation
import PhotoramaConfig
import PhotoramaImages
import PhotoramaKit
import PhotoramaTUI
import Testing

@testable import PhotoramaApp

/// `--dither` and the config file's `dither` reach the browser's pictures as they reach `show`'s: through
/// the one resolution of settings (`ImageSettings.dither`) to the drawer every browser picture goes through.
@Suite("The browser's pictures dithered as --dither and the config file say")
struct BrowserDitherTests {
    static func settings(flag: String? = nil, file: String? = nil) -> EffectiveSettings {
        var values = ConfigFileValues()
        values.dither = file
        return EffectiveSettings.resolve(commandLine: CommandLineSettings(dither: flag), environment: NoEnvironment(), file: values)
    }

    @Test("the config file's dither is used, --dither wins over it, diffusion when neither says")
    func settingPrecedence() throws {
        #expect(try ImageSettings.dither(Self.settings()) == .diffusion)
        #expect(try ImageSettings.dither(Self.settings(file: "none")) == DitherMode.none)
        #expect(try ImageSettings.dither(Self.settings(flag: "Ordered", file: "none")) == .ordered)
        #expect(throws: PhotoramaError.invalidInput("--dither must be none, ordered or diffusion (got \"dots\")")) {
            try ImageSettings.dither(Self.settings(flag: "dots"))
        }
    }

    @Test("the drawer draws 256-colour cells with the dither it was given, as show draws them")
    func drawerHonoursDither() throws {
        let image = Pictures.gradient(width: 64, height: 48)
        let request = ImageRequest(
            url: try #require(URL(string: "http://127.0.0.1/a.jpg")), columns: 32, rows: 12, drawing: .halfBlocks(.palette256))
        let area = CellSize(columns: 32, rows: 12)
        func cells(_ result: Result<Picture, ImageFailure>) -> CellImage? {
            if case .success(.cells(let cells)) = result { cells } else { nil }
        }
        func shown(_ dither: DitherMode) throws -> CellImage? {
            if case .cells(let cells) = try DrawnPicture.draw(
                image, in: area, as: .halfBlocks(.palette256), cell: PixelSize(width: 10, height: 20), kitty: .store(id: 0), dither: dither)
            {
                return cells
            }
            return nil
        }
        let plain = try #require(
            cells(PictureDrawer(cell: PixelSize(width: 10, height: 20), ids: PictureIDs(), dither: .none).draw(image, for: request)))
        let diffused = try #require(
            cells(PictureDrawer(cell: PixelSize(width: 10, height: 20), ids: PictureIDs()).draw(image, for: request)))
        #expect(plain == (try shown(.none)))
        #expect(diffused == (try shown(.diffusion)))
        #expect(plain != diffused)
    }
}

/// Red rises left to right, green top to bottom, blue fixed: colours between the palette's entries.
private enum Pictures {
    static func gradient(width: Int, height: Int) -> RGBImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), 128]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
