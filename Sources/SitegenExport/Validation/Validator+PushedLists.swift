// MARK: - Pushed lists: entries keyed by a push id whose value is the id (docs/export-format.md, "Pushed lists")

/// A list an app fills with `push().setValue(id)` (`Users/<a>/siguiendo/<pushId>: "<b>"`,
/// `posts/<p>/likes/<pushId>: "<uid>"`, `users/<u>/likes/<pushId>: "<postKey>"`): its keys
/// are push ids that name nothing, and each entry stands for the id it holds as its value.
/// An entry is read by its key first; only where the key is no user's id (or post's key)
/// is its value read. One id twice in such a list is one edge or like (a like's second
/// entry is `like_duplicate`). An entry a repair adds is written as the app writes it: a
/// new push id, one millisecond after the list's newest, holding the id.
extension Validator {
    /// The user an entry not keyed by one stands for: its value, a user's id (a pushed
    /// list), or a record holding one in a field (Mitch's likes `likes/<pushId>: {user_id}`).
    func heldUser(_ entry: Int32) -> Int32? {
        if let id = doc.string(doc.value(entry)) { return index.user(uid: id) }
        return itemUser(entry, []).user
    }

    /// The post an entry not keyed by one stands for: its value, a post's key.
    func heldPost(_ entry: Int32) -> Int32? {
        doc.string(doc.value(entry)).flatMap { index.post(key: $0) }
    }

    /// Whether an entry holds its id as its value (a string), not in its key or a record.
    @inline(__always) func holdsIDAsValue(_ entry: Int32) -> Bool {
        doc.isString(doc.value(entry))
    }

    /// The key and text of the entry a repair adds to the pushed list `list` (-1: none yet)
    /// for `id`: a push id after the list's newest (else after `newest`, the newest of any
    /// list of its kind), seeded by `seed`, holding `id` as the app writes it.
    func pushedEntry(in list: Int32, newest: Int64, id: String, seed: String) -> (key: String, text: String) {
        let after = (list >= 0 ? PushID.newest(in: list, doc) : nil) ?? newest
        let key = PushID.make(milliseconds: after + 1, seed: seed)
        return (key, JSONString.quoted(index.encodedIDs ? FirestoreNames.name(key: id) : id))
    }
}

/// What the walk of pushed lists of one kind found: whether any entry held its id as its
/// value, and the newest time among their push ids (where a repair's entry goes after).
struct PushedLists {
    var any = false
    var newest: Int64 = 0

    mutating func saw(_ key: String) {
        any = true
        if let t = PushID.milliseconds(key), t > newest { newest = t }
    }
}

extension Validator {
    /// The flag an entry keyed by an id holds, where it is one an app writes for "yes"
    /// other than `true` (`1`, `"1"`, `"true"`): what an entry a repair adds beside it
    /// holds. A time (`followedAt`'s milliseconds) or a record is no flag to copy.
    func yesFlag(_ entry: Int32) -> String? {
        let text = doc.rawText(doc.value(entry))
        return ["1", "\"1\"", "\"true\""].contains(text) ? text : nil
    }
}

/// The user an entry of a list stands for, and how (`Validator.entryUser`).
struct EntryUser {
    var user: Int32?
    /// Named by what it holds (an item of an array of maps, a pushed list's value, a
    /// record holding an id), not by its key: the same user twice is one.
    var isHeld = false
    /// For an item of an array of maps: the member that named the user.
    var itemKey: String?
    /// For an entry keyed by the user: the yes-flag it holds (`Validator.yesFlag`).
    var flag: String?
    /// For a pushed list's entry holding the user's id: its push id.
    var pushKey: String?
    /// A text element of an array of ids (`Validator+IDArrays.swift`): named by the id it
    /// holds, removed by rewriting the array.
    var isIDElement = false
}

extension Validator {
    /// How an entry of a list of users (follows, a post's likes) stands for its user:
    /// an item of an array of maps by the member naming them (`names`: the mapped item
    /// field), a text of an array of ids (`idArray`: the node's arrays hold users' ids) by
    /// the id it holds, another array's element by its position (an index is the key), an
    /// object's entry by its key, else by what it holds (`heldUser`).
    func entryUser(_ entry: Int32, position: Int, inArray: Bool, idArray: Bool = false, names: [Schema.Name]) -> EntryUser {
        var found = EntryUser()
        if inArray && doc.isObject(entry) {
            let held = itemUser(entry, names)
            found.user = held.user
            found.isHeld = true
            if held.user != nil { found.itemKey = held.key }
        } else if inArray, idArray, doc.isString(doc.value(entry)) {
            found.user = heldUser(entry)
            found.isHeld = true
            found.isIDElement = true
        } else if inArray {
            found.user = index.userTable.lookup(String(position))
        } else if let keyed = userIndex(key: entry) {
            found.user = keyed
            found.flag = yesFlag(entry)
        } else {
            found.user = heldUser(entry)
            found.isHeld = true
            if found.user != nil, holdsIDAsValue(entry) { found.pushKey = doc.key(entry) }
        }
        return found
    }
}
