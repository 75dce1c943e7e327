import Foundation

/// The User-Agent sent to services whose etiquette asks for one naming the program, its version and a
/// contact (Wikimedia's User-Agent policy); Openverse gets the same. `user_agent_contact` replaces the contact.
public enum UserAgent {
    /// What stands where the contact goes until one is configured (the project has no public address to
    /// name for everyone; `user_agent_contact` should be an e-mail address or a page of yours).
    public static let defaultContact = "terminal photo browser; contact: set user_agent_contact"

    public static let standard = value(contact: nil)

    /// "Photorama/0.1.0 (CONTACT) AsyncHTTPClient"; a blank contact keeps the default. Control characters are
    /// dropped so a configured value cannot break the header.
    public static func value(contact: String?) -> String {
        let cleaned = (contact ?? "").unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && $0 != "(" && $0 != ")" }
        let text = String(String.UnicodeScalarView(cleaned)).trimmingCharacters(in: .whitespaces)
        return "Photorama/\(PhotoramaVersion.current) (\(text.isEmpty ? defaultContact : text)) AsyncHTTPClient"
    }
}
