import Foundation
@testable import SitegenServer
import SitegenTestSupport
import Testing

/// What `serve --watch` notices: a watched file's new contents, and in a folder tree (the
/// Storage copy) a photo added, removed or renamed at any depth, or the tree appearing.
@Suite struct InputWatcherTests {
    static func folder() throws -> String {
        try TestSupport.temporaryFolder("watcher")
    }

    @Test func aChangedExportChangesTheSignature() throws {
        let base = try Self.folder()
        try "{}".write(toFile: base + "/export.json", atomically: true, encoding: .utf8)
        let watcher = InputWatcher(paths: [base + "/export.json"])
        let before = watcher.signature()
        #expect(before.count == 1)
        try "{\"users\":{}}".write(toFile: base + "/export.json", atomically: true, encoding: .utf8)
        #expect(watcher.signature() != before)
    }

    @Test func aPhotoAddedOrRemovedDeepInTheStorageTreeChangesTheSignature() throws {
        let base = try Self.folder()
        let posts = base + "/storage/images/posts/uid-ann"
        try FileManager.default.createDirectory(atPath: posts, withIntermediateDirectories: true)
        try Data([0xFF, 0xD8]).write(to: URL(fileURLWithPath: posts + "/-M0.jpg"))
        let watcher = InputWatcher(paths: [], folderTrees: [base + "/storage"])
        let first = watcher.signature()
        // Folders only: the four of the tree, not the photo.
        #expect(Set(first.keys) == [base + "/storage", base + "/storage/images", base + "/storage/images/posts", posts])
        #expect(watcher.signature() == first)

        // Folder times have a resolution of their own: wait past it before each change.
        Thread.sleep(forTimeInterval: 0.02)
        try Data([0xFF, 0xD8]).write(to: URL(fileURLWithPath: posts + "/-M1.jpg"))
        let added = watcher.signature()
        #expect(added != first)

        Thread.sleep(forTimeInterval: 0.02)
        try FileManager.default.removeItem(atPath: posts + "/-M0.jpg")
        #expect(watcher.signature() != added)
    }

    @Test func aStorageTreeThatAppearsChangesTheSignature() throws {
        let base = try Self.folder()
        let watcher = InputWatcher(paths: [], folderTrees: [base + "/storage"])
        #expect(watcher.signature().isEmpty)
        try FileManager.default.createDirectory(atPath: base + "/storage/images", withIntermediateDirectories: true)
        #expect(watcher.signature().count == 2)
    }
}
