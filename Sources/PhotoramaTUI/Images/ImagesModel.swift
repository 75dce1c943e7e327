import PhotoramaImages
import PhotoramaKit

/// The pictures the browser holds: the ones the screen wants now, and a few it showed recently so that
/// going back and forth between photos does not flash "loading…". Decoded pixels live in the runtime's
/// image cache; this holds only cells ready to draw.
struct ImagesModel: Sendable {
    /// How many pictures no longer wanted stay ready to draw: a screen of thumbnails at 200×60 (26), so
    /// paging back a screen draws its pictures at once; for kitty, which still holds them, that is only
    /// their placements, not "loading…" drawn and erased over the link.
    static let recentLimit = 32

    private(set) var statuses: [ImageRequest: ImageStatus] = [:]
    /// Requests no longer wanted but kept, oldest first.
    private var recent: [ImageRequest] = []

    func status(_ request: ImageRequest) -> ImageStatus? { statuses[request] }

    /// Makes the held pictures match `wanted`: starts what is missing, cancels loads nobody wants any
    /// more, and keeps a few finished pictures. Returns the effects to run.
    mutating func reconcile(
        wanted: [(ImageRequest, ImagePriority)], makeToken: () -> RequestToken
    ) -> [Effect] {
        var effects: [Effect] = []
        let wantedSet = Set(wanted.map(\.0))
        for (request, status) in statuses where !wantedSet.contains(request) {
            switch status {
            case .loading(let token):
                statuses[request] = nil
                effects.append(.cancel(token))
            case .ready where request.map != nil:
                // A map picture is wanted once: the map keeps its last one itself (`MapModel.lastPicture`).
                statuses[request] = nil
            case .ready:
                if !recent.contains(request) { recent.append(request) }
            case .failed:
                statuses[request] = nil
            }
        }
        recent.removeAll { wantedSet.contains($0) || statuses[$0] == nil }
        while recent.count > Self.recentLimit {
            statuses[recent.removeFirst()] = nil
        }
        for (request, urgency) in wanted where statuses[request] == nil {
            let token = makeToken()
            statuses[request] = .loading(token)
            effects.append(.loadImage(request, urgency: urgency, token: token))
        }
        return effects
    }

    /// An answer for a load still wanted replaces its "loading"; anything else is stale.
    mutating func receive(_ request: ImageRequest, token: RequestToken, result: Result<Picture, ImageFailure>) {
        guard statuses[request] == .loading(token) else { return }
        switch result {
        case .success(let image): statuses[request] = .ready(image)
        case .failure(let failure): statuses[request] = .failed(failure.message)
        }
    }

    /// Every load in flight (to cancel on quit or when images are turned off).
    var loadingTokens: [RequestToken] {
        statuses.values.compactMap { if case .loading(let token) = $0 { token } else { nil } }
    }
}
