import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import PhotoramaText

/// Draws the whole screen for a state. Pure, and O(visible): only the cards in view are drawn. Each part
/// of the screen is a `View` drawn into the area `ScreenLayout` gives it.
public func render(_ state: AppState) -> Frame {
    let context = RenderContext(state)
    let layout = context.layout
    var frame = Frame(size: layout.size)
    // The zoomed viewer pans with a drag, so only then does the terminal report motion.
    frame.reportsDrags = state.viewerOpen && state.viewerZoom.isZoomed(state.currentFeed?.selectedPhoto?.key)
    guard layout.size.columns > 0, layout.size.rows > 0 else { return frame }

    if state.viewerOpen, let tab = state.currentFeedTab {
        let feed = state.feed(for: tab)
        ViewerView(feed: feed).draw(in: layout.viewerImage, context: context, into: &frame)
        ViewerCaption(feed: feed, slideshow: state.slideshow, zoom: state.zoomCaption).draw(
            in: layout.viewerCaption, context: context, into: &frame)
        if let overlay = state.overlay {
            OverlayView(state, overlay).draw(in: layout.body, context: context, into: &frame)
            frame.pictureCovers.append(layout.body)  // the overlay wins over every picture under it
        }
        if state.configuration.plain { PlainScreen.adapt(&frame, state: state, layout: layout) }
        return frame
    }
    HeaderView(state).draw(in: layout.header, context: context, into: &frame)
    InputBarView(state, columns: layout.inputBar.width).draw(in: layout.inputBar, context: context, into: &frame)
    if let overlay = state.overlay {
        OverlayView(state, overlay).draw(in: layout.body, context: context, into: &frame)
    } else if let map = state.map {
        let scene = MapScene(state, model: map, area: layout.map)
        MapView(scene: scene).draw(in: layout.map, context: context, into: &frame)
        MapCaption(model: map, scene: scene, selected: state.currentFeed?.selectedPhoto).draw(
            in: layout.mapCaption, context: context, into: &frame)
    } else if let tab = state.currentFeedTab {
        let feed = state.feed(for: tab)
        let detail = DetailView(
            feed: feed, preview: layout.imagePreview, saved: state.saved, favorites: state.favorites, detail: state.detail,
            licenses: state.licenses)
        if state.detailOpen, layout.pane.isEmpty {
            detail.draw(in: layout.body, context: context, into: &frame)
        } else {
            GridView(feed: feed, saved: state.saved, favorites: state.favorites).draw(in: layout.grid, context: context, into: &frame)
            if !layout.pane.isEmpty {
                let border = Rect(row: layout.pane.row, column: layout.pane.column - 1, width: 1, height: layout.pane.height)
                PaneBorder().draw(in: border, context: context, into: &frame)
                detail.draw(in: layout.pane, context: context, into: &frame)
            }
        }
    } else if state.tab == .locations {
        LocationsView(model: state.locations).draw(in: layout.body, context: context, into: &frame)
    } else {
        EmptyTabView(tab: state.tab, saved: state.saved, signInProblem: state.configuration.signInProblem).draw(
            in: layout.body, context: context, into: &frame)
    }
    if state.palette.isOpen {
        PaletteView(palette: state.palette, keyMap: state.configuration.keyMap).draw(in: layout.body, context: context, into: &frame)
        frame.pictureCovers.append(layout.body)  // the palette wins over every picture under it
    }
    StatusLineView(state).draw(in: layout.status, context: context, into: &frame)
    if state.configuration.plain { PlainScreen.adapt(&frame, state: state, layout: layout) }
    frame.ahead = state.picturesAhead(layout)
    return frame
}

/// What the Search and Saved tabs say when they have no feed to show.
struct EmptyTabView: View {
    let tab: Tab
    let saved: SavedModel
    /// Why the Favourites tab has no account to show.
    let signInProblem: String?

    func draw(in area: Rect, context: RenderContext, into frame: inout Frame) {
        message(context).draw(in: area, context: context, into: &frame)
    }

    private func message(_ context: RenderContext) -> CenteredText {
        let theme = context.theme
        if tab == .search { return CenteredText("Press / to search: words, or “lat, long [radius]”", style: theme.dim) }
        if tab == .favorites {
            return CenteredText(signInProblem ?? FlickrAPI.notSignedIn.message, style: theme.dim)
        }
        if let reason = saved.unavailable { return CenteredText(reason.message, style: theme.error) }
        // Every photo read so far was unsaved, and the store has more: the next page is on its way.
        if saved.hasMore { return CenteredText("loading…", style: theme.dim) }
        return CenteredText("No saved photos yet", style: theme.dim)
    }
}

extension AppState {
    /// "Recent", "Search “cats”", "Near Paris" …, sanitized (search text is typed, place names come
    /// from a server).
    func sourceLabel(for tab: Tab) -> String? {
        switch tab {
        case .recent, .popular, .search, .explore:
            feed(for: tab).source.map { Sanitizer.singleLine(feed(for: tab).title ?? $0.label) }
        case .locations:
            locations.showingPhotos ? feeds[.locations].source.map { Sanitizer.singleLine($0.label) } : "Library locations"
        case .saved: "Saved"
        case .favorites: "Favourites"
        }
    }
}
