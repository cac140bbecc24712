import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// The theme compiled into the binary, and a templates folder laid over it.
@Suite struct ThemeTests {
    /// The built-in theme is exactly the package's Templates/ folder: run
    /// `scripts/embed-theme` after changing a file there.
    @Test func builtinThemeIsTemplatesFolder() throws {
        let folder = SiteTest.templates
        let onDisk = try Theme.themePaths(in: folder).map { path in
            (path, [UInt8](FileManager.default.contents(atPath: folder + "/" + path) ?? Data()))
        }
        let builtin = Theme.builtin.files.map { ($0.path, $0.bytes) }
        #expect(builtin.map(\.0) == onDisk.map(\.0), "the same files (run scripts/embed-theme)")
        for ((path, bytes), (_, disk)) in zip(builtin, onDisk) {
            #expect(bytes == disk, "\(path) differs from Templates/\(path) (run scripts/embed-theme)")
        }
        #expect(Theme.builtin.files.allSatisfy { $0.source == nil })
        #expect(Set(TemplateSet.required).isSubset(of: Set(builtin.map { String($0.0.dropLast(".mustache".count)) })))
    }

    @Test func aFolderReplacesOnlyItsOwnFiles() throws {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/assets/img", withIntermediateDirectories: true)
        try Data("{{<layout}}{{$content}}mine{{/content}}{{/layout}}\n".utf8).write(to: URL(fileURLWithPath: folder + "/profile.mustache"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/assets/img/logo.png"))
        try Data("ignored".utf8).write(to: URL(fileURLWithPath: folder + "/README.md"))
        try Data("ignored".utf8).write(to: URL(fileURLWithPath: folder + "/.hidden.mustache"))
        let theme = try Theme.builtin.overlaid(with: folder)
        #expect(theme.folders == [folder])
        let sources = Dictionary(uniqueKeysWithValues: theme.files.map { ($0.path, $0.source) })
        #expect(sources["profile.mustache"] == folder + "/profile.mustache")
        #expect(sources["assets/img/logo.png"] == folder + "/assets/img/logo.png")
        #expect(sources["layout.mustache"] == .some(nil), "kept built in")
        #expect(sources["README.md"] == nil && sources[".hidden.mustache"] == nil)
        #expect(theme.files.count == Theme.builtin.files.count + 1)
        #expect(try TemplateSet(theme: theme).fingerprint != TemplateSet(theme: .builtin).fingerprint)
    }

    @Test func errorsNameTheFileTheyAreIn() throws {
        let folder = try TestSupport.temporaryFolder()
        try Data("line one\n{{#open}}\n".utf8).write(to: URL(fileURLWithPath: folder + "/post.mustache"))
        do {
            _ = try TemplateSet(folder: folder)
            Issue.record("an unclosed section was accepted")
        } catch {
            #expect("\(error)".hasPrefix(folder + "/post.mustache:"), "\(error)")
        }
        do {
            _ = try TemplateSet(folder: folder + "/missing")
            Issue.record("a missing folder was accepted")
        } catch {
            #expect("\(error)" == folder + "/missing: templates folder not found")
        }
    }

    @Test func ejectWritesEveryFileAndRefusesToOverwrite() throws {
        let folder = try TestSupport.temporaryFolder() + "/Templates"
        let written = try Theme.builtin.write(to: folder)
        #expect(written.count == Theme.builtin.files.count)
        #expect(try Theme.builtin.overlaid(with: folder).files.map(\.bytes) == Theme.builtin.files.map(\.bytes))

        let again = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(atPath: again + "/assets", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: again + "/assets/site.css"))
        #expect(throws: SitegenError.self) { try Theme.builtin.write(to: again) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: again).sorted() == ["assets"], "nothing written")
        #expect(FileManager.default.contents(atPath: again + "/assets/site.css") == Data("mine".utf8))
    }
}
