/// A time as a calendar date (proleptic Gregorian, UTC), from seconds since 1970: Howard
/// Hinnant's algorithm. Used for the pages' dates and for the Firestore timestamps a
/// repair writes.
package enum CivilDate {
    package static func of(seconds totalSeconds: Int) -> (year: Int, month: Int, day: Int, seconds: Int) {
        let days = totalSeconds.dividedFloor(86_400)
        let secondsOfDay = totalSeconds - days * 86_400
        let z = days + 719_468
        let era = z.dividedFloor(146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, secondsOfDay)
    }
}

extension BinaryInteger {
    /// The quotient rounded toward negative infinity (`-1 / 86_400` is `-1`, not `0`).
    package func dividedFloor(_ d: Self) -> Self {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}
