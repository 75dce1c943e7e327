import ArgumentParser
import PhotoramaKit

/// Runs one of the library's checks for a `validate()`: a value it refuses (`PhotoramaError.invalidInput`)
/// becomes ArgumentParser's usage error, with the message and exit status 2 the command line has always given.
func validating<T>(_ check: () throws -> T) throws -> T {
    do {
        return try check()
    } catch let error as PhotoramaError {
        throw ValidationError(error.message)
    }
}
