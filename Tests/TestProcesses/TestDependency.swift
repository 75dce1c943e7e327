import Foundation
import PhotoramaSpawn
import Testing

/// A Debian package a test needs beyond the build (a program, a Python module), named as
/// .ci/apt-packages.txt lists it, and the file that shows it is installed.
public struct TestDependency: Sendable, Hashable {
    public let package: String
    /// An absolute path, or a program's name looked up on PATH.
    public let file: String

    public init(package: String, file: String) {
        self.package = package
        self.file = file
    }

    public var isInstalled: Bool {
        file.hasPrefix("/") ? FileManager.default.fileExists(atPath: file) : ExecutableSearch.locate(file, path: Self.searchPath) != nil
    }

    public static var searchPath: [String] {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    }

    public static let tmux = TestDependency(package: "tmux", file: "tmux")
    public static let xvfb = TestDependency(package: "xvfb", file: "Xvfb")
    public static let xterm = TestDependency(package: "xterm", file: "xterm")
    public static let kitty = TestDependency(package: "kitty", file: "kitty")
    public static let mlterm = TestDependency(package: "mlterm", file: "mlterm")
    public static let xdotool = TestDependency(package: "xdotool", file: "xdotool")
    /// ImageMagick's `import` takes the screenshots.
    public static let imagemagick = TestDependency(package: "imagemagick", file: "import")
    public static let chafa = TestDependency(package: "chafa", file: "chafa")
    public static let xfce4Terminal = TestDependency(package: "xfce4-terminal", file: "xfce4-terminal")
    public static let alacritty = TestDependency(package: "alacritty", file: "alacritty")
    public static let rxvtUnicode = TestDependency(package: "rxvt-unicode", file: "urxvt")
    public static let konsole = TestDependency(package: "konsole", file: "konsole")
    /// foot runs on a headless sway; grim takes its screenshots, wtype presses its keys, and useradd makes
    /// the user sway runs as (it refuses root).
    public static let foot = TestDependency(package: "foot", file: "foot")
    public static let sway = TestDependency(package: "sway", file: "sway")
    public static let grim = TestDependency(package: "grim", file: "grim")
    public static let wtype = TestDependency(package: "wtype", file: "wtype")
    public static let passwd = TestDependency(package: "passwd", file: "/usr/sbin/useradd")
    public static let flickrapi = TestDependency(
        package: "python3-flickrapi", file: "/usr/lib/python3/dist-packages/flickrapi/__init__.py")
    public static let lxml = TestDependency(package: "python3-lxml", file: "/usr/lib/python3/dist-packages/lxml/__init__.py")
}

/// The one rule for a test whose dependency is missing. Where the README's test command
/// (`scripts/install-deps.sh && swift test`) installs .ci/apt-packages.txt, that is on a Debian system
/// (dpkg-query and apt-get), and always under `CI=true`, a missing package is a failure with one line naming
/// it. Elsewhere the test is skipped, saying what it skipped and why.
public enum TestDependencies {
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The repository's package list, read from beside this file.
    static let listed: Set<String> = {
        let list = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".ci/apt-packages.txt")
        let text = (try? String(contentsOf: list, encoding: .utf8)) ?? ""
        return Set(
            text.split(separator: "\n").map {
                $0.split(separator: "#", omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces)
            }
            .filter { !$0.isEmpty })
    }()

    /// Whether a missing package fails the test rather than skipping it.
    public static var missingIsFailure: Bool {
        let environment = ProcessInfo.processInfo.environment
        if environment["CI"] == "true" { return true }
        return ExecutableSearch.locate("dpkg-query", path: TestDependency.searchPath) != nil
            && ExecutableSearch.locate("apt-get", path: TestDependency.searchPath) != nil
    }

    /// Returns when every one of `dependencies` is installed. Otherwise throws `Missing` (the test fails with
    /// one line naming the packages) where the test command installs them, and skips the rest of the test
    /// (`Test.cancel`) elsewhere, saying it skipped `what`. A package not in .ci/apt-packages.txt always fails:
    /// nothing would ever install it.
    public static func require(_ dependencies: [TestDependency], for what: String, failing: Bool = missingIsFailure) throws {
        let unlisted = dependencies.map(\.package).filter { !listed.contains($0) }
        guard unlisted.isEmpty else {
            throw Missing(description: "not in .ci/apt-packages.txt, so never installed: \(unlisted.joined(separator: ", "))")
        }
        let missing = dependencies.filter { !$0.isInstalled }.map(\.package)
        guard !missing.isEmpty else { return }
        let names = missing.joined(separator: ", ")
        if failing {
            let noun = missing.count == 1 ? "package" : "packages"
            throw Missing(description: "missing Debian \(noun) \(names) (.ci/apt-packages.txt): run scripts/install-deps.sh")
        }
        try Test.cancel("skipped \(what): needs \(names) (.ci/apt-packages.txt)")
    }
}

/// `require` before every test of a suite (or one test): `.needs([.xvfb, .xterm], for: "real-terminal tests")`.
public struct NeedsPackages: TestTrait, SuiteTrait, TestScoping {
    public let dependencies: [TestDependency]
    public let what: String

    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // Around each test (not around a whole suite, which has no test case and runs no test itself).
        if testCase != nil || !test.isSuite { try TestDependencies.require(dependencies, for: "\(what) (\(test.name))") }
        try await function()
    }
}

extension Trait where Self == NeedsPackages {
    public static func needs(_ dependencies: [TestDependency], for what: String) -> Self {
        NeedsPackages(dependencies: dependencies, what: what)
    }
}
