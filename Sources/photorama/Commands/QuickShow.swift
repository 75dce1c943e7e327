import ArgumentParser
import PhotoramaApp
import PhotoramaKit

/// `photorama show FILE` with plain options, read without ArgumentParser: building its argument sets (by
/// reflection, with a protocol-conformance scan of the whole program for each new type) was a large share
/// of every `show` (docs/PERFORMANCE.md). Anything else (an id, a URL,
/// global options, `--help`, a value it would refuse, an option given twice) is left to ArgumentParser,
/// so its messages and rules stay the only ones; a test checks both read every accepted line the same way.
enum QuickShow {
    /// The job, or nil to parse with ArgumentParser. `arguments` excludes the program name.
    static func job(_ arguments: [String]) -> ShowJob? {
        guard arguments.first == "show" else { return nil }
        // Plain optionals, no Set or Dictionary: each new generic type costs a conformance scan too.
        var photo: String?
        var size: String?
        var images: String?
        var colors: String?
        var symbols: String?
        var dither: String?
        var provider: String?
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                guard photo == nil else { return nil }
                photo = argument
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value: String
            if parts.count == 2 {
                value = String(parts[1])
            } else {
                guard index < arguments.count else { return nil }
                value = arguments[index]
                index += 1
            }
            guard !value.hasPrefix("-") else { return nil }
            // Each option once: ArgumentParser's rule for a repeated one is left to it.
            switch parts[0] {
            case "--size" where size == nil: size = value
            case "--images" where images == nil: images = value
            case "--colors" where colors == nil: colors = value
            case "--symbols" where symbols == nil: symbols = value
            case "--dither" where dither == nil: dither = value
            case "--provider" where provider == nil: provider = value
            default: return nil
            }
        }
        guard let photo, ImageFile(path: photo) != nil else { return nil }
        var job = ShowJob(photo: photo, size: size, images: images, colors: colors, symbols: symbols, dither: dither, provider: .flickr)
        if let provider {
            guard let chosen = Provider(argument: provider) else { return nil }
            job.provider = chosen
        }
        // A line `Show.validate` would refuse goes to ArgumentParser for its message.
        guard (try? job.validate()) != nil else { return nil }
        return job
    }
}
