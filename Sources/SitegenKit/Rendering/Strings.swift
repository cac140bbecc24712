import Foundation
import MustacheEngine
import SitegenExport
import TOMLKit

/// The words of the theme in one language: the theme's `strings/<language>.toml`, a
/// table of keys to text (`comments = "Comments"`) and of keys to plural forms
/// (`[posts] one = "{count} post"`, `other = "{count} posts"`: CLDR's categories zero,
/// one, two, few, many, other, chosen by `PluralRules`). `{name}` is a placeholder the
/// renderer fills; `direction` says `ltr` or `rtl`. Templates read the plain strings as
/// `t.<key>`; counted labels come as `{before, number, after, text}` (`counted`), so a
/// template can mark the number up (`data-count`) wherever the language puts it.
public struct Strings: Sendable {
    /// The BCP 47 tag the site is built in (`<html lang>`, the locale of dates and numbers).
    public let language: String
    /// `ltr` or `rtl` (`<html dir>`).
    public let direction: String
    /// Keys to text, placeholders unfilled.
    let plain: [String: String]
    /// Keys to plural forms: CLDR category → text.
    let plurals: [String: [String: String]]
    let rule: PluralRules.Rule
    let format: LocaleFormat

    /// The plural categories a strings file may name.
    static let categories = ["zero", "one", "two", "few", "many", "other"]

    /// The keys every strings file must have (`StringsTests` checks that the built-in
    /// languages have them with the placeholders English has).
    static let requiredPlain = [
        "skip_to_content", "published_with", "page_not_found", "page_not_found_text", "browse_all_profiles",
        "all_profiles", "all_profiles_json", "search_profiles", "search", "by_first_letter", "no_match", "no_profiles",
        "pages", "page_of", "page_n", "previous", "next", "newer", "older", "connections", "followers_of", "follows",
        "nobody_here", "posts_heading", "no_posts", "atom_feed", "posts_by", "recent_posts", "comments", "photo_by",
        "photo_unavailable", "more_posts", "previous_post", "next_post", "unknown_author", "unnamed", "profile_id",
        "back_to_profile", "read_more",
    ]
    static let requiredPlurals = ["posts", "followers", "following", "likes", "people", "profiles", "hidden", "more_hidden", "found", "showing"]

    /// Parses a strings file; `file` names it in errors, `language` is the tag it is for.
    static func parse(_ text: String, file: String, language: String) throws(SitegenError) -> Strings {
        let table = try TOMLFile.table(text, file: file)
        let locator = TOMLKeyLocator(text: text)
        var plain: [String: String] = [:]
        var plurals: [String: [String: String]] = [:]
        var direction = "ltr"
        for key in table.keys.sorted() {
            let value = table[key]!
            if let string = value.string, value.type == .string {
                if key == "direction" {
                    guard string == "ltr" || string == "rtl" else {
                        throw SitegenError(file: file, message: "direction must be \"ltr\" or \"rtl\"", line: locator.line(of: [key]))
                    }
                    direction = string
                } else {
                    plain[key] = string
                }
            } else if value.type == .table, let forms = value.table {
                var out: [String: String] = [:]
                for category in forms.keys {
                    guard categories.contains(category), let form = forms[category]!.string, forms[category]!.type == .string else {
                        throw SitegenError(file: file, message: "\(key).\(category) must be a plural form (zero, one, two, few, many, other) given as a string",
                                           line: locator.line(of: [key, category]))
                    }
                    out[category] = form
                }
                guard out["other"] != nil else {
                    throw SitegenError(file: file, message: "\(key) needs the plural form 'other'", line: locator.line(of: [key]))
                }
                plurals[key] = out
            } else {
                throw SitegenError(file: file, message: "\(key) must be a string or a table of plural forms", line: locator.line(of: [key]))
            }
        }
        for key in requiredPlain where plain[key] == nil {
            throw SitegenError(file: file, message: "the string '\(key)' is missing (the built-in en.toml has every key)")
        }
        for key in requiredPlurals where plurals[key] == nil {
            throw SitegenError(file: file, message: "the plural string '\(key)' is missing (the built-in en.toml has every key)")
        }
        return Strings(language: language, direction: direction, plain: plain, plurals: plurals,
                       rule: PluralRules.rule(for: language), format: LocaleFormat(language: language))
    }

    /// `t` in every page's context: each plain string, placeholders unfilled (an optional
    /// key the file lacks in built-in English).
    var table: Context {
        var table = plain.mapValues { TemplateValue.string($0) }
        for key in Strings.optionalPlain where table[key] == nil { table[key] = .string(text(key)) }
        return table
    }

    /// The string `key`, else built-in English's (keys added after a site's own strings
    /// file was written, listed in `optionalPlain`), else the key.
    func text(_ key: String) -> String { plain[key] ?? Strings.englishFallback(key) ?? key }

    /// Keys a strings file may lack (added since the first release: a site's own file
    /// keeps working, with English for them).
    static let optionalPlain = ["profile_description", "default_title", "album", "video", "item_of", "video_download",
                                "private_account", "private_note", "private_label", "private_description"]
    static let optionalPlurals = ["all_comments", "album_items"]

    private static func englishFallback(_ key: String) -> String? {
        optionalPlain.contains(key) ? builtinEnglish.plain[key] : nil
    }

    /// The plain string `key` with its placeholders filled.
    func text(_ key: String, _ values: KeyValuePairs<String, String>) -> String {
        Strings.fill(text(key), values)
    }

    /// The form of the plural string `key` for `count`, placeholders filled (`{count}`
    /// with the number as the locale writes it).
    func plural(_ key: String, _ count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        var filled = Strings.fill(form(key, count), values)
        filled = filled.replacingOccurrences(of: "{count}", with: format.number(count))
        return filled
    }

    /// `{before, number, after, text}` of the plural string `key` for `count`: the text
    /// around `{count}`, and the number as the locale writes it.
    func counted(_ key: String, _ count: Int) -> Context {
        let form = form(key, count)
        let number = format.number(count)
        guard let range = form.range(of: "{count}") else {
            return ["before": .string(form), "number": .string(number), "after": "", "text": .string(form)]
        }
        let before = String(form[..<range.lowerBound]), after = String(form[range.upperBound...])
        return ["before": .string(before), "number": .string(number), "after": .string(after), "text": .string(before + number + after)]
    }

    /// The form of `key` CLDR's rule picks for `count` (`other` when the file lacks it). A
    /// `zero` form, when the file gives one, is the form of 0 in every language: CLDR puts 0
    /// under `one` in Portuguese and French, and Brazilians read "0 seguidores", not "0
    /// seguidor" (docs/templates.md, "Zero").
    func form(_ key: String, _ count: Int) -> String {
        // A site's own file written before the key existed: English's forms.
        if plurals[key] == nil, Strings.optionalPlurals.contains(key), let english = Strings.builtinEnglish.plurals[key] {
            return english[PluralRules.category(.oneOther, count)] ?? english["other"]!
        }
        guard let forms = plurals[key] else { return key }
        if count == 0, let zero = forms["zero"] { return zero }
        return forms[PluralRules.category(rule, count)] ?? forms["other"]!
    }

    static func fill(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
        var out = text
        for (name, value) in values { out = out.replacingOccurrences(of: "{\(name)}", with: value) }
        return out
    }

    /// The `{name}` placeholders of a string, sorted.
    static func placeholders(_ text: String) -> [String] {
        text.matches(of: /\{([a-z_]+)\}/).map { String($0.1) }.sorted()
    }

    /// The plural strings the directory's search (`assets/search.js`) shows, as JSON for a
    /// `<script type="application/json">`: `{"lang", "posts": {"one", …}, …}` (`<` escaped).
    var searchJSON: String {
        var out = "{\"lang\":\(JSONString.quoted(language))"
        for key in ["posts", "followers", "following", "found", "showing"] {
            let forms = plurals[key] ?? [:]
            out += ",\(JSONString.quoted(key)):{" + forms.keys.sorted().map { "\(JSONString.quoted($0)):\(JSONString.quoted(forms[$0]!))" }.joined(separator: ",") + "}"
        }
        // A private account's row: "Private account" in place of its counts.
        out += ",\"private\":\(JSONString.quoted(text("private_label")))"
        return out.replacingOccurrences(of: "<", with: "\\u003c") + "}"
    }
}

extension Strings {
    /// Finds the strings of `language` among a theme's (`strings/<tag>.toml`, keyed by
    /// tag): the tag itself (any case), else the file of its language subtag (`de-AT` →
    /// `de`), else one file of that language (`pt` → `pt-BR`). An unknown language is a
    /// one-line error naming the available ones.
    static func resolve(_ language: String, in files: [String: String]) throws(SitegenError) -> String {
        let folded = language.lowercased()
        if let exact = files.keys.first(where: { $0.lowercased() == folded }) { return exact }
        let subtag = folded.split(separator: "-").first.map(String.init) ?? folded
        if let base = files.keys.first(where: { $0.lowercased() == subtag }) { return base }
        if let sibling = files.keys.sorted().first(where: { $0.lowercased().hasPrefix(subtag + "-") }) { return sibling }
        throw SitegenError(file: language, message: "unknown language (available: \(files.keys.sorted().joined(separator: ", "))); a theme adds one as strings/\(language).toml")
    }

    /// Whether `tag` is shaped as a BCP 47 language tag: letters, digits and hyphens,
    /// starting with a two- or three-letter language.
    public static func isLanguageTag(_ tag: String) -> Bool {
        tag.wholeMatch(of: /[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*/) != nil
    }
}

/// Dates and numbers as a locale writes them, with Foundation's formatters (ICU's data,
/// linked into the binary). Numbers under 1,000 (most counts) are written from the
/// locale's ten digits, dates are cached by day: a formatter call costs microseconds, and
/// a site has millions of counts.
struct LocaleFormat: Sendable {
    let locale: Locale
    private let digits: [String]
    private let dateStyle: Date.FormatStyle
    private let dates = DayCache()

    init(language: String) {
        locale = Locale(identifier: language)
        let locale = self.locale
        digits = (0...9).map { $0.formatted(.number.locale(locale)) }
        dateStyle = Date.FormatStyle(date: .long, time: .omitted, locale: locale, timeZone: TimeZone(identifier: "UTC")!)
    }

    func number(_ n: Int) -> String {
        guard n >= 0 && n < 1000 else { return n.formatted(.number.locale(locale)) }
        if n < 10 { return digits[n] }
        return String(n).map { digits[Int(String($0))!] }.joined()
    }

    /// The day of `milliseconds` (UTC), as the locale writes a long date.
    func date(_ milliseconds: Int64) -> String {
        let day = milliseconds.dividedFloor(86_400_000)
        if let known = dates.texts.withLock({ $0[day] }) { return known }
        let text = Date(timeIntervalSince1970: Double(day) * 86_400).formatted(dateStyle)
        dates.texts.withLock { $0[day] = text }
        return text
    }

    /// Dates made, by day, shared by every copy (from any rendering thread).
    final class DayCache: Sendable {
        let texts = Locked<[Int64: String]>([:])
    }
}

extension Strings {
    /// English as the built-in theme has it: the fallback of a renderer made without a
    /// language the theme knows, and the words of the language-neutral feeds.
    static let builtinEnglish: Strings = {
        let file = BuiltinTheme.files.first { $0.path == "strings/en.toml" }!
        // The built-in file is checked by StringsTests: it parses.
        return try! Strings.parse(String(decoding: file.content.bytes, as: UTF8.self),
                                  file: "(built-in theme)/strings/en.toml", language: "en")
    }()
}
