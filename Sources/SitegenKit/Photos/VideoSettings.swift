import SitegenExport

/// What a post's local video (a file of `content/storage/`) becomes, through FFmpeg
/// (`VideoEncoder`): one MP4 file under `assets/video/`, and a poster taken from it.
///
/// The copy: every local video is published as MP4 whatever its container (a phone's
/// QuickTime `.mov`, a WebM, a Matroska or AVI file), its index (`moov`) moved to the front
/// (`-movflags +faststart`) so that a browser starts playing before it has the whole file.
/// Its first video stream and first audio stream are copied as they are (`-c copy`: a remux,
/// no re-encode, no loss, a fraction of a second) when MP4 carries them and browsers play
/// them (`copiedVideoCodecs`, `copiedAudioCodecs`); a stream that is not is re-encoded
/// (H.264 at `x264CRF` with x264's `x264Preset`, AAC at `aacBitrate`): an old phone's 3GP
/// (H.263, AMR) plays in no browser. Everything else is left out: the container's metadata
/// (QuickTime `©xyz` and `com.apple.quicktime.location.ISO6709`, Android's `location`, the
/// make, the model, the creation dates, the encoder), the streams' metadata, chapters, and
/// every other stream (timed metadata tracks, GPS tracks, timecode, subtitles, cover art);
/// the muxer writes the file "bit-exact" (no `encoder` tag, no date). The display matrix
/// (a portrait phone video's rotation) stays, so the video plays upright. H.264's SEI
/// messages (where x264 writes its version and settings) are dropped (`-bsf:v
/// filter_units=remove_types=6`); what an audio encoder writes inside its own frames
/// (FFmpeg's AAC encoder names itself in a fill element) cannot be removed without
/// re-encoding and stays.
///
/// Only the formats of `formats` are opened (FFmpeg's `-format_whitelist`): a "video" file
/// that is a playlist (HLS, concat) would have FFmpeg read other files or URLs into the
/// published copy.
///
/// The poster, when the app keeps none: the frame `posterSeconds` in, or `posterFraction`
/// of the way for a shorter video, upright, as PNG, then published as a photo
/// (`PhotoEncoder`: its widths, WebP and JPEG, no metadata).
///
/// Every value here is part of the build's identity (`Site.CodeConstants.videos`) and of
/// the published names (`fingerprint`, `posterFingerprint`): a change renames the copies
/// and posters, and the next build makes them again.
public enum VideoSettings {
    struct Values: Sendable, Equatable, Codable {
        /// Bumped when what the encoder makes changes for the same settings.
        var version: Int
        /// FFmpeg's demuxer names a local video may be read with.
        var formats: [String]
        var copiedVideoCodecs: [String]
        var copiedAudioCodecs: [String]
        var x264CRF: Int
        var x264Preset: String
        var aacBitrate: Int
        var posterSeconds: Double
        var posterFraction: Double
        /// The width of the WebP variant a page's `<video poster>` names (one URL, no
        /// `srcset`): the narrowest at least this wide, else the widest.
        var posterWidth: Int
    }

    static let current = Values(
        version: 1, formats: ["mov", "matroska", "avi", "mpegts", "flv"],
        copiedVideoCodecs: ["h264", "hevc", "av1", "vp9"], copiedAudioCodecs: ["aac", "mp3", "opus", "flac"],
        x264CRF: 23, x264Preset: "veryfast", aacBitrate: 128_000, posterSeconds: 1, posterFraction: 0.1,
        posterWidth: 960)

    /// Where the copies are published.
    public static let folder = "assets/video/"

    /// Identifies the copy's settings `values`: the hash of their canonical encoding (a value
    /// added to `Values` is in it without being named again). Part of every copy's name
    /// (`PhotoStage.Names`).
    static func fingerprint(_ values: Values) -> ContentHash {
        ContentHash("videos").then(ContentHash(Site.Settings.canonical(values)))
    }

    /// Identifies a poster taken from a video: the frame's settings `values` and the photos'
    /// (`photos`: `PhotoSettings.Values.fingerprint`). Part of every such poster's variants'
    /// names.
    static func posterFingerprint(_ values: Values, photos: ContentHash) -> ContentHash {
        ContentHash("poster").then(ContentHash(Site.Settings.canonical(values))).then(photos)
    }

    /// The variant of a published poster `picture` a page's `<video poster>` names: WebP
    /// (every browser that plays the video shows it; about half the JPEG's bytes), the
    /// narrowest at least `posterWidth` wide (960: a 2x phone's post page is 750 to 828
    /// device pixels wide), else the widest. The JPEG stays the tile's, the feed's and
    /// Open Graph's.
    static func posterPath(_ picture: Picture) -> String {
        let widths = picture.widths(.webp)
        return picture.path(widths.first { $0 >= current.posterWidth } ?? widths.last!, .webp)
    }

    /// Where in a video of `duration` seconds (0: unknown) its poster frame is taken.
    static func posterTime(duration: Double) -> Double {
        guard duration.isFinite, duration > 0 else { return 0 }
        return min(current.posterSeconds, duration * current.posterFraction)
    }
}
