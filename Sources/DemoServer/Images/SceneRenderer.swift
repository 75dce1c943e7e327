import Foundation
import SeededRandom

/// Paints a pleasant procedural landscape (sky gradient, sun or moon, layered hills, water with reflections,
/// a city skyline with lit windows, grain) from a seed. The scene lives in coordinates relative to a full
/// frame, so every size of one photo shows the same picture and the squares are centre crops.
struct SceneRenderer {
    typealias Kind = Subject.SceneKind

    struct RGB { var r: Float, g: Float, b: Float }

    private let seed: UInt64
    private let kind: Kind
    // Scene parameters, all derived from the seed.
    private let skyTop: RGB, skyHorizon: RGB, sunColor: RGB, hillNear: RGB, hillFar: RGB, ground: RGB
    private let sunX: Float, sunY: Float, sunRadius: Float
    private let horizon: Float
    private let hasWater: Bool, hasCity: Bool, isNight: Bool, isSnow: Bool
    private let ridgeFar: [(Float, Float, Float)], ridgeNear: [(Float, Float, Float)]
    private let buildings: [(x0: Float, x1: Float, top: Float, hue: Float)]

    // MARK: - Scene
    init(seed: UInt64, kind: Kind) {
        self.seed = seed
        self.kind = kind
        var random = SeededGenerator(seed: seed)
        func unit() -> Float { Float(random.unitDouble()) }
        func color(_ r: Float, _ g: Float, _ b: Float, spread: Float = 0.12) -> RGB {
            RGB(
                r: min(1, max(0, r + (unit() - 0.5) * spread)), g: min(1, max(0, g + (unit() - 0.5) * spread)),
                b: min(1, max(0, b + (unit() - 0.5) * spread)))
        }
        let mood: Int
        switch kind {
        case .sunset: mood = 1
        case .night: mood = 2
        case .snow: mood = 3
        default: mood = random.chance(0.2) ? 1 : random.chance(0.15) ? 2 : 0
        }
        isNight = mood == 2
        isSnow = mood == 3
        switch mood {
        case 1:  // sunset
            skyTop = color(0.25, 0.2, 0.5, spread: 0.2)
            skyHorizon = color(1.0, 0.55, 0.3, spread: 0.2)
            sunColor = color(1.0, 0.85, 0.55, spread: 0.1)
        case 2:  // night
            skyTop = color(0.02, 0.03, 0.12, spread: 0.05)
            skyHorizon = color(0.12, 0.1, 0.3, spread: 0.1)
            sunColor = color(0.95, 0.95, 0.85, spread: 0.05)
        case 3:  // snow
            skyTop = color(0.6, 0.7, 0.85)
            skyHorizon = color(0.9, 0.92, 0.95, spread: 0.05)
            sunColor = color(1.0, 1.0, 0.95, spread: 0.02)
        default:  // day
            skyTop = color(0.2, 0.45, 0.85, spread: 0.2)
            skyHorizon = color(0.7, 0.85, 0.95, spread: 0.15)
            sunColor = color(1.0, 0.97, 0.8, spread: 0.05)
        }
        sunX = 0.15 + unit() * 0.7
        horizon = 0.5 + unit() * 0.2
        sunY = horizon * (mood == 1 ? 0.75 + unit() * 0.2 : 0.2 + unit() * 0.4)
        sunRadius = (mood == 2 ? 0.03 : 0.045) + unit() * 0.03
        hillFar = isSnow ? color(0.75, 0.8, 0.9, spread: 0.05) : isNight ? color(0.06, 0.07, 0.15, spread: 0.04) : color(0.35, 0.45, 0.6)
        hillNear =
            isSnow
            ? color(0.92, 0.94, 0.97, spread: 0.03) : isNight ? color(0.03, 0.04, 0.07, spread: 0.03) : color(0.2, 0.45, 0.2, spread: 0.2)
        ground =
            isSnow
            ? color(0.95, 0.96, 0.98, spread: 0.02) : isNight ? color(0.04, 0.04, 0.06, spread: 0.02) : color(0.3, 0.5, 0.2, spread: 0.2)
        hasWater = kind == .water || (kind != .city && random.chance(0.35))
        hasCity = kind == .city || kind == .night || random.chance(0.2)
        ridgeFar = (0..<3).map { _ in (2 + unit() * 6, unit() * 6.28, 0.01 + unit() * 0.035) }
        ridgeNear = (0..<3).map { _ in (1 + unit() * 4, unit() * 6.28, 0.015 + unit() * 0.05) }
        var buildings: [(x0: Float, x1: Float, top: Float, hue: Float)] = []
        if hasCity {
            var x: Float = unit() * 0.05
            while x < 1 {
                let width = 0.025 + unit() * 0.06
                buildings.append((x, x + width, 0.05 + unit() * 0.25 * (unit() < 0.15 ? 2 : 1), unit()))
                x += width + unit() * 0.012
            }
        }
        self.buildings = buildings
    }

    // MARK: - Rendering
    /// RGB pixels, row-major, of a `width`×`height` view centred in a full frame of `frameWidth`×`frameHeight`.
    func render(width: Int, height: Int, frameWidth: Int, frameHeight: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let scale = 1 / Float(frameHeight)  // the scene's unit is the frame height
        let aspect = Float(frameWidth) / Float(frameHeight)
        let offsetX = Float(frameWidth - width) / 2
        let offsetY = Float(frameHeight - height) / 2
        // Per column: its coordinate, the water's wobble, the ridges' heights and the building under it.
        let columns = (0..<width).map { column in
            let viewU = (Float(column) + offsetX) * scale
            let u = viewU / aspect
            var far = horizon - 0.06
            var near = horizon + 0.02
            for (frequency, phase, amplitude) in ridgeFar { far -= amplitude * (1 + sinf(u * frequency * 6.28 + phase)) }
            for (frequency, phase, amplitude) in ridgeNear { near -= amplitude * (1 + sinf(u * frequency * 6.28 + phase)) * 0.6 }
            var values = Column(u: viewU, wobble: sinf(viewU * 40) * 2, far: far, near: hasWater ? horizon : near)
            if let index = buildings.firstIndex(where: { u >= $0.x0 && u < $0.x1 }) {
                values.building = index
                values.buildingTop = horizon - buildings[index].top * 0.6
            }
            return values
        }
        // Beyond this distance from the sun's centre (a hundredth past where its glow ends) the sky is
        // left as it is, with no square root.
        let glowReach = sunRadius * (1 + (isNight ? 2 : 5)) * 1.01
        columns.withUnsafeBufferPointer { columns in
            pixels.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    let v = (Float(row) + offsetY) * scale
                    let skyT = min(1, max(0, v / horizon))
                    let sky = mix(skyTop, skyHorizon, skyT * skyT)
                    for column in 0..<width {
                        let values = columns[column]
                        let u = values.u
                        var c: RGB
                        if v < values.far {
                            c = sky
                            // Sun or moon with a soft glow.
                            let dx = u - sunX * aspect
                            let dy = v - sunY
                            let squared = dx * dx + dy * dy
                            if squared > glowReach * glowReach {
                                // No glow this far.
                            } else if squared.squareRoot() < sunRadius {
                                c = sunColor
                            } else {
                                let glow = max(0, 1 - (squared.squareRoot() - sunRadius) / (sunRadius * (isNight ? 2 : 5)))
                                c = mix(c, sunColor, glow * glow * 0.6)
                            }
                            if isNight, hash(column / 2, row / 2) % 997 == 0 { c = RGB(r: 0.9, g: 0.9, b: 0.95) }  // stars
                        } else if v < values.near {
                            let depth = (v - values.far) / max(0.001, values.near - values.far)
                            c = mix(hillFar, sky, 0.35 - depth * 0.2)
                        } else if hasWater && v >= horizon {
                            // Water mirrors the sky above the horizon, darker, with ripples and a sun path.
                            let mirrored = 2 * horizon - v
                            let reflected = mix(skyTop, skyHorizon, min(1, max(0, mirrored / horizon)))
                            let rippleFrequency: Float = v * 900 * (1 + (v - horizon) * 2)
                            let ripple: Float = sinf(rippleFrequency + values.wobble) * 0.06
                            c = mix(reflected, RGB(r: 0.05, g: 0.15, b: 0.3), 0.35 + ripple)
                            let path = abs(u - sunX * aspect) / (sunRadius * (1 + (v - horizon) * 8))
                            if path < 1, ripple > 0 { c = mix(c, sunColor, (1 - path) * 0.7) }
                        } else {
                            let depth = min(1, (v - values.near) / max(0.001, 1 - values.near))
                            c = mix(hillNear, ground, depth)
                            let stripe = Float(hash(column / 3, row / 2) % 16) / 200
                            c = RGB(r: c.r + stripe, g: c.g + stripe, b: c.b + stripe)
                        }
                        // Skyline in front of the hills, behind the water line.
                        if values.building >= 0, v >= values.buildingTop, v < horizon + (hasWater ? 0 : 0.02) {
                            let building = buildings[values.building]
                            let shade: Float = isNight ? 0.05 + building.hue * 0.05 : 0.25 + building.hue * 0.25
                            c = RGB(r: shade, g: shade * 0.95, b: shade * 1.1)
                            let cellU = u / aspect * 160
                            let cellV = v * 120
                            let inWindow = cellU - cellU.rounded(.down) < 0.55 && cellV - cellV.rounded(.down) < 0.5
                            if inWindow, hash(Int(cellU), Int(cellV)) % (isNight ? 3 : 7) == 0 {
                                c = isNight ? RGB(r: 1, g: 0.82, b: 0.45) : RGB(r: 0.7, g: 0.8, b: 0.9)
                            }
                        }
                        // Film grain keeps flat areas from banding.
                        let grain = (Float(hash(column, row) & 15) - 7.5) / 255
                        let index = (row * width + column) * 3
                        out[index] = byte(c.r + grain)
                        out[index + 1] = byte(c.g + grain)
                        out[index + 2] = byte(c.b + grain)
                    }
                }
            }
        }
        return pixels
    }

    /// What one column of the view needs, worked out once (`building` -1: none stands in it).
    private struct Column {
        var u: Float
        var wobble: Float
        var far: Float
        var near: Float
        var buildingTop: Float = 2
        var building = -1
    }

    // MARK: - Helpers
    private func hash(_ x: Int, _ y: Int) -> UInt32 {
        var h =
            UInt32(truncatingIfNeeded: x) &* 0x8DA6_B343 ^ UInt32(truncatingIfNeeded: y) &* 0xD816_3841 ^ UInt32(truncatingIfNeeded: seed)
        h ^= h >> 13
        h = h &* 0x5BD1_E995
        return h ^ (h >> 15)
    }

    private func mix(_ a: RGB, _ b: RGB, _ t: Float) -> RGB {
        let t = min(1, max(0, t))
        return RGB(r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t)
    }

    private func byte(_ value: Float) -> UInt8 { UInt8(min(255, max(0, value * 255))) }
}
