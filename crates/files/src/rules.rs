//! Rules checked while a value is deserialised, so that a broken one is reported by RON's
//! parser at the value's own line and column, however deep in the file.
//!
//! Each format names its fields' rules with `#[serde(deserialize_with = "...")]` functions
//! built from these pieces: [`checked`] for one value, [`list`] for a list and each of its
//! elements, [`unique_name`] for names that may not repeat, and the [`rule!`](crate::rule)
//! macro (in `rule_macro.rs`) for the common case of one field and one condition. A rule that needs other parts of
//! the file asks [`crate::whole`], which answers in the second reading of a
//! [`crate::parse_ron`].

use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;
use std::marker::PhantomData;
use std::ops::RangeInclusive;

/// Deserialises a `T` and keeps it if `rule` accepts it; otherwise the rule's message is an
/// error at the value.
pub fn checked<'de, D, T>(
    deserializer: D,
    rule: impl FnOnce(&T) -> Result<(), String>,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    let value = T::deserialize(deserializer)?;
    rule(&value).map_err(|message| D::Error::custom(crate::pass::placed(message)))?;
    Ok(value)
}

/// Deserialises a list of `T` whose length lies in `len`, calling `each` with every element's
/// index as it is read: an element `each` refuses, or the first one past the most allowed, is
/// reported at that element; too few, at the list's end. `what` names the elements
/// (`"templates"`). Nothing is read past the first element too many, so a hostile list costs
/// at most `len.end() + 1` elements.
pub fn list<'de, D, T>(
    deserializer: D,
    what: &'static str,
    len: RangeInclusive<usize>,
    each: impl FnMut(usize, &T) -> Result<(), String>,
) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    deserializer.deserialize_seq(ListVisitor {
        what,
        len,
        each,
        element: PhantomData,
    })
}

struct ListVisitor<T, F> {
    what: &'static str,
    len: RangeInclusive<usize>,
    each: F,
    element: PhantomData<T>,
}

impl<'de, T, F> Visitor<'de> for ListVisitor<T, F>
where
    T: Deserialize<'de>,
    F: FnMut(usize, &T) -> Result<(), String>,
{
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a list of {}", self.what)
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let (least, most) = (*self.len.start(), *self.len.end());
        let mut out = Vec::new();
        loop {
            let index = out.len();
            // Errors inside the element name it (`layers[2]: ...`), through `checked`.
            crate::pass::enter(self.what, index);
            let next = seq.next_element::<T>();
            let element = match next {
                Ok(Some(element)) => element,
                Ok(None) => {
                    crate::pass::leave();
                    break;
                }
                Err(error) => {
                    crate::pass::leave();
                    return Err(error);
                }
            };
            let rule = if index == most {
                Err(None)
            } else {
                (self.each)(index, &element).map_err(|m| Some(crate::pass::placed(m)))
            };
            crate::pass::leave();
            match rule {
                Ok(()) => out.push(element),
                Err(Some(message)) => return Err(A::Error::custom(message)),
                Err(None) => {
                    return Err(A::Error::custom(crate::pass::placed(format!(
                        "{} {}: more than the {most} allowed",
                        index + 1,
                        self.what
                    ))));
                }
            }
        }
        if out.len() < least {
            let found = out.len();
            return Err(A::Error::custom(crate::pass::placed(match least {
                1 => format!("{} may not be empty", self.what),
                _ => format!("{found} {}; at least {least} are needed", self.what),
            })));
        }
        Ok(out)
    }
}

/// Deserialises a name that no earlier value of the same `kind` in this reading has taken
/// (kinds such as `"template"` or `"prototype"`); a repeat is reported at the repeated name.
pub fn unique_name<'de, D: Deserializer<'de>>(
    deserializer: D,
    kind: &'static str,
) -> Result<String, D::Error> {
    checked(deserializer, |name: &String| {
        if crate::pass::first_use(kind, name) {
            Ok(())
        } else {
            Err(format!("duplicate {kind} name `{name}`"))
        }
    })
}

/// `rule` applied to the file's whole value in the second reading of a [`crate::parse_ron`] of
/// a `T` (see [`crate::whole`]); `Ok` in the first reading, which has no whole value yet.
pub fn with_whole<T: 'static>(rule: impl FnOnce(&T) -> Result<(), String>) -> Result<(), String> {
    crate::pass::whole(rule).unwrap_or(Ok(()))
}

/// `Ok` when `holds`, else `message` (built only then).
pub fn must(holds: bool, message: impl FnOnce() -> String) -> Result<(), String> {
    if holds { Ok(()) } else { Err(message()) }
}

/// `value` is a finite number above 0.
pub fn positive(value: f64) -> bool {
    value.is_finite() && value > 0.0
}

/// `value` is a finite number of at least 0.
pub fn non_negative(value: f64) -> bool {
    value.is_finite() && value >= 0.0
}
