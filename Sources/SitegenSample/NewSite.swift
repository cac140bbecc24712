import Foundation
import SitegenExport
import SitegenKit

/// `sitegen init DIR`: the files of a new site folder, the config with every option at
/// its default, a note on getting the export, and hosting settings.
public enum NewSite {
    public static let files: [(path: String, text: String)] = [
        (SiteConfig.fileName, config),
        ("content/README.md", contentNote),
        (".gitignore", "# The site sitegen builds (sitegen build writes it anew), and the site before it (its spare).\n/public/\n/.public.sitegen-*\n"),
        ("firebase.json", firebaseHosting),
    ]

    /// Writes the files into `folder` (made if missing) and returns their paths; with
    /// `sample`, also the sample export and its photos (`SampleSite`), and its video unless
    /// `video` is false (`sampleVideo`). Refuses, writing nothing, when any of them exists
    /// already.
    public static func create(in folder: String, sample: Bool = false, video: Bool = true) throws -> [String] {
        let extra = sample ? try SampleSite.files(video: video) : []
        return try NewFiles.write(files.map { ($0.path, Array($0.text.utf8)) } + extra, into: folder,
                                  refusal: "exists already; sitegen init changes nothing in a folder that has it")
    }

    /// Whether `init --sample` adds the sample's video: only where a build can publish it,
    /// FFmpeg's `ffmpeg` and `ffprobe` on `PATH` (else the build would stop at it).
    public static var sampleVideo: Bool { VideoTools.available }

    /// The line `init --sample` prints when it leaves the video out (`sampleVideo` false).
    public static let noVideoNote = "The sample has no video: FFmpeg is not installed. To get its video post, install it "
        + "(on Debian or Ubuntu: apt-get install ffmpeg; on macOS: brew install ffmpeg) and run sitegen init --sample again in a new folder."

    /// The one-line error of `build`, `audit` or `serve` in a site folder that has no
    /// export yet at `path` (the path sitegen.toml or the default names, not one typed on
    /// the command line): what to put there, where the folder's README tells how, and the
    /// sample site to try first. Nil when the file exists, or cannot be opened for
    /// another reason (the loader says which).
    public static func missingExport(_ path: String) -> SitegenError? {
        guard access(path, F_OK) != 0, errno == ENOENT else { return nil }
        let folder = PathNames.parent(path)
        let note = (folder.isEmpty ? "" : folder + "/") + "README.md"
        let how = FileManager.default.fileExists(atPath: note) ? " (\(note) tells how)" : ""
        return SitegenError(file: path, message: "no export yet: save the app's Firebase export here\(how), "
                                + "or try `sitegen init --sample demo` for a sample site with photos")
    }

    /// `sitegen.toml`: every option, commented out at its default.
    public static let config = """
    # sitegen.toml: how `sitegen build`, `sitegen audit` and `sitegen serve` treat this folder.
    # Every option is shown at its default; remove the # to change one. A flag on the
    # command line (--output, --base-url, ...) overrides what this file says. Relative
    # paths are relative to this file's folder.

    # The Firebase Realtime Database export to publish (see content/README.md).
    # export = "\(SiteConfig.Default.export)"

    # The folder the site is written to (upload or serve this folder).
    # output = "\(SiteConfig.Default.output)"

    # The site's title, in every page's title and header.
    # title = "\(SiteConfig.Default.title)"

    # The absolute URL the site will be served at. The sitemap, the Atom feeds, canonical
    # links and Open Graph tags need it; without it they hold relative URLs or are left out.
    # base_url = "https://profiles.example.com/"

    # Posts per page of a profile's photo grid.
    # page_size = \(SiteConfig.Default.pageSize)

    # Rows per page of the directory and of the follower and following lists.
    # list_size = \(SiteConfig.Default.listSize)

    # The shape of a grid tile: "1:1" (square) or "3:4" (portrait).
    # tile = "1:1"

    # The site's language, a BCP 47 tag: every word of the theme (Templates/strings/),
    # plural forms, dates and numbers, <html lang> and right-to-left layout for Arabic.
    # Built in: en, pt-BR, es, fr, de, it, tr, ru, ar, ja; a Templates/strings/<tag>.toml
    # adds a language or overrides one.
    # language = "\(SiteConfig.Default.language)"

    # A folder of templates (NAME.mustache) and assets/ laid over the built-in theme, file
    # by file: a file there replaces the built-in one of the same name. Without this
    # option, a Templates/ folder beside content/ is used if there is one.
    # `sitegen theme eject` writes the built-in theme out to start from.
    # templates = "Templates"

    # Users not to publish: uids or usernames, or the path of a file of them (one a line).
    # A user record with `private`, `isPrivate` or `is_private` set to true is left out
    # too. They get no page and appear in no directory, search, sitemap or feed; their
    # posts and photos are not published; other users' lists count them without naming
    # them, and counts stay true.
    # exclude = []

    # Photos. A Makestagram export's photos are published from a copy of the Storage
    # bucket in content/storage/ when it holds them (right-sized WebP and JPEG, upright,
    # without EXIF, GPS or camera data); "hotlink" links every photo at its Storage URL
    # instead. Timeline exports' photos are always published.
    # photos = "publish"        # or "hotlink"

    # An existing output is switched over whole, so that a web server, a kill or a power
    # cut sees the old site or the new one, never a mix; the site before it stays beside
    # the output as .public.sitegen-spare (mostly hard links of the same files), so that
    # the next switch links only what changed (docs/robustness.md). Off, changed files
    # are moved in one by one, all or nothing, and no spare is kept.
    # atomic_switch = false

    # How to read the export. The dialect is detected when it is not given. The variants
    # that apps built from the tutorials write (posts_count, createdAt, imageEndPoint,
    # userName, postID, ...) are recognised without help; an app that renamed a node or a
    # field maps the tutorial's name to its own, and findings and repairs use its names.
    # [schema]
    # dialect = "makestagram"   # or "timeline"
    #
    # [schema.nodes]            # root nodes: users, posts, followers, following,
    # posts = "user_posts"      #   postLikes, timeline, images
    #
    # [schema.fields]           # fields of users, posts, likes, comments, timeline entries
    # created_at = "timestamp"

    """

    /// `content/README.md`: where the export and the photos come from.
    public static let contentNote = """
    # content/

    sitegen publishes the app's Firebase Realtime Database export, read from
    `content/export.json` (or the `export` path in `../sitegen.toml`).

    ## Getting the export

    - **Firebase console**: Realtime Database → Data → the ⋮ menu → *Export JSON*.
      Save the file here as `export.json`.
    - **Firebase CLI**: `firebase database:get / --project YOUR-PROJECT > content/export.json`
    - **An automated backup** (Blaze plan; the backups are gzip files named
      `<date>_<database>_data.json.gz`):
      `gunzip -c 2026-01-31T00:00:00Z_your-db_data.json.gz > content/export.json`

    Then, in the site folder: `sitegen audit` reports what has drifted in the data
    (counters, mirrored follows, timelines), and `sitegen build` writes the site to
    `public/`. The export is only read; `sitegen audit --fix --output FILE` writes a
    repaired copy.

    ## Photos

    Photos of a Makestagram-style app live in Firebase Storage. A copy of the bucket goes
    in `content/storage/`, with the object paths as `gsutil` leaves them:

        gsutil -m cp -r "gs://YOUR-BUCKET/*" content/storage/

    (e.g. `content/storage/images/posts/<uid>/<key>.jpg`). Timeline-style apps keep their
    photos inside the export, and sitegen publishes them from there.

    """

    /// `firebase.json` for Firebase Hosting: the `public/` folder, clean URLs (folders
    /// end in `/`), the site's `404.html`, a year's cache for content-named photos and
    /// videos, revalidation for the other assets, and security headers (the pages load no
    /// script, style or font from elsewhere; photos and videos may come from Firebase Storage).
    public static let firebaseHosting = """
    {
      "hosting": {
        "public": "public",
        "ignore": ["firebase.json", "**/.*"],
        "cleanUrls": true,
        "trailingSlash": true,
        "headers": [
          {
            "source": "**",
            "headers": [
              { "key": "X-Content-Type-Options", "value": "nosniff" },
              { "key": "Referrer-Policy", "value": "strict-origin-when-cross-origin" },
              { "key": "X-Frame-Options", "value": "DENY" },
              { "key": "Permissions-Policy", "value": "camera=(), microphone=(), geolocation=()" },
              { "key": "Content-Security-Policy", "value": "default-src 'self'; img-src 'self' https: data:; media-src 'self' https:; style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'" }
            ]
          },
          {
            "source": "/assets/@(img|video)/**",
            "headers": [{ "key": "Cache-Control", "value": "public, max-age=31536000, immutable" }]
          },
          {
            "source": "/assets/*.@(css|js|svg)",
            "headers": [{ "key": "Cache-Control", "value": "no-cache" }]
          }
        ]
      }
    }

    """
}
