import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The folder of a managed Firestore export, as the only place its metadata may lead
/// (docs/robustness.md): a name the metadata gives must be relative, hold no `..`, and
/// lead (symbolic links followed) to a regular file inside the folder. Every file is
/// opened without blocking and checked to be a regular file once open, so a FIFO or a
/// device put in its place cannot hang or feed the reader.
struct ExportFolder {
    /// The folder given, and its real path (symbolic links resolved).
    let path: String
    let real: String

    init(_ folder: String) throws(SitegenError) {
        path = folder
        guard let real = Self.realPath(folder) else {
            throw SitegenError(file: folder, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        self.real = real
    }

    /// The file a metadata file (`by`, its record at `offset`) names `name`, beside it in
    /// `folder`; refused, naming the entry, unless it is a regular file inside the export.
    func file(named name: String, in folder: String, by metadata: String, at offset: Int) throws(SitegenError) -> String {
        func refuse(_ why: String) -> SitegenError {
            SitegenError(file: metadata, message: "offset \(offset): names \(JSONString.quoted(name)), \(why): a corrupt Firestore export")
        }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if name.isEmpty { throw refuse("an empty name") }
        if name.hasPrefix("/") { throw refuse("an absolute path (only files inside the export are read)") }
        if parts.contains("..") { throw refuse("a path out of its folder (only files inside the export are read)") }
        if name.utf8.contains(0) || parts.contains("") { throw refuse("not a file name") }
        let joined = folder + "/" + name
        guard let target = Self.realPath(joined) else { throw refuse("which cannot be opened (\(String(cString: strerror(errno))))") }
        guard target.hasPrefix(real == "/" ? "/" : real + "/") else {
            throw refuse("a link to \(target), outside the export (only files inside it are read)")
        }
        var info = stat()
        guard stat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw refuse("which is not a regular file") }
        return joined
    }

    /// The bytes of a file of the export (`readRegularFile`).
    func read(_ file: String) throws(SitegenError) -> FileBytes { try Self.readRegularFile(file) }

    /// The bytes of the regular file at `path`, opened without blocking (a FIFO opened so
    /// does not wait for a writer) and refused when it is anything but a regular file.
    static func readRegularFile(_ path: String) throws(SitegenError) -> FileBytes {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { throw SitegenError(file: path, message: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SitegenError(file: path, message: "cannot read: \(String(cString: strerror(errno)))") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw SitegenError(file: path, message: "is not a regular file (a folder, a FIFO or a device): a corrupt Firestore export")
        }
        do {
            return try FileBytes.read(fd, size: Int(info.st_size))
        } catch {
            throw SitegenError(file: path, message: "cannot read: \(String(cString: strerror(error.code)))")
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
