//! No two source files of the workspace use each other: for every pair of files in one crate,
//! at most one names the other's items. Read from the source itself (`crate::`, `super::`,
//! `self::` and child-module paths, grouped imports expanded), so a new `use` that makes two
//! rooms lean on each other fails here, naming both.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A source file and the module path it defines (`["scatter", "roads"]`; the root is `[]`).
struct File {
    path: PathBuf,
    module: Vec<String>,
    /// The text outside comments and test modules (tests of a file use their own file).
    code: String,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module a file under `src` defines.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// `text` without comments and without `#[cfg(test)]` modules.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            // Skip the item that follows, up to its closing brace at the same indent.
            let indent = line.len() - trimmed.len();
            for next in lines.by_ref() {
                let t = next.trim_start();
                if next.len() - t.len() == indent && t.starts_with('}') {
                    break;
                }
                if next.len() - t.len() == indent && t.ends_with(';') && !t.contains('{') {
                    break;
                }
            }
            continue;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        let without_tail = match line.find(" //") {
            Some(at) => &line[..at],
            None => line,
        };
        code.push_str(without_tail);
        code.push('\n');
    }
    code
}

/// Every path a use tree or an inline path starting at `text` names, grouped imports
/// expanded: `a::{b, c::{d, e}}` gives `a::b`, `a::c::d`, `a::c::e`.
fn expand(text: &str) -> Vec<String> {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
    let prefix: String = text.chars().take_while(|&c| ident(c)).collect();
    let rest = &text[prefix.len()..];
    let Some(group) = rest.strip_prefix('{') else {
        return vec![prefix.trim_end_matches("::").to_string()];
    };
    let mut out = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                out.extend(item(&prefix, &group[start..i]));
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.extend(item(&prefix, &group[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    out
}

fn item(prefix: &str, item: &str) -> Vec<String> {
    let item = item.trim();
    if item.is_empty() {
        return Vec::new();
    }
    if item == "self" {
        return vec![prefix.trim_end_matches("::").to_string()];
    }
    expand(item)
        .into_iter()
        .map(|p| format!("{prefix}{p}"))
        .collect()
}

/// The paths `code` names that start in this crate: `crate::`, `super::`, `self::` or one of
/// `children` (modules the file declares).
fn local_paths(code: &str, children: &BTreeSet<String>) -> Vec<String> {
    let mut paths = Vec::new();
    let bytes = code.as_bytes();
    let starts_word = |at: usize| {
        at == 0 || {
            let c = bytes[at - 1] as char;
            !(c.is_alphanumeric() || c == '_' || c == ':')
        }
    };
    let mut heads: Vec<String> = ["crate::", "super::", "self::"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    heads.extend(children.iter().map(|c| format!("{c}::")));
    for head in &heads {
        for (at, _) in code.match_indices(head.as_str()) {
            if starts_word(at) {
                paths.extend(expand(&code[at..]));
            }
        }
    }
    paths
}

/// The file module a path from `module` names: the longest known module prefix of the path
/// resolved against `module` (`super::` steps up, `self::` and children stay, `crate::` starts
/// at the root).
fn resolve(path: &str, module: &[String], known: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let mut parts = path.split("::").filter(|p| !p.is_empty()).peekable();
    let mut at: Vec<String> = match parts.peek().copied() {
        Some("crate") => {
            parts.next();
            Vec::new()
        }
        _ => module.to_vec(),
    };
    while let Some(&part) = parts.peek() {
        match part {
            "super" => {
                at.pop()?;
            }
            "self" => {}
            _ => break,
        }
        parts.next();
    }
    let mut best = known.contains(&at).then(|| at.clone());
    for part in parts {
        at.push(part.to_string());
        if known.contains(&at) {
            best = Some(at.clone());
        }
    }
    best
}

/// For each crate under `crates/`, which file uses which other files.
fn uses() -> Vec<(String, BTreeMap<PathBuf, BTreeSet<PathBuf>>)> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .unwrap();
    let mut out = Vec::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&crates)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("src").is_dir())
        .collect();
    names.sort();
    for krate in names {
        let src = krate.join("src");
        let mut paths = Vec::new();
        rust_files(&src, &mut paths);
        let files: Vec<File> = paths
            .into_iter()
            .map(|path| {
                let module = module_of(path.strip_prefix(&src).unwrap());
                let code = code_of(&std::fs::read_to_string(&path).unwrap());
                File { path, module, code }
            })
            .collect();
        let known: BTreeSet<Vec<String>> = files.iter().map(|f| f.module.clone()).collect();
        let by_module: BTreeMap<&Vec<String>, &PathBuf> =
            files.iter().map(|f| (&f.module, &f.path)).collect();
        let mut graph: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
        for file in &files {
            let children: BTreeSet<String> = known
                .iter()
                .filter(|m| m.len() == file.module.len() + 1 && m.starts_with(&file.module))
                .map(|m| m[m.len() - 1].clone())
                .collect();
            let edges = graph.entry(file.path.clone()).or_default();
            for path in local_paths(&file.code, &children) {
                if let Some(target) = resolve(&path, &file.module, &known)
                    && target != file.module
                {
                    edges.insert(by_module[&target].clone());
                }
            }
        }
        let name = krate.strip_prefix(&crates).unwrap().display().to_string();
        let graph = graph
            .into_iter()
            .map(|(file, used)| {
                let relative = |p: &Path| p.strip_prefix(&src).unwrap().to_path_buf();
                (relative(&file), used.iter().map(|p| relative(p)).collect())
            })
            .collect();
        out.push((name, graph));
    }
    out
}

#[test]
fn the_reader_resolves_relative_and_grouped_paths() {
    let known: BTreeSet<Vec<String>> = [
        vec![],
        vec!["scatter".to_string()],
        vec!["scatter".to_string(), "roads".to_string()],
        vec!["scatter".to_string(), "layout".to_string()],
    ]
    .into_iter()
    .collect();
    let roads = vec!["scatter".to_string(), "roads".to_string()];
    let paths = expand("super::{layout::{ChunkCoord, Layout}, sampling::GAP};");
    assert_eq!(
        paths,
        [
            "super::layout::ChunkCoord",
            "super::layout::Layout",
            "super::sampling::GAP"
        ]
    );
    assert_eq!(
        resolve(&paths[0], &roads, &known),
        Some(vec!["scatter".to_string(), "layout".to_string()])
    );
    // An item of the parent's own file resolves to the parent.
    assert_eq!(
        resolve(&paths[2], &roads, &known),
        Some(vec!["scatter".to_string()])
    );
    assert_eq!(
        resolve("crate::scatter::roads::Road", &[], &known),
        Some(roads.clone())
    );
    let code = code_of(
        "use a::b; // crate::x\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\nfn f() {}\n",
    );
    assert_eq!(code, "use a::b;\nfn f() {}\n");
    let children = BTreeSet::from(["roads".to_string()]);
    assert_eq!(
        local_paths("pub use roads::{Road, Side};", &children),
        ["roads::Road", "roads::Side"]
    );
}

#[test]
fn no_two_source_files_use_each_other() {
    let mut pairs = Vec::new();
    let mut files = 0;
    for (krate, graph) in uses() {
        files += graph.len();
        for (a, used) in &graph {
            for b in used {
                if a < b && graph.get(b).is_some_and(|back| back.contains(a)) {
                    pairs.push(format!("{krate}: {} <-> {}", a.display(), b.display()));
                }
            }
        }
    }
    assert!(files > 50, "only {files} files read");
    assert!(
        pairs.is_empty(),
        "files that use each other:\n{}",
        pairs.join("\n")
    );
}

/// The loops of `graph` (strongly connected components of more than one file, or a file that
/// uses itself through a path), each as its files in order; Tarjan's algorithm.
fn loops(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    struct Search<'a> {
        graph: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        on_stack: BTreeSet<&'a PathBuf>,
        found: Vec<Vec<PathBuf>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, file: &'a PathBuf) {
            let at = self.index.len();
            self.index.insert(file, at);
            self.low.insert(file, at);
            self.stack.push(file);
            self.on_stack.insert(file);
            for next in self.graph.get(file).into_iter().flatten() {
                let Some((next, _)) = self.graph.get_key_value(next) else {
                    continue;
                };
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[file].min(self.low[next]);
                    self.low.insert(file, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[file].min(self.index[next]);
                    self.low.insert(file, low);
                }
            }
            if self.low[file] == self.index[file] {
                let mut component = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    component.push(top.clone());
                    if top == file {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut search = Search {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for file in graph.keys() {
        if !search.index.contains_key(file) {
            search.visit(file);
        }
    }
    search.found
}

#[test]
fn the_loop_finder_finds_loops_of_any_length() {
    let graph = |edges: &[(&str, &str)]| {
        let mut g: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
        for (a, b) in edges {
            g.entry(PathBuf::from(a))
                .or_default()
                .insert(PathBuf::from(b));
            g.entry(PathBuf::from(b)).or_default();
        }
        g
    };
    let ring = graph(&[("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("d", "e")]);
    let expected: Vec<PathBuf> = ["a", "b", "c", "d"].iter().map(PathBuf::from).collect();
    assert_eq!(loops(&ring), vec![expected]);
    assert!(loops(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])).is_empty());
}

#[test]
fn no_source_files_import_each_other_in_a_loop() {
    let mut found = Vec::new();
    for (krate, graph) in uses() {
        for component in loops(&graph) {
            // Every use inside the loop, to say where to cut it.
            let inside: Vec<String> = component
                .iter()
                .flat_map(|a| {
                    let used = graph[a].iter().filter(|b| component.contains(b));
                    used.map(move |b| format!("  {} -> {}", a.display(), b.display()))
                })
                .collect();
            found.push(format!("{krate}:\n{}", inside.join("\n")));
        }
    }
    assert!(
        found.is_empty(),
        "files that import each other in a loop:\n{}",
        found.join("\n")
    );
}

/// Every crate of the workspace: its folder under `crates/` (`core-sim`) and its package name
/// (`horde-core-sim`).
fn every_crate() -> Vec<(String, PathBuf, String)> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .unwrap();
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&crates).unwrap() {
        let krate = entry.unwrap().path();
        let Ok(manifest) = std::fs::read_to_string(krate.join("Cargo.toml")) else {
            continue;
        };
        let package = manifest
            .lines()
            .find_map(|l| {
                let value = l.strip_prefix("name")?.trim_start().strip_prefix('=')?;
                Some(value.trim().trim_matches('"').to_owned())
            })
            .unwrap();
        let folder = krate.file_name().unwrap().to_string_lossy().into_owned();
        out.push((folder, krate, package));
    }
    out.sort();
    out
}

/// Every folder of a crate's `src` (the root included) that holds a `.rs` file, as the
/// map names it: `crates/core-sim/src/td/towers/`.
fn every_source_folder() -> Vec<String> {
    let mut out = BTreeSet::new();
    for (folder, krate, _) in every_crate() {
        let src = krate.join("src");
        if !src.is_dir() {
            continue;
        }
        let mut paths = Vec::new();
        rust_files(&src, &mut paths);
        for path in paths {
            let relative = path.parent().unwrap().strip_prefix(&src).unwrap();
            let mut name = format!("crates/{folder}/src/");
            for part in relative.components() {
                name.push_str(&part.as_os_str().to_string_lossy());
                name.push('/');
            }
            out.insert(name);
        }
    }
    out.into_iter().collect()
}

/// The map names every crate (its package name) and every source folder (its path from the
/// repository root, with a trailing `/`, in backticks); what each folder's files are is the
/// folder's module doc's to say, not the map's.
#[test]
fn the_architecture_map_names_every_room() {
    let map = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/ARCHITECTURE.md"),
    )
    .unwrap();
    let mut missing: Vec<String> = every_crate()
        .into_iter()
        .filter(|(_, _, package)| !map.contains(&format!("`{package}`")))
        .map(|(folder, _, package)| format!("the crate `{package}` (crates/{folder})"))
        .collect();
    missing.extend(
        every_source_folder()
            .into_iter()
            .filter(|folder| !map.contains(&format!("`{folder}`")))
            .map(|folder| format!("the folder `{folder}`")),
    );
    assert!(
        missing.is_empty(),
        "docs/ARCHITECTURE.md does not name:\n{}",
        missing.join("\n")
    );
}

/// The file whose module doc speaks for `folder` (a folder of some crate's `src`): `lib.rs`
/// (else `main.rs`) for `src` itself, `mod.rs` inside it, or `folder.rs` beside it.
fn root_of(folder: &Path, src: &Path) -> Option<PathBuf> {
    let candidates = if folder == src {
        vec![folder.join("lib.rs"), folder.join("main.rs")]
    } else {
        vec![folder.join("mod.rs"), folder.with_extension("rs")]
    };
    candidates.into_iter().find(|path| path.is_file())
}

/// The rooms of `folder` a module doc must name: its `.rs` files (but the roots) as
/// `name.rs`, its folders as `name/`.
fn rooms_of(folder: &Path) -> Vec<String> {
    let mut rooms = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            rooms.push(format!("{name}/"));
        } else if name.ends_with(".rs") && !matches!(name.as_str(), "lib.rs" | "main.rs" | "mod.rs")
        {
            rooms.push(name);
        }
    }
    rooms.sort();
    rooms
}

/// Every folder of every crate's `src` has a module doc (its root's `//!` lines) that names
/// each of its files and folders: a newcomer reads what a folder holds where its code starts,
/// and a room added without a word fails here, naming both.
#[test]
fn every_module_doc_names_every_room_of_its_folder() {
    let mut missing = Vec::new();
    for (_, krate, _) in every_crate() {
        let src = krate.join("src");
        let mut folders = vec![src.clone()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    folders.push(path);
                }
            }
            let Some(root) = root_of(&folder, &src) else {
                missing.push(format!("{}: no module file", folder.display()));
                continue;
            };
            let text = std::fs::read_to_string(&root).unwrap();
            let doc: String = text
                .lines()
                .filter_map(|line| line.strip_prefix("//!"))
                .collect::<Vec<_>>()
                .join("\n");
            for room in rooms_of(&folder) {
                if !doc.contains(&room) {
                    missing.push(format!("{}: {room}", root.display()));
                }
            }
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "module docs that do not name a room of their folder:\n{}",
        missing.join("\n")
    );
}
