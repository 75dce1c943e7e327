/// How a kitty transmission carries its pixels (the protocol's `t=` key): in the escape sequence itself,
/// base64 through the pty and whatever link lies behind it, or by a name kitty opens on this machine. kitty
/// removes what it reads by name: a POSIX shared-memory object always (shm_unlink), a temporary file when
/// its path holds `tty-graphics-protocol` and lies in a temporary folder (kitty/graphics.c,
/// `safe_delete_temp_file`). The probe asks a kitty which of them it can read (`TerminalQueries.mediaBatch`).
public enum KittyMedium: String, Hashable, Sendable, CaseIterable {
    /// `t=d`: base64 in the sequence; works over any link.
    case stream = "d"
    /// `t=s`: a POSIX shared-memory object, named `/…`.
    case sharedMemory = "s"
    /// `t=t`: a temporary file, by its absolute path.
    case temporaryFile = "t"

    /// The string every name handed to kitty holds: kitty removes a temporary file only when its path
    /// contains it; shared-memory objects carry it too, so a leftover is recognisable.
    public static let namePrefix = "tty-graphics-protocol-photorama-"

    /// Whether pixels go by name, not through the pty.
    public var isLocal: Bool { self != .stream }
}
