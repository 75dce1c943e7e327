import DemoServer
import Foundation
import PhotoramaKit
import Testing

/// The signed-in lists of the demo server through PhotoramaKit: your photos (private ones only for you),
/// your contacts' photos, and demo tokens that outlive the server that issued them.
@Suite struct AccountListsTests {
    @Test func yourPhotosIncludeThePrivateOnesOnlyForYou() async throws {
        let (nsid, mine, publicPage) = try await withDemoServer { server in
            try await OAuthSignInTests.withService { service in
                let (account, api) = try await OAuthSignInTests.signIn(server, service, permission: .read)
                let mine = try await service.load(try Self.all(api, signedIn: true).mine())
                let publicPage = try await service.load(try Self.all(api, signedIn: false).user(id: account.nsid))
                return (account.nsid, mine, publicPage)
            }
        }
        #expect(mine.items.allSatisfy { $0.ownerID == nsid })
        let publicIDs = Set(publicPage.items.map(\.id))
        let privateOnes = mine.items.filter { !publicIDs.contains($0.id) }
        // One in five of a demo account's photos is private (id divisible by 5).
        #expect(privateOnes.count == 104)
        #expect((mine.total, publicPage.total) == (1578, 1268))
        #expect(privateOnes.allSatisfy { (UInt64($0.id) ?? 1) % 5 == 0 })
        #expect(publicPage.items.allSatisfy { (UInt64($0.id) ?? 0) % 5 != 0 })
        #expect(mine.total > publicPage.total)
        // Without a sign-in, "me" is nobody: the command says so before any request.
        let anonymous = FlickrAPI(apiKey: "k")
        #expect(throws: FlickrAPI.notSignedIn) { try anonymous.mine() }
    }

    /// `api` with 500 photos a page, signed in or not.
    static func all(_ api: FlickrAPI, signedIn: Bool) -> FlickrAPI {
        var copy = api
        copy.perPage = 500
        if !signedIn { copy.oauth = nil }
        return copy
    }

    @Test func contactsPhotosAreTheSameEachTimeAndNeverYourOwn() async throws {
        try await withDemoServer { server in
            try await OAuthSignInTests.withService { service in
                let (account, api) = try await OAuthSignInTests.signIn(server, service, permission: .read)
                let first = try await service.load(api.contacts())
                let again = try await service.load(api.contacts())
                #expect(first.items.count == FlickrAPI.contactsPhotoCount)
                #expect(first.items.map(\.id) == again.items.map(\.id))
                #expect(first.items.allSatisfy { $0.ownerID != account.nsid })
                #expect(Set(first.items.compactMap(\.ownerID)).count <= 12)
                #expect(first.pages == 1)
                #expect(try await service.load(api.contacts(page: 2)).items.isEmpty)
            }
        }
    }

    @Test func aDemoTokenIsValidOnTheNextDemoServer() async throws {
        let (account, signed) = try await withDemoServer { server in
            try await OAuthSignInTests.withService { service in try await OAuthSignInTests.signIn(server, service) }
        }
        try await withDemoServer { later in
            try await OAuthSignInTests.withService { service in
                var api = signed
                api.baseURL = later.flickrURL
                let identity = try await service.load(try api.testLogin())
                #expect(identity == FlickrIdentity(nsid: account.nsid, username: account.username))
                // A token that no demo server issued is refused, as one line asking to sign in again.
                var forged = api
                let last = account.token.token.hasSuffix("0") ? "1" : "0"
                forged.oauth?.token = OAuthToken(token: String(account.token.token.dropLast()) + last, secret: account.token.secret)
                await #expect(throws: FlickrAPI.signInRejected) { try await service.load(try forged.favorites()) }
                #expect(FlickrAPI.signInRejected.message == "Flickr refused the saved sign-in: run `photorama login` again")
            }
        }
    }
}
