import Foundation

/// A record's `created_at` as apps write it (`docs/export-format.md`, "Times"): seconds since
/// 1970 (the tutorial's double), milliseconds (a number of 10^11 or more: no app wrote a
/// post in the year 5138), or an ISO 8601 string.
public enum CreationTime {
    /// Numbers from this size up are milliseconds.
    static let millisecondsFrom = 1e11

    /// Milliseconds since 1970, or nil when the value is no time (rounded; may be far out
    /// of the range a page can show).
    public static func milliseconds(_ doc: JSONDocument, _ node: Int32) -> Double? {
        if doc.isNumber(node) {
            guard let value = Double(doc.rawText(node)), value.isFinite else { return nil }
            return (abs(value) >= millisecondsFrom ? value : value * 1000).rounded()
        }
        guard let text = doc.string(node) else { return nil }
        return iso8601(text).map { ($0 * 1000).rounded() }
    }

    /// Whether the audit takes it as a time: any number, or an ISO 8601 string.
    static func isUsable(_ doc: JSONDocument, _ node: Int32) -> Bool {
        doc.isNumber(node) || doc.string(node).flatMap(iso8601) != nil
    }

    /// Seconds since 1970 of an ISO 8601 date and time (`2024-03-01T12:34:56Z`, with
    /// fractional seconds, an offset or none (UTC), `T` or a space), or of a date alone.
    /// Parsed by hand: a formatter per call costs more than the rest of a post's reading.
    static func iso8601(_ text: String) -> Double? {
        let b = Array(text.utf8)
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= b.count else { return nil }
            var v = 0
            for k in i..<(i + digits) {
                guard b[k] >= 48 && b[k] <= 57 else { return nil }
                v = v * 10 + Int(b[k] - 48)
            }
            i += digits
            return v
        }
        func expect(_ c: Character) -> Bool {
            guard i < b.count, b[i] == c.asciiValue! else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        // Days from 1970-01-01 (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
        var seconds = Double(days) * 86_400
        if i == b.count { return seconds }
        guard expect("T") || expect("t") || expect(" "), let hour = number(2), expect(":"), let minute = number(2),
              hour < 24, minute < 60 else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if expect(":") {
            guard let second = number(2), second <= 60 else { return nil }
            seconds += Double(second)
            if expect(".") || expect(",") {
                var scale = 0.1
                let start = i
                while i < b.count, b[i] >= 48 && b[i] <= 57 {
                    seconds += Double(b[i] - 48) * scale
                    scale /= 10
                    i += 1
                }
                if i == start { return nil }
            }
        }
        if i == b.count || expect("Z") || expect("z") { return i == b.count ? seconds : nil }
        guard i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") else { return nil }
        let sign: Double = b[i] == UInt8(ascii: "+") ? -1 : 1
        i += 1
        guard let oh = number(2) else { return nil }
        _ = expect(":")
        guard let om = number(2), i == b.count, oh < 24, om < 60 else { return nil }
        return seconds + sign * Double(oh * 3600 + om * 60)
    }
}
