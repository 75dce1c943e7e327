/// A failure with a one-line message and an exit status, for errors that are not PhotoramaErrors.
package struct CommandFailure: Error {
    package var message: String
    package var status: Int32

    package init(_ message: String, status: Int32) {
        self.message = message
        self.status = status
    }
}
