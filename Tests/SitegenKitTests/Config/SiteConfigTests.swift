import Foundation
@testable import SitegenExport
@testable import SitegenKit
@testable import SitegenSample
import SitegenTestSupport
import Testing

/// sitegen.toml: what each key sets, and the exact one-line error for each mistake.
@Suite struct SiteConfigTests {
    func parse(_ text: String, file: String = "sitegen.toml") throws -> SiteConfig {
        try SiteConfig.parse(text, file: file)
    }

    func error(_ text: String, file: String = "sitegen.toml") -> String? {
        do {
            _ = try SiteConfig.parse(text, file: file)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func everyKey() throws {
        let config = try parse("""
        export = "data/app.json"
        output = "site"
        title = "Friends"
        base_url = "https://example.com/p/"
        page_size = 12
        tile = "3:4"
        language = "pt-BR"
        templates = "theme"
        photos = "hotlink"

        [schema]
        dialect = "timeline"
        """)
        #expect(config.export == "data/app.json")
        #expect(config.output == "site")
        #expect(config.title == "Friends")
        #expect(config.baseURL == "https://example.com/p/")
        #expect(config.pageSize == 12)
        #expect(config.tile == .portrait)
        #expect(config.language == "pt-BR")
        #expect(config.templates == "theme")
        #expect(config.hotlinkPhotos == true)
        #expect(config.schema.dialect == .timeline)
        #expect(try parse("photos = \"publish\"\n").hotlinkPhotos == false)
        #expect(try parse("atomic_switch = true\n").atomicSwitch == true)
        #expect(try parse("atomic_switch = false\n").atomicSwitch == false)
        #expect(try parse("title = \"x\"\n").atomicSwitch == nil)
    }

    @Test func pathsAreRelativeToTheFilesFolder() throws {
        let config = try parse("export = \"content/x.json\"\noutput = \"/srv/www\"\ntemplates = \"t\"\n", file: "sites/a/sitegen.toml")
        #expect(config.export == "sites/a/content/x.json")
        #expect(config.output == "/srv/www")
        #expect(config.templates == "sites/a/t")
        #expect(config.exportPath == "sites/a/content/x.json")
        #expect(try parse("", file: "sites/a/sitegen.toml").outputPath == "sites/a/public", "defaults too")
        #expect(SiteConfig().exportPath == "content/export.json", "no file: from the working folder")
    }

    /// An empty file sets nothing. (No file at all is an empty config too: every CLI test
    /// that runs in the package root, which has no sitegen.toml, reads it so; changing the
    /// working folder here would race the tests that run beside this one.)
    @Test func emptyFileMeansNoSettings() throws {
        #expect(try parse("# nothing\n") == { var c = SiteConfig(); c.file = "sitegen.toml"; return c }())
    }

    /// `sitegen init`'s file, every line uncommented, sets exactly the defaults.
    @Test func initsConfigUncommentedIsTheDefaults() throws {
        let lines = NewSite.config.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let body = line.hasPrefix("# ") ? line.dropFirst(2) : line[...]
            let isSetting = body.hasPrefix("[") || body.range(of: #"^[a-z_]+ = "#, options: .regularExpression) != nil
            return isSetting ? String(body) : String(line)
        }
        let config = try parse(lines.joined(separator: "\n"))
        #expect(config.export == SiteConfig.Default.export)
        #expect(config.output == SiteConfig.Default.output)
        #expect(config.title == SiteConfig.Default.title)
        #expect(config.pageSize == SiteConfig.Default.pageSize)
        #expect(config.listSize == SiteConfig.Default.listSize)
        #expect(config.tile == SiteConfig.Default.tile)
        #expect(config.templates == "Templates")
        #expect(config.schema == Schema.Mapping(dialect: .makestagram, nodes: [.posts: "user_posts"], fields: [.createdAt: "timestamp"]))
        #expect(config.baseURL == "https://profiles.example.com/")
        #expect(config.hotlinkPhotos == false)
    }

    @Test(arguments: [
        ("titel = \"x\"\n", "sitegen.toml:1: unknown key 'titel' (did you mean 'title'?)"),
        ("title = \"x\"\ncolour = \"red\"\n", "sitegen.toml:2: unknown key 'colour' (known: export, output, title, base_url, page_size, list_size, tile, language, templates, exclude, photos, atomic_switch, schema)"),
        ("[schema]\ndialekt = \"timeline\"\n", "sitegen.toml:2: unknown key 'schema.dialekt' (did you mean 'schema.dialect'?)"),
        ("[theme]\nname = \"x\"\n", "sitegen.toml:1: unknown key 'theme' (known: export, output, title, base_url, page_size, list_size, tile, language, templates, exclude, photos, atomic_switch, schema)"),
        ("page_size = \"60\"\n", "sitegen.toml:1: page_size must be an integer, not a string"),
        ("\n\npage_size = 2.5\n", "sitegen.toml:3: page_size must be an integer, not a number with a fraction"),
        ("page_size = 0\n", "sitegen.toml:1: page_size must be at least 1"),
        ("page_size = 301\n", "sitegen.toml:1: page_size must be at most 300, so that no page exceeds 1 MB"),
        ("list_size = 0\n", "sitegen.toml:1: list_size must be at least 1"),
        ("list_size = 501\n", "sitegen.toml:1: list_size must be at most 500, so that no page exceeds 1 MB"),
        ("list_size = \"100\"\n", "sitegen.toml:1: list_size must be an integer, not a string"),
        ("title = 3\n", "sitegen.toml:1: title must be a string, not an integer"),
        ("export = \"\"\n", "sitegen.toml:1: export must not be empty"),
        ("tile = \"16:9\"\n", "sitegen.toml:1: tile must be \"1:1\" or \"3:4\""),
        ("\nphotos = \"local\"\n", "sitegen.toml:2: photos must be \"publish\" or \"hotlink\""),
        ("atomic_switch = \"yes\"\n", "sitegen.toml:1: atomic_switch must be true or false, not a string"),
        ("base_url = \"example.com\"\n", "sitegen.toml:1: base_url must be an absolute http(s) URL, such as \"https://example.com/profiles/\""),
        ("schema = 1\n", "sitegen.toml:1: schema must be a table ([schema]), not an integer"),
        ("[schema]\ndialect = \"insta\"\n", "sitegen.toml:2: schema.dialect must be \"makestagram\" or \"timeline\", not \"insta\""),
        ("[schema.nodes]\npostz = \"user_posts\"\n", "sitegen.toml:2: unknown key 'schema.nodes.postz' (did you mean 'schema.nodes.posts'?)"),
        ("[schema.fields]\nhandle = \"x\"\n", "sitegen.toml:2: unknown key 'schema.fields.handle' (known: username, name, bio, url, follows, post_count, follower_count, following_count, image_url, image_height, created_at, like_count, poster, uid, caption, poster_uid, imageEndpoint, likes, comments, post, comment_text, private, avatar_url, post_owner, image_width, comment_count, comment_author, alt, user_id, media, videos, media_url, video_url, media_type, is_video, is_image, video_poster, thumbnail_url, aspect_ratio, blur_hash, user_alias, follower_id, followed_id, liker_id, deleted, comment_parent)"),
        ("[schema.nodes]\nusers = \"photos\"\nposts = \"photos\"\n", "sitegen.toml:1: schema.nodes would make users and posts one node, \"photos\""),
        ("[schema]\ndialect = \"makestagram\"\n[schema.fields]\ncreated_at = \"caption\"\n", "sitegen.toml:1: schema.fields would make created_at and caption one field, \"caption\""),
        // A counter may not share its name with a node kept in the same records.
        ("[schema.nodes]\npostLikes = \"posts/*/likes\"\n[schema.fields]\nlike_count = \"likes\"\n",
         "sitegen.toml:1: schema.fields.like_count = \"likes\" is also schema.nodes.postLikes = \"posts/*/likes\", in the same records (a Firestore field beside a subcollection of its name is \"likes%\")"),
        ("[schema.nodes]\nfollowers = \"users/*/followers\"\n[schema.fields]\nfollower_count = \"followers\"\n",
         "sitegen.toml:1: schema.fields.follower_count = \"followers\" is also schema.nodes.followers = \"users/*/followers\", in the same records (a Firestore field beside a subcollection of its name is \"followers%\")"),
        // A node below the root names the level of its records (a mapping without one crashed the audit).
        ("[schema.nodes]\nposts = \"images/postImages\"\n", "sitegen.toml:2: schema.nodes.posts must name the records it is kept in with a * (root/*/key), not a path of keys alone"),
        ("[schema.fields]\ncreated_at = \"a//b\"\n", "sitegen.toml:2: schema.fields.created_at must be a Firebase key (not empty, without . $ # [ ] /) or a path into the record such as stats/posts"),
        ("title = \"x\n", "sitegen.toml:1:11: invalid TOML: Error while parsing string: unescaped control characters other than TAB (U+0009) are explicitly prohibited"),
        ("language = \"../x\"\n", "sitegen.toml:1: language must be a BCP 47 language tag, such as \"pt-BR\" or \"ar\""),
        ("language = 7\n", "sitegen.toml:1: language must be a string, not an integer"),
        ("title = \"a\"\ntitle = \"b\"\n", "sitegen.toml:2:9: invalid TOML: Error while parsing key-value pair: cannot redefine existing string 'title'"),
    ])
    func oneLineErrors(_ text: String, _ expected: String) {
        #expect(error(text) == expected)
    }

    /// UIKit's post counter `likes` beside its likes in `posts/*/post-likes`: the counter's
    /// name is the timeline dialect's likes list's and a likes node's elsewhere, which no
    /// path confuses with it (docs/firestore.md).
    @Test(arguments: [
        "[schema.fields]\nlike_count = \"likes\"\n",
        "[schema.nodes]\npostLikes = \"posts/*/post-likes\"\n[schema.fields]\nlike_count = \"likes\"\n",
        "[schema.nodes]\npostLikes = \"likes\"\n[schema.fields]\nlike_count = \"likes\"\n",
        "[schema.nodes]\nfollowers = \"followers/*/user-followers\"\n[schema.fields]\nfollower_count = \"followers\"\n",
        // Counters in a second root of user records, follow lists in the users' own.
        "[schema.nodes]\nuser_details = \"user_account_settings\"\nfollowers = \"users/*/followers\"\n[schema.fields]\nfollower_count = \"followers\"\n",
    ])
    func aCounterMayShareANodesNameElsewhere(_ text: String) throws {
        let config = try SiteConfig.parse(text, file: "sitegen.toml")
        #expect(config.schema.fields[.likeCount] == "likes" || config.schema.fields[.followerCount] == "followers")
    }

    /// A node mapped to the name another reads by default takes it (docs/export-format.md,
    /// "An app's own names"): musehabit's `followers/<follower>/<followed>` is read as
    /// `following`, and `followers` then under its other spellings, else absent.
    @Test func aMappedNodeTakesAnothersDefaultName() throws {
        let config = try SiteConfig.parse("[schema.nodes]\nfollowing = \"followers\"\n", file: "sitegen.toml")
        #expect(config.schema.nodes == [.following: "followers"])
        #expect(config.schema.candidates(.followers, .makestagram) == ["user-followers"])
    }

    @Test func unreadableFiles() throws {
        let folder = try TestSupport.temporaryFolder()
        #expect(throws: SitegenError.self) { try SiteConfig.load(path: folder + "/none.toml") }
        do {
            _ = try SiteConfig.load(path: folder + "/none.toml")
        } catch {
            #expect(error.description == folder + "/none.toml: config file not found")
        }
        let latin1 = folder + "/latin1.toml"
        try Data([0x74, 0x69, 0x74, 0x6C, 0x65, 0x3D, 0x22, 0xE9, 0x22]).write(to: URL(fileURLWithPath: latin1))
        do {
            _ = try SiteConfig.load(path: latin1)
            Issue.record("a file that is not UTF-8 was read")
        } catch {
            #expect(error.description == latin1 + ": the config file is not UTF-8 text")
        }
    }

    @Test func keyLocator() {
        let locator = TOMLKeyLocator(text: """
        # comment
        title = "x"   # a comment with = in it
        schema.dialect = "timeline"

        [a."b.c"]
          "quoted key" = 1
        """)
        #expect(locator.line(of: ["title"]) == 2)
        #expect(locator.line(of: ["schema", "dialect"]) == 3)
        #expect(locator.line(of: ["schema"]) == 3)
        #expect(locator.line(of: ["a", "b.c"]) == 5)
        #expect(locator.line(of: ["a", "b.c", "quoted key"]) == 6)
        #expect(locator.line(of: ["missing"]) == nil)
    }

    @Test func editDistances() {
        #expect(editDistance("titel", "title") == 2)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("abc", "") == 3)
        #expect(editDistance("page_size", "page_size") == 0)
        #expect(editDistance("kitten", "sitting") == 3)
    }
}
