@testable import SitegenExport
import Testing

@Suite struct PathNamesTests {
    @Test(arguments: [
        ("a/b/c", "a/b", "c"), ("p", "", "p"), ("u/a", "u", "a"), ("/a", "/", "a"),
        ("a/b/", "a", "b"), ("", "", ""), ("a//b", "a", "b"), ("/", "/", ""),
    ])
    func parentAndName(path: String, parent: String, name: String) {
        #expect(PathNames.parent(path) == parent)
        #expect(PathNames.name(path) == name)
    }
}
