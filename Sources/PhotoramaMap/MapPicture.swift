import PhotoramaImages

/// The map as pixels, for the graphics protocols (kitty, sixel, iTerm2): the same viewport, land and pins
/// as the braille map, drawn at the terminal's cell size so each pin sits on the cell the text map puts
/// it in. The runtime hands the image to the one picture pipeline (`DrawnPicture.draw`).
public struct MapPictureSpec: Hashable, Sendable {
    public enum Mark: Hashable, Sendable {
        case pin, selectedPin, place
    }

    public var viewport: MapViewport
    /// A terminal cell in pixels.
    public var cell: PixelSize
    public var marks: [MapCell: Mark]
    public var crosshair: MapCell?

    public init(viewport: MapViewport, cell: PixelSize, marks: [MapCell: Mark], crosshair: MapCell?) {
        self.viewport = viewport
        self.cell = PixelSize(width: max(1, cell.width), height: max(1, cell.height))
        self.marks = marks
        self.crosshair = crosshair
    }

    public var pixelSize: PixelSize {
        PixelSize(width: viewport.columns * cell.width, height: viewport.rows * cell.height)
    }
}

public enum MapPicture {
    static let sea: [UInt8] = [18, 32, 58]
    static let land: [UInt8] = [86, 132, 84]
    static let pin: [UInt8] = [230, 60, 50]
    static let selected: [UInt8] = [255, 214, 0]
    static let place: [UInt8] = [245, 245, 245]
    static let crosshair: [UInt8] = [80, 220, 240]

    /// The picture of `spec`; empty for an empty area.
    public static func image(_ spec: MapPictureSpec, land: WorldLand = .world) -> RGBImage {
        let size = spec.pixelSize
        guard size.width > 0, size.height > 0 else { return RGBImage(width: 0, height: 0, pixels: []) }
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 3)
        for index in stride(from: 0, to: pixels.count, by: 3) {
            pixels[index] = sea[0]
            pixels[index + 1] = sea[1]
            pixels[index + 2] = sea[2]
        }
        let samples = (x: Double(spec.cell.width) / 2, y: Double(spec.cell.height) / 4)
        LandFill.runs(land, viewport: spec.viewport, samplesPerDot: samples) { row, start, end in
            guard row < size.height else { return }
            var index = (row * size.width + start) * 3
            for _ in start..<min(end, size.width) {
                pixels[index] = Self.land[0]
                pixels[index + 1] = Self.land[1]
                pixels[index + 2] = Self.land[2]
                index += 3
            }
        }
        var painter = Painter(width: size.width, height: size.height, pixels: pixels, cell: spec.cell)
        for (cell, mark) in spec.marks.sorted(by: {
            ($0.value.order, $0.key.row, $0.key.column) < ($1.value.order, $1.key.row, $1.key.column)
        }) {
            switch mark {
            case .pin: painter.disc(cell, radius: 0.3, colour: pin)
            case .place: painter.disc(cell, radius: 0.3, colour: place)
            case .selectedPin:
                painter.disc(cell, radius: 0.48, colour: selected)
                painter.disc(cell, radius: 0.25, colour: pin)
            }
        }
        if let cross = spec.crosshair { painter.cross(cross, colour: crosshair) }
        return RGBImage(width: size.width, height: size.height, pixels: painter.pixels)
    }

    /// Draws marks on the pixels, in cells of `cell` pixels.
    private struct Painter {
        let width: Int
        let height: Int
        var pixels: [UInt8]
        let cell: PixelSize

        mutating func put(_ x: Int, _ y: Int, _ colour: [UInt8]) {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let index = (y * width + x) * 3
            pixels[index] = colour[0]
            pixels[index + 1] = colour[1]
            pixels[index + 2] = colour[2]
        }

        /// A disc in the middle of a cell, its radius a fraction of the cell's width.
        mutating func disc(_ at: MapCell, radius fraction: Double, colour: [UInt8]) {
            let centreX = Double(at.column * cell.width) + Double(cell.width) / 2
            let centreY = Double(at.row * cell.height) + Double(cell.height) / 2
            let radius = max(1, Double(cell.width) * fraction)
            for y in Int(centreY - radius)...Int(centreY + radius) {
                for x in Int(centreX - radius)...Int(centreX + radius) {
                    let dx = Double(x) + 0.5 - centreX
                    let dy = Double(y) + 0.5 - centreY
                    if dx * dx + dy * dy <= radius * radius { put(x, y, colour) }
                }
            }
        }

        /// Two lines through the middle of a cell, a cell and a half long each way.
        mutating func cross(_ at: MapCell, colour: [UInt8]) {
            let centreX = at.column * cell.width + cell.width / 2
            let centreY = at.row * cell.height + cell.height / 2
            let reachX = cell.width * 3 / 2
            let reachY = cell.height * 3 / 4
            for x in (centreX - reachX)...(centreX + reachX) { put(x, centreY, colour) }
            for y in (centreY - reachY)...(centreY + reachY) { put(centreX, y, colour) }
        }
    }
}

extension MapPictureSpec.Mark {
    /// Drawing order: places under pins, the selected pin on top.
    fileprivate var order: Int {
        switch self {
        case .place: 0
        case .pin: 1
        case .selectedPin: 2
        }
    }
}
