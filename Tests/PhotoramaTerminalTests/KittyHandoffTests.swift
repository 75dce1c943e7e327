import Foundation
import PhotoramaImages
import PhotoramaLocking
import PhotoramaScreen
import PhotoramaSpawn
import Testing

@testable import PhotoramaTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// Pictures handed to kitty by name (issue 42, point 2): private objects named after their owner, removed
/// when a run that left them is gone, and asked about in the probe's one batch.
@Suite(.serialized) struct KittyHandoffTests {
    /// A temporary folder standing in for the system's, so the test sees only its own files.
    static func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "photorama-handoff-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        return folder
    }

    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o777 : nil
    }

    static func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    /// The pid of a process that has ended and been reaped.
    static func deadPid() throws -> pid_t {
        guard
            case .success(let pid) = Spawn.start(
                .path("/bin/true"), argv: ["/bin/true"], environment: [:], closeFromThree: true, signals: .defaultsRestored)
        else {
            throw Failure("cannot start /bin/true")
        }
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        return pid
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test("a temporary file: 0600 in a 0700 folder under TMPDIR, its name with the prefix and the pid, its bytes exact")
    func temporaryFile() throws {
        let temporary = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        var handoff = try #require(KittyHandoff(medium: .temporaryFile, environment: ["TMPDIR": temporary + "/"]))
        #expect(handoff.folder == "\(temporary)/photorama-tty-graphics-protocol-\(getuid())")
        #expect(Self.mode(handoff.folder) == 0o700)
        let written = handoff.write([1, 2, 3, 4, 5, 6])
        let name = try #require(written)
        #expect(name == "\(handoff.folder)/tty-graphics-protocol-photorama-\(getpid())-1")
        #expect(Self.mode(name) == 0o600)
        #expect(Self.contents(name) == [1, 2, 3, 4, 5, 6])
        let second = handoff.write([7])
        #expect(second == "\(handoff.folder)/tty-graphics-protocol-photorama-\(getpid())-2")
        handoff.remove(name)
        if let second { handoff.remove(second) }
        #expect(Self.mode(name) == nil)
        // A private folder's name taken by a link (someone else's trap) is refused, not followed.
        let trap = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: trap) }
        #expect(symlink(temporary, "\(trap)/photorama-tty-graphics-protocol-\(getuid())") == 0)
        #expect(KittyHandoff(medium: .temporaryFile, environment: ["TMPDIR": trap]) == nil)
        // One with a looser mode is made 0700 again.
        #expect(chmod(handoff.folder, 0o755) == 0)
        #expect(KittyHandoff.privateFolder(environment: ["TMPDIR": temporary]) == handoff.folder)
        #expect(Self.mode(handoff.folder) == 0o700)
        #expect(KittyHandoff.privateFolder(environment: ["TMPDIR": "relative"]) == "/tmp/photorama-tty-graphics-protocol-\(getuid())")
    }

    @Test("a shared-memory object: 0600 in /dev/shm, named with the prefix and the pid; the stream has no handoff")
    func sharedMemory() throws {
        var handoff = try #require(KittyHandoff(medium: .sharedMemory, environment: [:]))
        let written = handoff.write([9, 8, 7])
        let name = try #require(written)
        defer { handoff.remove(name) }
        #expect(name == "/tty-graphics-protocol-photorama-\(getpid())-1")
        #expect(Self.mode("/dev/shm" + name) == 0o600)
        #expect(Self.contents("/dev/shm" + name) == [9, 8, 7])
        #expect(handoff.exists(name))
        handoff.remove(name)
        #expect(!handoff.exists(name))
        #expect(KittyHandoff(medium: .stream, environment: [:]) == nil)
        // Shared memory needs no folder: a TMPDIR where none can be made does not stop it.
        let noFolder = ["TMPDIR": "/nonexistent-\(UUID().uuidString)"]
        #expect(KittyHandoff(medium: .sharedMemory, environment: noFolder) != nil)
        #expect(KittyHandoff(medium: .temporaryFile, environment: noFolder) == nil)
    }

    @Test("the next start removes what a run no longer alive left, and nothing of a live one's")
    func leftovers() throws {
        let temporary = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let folder = try #require(KittyHandoff.privateFolder(environment: ["TMPDIR": temporary]))
        let dead = try Self.deadPid()
        let live = getppid()
        let deadFile = KittyHandoff.name(medium: .temporaryFile, folder: folder, pid: dead, serial: "3")
        let liveFile = KittyHandoff.name(medium: .temporaryFile, folder: folder, pid: live, serial: "3")
        let deadShm = KittyHandoff.name(medium: .sharedMemory, folder: folder, pid: dead, serial: "test-\(UUID().uuidString)")
        let liveShm = KittyHandoff.name(medium: .sharedMemory, folder: folder, pid: live, serial: "test-\(UUID().uuidString)")
        let other = folder + "/notes.txt"
        // Shared-memory objects are listed in a folder of this test's own: every photorama started by a test
        // beside this one sweeps /dev/shm and could take the dead one first.
        let sharedMemory = temporary + "/shm"
        #expect(mkdir(sharedMemory, 0o700) == 0)
        for name in [deadFile, liveFile] {
            #expect(KittyHandoff.create(name, medium: .temporaryFile, bytes: [0]))
        }
        for name in [deadShm, liveShm] {
            #expect(KittyHandoff.create(sharedMemory + name, medium: .temporaryFile, bytes: [0]))
        }
        #expect(FileManager.default.createFile(atPath: other, contents: Data([1])))
        let removed = KittyHandoff.removeLeftovers(folder: folder, sharedMemory: sharedMemory)
        #expect(removed == [deadShm, deadFile].sorted())
        #expect(Self.mode(deadFile) == nil && Self.mode(sharedMemory + deadShm) == nil)
        #expect(Self.mode(liveFile) == 0o600 && Self.mode(sharedMemory + liveShm) == 0o600)
        #expect(Self.mode(other) != nil)
        // In the system's folder, a dead run's object is removed with shm_unlink.
        let systemDead = KittyHandoff.name(medium: .sharedMemory, folder: folder, pid: dead, serial: "test-\(UUID().uuidString)")
        #expect(KittyHandoff.create(systemDead, medium: .sharedMemory, bytes: [0]))
        KittyHandoff.removeLeftovers(folder: nil)
        #expect(Self.mode("/dev/shm" + systemDead) == nil)
    }

    @Test("the probe asks about both media in its batch, learns which objects the terminal removed, and leaves none")
    func probeAsksAboutMedia() throws {
        let temporary = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let handoffs = [KittyMedium.sharedMemory, .temporaryFile].compactMap {
            KittyHandoff(medium: $0, environment: ["TMPDIR": temporary])
        }
        #expect(handoffs.count == 2)
        let shm = "/tty-graphics-protocol-photorama-\(getpid())-probe"
        let file = "\(handoffs[1].folder)/tty-graphics-protocol-photorama-\(getpid())-probe"
        // This terminal reads the shared-memory object and removes it, as kitty does; the file it leaves.
        let reply = Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}_Gi=33;OK\u{1B}\\\u{1B}[?62;c".utf8)
        let seen = Locked<[UInt8]?>(nil)
        let terminal = try FakeTerminal(reply: reply) { received in
            // The first DA1 ends the batch (no object yet); the second ends the media round.
            seen.withLock { $0 = $0 ?? Self.contents("/dev/shm" + shm) }
            _ = shm_unlink(shm)
            _ = received
        }
        defer { terminal.close() }
        // The wait ends at each DA1; the long deadline only keeps a busy machine's slow reader thread from
        // ending a round before this terminal has read the objects.
        let findings = try #require(
            TerminalProbe.ask(
                input: terminal.slave, output: terminal.slave, askCellSize: false, deadline: .seconds(10), typeAhead: .keep,
                handoffs: handoffs))
        #expect(
            terminal.received(
                count: TerminalQueries.batch(askCellSize: false).count
                    + TerminalQueries.mediaBatch([.sharedMemory: shm, .temporaryFile: file]).count)
                == TerminalQueries.batch(askCellSize: false) + TerminalQueries.mediaBatch([.sharedMemory: shm, .temporaryFile: file]))
        #expect(seen.withLock { $0 } == [0, 0, 0])
        #expect(findings.mediaAsked == [.sharedMemory, .temporaryFile])
        #expect(findings.mediaLeftBehind == [.temporaryFile])
        #expect(TerminalCapabilities.decide(findings, window: nil, environment: [:]).kittyMedium == .sharedMemory)
        // Nothing of the probe is left.
        #expect(Self.mode(file) == nil)
        #expect(Self.mode("/dev/shm" + shm) == nil)
    }

    @Test("a terminal that does not answer the kitty query OK is asked nothing about media, and no object is made")
    func noMediaRoundWithoutKitty() throws {
        let temporary = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let handoffs = [KittyMedium.sharedMemory, .temporaryFile].compactMap {
            KittyHandoff(medium: $0, environment: ["TMPDIR": temporary])
        }
        let terminal = try FakeTerminal(reply: Array("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;4c".utf8))
        defer { terminal.close() }
        let findings = try #require(
            TerminalProbe.ask(
                input: terminal.slave, output: terminal.slave, askCellSize: false, deadline: .seconds(10), typeAhead: .keep,
                handoffs: handoffs))
        #expect(terminal.received == TerminalQueries.batch(askCellSize: false))
        #expect(findings.mediaAsked == [])
        #expect(findings.complete)
        #expect(Self.mode("/dev/shm/tty-graphics-protocol-photorama-\(getpid())-probe") == nil)
    }

    @Test("a picture's piece dropped unwritten takes its object with it")
    func unwrittenPieceRemovesItsObject() throws {
        var pictures = ProtocolPictures(.kitty, handoff: KittyHandoff(medium: .sharedMemory, environment: [:]))
        var frame = Frame(size: CellSize(columns: 40, rows: 20))
        let image = RGBImage(width: 2, height: 2, pixels: Array(repeating: 200, count: 12))
        frame.pictures = [
            FramePicture(
                rect: Rect(row: 1, column: 1, width: 4, height: 2), picture: PixelPicture(id: 5, columns: 4, rows: 2, image: image))
        ]
        let update = pictures.update(frame: frame, previous: nil, visible: CellSize(columns: 40, rows: 20), full: true)
        let name = try #require(update.pieces.first?.handoff)
        #expect(name == "/tty-graphics-protocol-photorama-\(getpid())-1")
        #expect(Self.contents("/dev/shm" + name) == image.pixels)
        #expect(
            update.pieces[0].bytes
                == [0x1B, UInt8(ascii: "7")]
                + KittyGraphics.transmitLocal(id: 5, size: image.size, medium: .sharedMemory, name: name)
                + KittyGraphics.place(id: 5, placement: 1, at: Rect(row: 1, column: 1, width: 4, height: 2)) + [0x1B, UInt8(ascii: "8")])
        pictures.unwritten(update.pieces)
        #expect(Self.mode("/dev/shm" + name) == nil)
    }

    /// A frame of 40×20 cells with one picture of `image` at 4×2 cells.
    static func frame(showing image: RGBImage) -> Frame {
        var frame = Frame(size: CellSize(columns: 40, rows: 20))
        frame.pictures = [
            FramePicture(
                rect: Rect(row: 1, column: 1, width: 4, height: 2), picture: PixelPicture(id: 5, columns: 4, rows: 2, image: image))
        ]
        return frame
    }

    @Test("pieces a closed terminal refused are handed back as dropped, and take their objects with them")
    func droppedPieceRemovesItsObject() throws {
        var pictures = ProtocolPictures(.kitty, handoff: KittyHandoff(medium: .sharedMemory, environment: [:]))
        let image = RGBImage(width: 2, height: 2, pixels: Array(repeating: 90, count: 12))
        let update = pictures.update(
            frame: Self.frame(showing: image), previous: nil, visible: CellSize(columns: 40, rows: 20), full: true)
        let name = try #require(update.pieces.first?.handoff)
        var backlog = PictureBacklog()
        backlog.append(update.pieces)
        // A descriptor open for reading only refuses every write (EBADF), as a terminal gone does.
        let readOnly = open("/dev/null", O_RDONLY)
        defer { close(readOnly) }
        #expect(backlog.writeAvailable(to: readOnly) == nil)
        #expect(backlog.isEmpty)
        #expect(backlog.takeUnwritten() == [])
        let dropped = backlog.takeDropped()
        #expect(dropped == update.pieces)
        #expect(backlog.takeDropped() == [])
        #expect(Self.mode("/dev/shm" + name) == 0o600)
        pictures.unwritten(dropped)
        #expect(Self.mode("/dev/shm" + name) == nil)
    }

    @Test("no slow link's first look when kitty reads the pixels by name: the full picture goes, by name")
    func noPreviewWhenHandedOver() throws {
        var pictures = ProtocolPictures(.kitty, handoff: KittyHandoff(medium: .sharedMemory, environment: [:]))
        let pixels = (0..<(40 * 30 * 3)).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let image = RGBImage(width: 40, height: 30, pixels: pixels)
        let update = pictures.update(
            frame: Self.frame(showing: image), previous: nil, visible: CellSize(columns: 40, rows: 20), full: true, preview: true)
        let name = try #require(update.pieces.first?.handoff)
        #expect(update.pieces.count == 1)
        #expect(Self.contents("/dev/shm" + name) == image.pixels)
        #expect(
            update.pieces[0].bytes
                == [0x1B, UInt8(ascii: "7")]
                + KittyGraphics.transmitLocal(id: 5, size: image.size, medium: .sharedMemory, name: name)
                + KittyGraphics.place(id: 5, placement: 1, at: Rect(row: 1, column: 1, width: 4, height: 2)) + [0x1B, UInt8(ascii: "8")])
        #expect(!pictures.showsPreviews)
        pictures.unwritten(update.pieces)
        #expect(Self.mode("/dev/shm" + name) == nil)
    }
}
