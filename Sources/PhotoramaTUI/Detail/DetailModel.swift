import PhotoramaKit

/// The detail of the selected photo: whether it fills the screen (terminals narrower than 120 columns),
/// how far its text is scrolled, the tag picked in it with `[` `]`, and the EXIF shown with `e`.
public struct DetailModel: Sendable, Equatable {
    /// The detail fills the screen.
    public private(set) var isOpen = false
    /// The first line of the detail text in view.
    public private(set) var scroll = 0
    /// The tag picked with `[` `]`; Enter searches it.
    public private(set) var tag: DetailTag?
    /// The EXIF asked for with `e`, shown while its photo is the selected one.
    public private(set) var exif: DetailExif?

    /// Opens the full-screen detail at its top.
    mutating func open() {
        isOpen = true
        scroll = 0
    }

    /// Closes the full-screen detail, keeping where its text was (Esc: the same photo opens there again).
    mutating func close() {
        isOpen = false
    }

    /// Closes the detail and forgets its scroll: another tab or another feed is on screen.
    mutating func reset() {
        isOpen = false
        scroll = 0
    }

    /// As `reset`, and forgets the picked tag too: the photos on screen are new.
    mutating func resetAll() {
        reset()
        tag = nil
    }

    /// Puts back the detail as a back-stack entry left it, without a picked tag.
    mutating func restore(isOpen: Bool, scroll: Int) {
        self.isOpen = isOpen
        self.scroll = scroll
        tag = nil
    }

    /// Another photo is selected: its text starts at the top.
    mutating func scrollToTop() {
        scroll = 0
    }

    /// Scrolls up by `lines`, stopping at the first line.
    mutating func scrollUp(by lines: Int) {
        scroll = max(0, scroll - lines)
    }

    /// Scrolls down by `lines`, stopping when the last of `total` lines is at the bottom of `height`.
    mutating func scrollDown(by lines: Int, total: Int, height: Int) {
        scroll = max(0, min(scroll + lines, total - height))
    }

    /// Scrolls just enough that `line` is among the `height` lines in view.
    mutating func reveal(line: Int, height: Int) {
        if line < scroll { scroll = line }
        if line >= scroll + height { scroll = line - height + 1 }
    }

    mutating func pick(_ tag: DetailTag) {
        self.tag = tag
    }

    mutating func unpickTag() {
        tag = nil
    }

    /// `e`: shows `photo`'s EXIF, asking for it with `token` unless it is already there; `e` again on the
    /// same photo hides it. Returns the token to send, and a request to cancel (another photo's).
    mutating func toggleExif(for photo: PhotoKey, token: RequestToken) -> (load: RequestToken?, cancel: RequestToken?) {
        if let exif, exif.photo == photo {
            self.exif = nil
            return (nil, exif.status == .loading ? exif.token : nil)
        }
        let previous = exif.flatMap { $0.status == .loading ? $0.token : nil }
        exif = DetailExif(photo: photo, token: token)
        return (token, previous)
    }

    /// The answer to `toggleExif`'s request; a stale token is ignored.
    mutating func receiveExif(token: RequestToken, _ result: Result<ExifAnswer, PhotoramaError>) {
        guard var exif, exif.token == token else { return }
        switch result {
        case .success(let answer): exif.status = .loaded(answer)
        case .failure(let error):
            guard error.isUserVisible else { return }
            exif.status = .failed(error.message)
        }
        self.exif = exif
    }
}

extension DetailModel {
    /// The picked tag's index when `photo` is the photo it was picked on.
    func tagIndex(for photo: Photo) -> Int? {
        guard let tag, photo.key == tag.photo, tag.index < photo.tags.count else { return nil }
        return tag.index
    }

    /// The licence name and the EXIF the detail shows for `photo`.
    func extras(for photo: Photo, licenses: LicensesModel) -> DetailContent.Extras {
        DetailContent.Extras(license: licenses.name(photo.licenseID), exif: exif, licenseAddress: licenses.address(photo.licenseID))
    }
}
