import Foundation
import PhotoramaConfig
import PhotoramaImages
import PhotoramaKit
import PhotoramaTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// One `photorama show`: what to print and how, whichever parser read the command line (ArgumentParser's
/// `Show`, or `QuickShow` for the common case of a file and plain options).
package struct ShowJob: Equatable, Sendable {
    package var photo: String
    package var size: String?
    package var images: String?
    package var colors: String?
    /// `--symbols`: the block symbols of a picture drawn as text.
    package var symbols: String?
    /// `--dither`: how 256- and 16-colour cells mix palette entries.
    package var dither: String?
    package var provider: Provider

    package init(
        photo: String, size: String? = nil, images: String? = nil, colors: String? = nil, symbols: String? = nil,
        dither: String? = nil, provider: Provider
    ) {
        self.photo = photo
        self.size = size
        self.images = images
        self.colors = colors
        self.symbols = symbols
        self.dither = dither
        self.provider = provider
    }

    /// The checks of the command line, for `Show.validate` and `QuickShow` alike. `--images` and `--colors`
    /// are resolved without the environment: their values are checked here, the terminal's depth at run.
    package func validate() throws(PhotoramaError) {
        if let size, CellSize(sizeOption: size) == nil {
            throw .invalidInput("--size must be COLUMNSxROWS with each between 1 and 1000 (got \"\(size)\")")
        }
        // Only `--images none` resolves to no drawing without the environment.
        if try ImageSettings.resolve(images: images, colors: colors, symbols: symbols, environment: NoEnvironment()) == nil {
            throw .invalidInput("--images none draws nothing; use blocks or ascii")
        }
        if let dither, DitherMode(setting: dither) == nil {
            throw .invalidInput("--dither must be \(DitherMode.choices) (got \"\(dither)\")")
        }
    }

    /// Prints the photo from a file, a URL or a photo id (`Show`; `QuickShow` calls `runFile`).
    package func run(services: ServiceOptions) async throws {
        let settings = settings(config: ConfigContext.file.values)
        let terminal = ask(settings)
        defer { TerminalQuery.release(terminal, wait: Self.lateAnswerWait, environment: ProcessEnvironment()) }
        let plan = try plan(settings: settings, terminal: terminal)
        if let file = ImageFile(path: photo) {
            try file.read(limit: LoadLimits.image.maxBodyBytes).withBytes { bytes in try draw(bytes, plan) }
        } else if !ImageFile.isPath(photo) {
            let fetched = try await fetch(covering: plan.covering, services: services)
            try draw(fetched.span, plan)
        } else {
            throw CommandFailure("no such file: \(photo)", status: 1)
        }
    }

    /// Prints the photo from the file `photo` names, on the calling thread: `QuickShow` runs it before
    /// any task is started, as creating the concurrency pool's threads and hopping to them took a
    /// fifth of a small `show`. `config` is what the config file says.
    package func runFile(config: ConfigFileValues) throws {
        let settings = settings(config: config)
        let terminal = ask(settings)
        defer { TerminalQuery.release(terminal, wait: Self.lateAnswerWait, environment: ProcessEnvironment()) }
        let plan = try plan(settings: settings, terminal: terminal)
        guard let file = ImageFile(path: photo) else { throw CommandFailure("no such file: \(photo)", status: 1) }
        try file.read(limit: LoadLimits.image.maxBodyBytes).withBytes { bytes in try draw(bytes, plan) }
    }

    // MARK: - The plan
    /// How and where the photo is drawn, settled before any byte is read.
    private struct Plan {
        var drawing: ImageDrawing
        var area: CellSize
        /// The pixels the decoder must cover.
        var covering: PixelSize
        /// The terminal's cell in pixels, for kitty and sixel.
        var cell: PixelSize
        /// kitty inside tmux: placeholders in tmux's cells, the image through its passthrough.
        var placeholders = false
        var dither = DitherMode.diffusion
        /// A sixel picture's palette size: the terminal's colour registers, 256 when it was not asked.
        var sixelColors = SixelEncoder.maximumColors
        /// How a kitty picture travels: by name when kitty on this machine said it reads them so.
        var kittyMedium = KittyMedium.stream
    }

    /// How long `show` waits at its end for answers that missed the probe's deadline, which would
    /// otherwise reach the shell as typing: only then, and only until DA1's answer.
    static let lateAnswerWait = Duration.milliseconds(500)

    /// The terminal's answers when `auto` asks them; keys typed meanwhile go back to the terminal's
    /// input, for the shell after `show`.
    private func ask(_ settings: EffectiveSettings) -> TerminalCapabilities? {
        guard isatty(1) == 1 else { return nil }
        return TerminalQuery.capabilities(settings: settings, environment: ProcessEnvironment(), typeAhead: .returnToTerminal)
    }

    /// `--images` and `--symbols` over the environment and the config file, resolved once per show.
    private func settings(config: ConfigFileValues) -> EffectiveSettings {
        EffectiveSettings.resolve(
            commandLine: CommandLineSettings(images: images, symbols: symbols, dither: dither), environment: ProcessEnvironment(),
            file: config)
    }

    private func plan(settings: EffectiveSettings, terminal: TerminalCapabilities?) throws -> Plan {
        let environment = ProcessEnvironment()
        let chosen = try ImageSettings.resolve(
            settings: settings, colors: colors, environment: environment, outputIsTerminal: isatty(1) == 1, terminal: terminal)
        guard let drawing = chosen else {
            throw CommandFailure("--images none draws nothing; use blocks or ascii", status: 2)
        }
        let area = size.flatMap(CellSize.init(sizeOption:)) ?? CellSize.forStandardOutput()
        guard drawing.usesGraphicsProtocol else {
            let dither = try ImageSettings.dither(settings)
            let perCell = PixelFit.samples(for: drawing, terminalCell: PixelFit.halfBlock)
            return Plan(
                drawing: drawing, area: area, covering: Self.covering(area, perCell), cell: CellPixelSize.fallback, dither: dither)
        }
        let cell = terminal?.cellPixels ?? (isatty(1) == 1 ? CellPixelSize.of(fileDescriptor: 1) : CellPixelSize.fallback)
        let processEnvironment = ProcessInfo.processInfo.environment
        let placeholders = drawing == .kitty && isatty(1) == 1 && TmuxPane.isInside(processEnvironment)
        if placeholders, let refused = TmuxPane.allowPassthroughBlocking(environment: processEnvironment) {
            throw CommandFailure(refused, status: 1)
        }
        // Covering the area's width alone is enough for any aspect ratio: an image limited by the height
        // is narrower than the area but, decoded that wide, already taller than it. Asking for the full
        // area would decode a landscape photo twice as large in each dimension as needed.
        return Plan(
            drawing: drawing, area: area, covering: PixelSize(width: area.columns * cell.width, height: 1), cell: cell,
            placeholders: placeholders, sixelColors: terminal?.sixelColors ?? SixelEncoder.maximumColors,
            kittyMedium: placeholders ? .stream : terminal?.kittyMedium ?? .stream)
    }

    static func covering(_ area: CellSize, _ perCell: PixelSize) -> PixelSize {
        PixelSize(width: area.columns * perCell.width, height: area.rows * perCell.height)
    }

    // MARK: - Drawing
    /// Decodes `bytes` at the smallest scale that covers the plan and writes the drawing to stdout: cells as
    /// text, or true pixels through kitty (a=T, occupying the cells), sixel or iTerm2 whatever the
    /// terminal, as scripts pipe it.
    private func draw(_ bytes: Span<UInt8>, _ plan: Plan) throws {
        let drawn: DrawnPicture
        // Placeholders name their image for as long as they stay in tmux's scrollback: a random id keeps a
        // later `show` from taking over an earlier one's cells.
        let placeholderID = KittyPlaceholders.imageID(forPicture: .random(in: 1...65_280))
        do throws(ImageFailure) {
            let image: RGBImage
            do throws(ImageDecodeError) {
                image = try ImageDecoder.decode(bytes, covering: plan.covering, colour: ColourTransforms())
            } catch {
                throw ImageFailure(error)
            }
            let kitty: DrawnPicture.KittyTransmission =
                plan.placeholders ? .store(id: placeholderID) : plan.kittyMedium.isLocal ? .byName : .display(id: 1)
            drawn = try DrawnPicture.draw(
                image, in: plan.area, as: plan.drawing, cell: plan.cell, kitty: kitty, dither: plan.dither, sixelColors: plan.sixelColors)
        } catch {
            throw CommandFailure(error.message, status: 1)
        }
        switch drawn {
        case .cells(let cells):
            Self.writeToStandardOutput(ANSIImageText.bytes(cells))
        case .pixels(let picture) where plan.placeholders:
            let cells = picture.cells
            Self.writeToStandardOutput(
                TmuxPassthrough.wrapEach(
                    picture.encoded
                        + KittyPlaceholders.virtualPlacement(imageID: placeholderID, columns: cells.columns, rows: cells.rows)))
            Self.writeToStandardOutput(KittyPlaceholders.lines(columns: cells.columns, rows: cells.rows, imageID: placeholderID))
        case .pixels(let picture) where plan.drawing == .kitty && picture.encoded.isEmpty:
            // By name: the raw pixels in a private object kitty reads and removes; the stream if it cannot be made.
            var handoff = KittyHandoff(medium: plan.kittyMedium, environment: ProcessInfo.processInfo.environment)
            let cells = picture.cells
            if let name = handoff?.write(picture.image.pixels), let medium = handoff?.medium {
                Self.writeToStandardOutput(
                    KittyGraphics.transmitLocalAndDisplay(
                        id: 1, size: picture.image.size, medium: medium, name: name, columns: cells.columns, rows: cells.rows))
            } else {
                Self.writeToStandardOutput(
                    KittyGraphics.transmitAndDisplay(image: picture.image, id: 1, columns: cells.columns, rows: cells.rows))
            }
            Self.writeToStandardOutput([UInt8(ascii: "\n")])
        case .pixels(let picture):
            Self.writeToStandardOutput(picture.encoded)
            Self.writeToStandardOutput([UInt8(ascii: "\n")])
        }
    }

    /// Writes `bytes` to stdout as they are, without a copy into `Data` first: a kitty picture is megabytes,
    /// and a fresh copy's page faults are a measurable part of a short `show`.
    private static func writeToStandardOutput(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            FileHandle.standardOutput.write(
                Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count, deallocator: .none))
        }
    }

    // MARK: - Fetching a photo
    /// The bytes of a URL, or of the smallest rendition of a photo that covers `target`.
    private func fetch(covering target: PixelSize, services: ServiceOptions) async throws -> [UInt8] {
        let app = try await AppEnvironment.make(services)
        let argument = photo
        let provider = self.provider
        return try await app.using { app in
            let url: URL
            if let direct = URL(string: argument), let scheme = direct.scheme?.lowercased(), scheme == "http" || scheme == "https" {
                url = direct
            } else {
                let detail = try await app.service.info(PhotoKey(provider: provider, id: argument))
                guard let rendition = detail.photo.rendition(covering: target) else {
                    throw CommandFailure("photo \(argument) has no image", status: 1)
                }
                url = rendition.url
            }
            do {
                let data = try await app.service.webservice.load(.data(WebRequest(url: url, limits: .image)))
                return [UInt8](data)
            } catch let error as PhotoramaError {
                throw CommandFailure(ImageFailure(error).message, status: 1)
            }
        }
    }
}
