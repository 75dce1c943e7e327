import ArgumentParser
import PhotoramaApp
import PhotoramaImages
import PhotoramaKit

/// How photos are drawn, for the browser and `photorama show`: `--images` (or PHOTORAMA_IMAGES) picks
/// the method, the colour depth follows the terminal unless `--colors` says otherwise, and `--symbols`
/// the block characters of a picture drawn as text, `--dither` how one in 256 or 16 colours mixes palette
/// entries (`ImageSettings`).
struct ImageOptions: ParsableArguments {
    @Option(
        name: .customLong("images"),
        help: ArgumentHelp(
            "How photos are drawn: \(ImageMode.choices) (default: $PHOTORAMA_IMAGES, else auto).",
            valueName: "mode"))
    var images: String?

    @Option(
        name: .customLong("colors"),
        help: ArgumentHelp("Colour depth for photos: \(ColorDepth.choices) (default: from the terminal).", valueName: "depth"))
    var colors: String?

    @Option(
        name: .customLong("symbols"),
        help: ArgumentHelp(
            "Block symbols for photos drawn as text: \(SymbolMode.choices) (default: $PHOTORAMA_SYMBOLS, else auto: sextant where the terminal draws them itself, quadrant where the font does).",
            valueName: "set"))
    var symbols: String?

    @Option(
        help: ArgumentHelp(
            "How a photo in 256 or 16 colours mixes palette entries: \(DitherMode.choices) (default: diffusion, where the photo varies).",
            valueName: "method"))
    var dither: String?

    func validate() throws {
        _ = try validating { try ImageSettings.resolve(images: images, colors: colors, symbols: symbols, environment: NoEnvironment()) }
    }
}
