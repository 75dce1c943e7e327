import PhotoramaScreen

/// The user's key bindings as a translation in front of the reducer: a remapped key becomes the action's
/// default key, and a default key whose action moved elsewhere (and that no other action took) means
/// nothing. The reducer itself only ever knows the default keys.
public struct KeyMap: Equatable, Sendable {
    private var translation: [Key: Key] = [:]
    private var unbound: Set<Key> = []
    /// Each action's key after the user's bindings.
    public private(set) var keys: [KeyAction: Key] = [:]

    /// Ctrl-C always quits, whatever the bindings: no binding may take it.
    public static let reserved: Key = .ctrl("c")

    public static let standard = KeyMap()

    private init() {
        for action in KeyAction.allCases { keys[action] = action.defaultKey }
    }

    /// `bindings` replace the actions' default keys. Two actions on one key (after the bindings) is a
    /// conflict, reported with both actions in `KeyAction` order.
    public init(bindings: [KeyAction: Key]) throws(KeyBindingError) {
        self.init()
        for action in KeyAction.allCases {
            guard let key = bindings[action] else { continue }
            if key == Self.reserved { throw .reserved(action) }
            keys[action] = key
        }
        var owners: [Key: KeyAction] = [:]
        for action in KeyAction.allCases {
            guard let key = keys[action] else { continue }
            if let other = owners[key] { throw .conflict(other, action, key) }
            owners[key] = action
        }
        for action in KeyAction.allCases {
            guard let key = keys[action], key != action.defaultKey else { continue }
            translation[key] = action.defaultKey
            if owners[action.defaultKey] == nil { unbound.insert(action.defaultKey) }
        }
    }

    /// The key the reducer should see for a key pressed, or nil when the press means nothing.
    public func translate(_ key: Key) -> Key? {
        if let mapped = translation[key] { return mapped }
        return unbound.contains(key) ? nil : key
    }

    /// The key shown for an action in help texts.
    public func key(for action: KeyAction) -> Key { keys[action] ?? action.defaultKey }
}

/// Why a set of key bindings cannot be used.
public enum KeyBindingError: Error, Equatable, Sendable {
    case conflict(KeyAction, KeyAction, Key)
    case reserved(KeyAction)

    public var message: String {
        switch self {
        case .conflict(let first, let second, let key):
            "\(first.rawValue) and \(second.rawValue) are both bound to \"\(KeyName.name(key))\""
        case .reserved(let action):
            "\(action.rawValue) cannot be bound to ctrl-c: it always quits"
        }
    }
}
