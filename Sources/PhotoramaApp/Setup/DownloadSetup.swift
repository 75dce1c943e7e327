import Foundation
import PhotoramaKit

/// The download folder and engine, built the same way for `photorama download` and the browser.
enum DownloadSetup {
    /// `--download-dir`/`--dir`, else the pictures folder (asking `xdg-user-dir` only when needed).
    static func folder(explicit: String?) async -> String {
        let environment = ProcessInfo.processInfo.environment
        // The option, else the config file's download_dir.
        let explicit = explicit ?? ConfigContext.settings(environment: environment).downloadDir.value
        var xdg: String?
        if explicit == nil, environment["XDG_PICTURES_DIR"] == nil {
            xdg = await DownloadFolder.askXDGUserDir(searchPath: environment["PATH"])
        }
        return DownloadFolder.resolve(explicit: explicit, environment: environment, xdgUserDir: xdg)
    }

    static func engine(
        _ app: AppEnvironment, transport: LiveStreamingTransport, allowInsecure: Bool,
        saved: SavedStoreOpening
    ) -> DownloadEngine {
        // A finished download saves the photo too, with the file's path.
        DownloadEngine(
            transport: transport, redactor: app.redactor, allowInsecure: allowInsecure,
            recorder: SavedDownloadRecorder(saved: saved),
            log: app.log)
    }
}
