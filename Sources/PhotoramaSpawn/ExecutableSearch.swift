import Foundation

/// Finding a program the way a shell would, so it can be spawned without one.
public enum ExecutableSearch {
    /// A name with a slash is a path (relative to the working directory); a bare name is looked up in
    /// `path`, the directories of PATH in order.
    public static func locate(_ program: String, path: [String], isExecutable: (String) -> Bool = isExecutableFile) -> String? {
        if program.contains("/") { return isExecutable(program) ? program : nil }
        for directory in path where !directory.isEmpty {
            let candidate = directory.hasSuffix("/") ? directory + program : directory + "/" + program
            if isExecutable(candidate) { return candidate }
        }
        return nil
    }

    /// An executable file, not a directory.
    public static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }
}
