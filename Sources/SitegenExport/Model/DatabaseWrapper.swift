/// A database kept under one child of the root (docs/export-format.md, "A database under
/// one child"): Jamilton Damasceno's Android course writes everything below
/// `getReference().child("instagram")`, and apps that share one Firebase project keep
/// each app under its own child. Such an export is read from that child: the roles, the
/// block's places and the site as if the child were the root, every path the audit
/// writes from the document's root (`instagram/usuarios/<uid>/seguidores`), and the
/// repaired file keeps the wrapper.
enum DatabaseWrapper {
    /// The root's one member, where it is such a child: an object, named for no role,
    /// holding at least two members of which one is named for a role (`usuarios`,
    /// `postagens`, `followers`, in any of `RoleWords`' languages) and most are objects
    /// of records (objects whose children are mostly objects or arrays).
    static func child(of doc: JSONDocument) -> (node: Int32, key: String)? {
        guard doc.isObject(doc.root) else { return nil }
        var only: Int32?, members = 0
        doc.forEachChild(doc.root) { member in
            if doc.hasFirebaseKeys && doc.isFirebaseKey(member) { return }
            members += 1
            only = member
        }
        guard members == 1, let only else { return nil }
        let key = doc.key(only), child = doc.value(only)
        guard doc.isObject(child), key != "__collections__", !namesRole(key) else { return nil }
        var count = 0, records = 0, named = false
        doc.forEachChild(child) { member in
            count += 1
            if namesRole(doc.key(member)) { named = true }
            if holdsRecords(doc.value(member), doc) { records += 1 }
        }
        guard count >= 2, named, records * 2 > count else { return nil }
        return (child, key)
    }

    /// Whether `name` is a role's name, in any case and language (`users`, `Postagens`).
    private static func namesRole(_ name: String) -> Bool {
        RoleWords.Role.allCases.contains { RoleWords.names($0, name) }
            || Schema.Node.allCases.contains { $0.rawValue.lowercased() == name.lowercased() }
    }

    /// Whether `node` is an object most of whose children are objects or arrays.
    private static func holdsRecords(_ node: Int32, _ doc: JSONDocument) -> Bool {
        guard doc.isObject(node) else { return false }
        var count = 0, containers = 0
        doc.forEachChild(node) { c in
            count += 1
            if doc.isContainer(doc.value(c)) { containers += 1 }
        }
        return count > 0 && containers * 2 > count
    }
}
