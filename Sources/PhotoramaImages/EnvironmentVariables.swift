#if canImport(Glibc)
    import Glibc
#endif

/// Where settings read environment variables from: a dictionary (the tests, and commands that hold one
/// already) or this process's own environment.
public protocol EnvironmentVariables {
    subscript(_ name: String) -> String? { get }
}

extension Dictionary: EnvironmentVariables where Key == String, Value == String {}

/// This process's environment, each variable read when asked for. `photorama show FILE` reads a handful,
/// and the first use of ProcessInfo's dictionary of them all scans every protocol conformance in the
/// program (docs/PERFORMANCE.md).
public struct ProcessEnvironment: EnvironmentVariables, Sendable {
    public init() {}

    public subscript(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// No variables at all: for checking options whose meaning must not depend on the environment.
public struct NoEnvironment: EnvironmentVariables, Sendable {
    public init() {}

    public subscript(_ name: String) -> String? { nil }
}
