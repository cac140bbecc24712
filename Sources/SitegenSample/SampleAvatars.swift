import SitegenExport
/// The sample's avatars: for each user whose `profile_image_url` names a Storage object, a
/// portrait painted from the uid (the same uid, the same bytes): a head and shoulders on a
/// coloured ground, as a profile photo is framed.
///
/// Each is 320x400, taller than wide as a phone's portrait photo is, so that the site shows
/// its centre square cropped (the profile header shows it at 150 CSS pixels, 300 on a 2x
/// screen).
enum SampleAvatars {
    static let width = 320
    static let height = 400
    static let quality = 50

    /// Skin tones, hair and clothes to draw from.
    private static let skins: [ScenePainter.Colour] = [(0.96, 0.80, 0.69), (0.87, 0.67, 0.52), (0.72, 0.52, 0.38), (0.55, 0.38, 0.26), (0.38, 0.26, 0.18)]
    private static let hairs: [ScenePainter.Colour] = [(0.10, 0.08, 0.07), (0.35, 0.22, 0.12), (0.62, 0.45, 0.25), (0.80, 0.70, 0.50), (0.55, 0.55, 0.58)]

    /// The JPEG of the avatar of `uid`.
    static func avatar(uid: String) -> [UInt8] {
        var rng = SampleRandom(seed: ContentHash(uid).low, stream: 13)
        let hue = rng.unit()
        let ground = colour(hue: hue, saturation: 0.45, lightness: 0.62)
        let shirt = colour(hue: (hue + 0.4 + rng.unit() * 0.2).truncatingRemainder(dividingBy: 1), saturation: 0.5, lightness: 0.4)
        let skin = skins[rng.below(skins.count)], hair = hairs[rng.below(hairs.count)]
        let long = rng.chance(0.5)
        let aspect = Double(height) / Double(width)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                // Scene coordinates: x across, y down, each 0...1; distances in widths.
                let sx = Double(x) / Double(width), sy = Double(y) / Double(height)
                var c = ScenePainter.mix(ground, (1, 1, 1), 0.25 * (1 - sy))
                let head = ScenePainter.distance(sx - 0.5, sy - 0.45, aspect)
                let shoulders = ScenePainter.distance((sx - 0.5) * 0.8, sy - 1.02, aspect)
                if long && sy > 0.4 && sy < 0.75 && abs(sx - 0.5) < 0.27 { c = hair }
                if shoulders < 0.4 { c = ScenePainter.mix(shirt, (0, 0, 0), (sy - 0.75) * 0.6) }
                if head < 0.22 { c = ScenePainter.mix(skin, (0, 0, 0), head * 0.5) }
                if head < 0.24 && sy < 0.38 { c = hair }
                let i = (y * width + x) * 3
                (pixels[i], pixels[i + 1], pixels[i + 2]) = (ScenePainter.byte(c.r), ScenePainter.byte(c.g), ScenePainter.byte(c.b))
            }
        }
        return JPEGEncoder(width: width, height: height, rgb: pixels).encode(quality: quality)
    }

    /// HSL (each 0...1) as RGB.
    private static func colour(hue: Double, saturation s: Double, lightness l: Double) -> ScenePainter.Colour {
        let q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q
        func channel(_ t: Double) -> Double {
            let t = t < 0 ? t + 1 : t > 1 ? t - 1 : t
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 0.5 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        return (channel(hue + 1.0 / 3), channel(hue), channel(hue - 1.0 / 3))
    }
}
