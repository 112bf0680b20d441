//! Players' names (the board's rule): trimmed, 1–24 characters, each a Unicode letter or digit,
//! a space, `-`, `_` or `.`; unique ignoring case.

/// The most characters a name has.
pub const NAME_MAX: usize = 24;

/// A name that passed the rule: as shown, and the key that makes it unique ignoring case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// The name, trimmed.
    pub shown: String,
    /// The name in lower case: two names with one key are one name.
    pub key: String,
}

/// `raw` as a name, or why it is not one.
pub fn check_name(raw: &str) -> Result<Name, String> {
    let shown = raw.trim();
    let count = shown.chars().count();
    if count == 0 {
        return Err("a name needs at least one character".to_string());
    }
    if count > NAME_MAX {
        return Err(format!(
            "a name has at most {NAME_MAX} characters, not {count}"
        ));
    }
    if let Some(bad) = shown
        .chars()
        .find(|c| !(c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.')))
    {
        return Err(format!(
            "a name is letters, digits, spaces, `-`, `_` and `.`; {bad:?} is none of them"
        ));
    }
    Ok(Name {
        shown: shown.to_string(),
        // Upper then lower case: `ß` and `SS`, `ς` and `σ` are one name.
        key: shown.to_uppercase().to_lowercase(),
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn names_are_trimmed_and_keyed_ignoring_case() {
        let name = check_name("  Ana Lúcia_2.0 ").unwrap();
        assert_eq!(name.shown, "Ana Lúcia_2.0");
        assert_eq!(name.key, check_name("ANA LÚCIA_2.0").unwrap().key);
        assert_eq!(check_name("张伟").unwrap().shown, "张伟");
        assert!(check_name(&"x".repeat(24)).is_ok());
    }

    #[test]
    fn anything_else_is_refused_saying_why() {
        for bad in [
            "",
            "   ",
            "<script>",
            "a/b",
            "tab\there",
            &"x".repeat(25),
            "emoji🙂",
        ] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert!(check_name("a<b").unwrap_err().contains("'<'"));
    }
}
