import Foundation
import PhotoramaKit
import PhotoramaLocking

/// `photorama login`, `whoami` and `logout`: Flickr's OAuth sign-in (request token with the "oob"
/// callback, the authorize page in the browser `o` opens, the verifier typed on stdin, the access token),
/// stored for this run's Flickr service (`SignInSetup`). Nothing here prints or logs the token.
package enum SignInRun {
    /// Signs in with `permission`. With `--demo` the demo server's page is read here and its first demo
    /// account signs in, no browser and no typing; otherwise `readVerifier` reads what the user types.
    package static func login(
        permission: FlickrPermission, services: ServiceOptions,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        readVerifier: @escaping @Sendable () -> String? = { readLine(strippingNewline: true) }
    ) async throws {
        let app = try await AppEnvironment.make(services, environment: environment)
        try await app.using { app in
            let setup = app.signInSetup
            let auth = try await setup.authAPI()
            let requestToken = try await app.webservice.load(try auth.requestToken())
            let address = try auth.authorizeURL(requestToken, permission: permission)
            let verifier: String
            if services.demo {
                Output.write("Signing in to the demo server with its first demo account…\n")
                verifier = try await app.webservice.load(DemoAuthorizePage.verifier(at: address))
            } else {
                Output.write(
                    "Let Photorama use your Flickr account (\(permission.rawValue) permission) at this address:\n\(address.absoluteString)\n"
                )
                let started = WebPageOpener.resolve(url: address.absoluteString, environment: environment).flatMap {
                    DetachedProcess.start($0, environment: environment)
                }
                if case .failure(let error) = started { Output.write("\(error.message): open the address yourself.\n") }
                Output.write("Then type the code the page shows: ")
                guard let typed = await OwnThread.run(readVerifier) else {
                    throw PhotoramaError.invalidInput("No code typed: not signed in")
                }
                verifier = typed.trimmingCharacters(in: .whitespaces)
            }
            let account = try await app.webservice.load(try auth.accessToken(requestToken, verifier: verifier, permission: permission))
            let signIn = StoredSignIn(service: setup.service, account: account)
            try setup.store.save(signIn)
            var lines = [
                "Signed in to \(describe(setup.service)) as \(account.username) (\(account.nsid)), \(permission.rawValue) permission."
            ]
            if setup.usesTokenCommand {
                lines.append(
                    "flickr.token_command is set, so that is where photorama reads the sign-in: keep the line of \(setup.store.path(setup.service)) there and remove the file."
                )
            }
            Output.write(lines.joined(separator: "\n") + "\n")
        }
    }

    /// Who is signed in (flickr.test.login): "username (NSID)"; without a sign-in, `FlickrAPI.notSignedIn`.
    package static func whoami(services: ServiceOptions) async throws {
        let app = try await AppEnvironment.make(services)
        let identity = try await app.using { app in
            _ = try app.requireSignIn()
            return try await app.webservice.load(try app.service.configuration.flickr.testLogin())
        }
        Output.write("\(identity.username) (\(identity.nsid))\n")
    }

    /// Forgets this service's stored sign-in.
    package static func logout(services: ServiceOptions) async throws {
        let app = try await AppEnvironment.make(services)
        let line = try await app.using { app in
            let setup = app.signInSetup
            if setup.usesTokenCommand {
                return "flickr.token_command provides the sign-in: remove it from that program's keeping."
            }
            guard try setup.store.forget(setup.service) else { return "Not signed in to \(describe(setup.service))." }
            var line = "Signed out of \(describe(setup.service)): the token is forgotten."
            if setup.service == .flickr {
                line += " Flickr keeps it valid until you revoke it at https://www.flickr.com/services/auth/list.gne"
            }
            return line
        }
        Output.write(line + "\n")
    }

    static func describe(_ service: SignInService) -> String {
        switch service {
        case .flickr: "Flickr"
        case .demo: "the demo server"
        case .custom(let origin): origin
        }
    }
}
