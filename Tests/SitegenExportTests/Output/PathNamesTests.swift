@testable import SitegenExport
import Testing

@Suite struct PathNamesTests {
    @Test(arguments: [
        ("a/b/c", "a/b", "c"), ("p", "", "p"), ("u/a", "u", "a"), ("/a", "/", "a"),
        ("a/b/", "a", "b"), ("", "", ""), ("a//b", "a", "b"), ("/", "/", ""), ("//a", "/", "a"),
        ("u/zoë/índex.html", "u/zoë", "índex.html"), ("a/b//", "a", "b"),
    ])
    func parentAndName(path: String, parent: String, name: String) {
        #expect(PathNames.parent(path) == parent)
        #expect(PathNames.name(path) == name)
        // The same, from the path's bytes (the switch's walks over the manifests).
        var bytes = path
        let fromBytes = bytes.withUTF8 { String(decoding: PathNames.parent(of: UnsafeRawBufferPointer($0)), as: UTF8.self) }
        #expect(fromBytes == parent)
    }
}
