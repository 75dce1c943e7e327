import Foundation

/// WCAG 2.x relative luminance and contrast ratio: the one place both are computed, for deciding a
/// terminal's background (OSC 11) and for checking the themes' text against theirs (AA is 4.5:1).
public enum Contrast {
    /// The relative luminance of an sRGB colour whose components are 0…1 (WCAG 2.x, with the sRGB
    /// standard's 0.04045 threshold).
    public static func luminance(red: Double, green: Double, blue: Double) -> Double {
        func linear(_ value: Double) -> Double {
            let clamped = min(1, max(0, value))
            return clamped <= 0.040_45 ? clamped / 12.92 : pow((clamped + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The luminance of an 8-bit sRGB colour.
    public static func luminance(_ rgb: (UInt8, UInt8, UInt8)) -> Double {
        luminance(red: Double(rgb.0) / 255, green: Double(rgb.1) / 255, blue: Double(rgb.2) / 255)
    }

    /// (lighter + 0.05) / (darker + 0.05), from 1 (the same) to 21 (black on white).
    public static func ratio(_ first: Double, _ second: Double) -> Double {
        (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }
}
