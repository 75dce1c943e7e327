import Foundation
import PhotoramaImages

/// The viewer's zoom arithmetic for one photo on one screen, in the photo's full-size pixels (`full`, its
/// largest known rendition) and the viewer's pixels (`view`: its cells times a terminal cell's pixels for a
/// graphics protocol, times a half block's 1×2 in text). Step 0 fits the photo; each step multiplies the
/// magnification by √2 up to 1 source pixel per view pixel (1:1), which is the last step.
public struct ZoomGeometry: Hashable, Sendable {
    public var full: PixelSize
    public var view: PixelSize

    public init(full: PixelSize, view: PixelSize) {
        self.full = full
        self.view = view
    }

    /// Each step multiplies the magnification by this.
    public static let stepFactor = 2.0.squareRoot()

    /// View pixels per source pixel when the photo fits.
    public var fitScale: Double {
        guard full.width > 0, full.height > 0 else { return 1 }
        return min(Double(view.width) / Double(full.width), Double(view.height) / Double(full.height))
    }

    /// The magnification (relative to fit) that shows the photo at 1:1; 1 when fitting already does.
    public var maxMagnification: Double { max(1, 1 / fitScale) }

    /// The step at 1:1: the first whose √2 power reaches it. 0 when the photo cannot be zoomed.
    public var maxStep: Int {
        let steps = 2 * log2(maxMagnification)
        return max(0, Int((steps - 1e-9).rounded(.up)))
    }

    public func magnification(step: Int) -> Double {
        let step = min(max(0, step), maxStep)
        return step == maxStep ? maxMagnification : pow(Self.stepFactor, Double(step))
    }

    /// View pixels per source pixel at `step`.
    public func scale(step: Int) -> Double { fitScale * magnification(step: step) }

    /// "1:1" at the last step, else the magnification with at most one decimal: "×1.4", "×2".
    public func label(step: Int) -> String {
        let step = min(max(0, step), maxStep)
        if step > 0, step == maxStep { return "1:1" }
        let tenths = Int((magnification(step: step) * 10).rounded())
        return tenths % 10 == 0 ? "×\(tenths / 10)" : "×\(tenths / 10).\(tenths % 10)"
    }

    /// The part of the photo the view holds at `step`: never more than the photo.
    public func regionSize(step: Int) -> PixelSize {
        let scale = scale(step: step)
        return PixelSize(
            width: min(full.width, max(1, Int((Double(view.width) / scale).rounded()))),
            height: min(full.height, max(1, Int((Double(view.height) / scale).rounded()))))
    }

    /// The region at `step` around `centre` (fractions of the photo's width and height), kept inside the photo.
    public func region(step: Int, centre: ZoomCentre) -> Rect {
        let size = regionSize(step: step)
        let x = Int((centre.x * Double(full.width) - Double(size.width) / 2).rounded())
        let y = Int((centre.y * Double(full.height) - Double(size.height) / 2).rounded())
        return Rect(
            row: min(max(0, y), full.height - size.height), column: min(max(0, x), full.width - size.width), width: size.width,
            height: size.height)
    }

    /// `centre` moved so that the region at `step` lies inside the photo.
    public func clamped(_ centre: ZoomCentre, step: Int) -> ZoomCentre {
        let size = regionSize(step: step)
        func clamp(_ value: Double, _ region: Int, _ whole: Int) -> Double {
            guard whole > 0 else { return 0.5 }
            let half = Double(region) / 2 / Double(whole)
            return half >= 0.5 ? 0.5 : min(max(value, half), 1 - half)
        }
        return ZoomCentre(x: clamp(centre.x, size.width, full.width), y: clamp(centre.y, size.height, full.height))
    }

    /// The source point under the view pixel `pixel` at `step` around `centre`: the picture is centred in the view.
    public func sourcePoint(atView pixel: (x: Double, y: Double), step: Int, centre: ZoomCentre) -> (x: Double, y: Double) {
        let region = region(step: step, centre: centre)
        let scale = scale(step: step)
        let left = (Double(view.width) - Double(region.width) * scale) / 2
        let top = (Double(view.height) - Double(region.height) * scale) / 2
        return (
            min(max(0, Double(region.column) + (pixel.x - left) / scale), Double(full.width)),
            min(max(0, Double(region.row) + (pixel.y - top) / scale), Double(full.height))
        )
    }

    /// The centre at `step` that puts the source point `point` under the view pixel `pixel`, clamped.
    public func centre(keeping point: (x: Double, y: Double), atView pixel: (x: Double, y: Double), step: Int) -> ZoomCentre {
        let size = regionSize(step: step)
        let scale = scale(step: step)
        let left = (Double(view.width) - Double(size.width) * scale) / 2
        let top = (Double(view.height) - Double(size.height) * scale) / 2
        let x = point.x - (pixel.x - left) / scale + Double(size.width) / 2
        let y = point.y - (pixel.y - top) / scale + Double(size.height) / 2
        return clamped(ZoomCentre(x: x / Double(max(1, full.width)), y: y / Double(max(1, full.height))), step: step)
    }

    /// The longer edge the whole photo has on screen at `step`: what a rendition must hold to show it sharp.
    public func displayedEdge(step: Int) -> Int {
        Int((Double(max(full.width, full.height)) * scale(step: step) - 1e-9).rounded(.up))
    }
}

/// The middle of the view, as fractions of the photo's width and height (0.5, 0.5: the photo's centre), so
/// that it means the same place in every rendition.
public struct ZoomCentre: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let middle = ZoomCentre(x: 0.5, y: 0.5)
}
