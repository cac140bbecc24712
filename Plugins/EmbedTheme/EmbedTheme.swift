import Foundation
import PackagePlugin

/// Compiles the default theme (the package's `Templates/` folder: templates and
/// `assets/`) into SitegenKit, so that the `sitegen` binary needs no files beside it.
/// The plugin lists the folder on every build, so an added, changed or removed file
/// regenerates `BuiltinTheme+Files.swift`.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let theme = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinTheme+Files.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: theme, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let file as URL in walker where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(file)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding the theme in \(theme.path)",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [theme.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
