import Foundation
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// `sitegen build --shard K/N` and `sitegen merge` as a user runs them: in a site folder, by
/// relative paths (merge finds the export where the shards read it), with their exit codes.
@Suite struct ShardCommandTests {
    @Test func shardsMergedByTheBinaryAreItsBuildAndAMissingShardExits2() throws {
        let site = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(atPath: site + "/content", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: SiteTest.sampleExport, toPath: site + "/content/export.json")
        for k in 1...3 {
            let run = try TestSupport.sitegen(["build", "content/export.json", "--shard", "\(k)/3", "--output", "shard-\(k)"], in: site)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let missing = try TestSupport.sitegen(["merge", "shard-1", "shard-3", "--output", "public"], in: site)
        #expect(missing.status == 2)
        #expect(missing.stderr == "sitegen: shard-1: shard 2/3 missing: merge needs all 3 shards of the build\n")
        #expect(!FileManager.default.fileExists(atPath: site + "/public"))

        let merged = try TestSupport.sitegen(["merge", "shard-3", "shard-2", "shard-1", "--output", "public"], in: site)
        #expect(merged.status == 0, "\(merged.stderr)")
        let one = try TestSupport.sitegen(["build", "content/export.json", "--output", "one"], in: site)
        #expect(one.status == 0)
        #expect(SiteTest.contents(site + "/public") == SiteTest.contents(site + "/one"))

        let bad = try TestSupport.sitegen(["build", "content/export.json", "--shard", "4/3"], in: site)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--shard must be K/N"))
        let previousAlone = try TestSupport.sitegen(["build", "content/export.json", "--previous", "public"], in: site)
        #expect(previousAlone.status != 0)
        #expect(previousAlone.stderr.contains("--previous is for a shard"))
    }
}
