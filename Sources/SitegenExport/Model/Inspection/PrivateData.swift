/// Private data kept beside the profile: a record whose every field is an email, a phone
/// number, a gender, a birthday, an address, a password or a token (alecsmirnov's
/// `users_private_info/<uid>: {email, gender, phone}`). A root of such records is never
/// proposed as the users' second root (`user_details`): kept as data, never published.
enum PrivateData {
    static let words = ["email", "phone", "gender", "birth", "address", "password", "token"]

    /// Whether `name` is a private field's.
    static func isPrivate(_ name: String) -> Bool {
        let name = name.lowercased()
        return words.contains(where: name.contains)
    }

    /// Whether most records of `root` hold private fields and nothing else (their own key
    /// aside), with the private fields' names.
    static func isPrivateRoot(_ root: Int32, in doc: JSONDocument) -> (Bool, [String]) {
        var records = 0, only = 0
        var names = Set<String>()
        doc.forEachEntry(root) { record in
            guard doc.isObject(record) else { return }
            records += 1
            var privateFields = 0, other = 0
            doc.forEachChild(record) { member in
                let key = doc.key(member)
                if isPrivate(key) {
                    privateFields += 1
                    names.insert(key)
                } else if doc.string(doc.value(member)) != doc.key(record) {
                    other += 1
                }
            }
            if privateFields > 0 && other == 0 { only += 1 }
        }
        return (records > 0 && only * 2 > records, names.sorted())
    }
}
