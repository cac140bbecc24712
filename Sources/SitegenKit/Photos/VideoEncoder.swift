import Foundation
import SitegenExport

/// A local video file in, its published copy or its poster frame out, through FFmpeg's
/// programs (`VideoTools`; what is kept and what is left out: `VideoSettings`). A file it
/// cannot use is a `PhotoFailure`, never a crash, and nothing of it is published.
enum VideoEncoder {
    /// What `ffprobe` says of a file: its demuxer, its duration, the streams a copy keeps.
    struct Probe: Equatable {
        struct Stream: Equatable {
            let index: Int
            let codec: String
        }

        /// FFmpeg's demuxer names (`mov,mp4,m4a,3gp,3g2,mj2`).
        let format: String
        /// Seconds; 0 when unknown.
        let duration: Double
        /// The first video stream that is no cover picture, and the first audio stream.
        let video: Stream
        let audio: Stream?
        /// The size the video is shown at: its pixels, its sample aspect ratio applied,
        /// turned by its rotation (a portrait phone video, stored landscape, is taller than wide).
        let width: Int
        let height: Int

        /// Reads `ffprobe -print_format json -show_format -show_streams`; nil when it has no
        /// video stream with a size.
        init?(json: [UInt8]) {
            guard let root = (try? JSONSerialization.jsonObject(with: Data(json))) as? [String: Any],
                  let streams = root["streams"] as? [[String: Any]] else { return nil }
            let format = root["format"] as? [String: Any] ?? [:]
            self.format = format["format_name"] as? String ?? ""
            duration = (format["duration"] as? String).flatMap(Double.init).flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 0
            func int(_ value: Any?) -> Int? { (value as? NSNumber)?.intValue ?? (value as? String).flatMap { Int($0) } }
            let videos = streams.filter { stream in
                stream["codec_type"] as? String == "video"
                    && int((stream["disposition"] as? [String: Any])?["attached_pic"]) != 1
            }
            guard let v = videos.first, let index = int(v["index"]), let w = int(v["width"]), let h = int(v["height"]),
                  w > 0, h > 0 else { return nil }
            video = Stream(index: index, codec: v["codec_name"] as? String ?? "")
            audio = streams.first { $0["codec_type"] as? String == "audio" }.flatMap { a in
                int(a["index"]).map { Stream(index: $0, codec: a["codec_name"] as? String ?? "") }
            }
            // The rotation: the display matrix's (FFmpeg 5 and later), else the old `rotate` tag.
            let sideData = v["side_data_list"] as? [[String: Any]] ?? []
            let rotation = sideData.lazy.compactMap { ($0["rotation"] as? NSNumber)?.doubleValue }.first
                ?? ((v["tags"] as? [String: Any])?["rotate"] as? String).flatMap(Double.init) ?? 0
            let turned = Int(abs(rotation).rounded()) % 180 == 90
            // The sample aspect ratio ("32:27"; "0:1" or none: square pixels), applied to the
            // width as it is shown: after the rotation, the ratio is the inverse (as FFmpeg's
            // `transpose` makes it for the poster).
            var ratio = 1.0
            if let text = v["sample_aspect_ratio"] as? String {
                let parts = text.split(separator: ":").compactMap { Double($0) }
                if parts.count == 2, parts[0] > 0, parts[1] > 0 { ratio = parts[0] / parts[1] }
            }
            let (shownWidth, shownHeight, shownRatio) = turned ? (h, w, 1 / ratio) : (w, h, ratio)
            width = max(1, Int((Double(shownWidth) * shownRatio).rounded()))
            height = shownHeight
        }
    }

    /// The hash of the file's bytes (what names its copy and its poster), read through a
    /// read-only mapping: a video may be larger than the memory a build should take.
    static func contentHash(ofFile path: String) -> Result<ContentHash, PhotoFailure> {
        func failure() -> PhotoFailure { .unreadable(String(cString: strerror(errno))) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(failure()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(failure()) }
        let size = Int(info.st_size)
        guard size > 0 else { return .success(ContentHash([UInt8]())) }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else { return .failure(failure()) }
        defer { munmap(mapped, size) }
        madvise(mapped, size, MADV_SEQUENTIAL)
        return .success(ContentHash(UnsafeRawBufferPointer(start: mapped, count: size)))
    }

    /// The arguments every run starts with: no prompt, errors only, and an input opened only
    /// as a local file and only by the allowed demuxers (`VideoSettings.formats`).
    static func inputArguments(_ path: String, seek: Double? = nil) -> [String] {
        var arguments = ["-nostdin", "-hide_banner", "-loglevel", "error", "-protocol_whitelist", "file",
                         "-format_whitelist", VideoSettings.current.formats.joined(separator: ",")]
        if let seek { arguments += ["-ss", String(format: "%.3f", seek)] }
        return arguments + ["-i", "file:" + absolute(path)]
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// What `ffprobe` reads of the file at `path`.
    static func probe(_ path: String) -> Result<Probe, PhotoFailure> {
        guard let ffprobe = VideoTools.ffprobe() else { return .failure(.videoTools) }
        let arguments = ["-v", "error", "-protocol_whitelist", "file", "-format_whitelist",
                         VideoSettings.current.formats.joined(separator: ","),
                         "-print_format", "json", "-show_format", "-show_streams", "file:" + absolute(path)]
        guard let run = VideoTools.run(ffprobe, arguments) else { return .failure(.videoTools) }
        guard run.status == 0 else { return .failure(.notAVideo(run.reason)) }
        guard let probe = Probe(json: run.output) else { return .failure(.noVideoStream) }
        return .success(probe)
    }

    /// The FFmpeg arguments that make the published copy of a file `probe` describes, after
    /// the input's: its video stream and its audio stream (copied, or re-encoded where MP4 or
    /// browsers cannot take them), no metadata, no chapters, bit-exact, index first.
    static func copyArguments(_ probe: Probe) -> [String] {
        let settings = VideoSettings.current
        var arguments = ["-map", "0:\(probe.video.index)"]
        if let audio = probe.audio { arguments += ["-map", "0:\(audio.index)"] }
        arguments += ["-map_metadata", "-1", "-map_metadata:s:v", "-1", "-map_metadata:s:a", "-1", "-map_chapters", "-1"]
        if settings.copiedVideoCodecs.contains(probe.video.codec) {
            arguments += ["-c:v", "copy"]
            // Safari plays HEVC in MP4 only under the `hvc1` tag (Android writes `hev1`).
            if probe.video.codec == "hevc" { arguments += ["-tag:v", "hvc1"] }
        } else {
            // The MP4 muxer writes the encoder's name ("Lavc libx264") as the sample entry's
            // compressor name unless the stream's `encoder` tag says otherwise: a blank one.
            arguments += ["-c:v", "libx264", "-preset", settings.x264Preset, "-crf", String(settings.x264CRF),
                          "-pix_fmt", "yuv420p", "-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-metadata:s:v", "encoder= "]
        }
        // x264's version and settings string is an SEI message.
        if probe.video.codec == "h264" || !settings.copiedVideoCodecs.contains(probe.video.codec) {
            arguments += ["-bsf:v", "filter_units=remove_types=6"]
        }
        if let audio = probe.audio {
            arguments += settings.copiedAudioCodecs.contains(audio.codec) ? ["-c:a", "copy"]
                : ["-c:a", "aac", "-b:a", String(settings.aacBitrate)]
        }
        return arguments + ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact",
                            "-movflags", "+faststart", "-f", "mp4"]
    }

    /// The published copy of the video at `path`, named `key`: its bytes, and its `Picture`
    /// (shape `.video`) with the size it is shown at (`ffprobe` of the copy itself).
    static func publish(_ path: String, key: String) -> Result<PhotoEncoder.Output, PhotoFailure> {
        guard let ffmpeg = VideoTools.ffmpeg() else { return .failure(.videoTools) }
        let probe: Probe
        switch self.probe(path) {
        case let .success(value): probe = value
        case let .failure(failure): return .failure(failure)
        }
        // A file of its own (the index is moved to the front in a second pass: no pipe), read
        // back and removed; one a killed build left is removed by the next (`leftovers`).
        _ = leftoversRemoved
        let temporary = NSTemporaryDirectory() + "/\(temporaryPrefix)\(getpid())-\(UUID().uuidString).mp4"
        defer { unlink(temporary) }
        guard let run = VideoTools.run(ffmpeg, inputArguments(path) + copyArguments(probe) + ["-y", "file:" + temporary]) else {
            return .failure(.videoTools)
        }
        guard run.status == 0 else { return .failure(.videoUnusable(run.reason)) }
        guard let bytes = FileManager.default.contents(atPath: temporary), !bytes.isEmpty else {
            return .failure(.videoUnusable("FFmpeg wrote no file"))
        }
        // The box: what the copy is shown at (a re-encoded stream is turned upright).
        let shown: Probe
        switch self.probe(temporary) {
        case let .success(value): shown = value
        case let .failure(failure): return .failure(failure)
        }
        let picture = Picture(key: key, width: shown.width, height: shown.height, colour: "#000000", shape: .video)
        return .success(PhotoEncoder.Output(picture: picture, files: [(picture.videoPath, [UInt8](bytes))]))
    }

    /// The temporary copies' names: the prefix, the process id, a UUID.
    static let temporaryPrefix = "sitegen-video-"

    /// The temporary copies of builds that were killed (no sitegen runs under their
    /// process id: `OutputLock.isLiveSitegen`, as for an output's leftovers), removed once
    /// per process, before its first copy.
    static let leftoversRemoved: Void = {
        let folder = NSTemporaryDirectory()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(temporaryPrefix) {
            guard let pid = name.dropFirst(temporaryPrefix.count).split(separator: "-").first.flatMap({ pid_t($0) }),
                  !OutputLock.isLiveSitegen(pid) else { continue }
            unlink(folder + "/" + name)
        }
    }()

    /// The poster frame of the video at `path`, as PNG: `VideoSettings.posterTime` in (the
    /// first frame if there is none there), upright, square pixels.
    static func frame(_ path: String) -> Result<[UInt8], PhotoFailure> {
        guard let ffmpeg = VideoTools.ffmpeg() else { return .failure(.videoTools) }
        let probe: Probe
        switch self.probe(path) {
        case let .success(value): probe = value
        case let .failure(failure): return .failure(failure)
        }
        let at = VideoSettings.posterTime(duration: probe.duration)
        for seek in at > 0 ? [at, 0] : [0] {
            let output = ["-map", "0:\(probe.video.index)", "-frames:v", "1", "-vf", "scale=round(iw*sar):ih,setsar=1",
                          "-c:v", "png", "-compression_level", "1", "-f", "image2pipe", "pipe:1"]
            guard let run = VideoTools.run(ffmpeg, inputArguments(path, seek: seek > 0 ? seek : nil) + output) else {
                return .failure(.videoTools)
            }
            if run.status == 0, !run.output.isEmpty { return .success(run.output) }
            if run.status != 0 && seek == 0 { return .failure(.videoUnusable(run.reason)) }
        }
        return .failure(.videoUnusable("no frame"))
    }
}
