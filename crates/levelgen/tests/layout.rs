//! levelgen's layout holds: no two files of `src/wfc` use each other (a `mod.rs` or
//! `solver.rs` declares and re-exports its rooms; rooms use one another one way only). Read
//! from the source itself, so a new `use` that closes a circle fails here.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path from the crate root (`["wfc", "solver", "wave"]`).
type ModPath = Vec<String>;

/// Every module file under `src`, by module path.
fn module_files(src: &Path) -> BTreeMap<ModPath, PathBuf> {
    fn walk(dir: &Path, src: &Path, out: &mut BTreeMap<ModPath, PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, src, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(src).unwrap().with_extension("");
                let mut module: ModPath = relative
                    .iter()
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect();
                if module.last().is_some_and(|l| l == "mod" || l == "lib") {
                    module.pop();
                }
                out.insert(module, path);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, src, &mut out);
    out
}

/// The code of a file without comments, and its test module's code apart.
fn code_and_tests(text: &str) -> (String, String) {
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .map(|l| format!("{l}\n"))
        .collect();
    match code.find("#[cfg(test)]\nmod tests") {
        Some(at) => (code[..at].to_string(), code[at..].to_string()),
        None => (code, String::new()),
    }
}

/// Every path of two segments or more in `code`, with `a::{b, c::d}` groups expanded.
fn paths(code: &str) -> Vec<String> {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = ident(chars[i]) && (i == 0 || !ident(chars[i - 1]));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && ident(chars[j]) {
            j += 1;
        }
        let prefix: String = chars[i..j].iter().collect();
        if prefix.ends_with("::") && chars.get(j) == Some(&'{') {
            // One group, nested groups read as their leading path.
            let mut depth = 0;
            let mut item = String::new();
            let mut k = j + 1;
            while k < chars.len() {
                match chars[k] {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.push(format!("{prefix}{}", item.trim()));
                        item.clear();
                        k += 1;
                        continue;
                    }
                    _ => {}
                }
                if depth == 0 {
                    item.push(chars[k]);
                }
                k += 1;
            }
            out.push(format!("{prefix}{}", item.trim()));
            i = k;
        } else {
            if prefix.contains("::") {
                out.push(prefix);
            }
            i = j;
        }
    }
    out.retain(|p| !p.ends_with("::") && !p.ends_with(':'));
    out
}

/// The items a module's file re-exports (`pub use room::Item`), by name, with the room
/// they come from.
fn reexports(text: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for statement in text.split("pub use ").skip(1) {
        let statement = statement.split(';').next().unwrap_or("");
        for path in paths(statement) {
            let room = path.split("::").next().unwrap_or("");
            let item = path.rsplit("::").next().unwrap_or("");
            let item = item.rsplit(" as ").next().unwrap_or(item).trim();
            out.insert(item.to_string(), room.to_string());
        }
    }
    out
}

/// The file `path` names from module `here` (where `super` is `here`'s parent), if it is one
/// of `files`: the module file the path reaches, or, for an item that file re-exports from a
/// room of its own, that room.
fn resolve(
    path: &str,
    here: &[String],
    files: &BTreeMap<ModPath, PathBuf>,
    texts: &BTreeMap<ModPath, String>,
) -> Option<ModPath> {
    let mut segments = path.split("::").map(str::to_string).peekable();
    let mut module: ModPath = match segments.peek().map(String::as_str) {
        Some("crate") => {
            segments.next();
            Vec::new()
        }
        Some("self") => {
            segments.next();
            here.to_vec()
        }
        Some("super") => {
            let mut m = here.to_vec();
            while segments.peek().is_some_and(|s| s == "super") {
                segments.next();
                m.pop();
            }
            m
        }
        Some(first) => {
            let mut child = here.to_vec();
            child.push(first.to_string());
            if !files.contains_key(&child) {
                return None;
            }
            here.to_vec()
        }
        None => return None,
    };
    let rest: Vec<String> = segments.collect();
    let mut at = 0;
    while let Some(next) = rest.get(at) {
        let mut child = module.clone();
        child.push(next.clone());
        if !files.contains_key(&child) {
            break;
        }
        module = child;
        at += 1;
    }
    if !files.contains_key(&module) {
        return None;
    }
    if let Some(item) = rest.get(at)
        && let Some(child) = reexports(&texts[&module]).get(item)
    {
        let mut room = module.clone();
        room.push(child.clone());
        if files.contains_key(&room) {
            return Some(room);
        }
    }
    Some(module)
}

/// Pairs of files under module `under` that use each other.
fn mutual_pairs(src: &Path, under: &[&str]) -> Vec<(PathBuf, PathBuf)> {
    let files = module_files(src);
    let texts: BTreeMap<ModPath, String> = files
        .iter()
        .map(|(m, p)| (m.clone(), std::fs::read_to_string(p).unwrap()))
        .collect();
    let mut uses: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (module, text) in &texts {
        let (code, tests) = code_and_tests(text);
        let mut test_module = module.clone();
        test_module.push("tests".to_string());
        let named = paths(&code)
            .into_iter()
            .filter_map(|p| resolve(&p, module, &files, &texts))
            .chain(
                paths(&tests)
                    .into_iter()
                    .filter_map(|p| resolve(&p, &test_module, &files, &texts)),
            );
        let edges = uses.entry(module.clone()).or_default();
        edges.extend(named.filter(|m| m != module));
    }
    let inside = |m: &ModPath| m.len() >= under.len() && m.iter().zip(under).all(|(a, b)| a == b);
    let mut pairs = Vec::new();
    for (a, edges) in &uses {
        for b in edges {
            if a < b && (inside(a) || inside(b)) && uses.get(b).is_some_and(|e| e.contains(a)) {
                pairs.push((files[a].clone(), files[b].clone()));
            }
        }
    }
    pairs
}

#[test]
fn the_reader_resolves_paths_through_rooms_and_reexports() {
    let found = paths("use super::{a::B, c};\nlet x = crate::wfc::module_set::Dir::North;");
    assert_eq!(
        found,
        [
            "super::a::B",
            "super::c",
            "crate::wfc::module_set::Dir::North"
        ]
    );
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = module_files(&src);
    let texts: BTreeMap<ModPath, String> = files
        .iter()
        .map(|(m, p)| (m.clone(), std::fs::read_to_string(p).unwrap()))
        .collect();
    let wave: ModPath = ["wfc", "solver", "wave"].map(String::from).to_vec();
    let named = |p: &str| resolve(p, &wave, &files, &texts).map(|m| m.join("::"));
    assert_eq!(
        named("super::rules::Rules").as_deref(),
        Some("wfc::solver::rules")
    );
    assert_eq!(named("crate::wfc::Solver").as_deref(), Some("wfc::solver"));
    assert_eq!(
        named("crate::wfc::ModuleSet").as_deref(),
        Some("wfc::module_set")
    );
    assert_eq!(named("super::Solver").as_deref(), Some("wfc::solver"));
    assert_eq!(named("std::mem::take"), None);
}

#[test]
fn no_two_files_of_wfc_use_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let pairs = mutual_pairs(&src, &["wfc"]);
    assert!(pairs.is_empty(), "files that use each other: {pairs:#?}");
}
