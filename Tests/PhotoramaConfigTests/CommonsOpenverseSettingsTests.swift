import PhotoramaKit
import Testing

@testable import PhotoramaConfig

/// The User-Agent's contact and a registered Openverse client: in the file, or the environment before it;
/// the secret is read as Flickr's is and never shown.
@Suite struct CommonsOpenverseSettingsTests {
    let path = "/tmp/photorama-test/config.toml"

    @Test func theFileGivesTheContactAndTheOpenverseClient() throws {
        let text = """
            user_agent_contact = "ann@example.org"
            [openverse]
            client_id = "client-1"
            client_secret = "s3cret-value"
            """
        let values = try ConfigParser.parse(text, path: path).values
        #expect(values.userAgentContact == "ann@example.org")
        #expect(values.openverseClientID == "client-1")
        #expect(values.openverseSecret == .literal("s3cret-value"))
        #expect(values.holdsKey, "a secret in the file makes it private")
        let command = try ConfigParser.parse("[openverse]\nsecret_command = [\"pass\", \"show\", \"ov\"]", path: path).values
        #expect(command.openverseSecret == .command(["pass", "show", "ov"]))
        #expect(!command.holdsKey)
    }

    @Test func theEnvironmentWinsAndTheSecretIsNeverShown() throws {
        var file = ConfigFileValues()
        file.userAgentContact = "file@example.org"
        file.openverseClientID = "file-client"
        file.openverseSecret = .literal("file-secret")
        let environment = [
            "PHOTORAMA_USER_AGENT_CONTACT": "env@example.org", "OPENVERSE_CLIENT_ID": "env-client", "OPENVERSE_CLIENT_SECRET": "env-secret",
        ]
        let settings = EffectiveSettings.resolve(environment: environment, file: file)
        #expect(settings.userAgentContact == Setting("env@example.org", .environment("PHOTORAMA_USER_AGENT_CONTACT")))
        #expect(settings.openverseClientID == Setting("env-client", .environment("OPENVERSE_CLIENT_ID")))
        #expect(settings.openverseSecret == Setting(.literal("env-secret"), .environment("OPENVERSE_CLIENT_SECRET")))
        let fromFile = EffectiveSettings.resolve(environment: [:], file: file)
        #expect(fromFile.userAgentContact == Setting("file@example.org", .file))
        #expect(fromFile.openverseSecret.value?.description == "***")
    }

    @Test func anEmptyContactIsRefused() {
        #expect(throws: ConfigError.self) { try ConfigParser.parse("user_agent_contact = \" \"", path: path) }
    }
}
