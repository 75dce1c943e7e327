import Foundation
import Testing

@testable import DemoServer

/// The mouse in the zoomed viewer of the real browser, in tmux over the demo server, with SGR mouse reports
/// as a terminal sends them: the wheel zooms about the pointer, a drag moves the photo with the pointer.
/// Each result is compared, colours included, with the screen the keys give for the same view: the wheel
/// at the view's middle is `+`; at the left edge's middle, where the fitted photo has a bar, it is `+`
/// then `h` (the view's left edge on the photo's); a drag further than the photo reaches is `l` and `j`
/// to the far edges.
@Suite(.serialized) struct ViewerMouseEndToEndTests {
    // An odd width: the middle of the view's 101×58 pixels (half blocks) is the middle of cell (14, 50).
    static let columns = 101
    static let rows = 30
    let truecolor = ["COLORTERM": "truecolor", "NO_COLOR": ""]

    /// Flickr's renditions that are not squares, by longest edge, as the demo server lists them.
    static let renditions: [(edge: Int, name: String)] = [
        (100, "Thumbnail 100"), (240, "Small 240"), (320, "Small 320"), (500, "Medium 500"), (640, "Medium 640"), (800, "Medium 800"),
        (1024, "Large 1024"), (1600, "Large 1600"),
    ]

    @Test func theWheelZoomsAboutThePointerAndADragMovesThePhoto() async throws {
        // Recent's fifth photo: a landscape one narrower than the view's shape, with bars left and right when
        // it fits, wider than the view once zoomed.
        let photo = DemoCatalog(seed: 1).photos[4]
        try #require(photo.width * 58 < photo.height * Self.columns && photo.width * 58 * 1414 > photo.height * Self.columns * 1000)
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-probe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --thumbnails off --probe-report \(report)", columns: Self.columns,
            rows: Self.rows, environment: truecolor)
        try await tmux.waitForGrid()
        var probes = 0
        /// The screen once every key and report sent is handled and nothing is loading.
        func settled() async throws -> String {
            try await tmux.probe(report: report, count: &probes, idle: true)
            return try await tmux.waitForStableScreen()
        }

        try await tmux.send(keys: ["v", "l", "l", "l", "l"])
        try await tmux.waitFor("the viewer on photo 5") { TmuxSession.statusLine($0).hasSuffix("5 of 1,000") && $0.contains("▀") }
        _ = try await settled()

        // Keys: one step in about the middle, then to the left edge, then to the bottom-right corner.
        try await tmux.send("+")
        let zoomedAtMiddle = try await settled()
        try await tmux.send("h")
        let zoomedAtLeft = try await settled()
        try await tmux.send(keys: ["l", "l", "l", "j", "j", "j"])
        let zoomedAtBottomRight = try await settled()

        // The caption: one step is ×√2, and the rendition is the smallest that holds the photo's longest
        // edge on screen: fitted it is 58 rows of pixels high, zoomed √2 times that.
        let fittedWidth = Double(photo.width) * 58 / Double(photo.height)
        let shownEdge = Int((fittedWidth * 2.0.squareRoot()).rounded(.up))
        let rendition = try #require(Self.renditions.first { $0.edge >= shownEdge }).name
        let caption = TmuxSession.statusLine(try await tmux.screen())
        #expect(caption.hasPrefix("×1.4 · \(rendition) · \(photo.title) · "), "\(caption)")
        #expect(caption.hasSuffix(" · 5 of 1,000"), "\(caption)")

        // The wheel at the view's middle is `+`.
        try await tmux.send("0")
        try await tmux.sendMouse([.wheelUp(row: 14, column: 50)])
        _ = try await settled()
        try await tmux.waitForScreen(equalTo: zoomedAtMiddle, "the wheel at the middle of the view")
        // Down again: fitted, no zoom in the caption.
        try await tmux.sendMouse([.wheelDown(row: 14, column: 50)])
        _ = try await settled()
        let fitted = TmuxSession.statusLine(try await tmux.screen())
        #expect(fitted.hasPrefix("\(photo.title) · "), "\(fitted)")

        // The wheel in the left bar, half-way down: the photo's left edge stays under the pointer.
        try await tmux.sendMouse([.wheelUp(row: 14, column: 0)])
        _ = try await settled()
        try await tmux.waitForScreen(equalTo: zoomedAtLeft, "the wheel at the left edge of the view")

        // From the top-left corner, a drag up and to the left further than the photo reaches shows its
        // bottom-right corner; the zoom stays.
        try await tmux.send(keys: ["k", "k", "k"])
        _ = try await settled()
        try await tmux.sendMouse([
            .press(row: 28, column: 90), .drag(row: 20, column: 70), .drag(row: 0, column: 10), .release(row: 0, column: 10),
        ])
        _ = try await settled()
        try await tmux.waitForScreen(equalTo: zoomedAtBottomRight, "a drag to the bottom-right corner")

        try await tmux.send("q", "q")
        try await tmux.waitFor(text: "exit=0")
    }
}
