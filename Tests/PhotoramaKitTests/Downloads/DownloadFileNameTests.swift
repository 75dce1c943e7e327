import Testing

@testable import PhotoramaKit

@Suite struct DownloadFileNameTests {
    static let family = "👨‍👩‍👧"

    /// Hostile titles and ids, and the exact name each must give.
    static let table: [(title: String, id: String, name: String)] = [
        ("Sunset over the bay", "123", "Sunset over the bay - 123.jpg"),
        ("../../etc/passwd", "1", "_.._etc_passwd - 1.jpg"),
        ("-rf --no-preserve-root", "2", "rf --no-preserve-root - 2.jpg"),
        (".hidden", "3", "hidden - 3.jpg"),
        ("", "4", "untitled - 4.jpg"),
        ("..", "5", "untitled - 5.jpg"),
        ("CON", "6", "untitled - 6.jpg"),
        ("evil\u{202E}gpj.exe", "7", "evilgpj.exe - 7.jpg"),
        ("tab\there\nnew\u{0085}line", "8", "tab here new line - 8.jpg"),
        ("zero\u{200B}width\u{FEFF}\u{2066}", "9", "zerowidth - 9.jpg"),
        ("a:b*c?\"d<e>f|g\\h", "10", "a_b_c__d_e_f_g_h - 10.jpg"),
        ("  spaced   out  ", "11", "spaced out - 11.jpg"),
        ("trailing dots...", "12", "trailing dots - 12.jpg"),
        (String(repeating: "é", count: 100), "13", String(repeating: "é", count: 55) + " - 13.jpg"),
        // Zero-width joiners go too, so a family emoji falls apart into its people (4 bytes each).
        (String(repeating: family, count: 10), "14", String(repeating: "👨👩👧", count: 9) + " - 14.jpg"),
        ("x", "../1", "x - ___1.jpg"),
        ("esc\u{1B}[31mred\u{07}", "15", "esc[31mred - 15.jpg"),
        ("\u{202E}\u{200F}", "16", "untitled - 16.jpg"),
    ]

    @Test func hostileTitlesGiveSafeNames() {
        for row in Self.table {
            let name = DownloadFileName.make(title: row.title, id: row.id, fileExtension: "jpg")
            #expect(name == row.name, "title \(row.title.debugDescription)")
            #expect(name.utf8.count <= DownloadFileName.maxBytes)
            #expect(!name.contains("/"))
        }
    }

    @Test func copiesAreNumberedBeforeTheID() {
        #expect(DownloadFileName.make(title: "Title", id: "15", fileExtension: "png", copy: 2) == "Title (2) - 15.png")
        #expect(DownloadFileName.partial(title: "Title", id: "15") == "Title - 15.part")
    }

    @Test func aLongTitleStillEndsInTheIDAndExtensionWithinTheLimit() {
        let name = DownloadFileName.make(
            title: String(repeating: "a", count: 300), id: "53812345678", fileExtension: "webp", copy: 12)
        #expect(name == String(repeating: "a", count: 120 - 5 - " (12) - 53812345678".utf8.count) + " (12) - 53812345678.webp")
        #expect(name.utf8.count == 120)
    }
}

@Suite struct ImageKindTests {
    @Test func formatsComeFromTheFirstBytes() {
        #expect(ImageKind.detect([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]) == .jpeg)
        #expect(ImageKind.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(ImageKind.detect(Array("GIF89a....".utf8)) == .gif)
        #expect(ImageKind.detect(Array("GIF87a".utf8)) == .gif)
        #expect(ImageKind.detect(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageKind.detect(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == nil)
        #expect(ImageKind.detect(Array("<!doctype html>".utf8)) == nil)
        #expect(ImageKind.detect([0xFF, 0xD8]) == nil)
    }
}

@Suite struct DownloadFolderTests {
    @Test func explicitFolderWins() {
        #expect(DownloadFolder.resolve(explicit: "/tmp/x", environment: ["HOME": "/home/a"], xdgUserDir: "/home/a/Bilder") == "/tmp/x")
    }

    @Test func picturesFolderFromXDG() {
        #expect(
            DownloadFolder.resolve(explicit: nil, environment: ["HOME": "/home/a"], xdgUserDir: "/home/a/Bilder\n")
                == "/home/a/Bilder/Photorama")
        #expect(
            DownloadFolder.resolve(explicit: nil, environment: ["HOME": "/home/a", "XDG_PICTURES_DIR": "$HOME/Fotos"], xdgUserDir: nil)
                == "/home/a/Fotos/Photorama")
    }

    @Test func homeItselfOrNothingMeansPicturesInHome() {
        #expect(
            DownloadFolder.resolve(explicit: nil, environment: ["HOME": "/home/a"], xdgUserDir: "/home/a/") == "/home/a/Pictures/Photorama")
        #expect(DownloadFolder.resolve(explicit: nil, environment: ["HOME": "/home/a"], xdgUserDir: nil) == "/home/a/Pictures/Photorama")
    }
}
