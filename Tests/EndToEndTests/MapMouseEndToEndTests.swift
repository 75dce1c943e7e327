import Foundation
import Testing

/// The mouse on the world map of the real browser, in tmux at 80×24 over the demo server, with SGR mouse
/// reports: the wheel zooms the map a step about the cross-hair wherever the pointer is (up: in), as `+`
/// and `-` do; a click on the map changes nothing.
@Suite(.serialized) struct MapMouseEndToEndTests {
    /// Enter's radius at `zoom`: half the map's height, 20 rows of 4 braille dots, 180° over 80 dots at
    /// zoom 0 and half as many degrees at each step, a degree being 111.195 km; at most 32 km.
    static func radius(zoom: Int) -> String {
        let kilometres = 80 * (180.0 / 80 / Double(1 << zoom)) * 111.195 / 2
        let tenths = Int((min(32, kilometres) * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    @Test func theWheelZoomsTheMapAndAClickLeavesItAsItIs() async throws {
        #expect(Self.radius(zoom: 0) == "32")
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-probe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 11 --probe-report \(report)", columns: 80, rows: 24)
        try await tmux.waitForGrid()
        var probes = 0
        func settled() async throws -> String {
            try await tmux.probe(report: report, count: &probes, idle: true)
            return try await tmux.waitForStableScreen()
        }
        func caption() async throws -> String { try await tmux.lines()[22] }

        try await tmux.send(keys: ["m", "n"])
        _ = try await settled()
        #expect(try await caption().contains(" · zoom 0 · "))
        #expect(try await caption().contains("Enter: photos within 32 km"))

        // Nine notches up, at cells all over the map: zoom 9.
        let cells = [(2, 0), (21, 79), (10, 40), (5, 70), (15, 3), (11, 42), (2, 79), (21, 0), (12, 12)]
        try await tmux.sendMouse(cells.map { SGRMouse.wheelUp(row: $0.0, column: $0.1) })
        let nine = try await settled()
        #expect(try await caption().contains(" · zoom 9 · "), "\(nine)")
        #expect(try await caption().contains("Enter: photos within \(Self.radius(zoom: 9)) km"), "\(nine)")
        #expect(Self.radius(zoom: 9) == "19.5")

        // `+` goes a step further; the wheel down comes back to the same screen, the wheel up to `+`'s.
        try await tmux.send("+")
        let ten = try await settled()
        #expect(try await caption().contains(" · zoom 10 · "))
        #expect(try await caption().contains("Enter: photos within \(Self.radius(zoom: 10)) km"), "\(ten)")
        try await tmux.sendMouse([.wheelDown(row: 3, column: 7)])
        _ = try await settled()
        try await tmux.waitForScreen(equalTo: nine, "the wheel down from zoom 10")
        try await tmux.sendMouse([.wheelUp(row: 20, column: 60)])
        _ = try await settled()
        try await tmux.waitForScreen(equalTo: ten, "the wheel up from zoom 9")

        // A click on the map neither moves the cross-hair nor selects anything.
        try await tmux.sendMouse([.press(row: 5, column: 5), .release(row: 5, column: 5)])
        _ = try await settled()
        try await tmux.waitForScreen(equalTo: ten, "a click on the map")

        try await tmux.send(keys: ["Escape", "q"])
        try await tmux.waitFor(text: "exit=0", deadline: .seconds(30))
    }
}
