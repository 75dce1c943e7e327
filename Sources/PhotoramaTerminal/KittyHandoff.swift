import PhotoramaFiles
import PhotoramaImages

#if canImport(Glibc)
    import Glibc
#endif

/// Pixels handed to a kitty on this machine by name (`KittyMedium`), not through the pty: each picture is
/// written to a private (0600) shared-memory object or temporary file, created new (O_EXCL), which kitty
/// removes once it has read it. Temporary files live in a private folder (0700) in the system's temporary
/// folder, the only place kitty removes them from. Every name holds `KittyMedium.namePrefix` and the
/// owning pid, so the next start removes what a killed run left (`removeLeftovers`).
public struct KittyHandoff: Sendable {
    public let medium: KittyMedium
    /// The folder temporary files go in (empty for shared memory, which needs none).
    public let folder: String
    private var counter: UInt64 = 0

    /// A handoff through `medium` (shared memory or a temporary file); nil for the stream, or for a file
    /// when its folder cannot be made private.
    public init?(medium: KittyMedium, environment: [String: String]) {
        switch medium {
        case .stream: return nil
        case .sharedMemory: folder = ""
        case .temporaryFile:
            guard let folder = Self.privateFolder(environment: environment) else { return nil }
            self.folder = folder
        }
        self.medium = medium
    }

    /// Writes `bytes` to a new object and returns the name kitty opens it by; nil when it cannot be written
    /// (nothing is left behind then).
    public mutating func write(_ bytes: [UInt8]) -> String? {
        counter += 1
        let name = Self.name(medium: medium, folder: folder, pid: getpid(), serial: String(counter))
        return Self.create(name, medium: medium, bytes: bytes) ? name : nil
    }

    /// Writes the probe's one black pixel (`KittyGraphics.mediumQuery`) under a name no picture takes.
    public func writeProbe() -> String? {
        let name = Self.name(medium: medium, folder: folder, pid: getpid(), serial: "probe")
        return Self.create(name, medium: medium, bytes: [0, 0, 0]) ? name : nil
    }

    /// Whether `name` is still there (kitty did not read and remove it).
    public func exists(_ name: String) -> Bool {
        let descriptor = medium == .sharedMemory ? shm_open(name, O_RDONLY | O_CLOEXEC, 0) : open(name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }

    /// Removes an object written but never handed to kitty (its sequence was not written).
    public func remove(_ name: String) {
        Self.remove(name, medium: medium)
    }

    // MARK: - Names
    /// `/tty-graphics-protocol-photorama-PID-SERIAL` for shared memory, `FOLDER/tty-graphics-protocol-photorama-PID-SERIAL`
    /// for a file.
    static func name(medium: KittyMedium, folder: String, pid: pid_t, serial: String) -> String {
        let base = "\(KittyMedium.namePrefix)\(pid)-\(serial)"
        return medium == .sharedMemory ? "/" + base : folder + "/" + base
    }

    /// The pid in a leftover's base name (`tty-graphics-protocol-photorama-PID-…`), nil when it is not ours.
    static func owner(_ base: String) -> pid_t? {
        guard base.hasPrefix(KittyMedium.namePrefix) else { return nil }
        let rest = base.dropFirst(KittyMedium.namePrefix.count)
        guard let dash = rest.firstIndex(of: "-") else { return nil }
        return pid_t(rest[..<dash]).flatMap { $0 > 0 ? $0 : nil }
    }

    /// `$TMPDIR` (else /tmp) `/photorama-tty-graphics-protocol-UID`, made 0700 when missing; nil unless it is a
    /// real folder (not a link) owned by this user with mode 0700.
    public static func privateFolder(environment: [String: String]) -> String? {
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        let trimmed = temporary.count > 1 && temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary
        let folder = "\(trimmed)/photorama-tty-graphics-protocol-\(getuid())"
        if mkdir(folder, 0o700) != 0, errno != EEXIST { return nil }
        var status = stat()
        guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else { return nil }
        if status.st_mode & 0o777 != 0o700, chmod(folder, 0o700) != 0 { return nil }
        return folder
    }

    // MARK: - Objects
    static func create(_ name: String, medium: KittyMedium, bytes: [UInt8]) -> Bool {
        let flags = O_CREAT | O_EXCL | O_CLOEXEC | (medium == .sharedMemory ? O_RDWR : O_WRONLY | O_NOFOLLOW)
        let descriptor = medium == .sharedMemory ? shm_open(name, flags, 0o600) : open(name, flags, 0o600)
        guard descriptor >= 0 else { return false }
        // Exactly 0600 whatever the umask.
        var written = fchmod(descriptor, 0o600) == 0
        if written {
            written = (try? bytes.withUnsafeBytes { try Descriptor.writeAll($0, to: descriptor) }) != nil
        }
        close(descriptor)
        if !written { remove(name, medium: medium) }
        return written
    }

    static func remove(_ name: String, medium: KittyMedium) {
        _ = medium == .sharedMemory ? shm_unlink(name) : unlink(name)
    }

    // MARK: - Leftovers
    /// Where the system keeps shared-memory objects as files (Linux).
    public static let sharedMemoryFolder = "/dev/shm"

    /// Removes the objects a run that is no longer alive left (killed before kitty read them): the files
    /// in `folder` and the shared-memory objects whose names carry the prefix and a pid no process has.
    /// Returns the names removed. `sharedMemory` is where those objects are listed; a test passes a folder
    /// of its own (where they are plain files), since every run started beside it sweeps the system's.
    @discardableResult
    public static func removeLeftovers(folder: String?, sharedMemory: String = sharedMemoryFolder) -> [String] {
        var removed: [String] = []
        for (directory, medium) in [(sharedMemory, KittyMedium.sharedMemory)] + (folder.map { [($0, .temporaryFile)] } ?? []) {
            for base in entries(directory) {
                guard let pid = owner(base), pid != getpid(), !isAlive(pid) else { continue }
                // Listed as files, removed as files: on Linux a shared-memory object is its file in /dev/shm.
                unlink(directory + "/" + base)
                removed.append(medium == .sharedMemory ? "/" + base : directory + "/" + base)
            }
        }
        return removed.sorted()
    }

    /// Whether a process `pid` exists (EPERM: it does, another user's).
    static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// The names in `directory`, none when it cannot be read.
    static func entries(_ directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
