import PhotoramaLocking
import SeededRandom

/// The catalog's photos in posting order, made on demand. They come from one seeded stream, photo after
/// photo, so the stream keeps where it stopped and makes the next chunk from there; a request for photo 40
/// makes the first chunk only. The lock is held for one chunk at a time, so a request for an early photo
/// never waits for the whole catalog to be made by another thread.
final class PhotoStream: Sendable {
    /// Photos made per step: a screenful of pages in well under a millisecond or two.
    static let chunkSize = 256

    private struct Progress {
        var photos: [DemoPhoto] = []
        var random: SeededGenerator
        var posted: Int
        var id: UInt64
    }

    private let progress: Locked<Progress>
    private let userCount: Int

    /// `random` is the catalog's generator just after the users were made.
    init(startingWith random: SeededGenerator, userCount: Int) {
        var random = random
        let start = DemoCatalog.photoStreamStart(&random)
        var progress = Progress(random: random, posted: start.posted, id: start.id)
        progress.photos.reserveCapacity(DemoCatalog.photoCount)
        self.progress = Locked(progress)
        self.userCount = userCount
    }

    /// A stream whose photos are all made already (the tests' eager reference build).
    init(complete photos: [DemoPhoto]) {
        progress = Locked(Progress(photos: photos, random: SeededGenerator(seed: 0), posted: 0, id: 0))
        userCount = 1
    }

    var count: Int { DemoCatalog.photoCount }

    func photo(_ index: Int) -> DemoPhoto {
        makePhotos(upTo: index + 1)
        return progress.withLock { $0.photos[index] }
    }

    /// Every photo, making those not made yet.
    var all: [DemoPhoto] {
        makePhotos(upTo: count)
        return progress.withLock { $0.photos }
    }

    /// The generator as it is after the last photo: where galleries and 500px photos continue the stream.
    var randomAfterLastPhoto: SeededGenerator {
        makePhotos(upTo: count)
        return progress.withLock { $0.random }
    }

    /// The index of the photo with this id. Ids fall as the index grows, so only photos up to the first one
    /// with a smaller id are made, then searched by halving.
    func index(ofID id: UInt64) -> Int? {
        var made = 0
        while true {
            let (photos, done) = progress.withLock { progress in
                (progress.photos.count, progress.photos.count >= count || (progress.photos.last.map { $0.id <= id } ?? false))
            }
            if done || photos == made && photos >= count { break }
            made = photos
            makePhotos(upTo: photos + Self.chunkSize)
        }
        return progress.withLock { progress in
            let photos = progress.photos
            var low = 0
            var high = photos.count
            while low < high {
                let middle = (low + high) / 2
                if photos[middle].id > id { low = middle + 1 } else { high = middle }
            }
            return low < photos.count && photos[low].id == id ? low : nil
        }
    }

    /// Makes photos, one chunk per lock, until at least `wanted` exist.
    private func makePhotos(upTo wanted: Int) {
        let target = min(wanted, count)
        while true {
            let finished = progress.withLock { progress -> Bool in
                guard progress.photos.count < target else { return true }
                let end = min(count, progress.photos.count + Self.chunkSize)
                while progress.photos.count < end {
                    progress.photos.append(
                        DemoCatalog.makePhoto(
                            &progress.random, posted: &progress.posted, id: &progress.id, userCount: userCount))
                }
                return progress.photos.count >= target
            }
            if finished { return }
        }
    }
}

/// The catalog's photos as a collection: `photos[i]` makes what it needs and no more.
struct DemoPhotos: RandomAccessCollection, Sendable {
    let stream: PhotoStream

    var startIndex: Int { 0 }
    var endIndex: Int { stream.count }
    subscript(position: Int) -> DemoPhoto { stream.photo(position) }

    /// Every photo as an array (made once), for work that walks them all: searches, the word index.
    var all: [DemoPhoto] { stream.all }
}

/// Photo id → index, by the stream's falling ids (no table of 20,000 entries to build first).
struct DemoPhotoIDs: Sendable {
    let stream: PhotoStream

    subscript(id: UInt64) -> Int? { stream.index(ofID: id) }
}
