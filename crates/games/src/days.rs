//! Days as challenges name them: the UTC date as the number `YYYYMMDD` (`--challenge today`, the
//! board server's days), to and from days since 1970-01-01.

/// Seconds since 1970-01-01 UTC now (0 on a clock set before it).
pub fn unix_seconds() -> u64 {
    // web_time: std's clock, and the page's in a browser (where std has none).
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The date today, UTC, as the number `YYYYMMDD`.
pub fn today_utc() -> u64 {
    day_of((unix_seconds() / 86_400) as i64)
}

/// The day `days` after 1970-01-01 as `YYYYMMDD`.
pub fn day_of(days: i64) -> u64 {
    let (y, m, d) = civil_from_days(days);
    (y.max(0) as u64) * 10_000 + u64::from(m) * 100 + u64::from(d)
}

/// Days since 1970-01-01 of the date `YYYYMMDD`; `None` for a number that is no date (month
/// 13, 31 November, a year before 1970 or past 9999).
pub fn days_of(day: u64) -> Option<i64> {
    let (y, m, d) = (
        (day / 10_000) as i64,
        (day / 100 % 100) as u32,
        (day % 100) as u32,
    );
    if !(1970..=9999).contains(&y) || !(1..=12).contains(&m) || d == 0 {
        return None;
    }
    let days = days_from_civil(y, m, d);
    // A day past the month's end comes back as another date.
    (civil_from_days(days) == (y, m, d)).then_some(days)
}

/// The proleptic Gregorian date of `days` since 1970-01-01 (Howard Hinnant's algorithm).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (the inverse of [`civil_from_days`]).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_dates_and_back() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_790), (2026, 12, 3));
        for days in [0, 59, 60, 11_016, 20_790, 2_932_896] {
            assert_eq!(days_of(day_of(days)), Some(days), "{days}");
        }
        for bad in [20_261_131, 20_261_301, 20_260_000, 19_691_231, 20_250_229] {
            assert_eq!(days_of(bad), None, "{bad}");
        }
        assert_eq!(days_of(20_240_229), Some(19_782));
        let today = today_utc();
        assert!((20_260_101..30_000_000).contains(&today), "{today}");
    }
}
