//! `horde generate`: tower-defense boards from seeds (levelgen's board generator) written as
//! level files — one to a file or standard output, or `--count C` of them (seeds N..N+C) into a
//! folder — with `--json` a line of figures a board: `{seed, width, height, path_min,
//! path_max, tower_room, walls, ms, retries}`. A bar shows a long batch's progress on a
//! terminal.

use crate::cli::GenerateArgs;
use crate::progress::Progress;
use anyhow::{Context, Result, bail};
use horde_files::write_file;
use horde_levelgen::boards::{GeneratedBoard, generate_board};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One board's JSON line.
fn json(board: &GeneratedBoard, ms: f64) -> String {
    let paths: Vec<u32> = board.measures.paths.iter().flatten().copied().collect();
    let min = paths.iter().min().copied().unwrap_or(0);
    let max = paths.iter().max().copied().unwrap_or(0);
    format!(
        "{{\"seed\":{},\"width\":{},\"height\":{},\"path_min\":{min},\"path_max\":{max},\
         \"tower_room\":{},\"walls\":{:.4},\"ms\":{ms:.3},\"retries\":{}}}",
        board.seed,
        board.spec.width,
        board.spec.height,
        board.measures.tower_room,
        board.measures.walls,
        board.retries
    )
}

/// Writes `text` to `path` (`-`: standard output).
fn write(path: &Path, text: &str) -> Result<()> {
    if horde_files::is_stdout(path) {
        print!("{text}");
        return Ok(());
    }
    write_file(path, text.as_bytes()).with_context(|| format!("--out {}", path.display()))
}

/// Runs `horde generate`.
pub fn run(args: &GenerateArgs) -> Result<()> {
    let spec = args.spec.spec()?;
    let Some(count) = args.count else {
        let started = Instant::now();
        let board = generate_board(&spec, args.seed)?;
        let ms = started.elapsed().as_secs_f64() * 1e3;
        match (&args.out, args.json) {
            (Some(out), _) => write(out, &board.level_text())?,
            (None, false) => print!("{}", board.level_text()),
            (None, true) => {}
        }
        if args.json {
            println!("{}", json(&board, ms));
        }
        return Ok(());
    };
    let folder: Option<&PathBuf> = args.out.as_ref();
    if let Some(folder) = folder {
        if horde_files::is_stdout(folder) {
            bail!("--out: with --count, a folder to write the boards into, not `-`");
        }
        std::fs::create_dir_all(folder).with_context(|| format!("--out {}", folder.display()))?;
    }
    let progress = Progress::new(u64::from(count), "boards", !args.json);
    for seed in args.seed..args.seed.saturating_add(u64::from(count)) {
        let started = Instant::now();
        let board = generate_board(&spec, seed)?;
        let ms = started.elapsed().as_secs_f64() * 1e3;
        if let Some(folder) = folder {
            write(
                &folder.join(format!("board-{seed}.txt")),
                &board.level_text(),
            )?;
        }
        if args.json {
            println!("{}", json(&board, ms));
        }
        progress.inc();
    }
    Ok(())
}
