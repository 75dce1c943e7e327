import DemoServer
import Foundation
import PhotoramaKit
import Testing

/// The signed-in lists of the demo server through PhotoramaKit: your photos (private ones only for you),
/// your contacts' photos, and demo tokens that outlive the server that issued them.
@Suite struct AccountListsTests {
    @Test func yourPhotosIncludeThePrivateOnesOnlyForYou() async throws {
        try await withDemoServer { server in
            try await OAuthSignInTests.withService { service in
                let (account, api) = try await OAuthSignInTests.signIn(server, service, permission: .read)
                var all = api
                all.perPage = 500
                let mine = try await service.load(all.mine())
                #expect(mine.items.allSatisfy { $0.ownerID == account.nsid })
                var anonymous = all
                anonymous.oauth = nil
                let publicPage = try await service.load(anonymous.user(id: account.nsid))
                let publicIDs = Set(publicPage.items.map(\.id))
                let privateOnes = mine.items.filter { !publicIDs.contains($0.id) }
                // One in five of a demo account's photos is private (id divisible by 5).
                #expect(!privateOnes.isEmpty)
                #expect(privateOnes.allSatisfy { (UInt64($0.id) ?? 1) % 5 == 0 })
                #expect(mine.total == publicPage.total + privateOnes.count || mine.total > 500)
                #expect(publicPage.items.allSatisfy { (UInt64($0.id) ?? 0) % 5 != 0 })
                // Without a sign-in, "me" is nobody: the command says so before any request.
                #expect(throws: FlickrAPI.notSignedIn) { try anonymous.mine() }
            }
        }
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
                #expect(try await service.load(api.testLogin()) == FlickrIdentity(nsid: account.nsid, username: account.username))
                // A token that no demo server issued is refused, as one line asking to sign in again.
                var forged = api
                let last = account.token.token.hasSuffix("0") ? "1" : "0"
                forged.oauth?.token = OAuthToken(token: String(account.token.token.dropLast()) + last, secret: account.token.secret)
                await #expect(throws: FlickrAPI.signInRejected) { try await service.load(forged.favorites()) }
                #expect(FlickrAPI.signInRejected.message == "Flickr refused the saved sign-in: run `photorama login` again")
            }
        }
    }
}
