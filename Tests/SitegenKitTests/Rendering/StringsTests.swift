import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// The theme's words (`strings/<language>.toml`): every built-in language has every key
/// English has, with the same placeholders, and the plural forms its CLDR rule picks;
/// the rules give CLDR's own examples; dates and numbers are the locale's.
@Suite struct StringsTests {
    static let builtin = ["ar", "de", "en", "es", "fr", "it", "ja", "pt-BR", "ru", "tr"]
    static let templates = try! TemplateSet(theme: .builtin)

    @Test func theBuiltInThemeHasTheTenLanguages() {
        #expect(Self.templates.languages == Self.builtin)
    }

    @Test(arguments: builtin)
    func everyKeyAndPlaceholderOfEnglish(_ language: String) throws {
        let english = try Self.templates.strings("en")
        let strings = try Self.templates.strings(language)
        #expect(Set(strings.plain.keys) == Set(english.plain.keys), "the same plain keys as en.toml")
        for (key, text) in english.plain {
            #expect(Strings.placeholders(strings.plain[key] ?? "") == Strings.placeholders(text), "\(language): \(key) keeps \(Strings.placeholders(text))")
            #expect(!(strings.plain[key] ?? "").isEmpty, "\(language): \(key) is not empty")
        }
        #expect(Set(strings.plurals.keys) == Set(english.plurals.keys), "the same plural keys as en.toml")
        for (key, forms) in strings.plurals {
            let expected = Strings.placeholders(english.plurals[key]!["other"]!)
            #expect(expected.contains("count"))
            for category in PluralRules.categories(strings.rule) {
                #expect(forms[category] != nil, "\(language): \(key) has the form '\(category)'")
            }
            for (category, form) in forms {
                #expect(Strings.placeholders(form) == expected, "\(language): \(key).\(category) keeps \(expected)")
            }
        }
    }

    @Test func rightToLeftIsArabicAlone() throws {
        for language in Self.builtin {
            #expect(try Self.templates.strings(language).direction == (language == "ar" ? "rtl" : "ltr"))
        }
    }

    /// CLDR's integer examples (plurals.xml, `@integer` samples), category by category.
    static let examples: [(String, [String: [Int]])] = [
        ("en", ["one": [1], "other": [0, 2, 3, 16, 100, 1000, 10000, 1_000_000]]),
        ("de", ["one": [1], "other": [0, 2, 16, 100, 1000, 1_000_000]]),
        ("tr", ["one": [1], "other": [0, 2, 16, 100, 1000]]),
        ("it", ["one": [1], "many": [1_000_000, 2_000_000], "other": [0, 2, 16, 100, 1000, 10000, 100000]]),
        ("es", ["one": [1], "many": [1_000_000], "other": [0, 2, 16, 100, 1000, 10000, 100000]]),
        ("fr", ["one": [0, 1], "many": [1_000_000], "other": [2, 17, 100, 1000, 10000, 100000]]),
        ("pt-BR", ["one": [0, 1], "many": [1_000_000], "other": [2, 17, 100, 1000, 10000, 100000]]),
        ("pt-PT", ["one": [1], "many": [1_000_000], "other": [0, 2, 16, 100, 1000]]),
        ("ru", ["one": [1, 21, 31, 41, 51, 61, 71, 81, 101, 1001],
                "few": [2, 3, 4, 22, 23, 24, 32, 33, 34, 42, 52, 62, 102, 1002],
                "many": [0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 100, 1000, 10000, 100000, 1_000_000]]),
        ("pl", ["one": [1], "few": [2, 3, 4, 22, 23, 24, 32, 102, 1002], "many": [0, 5, 19, 21, 100, 1000, 1_000_000]]),
        ("ar", ["zero": [0], "one": [1], "two": [2], "few": [3, 4, 5, 6, 7, 8, 9, 10, 103, 110, 1003],
                "many": [11, 12, 26, 99, 111, 1011], "other": [100, 101, 102, 200, 202, 300, 1000, 10000, 100000, 1_000_000]]),
        ("ja", ["other": [0, 1, 2, 15, 100, 1000, 1_000_000]]),
    ]

    @Test(arguments: examples.indices)
    func pluralRulesGiveCLDRExamples(_ i: Int) {
        let (language, categories) = Self.examples[i]
        let rule = PluralRules.rule(for: language)
        for (category, numbers) in categories {
            for n in numbers {
                #expect(PluralRules.category(rule, n) == category, "\(language) \(n)")
            }
        }
    }

    @Test func formsFollowTheRules() throws {
        let ru = try Self.templates.strings("ru")
        #expect(ru.plural("followers", 1) == "1 подписчик")
        #expect(ru.plural("followers", 3) == "3 подписчика")
        #expect(ru.plural("followers", 11) == "11 подписчиков")
        #expect(ru.plural("followers", 21) == "21 подписчик")
        let ar = try Self.templates.strings("ar")
        #expect(ar.plural("posts", 2) == "2 منشوران")
        #expect(ar.plural("posts", 5) == "5 منشورات")
        #expect(ar.plural("posts", 15) == "15 منشورًا")
        let pt = try Self.templates.strings("pt-BR")
        #expect(pt.plural("followers", 0) == "0 seguidores")
        #expect(pt.plural("followers", 1) == "1 seguidor")
        #expect(pt.plural("followers", 1234) == "1.234 seguidores")
        let ja = try Self.templates.strings("ja")
        let counted = ja.counted("posts", 3).mapValues { value -> String in
            if case let .string(text) = value { return text }
            return "?"
        }
        #expect(counted == ["before": "投稿", "number": "3", "after": "件", "text": "投稿3件"])
        let de = try Self.templates.strings("de")
        #expect(de.plural("likes", 1234) == "Gefällt 1.234 Mal")
    }

    /// What a profile with nothing says in each language, as its users read it in their
    /// apps. CLDR puts 0 under `one` in Portuguese and French: pt-BR gives `zero` forms
    /// ("0 seguidores", as Brazilian apps say); French keeps the singular, which its grammar
    /// and its apps use for zero ("0 abonné"). Arabic's own `zero` category is kept.
    static let zeros: [(String, [String])] = [
        ("en", ["0 posts", "0 followers", "0 following", "0 likes"]),
        ("pt-BR", ["0 publicações", "0 seguidores", "0 seguindo", "0 curtidas"]),
        ("es", ["0 publicaciones", "0 seguidores", "0 seguidos", "0 Me gusta"]),
        ("fr", ["0 publication", "0 abonné", "0 abonnement", "0 J’aime"]),
        ("de", ["0 Beiträge", "0 Follower", "0 gefolgt", "Gefällt 0 Mal"]),
        ("it", ["0 post", "0 follower", "0 seguiti", "0 Mi piace"]),
        ("tr", ["0 gönderi", "0 takipçi", "0 takip", "0 beğenme"]),
        ("ru", ["0 публикаций", "0 подписчиков", "0 подписок", "0 отметок «Нравится»"]),
        ("ar", ["0 منشور", "0 متابِع", "يتابع 0", "0 إعجاب"]),
        ("ja", ["投稿0件", "フォロワー0人", "フォロー中0人", "「いいね！」0件"]),
    ]

    @Test(arguments: zeros.indices)
    func zeroAsItsUsersReadIt(_ i: Int) throws {
        let (language, expected) = Self.zeros[i]
        let strings = try Self.templates.strings(language)
        let zero = strings.format.number(0)
        let said = ["posts", "followers", "following", "likes"].map { strings.plural($0, 0) }
        #expect(said == expected.map { $0.replacingOccurrences(of: "0", with: zero) }, "\(language)")
    }

    @Test func datesAndNumbersAsTheLocaleWritesThem() throws {
        // 2017-01-09 22:13:20 UTC.
        let time: Int64 = 1_484_000_000_000
        let expected = ["en": "January 9, 2017", "pt-BR": "9 de janeiro de 2017", "de": "9. Januar 2017",
                        "ru": "9 января 2017\u{202F}г.", "ja": "2017年1月9日", "fr": "9 janvier 2017"]
        for (language, date) in expected {
            let made = try Self.templates.strings(language).format.date(time)
            #expect(made == date, "\(language): \(made.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(try Self.templates.strings("en").format.number(1_234_567) == "1,234,567")
        #expect(try Self.templates.strings("fr").format.number(1_234_567) == "1\u{202F}234\u{202F}567")
        #expect(try Self.templates.strings("en").format.number(987) == "987")
    }

    @Test func anUnknownLanguageNamesTheAvailableOnes() {
        #expect(throws: SitegenError.self) { try Self.templates.strings("xx") }
        do {
            _ = try Self.templates.strings("xx")
        } catch {
            #expect(error.description == "xx: unknown language (available: ar, de, en, es, fr, it, ja, pt-BR, ru, tr); a theme adds one as strings/xx.toml")
        }
    }

    @Test func aTagFindsItsLanguagesFile() throws {
        let files = Dictionary(uniqueKeysWithValues: Self.builtin.map { ($0, $0) })
        #expect(try Strings.resolve("pt-br", in: files) == "pt-BR")
        #expect(try Strings.resolve("pt", in: files) == "pt-BR")
        #expect(try Strings.resolve("de-AT", in: files) == "de")
        #expect(try Strings.resolve("ar-EG", in: files) == "ar")
        #expect(Strings.isLanguageTag("pt-BR") && Strings.isLanguageTag("zh-Hant-TW") && !Strings.isLanguageTag("../x") && !Strings.isLanguageTag("e"))
    }

    @Test func aThemeFolderOverridesAndAddsLanguages() throws {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/strings", withIntermediateDirectories: true)
        var english = String(decoding: Theme.builtin.files.first { $0.path == "strings/en.toml" }!.bytes, as: UTF8.self)
        english = english.replacingOccurrences(of: "comments = \"Comments\"", with: "comments = \"Remarks\"")
        try Data(english.utf8).write(to: URL(fileURLWithPath: folder + "/strings/en.toml"))
        try Data(english.replacingOccurrences(of: "Remarks", with: "Opmerkingen").utf8).write(to: URL(fileURLWithPath: folder + "/strings/nl.toml"))
        let templates = try TemplateSet(folder: folder)
        #expect(templates.languages == (Self.builtin + ["nl"]).sorted())
        #expect(try templates.strings("en").text("comments") == "Remarks")
        #expect(try templates.strings("nl").text("comments") == "Opmerkingen")
        #expect(try templates.strings("de").text("comments") == "Kommentare")
    }

    @Test func aStringsFileWithoutAKeyIsAnError() throws {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/strings", withIntermediateDirectories: true)
        try Data("direction = \"ltr\"\ncomments = \"Comments\"\n".utf8).write(to: URL(fileURLWithPath: folder + "/strings/en.toml"))
        let templates = try TemplateSet(folder: folder)
        do {
            _ = try templates.strings("en")
            Issue.record("a file without every key was accepted")
        } catch {
            #expect(error.description == "\(folder)/strings/en.toml: the string 'skip_to_content' is missing (the built-in en.toml has every key)")
        }
    }

    /// Alt text is plain text: no Markdown punctuation, escapes resolved, words kept.
    @Test func plainTextDropsMarkdown() {
        #expect(PageContexts.plainText("_weekend_ #friends **snow**") == "weekend #friends snow")
        #expect(PageContexts.plainText("# Title\n> quoted `code` ~~gone~~ snake_case") == "Title quoted code gone snake_case")
        #expect(PageContexts.plainText("see [my zine](https://zine.example/) and ![a cat](c.jpg)") == "see my zine and a cat")
        #expect(PageContexts.plainText("5 \\* 3 \\_x\\_") == "5 * 3 _x_")
        #expect(PageContexts.plainText("__bold__, _it_.") == "bold, it.")
    }
}
