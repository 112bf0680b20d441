//! The [`rule!`](crate::rule) macro: a `deserialize_with` function for one field and one
//! condition, built on [`crate::checked`]. It is exported at the crate root, as every
//! `macro_export` macro is, and names the crate's items through `$crate`.

/// Defines a `deserialize_with` function for one field and one condition on its value:
///
/// ```
/// horde_files::rule!(
///     /// `gravity`: a positive number.
///     gravity: f64, "gravity", "be positive", |v| v.is_finite() && *v > 0.0
/// );
///
/// #[derive(serde::Deserialize)]
/// struct World {
///     #[serde(deserialize_with = "gravity")]
///     gravity: f64,
/// }
///
/// let error = horde_files::parse_ron::<World>("(\n  gravity: -3.0,\n)", "w.ron".as_ref());
/// let error = error.err().map(|e| e.to_string());
/// assert_eq!(error.as_deref(), Some("w.ron:2:12: `gravity` must be positive, found -3.0"));
/// ```
///
/// The message reads ``"`FIELD` must RULE, found VALUE"`` (the value as `Debug` prints it).
#[macro_export]
macro_rules! rule {
    ($(#[$doc:meta])* $vis:vis $name:ident: $ty:ty, $field:literal, $rule:literal, |$v:ident| $ok:expr) => {
        $(#[$doc])*
        $vis fn $name<'de, D: $crate::__serde::Deserializer<'de>>(
            deserializer: D,
        ) -> ::std::result::Result<$ty, D::Error> {
            $crate::checked(deserializer, |$v: &$ty| {
                if $ok {
                    ::std::result::Result::Ok(())
                } else {
                    ::std::result::Result::Err(::std::format!(
                        ::std::concat!("`", $field, "` must ", $rule, ", found {:?}"),
                        $v
                    ))
                }
            })
        }
    };
}
