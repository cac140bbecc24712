@testable import SitegenKit
import Testing

/// A user's key is published as it is, unless it is an email address or a phone number
/// (docs/site.md, "What never goes on a site").
@Suite struct PublicIDTests {
    @Test(arguments: ["jo@example.com", "jo@example%2Ecom", "Jo.Smith+tag@mail.example.org", "+447911123456", "+15551234"])
    func contactsAreNotPublished(_ key: String) {
        #expect(PublicID.isContact(key))
        let shown = PublicID.of(key)
        #expect(shown != key && shown.hasPrefix("u") && shown.count == 17)
        #expect(!shown.contains("@") && !shown.contains("example"))
        #expect(PublicID.of(key) == shown, "the same on every build")
    }

    @Test(arguments: ["Xk3fP9aQ2mN7bV1cL8dR0sT5uW4y", "104872365410987654321", "alice", "@alice", "alice@", "a@localhost", "+12", "+1555abc4567", ""])
    func otherKeysArePublishedAsTheyAre(_ key: String) {
        #expect(!PublicID.isContact(key))
        #expect(PublicID.of(key) == key)
    }

    @Test func twoEmailsGiveTwoIDs() {
        #expect(PublicID.of("a@example.com") != PublicID.of("b@example.com"))
    }
}
