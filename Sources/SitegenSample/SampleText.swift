/// Composes names, usernames, bios, captions and comments from `SampleWords`, as UTF-8
/// bytes, with the generator's PRNG. Templates are parsed once.
final class SampleText {
    enum Slot { case place, dish, route, emoji, user, number, name }
    enum Segment { case literal([UInt8]), slot(Slot) }
    typealias Template = [Segment]

    struct Person {
        var display: [UInt8]
        var first: String
        var last: String
    }

    private struct Given { var display: [UInt8]; var ascii: String; var female: Bool }
    private struct Family { var male: ([UInt8], String); var female: ([UInt8], String) }
    private struct Culture { var given: [Given]; var family: [Family]; var familyFirst: Bool; var latin: Bool }

    private let cultures: [Culture]
    private let captions: [Template], nativeCaptions: [Template], bios: [Template], comments: [Template]
    private let places: [[UInt8]], dishes: [[UInt8]], routes: [[UInt8]], emoji: [[UInt8]], tags: [[UInt8]]
    private let hobbies: [String]

    init() {
        cultures = SampleWords.cultures.map { c in
            let given = c.given.map { entry -> Given in
                let f = entry.split(separator: "|").map(String.init)
                return Given(display: Array(f[0].utf8), ascii: f[1], female: f[2] == "f")
            }
            let family = c.family.map { entry -> Family in
                let f = entry.split(separator: "|").map(String.init)
                let male = (Array(f[0].utf8), f[1])
                return Family(male: male, female: f.count == 4 ? (Array(f[2].utf8), f[3]) : male)
            }
            let latin = c.given.allSatisfy { $0.unicodeScalars.first!.value < 0x370 }
            return Culture(given: given, family: family, familyFirst: c.familyFirst, latin: latin)
        }
        captions = SampleWords.captions.map(SampleText.parse)
        nativeCaptions = SampleWords.nativeCaptions.map(SampleText.parse)
        bios = SampleWords.bios.map(SampleText.parse)
        comments = SampleWords.comments.map(SampleText.parse)
        places = SampleWords.places.map { Array($0.utf8) }
        dishes = SampleWords.dishes.map { Array($0.utf8) }
        routes = SampleWords.routes.map { Array($0.utf8) }
        emoji = SampleWords.emoji.map { Array($0.utf8) }
        tags = SampleWords.tags.map { Array($0.utf8) }
        hobbies = SampleWords.hobbies
    }

    static func parse(_ s: String) -> Template {
        var out: Template = []
        var rest = Substring(s)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { out.append(.literal(Array(rest[..<open].utf8))) }
            switch rest[rest.index(after: open)..<close] {
            case "place": out.append(.slot(.place))
            case "dish": out.append(.slot(.dish))
            case "route": out.append(.slot(.route))
            case "emoji": out.append(.slot(.emoji))
            case "user": out.append(.slot(.user))
            case "n": out.append(.slot(.number))
            case "name": out.append(.slot(.name))
            default: out.append(.literal(Array(rest[open...close].utf8)))
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { out.append(.literal(Array(rest.utf8))) }
        return out
    }

    // MARK: people

    func person(_ rng: inout SampleRandom) -> Person {
        let c = cultures[rng.below(cultures.count)]
        let g = c.given[rng.below(c.given.count)]
        let fam = c.family[rng.below(c.family.count)]
        let (famDisplay, famAscii) = g.female ? fam.female : fam.male
        var display: [UInt8]
        if rng.below(8) == 0 {
            display = g.display
        } else if c.familyFirst {
            display = famDisplay + (c.latin || rng.below(2) == 0 ? [0x20] : []) + g.display
        } else {
            display = g.display + [0x20] + famDisplay
        }
        return Person(display: display, first: g.ascii, last: famAscii)
    }

    /// A username in one of the styles people pick (`maria.rossi`, `kenji_climbs`, `thelucaromano`…).
    func username(for p: Person, _ rng: inout SampleRandom) -> String {
        switch rng.below(9) {
        case 0: return p.first + p.last
        case 1: return p.first + "." + p.last
        case 2: return p.first + "_" + p.last
        case 3: return p.first + String(p.last.prefix(1)) + String(rng.range(10, 99))
        case 4: return p.first + "_" + hobbies[rng.below(hobbies.count)]
        case 5: return hobbies[rng.below(hobbies.count)] + "with" + p.first
        case 6: return "the" + p.first + p.last
        case 7: return p.first + String(rng.range(1, 9999))
        default: return String(p.first.prefix(1)) + p.last + (rng.below(2) == 0 ? "" : "_")
        }
    }

    /// Makes `name` unique among `taken` with a numeric suffix (`maria.rossi2`, …).
    static func unique(_ name: String, taken: inout Set<String>, next: inout [String: Int]) -> String {
        var result = name
        if taken.contains(name) {
            var k = next[name, default: 2]
            while taken.contains(name + String(k)) { k += 1 }
            next[name] = k + 1
            result = name + String(k)
        }
        taken.insert(result)
        return result
    }

    // MARK: text

    /// Fills a template. `mention` gives a username (without `@`) to mention, or nil.
    func fill(_ t: Template, into out: inout [UInt8], own: String, _ rng: inout SampleRandom,
              mention: (inout SampleRandom) -> String?) {
        for seg in t {
            switch seg {
            case .literal(let b): out += b
            case .slot(.place): out += places[rng.below(places.count)]
            case .slot(.dish): out += dishes[rng.below(dishes.count)]
            case .slot(.route): out += routes[rng.below(routes.count)]
            case .slot(.emoji): out += emoji[rng.below(emoji.count)]
            case .slot(.number): out += Array(String(rng.range(100, 9999)).utf8)
            case .slot(.name): out += Array(own.utf8)
            case .slot(.user):
                if let m = mention(&rng) {
                    out.append(0x40)
                    out += Array(m.utf8)
                } else {
                    out += Array("a friend".utf8)
                }
            }
        }
    }

    func caption(into out: inout [UInt8], own: String, _ rng: inout SampleRandom,
                 mention: (inout SampleRandom) -> String?) {
        let native = rng.below(7) == 0
        let t = native ? nativeCaptions[rng.below(nativeCaptions.count)] : captions[rng.below(captions.count)]
        fill(t, into: &out, own: own, &rng, mention: mention)
        if rng.below(5) == 0, let m = mention(&rng) {
            out += Array(" with @".utf8)
            out += Array(m.utf8)
        }
        if rng.below(3) == 0 {
            out.append(0x20)
            out += emoji[rng.below(emoji.count)]
        }
        if rng.below(5) < 3 {
            out += rng.below(2) == 0 ? [0x0A, 0x0A] : [0x20]
            for i in 0..<rng.range(1, 5) {
                if i > 0 { out.append(0x20) }
                out.append(0x23)
                out += tags[rng.below(tags.count)]
            }
        }
    }

    func bio(into out: inout [UInt8], own: String, _ rng: inout SampleRandom) {
        fill(bios[rng.below(bios.count)], into: &out, own: own, &rng) { _ in nil }
        if rng.below(4) == 0 {
            out += Array(" · ".utf8)
            fill(bios[rng.below(bios.count)], into: &out, own: own, &rng) { _ in nil }
        }
    }

    func comment(into out: inout [UInt8], _ rng: inout SampleRandom, mention: (inout SampleRandom) -> String?) {
        fill(comments[rng.below(comments.count)], into: &out, own: "", &rng, mention: mention)
    }

    /// A personal website (example domains only).
    func website(for username: String, _ rng: inout SampleRandom) -> String {
        let slug = String(username.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            .map(Character.init))
        switch rng.below(4) {
        case 0: return "https://\(slug).example.com"
        case 1: return "https://www.\(slug).example.net/"
        case 2: return "http://portfolio.example.org/\(slug)"
        default: return "https://\(slug).example.com/about"
        }
    }
}
