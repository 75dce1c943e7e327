/// 500px image size ids and the pixel box each one means.
struct FiveHundredPxImageSize: Sendable {
    let id: Int
    enum Rule: Sendable {
        case square(Int)
        case longest(Int)
        case height(Int)
    }
    let rule: Rule

    static let all: [Int: FiveHundredPxImageSize] = {
        let list: [(Int, Rule)] = [
            (1, .square(70)), (2, .square(140)), (3, .square(280)), (100, .square(100)), (200, .square(200)), (440, .square(440)),
            (4, .longest(900)), (5, .longest(1170)), (6, .longest(1080)), (30, .longest(256)), (1080, .longest(1080)),
            (1600, .longest(1600)), (2048, .longest(2048)),
            (20, .height(300)), (21, .height(600)), (31, .height(450)), (32, .height(1000)),
        ]
        return Dictionary(uniqueKeysWithValues: list.map { ($0.0, FiveHundredPxImageSize(id: $0.0, rule: $0.1)) })
    }()

    func dimensions(width: Int, height: Int) -> (width: Int, height: Int) {
        switch rule {
        case .square(let side): return (side, side)
        case .longest(let edge):
            if width >= height { return (edge, max(1, edge * height / width)) }
            return (max(1, edge * width / height), edge)
        case .height(let target): return (max(1, target * width / height), target)
        }
    }
}

/// The `image_size` parameter: one id, a comma list, or repeated `image_size[]`.
struct ImageSizeRequest {
    let sizes: [FiveHundredPxImageSize]

    init(_ parameters: RequestParameters) {
        let raw = (parameters.lists["image_size"] ?? []) + (parameters.lists["image_size[]"] ?? [])
        let ids = raw.flatMap { $0.split(separator: ",") }.compactMap { Int($0.trimmingCharacters(in: " ")) }
        var seen = Set<Int>()
        let known = ids.compactMap { FiveHundredPxImageSize.all[$0] }.filter { seen.insert($0.id).inserted }
        sizes = known.isEmpty ? [FiveHundredPxImageSize.all[2]].compactMap { $0 } : known
    }
}
