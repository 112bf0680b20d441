//! What one parse of a RON file knows beyond the value being read, for the rules that relate
//! a value to others in the same file.
//!
//! serde hands a field's deserializer nothing but the text, so a rule such as "a layer names
//! a kind listed under `kinds`" or "no two templates share a name" needs a place to look. That
//! place is a parse: [`crate::parse_ron`] reads a file twice, and while it does, a
//! thread-local `Pass` holds the first reading's whole value, or what
//! [`crate::parse_ron_then`] made of it (for the second reading), and the names seen so far. The rules run inside deserialisation, so RON's parser reports them
//! at the offending value's own line and column.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

/// The state of the parse running on this thread.
#[derive(Default)]
pub(crate) struct Pass {
    /// The first reading's value, during the second reading.
    whole: Option<Rc<dyn Any>>,
    /// Names already given in this reading, by the kind of thing they name.
    names: HashSet<(&'static str, String)>,
    /// The list elements being read, outermost first: `("obstacles", 2), ("boxes", 0)`.
    path: Vec<(&'static str, usize)>,
}

thread_local! {
    static CURRENT: RefCell<Option<Pass>> = const { RefCell::new(None) };
}

/// Runs `read` as one reading of a file, with `whole` (the first reading's value, if this is
/// the second) in reach of [`whole`]. A parse inside `read` gets a state of its own; the outer
/// one comes back afterwards, even if `read` panics.
pub(crate) fn reading<R>(whole: Option<Rc<dyn Any>>, read: impl FnOnce() -> R) -> R {
    struct Restore(Option<Pass>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            CURRENT.with(|current| *current.borrow_mut() = outer);
        }
    }
    let pass = Pass {
        whole,
        names: HashSet::new(),
        path: Vec::new(),
    };
    let _restore = Restore(CURRENT.with(|current| current.replace(Some(pass))));
    read()
}

/// In the second reading of a [`crate::parse_ron`] of a `T`, `look` applied to the first
/// reading's whole value (for [`crate::parse_ron_then`], to the context it made of it);
/// `None` in the first reading and outside a parse. A rule that relates
/// a value to others in the file checks it here, so that it is reported where the value
/// stands: the first reading lets everything pass, the second has the whole file to compare
/// with.
pub fn whole<T: 'static, R>(look: impl FnOnce(&T) -> R) -> Option<R> {
    CURRENT.with(|current| {
        let current = current.borrow();
        let whole = current.as_ref()?.whole.as_ref()?;
        let value = whole.downcast_ref::<T>();
        debug_assert!(
            value.is_some(),
            "whole::<T> asked for a type other than the file's"
        );
        value.map(look)
    })
}

/// Notes `name` as given for a `kind` of thing (`"template"`, `"kind"`); `false` when this
/// reading has already seen it (outside a parse, always `true`).
pub(crate) fn first_use(kind: &'static str, name: &str) -> bool {
    CURRENT.with(|current| match current.borrow_mut().as_mut() {
        Some(pass) => pass.names.insert((kind, name.to_owned())),
        None => true,
    })
}

/// Element `index` of the list of `what` is being read (see [`place`]); outside a parse,
/// nothing.
pub(crate) fn enter(what: &'static str, index: usize) {
    CURRENT.with(|current| {
        if let Some(pass) = current.borrow_mut().as_mut() {
            pass.path.push((what, index));
        }
    });
}

/// The element [`enter`] named is read.
pub(crate) fn leave() {
    CURRENT.with(|current| {
        if let Some(pass) = current.borrow_mut().as_mut() {
            pass.path.pop();
        }
    });
}

/// Where in the file's lists the value being read lies, such as `obstacles[2].boxes[0]`;
/// `None` outside every list (and outside a parse).
pub fn place() -> Option<String> {
    CURRENT.with(|current| {
        let current = current.borrow();
        let path = &current.as_ref()?.path;
        if path.is_empty() {
            return None;
        }
        let parts: Vec<String> = path
            .iter()
            .map(|(what, i)| format!("{what}[{i}]"))
            .collect();
        Some(parts.join("."))
    })
}

/// `message`, led by the [`place`] of the value being read when it is inside a list.
pub fn placed(message: impl std::fmt::Display) -> String {
    match place() {
        Some(place) => format!("{place}: {message}"),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_whole_value_is_there_only_inside_its_reading() {
        assert_eq!(whole::<u32, u32>(|v| *v), None);
        let seen = reading(Some(Rc::new(7u32)), || whole::<u32, u32>(|v| *v + 1));
        assert_eq!(seen, Some(8));
        assert_eq!(reading(None, || whole::<u32, u32>(|v| *v)), None);
        assert_eq!(whole::<u32, u32>(|v| *v), None);
    }

    #[test]
    fn names_are_counted_per_reading_and_per_kind() {
        assert!(first_use("kind", "a") && first_use("kind", "a"));
        reading(None, || {
            assert!(first_use("kind", "a"));
            assert!(!first_use("kind", "a"));
            assert!(first_use("template", "a"));
            // A parse inside this one starts afresh and leaves this one's names alone.
            reading(None, || assert!(first_use("kind", "a")));
            assert!(!first_use("kind", "a"));
        });
        reading(None, || assert!(first_use("kind", "a")));
    }

    #[test]
    fn places_name_the_list_elements_being_read() {
        assert_eq!(place(), None);
        reading(None, || {
            assert_eq!(placed("x"), "x");
            enter("obstacles", 2);
            enter("boxes", 0);
            assert_eq!(place().as_deref(), Some("obstacles[2].boxes[0]"));
            leave();
            assert_eq!(placed("bad"), "obstacles[2]: bad");
            leave();
            assert_eq!(place(), None);
        });
    }

    #[test]
    fn the_outer_reading_comes_back_after_a_panic() {
        reading(Some(Rc::new(1u8)), || {
            let caught = std::panic::catch_unwind(|| reading(None, || panic!("inner")));
            assert!(caught.is_err());
            assert_eq!(whole::<u8, u8>(|v| *v), Some(1));
        });
    }
}
