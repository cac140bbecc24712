extension PrivateData {
    /// The roots of private data no role holds, each with its private fields' names
    /// (`users_private_info (email, gender, phone)`), said in the block, never mapped.
    /// Looked for where the export has no second root of user fields, among the roots that
    /// could be one (not the users' root guessed).
    static func roots(_ c: InspectionContext) -> [String] {
        let doc = c.doc
        guard c.dialect == .makestagram, doc.isObject(doc.root), !c.isPresent(.userDetails) else { return [] }
        var found: [String] = []
        doc.forEachEntry(doc.root) { member in
            let name = doc.key(member)
            guard doc.isObject(member), !c.isTaken(name), name != c.usersGuess?.name.text else { return }
            let (isPrivate, fields) = isPrivateRoot(member, in: doc)
            if isPrivate { found.append("\(name) (\(fields.joined(separator: ", ")))") }
        }
        return found
    }
}
