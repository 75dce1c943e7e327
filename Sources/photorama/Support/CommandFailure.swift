/// A failure with a one-line message and an exit status, for errors that are not PhotoramaErrors.
struct CommandFailure: Error {
    var message: String
    var status: Int32

    init(_ message: String, status: Int32) {
        self.message = message
        self.status = status
    }
}
