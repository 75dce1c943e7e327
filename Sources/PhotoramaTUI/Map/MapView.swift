import PhotoramaImages
import PhotoramaKit
import PhotoramaMap
import PhotoramaScreen
import PhotoramaText

/// The world map over the grid (`m`): land as braille dots (2×4 a cell), or as a picture through the
/// graphics protocol when the browser draws pictures that way (the dots show until the picture is ready);
/// the Locations tab's places with their labels, the feed's pins (the selected one distinct), and the
/// cross-hair. Pins and places are drawn as cells in text mode and into the picture otherwise.
struct MapView: View {
    static let pin = "●"
    static let selectedPin = "◉"
    static let place = "▲"
    static let crosshair = "╋"

    /// Laid out for `area`.
    let scene: MapScene

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        if case .ready(.pixels(let picture))? = context.mapPicture(scene, in: area) {
            frame.fill(area, style: .plain)
            frame.pictures.append(
                FramePicture(rect: Rect(row: area.row, column: area.column, width: picture.columns, height: picture.rows), picture: picture)
            )
            return
        }
        let styles = MapStyles(context.theme)
        let canvas = BrailleCanvas.land(.world, viewport: scene.viewport)
        for row in 0..<canvas.rows {
            for column in 0..<canvas.columns {
                let bits = canvas.bits(row: row, column: column)
                guard bits != 0 else { continue }
                frame.putCell(BrailleCanvas.character(bits), row: area.row + row, column: area.column + column, style: styles.land)
            }
        }
        // Points first, then labels: a label never covers a point or an earlier label (it goes to the other
        // side, or is left out), so overlapping places never leave pieces of names.
        var taken: Set<MapCell> = []
        for place in scene.places {
            guard let cell = place.cell else { continue }
            frame.putCell(Self.place, row: area.row + cell.row, column: area.column + cell.column, style: styles.place)
            taken.insert(cell)
        }
        for place in scene.places {
            guard let cell = place.cell else { continue }
            // Right of the point, or left of it where the right has no room, a blank between.
            let width = DisplayWidth.of(place.label) + 1
            let right = cell.column + 1 + width <= area.width || cell.column < width
            let spans = [right, !right].map { side in
                side ? (cell.column + 1)..<min(area.width, cell.column + 1 + width) : max(0, cell.column - width)..<cell.column
            }
            guard
                let side = [right, !right].indices.first(where: { index in
                    !spans[index].isEmpty && spans[index].allSatisfy { !taken.contains(MapCell(row: cell.row, column: $0)) }
                })
            else { continue }
            let onRight = [right, !right][side]
            for column in spans[side] { taken.insert(MapCell(row: cell.row, column: column)) }
            frame.put(
                onRight ? " " + place.label : place.label + " ", row: area.row + cell.row,
                column: area.column + spans[side].lowerBound, maxWidth: spans[side].count, style: styles.place)
        }
        for pin in scene.pins {
            let selected = pin.index == scene.selectedPin
            frame.putCell(
                selected ? Self.selectedPin : Self.pin, row: area.row + pin.cell.row, column: area.column + pin.cell.column,
                style: selected ? styles.selectedPin : styles.pin)
        }
        if let cross = scene.crosshair {
            let row = area.row + cross.row
            let column = area.column + cross.column
            // Over a pin the pin stays, on the cross-hair's colour.
            let under = frame[row, column].grapheme
            if under == Self.pin || under == Self.selectedPin {
                frame.putCell(under, row: row, column: column, style: styles.crosshairOverPin)
            } else {
                frame.putCell(Self.crosshair, row: row, column: column, style: styles.crosshair)
            }
        }
    }
}

/// The map's line under it: the cross-hair's position, the zoom, how many photos have a pin, what Enter
/// searches, and the selected photo's title.
struct MapCaption: View {
    let model: MapModel
    let scene: MapScene
    /// The feed's selected photo, named last.
    let selected: Photo?

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        guard !area.isEmpty else { return }
        let map = context.layout.map
        var parts = [
            "\(MapView.crosshair) \(Self.degrees(model.crosshair.latitude, "N", "S")) \(Self.degrees(model.crosshair.longitude, "E", "W"))",
            "zoom \(model.zoom)",
            "\(NumberText.grouped(scene.photoIndices.count)) \(scene.photoIndices.count == 1 ? "pin" : "pins")",
            "Enter: photos within \(NumberText.decimal(model.searchRadiusKm(in: map))) km",
        ]
        if let photo = selected {
            let title = Sanitizer.singleLine(photo.title)
            parts.append("\(photo.location == nil ? "no place:" : MapView.selectedPin) \(title.isEmpty ? "Untitled" : title)")
        }
        frame.put(parts.joined(separator: " · "), row: area.row, column: area.column, maxWidth: area.width, style: context.theme.dim)
    }

    /// "51.51°N", "0.13°W": two decimals and the hemisphere.
    static func degrees(_ value: Double, _ positive: String, _ negative: String) -> String {
        let rounded = (abs(value) * 100).rounded() / 100
        let whole = Int(rounded)
        let hundredths = Int(((rounded - Double(whole)) * 100).rounded())
        let hemisphere = value < 0 && rounded > 0 ? negative : positive
        return "\(whole).\(hundredths < 10 ? "0" : "")\(hundredths)°\(hemisphere)"
    }
}

/// The map's colours, or bold and reverse video without colours.
struct MapStyles {
    let land: Style
    let pin: Style
    let selectedPin: Style
    let place: Style
    let crosshair: Style
    let crosshairOverPin: Style

    init(_ theme: Theme) {
        if theme.colors {
            // On a light background the bright colours fade: darker ones of the same hue (WCAG AA).
            let light = theme.background == .light
            land = Style(foreground: light ? .indexed(28) : .green)
            pin = Style(foreground: light ? .indexed(160) : .brightRed, bold: true)
            selectedPin = Style(foreground: .black, background: .brightYellow, bold: true)
            place = Style(foreground: light ? .black : .brightWhite, bold: true)
            crosshair = Style(foreground: light ? .indexed(25) : .brightCyan, bold: true)
            crosshairOverPin = Style(foreground: .black, background: .brightCyan, bold: true)
        } else {
            land = Style(dim: true)
            pin = Style(bold: true)
            selectedPin = Style(bold: true, reverse: true)
            place = Style(bold: true)
            crosshair = Style(bold: true)
            crosshairOverPin = Style(bold: true, reverse: true, underline: true)
        }
    }
}
