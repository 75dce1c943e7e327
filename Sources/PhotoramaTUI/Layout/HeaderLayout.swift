import PhotoramaText

/// Where each tab's label sits in the header, for drawing and for mouse clicks.
struct HeaderLayout {
    struct Label {
        var tab: Tab
        var text: String
        var column: Int
        var width: Int { DisplayWidth.of(text) }
    }

    let labels: [Label]

    /// "1 Recent  2 Popular …" from 80 columns, "1 Rec 2 Pop …" from 30, digits alone below that.
    init(columns: Int, tabs: [Tab] = Tab.allCases) {
        var labels: [Label] = []
        var column = 0
        let (separator, text): (Int, (Tab) -> String) =
            if columns >= 80 { (2, { "\($0.rawValue) \($0.title)" }) } else if columns >= 30 {
                (1, { "\($0.rawValue) \($0.shortTitle)" })
            } else { (1, { "\($0.rawValue)" }) }
        for tab in tabs {
            let label = Label(tab: tab, text: text(tab), column: column)
            labels.append(label)
            column += label.width + separator
        }
        self.labels = labels
    }

    var width: Int { labels.last.map { $0.column + $0.width } ?? 0 }

    func tab(atColumn column: Int) -> Tab? {
        labels.first { column >= $0.column && column < $0.column + $0.width }?.tab
    }
}
