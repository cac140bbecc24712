import Foundation
import SitegenTestSupport
import Testing

/// `sitegen build` on a managed Firestore export (the reader's own tests are
/// SitegenExportTests' ManagedExportReaderTests).
@Suite struct ManagedExportSiteTests {
    static func fixture(_ layout: String) -> String {
        TestSupport.fixtures.appendingPathComponent("firestore/\(layout)").path
    }

    /// A corrupt export stops `build` with one line naming the file and offset, exit 2,
    /// and leaves the site of the previous build as it was.
    @Test func corruptExportLeavesThePreviousSite() throws {
        let site = try TestSupport.temporaryFolder()
        try FileManager.default.copyItem(atPath: Self.fixture("flutter/firestore_export"), toPath: site + "/export")
        let first = try TestSupport.sitegen(["build", "--output", site + "/public", site + "/export"])
        #expect(first.status == 0, "\(first.stderr)")
        let index = try Data(contentsOf: URL(fileURLWithPath: site + "/public/u/alice/index.html"))
        let output = site + "/export/all_namespaces/all_kinds/output-0"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        bytes[40] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: output))
        let second = try TestSupport.sitegen(["build", "--output", site + "/public", site + "/export"])
        #expect(second.status == 2)
        #expect(second.stderr.hasSuffix("sitegen: \(output): offset 0: CRC mismatch: a corrupt Firestore export\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: site + "/public/u/alice/index.html")) == index)
    }
}
