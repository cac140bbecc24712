import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `rm -rf` with descriptors: each folder is opened once and its entries removed by
/// name relative to it (`unlinkat`), so the kernel never walks a path from the top.
/// Symbolic links are removed, never followed.
enum TreeRemoval {
    /// Removes `path` and everything below it; what cannot be removed stays. `step` is
    /// called before each entry is removed.
    static func remove(_ path: String, step: () -> Void = {}) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            unlink(path)
            return
        }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd >= 0 {
            removeEntries(of: fd, step: step)
            close(fd)
        }
        rmdir(path)
    }

    /// Removes every entry of the open folder `fd` (which stays open).
    static func removeEntries(of fd: Int32, step: () -> Void = {}) {
        for entry in DirectoryEntries.list(fd) {
            step()
            let name = entry.name
            if entry.isFolder {
                let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if child >= 0 {
                    removeEntries(of: child, step: step)
                    close(child)
                }
                unlinkat(fd, name, AT_REMOVEDIR)
            } else {
                unlinkat(fd, name, 0)
            }
        }
    }
}

/// The entries of an open folder, read with `readdir` on a duplicate of its descriptor.
enum DirectoryEntries {
    struct Entry {
        var name: String
        /// A symbolic link is not a folder.
        var isFolder: Bool
        /// The entry's inode number (`d_ino`), which `stat` would give on the file systems the
        /// switch runs on (ext4, XFS, Btrfs, tmpfs): two names with one number are one file.
        var inode: UInt64
    }

    /// Every entry but `.` and `..`.
    static func list(_ fd: Int32) -> [Entry] {
        let copy = dup(fd)
        guard copy >= 0, let dir = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(dir) }
        rewinddir(dir)
        var out: [Entry] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if name == "." || name == ".." { continue }
            var isFolder = Int32(entry.pointee.d_type) == DT_DIR
            if Int32(entry.pointee.d_type) == DT_UNKNOWN {
                // Some file systems do not say the type in the entry.
                var info = stat()
                isFolder = fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            out.append(Entry(name: name, isFolder: isFolder, inode: UInt64(entry.pointee.d_ino)))
        }
        return out
    }
}
