import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaLocking
import PhotoramaScreen
import PhotoramaTUI
import TestProcesses
import Testing

@testable import PhotoramaApp

/// Serves JPEG bodies by URL; the URLs in `held` wait until `release` (a slow original).
final class RenditionTransport: Transport, Sendable {
    private let bodies: [String: Data]
    private let state = Locked<(held: Set<String>, waiting: [String: CheckedContinuation<Void, Never>], asked: [String])>(([], [:], []))

    init(bodies: [String: [UInt8]], held: Set<String> = []) {
        self.bodies = bodies.mapValues { Data($0) }
        state.withLock { $0.held = held }
    }

    var asked: [String] { state.withLock { $0.asked } }

    func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        let address = request.url.absoluteString
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let wait = state.withLock { state in
                state.asked.append(address)
                if state.held.contains(address) { state.waiting[address] = continuation }
                return state.held.contains(address)
            }
            if !wait { continuation.resume() }
        }
        guard let body = bodies[address] else { return WebResponse(status: 404) }
        return WebResponse(status: 200, headers: [("Content-Type", "image/jpeg")], body: body)
    }

    func release(_ address: String) {
        let continuation = state.withLock { state in
            state.held.remove(address)
            return state.waiting.removeValue(forKey: address)
        }
        continuation?.resume()
    }
}

/// The zoomed viewer's pictures through the runtime's own path (`LoaderPictures` → `ZoomedPictures` →
/// `ZoomablePicture` → `PictureDrawer`), on a synthetic photo of fine lines.
@Suite(.ownThread) struct ViewerZoomPicturesTests {
    /// White with a black line down every 4th column and across every 8th row, and a 2-pixel grey square
    /// at the middle: a fitted view blurs the lines to grey, 1:1 shows each.
    static func lines(width: Int, height: Int) -> RGBImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width where x % 4 == 0 || y % 8 == 0 {
                pixels.replaceSubrange((y * width + x) * 3..<(y * width + x) * 3 + 3, with: [0, 0, 0])
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    static let large = "https://img.example/lines_b.jpg"
    static let original = "https://img.example/lines_o.jpg"

    static func photo() -> Photo {
        Photo(
            provider: .fiveHundredPx, id: "1", title: "Lines", owner: "owner",
            taken: LocalDateTime(year: 2024, month: 5, day: 1, hour: 12, minute: 0),
            images: [
                PhotoImage(size: .large1024, url: URL(string: large)!, width: 300, height: 200),
                PhotoImage(size: .original, url: URL(string: original)!, width: 1200, height: 800),
            ],
            pageURL: nil, tags: [], description: "", views: 0)
    }

    static func transport(held: Set<String> = []) throws -> RenditionTransport {
        let small = try JPEGEncoding.encode(
            Resampler.areaAverage(lines(width: 1200, height: 800), to: PixelSize(width: 300, height: 200)), quality: 100)
        let big = try JPEGEncoding.encode(lines(width: 1200, height: 800), quality: 100)
        return RenditionTransport(bodies: [large: small, original: big], held: held)
    }

    static func pictures(_ transport: RenditionTransport) throws -> LoaderPictures {
        let webservice = Webservice(transport: transport, allowInsecure: true, log: try RequestLog(capacity: 100))
        return LoaderPictures(
            webservice: webservice, drawer: PictureDrawer(cell: PixelSize(width: 10, height: 20), ids: PictureIDs()), byteBudget: 8 << 20)
    }

    /// The viewer open on the photo at `columns`×`rows`.
    static func viewer(_ drawing: ImageDrawing, columns: Int = 40, rows: Int = 13) -> AppState {
        var state = AppState(configuration: AppConfiguration(images: drawing), size: CellSize(columns: columns, rows: rows))
        _ = start(&state)
        let token = RequestToken(value: 1)
        _ = reduce(&state, .feed(.pageLoaded(token: token, page: 1, .success(Page(items: [photo()], page: 1, pages: 1, total: 1)))))
        _ = reduce(&state, .key(.character("v")))
        return state
    }

    /// Draws every picture `effects` ask for (answers in order), feeding the answers back.
    static func draw(_ state: inout AppState, _ effects: [Effect], with pictures: LoaderPictures, skipping: String? = nil) async -> [Effect]
    {
        var pending = effects
        var rest: [Effect] = []
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            guard case .loadImage(let request, let urgency, let token) = effect, request.url.absoluteString != skipping,
                let result = await pictures.picture(request, urgency: urgency)
            else {
                rest.append(effect)
                continue
            }
            pending += reduce(&state, .images(.imageLoaded(token: token, request, result)))
        }
        return rest
    }

    @Test func aZoomedViewerOfFineLinesInText() async throws {
        let pictures = try Self.pictures(try Self.transport())
        var state = Self.viewer(.ascii)
        _ = await Self.draw(&state, reduce(&state, .key(.character("0"))), with: pictures)
        for _ in 0..<20 { _ = await Self.draw(&state, reduce(&state, .key(.character("+"))), with: pictures) }
        let oneToOne = render(state).lines
        for _ in 0..<2 { _ = await Self.draw(&state, reduce(&state, .key(.character("-"))), with: pictures) }
        let closer = render(state).lines
        // 1:1: each black line a column of blanks (every 4th pixel) or a row of + (every 8th pixel, half a cell).
        #expect(
            oneToOne == [
                " @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@",
                " @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@",
                " +++ +++ +++ +++ +++ +++ +++ +++ +++ +++",
                " @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@",
                " @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@",
                " @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@",
                " +++ +++ +++ +++ +++ +++ +++ +++ +++ +++",
                " @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@",
                " @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@",
                " @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@",
                " +++ +++ +++ +++ +++ +++ +++ +++ +++ +++",
                " @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@ @@@",
                "1:1 · Original 1200×800 · Lines · owner…",
            ])
        // Two steps out (×22.6): lines 2.8 view pixels apart, still told apart (the region decoded at the DCT
        // scale the zoom needs, then area-averaged).
        #expect(
            closer == [
                "*=#+*#=##=#+*#=#*=#+*#=##=#+*#=#*=#+*#=#",
                "%*@##@+@@+@#%@+@%*@##@+@@+@#%@+@%*@##@+@",
                "%*@##@+@@+@*%@+@%*@##@+@@+@*%@+@%*@##@+@",
                "*=#+*#=##=#+*#=#*=#+*#=##=#+*#=#*=#+*#=#",
                "%+@##%+@@+@*%@+@%+@##%+@@+@*%@+@%+@##%+@",
                "#+%##%=%%=%*#%=%#+%##%=%%=%*#%=%#+%##%=%",
                "#+%##%=%%=%*#%=%#+%##%=%%=%*#%=%#+%##%=%",
                "%*@##@+@@+@*%@+@%*@##@+@@+@*%@+@%*@##@+@",
                "*=#+*#=##=#+*#=#*=#+*#=##=#+*#=#*=#+*#=#",
                "%*@##@+@@+@#%@+@%*@##@+@@+@#%@+@%*@##@+@",
                "%*@##@+@@+@*%@+@%*@##@+@@+@*%@+@%*@##@+@",
                "*=#+*#=##=#+*#=#*=#+*#=##=#+*#=#*=#+*#=#",
                "×22.6 · Original 1200×800 · Lines · own…",
            ])
        await pictures.finish()
    }

    @Test func theSmallerRenditionStandsInUntilTheOriginalArrives() async throws {
        let transport = try Self.transport(held: [Self.original])
        let pictures = try Self.pictures(transport)
        var state = Self.viewer(.halfBlocks(.truecolor))
        _ = await Self.draw(&state, reduce(&state, .key(.character("0"))), with: pictures)
        var captions: [String] = []
        // The original's loads run meanwhile, as the runtime runs them; the transport holds the answer.
        var inFlight: [Task<Action?, Never>] = []
        for _ in 0..<7 {
            let waiting = await Self.draw(&state, reduce(&state, .key(.character("+"))), with: pictures, skipping: Self.original)
            for case .loadImage(let request, let urgency, let token) in waiting {
                inFlight.append(
                    Task {
                        await pictures.picture(request, urgency: urgency).map { .images(.imageLoaded(token: token, request, $0)) }
                    })
            }
            let lines = render(state).lines
            captions.append(lines[12].components(separatedBy: " · Lines").first ?? "")
            // A picture on screen at every step: half blocks on the middle row, never "loading…".
            #expect(lines[6].contains("▀"), "no picture after \(captions.last ?? "")")
            #expect(!lines.joined().contains("loading…"))
        }
        // Up to ×8 the 300-pixel rendition holds the zoom; ×11.3 needs the original, and until it comes the
        // 300-pixel one stands in, drawn at the new region.
        #expect(
            captions == [
                "×1.4 · Large 300", "×2 · Large 300", "×2.8 · Large 300", "×4 · Large 300", "×5.7 · Large 300", "×8 · Large 300",
                "×11.3 · Large 300",
            ])
        #expect(inFlight.count == 1)
        try await waitUntil("the original asked for") { transport.asked.contains(Self.original) }
        transport.release(Self.original)
        for task in inFlight {
            if let action = await task.value { _ = reduce(&state, action) }
        }
        #expect(render(state).lines[12].hasPrefix("×11.3 · Original 1200×800 · Lines"))
        #expect(render(state).lines[6].contains("▀"))
        #expect(transport.asked.filter { $0 == Self.original }.count == 1)
        await pictures.finish()
    }
}
