import Foundation
import EngineBenchPage
import MustacheEngine

// `sitegen-bench`: how fast the template engine renders a profile page (12 tiles) on one
// thread. Build it in release mode (scripts/bench-engine does). It measures only: that the
// engine renders the page as swift-mustache does is a test
// (TemplateEngineProfilePageTests, the same page).
//   sitegen-bench [TEMPLATES_FOLDER] [PAGES]   (default: Templates 10000)

let arguments = CommandLine.arguments.dropFirst()
let folder = arguments.first ?? "Templates"
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000

var templates: [String: String] = [:]
do {
    for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".mustache") {
        templates[String(file.dropLast(".mustache".count))] = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("sitegen-bench: \(folder): \(error)\n".utf8))
    exit(2)
}

let engine: TemplateEngine
do {
    engine = try TemplateEngine(templates: templates)
} catch {
    FileHandle.standardError.write(Data("sitegen-bench: \(error)\n".utf8))
    exit(2)
}

let profile = benchProfilePage(engine)

let start = ContinuousClock.now
var bytes = 0
for _ in 0..<count { bytes += engine.render("profile", profile).utf8.count }
let seconds = (ContinuousClock.now - start) / .seconds(1)
print("TemplateEngine: \(count) profile pages (\(bytes / max(1, count)) bytes each) in \(String(format: "%.3f", seconds)) s: "
      + "\(Int(Double(count) / seconds)) pages/s on one thread")
