//! The simulation takes every function beyond IEEE's basic operations from `maths.rs` alone
//! (one implementation on every platform): no other source file of the crate, outside its
//! tests, calls `sin`, `cos`, `atan2`, `exp`, `powf` or their kin on a float.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::path::{Path, PathBuf};

/// The methods whose results the platform's library decides.
const PLATFORM_MATHS: [&str; 22] = [
    "sin", "cos", "tan", "sin_cos", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "exp",
    "exp2", "exp_m1", "ln", "ln_1p", "log", "log2", "log10", "powf", "powi", "cbrt",
];

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The calls of `text` (its tests left out) to the platform's maths: `(line, method)`.
fn platform_calls(text: &str) -> Vec<(usize, &'static str)> {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    let mut calls = Vec::new();
    for (number, line) in code.lines().enumerate() {
        let line = line.split("//").next().unwrap_or_default();
        for method in PLATFORM_MATHS {
            let call = format!(".{method}(");
            let by_platform = line.match_indices(&call).any(|(at, _)| {
                // `maths.sin_cos(..)` and `Maths::Portable.sin_cos(..)` are `maths.rs`'s.
                let before = line[..at].trim_end_matches(|c: char| c.is_alphanumeric() || c == '_');
                let receiver = line[before.len()..at].to_lowercase();
                !(receiver.ends_with("maths") || receiver == "portable" || receiver == "platform")
            });
            if by_platform {
                calls.push((number + 1, method));
            }
        }
    }
    calls
}

#[test]
fn only_maths_rs_calls_the_platforms_maths() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(files.len() > 50, "{} sources", files.len());
    let mut offences = Vec::new();
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy();
        if name == "maths.rs" || name == "tests.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for (line, method) in platform_calls(&text) {
            offences.push(format!("{}:{line}: .{method}(", file.display()));
        }
    }
    assert!(offences.is_empty(), "{}", offences.join("\n"));
}

#[test]
fn the_scan_sees_a_call() {
    assert_eq!(platform_calls("let a = x.sin_cos();\n"), [(1, "sin_cos")]);
    assert!(platform_calls("let a = maths.sin_cos(x) + Maths::Portable.atan2(y, x);").is_empty());
    assert_eq!(
        platform_calls("// x.sin()\nlet b = y.atan2(z);"),
        [(2, "atan2")]
    );
    assert!(platform_calls("#[cfg(test)]\nmod t { fn f() { x.cos(); } }").is_empty());
}
