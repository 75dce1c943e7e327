import PhotoramaImages

/// Where each part of the screen goes for a state's size: computed the same way by `reduce` (to know
/// how many cards a row and a screen hold) and by `render`.
public struct ScreenLayout: Sendable, Hashable {
    public static let minimumCardWidth = 24
    public static let cardHeight = 4
    /// A thumbnail card: the picture, then the title and one line of metadata. At 80×24 the grid holds
    /// 3×2 of them.
    public static let thumbnailCardHeight = 10
    /// Terminals at least this wide show the detail pane next to the grid.
    public static let paneThreshold = 120

    public let size: CellSize
    public let header: Rect
    /// The search bar, or the country field on the Locations tab.
    public let inputBar: Rect
    public let status: Rect
    /// Between the header (and input bar) and the status line.
    public let body: Rect
    public let grid: Rect
    /// The detail pane to the right of the grid (empty when the terminal is narrower than 120 columns).
    public let pane: Rect
    /// Where the image preview of the selected photo goes, inside the pane or the full-screen detail.
    public let imagePreview: Rect
    /// The full-screen viewer's picture and caption line.
    public let viewerImage: Rect
    public let viewerCaption: Rect
    /// The world map over the body (grid and pane alike, so the map is as large as the screen allows), and
    /// its caption line under it; the map takes the whole body when it is under three rows.
    public let map: Rect
    public let mapCaption: Rect
    public let gridColumns: Int
    public let cardWidth: Int
    public let cardHeight: Int
    /// Card rows that fit in the grid.
    public let visibleRows: Int
    /// Cards on one screen of the grid: how far PgDn and PgUp move, and what a screen of thumbnails is.
    public var cardsPerScreen: Int { gridColumns * visibleRows }
    /// Cards are thumbnail cards.
    public let showsThumbnails: Bool

    /// Borrowing: an initializer otherwise consumes its argument, and each layout (two per key) copied the
    /// whole state.
    public init(_ state: borrowing AppState) {
        let size = CellSize(columns: max(0, state.size.columns), rows: max(0, state.size.rows))
        self.size = size
        let columns = size.columns
        header = Rect(row: 0, column: 0, width: columns, height: min(1, size.rows))
        status = size.rows >= 2 ? Rect(row: size.rows - 1, column: 0, width: columns, height: 1) : .empty
        let wantsInput =
            state.searchBar.focused || (state.tab == .locations && !state.locations.showingPhotos)
            || state.searchBar.error != nil
        let showsInput = size.rows >= 4 && (wantsInput || size.rows >= 12)
        inputBar = showsInput ? Rect(row: 1, column: 0, width: columns, height: 1) : .empty
        let top = header.height + inputBar.height
        body = Rect(row: top, column: 0, width: columns, height: size.rows - top - status.height)

        let showsPane = columns >= Self.paneThreshold && state.currentFeedTab != nil
        if showsPane {
            let paneWidth = max(44, columns / 3)
            grid = Rect(row: body.row, column: 0, width: columns - paneWidth - 1, height: body.height)
            pane = Rect(row: body.row, column: columns - paneWidth, width: paneWidth, height: body.height)
        } else {
            grid = body
            pane = .empty
        }
        cardHeight = max(1, min(state.showsThumbnails ? Self.thumbnailCardHeight : Self.cardHeight, grid.height))
        showsThumbnails = state.showsThumbnails
        gridColumns = max(1, grid.width / Self.minimumCardWidth)
        cardWidth = grid.width / gridColumns
        visibleRows = max(1, grid.height / cardHeight)

        let detailArea = showsPane ? pane : (state.detailOpen ? body : .empty)
        // The photo takes the top half of the detail; no area at all when images are off or it would be tiny.
        let previewHeight = state.configuration.images != nil && detailArea.height >= 8 ? detailArea.height / 2 : 0
        imagePreview = Rect(
            row: detailArea.row, column: detailArea.column, width: detailArea.width, height: previewHeight)
        // The full-screen viewer: the photo above a one-line caption.
        viewerImage = Rect(row: 0, column: 0, width: columns, height: max(0, size.rows - 1))
        viewerCaption = size.rows >= 1 ? Rect(row: size.rows - 1, column: 0, width: columns, height: 1) : .empty
        let captionHeight = body.height >= 3 ? 1 : 0
        map = Rect(row: body.row, column: 0, width: columns, height: max(0, body.height - captionHeight))
        mapCaption = Rect(row: body.row + map.height, column: 0, width: columns, height: captionHeight)
    }

    /// The one card geometry: where card `index` is with `scrollRow` the grid's first row, rows past the
    /// screen continuing below it. The grid draws cards there and the image planner sizes their pictures.
    func cardPosition(index: Int, scrollRow: Int) -> Rect {
        Rect(
            row: grid.row + (index / gridColumns - scrollRow) * cardHeight, column: grid.column + index % gridColumns * cardWidth,
            width: cardWidth, height: cardHeight)
    }

    /// The screen position of a card, or nil when it is not in view.
    func cardRect(index: Int, scrollRow: Int) -> Rect? {
        let row = index / gridColumns - scrollRow
        guard row >= 0, row < visibleRows else { return nil }
        return cardPosition(index: index, scrollRow: scrollRow)
    }

    /// Where card `index`'s thumbnail goes (see `thumbnailRect(card:)`), in view or not.
    func thumbnailRect(index: Int, scrollRow: Int) -> Rect {
        thumbnailRect(card: cardPosition(index: index, scrollRow: scrollRow))
    }

    /// Where a thumbnail card's picture goes: above its two text lines, inside the card's gutter and
    /// one column of margin on each side. Empty when the card is too small for a picture.
    func thumbnailRect(card: Rect) -> Rect {
        guard showsThumbnails, card.height >= 4, card.width >= 6 else { return .empty }
        return Rect(row: card.row, column: card.column + 1, width: card.width - 3, height: card.height - 2)
    }

    /// The card index under a screen position, if it is inside the grid.
    func cardIndex(row: Int, column: Int, scrollRow: Int) -> Int? {
        guard grid.contains(row: row, column: column), cardWidth > 0 else { return nil }
        let gridColumn = (column - grid.column) / cardWidth
        let gridRow = (row - grid.row) / cardHeight
        guard gridColumn < gridColumns, gridRow < visibleRows else { return nil }
        return (scrollRow + gridRow) * gridColumns + gridColumn
    }
}
