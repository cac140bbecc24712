import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// A reader's own state kept in their copy of a post (the PDP course's Flutter clone:
/// `users/<u>/feeds/<post>: {…, liked: true}`; docs/export-format.md, "Timelines and
/// feeds"): a boolean that differs between copies of one post is the reader's, never
/// compared as a copy field, written `false` in a copy the repair adds, and, named for
/// likes where the app keeps no likes, each `true` is that reader's like.
@Suite struct ReaderFieldsTests {
    /// ana posts p1, which ben and cy read; ben liked it, cy did not, ana likes her own.
    /// cy's feed lacks ana's p2, and ben's copy of p1 missed an edit of its caption.
    static let tree = """
        {"__collections__": {"users": {
          "ana": {"username": "ana", "__collections__": {
            "posts": {"p1": {"uid": "ana", "image": "https://example.com/1.jpg", "caption": "new", "date": 1614589200, "liked": true, "__collections__": {}},
                      "p2": {"uid": "ana", "image": "https://example.com/2.jpg", "caption": "two", "date": 1614589300, "liked": false, "__collections__": {}}},
            "feeds": {"p1": {"uid": "ana", "image": "https://example.com/1.jpg", "caption": "new", "date": 1614589200, "liked": true, "__collections__": {}},
                      "p2": {"uid": "ana", "image": "https://example.com/2.jpg", "caption": "two", "date": 1614589300, "liked": false, "__collections__": {}}},
            "followers": {"ben": {"__collections__": {}}, "cy": {"__collections__": {}}}}},
          "ben": {"username": "ben", "__collections__": {
            "feeds": {"p1": {"uid": "ana", "image": "https://example.com/1.jpg", "caption": "old", "date": 1614589200, "liked": true, "__collections__": {}},
                      "p2": {"uid": "ana", "image": "https://example.com/2.jpg", "caption": "two", "date": 1614589300, "liked": false, "__collections__": {}}},
            "following": {"ana": {"__collections__": {}}}}},
          "cy": {"username": "cy", "__collections__": {
            "feeds": {"p1": {"uid": "ana", "image": "https://example.com/1.jpg", "caption": "new", "date": 1614589200, "liked": false, "__collections__": {}}},
            "following": {"ana": {"__collections__": {}}}}}
        }}}
        """

    static let mapping = Schema.Mapping(
        dialect: .makestagram,
        nodes: [.posts: "users/*/posts", .timeline: "users/*/feeds", .followers: "users/*/followers", .following: "users/*/following"],
        fields: [.postOwner: "uid", .imageURL: "image", .createdAt: "date"])

    @Test func theReadersFieldIsNotComparedAndCountsAsALike() throws {
        let path = try TestSupport.temporaryFile(Self.tree, name: "tree.json")
        let report = try Audit.run(exportAt: path, mapping: Self.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "-")" } == [
            #"timeline_copy_mismatch users/ben/feeds/p1 {"caption":"new","date":1614589200,"image":"https://example.com/1.jpg","liked":true,"uid":"ana"}"#,
            #"timeline_missing users/cy/feeds/p2 {"caption":"two","date":1614589300,"image":"https://example.com/2.jpg","liked":false,"uid":"ana"}"#,
        ])
        // p1: liked by ana (her own post) and ben; p2 by no one.
        #expect(report.counts.likes == [2, 0])
    }

    @Test func inspectSaysTheReadersField() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.tree, name: "tree.json"), mapping: Self.mapping)
        #expect(TimelineDetector.rule(export, export.schema)?.hasSuffix("; liked differ between copies of one post: the reader's own, not compared") == true)
    }
}
