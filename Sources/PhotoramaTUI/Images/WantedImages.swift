import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen

extension AppState {
    /// The pictures the screen shows now and the ones it is likely to show next, most urgent first:
    /// the selected photo, then its neighbours (so moving to the next photo finds it ready).
    func wantedImages(_ layout: ScreenLayout) -> [(ImageRequest, ImagePriority)] {
        let mapPicture = map.flatMap { mapPictureRequest(MapScene(self, model: $0, area: layout.map), area: layout.map) }
        guard configuration.images != nil, let tab = currentFeedTab else { return mapPicture.map { [($0, .selected)] } ?? [] }
        let feed = feed(for: tab)
        var wanted: [(ImageRequest, ImagePriority)] = mapPicture.map { [($0, .selected)] } ?? []
        var seen = Set<ImageRequest>()
        func want(_ index: Int, in area: Rect, _ urgency: ImagePriority, preview: Bool = false) {
            guard index >= 0, index < feed.count, !area.isEmpty,
                let request = pictureRequest(feed.photos[index], in: area, preview: preview),
                seen.insert(request).inserted
            else { return }
            wanted.append((request, urgency))
        }
        let area = viewerOpen ? layout.viewerImage : layout.imagePreview
        if let zoom = zoomPlan(layout) { wanted += zoom.wanted }
        want(feed.selection, in: area, .selected, preview: true)
        let showsGrid = !viewerOpen && !(detailOpen && layout.pane.isEmpty) && overlay == nil && map == nil
        if showsGrid, layout.showsThumbnails {
            // The selected card, the cards in view top to bottom, then the next screen.
            let perScreen = layout.cardsPerScreen
            let first = feed.scrollRow * layout.gridColumns
            let thumbnail = { (index: Int) in layout.thumbnailRect(index: index, scrollRow: feed.scrollRow) }
            want(feed.selection, in: thumbnail(feed.selection), .selected)
            for index in first..<(first + perScreen) { want(index, in: thumbnail(index), .visible) }
        }
        let next = nextScreen(layout)
        for (index, rect) in next.thumbnails { want(index, in: rect, .nearby) }
        want(feed.selection + 1, in: area, .nearby, preview: true)
        want(feed.selection - 1, in: area, .nearby, preview: true)
        // The detail picture PgDn selects: with the next screen's thumbnails above, a PgDn finds its whole
        // page made, and a slow link's first look goes at once (issue 42, point 5).
        if let selected = next.selected { want(selected, in: area, .nearby, preview: true) }
        return wanted
    }

    /// The screen a PgDn brings, where the grid shows thumbnails: its cards (index and picture area at
    /// the present scroll, the same size they will have there) and the photo it selects.
    private func nextScreen(_ layout: ScreenLayout) -> (thumbnails: [(Int, Rect)], selected: Int?) {
        guard configuration.images != nil, let tab = currentFeedTab, layout.showsThumbnails, !viewerOpen,
            !(detailOpen && layout.pane.isEmpty), overlay == nil, map == nil
        else { return ([], nil) }
        let feed = feed(for: tab)
        let perScreen = layout.cardsPerScreen
        let first = (feed.scrollRow * layout.gridColumns) + perScreen
        let thumbnails = (first..<(first + perScreen)).map { ($0, layout.thumbnailRect(index: $0, scrollRow: feed.scrollRow)) }
        return (thumbnails, feed.selection + perScreen)
    }

    /// The pixel pictures of the cards a PgDn brings that are made, top to bottom (`Frame.ahead`). Not its
    /// detail picture: a piece begun is written whole before the next frame, and a detail picture (0.4 s
    /// of a 10 Mbit/s link at 200×60) would hold a key's frame that long; a card, 50 ms at most.
    /// Only once the screen's own pictures are made (or failed): sent ahead earlier, the cards would go
    /// before those still to come. Only in kitty mode, the one terminal that stores pictures unplaced.
    func picturesAhead(_ layout: ScreenLayout) -> [PixelPicture] {
        guard configuration.images == .kitty, let tab = currentFeedTab, visibleThumbnails.allSatisfy(\.painted),
            selectedPicture.map(\.status.isSettled) ?? true
        else { return [] }
        let feed = feed(for: tab)
        return nextScreen(layout).thumbnails.compactMap { index, area -> PixelPicture? in
            guard index >= 0, index < feed.count, !area.isEmpty, let request = pictureRequest(feed.photos[index], in: area),
                case .ready(.pixels(let picture)) = images.status(request)
            else { return nil }
            return picture
        }
    }
}

extension AppState {
    /// The picture of `photo` for an area as this browser draws it; what `render` looks up and what
    /// `wantedImages` asks for are always the same request. A preview (the detail pane, the viewer) of a
    /// downloaded photo is drawn from its file; thumbnails keep the small rendition, cheaper than decoding
    /// an original.
    func pictureRequest(_ photo: Photo, in area: Rect, preview: Bool = false) -> ImageRequest? {
        guard let drawing = configuration.images else { return nil }
        guard var request = ImageRequest.forPhoto(photo, in: area, drawing: drawing, cell: cellPixels) else {
            return nil
        }
        if preview {
            request.file = saved.files[photo.key]
            request.animated = viewerOpen
            // Flickr keeps an animated GIF only as the original (`…_o.gif`); its other sizes are stills.
            if viewerOpen, request.file == nil, let original = photo.animatedOriginal { request.url = original.url }
        } else {
            request.fill = cardsFill
        }
        return request
    }
}

extension ImageRequest {
    /// The picture of `photo` for an area: the smallest rendition whose pixels cover what the area
    /// shows of it. nil when the photo has no image at all.
    static func forPhoto(
        _ photo: Photo, in area: Rect, drawing: ImageDrawing, cell: PixelSize = PixelSize(width: 10, height: 20)
    ) -> ImageRequest? {
        let perCell = PixelFit.cell(for: drawing, terminalCell: cell)
        let pixels = PixelSize(width: area.width * perCell.width, height: area.height * perCell.height)
        guard let image = photo.rendition(covering: pixels) else { return nil }
        var request = ImageRequest(url: image.url, columns: area.width, rows: area.height, drawing: drawing)
        // A graphics protocol's pixels are the terminal cell's: another cell size is another picture.
        if drawing.usesGraphicsProtocol { request.cell = cell }
        return request
    }
}

extension Photo {
    /// The original when it is a GIF (its address ends in `.gif`, as Flickr's do for GIF uploads): the
    /// viewer plays that, as the smaller sizes are JPEG stills.
    public var animatedOriginal: PhotoImage? {
        guard let original = images.last, original.size == .original, original.url.pathExtension.lowercased() == "gif" else { return nil }
        return original
    }

    /// The smallest rendition that covers `area` once fitted into it with the photo's aspect ratio kept;
    /// square crops only when nothing else exists; the largest when none covers.
    public func rendition(covering area: PixelSize) -> PhotoImage? {
        let uncropped = renditions.indices.filter { !renditions.size(at: $0).isSquare }
        let candidates = uncropped.isEmpty ? Array(renditions.indices) : uncropped
        let fitted: PixelSize
        if let dimensions = largestDimensions, dimensions.width > 0, dimensions.height > 0 {
            let scale = min(Double(area.width) / Double(dimensions.width), Double(area.height) / Double(dimensions.height))
            fitted = PixelSize(
                width: Int((Double(dimensions.width) * scale).rounded(.up)),
                height: Int((Double(dimensions.height) * scale).rounded(.up)))
        } else {
            fitted = area
        }
        let edge = max(fitted.width, fitted.height)
        return renditions.smallest(coveringEdge: edge, among: candidates)
    }
}

extension AppState {
    /// The photo whose picture matters most now (the selected one), if a picture is wanted at all.
    public var selectedPicture: (photo: PhotoKey, status: ImageStatus?)? {
        guard let (request, urgency) = wantedImages(ScreenLayout(self)).first, urgency == .selected,
            let photo = currentFeed?.selectedPhoto
        else { return nil }
        return (photo.key, images.status(request))
    }
}

extension AppState {
    /// The thumbnail cards on screen now, top to bottom: each photo's key and whether its picture is
    /// drawn (ready, or its failure shown). Empty when the grid shows no thumbnails. For the benchmarks.
    public var visibleThumbnails: [(photo: PhotoKey, painted: Bool)] {
        let layout = ScreenLayout(self)
        guard configuration.images != nil, let tab = currentFeedTab, layout.showsThumbnails, !viewerOpen,
            !(detailOpen && layout.pane.isEmpty), overlay == nil
        else { return [] }
        let feed = feed(for: tab)
        let first = feed.scrollRow * layout.gridColumns
        var cards: [(photo: PhotoKey, painted: Bool)] = []
        for index in first..<min(feed.count, first + layout.cardsPerScreen) {
            let area = layout.thumbnailRect(index: index, scrollRow: feed.scrollRow)
            guard !area.isEmpty, let request = pictureRequest(feed.photos[index], in: area) else { continue }
            cards.append((feed.photos[index].key, images.status(request).isSettled))
        }
        return cards
    }
}
