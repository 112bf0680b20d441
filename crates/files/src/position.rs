//! Where a byte offset lies in a text, as the 1-based line and column (in characters) that
//! error messages name, and back.

/// The 1-based line and column of byte offset `at` in `text` (clamped to the text).
pub fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at.min(text.len())).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The byte offset of 1-based `line` and `column` (in characters) in `text`; `None` when the
/// text has no such place.
pub fn byte_offset(text: &str, line: usize, column: usize) -> Option<usize> {
    let start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let line_text = text[start..].split('\n').next().unwrap_or_default();
    let index = column.checked_sub(1)?;
    match line_text.char_indices().nth(index) {
        Some((i, _)) => Some(start + i),
        None if index == line_text.chars().count() => Some(start + line_text.len()),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_count_from_one_in_characters() {
        let text = "ab\ncé: x\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        assert_eq!(line_column(text, text.find(':').unwrap_or(0)), (2, 3));
        assert_eq!(line_column(text, 1000), (3, 1));
    }

    #[test]
    fn offsets_come_back_from_their_line_and_column() {
        let text = "ab\ncé: x\nlast";
        for at in text.char_indices().map(|(i, _)| i) {
            let (line, column) = line_column(text, at);
            assert_eq!(byte_offset(text, line, column), Some(at), "{at}");
        }
        assert_eq!(byte_offset(text, 3, 5), Some(text.len()));
        assert_eq!(byte_offset(text, 3, 6), None);
        assert_eq!(byte_offset(text, 9, 1), None);
        assert_eq!(byte_offset(text, 1, 0), None);
    }
}
