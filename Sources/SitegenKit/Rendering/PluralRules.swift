/// CLDR's plural rules (unicode.org/cldr, `plurals.xml`) for whole numbers, the only ones
/// a site counts. Foundation on Linux carries ICU's rules but does not expose them (its
/// `_FoundationICU` module ships without a module map), so the rules of the built-in
/// languages, and of a few more a theme may add, are written out here; `PluralRulesTests`
/// checks each against CLDR's own examples. A language not listed gets English's rule
/// (one for 1, other for the rest), which most European languages share.
enum PluralRules {
    enum Rule: Sendable {
        /// one: 1 (en, de, it before its `many`, nl, sv, tr, …)
        case oneOther
        /// one: 1; many: a non-zero multiple of 1,000,000 (es, it, pt-PT)
        case oneManyOther
        /// one: 0 and 1; many: a non-zero multiple of 1,000,000 (fr, pt)
        case zeroOneManyOther
        /// one: …1 but …11; few: …2-4 but …12-14; many: the rest (ru, uk, be)
        case eastSlavic
        /// one: 1; few: …2-4 but …12-14; many: the rest (pl)
        case polish
        /// zero: 0; one: 1; two: 2; few: …03-…10; many: …11-…99 (ar)
        case arabic
        /// other only (ja, zh, ko, th, vi, id)
        case other
    }

    /// The rule of a BCP 47 tag's language (`pt-PT` differs from `pt` and `pt-BR`).
    static func rule(for tag: String) -> Rule {
        let parts = tag.lowercased().split(separator: "-")
        let language = parts.first.map(String.init) ?? ""
        switch language {
        case "es", "it": return .oneManyOther
        case "pt": return parts.dropFirst().contains("pt") ? .oneManyOther : .zeroOneManyOther
        case "fr": return .zeroOneManyOther
        case "ru", "uk", "be": return .eastSlavic
        case "pl": return .polish
        case "ar": return .arabic
        case "ja", "zh", "ko", "th", "vi", "id", "ms", "lo", "my": return .other
        default: return .oneOther
        }
    }

    /// The CLDR category of a whole number `n` (zero, one, two, few, many, other).
    static func category(_ rule: Rule, _ n: Int) -> String {
        let n = n.magnitude
        let millions = n != 0 && n % 1_000_000 == 0
        switch rule {
        case .oneOther:
            return n == 1 ? "one" : "other"
        case .oneManyOther:
            return n == 1 ? "one" : millions ? "many" : "other"
        case .zeroOneManyOther:
            return n <= 1 ? "one" : millions ? "many" : "other"
        case .eastSlavic:
            let (ten, hundred) = (n % 10, n % 100)
            if ten == 1 && hundred != 11 { return "one" }
            if (2...4).contains(ten) && !(12...14).contains(hundred) { return "few" }
            return "many"
        case .polish:
            let (ten, hundred) = (n % 10, n % 100)
            if n == 1 { return "one" }
            if (2...4).contains(ten) && !(12...14).contains(hundred) { return "few" }
            return "many"
        case .arabic:
            let hundred = n % 100
            switch n {
            case 0: return "zero"
            case 1: return "one"
            case 2: return "two"
            default: return (3...10).contains(hundred) ? "few" : (11...99).contains(hundred) ? "many" : "other"
            }
        case .other:
            return "other"
        }
    }

    /// The categories a whole number can fall in under `rule` (what a strings file of the
    /// language must give, besides `other`).
    static func categories(_ rule: Rule) -> [String] {
        switch rule {
        case .oneOther: return ["one", "other"]
        case .oneManyOther, .zeroOneManyOther: return ["one", "many", "other"]
        case .eastSlavic, .polish: return ["one", "few", "many"]
        case .arabic: return ["zero", "one", "two", "few", "many", "other"]
        case .other: return ["other"]
        }
    }
}
