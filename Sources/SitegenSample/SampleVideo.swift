import Foundation

/// The sample's one video post: mariana.costa's "Golden hour on the Tejo", whose
/// `video_url` names `videos/-LHECY_N39oXbpyw8zqC.mp4` in the Storage folder and whose
/// `image_url` is the still it was filmed from (a painted photo, as every post's).
///
/// The MP4 is carried in the binary (`SampleSite+Video.swift`, written by
/// `scripts/embed-sample --video`): 4 s, 960x460, H.264, a slow pan across the post's
/// painted still, tagged as a phone tags a video (a location on the Tejo, a make, a model),
/// which the published copy leaves out. Carried rather than encoded at `init` time, so
/// that a new sample's video is byte for byte the checkout's (`content/storage/videos/`)
/// and `init` needs no encoder (only `build` needs FFmpeg, to copy it without its tags
/// and take its poster); the figures: docs/performance.md, "The sample".
///
/// Where FFmpeg is not installed, a build of a local video stops and says to install it:
/// `init --sample` then writes the export without the post's `video_url` (`withoutVideo`),
/// so that the post is its still, a photo, and says in one line how to get the video.
enum SampleVideo {
    /// The video post's key.
    static let post = "-LHECY_N39oXbpyw8zqC"
    /// Where the video lies in the Storage folder (`content/storage/`).
    static let objectPath = "videos/\(post).mp4"

    /// The MP4's bytes.
    static var bytes: [UInt8] {
        guard let data = Data(base64Encoded: mp4Base64) else {
            preconditionFailure("SampleVideo.mp4Base64 is not base64: run scripts/embed-sample --video")
        }
        return [UInt8](data)
    }

    /// The member `export` (the sample export's text) holds the video's URL in: the
    /// post's last member, with the comma before it.
    static let member = Array(",\n        \"video_url\": \"".utf8)

    /// `export` without the video post's `video_url` member (the comma before it to the
    /// URL's closing quote): the same export, byte for byte, but that member. Nil when
    /// `export` holds the member other than once.
    static func withoutVideo(_ export: [UInt8]) -> [UInt8]? {
        let starts = (0...(export.count - member.count)).filter { export[$0] == member[0] && export[$0..<($0 + member.count)].elementsEqual(member) }
        guard starts.count == 1, let start = starts.first else { return nil }
        let value = start + member.count
        guard let close = export[value...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return Array(export[..<start] + export[(close + 1)...])
    }
}
