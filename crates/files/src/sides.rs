//! The one grammar of sizes written as text (`WxH`, `XxYxZ`): whole numbers joined by `x` or
//! `X`, spaces around each number allowed. Each caller keeps its own bounds and its own words
//! for a refusal (a flag's name, a file's line).

/// `N` whole numbers joined by `x` (or `X`), such as `1280x720` for `N = 2` or `32x6x32` for
/// `N = 3`; `None` for anything else (another count, a sign, a fraction, an empty side).
///
/// ```
/// assert_eq!(horde_files::parse_sides::<2>("1280x720"), Some([1280, 720]));
/// assert_eq!(horde_files::parse_sides::<3>("32 X 6 x 32"), Some([32, 6, 32]));
/// assert_eq!(horde_files::parse_sides::<2>("12x3x4"), None);
/// assert_eq!(horde_files::parse_sides::<2>("-1x3"), None);
/// ```
pub fn parse_sides<const N: usize>(text: &str) -> Option<[u32; N]> {
    let mut sides = [0; N];
    let mut parts = text.split(['x', 'X']);
    for side in &mut sides {
        let part = parts.next()?.trim();
        // `u32::from_str` takes a leading `+`; a size is digits only.
        if !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *side = part.parse().ok()?;
    }
    parts.next().is_none().then_some(sides)
}

#[cfg(test)]
mod tests {
    use super::parse_sides;

    #[test]
    fn sizes_read_with_either_x_and_spaces_around_the_numbers() {
        assert_eq!(parse_sides::<2>(" 23 x11"), Some([23, 11]));
        assert_eq!(
            parse_sides::<2>("0x0"),
            Some([0, 0]),
            "bounds are the caller's"
        );
        assert_eq!(parse_sides::<1>("7"), Some([7]));
    }

    #[test]
    fn anything_else_is_refused() {
        for text in [
            "",
            "x",
            "12",
            "12x",
            "x12",
            "1.5x2",
            "+1x2",
            "1x2x",
            "4294967296x1",
            "axb",
        ] {
            assert_eq!(parse_sides::<2>(text), None, "{text:?}");
        }
        assert_eq!(parse_sides::<3>("1x2"), None);
    }
}
