/// The land inside a viewport as runs of samples, row by row (scanline, even-odd rule): the braille
/// canvas takes one sample a dot, the picture for a graphics protocol one a pixel. Only rings whose box
/// meets the view are projected, and each is drawn once more 360° to either side when the view crosses
/// the antimeridian.
public enum LandFill {
    /// Calls `run(row, start, end)` for each run of land samples `start..<end` in a grid of
    /// `samplesPerDot` samples a dot over the viewport; a sample is land when its centre is.
    public static func runs(
        _ land: WorldLand, viewport: MapViewport, samplesPerDot: (x: Double, y: Double) = (1, 1),
        _ run: (_ row: Int, _ start: Int, _ end: Int) -> Void
    ) {
        let width = Int((Double(viewport.dotsWide) * samplesPerDot.x).rounded())
        let height = Int((Double(viewport.dotsHigh) * samplesPerDot.y).rounded())
        guard width > 0, height > 0, viewport.degreesPerDot > 0 else { return }
        let perDot = viewport.degreesPerDot
        let scaleX = samplesPerDot.x / perDot
        let scaleY = samplesPerDot.y / perDot
        let centre = viewport.centre
        let halfWidthDegrees = Double(width) / 2 / scaleX
        let halfHeightDegrees = Double(height) / 2 / scaleY
        let west = centre.longitude - halfWidthDegrees
        let east = centre.longitude + halfWidthDegrees
        let south = centre.latitude - halfHeightDegrees
        let north = centre.latitude + halfHeightDegrees

        var crossings = [[Double]](repeating: [], count: height)
        for ring in land.rings where ring.maxLatitude >= south && ring.minLatitude <= north {
            for shift in [-360.0, 0, 360] where ring.maxLongitude + shift >= west && ring.minLongitude + shift <= east {
                addCrossings(
                    ring, into: &crossings,
                    originX: Double(width) / 2 - (centre.longitude - shift) * scaleX,
                    originY: Double(height) / 2 + centre.latitude * scaleY, scaleX: scaleX, scaleY: scaleY)
            }
        }
        for row in 0..<height where crossings[row].count >= 2 {
            crossings[row].sort()
            let xs = crossings[row]
            var index = 0
            while index + 1 < xs.count {
                // A sample is inside when its centre (x + 0.5) lies in [xs[i], xs[i + 1]).
                let start = max(0, Int((xs[index] - 0.5).rounded(.up)))
                let end = min(width, Int((xs[index + 1] - 0.5).rounded(.up)))
                if start < end { run(row, start, end) }
                index += 2
            }
        }
    }

    /// Every edge's crossings with the sample rows' centre lines (y + 0.5), half-open so a vertex on a
    /// centre line counts once.
    private static func addCrossings(
        _ ring: WorldLand.Ring, into crossings: inout [[Double]], originX: Double, originY: Double, scaleX: Double,
        scaleY: Double
    ) {
        let count = ring.count
        let height = crossings.count
        var previousX = originX + ring.longitudes[count - 1] * scaleX
        var previousY = originY - ring.latitudes[count - 1] * scaleY
        for index in 0..<count {
            let x = originX + ring.longitudes[index] * scaleX
            let y = originY - ring.latitudes[index] * scaleY
            defer {
                previousX = x
                previousY = y
            }
            guard y != previousY else { continue }
            let (topX, topY, bottomX, bottomY) = y < previousY ? (x, y, previousX, previousY) : (previousX, previousY, x, y)
            let first = max(0, Int((topY - 0.5).rounded(.up)))
            let last = min(height - 1, Int((bottomY - 0.5).rounded(.up)) - 1)
            guard first <= last else { continue }
            let slope = (bottomX - topX) / (bottomY - topY)
            for row in first...last {
                crossings[row].append(topX + (Double(row) + 0.5 - topY) * slope)
            }
        }
    }
}
