@testable import SitegenKit
import SitegenTestSupport
import Testing

/// A user's key is published as it is, unless it is an email address or a phone number
/// (docs/site.md, "Keys that reach a person are not published").
@Suite struct PublicIDTests {
    @Test(arguments: ["jo@example.com", "jo@example%2Ecom", "Jo.Smith+tag@mail.example.org", "+447911123456", "+15551234",
                      // The Realtime Database's keys may not hold `.`: apps write `,` or `_`.
                      "jo@example,com", "jo@example_com",
                      // Base64 of an email (the Android courses' keys) or a phone number.
                      "am9AZXhhbXBsZS5jb20=", "am9AZXhhbXBsZS5jb20", "YW5hLnNvdXphQGdtYWlsLmNvbQ==", "KzQ0NzkxMTEyMzQ1Ng"])
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

    /// Firebase Authentication's uids (28 characters of Base64's alphabet) decode to bytes
    /// that are not text: none of 20,000 random ones is taken for a contact.
    @Test func randomUIDsAreNotContacts() {
        var rng = SeededRandom(state: 7)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        for _ in 0..<20_000 {
            let uid = String((0..<28).map { _ in alphabet[rng.next(alphabet.count)] })
            #expect(!PublicID.isContact(uid), "\(uid)")
        }
    }

    @Test func twoEmailsGiveTwoIDs() {
        #expect(PublicID.of("a@example.com") != PublicID.of("b@example.com"))
    }

    /// A photo's URL holding a contact key (a Storage path named by the Base64 of the
    /// email, silas_instagram's `images%2Fprofile%2Fuser%2F<key>.jpg`) is not published; a
    /// URL holding a random id is.
    @Test func photoURLsHoldingAContactKey() {
        let storage = "https://firebasestorage.googleapis.com/v0/b/app.appspot.com/o/images%2Fprofile%2F"
        #expect(PublicID.holdsContact(storage + "am9AZXhhbXBsZS5jb20=.jpg?alt=media", key: "am9AZXhhbXBsZS5jb20="))
        #expect(PublicID.holdsContact(storage + "am9AZXhhbXBsZS5jb20%3D.jpg?alt=media", key: "am9AZXhhbXBsZS5jb20="))
        #expect(!PublicID.holdsContact(storage + "other.jpg?alt=media", key: "am9AZXhhbXBsZS5jb20="))
        #expect(!PublicID.holdsContact(storage + "Xk3fP9aQ2mN7bV1cL8dR0sT5uW4y.jpg", key: "Xk3fP9aQ2mN7bV1cL8dR0sT5uW4y"))
    }
}
