//! Where a byte offset lies in a text, as the 1-based line and column (in characters) that
//! error messages name.

/// The 1-based line and column of byte offset `at` in `text` (clamped to the text).
pub(crate) fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at.min(text.len())).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::line_column;

    #[test]
    fn lines_and_columns_count_from_one_in_characters() {
        let text = "ab\ncé: x\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        assert_eq!(line_column(text, text.find(':').unwrap_or(0)), (2, 3));
        assert_eq!(line_column(text, 1000), (3, 1));
    }
}
