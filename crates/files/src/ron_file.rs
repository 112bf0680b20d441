//! The one loader of Horde's RON formats (runner settings, platformer sections, module sets,
//! scatter settings): a capped read, then RON's parser. Syntax, structure, unknown fields and
//! every format rule are reported where RON's parser stands when it finds them: the rules run
//! inside deserialisation ([`crate::rules`]), so the place is the offending value's own.
//!
//! A file is read twice. The first reading checks each value on its own; the second has the
//! first one's whole value in reach ([`crate::whole`]), for rules that relate a value to others
//! anywhere in the file (a name that must be listed elsewhere, a box that must fit a size
//! given later). The files are small; reading twice costs microseconds.

use crate::error::FileError;
use crate::pass::reading;
use crate::position::byte_offset;
use crate::read::{TEXT_CAP, read_text};
use serde::de::DeserializeOwned;
use std::path::Path;
use std::rc::Rc;

/// Reads `path` (at most [`TEXT_CAP`] bytes) and parses it with [`parse_ron`].
pub fn load_ron<T: DeserializeOwned + 'static>(path: &Path) -> Result<T, FileError> {
    let text = read_text(path, TEXT_CAP)?;
    parse_ron(&text, path)
}

/// Parses RON `text` into a `T`, checking every rule of its format; `path` names the text in
/// errors, which give the line and column of the first problem.
pub fn parse_ron<T: DeserializeOwned + 'static>(text: &str, path: &Path) -> Result<T, FileError> {
    let first: T = reading(None, || read_once(text, path))?;
    reading(Some(Rc::new(first)), || read_once(text, path))
}

/// Parses RON `text` into a `T` like [`parse_ron`], except that the second reading has in
/// reach (through [`crate::whole`]) not the first reading's value but what `context` makes of
/// it: an index for rules that look things up (a set of names, say).
pub fn parse_ron_then<T: DeserializeOwned, C: 'static>(
    text: &str,
    path: &Path,
    context: impl FnOnce(&T) -> C,
) -> Result<T, FileError> {
    let first: T = reading(None, || read_once(text, path))?;
    let context = context(&first);
    drop(first);
    reading(Some(Rc::new(context)), || read_once(text, path))
}

/// One reading of `text` by RON's parser.
fn read_once<T: DeserializeOwned>(text: &str, path: &Path) -> Result<T, FileError> {
    ron::Options::default().from_str(text).map_err(|e| {
        let (line, column) = (e.span.start.line, e.span.start.col);
        // RON places a string's value after its opening quote; name the quote, where the
        // value is written.
        let after_quote = byte_offset(text, line, column)
            .is_some_and(|at| at > 0 && text.as_bytes()[at - 1] == b'"');
        FileError::Invalid {
            path: path.to_path_buf(),
            line,
            column: if after_quote { column - 1 } else { column },
            message: e.code.to_string(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{list, unique_name};
    use serde::{Deserialize, Deserializer};

    /// A format with a rule of each kind: one value, a list, unique names and a relation.
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Shelf {
        #[serde(deserialize_with = "books")]
        books: Vec<Book>,
        #[serde(default = "wide")]
        width: f64,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Book {
        #[serde(deserialize_with = "title")]
        title: String,
        #[serde(deserialize_with = "thickness")]
        thickness: f64,
    }

    fn wide() -> f64 {
        10.0
    }

    fn books<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Book>, D::Error> {
        list(d, "books", 1..=3, |_, _| Ok(()))
    }

    fn title<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        unique_name(d, "book")
    }

    crate::rule!(positive_thickness: f64, "thickness", "be positive", |v| crate::rules::positive(*v));

    /// Positive, and no thicker than the shelf is wide (the width may come after the books).
    fn thickness<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        let value = positive_thickness(d)?;
        match crate::whole::<Shelf, f64>(|shelf| shelf.width) {
            Some(width) if value > width => Err(serde::de::Error::custom(format!(
                "a book {value} thick does not fit a shelf {width} wide"
            ))),
            _ => Ok(value),
        }
    }

    fn error(text: &str) -> String {
        match parse_ron::<Shelf>(text, "shelf.ron".as_ref()) {
            Ok(shelf) => panic!("accepted: {shelf:?}"),
            Err(e) => e.to_string(),
        }
    }

    const GOOD: &str = "(\n    books: [\n        (title: \"a\", thickness: 1.0),\n        (title: \"b\", thickness: 2.0),\n    ],\n    width: 4.0,\n)";

    #[test]
    fn a_good_file_parses() {
        let shelf =
            parse_ron::<Shelf>(GOOD, "shelf.ron".as_ref()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(shelf.books.len(), 2);
        assert_eq!(shelf.books[1].title, "b");
        assert_eq!(shelf.books[1].thickness, 2.0);
        assert_eq!(shelf.width, 4.0);
    }

    #[test]
    fn a_bad_value_is_reported_at_itself() {
        let text = GOOD.replace("thickness: 2.0", "thickness: -2.0");
        assert_eq!(
            error(&text),
            "shelf.ron:4:33: books[1]: `thickness` must be positive, found -2.0"
        );
    }

    #[test]
    fn a_repeated_name_is_reported_at_the_repeat() {
        let text = GOOD.replace("\"b\"", "\"a\"");
        assert_eq!(
            error(&text),
            "shelf.ron:4:17: books[1]: duplicate book name `a`"
        );
    }

    #[test]
    fn a_rule_against_a_later_value_is_reported_at_the_earlier_one() {
        let text = GOOD.replace("thickness: 2.0", "thickness: 5.0");
        assert_eq!(
            error(&text),
            "shelf.ron:4:33: a book 5 thick does not fit a shelf 4 wide"
        );
    }

    #[test]
    fn lists_too_long_or_too_short_are_reported_at_their_element_or_end() {
        let four = "(books: [\n(title: \"a\", thickness: 1.0),\n(title: \"b\", thickness: 1.0),\n(title: \"c\", thickness: 1.0),\n(title: \"d\", thickness: 1.0),\n])";
        assert!(
            error(four).starts_with("shelf.ron:5:")
                && error(four).contains("4 books: more than the 3 allowed"),
            "{}",
            error(four)
        );
        assert_eq!(
            error("(books: [\n])"),
            "shelf.ron:1:10: books may not be empty"
        );
    }

    #[test]
    fn unknown_fields_and_syntax_are_reported_by_ron() {
        let text = GOOD.replace("width: 4.0", "depth: 4.0");
        assert!(
            error(&text).starts_with("shelf.ron:6:5: "),
            "{}",
            error(&text)
        );
        assert!(
            error("(books: [").starts_with("shelf.ron:1:"),
            "{}",
            error("(books: [")
        );
    }
}
