import ArgumentParser
import SitegenKit

/// `--config FILE`, shared by every command that reads a site folder's settings.
struct ConfigOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The site's config file.",
        discussion: "Default: sitegen.toml in the working folder, if there is one. Flags override what it says.",
        valueName: "file"))
    var config: String?

    /// The config file's settings (none without a file); a bad file ends the command
    /// with its one-line error and status 2.
    func load() throws -> SiteConfig {
        do {
            return try SiteConfig.load(path: config)
        } catch {
            throw fail(error)
        }
    }
}
