import Foundation
import Testing

/// `scripts/check-imports.py`, which .ci/run runs: every import of a project module (or a package's product)
/// must be declared in the importing target's dependencies, since SwiftPM lets transitive imports through.
@Suite struct ImportCheckTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let script = root.appendingPathComponent("scripts/check-imports.py").path

    /// A package of two targets as `swift package dump-package` describes it: `App` declares `Core` and the
    /// product `Logging`; `AppTests` declares `App` alone.
    static let dump = #"""
        {"targets": [
          {"name": "Core", "type": "regular", "path": null, "dependencies": []},
          {"name": "Net", "type": "regular", "path": "Modules/Net", "dependencies": []},
          {"name": "CLib", "type": "system", "path": "Modules/CLib", "dependencies": []},
          {"name": "App", "type": "regular", "path": null,
           "dependencies": [{"byName": ["Core", null]}, {"product": ["Logging", "swift-log", null, null]}]},
          {"name": "AppTests", "type": "test", "path": null, "dependencies": [{"target": ["App", null]}]}
        ]}
        """#

    func package(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-check-\(UUID().uuidString)")
        for (path, text) in files.merging(["dump.json": Self.dump], uniquingKeysWith: { first, _ in first }) {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder.path
    }

    func check(_ folder: String) async throws -> CommandResult {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try await CommandRun.run(
            "/usr/bin/env", ["python3", Self.script, folder, "--dump", folder + "/dump.json"], deadline: .seconds(30))
    }

    @Test func anUndeclaredImportFailsTheCheckWithOneLineEach() async throws {
        let folder = try package([
            "Sources/App/App.swift": "import Foundation\nimport Core\n@testable import Net\nimport Logging\n",
            "Sources/App/More.swift": "public import struct Net.Socket\n",
            "Tests/AppTests/AppTests.swift": "import Testing\n@testable import App\nimport Core\n",
            "Sources/Core/Core.swift": "import Glibc\n",
            "Modules/Net/Net.swift": "import Core\n",
        ])
        let result = try await check(folder)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                Net: Modules/Net/Net.swift:1 imports Core, which Net does not declare
                App: Sources/App/App.swift:3 imports Net, which App does not declare
                App: Sources/App/More.swift:1 imports Net, which App does not declare
                AppTests: Tests/AppTests/AppTests.swift:3 imports Core, which AppTests does not declare

                """)
        #expect(result.stderr == "check-imports: 4 undeclared import(s); declare them in Package.swift\n")
    }

    @Test func declaredToolchainCommentedAndQuotedImportsPass() async throws {
        let folder = try package([
            "Sources/App/App.swift": """
            import Foundation
            import Core
            internal import Logging
            // import Net
            /*
            import Net
            */
            let script = \"\"\"
                import Net
                \"\"\"
            """,
            "Tests/AppTests/AppTests.swift": "import Testing\nimport XCTest\n@testable import App\n",
        ])
        let result = try await check(folder)
        #expect(result.stderr == "")
        #expect(result.stdout == "check-imports: every import of 2 files is declared\n")
        #expect(result.status == 0)
    }

    @Test func theTargetsTableMustListEveryTargetWithItsDeclaredDependencies() async throws {
        let folder = try package([
            "ARCHITECTURE.md": """
            | target | folder | its job | depends on |
            | --- | --- | --- | --- |
            | `Core` | Sources/Core | the core | none |
            | `CLib` | Modules/CLib | a C library | none |
            | `App` | Sources/App | the program | `Core`, `Net` |
            | `AppTests` | Tests/AppTests | its tests | `App` |

            """
        ])
        let result = try await check(folder)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                ARCHITECTURE.md: the targets table has no row for Net
                ARCHITECTURE.md: App's row leaves out Logging and lists Net beyond Package.swift

                """)
        #expect(result.stderr == "check-imports: ARCHITECTURE.md's targets table disagrees with Package.swift in 2 place(s)\n")
    }
}
