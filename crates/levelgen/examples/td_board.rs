//! A tower-defense board generated from a seed, printed as a level file, with its figures:
//! `cargo run -p horde-levelgen --example td_board -- [--seed N] [--size WxH | --spec TEXT]
//! [--version V] [--count C]`. `--spec` takes a whole spec as a board's header writes it
//! (`'40x20 spawns=4 walls=0.35'`), `--version` an older generator's version. With `--count`,
//! boards of seeds N..N+C are made and only their figures printed: how many were made, how
//! many at the first try, how many the retries gave up on.

use horde_levelgen::boards::{BoardSpec, GENERATOR_VERSION, generate_board_version, parse_size};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut spec = BoardSpec::default();
    let (mut seed, mut count, mut version) = (0u64, None::<u64>, GENERATOR_VERSION);
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_default();
        let parsed = match flag.as_str() {
            "--seed" => value.parse().map(|v| seed = v).is_ok(),
            "--count" => value.parse().map(|v| count = Some(v)).is_ok(),
            "--version" => value.parse().map(|v| version = v).is_ok(),
            "--spec" => BoardSpec::parse(&value).map(|s| spec = s).is_ok(),
            "--size" => parse_size(&value)
                .map(|(w, h)| (spec.width, spec.height) = (w, h))
                .is_ok(),
            _ => false,
        };
        if !parsed {
            eprintln!(
                "td_board: {flag} {value}: expected --seed N, --size WxH, --spec TEXT, \
                 --version V or --count C"
            );
            return ExitCode::FAILURE;
        }
    }
    let Some(count) = count else {
        return match generate_board_version(version, &spec, seed) {
            Ok(board) => {
                print!("{}", board.level_text());
                eprintln!("{:?}, {} retries", board.measures, board.retries);
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("td_board: {e}");
                ExitCode::FAILURE
            }
        };
    };
    let started = Instant::now();
    let (mut made, mut first_try, mut retries, mut failed) = (0u64, 0u64, 0u64, 0u64);
    for s in seed..seed + count {
        match generate_board_version(version, &spec, s) {
            Ok(board) => {
                made += 1;
                first_try += u64::from(board.retries == 0);
                retries += u64::from(board.retries);
            }
            Err(_) => failed += 1,
        }
    }
    let ms = started.elapsed().as_secs_f64() * 1e3;
    println!(
        "v{version} {spec}: {made} boards ({first_try} at the first try), {failed} given up, \
         {retries} retries, {:.3} ms a board",
        ms / count.max(1) as f64
    );
    ExitCode::SUCCESS
}
