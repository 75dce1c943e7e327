import PhotoramaFiles
import PhotoramaImages

/// Pictures a frame wants that the terminal has not taken yet: when the link drains slower than
/// pictures come, they wait here instead of in a blocking write, so keys are read meanwhile. A piece is
/// written whole once started (another sequence inside it would corrupt both); the pieces not started
/// when the next frame is drawn are handed back (`takeUnwritten`), so a page the user has left is never
/// written and a superseded frame's pictures are dropped.
struct PictureBacklog {
    private var pieces: [PicturePiece] = []
    /// Pieces dropped because the terminal refused them (closed), for `takeDropped`.
    private var dropped: [PicturePiece] = []
    /// Bytes of `pieces[0]` already written.
    private var writtenOfFirst = 0

    var isEmpty: Bool { pieces.isEmpty }
    var count: Int { pieces.count }
    /// Pieces a drawn frame waits for: those sent ahead of need not counted.
    var waiting: Int { pieces.count { !$0.isAhead } }

    mutating func append(_ more: [PicturePiece]) {
        pieces += more
    }

    /// What one `writeAvailable` did: the bytes the terminal took, and whether it then refused more (its
    /// buffer is full) rather than running out of pieces.
    struct Progress: Equatable {
        var bytes: Int
        var full: Bool
    }

    /// Writes what the terminal takes without waiting. Returns nil when it refused (closed): the backlog
    /// is then dropped, as nothing more can be written.
    @discardableResult
    mutating func writeAvailable(to descriptor: Int32) -> Progress? {
        var progress = Progress(bytes: 0, full: false)
        while let first = pieces.first {
            let bytes = first.bytes
            let result = bytes[writtenOfFirst...].withUnsafeBytes { buffer in
                Result { () throws(FileFailure) in try Descriptor.writeAvailable(buffer, to: descriptor) }
            }
            guard case .success(let written) = result else {
                dropped += pieces
                pieces = []
                writtenOfFirst = 0
                return nil
            }
            progress.bytes += written
            writtenOfFirst += written
            if writtenOfFirst == bytes.count {
                pieces.removeFirst()
                writtenOfFirst = 0
            } else {
                progress.full = true
                return progress
            }
        }
        return progress
    }

    /// Writes the rest of a piece already started, waiting as long as it takes, so that other bytes may
    /// follow. Returns how many bytes that was (0: no piece was started).
    @discardableResult
    mutating func finishStarted(to descriptor: Int32) -> Int {
        guard writtenOfFirst > 0, let first = pieces.first else { return 0 }
        let rest = Array(first.bytes[writtenOfFirst...])
        rest.withUnsafeBytes { _ = try? Descriptor.writeAll($0, to: descriptor) }
        pieces.removeFirst()
        writtenOfFirst = 0
        return rest.count
    }

    /// Writes every piece, waiting as long as it takes.
    mutating func writeEverything(to descriptor: Int32) {
        finishStarted(to: descriptor)
        let bytes = pieces.flatMap(\.bytes)
        pieces = []
        bytes.withUnsafeBytes { _ = try? Descriptor.writeAll($0, to: descriptor) }
    }

    /// The pieces dropped unwritten when the terminal refused them, taken out (their objects are removed
    /// by whoever takes them, `ProtocolPictures.unwritten`).
    mutating func takeDropped() -> [PicturePiece] {
        defer { dropped = [] }
        return dropped
    }

    /// The pieces no byte of which was written, taken out (call `finishStarted` first).
    mutating func takeUnwritten() -> [PicturePiece] {
        let start = writtenOfFirst > 0 ? 1 : 0
        let unwritten = Array(pieces[min(start, pieces.count)...])
        pieces.removeLast(unwritten.count)
        return unwritten
    }
}
