//! The app's layout holds: no import circle between its modules, the shell never names a
//! scene's content or the stress run, scenes never open windows or event loops, only
//! `worker.rs` starts threads, and no file of any crate (tests aside) grows past 600 lines. Read from
//! the source itself, so a new `use` that breaks a rule fails here.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The scenes, read from the scene registry: each has a folder of its own under `scenes/`
/// named as its `--scene` name, and each is a node of the graph.
fn is_scene(name: &str) -> bool {
    horde::scenes::registry::names().any(|scene| scene == name)
}

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            source_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The graph node a file belongs to: its top-level module, or `scenes::NAME` inside a scene's
/// folder; `None` for the crate root.
fn node_of(relative: &Path) -> Option<String> {
    let parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    match parts.as_slice() {
        [root] if root == "lib" || root == "main" => None,
        [first, second, ..] if first == "scenes" && is_scene(second) => {
            Some(format!("scenes::{second}"))
        }
        // The value parsers are a leaf of their own (plain string functions, fuzzed alone), and
        // so are a generated board's flags (clap and levelgen only), which scenes flatten.
        [first, second, ..] if first == "cli" && (second == "values" || second == "board") => {
            Some(format!("cli::{second}"))
        }
        [first, ..] => Some(first.clone()),
        [] => None,
    }
}

/// The node a path after `crate::` names (`scenes::td::play` → `scenes::td`).
fn node_named(path: &str) -> String {
    let mut parts = path.split("::");
    let first = parts.next().unwrap_or_default().to_string();
    match parts.next() {
        Some(second) if first == "scenes" && is_scene(second) => {
            format!("scenes::{second}")
        }
        Some(leaf @ ("values" | "board" | "coop")) if first == "cli" => format!("cli::{leaf}"),
        _ => first,
    }
}

/// Every `crate::…` path in `text`, with grouped imports (`crate::a::{b, c::d}`) expanded.
fn crate_paths(text: &str) -> Vec<String> {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
    let mut paths = Vec::new();
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        let prefix: String = rest.chars().take_while(|&c| ident(c)).collect();
        let after = &rest[prefix.len()..];
        match after.strip_prefix('{') {
            Some(group) => {
                // Items at the group's top level (commas inside nested braces do not split).
                let mut depth = 0;
                let mut item = String::new();
                for c in group.chars() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            paths.push(format!("{prefix}{}", first_path(&item)));
                            item.clear();
                            continue;
                        }
                        _ => {}
                    }
                    item.push(c);
                }
                paths.push(format!("{prefix}{}", first_path(&item)));
            }
            None => paths.push(prefix.trim_end_matches("::").to_string()),
        }
    }
    paths.retain(|p| !p.is_empty() && !p.ends_with("::"));
    paths
}

/// The leading path of a group item (`td::TdPlay` of `td::TdPlay`, `a` of `a::{b, c}`).
fn first_path(item: &str) -> String {
    let path: String = item
        .trim()
        .chars()
        .take_while(|&c| c.is_alphanumeric() || c == '_' || c == ':')
        .collect();
    path.trim_end_matches("::").to_string()
}

struct Source {
    node: String,
    file: PathBuf,
    text: String,
}

fn sources() -> Vec<Source> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    source_files(&src, &mut files);
    files
        .into_iter()
        .filter_map(|file| {
            let node = node_of(file.strip_prefix(&src).unwrap())?;
            let text = std::fs::read_to_string(&file).unwrap();
            Some(Source { node, file, text })
        })
        .collect()
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in sources() {
        let edges = graph.entry(source.node.clone()).or_default();
        for path in crate_paths(&source.text) {
            let to = node_named(&path);
            if to != source.node && !to.is_empty() {
                edges.insert(to);
            }
        }
    }
    graph
}

/// A cycle through `graph`, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_reader_sees_grouped_and_plain_paths() {
    let text = "use crate::scenes::{Scene, td::TdPlay};\nuse crate::clock::STEP;\nx = crate::worker::lower_priority();";
    let nodes: Vec<String> = crate_paths(text).iter().map(|p| node_named(p)).collect();
    assert_eq!(nodes, ["scenes", "scenes::td", "clock", "worker"]);
    assert_eq!(node_named("scenes::td::TdPlay"), "scenes::td");
    let cyclic = BTreeMap::from([
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["a".to_string()])),
    ]);
    assert!(find_cycle(&cyclic).is_some());
}

#[test]
fn every_registered_scene_is_a_folder_and_the_value_parsers_a_leaf() {
    let scenes = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/scenes");
    for name in horde::scenes::registry::names() {
        assert!(
            scenes.join(name).join("mod.rs").exists(),
            "no folder scenes/{name}"
        );
        assert!(
            scenes.join(name).join("args.rs").exists(),
            "scenes/{name}: no args.rs"
        );
    }
    let graph = graph();
    let values = graph.get("cli::values").cloned().unwrap_or_default();
    assert!(values.is_empty(), "cli/values.rs uses {values:?}");
    let board = graph.get("cli::board").cloned().unwrap_or_default();
    assert!(board.is_empty(), "cli/board.rs uses {board:?}");
    let coop = graph.get("cli::coop").cloned().unwrap_or_default();
    assert!(coop.is_empty(), "cli/coop.rs uses {coop:?}");
    let text = std::fs::read_to_string(scenes.join("../cli/values.rs")).unwrap();
    assert!(!text.contains("super::") && !text.contains("crate::"));
}

#[test]
fn no_module_imports_another_that_imports_it_back() {
    let graph = graph();
    assert!(graph.contains_key("shell") && graph.contains_key("scenes::td"));
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import circle: {}\n{graph:#?}", cycle.join(" → "));
    }
}

#[test]
fn the_shell_names_no_scene_and_no_stress_run() {
    let graph = graph();
    let shell = &graph["shell"];
    let scenes = horde::scenes::registry::names().map(|name| format!("scenes::{name}"));
    let forbidden: Vec<String> = scenes.chain(["stress".into(), "commands".into()]).collect();
    for forbidden in &forbidden {
        assert!(!shell.contains(forbidden), "the shell uses {forbidden}");
    }
    assert!(!graph["stress"].contains("shell"), "stress uses the shell");
}

#[test]
fn scenes_never_open_a_window_surface_or_event_loop() {
    for source in sources() {
        if !source.node.starts_with("scenes") && source.node != "stress" {
            continue;
        }
        for forbidden in [
            "EventLoop",
            "create_window",
            "create_surface",
            "ApplicationHandler",
        ] {
            assert!(
                !source.text.contains(forbidden),
                "{} mentions {forbidden}",
                source.file.display()
            );
        }
    }
}

#[test]
fn exactly_one_application_handler() {
    let handlers: Vec<_> = sources()
        .into_iter()
        .filter(|s| {
            s.text
                .contains("impl<S: Scene + ?Sized> ApplicationHandler for")
        })
        .map(|s| s.file)
        .collect();
    assert_eq!(handlers.len(), 1, "{handlers:?}");
    let all = sources()
        .iter()
        .map(|s| s.text.matches(" ApplicationHandler for ").count())
        .sum::<usize>();
    assert_eq!(all, 1);
}

#[test]
fn only_the_worker_room_starts_threads() {
    for source in sources() {
        if source.file.ends_with("worker.rs") {
            continue;
        }
        for start in [
            "thread::spawn",
            "thread::Builder",
            "thread::scope",
            "ThreadPoolBuilder",
            "rayon::spawn",
            "rayon::scope",
        ] {
            assert!(
                !source.text.contains(start),
                "{} starts threads ({start}): that is worker.rs's",
                source.file.display()
            );
        }
    }
}

/// Every Rust file of every crate that is not a test: its sources (but the test modules kept
/// in files of their own, `tests.rs`), examples and benches.
fn every_crates_files() -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&crates).unwrap() {
        let krate = entry.unwrap().path();
        for part in ["src", "examples", "benches"] {
            if krate.join(part).is_dir() {
                source_files(&krate.join(part), &mut files);
            }
        }
    }
    files.retain(|f| f.file_name().is_some_and(|n| n != "tests.rs"));
    files
}

#[test]
fn no_file_of_any_crate_is_over_600_lines() {
    let files = every_crates_files();
    assert!(files.len() > 200, "only {} files read", files.len());
    let long: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let lines = std::fs::read_to_string(file).unwrap().lines().count();
            (lines > 600).then(|| format!("{}: {lines} lines", file.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "files over 600 lines:\n{}",
        long.join("\n")
    );
}
