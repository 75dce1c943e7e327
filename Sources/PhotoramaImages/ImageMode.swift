import PhotoramaText

/// How photos are drawn, as `--images`, `PHOTORAMA_IMAGES` and the config file's `images` name it.
public enum ImageMode: String, CaseIterable, Sendable {
    case auto, kitty, sixel, iterm2, blocks, ascii, none

    /// "auto, kitty, sixel, iterm2, blocks, ascii or none", for messages and help texts.
    public static let choices = ChoiceList.or(allCases.map(\.rawValue))

    /// The mode a setting's text names, read the same way from every source: surrounding white space
    /// ignored, any case.
    public init?(setting text: String) {
        self.init(rawValue: Self.normalized(text))
    }

    /// The text as every source's value is compared and shown: trimmed, lowercased.
    public static func normalized(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars).lowercased()
    }
}
