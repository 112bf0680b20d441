//! The `city_chunk` example's output: a header, one line of 16 columns per row of the chunk,
//! a legend; the same chunk prints the same whatever was made before it, and other seeds or
//! chunks print other cities.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

#[allow(dead_code)] // its `main` is not run here
#[path = "../examples/city_chunk.rs"]
mod city_chunk;

use city_chunk::{CHUNK, city_chunk};

#[test]
fn a_chunk_prints_as_a_header_sixteen_rows_of_sixteen_columns_and_a_legend() {
    let lines = city_chunk(3, (2, -1)).unwrap();
    assert_eq!(lines.len(), CHUNK as usize + 2, "{lines:#?}");
    assert!(lines[0].starts_with("city chunk (2, -1), seed 3: columns x 32..48, z -16..0"));
    let rows = &lines[1..=CHUNK as usize];
    for row in rows {
        let inside = row
            .strip_prefix('|')
            .and_then(|r| r.strip_suffix('|'))
            .unwrap();
        assert_eq!(inside.chars().count(), CHUNK as usize, "{row}");
        assert!(
            inside.chars().all(|c| ".,T:_/=#123456 ".contains(c)),
            "{row}"
        );
    }
    // A city: streets and buildings both.
    let text = rows.concat();
    assert!(text.contains('.'), "no street:\n{}", rows.join("\n"));
    assert!(
        text.chars().any(|c| c.is_ascii_digit()),
        "no building:\n{}",
        rows.join("\n")
    );
    assert!(lines[CHUNK as usize + 1].starts_with(". street"));
}

#[test]
fn the_same_chunk_prints_the_same_and_other_chunks_and_seeds_differ() {
    let chunk = city_chunk(5, (0, 0)).unwrap();
    assert_eq!(city_chunk(5, (0, 0)).unwrap(), chunk);
    assert_ne!(city_chunk(5, (1, 0)).unwrap()[1..], chunk[1..]);
    assert_ne!(city_chunk(6, (0, 0)).unwrap()[1..], chunk[1..]);
}
