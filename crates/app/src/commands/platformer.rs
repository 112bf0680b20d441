//! `horde platformer`: the 2D section treadmill headless, at a fixed 1/60 s step, with the
//! autopilot playing, and a summary of what it recycled, how often each template was used and
//! whether the player was still in the run.

use crate::cli::PlatformerArgs;
use crate::clock::STEP;
use anyhow::Result;
use horde_core_sim::platformer::{
    Player as PlatformerPlayer, Sections, Treadmill, autopilot as platformer_autopilot,
};
use serde::Serialize;
use std::collections::BTreeMap;

/// The `--json` summary: the contract's keys, in the order the manual's `horde platformer`
/// chapter (`docs/book/src/commands/platformer.md`) gives them.
#[derive(Serialize)]
struct Summary {
    seconds: f64,
    speed: f64,
    recycled: u64,
    template_uses: BTreeMap<String, u64>,
    max_same_template_active: usize,
    game_over: bool,
    jumps: u64,
}

/// Runs `horde platformer`.
pub fn run(args: &PlatformerArgs) -> Result<()> {
    let sections = match &args.sections {
        Some(path) => Sections::load(path)?,
        None => Sections::built_in()?,
    };
    let speed = sections.speed;
    let mut treadmill = Treadmill::new(sections, args.seed);
    let mut player = PlatformerPlayer::default();
    let steps = (args.seconds / STEP).round() as u64;
    for _ in 0..steps {
        treadmill.step(STEP);
        let jump = platformer_autopilot(&player, &treadmill);
        player.step(&treadmill, jump, STEP);
    }
    let template_uses = treadmill
        .sections()
        .templates
        .iter()
        .zip(treadmill.template_uses())
        .map(|(t, &n)| (t.name.clone(), n))
        .collect();
    let summary = Summary {
        seconds: (treadmill.seconds() * 1000.0).round() / 1000.0,
        speed,
        recycled: treadmill.recycled(),
        template_uses,
        max_same_template_active: treadmill.max_same_template_active(),
        game_over: player.out,
        jumps: player.jumps,
    };
    if args.json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        println!(
            "{:.1} s at speed {}: {} sections recycled; most points with one template at once: {}; uses {:?}",
            summary.seconds,
            summary.speed,
            summary.recycled,
            summary.max_same_template_active,
            summary.template_uses
        );
    }
    Ok(())
}
