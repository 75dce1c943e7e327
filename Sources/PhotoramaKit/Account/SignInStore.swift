import Foundation
import PhotoramaFiles

#if canImport(Glibc)
    import Glibc
#endif

/// The stored sign-ins, one file per service in the data folder (`DataFolder`), kept like a key: the
/// folder 0700, each file 0600 and written atomically (`PrivateFile`). Its messages name the file and
/// never hold the token.
public struct SignInStore: Sendable {
    public let folder: String

    public init(folder: String) { self.folder = folder }

    public init(environment: [String: String]) { folder = DataFolder.path(environment: environment) }

    public func path(_ service: SignInService) -> String { folder + "/" + service.fileName }

    /// A file this large is not a sign-in.
    static let sizeLimit = 4096

    /// The sign-in stored for `service`; nil when there is none. A file others may read, or one that is not
    /// a sign-in, is one line of error.
    public func load(_ service: SignInService) throws(PhotoramaError) -> StoredSignIn? {
        let path = path(service)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if descriptor < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .invalidInput("Cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw .invalidInput("\(path) is not a file")
        }
        let mode = Int(status.st_mode) & 0o777
        guard mode & 0o077 == 0 else {
            throw .invalidInput(
                "\(path) holds a Flickr sign-in and others can read it (mode \(String(mode, radix: 8))): run chmod 600 \(path)")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while bytes.count <= Self.sizeLimit {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .invalidInput("Cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        guard bytes.count <= Self.sizeLimit, let text = String(validating: bytes, as: UTF8.self), let signIn = StoredSignIn(line: text),
            signIn.service == service
        else { throw .invalidInput("\(path) is not a Flickr sign-in: run `photorama login` again") }
        return signIn
    }

    /// Stores `signIn` for its service, replacing the one there.
    public func save(_ signIn: StoredSignIn) throws(PhotoramaError) {
        try prepareFolder()
        let path = path(signIn.service)
        do throws(FileFailure) {
            try PrivateFile.write(Array((signIn.line + "\n").utf8), to: path, placement: .replace, sync: true)
        } catch {
            throw .invalidInput("Cannot write \(path): \(error.reason)")
        }
    }

    /// Forgets the sign-in of `service`; false when there was none.
    public func forget(_ service: SignInService) throws(PhotoramaError) -> Bool {
        let path = path(service)
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw .invalidInput("Cannot remove \(path): \(String(cString: strerror(errno)))")
    }

    /// The folder, created 0700 (and made 0700 if it was not).
    private func prepareFolder() throws(PhotoramaError) {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .invalidInput("Cannot create \(folder): \((error as NSError).localizedDescription)")
        }
        chmod(folder, 0o700)
    }
}
