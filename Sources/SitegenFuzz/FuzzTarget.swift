import Foundation
import SitegenExport
import SitegenKit

/// The fuzz target (`scripts/fuzz`): bytes that start like JSON (`{` or `[` after white
/// space) go through the loader, the audit, the repair and the renderer; bytes that start
/// with 0x01 are Firestore records (each a varint length, then an `EntityProto`) and go
/// through the managed export's decoding, the audit, the repair as Firestore writes and
/// the renderer; any other bytes go through the Markdown path as a caption. Besides
/// crashes it traps when the repair breaks its promises: the repaired export must parse
/// and audit clean of repairable findings.
enum FuzzTarget {
    static let templates: TemplateSet? = {
        // The built-in theme, or a templates folder laid over it.
        try? TemplateSet(folder: ProcessInfo.processInfo.environment["SITEGEN_TEMPLATES"])
    }()

    static let markdown = MarkdownRenderer(mentionURL: { name in name.count % 2 == 0 ? "../u/\(name)/" : nil },
                                           tagURL: { tag in "../tags/\(tag)/" })

    static func run(_ bytes: [UInt8]) {
        let first = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            export(bytes)
        } else if bytes.first == 0x01 {
            firestore(records(bytes.dropFirst()))
        } else {
            let text = String(decoding: bytes, as: UTF8.self)
            let (html, _) = markdown.render(text)
            precondition(!html.lowercased().contains("<script"), "Markdown let a script tag through")
            _ = MarkdownRenderer.hashtags(in: text)
        }
    }

    static func export(_ bytes: [UInt8]) {
        guard let export = try? ExportLoader.load(bytes: bytes, name: "fuzz.json") else { return }
        let report = Validator.audit(export)
        let repaired = ExportRewriter(export: export, edits: report.edits).bytes()
        guard let again = try? ExportLoader.load(bytes: repaired, name: "repaired.json", dialect: export.dialect) else {
            fatalError("the repaired export does not parse: \(String(decoding: repaired, as: UTF8.self))")
        }
        let left = Validator.audit(again).findings.filter { $0.repair != .none }
        precondition(left.isEmpty, "repairable findings after the repair: \(left.map { "\($0.code.rawValue) \($0.path)" })")
        render(report)
    }

    static func render(_ report: AuditReport) {
        if let templates {
            let model = SiteModel.build(from: report)
            _ = try? SiteRenderer(model: model, templates: templates, options: SiteOptions(pageSize: 2)).renderAll(jobs: 1)
        }
    }

    /// Records, each a varint length and that many bytes (a last one cut short is taken as it is).
    static func records(_ bytes: ArraySlice<UInt8>) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var at = bytes.startIndex
        while at < bytes.endIndex {
            var length = 0, shift = 0
            while at < bytes.endIndex, shift < 28 {
                let b = bytes[at]
                at += 1
                length |= Int(b & 0x7F) << shift
                shift += 7
                if b < 0x80 { break }
            }
            let end = min(bytes.endIndex, at + length)
            out.append(Array(bytes[at..<end]))
            at = end
        }
        return out
    }

    static func firestore(_ records: [[UInt8]]) {
        guard let export = try? ExportLoader.load(firestoreRecords: records, name: "fuzz-firestore") else { return }
        let report = Validator.audit(export)
        // The repair as documents:commit bodies: made, or refused with a reason; never a crash.
        if let writer = try? FirestoreCommitWriter(report: report, project: nil) { _ = try? writer.text() }
        render(report)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

#if FUZZING
/// libFuzzer's driver, for an executable that has a `main` of its own (SwiftPM's).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt
#endif

/// With libFuzzer (`scripts/fuzz`, `-DFUZZING`) it runs the fuzzer; without it (`swift
/// build`) it replays the files named on the command line: the fuzz regression tests.
@main
enum FuzzMain {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput))
        #else
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("sitegen-fuzz: \(path): cannot read\n".utf8))
                exit(2)
            }
            FuzzTarget.run([UInt8](data))
        }
        #endif
    }
}
