//! The renderer's source files depend on each other one way only: no file uses a file that
//! uses it back, and there is no longer circle either. Read from the source itself (code and
//! doc links alike), so a new `crate::` path that closes a circle fails here.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every `crate::…` path's first segment in `text`, with grouped imports
/// (`crate::{a, b::c}`) expanded.
fn first_segments(text: &str) -> Vec<String> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut names = Vec::new();
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        match rest.strip_prefix('{') {
            Some(group) => {
                let mut depth = 0;
                let mut item = String::new();
                for c in group.chars() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            names.push(std::mem::take(&mut item));
                            continue;
                        }
                        _ => {}
                    }
                    item.push(c);
                }
                names.push(item);
            }
            None => names.push(rest.to_string()),
        }
    }
    names
        .iter()
        .map(|name| name.trim().chars().take_while(|&c| ident(c)).collect())
        .filter(|name: &String| !name.is_empty())
        .collect()
}

/// The module each name the crate root re-exports comes from (`pub use batch::{BatchId}`).
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for line in lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub use "))
    {
        let Some((module, names)) = line.split_once("::") else {
            continue;
        };
        let names = names
            .trim_end_matches(';')
            .trim_matches(|c| c == '{' || c == '}');
        for name in names.split(',') {
            map.insert(name.trim().to_string(), module.to_string());
        }
    }
    map
}

/// Each source file (by module name) and the modules it names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let roots = reexports(&lib);
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        assert!(
            path.extension().is_some_and(|e| e == "rs"),
            "{} is not a single-file module: extend this test",
            path.display()
        );
        let module = path.file_stem().unwrap().to_string_lossy().to_string();
        if module != "lib" {
            files.insert(module, std::fs::read_to_string(&path).unwrap());
        }
    }
    files
        .iter()
        .map(|(module, text)| {
            let uses = first_segments(text)
                .into_iter()
                .filter_map(|name| {
                    if files.contains_key(&name) {
                        Some(name)
                    } else {
                        roots.get(&name).cloned()
                    }
                })
                .filter(|used| used != module)
                .collect();
            (module.clone(), uses)
        })
        .collect()
}

#[test]
fn no_two_files_use_each_other() {
    let graph = graph();
    assert!(
        graph["renderer"].contains("batch"),
        "the reader sees nothing: {graph:?}"
    );
    let mut both_ways = Vec::new();
    for (a, uses) in &graph {
        for b in uses {
            if a < b && graph.get(b).is_some_and(|back| back.contains(a)) {
                both_ways.push(format!("{a} <-> {b}"));
            }
        }
    }
    assert!(
        both_ways.is_empty(),
        "files that use each other: {both_ways:?}"
    );
}

#[test]
fn the_files_depend_on_each_other_without_a_circle() {
    let graph = graph();
    // Peel off files that use no file left; whatever remains lies on a circle.
    let mut left = graph.clone();
    while let Some(leaf) = left
        .iter()
        .find(|(_, uses)| uses.iter().all(|u| !left.contains_key(u)))
        .map(|(m, _)| m.clone())
    {
        left.remove(&leaf);
    }
    assert!(left.is_empty(), "files on a circle, or using one: {left:?}");
}

#[test]
fn the_reader_sees_grouped_and_plain_paths() {
    assert_eq!(
        first_segments("use crate::{batch::Stage, mesh};\n/// [`crate::Renderer`]"),
        ["batch", "mesh", "Renderer"]
    );
    assert_eq!(
        reexports("pub use batch::{BatchId, DrawPath};\npub use mesh::MeshKind;")["DrawPath"],
        "batch"
    );
}
