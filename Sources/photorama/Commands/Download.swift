import ArgumentParser
import PhotoramaApp
import PhotoramaKit

struct Download: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download photos at the largest size offered (the original when there is one).",
        discussion: """
            Files are named "Title - ID.ext" ("Title (2) - ID.ext" when that name is taken) with the extension \
            of what the bytes are. Prints each finished file's path on stdout, in the order of the ids; a \
            progress bar goes to stderr when it is a terminal. Exit status 1 when any download failed.
            """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions
    @Argument(help: "One or more photo ids.") var ids: [String]
    @Option(help: "A size letter (o k h l c z m n s t q sq) or label (Original, \"Large 2048\"); default: the largest.")
    var size: String?
    @Option(
        name: [.customLong("dir"), .customLong("download-dir")], help: "Folder for the files (default: the pictures folder's Photorama).")
    var dir: String?
    @Option(help: "flickr, 500px, commons or openverse.") var provider: Provider = .flickr

    /// For `photorama-bench download`: write this process's peak resident memory (VmHWM, kB) here before exiting.
    @Option(name: .customLong("memory-report"), help: .hidden)
    var memoryReport: String?

    func validate() throws {
        guard !ids.isEmpty else { throw ValidationError("Give at least one photo id") }
        for id in ids where id.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("A photo id must not be empty")
        }
    }

    func run() async throws {
        let failed = try await DownloadRun.run(
            ids: ids, size: size, folder: dir, provider: provider, memoryReport: memoryReport, services: global.services)
        if failed { throw ExitCode(1) }
    }
}
