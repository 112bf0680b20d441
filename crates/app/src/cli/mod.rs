//! The command line's types: subcommands and flags, parsed and range-checked by clap (value
//! parsers included), so a bad flag is reported with its name before anything runs. Nothing
//! here does the work: each subcommand's module under `commands/` does.
//!
//! The rooms: this file (the subcommands and their flags), `values.rs` (the value parsers:
//! sizes, regions, columns, numbers and ranges, each checked against its limits; fuzzed on
//! their own), `board.rs` (the flags of a generated board: its spec, `--generate N` and
//! `--challenge`), `online.rs` (the challenge board's commands: `serve`, `submit`, `board`),
//! `coop.rs` (the co-op flags of `run` and `sim`: `--host`, `--join` and theirs; a leaf, as
//! `board.rs` and `values.rs` are, so that the scenes read it without a loop), `gpu.rs` (the
//! flags of every command that draws: backend, adapter, quality).

pub mod board;
pub mod coop;
pub mod gpu;
pub mod online;
pub mod values;

pub use crate::scenes::city::args::{CityView, DEFAULT_MAP_SIZE};
pub use crate::scenes::given::{SceneArgs, WindowArgs};
pub use crate::scenes::td::args::{CubeChoice, SpawnFlags};
use clap::{Args, Parser, Subcommand, ValueEnum};
pub use gpu::GpuFlags;
use horde_core_sim::td::defence::Priority;
use horde_core_sim::td::swarm::SpawnSettings;
use std::path::PathBuf;
pub use values::Region;
use values::{
    parse_column, parse_dt, parse_priority, parse_region, parse_seconds, parse_size, parse_size3,
};

/// The most frames `stress` measures or `screenshot` steps before its picture (`stress` keeps
/// a figure per frame).
pub const MAX_FRAMES: u64 = 1_000_000;
/// The most fixed steps `sim --ticks` runs.
pub const MAX_TICKS: u64 = 100_000_000;

/// Horde: tower-defense swarms and endless procedural levels.
#[derive(Debug, Parser)]
#[command(name = "horde", version, about)]
pub struct Cli {
    /// What to do; `run` when omitted.
    #[command(subcommand)]
    pub command: Option<Command>,
}

impl Cli {
    /// The subcommand to carry out: the one given, else `run` with clap's defaults for every
    /// flag (as if `horde run` had been typed).
    pub fn command_or_run(self) -> Command {
        match self.command {
            Some(command) => command,
            None => match Cli::try_parse_from(["horde", "run"]) {
                Ok(Cli {
                    command: Some(command),
                }) => command,
                // `horde run` with no flags always parses; a run with every field given is
                // the fallback the compiler asks for.
                _ => unreachable!("`horde run` parses"),
            },
        }
    }
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open a scene in a window (the tower-defense board by default).
    Run(RunArgs),
    /// Run the tower-defense simulation headless, with no GPU, and print a JSON summary.
    Sim(Box<SimArgs>),
    /// Generate tower-defense boards from seeds (WFC, with a path guarantee) as level files.
    Generate(GenerateArgs),
    /// Play a recording (`horde run --record`) again headless and check its checksums.
    Replay(ReplayArgs),
    /// Predict the coming wave of a scenario game exactly, headless.
    Preview(PreviewArgs),
    /// List every graphics adapter wgpu finds: backend, name, type, driver.
    Adapters,
    /// Render a scene offscreen after N fixed 1/60 s steps and save it as a PNG.
    Screenshot(ScreenshotArgs),
    /// Measure N enemies end to end: simulation, upload and drawing, frame by frame.
    Stress(StressArgs),
    /// Generate a Wave Function Collapse map from a module set.
    Wfc(WfcArgs),
    /// Play the endless runner headless, by autopilot or from an input script.
    Runner(RunnerArgs),
    /// Scatter noise-placed scenery over the first slices of the runner's band.
    Scatter(ScatterArgs),
    /// Run the 2D section treadmill headless (three points, templates recycled ahead).
    Platformer(PlatformerArgs),
    /// Serve the challenge board: every run replayed before it is listed.
    Serve(online::ServeArgs),
    /// Submit a finished challenge run to the board server.
    Submit(online::SubmitArgs),
    /// Print a day's challenge board from the board server.
    Board(online::BoardArgs),
}

/// Flags of `horde platformer`.
#[derive(Debug, Args)]
pub struct PlatformerArgs {
    /// Simulated seconds to run at a fixed 1/60 s step.
    #[arg(long, value_name = "S", default_value_t = 60.0, value_parser = parse_seconds)]
    pub seconds: f64,
    /// Random seed (template choice).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Sections file (RON; default: `assets/platformer/default.ron`, built in).
    #[arg(long, value_name = "F.ron")]
    pub sections: Option<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Flags of `horde scatter`.
#[derive(Debug, Args)]
pub struct ScatterArgs {
    /// Random seed.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Slices to generate, from the origin along the band.
    #[arg(long, value_name = "K", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub slices: u32,
    /// Settings file (RON; default: `assets/scatter/default.ron`, built in).
    #[arg(long, value_name = "FILE")]
    pub settings: Option<PathBuf>,
    /// Write every placement as JSON (written to a temporary file, then renamed).
    #[arg(long, value_name = "POINTS.json")]
    pub out: Option<PathBuf>,
    /// Write the roads as JSON polylines, `[{"width": w, "points": [[x, z], ..]}, ..]`, joined
    /// across chunks and slices (written to a temporary file, then renamed).
    #[arg(long, value_name = "ROADS.json")]
    pub roads_out: Option<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Flags of `horde runner`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("player").required(true).args(["autoplay", "input"])))]
pub struct RunnerArgs {
    /// Let the autopilot play (it reads the obstacle ahead and jumps or crouches).
    #[arg(long, conflicts_with = "input")]
    pub autoplay: bool,
    /// Replay an input script instead (`TICK ACTION` lines: start, jump, crouch, stand).
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// Simulated seconds to run at a fixed 1/60 s step (the run ends earlier on game over).
    #[arg(long, value_name = "S", default_value_t = 60.0, value_parser = parse_seconds)]
    pub seconds: f64,
    /// Random seed (obstacle choice).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Settings file (RON; default: `assets/runner/default.ron`, built in).
    #[arg(long, value_name = "FILE")]
    pub settings: Option<PathBuf>,
    /// Write the inputs given as an input script, to replay with `--input`.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Flags of `horde wfc`.
#[derive(Debug, Args)]
pub struct WfcArgs {
    /// Module set (RON), e.g. `assets/wfc/city.ron`.
    #[arg(long, value_name = "FILE")]
    pub modules: PathBuf,
    /// Map size in cells, `XxYxZ` (Y is the height; with `--infinite` only Y is used).
    #[arg(long, value_name = "XxYxZ", value_parser = parse_size3, required_unless_present = "infinite")]
    pub size: Option<(u32, u32, u32)>,
    /// Random seed.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Write the map as JSON (written to a temporary file, then renamed).
    #[arg(long, value_name = "MAP.json")]
    pub out: Option<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The infinite map instead (headless): a region of it (`--region`) or a walk (`--walk`).
    #[arg(long)]
    pub infinite: bool,
    /// With `--infinite`: write the columns of this region, `X,Z,WxD` (corner and size in
    /// columns), to `--out`.
    #[arg(long, value_name = "X,Z,WxD", value_parser = parse_region, requires = "infinite",
          conflicts_with = "walk", allow_hyphen_values = true)]
    pub region: Option<Region>,
    /// With `--region`: first make the map around this column (repeatable, in order). The
    /// region comes out the same whatever was visited.
    #[arg(long, value_name = "X,Z", value_parser = parse_column, requires = "region",
          allow_hyphen_values = true)]
    pub visit: Vec<(i32, i32)>,
    /// With `--region`: measure, storey by storey, the share of the region's columns a walker
    /// can stand on and the share of those it reaches on foot from the street (`storeys` in
    /// the summary; `--out` is then optional).
    #[arg(long, requires = "region")]
    pub survey: bool,
    /// With `--infinite`: cells to walk.
    #[arg(long, value_name = "N", requires = "infinite",
          value_parser = clap::value_parser!(u64).range(0..=10_000_000))]
    pub walk: Option<u64>,
    /// With `--walk`: the route, a square spiral from the origin or a straight line east.
    #[arg(long, value_enum, default_value = "spiral", requires = "walk")]
    pub route: Route,
    /// With `--walk`: keep the map within this many columns of the walker (default: what the
    /// city scene keeps).
    #[arg(long, value_name = "R", requires = "walk",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub keep: Option<u32>,
}

/// The routes of `horde wfc --infinite --walk`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Route {
    /// A square spiral outwards from the origin.
    Spiral,
    /// Straight east from the origin.
    Line,
}

/// What `horde stress` draws with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StressRenderer {
    /// The wgpu renderer.
    Wgpu,
    /// No GPU at all: simulation and model matrices only.
    None,
}

/// Flags of `horde stress`.
#[derive(Clone, Debug, Args)]
pub struct StressArgs {
    /// Enemies on the board, held constant.
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=20_000_000))]
    pub enemies: u64,
    /// Frames to measure (after a short warm-up that is not measured), 1–1,000,000.
    #[arg(long, value_name = "N", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=MAX_FRAMES))]
    pub frames: u64,
    /// Render offscreen instead of opening a window.
    #[arg(long)]
    pub headless: bool,
    /// `wgpu` or `none` (no GPU: simulation and matrices only).
    #[arg(long, value_enum, default_value = "wgpu")]
    pub renderer: StressRenderer,
    /// Backend and adapter.
    #[command(flatten)]
    pub gpu: GpuFlags,
    /// Frame size in pixels.
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = parse_size)]
    pub size: (u32, u32),
    /// Print one JSON object with every figure.
    #[arg(long)]
    pub json: bool,
    /// Random seed.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Upload the instances once and only draw afterwards (no simulation, no upload), to show
    /// what the per-frame work costs on top of drawing.
    #[arg(long)]
    pub static_instances: bool,
    /// The enemies play the series' animation clips (placed mid-path, they begin with their
    /// intro), drawn in the same fused pass.
    #[arg(long)]
    pub animation: bool,
    /// Also time the game's state checksum after every frame's step, apart from the frame
    /// (`checksum_ms` in the report).
    #[arg(long)]
    pub checksum: bool,
    /// Level file instead of the generated serpentine board.
    #[arg(long, value_name = "FILE")]
    pub level: Option<PathBuf>,
    /// How enemy cubes are drawn: `visible` (only the faces the camera can see, 6 triangles)
    /// or `full` (12 triangles, half culled after assembly); both (`full,visible`) runs each
    /// in turn, one series each on the `--plot` chart.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "visible")]
    pub cube: Vec<CubeChoice>,
    /// Turn this many of the board's walls into towers (of every kind alike, chosen by the
    /// seed), 0–1,000,000; more than the board has is an error. A list (`0,10000`) runs each
    /// in turn, one series each on the `--plot` chart.
    #[arg(long, value_name = "N", value_delimiter = ',', default_value = "0", value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub towers: Vec<u64>,
    /// Every tower's targeting priority: random (the default), first, last, strongest,
    /// weakest or closest.
    #[arg(long, value_name = "P", default_value = "random", value_parser = parse_priority)]
    pub priority: Priority,
    /// Run each of these enemy counts in turn (instead of `--enemies`), one report (JSON line)
    /// each; several runs are measured offscreen, as with `--headless`.
    #[arg(long, value_name = "N1,N2,..", value_delimiter = ',', conflicts_with = "enemies", value_parser = clap::value_parser!(u64).range(1..=20_000_000))]
    pub sweep: Vec<u64>,
    /// Draw the runs' frame and sim times (p50 and p95) against enemies, on log axes, into this
    /// SVG chart: one series per configuration.
    #[arg(long, value_name = "F.svg")]
    pub plot: Option<PathBuf>,
}

impl StressArgs {
    /// How this run draws enemy cubes (the first of `--cube`).
    pub fn cube(&self) -> CubeChoice {
        self.cube.first().copied().unwrap_or(CubeChoice::Visible)
    }

    /// Towers on this run's board (the first of `--towers`).
    pub fn towers(&self) -> u64 {
        self.towers.first().copied().unwrap_or(0)
    }

    /// The runs these flags ask for, in order: every cube of `--cube`, with every count of
    /// `--towers`, each at every count of `--sweep` (else at `--enemies`). Each has one cube,
    /// one tower count and one enemy count.
    pub fn runs(&self) -> Vec<StressArgs> {
        let counts = if self.sweep.is_empty() {
            vec![self.enemies]
        } else {
            self.sweep.clone()
        };
        let mut cubes = self.cube.clone();
        cubes.dedup();
        if cubes.is_empty() {
            cubes.push(CubeChoice::Visible);
        }
        let mut towers = self.towers.clone();
        towers.dedup();
        if towers.is_empty() {
            towers.push(0);
        }
        let mut runs = Vec::with_capacity(cubes.len() * towers.len() * counts.len());
        for &cube in &cubes {
            for &tower_count in &towers {
                for &enemies in &counts {
                    runs.push(StressArgs {
                        enemies,
                        cube: vec![cube],
                        towers: vec![tower_count],
                        sweep: Vec::new(),
                        ..self.clone()
                    });
                }
            }
        }
        runs
    }
}

/// Flags of `horde run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The scene and its flags.
    #[command(flatten)]
    pub scene: SceneArgs,
    /// Do not watch the files the scene loaded (by default an edit of one applies live).
    #[arg(long)]
    pub no_watch: bool,
    /// Backend and adapter.
    #[command(flatten)]
    pub gpu: GpuFlags,
    /// Quit after presenting this many frames (for smoke tests and timing).
    #[arg(long, value_name = "N")]
    pub frames: Option<u64>,
    /// On exit, print the scene's summary as one JSON line on stdout.
    #[arg(long)]
    pub json: bool,
    /// The scenes' flags only a window takes (`--record`, `--replay`, `--play-speed`).
    #[command(flatten)]
    pub window: WindowArgs,
}

/// Flags of `horde screenshot`.
#[derive(Debug, Args)]
pub struct ScreenshotArgs {
    /// The scene and its flags.
    #[command(flatten)]
    pub scene: SceneArgs,
    /// Fixed 1/60 s simulation steps before the picture is taken, 0–1,000,000.
    #[arg(long, value_name = "N", default_value_t = 600, value_parser = clap::value_parser!(u64).range(0..=MAX_FRAMES))]
    pub frames: u64,
    /// Image size in pixels.
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = parse_size)]
    pub size: (u32, u32),
    /// Backend and adapter.
    #[command(flatten)]
    pub gpu: GpuFlags,
    /// Where to write the PNG (written to a temporary file, then renamed).
    #[arg(long, value_name = "FILE.png")]
    pub out: PathBuf,
}

impl SpawnFlags {
    /// The settings these flags describe (already range-checked by the parsers).
    pub fn settings(&self) -> Result<SpawnSettings, horde_core_sim::td::swarm::SettingsError> {
        SpawnSettings::new(self.spawn_speed, self.scale, self.speed, self.path_offset)
    }
}

/// Flags of `horde sim`.
#[derive(Debug, Args)]
pub struct SimArgs {
    /// Level file (default: the built-in 11×11 board, `assets/levels/default.txt`).
    #[arg(long, value_name = "FILE")]
    pub level: Option<PathBuf>,
    /// A generated board instead of a level file.
    #[command(flatten)]
    pub board: board::GenerateFlags,
    /// Number of fixed steps to run, 0–100,000,000.
    #[arg(long, value_name = "N", default_value_t = 600, value_parser = clap::value_parser!(u64).range(0..=MAX_TICKS))]
    pub ticks: u64,
    /// Random seed (ChaCha8).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Seconds per step, in (0, 10] (default 1/60, or with `--load` the step the game was
    /// saved at).
    #[arg(long, value_name = "SECONDS", value_parser = parse_dt, allow_hyphen_values = true)]
    pub dt: Option<f32>,
    /// Spawn settings.
    #[command(flatten)]
    pub spawn: SpawnFlags,
    /// Write the per-tick CSV trace here
    /// (`tick,id,x,z,yaw_deg,scale,speed,path_offset,health,clip`).
    #[arg(long, value_name = "FILE.csv")]
    pub trace: Option<PathBuf>,
    /// Scripted edits, one `TICK ACTION X Y` per line (ACTION: wall, destination, spawn or a
    /// tower kind's name).
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// Play this scenario (RON) instead of the spawner flags; the run stops at an outcome.
    #[arg(long, value_name = "FILE.ron")]
    pub scenario: Option<PathBuf>,
    /// Write the whole game here after the last tick (a `*.horde` save; `-` for standard
    /// output).
    #[arg(long, value_name = "FILE.horde")]
    pub save: Option<PathBuf>,
    /// Continue the game saved in this file for `--ticks` more ticks, tick numbers going on,
    /// exactly as if it had never stopped (the save holds the board, the scenario, the spawn
    /// settings and the seed).
    #[arg(long, value_name = "FILE.horde", conflicts_with_all = [
        "level", "generate", "scenario", "seed", "spawn_speed", "scale", "speed", "path_offset",
        "animation"])]
    pub load: Option<PathBuf>,
    /// Write the game's state checksum as CSV, `tick,checksum` (16 hex digits), every
    /// `--checksum-every` ticks and after the last tick (`-` for standard output).
    #[arg(long, value_name = "FILE.csv")]
    pub checksums: Option<PathBuf>,
    /// With `--checksums`: ticks between two checksums (ticks whose number it divides).
    #[arg(long, value_name = "N", default_value_t = 60, requires = "checksums",
          value_parser = clap::value_parser!(u64).range(1..=MAX_TICKS))]
    pub checksum_every: u64,
    /// Save and load the whole game through the save format after every tick, checking that
    /// its checksum stays the uninterrupted game's; exit 1 naming the first tick that differs.
    #[arg(long)]
    pub heavy: bool,
    /// Write the run as a recording (`horde replay` checks it): a header naming the level,
    /// scenario or spawner and seed, the script's edits that took, and a checksum line every
    /// 60 ticks.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["load", "join"])]
    pub record: Option<PathBuf>,
    /// Co-op: host the game or join one.
    #[command(flatten)]
    pub coop: coop::CoopFlags,
    /// The summary as one JSON line, the last on stdout (it always is: accepted so that
    /// scripts may say so).
    #[arg(long)]
    pub json: bool,
}

/// Flags of `horde generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The board's seed (with `--count`, the first of them).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Make this many boards, seeds N..N+C, 1–1,000,000 (written into the `--out` folder as
    /// `board-SEED.txt`, when one is given).
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub count: Option<u32>,
    /// Where the level goes (`-`: standard output, the default); with `--count`, a folder.
    #[arg(long, value_name = "FILE|-")]
    pub out: Option<PathBuf>,
    /// Print a JSON line of figures a board: `{seed, width, height, path_min, path_max,
    /// tower_room, walls, ms, retries}`.
    #[arg(long)]
    pub json: bool,
    /// The board's spec.
    #[command(flatten)]
    pub spec: board::BoardSpecFlags,
}

/// Flags of `horde preview`.
#[derive(Debug, Args)]
pub struct PreviewArgs {
    /// Level file (default: the built-in board).
    #[arg(long, value_name = "FILE")]
    pub level: Option<PathBuf>,
    /// A generated board instead of a level file.
    #[command(flatten)]
    pub board: board::GenerateFlags,
    /// The scenario (RON) whose waves are predicted.
    #[arg(long, value_name = "FILE.ron", required_unless_present_any = ["load", "challenge"])]
    pub scenario: Option<PathBuf>,
    /// Random seed (ChaCha8).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Predict from this saved game instead (its board, scenario and seed).
    #[arg(long, value_name = "FILE.horde", conflicts_with_all = ["level", "generate", "scenario", "seed"])]
    pub load: Option<PathBuf>,
    /// Play these edits first (`TICK ACTION X Y`): the game runs to its last edit's tick,
    /// and the prediction starts there.
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// Print the prediction as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Also predict how the game ends if nothing changes (lost at a wave and tick, won, or
    /// still standing an hour of game after the wave), adding `end` to the summary.
    #[arg(long)]
    pub end: bool,
}

/// Flags of `horde replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The recording (`horde run --record F`).
    #[arg(value_name = "FILE")]
    pub recording: PathBuf,
    /// Seek the replayed game's timeline to these ticks, in this order, and report each
    /// tick's checksum and how long the seek took.
    #[arg(long, value_name = "T1,T2,..", value_delimiter = ',')]
    pub at: Vec<u64>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use horde_core_sim::td::swarm::FloatRange;
    use values::{parse_path_offset, parse_scale, parse_spawn_speed, parse_speed};

    #[test]
    fn ranges_are_checked_against_the_texts_limits() {
        assert_eq!(
            parse_scale("0.5..2"),
            Ok(FloatRange::new(0.5, 2.0).unwrap())
        );
        assert!(
            parse_scale("0.4..2")
                .unwrap_err()
                .contains("outside the allowed 0.5..2")
        );
        assert!(parse_path_offset("-0.4..0.4").is_ok());
        assert!(parse_path_offset("-0.5..0").is_err());
        assert!(parse_speed("6").is_err());
        assert!(parse_spawn_speed("0.05").is_err());
        assert!(parse_spawn_speed("10").is_ok());
        assert_eq!(parse_size("1280x720"), Ok((1280, 720)));
        assert!(parse_size("0x10").is_err() && parse_size("12").is_err());
        assert_eq!(
            gpu::parse_backend("gl"),
            Ok(horde_renderer::BackendChoice::Gl)
        );
        assert!(parse_dt("0").is_err() && parse_dt("nan").is_err() && parse_dt("0.5").is_ok());
        assert_eq!(
            parse_region("-40,12,64x32"),
            Ok(Region {
                x: -40,
                z: 12,
                width: 64,
                depth: 32
            })
        );
        assert!(parse_region("1,2,0x3").is_err() && parse_region("1,2").is_err());
        assert!(parse_region("1,2,2000x3").is_err() && parse_region("a,2,3x3").is_err());
        assert_eq!(parse_column(" -3, 7"), Ok((-3, 7)));
        assert!(parse_column("3").is_err());
    }
}
