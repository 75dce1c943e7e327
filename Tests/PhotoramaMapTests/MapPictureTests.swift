import PhotoramaImages
import Testing

@testable import PhotoramaMap

/// The map as pixels for the graphics protocols: the same land and cells as the braille map.
@Suite struct MapPictureTests {
    func pixel(_ image: RGBImage, _ x: Int, _ y: Int) -> [UInt8] {
        let index = (y * image.width + x) * 3
        return Array(image.pixels[index..<index + 3])
    }

    @Test func landSeaPinsAndTheCrossHairFallInTheirCells() {
        let map = ProjectionTests.world(columns: 80, rows: 20)
        let spec = MapPictureSpec(
            viewport: map, cell: PixelSize(width: 10, height: 20),
            marks: [MapCell(row: 4, column: 39): .selectedPin, MapCell(row: 13, column: 73): .pin, MapCell(row: 6, column: 71): .place],
            crosshair: MapCell(row: 10, column: 5))
        let image = MapPicture.image(spec)
        #expect(image.width == 800 && image.height == 400)
        #expect(pixel(image, 0, 0) == MapPicture.sea)
        // The Sahara at 20°N 10°E: 84.4 dots across, 31.1 down, at 5 pixels a dot.
        #expect(pixel(image, 422, 155) == MapPicture.land)
        // Pins are discs in the middle of their cells; the selected one is yellow around a red centre.
        #expect(pixel(image, 735, 270) == MapPicture.pin)
        #expect(pixel(image, 395, 90) == MapPicture.pin)
        #expect(pixel(image, 391, 90) == MapPicture.selected)
        #expect(pixel(image, 715, 130) == MapPicture.place)
        #expect(pixel(image, 55, 200) == MapPicture.crosshair)
        #expect(pixel(image, 41, 205) == MapPicture.sea)
    }

    @Test func anEmptyAreaIsAnEmptyImage() {
        let spec = MapPictureSpec(
            viewport: ProjectionTests.world(columns: 0, rows: 5), cell: PixelSize(width: 10, height: 20), marks: [:], crosshair: nil)
        #expect(MapPicture.image(spec).width == 0)
    }
}
