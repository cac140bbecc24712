import Foundation
import MustacheEngine

// MARK: - Published photos: `<picture>` sources and the `sizes` of the built-in theme

extension PageContexts {
    /// The `picture` value of a tile (`_tile`): the grid's `sizes`, the tile's JPEG fallback.
    static func tilePicture(_ picture: Picture, tile: SiteOptions.Tile) -> Context {
        self.picture(picture, sizes: gridSizes(width: picture.width, height: picture.height, tile: tile), fallback: picture.tileFallback)
    }

    /// The `picture` value of a post page (`post`): its `sizes`, the widest JPEG.
    static func postPicture(_ picture: Picture) -> Context {
        self.picture(picture, sizes: postSizes(width: picture.width), fallback: picture.fallback)
    }

    /// The `avatarPicture` value of a user (`_avatar`): no `sizes`, which each place that
    /// shows an avatar gives (the `sizes` block of `_avatar`), since one user's context
    /// serves them all; `side`, the square's pixels, which the avatar is never shown wider
    /// than (site.css).
    static func avatarPicture(_ picture: Picture) -> Context {
        var context = self.picture(picture, sizes: "", fallback: picture.fallback)
        context["side"] = .int(picture.width)
        return context
    }

    /// The WebP `srcset` candidates (`webp`: `src`, `w`, `sep`), the JPEG ones (`jpeg`: the
    /// fallback widths, for a theme that wants them), the JPEG the `<img>` shows where WebP
    /// is not (`fallback`), `sizes`, and the colour the box shows while the photo loads.
    private static func picture(_ picture: Picture, sizes: String, fallback: String) -> Context {
        func candidates(_ format: Picture.Format) -> TemplateValue {
            TemplateValue(picture.widths(format).enumerated().map { i, w -> Context in
                ["src": .string(picture.path(w, format)), "w": .int(w), "sep": .string(i == 0 ? "" : ", ")]
            })
        }
        return ["webp": candidates(.webp), "jpeg": candidates(.jpeg), "fallback": .string(fallback),
                "sizes": .string(sizes), "colour": .string(picture.colour)]
    }

    /// How wide the built-in theme shows a grid tile (site.css: the grid spans the
    /// viewport below 736 px with 3 px gaps; the 935 px column with 20 px padding and 4 px
    /// gaps above: tiles of 296 px from 935 px). A photo wider than its tile's
    /// shape is cropped to it (`object-fit: cover`), so it is drawn wider than the tile: the
    /// widths are scaled by that factor, up to 4/3 (a 4:3 photo in a square tile), so a
    /// browser at 375 px (3x) or 1280 px (1x) still picks a file at most twice as wide as
    /// the tile.
    static func gridSizes(width: Int, height: Int, tile: SiteOptions.Tile) -> String {
        let tileAspect = tile == .portrait ? 0.75 : 1.0
        let factor = min(4.0 / 3.0, max(1.0, Double(width) / Double(max(1, height)) / tileAspect))
        let scale = (factor * 100).rounded() / 100
        func px(_ value: Double) -> String { "\(Int((value * scale).rounded()))px" }
        func thirds(_ gaps: Int) -> String {
            scale == 1 ? "calc((100vw - \(gaps)px) / 3)" : "calc((100vw - \(gaps)px) * \(String(format: "%.4f", scale / 3)))"
        }
        return "(min-width: 935px) \(px(296)), (min-width: 736px) \(thirds(48)), \(thirds(6))"
    }

    /// How wide the built-in theme shows the post page's photo: the whole viewport on a
    /// phone (up to 632 px), 600 px from 736 px, and never wider than the photo's own
    /// `width` pixels (site.css: the post page's photo is at most its width).
    static func postSizes(width: Int) -> String {
        if width >= 632 { return "(min-width: 736px) 600px, (min-width: 632px) 632px, 100vw" }
        if width >= 600 { return "(min-width: 736px) 600px, (min-width: \(width)px) \(width)px, 100vw" }
        return "(min-width: \(max(1, width))px) \(max(1, width))px, 100vw"
    }
}
