import MustacheEngine

extension TemplateValue {
    /// A hash of the value that does not depend on dictionary order (members are
    /// combined by addition); a deferred tile or row stands for its item's context,
    /// whose hash is computed once.
    func fingerprint(_ contexts: PageContexts) -> ContentHash {
        switch self {
        case let .string(s): return ContentHash(tag: 1, s)
        case let .int(i): return withUnsafeBytes(of: i) { ContentHash($0, seed: 2) }
        case let .bool(b): return ContentHash(tag: b ? 3 : 4, "")
        case let .list(items):
            var h = withUnsafeBytes(of: items.count) { ContentHash($0, seed: 5) }
            for item in items { h = h.then(item.fingerprint(contexts)) }
            return h
        case let .object(members):
            var sum = withUnsafeBytes(of: members.count) { ContentHash($0, seed: 7) }
            for (key, value) in members { sum = sum.plus(ContentHash(tag: 8, key).then(value.fingerprint(contexts))) }
            return sum
        case let .deferred(value):
            switch (value as? DeferredHTML)?.recipe {
            case let .tile(i, root)?:
                return contexts.tileHashes[i].then(ContentHash(tag: 9, root))
            case let .row(i, root)?:
                return contexts.summaryHashes[i].then(ContentHash(tag: 9, root))
            case let .markdown(text, root, prefix)?:
                return ContentHash(tag: 10, text).then(ContentHash(tag: 11, root)).then(ContentHash(tag: 12, prefix))
            case nil:
                // The site makes no other deferred values.
                return ContentHash(tag: 14, "")
            }
        }
    }
}
