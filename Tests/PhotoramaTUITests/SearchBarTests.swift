import Testing

@testable import PhotoramaTUI

@Suite("The search bar's own rules")
struct SearchBarTests {
    /// A bar that searched "cats" then "dogs" and shows "dogs", not focused.
    private func searchedTwice() -> SearchBar {
        var bar = SearchBar()
        for query in ["cats", "dogs"] {
            bar.focus()
            for character in query { bar.type(character) }
            bar.submitted(query)
        }
        return bar
    }

    @Test("focus opens the bar empty and remembers what it showed; leave puts that back")
    func focusAndLeave() {
        var bar = searchedTwice()
        bar.focus()
        #expect(bar.focused)
        #expect(bar.text == "")
        #expect(bar.beforeEditing == "dogs")
        bar.type("x")
        bar.leave()
        #expect(!bar.focused)
        #expect(bar.text == "dogs")
        #expect(bar.error == nil)
        #expect(bar.historyIndex == nil)
        #expect(bar.purpose == .search)
    }

    @Test("focus on an open bar changes nothing")
    func focusTwice() {
        var bar = SearchBar()
        bar.focus()
        bar.type("a")
        bar.focus()
        #expect(bar.text == "a")
        #expect(bar.beforeEditing == "")
    }

    @Test("focusForGallery opens the bar empty for a gallery; leave asks for a search again")
    func gallery() {
        var bar = searchedTwice()
        bar.focusForGallery()
        #expect(bar.focused)
        #expect(bar.purpose == .gallery)
        #expect(bar.text == "")
        bar.leave()
        #expect(bar.purpose == .search)
        #expect(bar.text == "dogs")
    }

    @Test("a click away from the gallery prompt gives it up: the bar shows its search again and / asks for a search")
    func clickAwayFromTheGalleryPrompt() {
        var bar = searchedTwice()
        bar.focusForGallery()
        bar.type("7")
        bar.unfocus()
        #expect(!bar.focused)
        #expect(bar.purpose == .search)
        #expect(bar.text == "dogs")
        bar.focus()
        #expect(bar.purpose == .search)
        #expect(bar.text == "")
    }

    @Test("Up walks back from the newest search and stops at the oldest; Down brings back the typed draft")
    func history() {
        var bar = searchedTwice()
        bar.focus()
        bar.type("b")
        bar.recallOlder()
        #expect(bar.text == "dogs")
        #expect(bar.historyIndex == 1)
        #expect(bar.draft == "b")
        bar.recallOlder()
        bar.recallOlder()
        #expect(bar.text == "cats")
        #expect(bar.historyIndex == 0)
        bar.recallNewer()
        #expect(bar.text == "dogs")
        bar.recallNewer()
        #expect(bar.text == "b")
        #expect(bar.historyIndex == nil)
        bar.recallNewer()
        #expect(bar.text == "b")
    }

    @Test("a rejected text keeps its message until the text changes; Ctrl-U clears it too")
    func rejectAndEdit() {
        var bar = SearchBar()
        bar.focus()
        for character in "91, 200" { bar.type(character) }
        bar.reject("Latitude must be between -90 and 90 (got 91)")
        #expect(bar.error == "Latitude must be between -90 and 90 (got 91)")
        bar.deleteBackward()
        #expect(bar.text == "91, 20")
        #expect(bar.error == nil)
        bar.reject("bad")
        bar.clear()
        #expect(bar.text == "")
        #expect(bar.error == nil)
        bar.deleteBackward()
        #expect(bar.text == "")
    }

    @Test("a submitted search joins the history once, newest last, and the bar keeps its text")
    func submitted() {
        var bar = searchedTwice()
        bar.focus()
        for character in "cats" { bar.type(character) }
        bar.submitted("cats")
        #expect(bar.history == ["dogs", "cats"])
        #expect(!bar.focused)
        #expect(bar.text == "cats")
    }

    @Test("the history keeps the last 100 searches")
    func historyLimit() {
        var bar = SearchBar()
        for number in 1...105 { bar.remember("q\(number)") }
        #expect(bar.history.count == 100)
        #expect(bar.history.first == "q6")
        #expect(bar.history.last == "q105")
    }

    @Test("show replaces the text without focusing; unfocus lets go and keeps the text")
    func showAndUnfocus() {
        var bar = SearchBar()
        bar.show("Photos by Ana")
        #expect(bar.text == "Photos by Ana")
        #expect(!bar.focused)
        bar.focus()
        bar.type("z")
        bar.unfocus()
        #expect(!bar.focused)
        #expect(bar.text == "z")
    }
}
