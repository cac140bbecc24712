import Foundation
import SitegenExport
import SitegenKit

/// The photos of the sample site (`sitegen init --sample`, the checkout's
/// `content/storage/`): one generated picture per post of a Makestagram export, at the
/// Storage object path its `image_url` names, as `gsutil cp` would leave the bucket, and
/// one per further item of an album (a post's `media` list: `{url, width, height, alt}`).
///
/// Each is painted from the post's key (the same key, the same bytes): a landscape with
/// ridges, the sea, a city at night or a plate of food, in the post's shape
/// (`image_height` on a 375-point-wide screen: portrait, square and landscape in the
/// sample). One post, `orientedKey`, is stored turned a quarter left with EXIF
/// Orientation 6, as a phone held upright writes it, so the site shows that the photo is
/// published upright. 1,200 pixels wide, the sizes the theme shows on a 2x screen: the
/// post page's photo is 600 CSS pixels at most (1,200 device pixels), a grid tile 296
/// (592, 790 for a landscape photo cropped to a square), so the photo pipeline publishes
/// every width a browser asks for (docs/visitor.md). At 320 pixels a 2x screen showed them
/// scaled up almost four times on the post page. A JPEG costs a few bytes per 16x16
/// block however smooth, so width counts and quality hardly does; the Huffman tables are
/// made for each photo, and the photos are painted on every core (their sizes and times:
/// docs/performance.md, "The sample").
enum SamplePhotos {
    /// Width of every photo, in pixels.
    static let width = 1200
    static let quality = 50

    /// The photos of `export` (Makestagram JSON): object path and JPEG bytes, in the
    /// export's order, then the avatars its users' `profile_image_url` name
    /// (`SampleAvatars`). Posts and users whose URL is no Storage download URL get none.
    static func photos(for export: [UInt8]) throws -> [(path: String, bytes: [UInt8])] {
        paint(try jobs(for: export))
    }

    /// What `photos(for:)` paints, in its order: each picture's object path and how it is
    /// painted.
    static func jobs(for export: [UInt8]) throws -> [(path: String, job: Job)] {
        let doc = try JSONDocument.parse(export)
        let schema = Schema(dialect: .makestagram, mapping: .init())
        guard doc.isObject(doc.root), let posts = doc.member(doc.root, schema.name(.posts)), doc.isObject(posts) else { return [] }
        var jobs: [(path: String, job: Job)] = []
        var oriented = false
        for user in doc.children(posts) where doc.isObject(user) {
            for post in doc.children(user) where doc.isObject(post) {
                guard let url = doc.member(post, schema.names(.imageURL)).flatMap(doc.string),
                      let path = StorageFolder.objectPath(url) else { continue }
                var shown = 375.0
                if let h = doc.member(post, schema.names(.imageHeight)), doc.isNumber(h), let value = Double(doc.rawText(h)),
                   value.isFinite, value > 0 { shown = min(max(value, 94), 750) }
                let height = Int((Double(width) * shown / 375).rounded())
                // The first portrait photo is the one stored on its side.
                let turn = !oriented && height > width
                oriented = oriented || turn
                jobs.append((path, .photo(key: doc.key(post), width: width, height: height, turned: turn, scene: SampleScenes.byPost[doc.key(post)])))
                // An album's other photos (`media`: its first item is the cover above), each
                // painted at its own size, from its own name (`<key>-2` for `<key>-2.jpg`).
                for item in schema.media(of: post, in: doc) where item.kind == .photo && item.width > 0 && item.height > 0 {
                    guard let itemPath = StorageFolder.objectPath(item.url), itemPath != path,
                          !jobs.contains(where: { $0.path == itemPath }) else { continue }
                    let name = String(PathNames.name(itemPath).prefix { $0 != "." })
                    jobs.append((itemPath, .photo(key: name, width: item.width, height: item.height, turned: false,
                                                  scene: SampleScenes.byAlbumItem[name])))
                }
            }
        }
        if let users = doc.member(doc.root, schema.name(.users)), doc.isObject(users) {
            for user in doc.children(users) where doc.isObject(user) {
                guard let url = doc.member(user, schema.names(.avatarURL)).flatMap({ doc.string(doc.value($0)) }),
                      let path = StorageFolder.objectPath(url) else { continue }
                jobs.append((path, .avatar(uid: doc.key(user))))
            }
        }
        return jobs
    }

    /// The JPEGs of `jobs`, in their order, painted on every core (each picture depends on
    /// its key alone).
    static func paint(_ jobs: [(path: String, job: Job)]) -> [(path: String, bytes: [UInt8])] {
        let painted = Painted(count: jobs.count)
        let work = jobs.map(\.job)
        DispatchQueue.concurrentPerform(iterations: work.count) { i in
            switch work[i] {
            case let .photo(key, width, height, turned, scene):
                painted.set(i, picture(key: key, width: width, height: height, turned: turned, scene: scene))
            case let .avatar(uid): painted.set(i, SampleAvatars.avatar(uid: uid))
            }
        }
        return zip(jobs, painted.bytes).map { ($0.path, $1) }
    }

    /// One picture to paint: a post's photo (`width` wide; an album item at the size its
    /// item says) or a user's avatar.
    enum Job: Sendable {
        case photo(key: String, width: Int, height: Int, turned: Bool, scene: Scene?)
        case avatar(uid: String)
    }

    /// The pictures painted so far, each in its job's place.
    private final class Painted: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var bytes: [[UInt8]]

        init(count: Int) { bytes = Array(repeating: [], count: count) }

        func set(_ i: Int, _ value: [UInt8]) {
            lock.lock()
            defer { lock.unlock() }
            bytes[i] = value
        }
    }

    /// The JPEG of one post: `scene` (else one drawn from `key`), `width` x `height`
    /// upright; `turned` stores it rotated a quarter turn anticlockwise (height x width)
    /// with EXIF Orientation 6.
    static func picture(key: String, width: Int, height: Int, turned: Bool, scene: Scene? = nil) -> [UInt8] {
        var painter = ScenePainter(seed: ContentHash(key).low)
        let upright = painter.paint(width: width, height: height, scene: scene)
        guard turned else { return JPEGEncoder(width: width, height: height, rgb: upright).encode(quality: quality) }
        // Stored pixel (sx, sy) of the height x width image is upright pixel (width-1-sy, sx):
        // a viewer turning it a quarter clockwise (Orientation 6) shows it upright.
        var stored = [UInt8](repeating: 0, count: upright.count)
        for sy in 0..<width {
            for sx in 0..<height {
                let from = (sx * width + (width - 1 - sy)) * 3
                let to = (sy * height + sx) * 3
                stored[to] = upright[from]
                stored[to + 1] = upright[from + 1]
                stored[to + 2] = upright[from + 2]
            }
        }
        return JPEGEncoder(width: height, height: width, rgb: stored).encode(quality: quality, orientation: 6)
    }
}

/// Paints one of four kinds of picture (`Scene`), its colours and shapes drawn from
/// `seed`; the kind, land and sky too unless the scene says them.
struct ScenePainter {
    private var rng: SampleRandom
    /// Height over width: distances across y are scaled by it, so round things stay round.
    private var aspect = 1.0

    init(seed: UInt64) { rng = SampleRandom(seed: seed, stream: 11) }

    typealias Colour = (r: Double, g: Double, b: Double)

    /// Skies: zenith and horizon colours (dawn, noon, dusk, a pale winter day, night).
    private static let skies: [(Colour, Colour)] = [
        ((0.35, 0.45, 0.75), (0.98, 0.72, 0.55)), ((0.25, 0.55, 0.90), (0.75, 0.88, 0.98)),
        ((0.30, 0.20, 0.45), (0.99, 0.55, 0.35)), ((0.62, 0.70, 0.80), (0.92, 0.93, 0.95)),
        ((0.05, 0.08, 0.20), (0.20, 0.25, 0.45)),
    ]
    /// Land colours, nearest ridge first: forest, rock, desert, snow.
    private static let lands: [Colour] = [(0.16, 0.34, 0.20), (0.35, 0.32, 0.34), (0.72, 0.50, 0.32), (0.88, 0.90, 0.95)]

    mutating func paint(width: Int, height: Int, scene: Scene? = nil) -> [UInt8] {
        aspect = Double(height) / Double(width)
        // Drawn even when the scene says them, so that the rest of a picture stays the same.
        let drawnKind = rng.below(8), drawnSky = rng.below(Self.skies.count)
        let kind: Scene.Kind = scene?.kind ?? (drawnKind < 4 ? .landscape : drawnKind < 6 ? .sea : drawnKind == 6 ? .city : .plate)
        let sky = Self.skies[scene?.sky?.rawValue ?? drawnSky]
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let colour: (Double, Double, Int) -> Colour
        switch kind {
        case .landscape: colour = landscape(sky, land: scene?.land, width: width)
        case .sea: colour = sea(sky)
        case .city: colour = city(scene?.sky == nil || scene?.sky == .night ? nil : sky)
        case .plate: colour = plate()
        }
        let w = Double(width), h = Double(height)
        pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    // Scene coordinates: x across, y down, each 0...1; and the column.
                    let c = colour(Double(x) / w, Double(y) / h, x)
                    let i = (y * width + x) * 3
                    pixels[i] = Self.byte(c.r)
                    pixels[i + 1] = Self.byte(c.g)
                    pixels[i + 2] = Self.byte(c.b)
                }
            }
        }
        return pixels
    }

    static func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }

    static func mix(_ a: Colour, _ b: Colour, _ t: Double) -> Colour {
        let t = max(0, min(1, t))
        return (a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t)
    }

    static func distance(_ dx: Double, _ dy: Double, _ aspect: Double) -> Double {
        (dx * dx + dy * dy * aspect * aspect).squareRoot()
    }

    private static func gradient(_ sky: (Colour, Colour), _ y: Double, horizon: Double) -> Colour {
        mix(sky.0, sky.1, y / horizon)
    }

    /// A sun (or moon) with its glow over `base`.
    private static func sun(_ base: Colour, x: Double, y: Double, at centre: (Double, Double), radius: Double, aspect: Double) -> Colour {
        let d = distance(x - centre.0, y - centre.1, aspect)
        if d < radius { return mix(base, (1, 0.96, 0.85), 0.95) }
        return mix(base, (1, 0.9, 0.7), 0.45 * exp(-(d - radius) * 9))
    }

    /// Ridges of hills or mountains, hazier with distance, under a sky with a sun.
    private mutating func landscape(_ sky: (Colour, Colour), land said: Scene.Land?, width: Int) -> (Double, Double, Int) -> Colour {
        let drawn = rng.below(Self.lands.count)
        let land = Self.lands[said?.rawValue ?? drawn]
        let horizon = 0.45 + rng.unit() * 0.2
        let sunAt = (0.15 + rng.unit() * 0.7, horizon * (0.3 + rng.unit() * 0.5))
        let sunRadius = 0.04 + rng.unit() * 0.05
        let aspect = aspect
        // Each ridge's top in every column: three waves added up.
        var tops: [[Double]] = []
        for r in 0..<3 {
            var waves: [(Double, Double, Double)] = []
            for _ in 0..<3 {
                let frequency = 2 + rng.unit() * 9, phase = rng.unit() * 6.3, amplitude = 0.02 + rng.unit() * 0.06
                waves.append((frequency, phase, amplitude))
            }
            let base = horizon + Double(r) * 0.12
            tops.append((0..<width).map { column in
                let x = Double(column) / Double(width)
                return base - waves.reduce(0) { $0 + sin(x * $1.0 + $1.1) * $1.2 }
            })
        }
        return { x, y, column in
            var c = Self.sun(Self.gradient(sky, y, horizon: horizon + 0.1), x: x, y: y, at: sunAt, radius: sunRadius, aspect: aspect)
            for r in 0..<3 {
                let top = tops[r][column]
                if y > top {
                    let haze = Double(2 - r) * 0.28
                    c = Self.mix(Self.mix(land, sky.1, haze), (0, 0, 0), min(0.35, (y - top) * 0.6))
                }
            }
            return c
        }
    }

    /// The sea under a sky: a horizon, a sun and its glitter on the water.
    private mutating func sea(_ sky: (Colour, Colour)) -> (Double, Double, Int) -> Colour {
        let horizon = 0.35 + rng.unit() * 0.3
        let sunAt = (0.2 + rng.unit() * 0.6, horizon * (0.4 + rng.unit() * 0.4))
        let aspect = aspect
        let water: Colour = Self.mix((0.05, 0.25, 0.45), sky.1, 0.3)
        return { x, y, _ in
            if y < horizon {
                return Self.sun(Self.gradient(sky, y, horizon: horizon), x: x, y: y, at: sunAt, radius: 0.06, aspect: aspect)
            }
            let depth = y - horizon
            var c = Self.mix(Self.mix(water, sky.1, 0.5), water, depth * 2.5)
            let glitter = exp(-abs(x - sunAt.0) * (10 + depth * 10)) * (0.5 + 0.5 * sin(y * 60 + sin(x * 12) * 2))
            c = Self.mix(c, (1, 0.92, 0.75), glitter * 0.4)
            return c
        }
    }

    /// Buildings against a sky: at night (unless `said`) their windows lit here and there,
    /// by day some windows catching the sky.
    private mutating func city(_ said: (Colour, Colour)?) -> (Double, Double, Int) -> Colour {
        let sky: (Colour, Colour) = said ?? ((0.03, 0.04, 0.15), (0.25, 0.18, 0.40))
        var buildings: [(left: Double, right: Double, top: Double, lit: UInt64)] = []
        var x = -0.02
        while x < 1 {
            let w = 0.08 + rng.unit() * 0.12
            // A quarter of the windows lit: three random words ANDed.
            buildings.append((x, x + w, 0.25 + rng.unit() * 0.45, rng.next() & rng.next()))
            x += w + 0.01
        }
        return { x, y, _ in
            var c = Self.gradient(sky, y, horizon: 0.9)
            for b in buildings where x >= b.left && x < b.right && y >= b.top {
                c = said == nil ? (0.07, 0.07, 0.10) : Self.mix((0.48, 0.45, 0.42), sky.0, 0.2)
                let column = Int((x - b.left) / 0.04), row = Int((y - b.top) / 0.05)
                let inX = (x - b.left).truncatingRemainder(dividingBy: 0.04), inY = (y - b.top).truncatingRemainder(dividingBy: 0.05)
                if inX > 0.015 && inY > 0.02 && (b.lit >> UInt64((row * 5 + column) % 64)) & 1 == 1 {
                    c = said == nil ? (0.98, 0.82, 0.45) : Self.mix(sky.1, (1, 1, 1), 0.3)
                }
            }
            return c
        }
    }

    /// A plate on a table seen from above, with a few round things on it.
    private mutating func plate() -> (Double, Double, Int) -> Colour {
        let tables: [Colour] = [(0.55, 0.36, 0.22), (0.30, 0.32, 0.35), (0.85, 0.80, 0.70)]
        let table = tables[rng.below(tables.count)]
        let foods: [Colour] = [(0.85, 0.25, 0.15), (0.35, 0.60, 0.20), (0.95, 0.75, 0.25), (0.55, 0.30, 0.15), (0.95, 0.90, 0.80)]
        let centre = (0.5, 0.5)
        // Sizes in units of the width, smaller in a wide picture so that the plate fits.
        let aspect = aspect, size = min(1, aspect)
        var items: [(x: Double, y: Double, r: Double, c: Colour)] = []
        for _ in 0..<(3 + rng.below(4)) {
            let angle = rng.unit() * 6.28, distance = rng.unit() * 0.18 * size
            items.append((centre.0 + cos(angle) * distance, centre.1 + sin(angle) * distance / aspect,
                          (0.05 + rng.unit() * 0.07) * size, foods[rng.below(foods.count)]))
        }
        return { x, y, _ in
            let d = Self.distance(x - centre.0, y - centre.1, aspect) / size
            var c = Self.mix(table, (0, 0, 0), 0.15 * sin(x * 20 + sin(y * 6) * 3) * 0.5 + 0.1)
            if d < 0.40 { c = Self.mix(c, (0, 0, 0), 0.35 * (1 - (d - 0.36) / 0.04)) }
            if d < 0.37 { c = Self.mix((0.97, 0.97, 0.96), (0.85, 0.86, 0.88), d / 0.37 * 0.7) }
            for item in items {
                let e = Self.distance(x - item.x, y - item.y, aspect)
                if e < item.r { c = Self.mix(item.c, (1, 1, 1), max(0, 0.3 - e / item.r * 0.4)) }
            }
            return c
        }
    }
}
