import ArgumentParser
import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaTUI
import PhotoramaTerminal

#if canImport(Glibc)
import Glibc
#endif

/// One `photorama show`: what to print and how, whichever parser read the command line (ArgumentParser's
/// `Show`, or `QuickShow` for the common case of a file and plain options).
struct ShowJob: Equatable {
    var photo: String
    var size: String?
    var images: String?
    var colors: String?
    var provider: Provider

    /// The checks of the command line, for `Show.validate` and `QuickShow` alike. `--images` and `--colors`
    /// are resolved without the environment: their values are checked here, the terminal's depth at run.
    func validate() throws(ValidationError) {
        if let size, CellArea(size) == nil {
            throw ValidationError("--size must be COLUMNSxROWS with each between 1 and 1000 (got \"\(size)\")")
        }
        // Only `--images none` resolves to no drawing without the environment.
        if try ImageSettings.resolve(images: images, colors: colors, environment: [:]) == nil {
            throw ValidationError("--images none draws nothing; use blocks or ascii")
        }
    }

    /// Prints the photo. `global` is nil only from `QuickShow`, which takes files alone: nothing is fetched.
    func run(global: GlobalOptions?) async throws {
        let environment = ProcessInfo.processInfo.environment
        let chosen = try ImageSettings.resolve(
            images: images, colors: colors, environment: environment, file: ConfigContext.file.values.images,
            outputIsTerminal: isatty(1) == 1)
        guard let drawing = chosen else {
            throw CommandFailure("--images none draws nothing; use blocks or ascii", status: 2)
        }
        let area = size.flatMap(CellArea.init) ?? CellArea.forStandardOutput()
        if drawing == .kitty || drawing == .sixel {
            try await showPixels(in: area, kitty: drawing == .kitty, global: global)
            return
        }
        let image = try await pixels(covering: PixelSize(width: area.columns, height: area.rows * 2), global: global)
        let fitted = CellRenderer.fittedSize(image.size, columns: area.columns, rows: area.rows)
        let cells = CellRenderer.render(image, columns: fitted.columns, rows: fitted.rows, drawing: drawing)
        FileHandle.standardOutput.write(Data(ANSIImageText.bytes(cells)))
    }

    /// True pixels through kitty (a=T, occupying the cells) or sixel, whatever the terminal: scripts pipe it.
    /// The decoder's DCT scaling does most of the shrinking, the box filter the rest, libsixel the encoding.
    private func showPixels(in area: CellArea, kitty: Bool, global: GlobalOptions?) async throws {
        let cell = isatty(1) == 1 ? CellPixelSize.of(fileDescriptor: 1) : CellPixelSize.fallback
        // Covering the area's width alone is enough for any aspect ratio: an image limited by the height
        // is narrower than the area but, decoded that wide, already taller than it. Asking for the full
        // area would decode a landscape photo twice as large in each dimension as needed.
        let image = try await pixels(covering: PixelSize(width: area.columns * cell.width, height: 1), global: global)
        guard let placement = PixelFit.placement(image.size, columns: area.columns, rows: area.rows, cell: cell) else {
            throw CommandFailure(ImageDecodeError.noPixels.message, status: 1)
        }
        let scaled = BoxScaling.resize(image, to: placement.pixels)
        var bytes: [UInt8]
        if kitty {
            bytes = KittyGraphics.transmitAndDisplay(image: scaled, id: 1, columns: placement.columns, rows: placement.rows)
        } else {
            do {
                bytes = try SixelEncoder.encode(scaled)
            } catch {
                throw CommandFailure(error.message, status: 1)
            }
        }
        bytes.append(UInt8(ascii: "\n"))
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// Decoded pixels from a file, a URL or a photo id, decoded at the smallest scale that covers `target`.
    private func pixels(covering target: PixelSize, global: GlobalOptions?) async throws -> RGBImage {
        let bytes: [UInt8]
        if let file = ImageFile(path: photo) {
            bytes = try file.read(limit: LoadLimits.image.maxBodyBytes)
        } else if let global, !ImageFile.isPath(photo) {
            bytes = try await fetch(covering: target, global: global)
        } else {
            // Without `global` (QuickShow) the argument named a file when the command line was read.
            throw CommandFailure("no such file: \(photo)", status: 1)
        }
        do {
            return try ImageDecoder.decode(bytes, covering: target)
        } catch {
            throw CommandFailure(error.message, status: 1)
        }
    }

    /// The bytes of a URL, or of the smallest rendition of a photo that covers `target`.
    private func fetch(covering target: PixelSize, global: GlobalOptions) async throws -> [UInt8] {
        let app = try await AppEnvironment.make(global)
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
