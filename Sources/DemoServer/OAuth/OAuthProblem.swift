/// Why a signed request is refused, with the words of the OAuth Problem Reporting extension that Flickr
/// answers its /services/oauth/ addresses with (`oauth_problem=signature_invalid` …), and the Flickr
/// REST error the same problem gives on /services/rest.
enum OAuthProblem: Error, Equatable, Sendable {
    case parameterAbsent([String])
    case signatureMethodRejected
    case consumerKeyUnknown
    case timestampRefused
    case nonceUsed
    case tokenRejected
    case verifierInvalid
    case signatureInvalid(baseString: String)
    /// A REST method that needs more than the token grants (or a token at all).
    case permissionDenied(needed: DemoPermission, granted: DemoPermission)

    /// The body of a 401 from /services/oauth/… (form-encoded, as Flickr sends it).
    var formBody: String {
        switch self {
        case .parameterAbsent(let names):
            "oauth_problem=parameter_absent&oauth_parameters_absent=" + OAuthCheck.encode(names.joined(separator: "&"))
        case .signatureMethodRejected: "oauth_problem=signature_method_rejected"
        case .consumerKeyUnknown: "oauth_problem=consumer_key_unknown"
        case .timestampRefused: "oauth_problem=timestamp_refused"
        case .nonceUsed: "oauth_problem=nonce_used"
        case .tokenRejected: "oauth_problem=token_rejected"
        case .verifierInvalid: "oauth_problem=verifier_invalid"
        case .signatureInvalid(let base): "oauth_problem=signature_invalid&debug_sbs=" + OAuthCheck.encode(base)
        case .permissionDenied: "oauth_problem=permission_denied"
        }
    }

    /// The REST answer: Flickr's codes 96–100 with its texts.
    var restError: FlickrError {
        switch self {
        case .parameterAbsent: FlickrError(code: 97, message: "Missing signature")
        case .consumerKeyUnknown: FlickrError(code: 100, message: "Invalid API Key (Key not found)")
        case .tokenRejected: FlickrError(code: 98, message: "Invalid auth token")
        case .signatureMethodRejected, .signatureInvalid: FlickrError(code: 96, message: "Invalid signature")
        case .timestampRefused: FlickrError(code: 96, message: "Invalid signature (oauth_problem=timestamp_refused)")
        case .nonceUsed: FlickrError(code: 96, message: "Invalid signature (oauth_problem=nonce_used)")
        case .verifierInvalid: FlickrError(code: 98, message: "Invalid auth token")
        case .permissionDenied(let needed, let granted):
            granted == .none
                ? FlickrError(code: 99, message: "Insufficient permissions. Method requires \(needed.name) privileges; none granted.")
                : FlickrError(
                    code: 99, message: "Insufficient permissions. Method requires \(needed.name) privileges; \(granted.name) granted.")
        }
    }
}

/// Flickr's permission levels, each including the ones below it.
enum DemoPermission: Int, Comparable, Sendable {
    case none, read, write, delete

    init?(name: String) {
        switch name {
        case "read": self = .read
        case "write": self = .write
        case "delete": self = .delete
        default: return nil
        }
    }

    var name: String {
        switch self {
        case .none: "no"
        case .read: "read"
        case .write: "write"
        case .delete: "delete"
        }
    }

    static func < (lhs: DemoPermission, rhs: DemoPermission) -> Bool { lhs.rawValue < rhs.rawValue }
}
