import PhotoramaTerminal

/// The terminal entry `PhotoramaMain` prepared for the browser before any thread started (see
/// `ScrollFreeTerminal.Prepared`), bound around the command's run like `ConfigContext`.
package enum TerminalContext {
    @TaskLocal package static var prepared: ScrollFreeTerminal.Prepared?
}
