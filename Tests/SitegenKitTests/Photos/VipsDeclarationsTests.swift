import Foundation
import SitegenTestSupport
import Testing

/// libvips is loaded with dlopen, not linked: Sources/CVips/vips_api.h declares the part of
/// its API sitegen calls, and declarations-check.c compiles those declarations together
/// with libvips' own headers (libvips-dev), so a prototype or a value that differs fails here.
struct VipsDeclarationsTests {
    static let check = SiteTest.packageRoot + "/Sources/CVips/declarations-check.c"

    /// Compiles `file` with libvips' headers (`pkg-config --cflags vips`, from libvips-dev).
    static func compile(_ file: String, warningsAsErrors: Bool) throws -> TestSupport.Run {
        let cflags = try TestSupport.run("/usr/bin/env", ["pkg-config", "--cflags", "vips"])
        try #require(cflags.status == 0, "pkg-config finds libvips' headers (libvips-dev): \(cflags.stderr)")
        let flags = cflags.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
        return try TestSupport.run("/usr/bin/env", ["clang", "-fsyntax-only"] + (warningsAsErrors ? ["-Werror"] : []) + flags + [file])
    }

    @Test func theDeclarationsAreLibvipsOwn() throws {
        let compile = try Self.compile(Self.check, warningsAsErrors: true)
        #expect(compile.status == 0, "\(compile.stderr)")
    }

    /// The check fails when a declaration differs: here a return type and a value.
    @Test func aDeclarationThatDiffersFails() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let api = try String(contentsOfFile: SiteTest.packageRoot + "/Sources/CVips/vips_api.h", encoding: .utf8)
        let wrong = api.replacingOccurrences(of: "int (vips_image_get_width)", with: "long (vips_image_get_width)")
            .replacingOccurrences(of: "SITEGEN_VIPS_SIZE_DOWN 2", with: "SITEGEN_VIPS_SIZE_DOWN 1")
        #expect(wrong != api)
        try wrong.write(toFile: folder + "/vips_api.h", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Self.check, toPath: folder + "/declarations-check.c")
        let compile = try Self.compile(folder + "/declarations-check.c", warningsAsErrors: false)
        #expect(compile.status != 0)
        #expect(compile.stderr.contains("conflicting types for 'vips_image_get_width'"))
        #expect(compile.stderr.contains("VIPS_SIZE_DOWN"))
    }
}
