//! `horde screenshot`: a deterministic offscreen picture of a scene after N fixed steps.

use crate::cli::{GpuFlags, Scene, ScreenshotArgs};
use crate::gpu::Offscreen;
use crate::levels;
use crate::td::TdScene;
use crate::td::scene::STEP;
use anyhow::{Context, Result};
use horde_core_sim::level::write_atomically;
use horde_renderer::FrameCounters;

/// A rendered image and what it cost.
pub struct Picture {
    /// RGBA8, rows top to bottom.
    pub pixels: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The renderer's counters for the frame.
    pub counters: FrameCounters,
    /// `backend: name`, of the adapter used.
    pub adapter: String,
}

/// Renders the tower-defense scene after `frames` fixed steps.
pub fn render_td(
    scene: &mut TdScene,
    frames: u64,
    gpu: &GpuFlags,
    size: (u32, u32),
) -> Result<Picture> {
    for _ in 0..frames {
        scene.sim.step(STEP);
    }
    let mut off = Offscreen::new(gpu, size)?;
    scene.attach(&mut off.renderer);
    scene.sync(&mut off.renderer, &off.ctx);
    let aspect = size.0 as f32 / size.1 as f32;
    let camera = scene.default_camera(aspect);
    let params = scene.frame_params(&camera, aspect);
    take_picture(&mut off, &params)
}

/// Draws one frame into the offscreen target and reads it back.
fn take_picture(off: &mut Offscreen, params: &horde_renderer::FrameParams) -> Result<Picture> {
    let counters = off.renderer.render_offscreen(&off.ctx, &off.target, params);
    let pixels = off.target.read_rgba(&off.ctx)?;
    let summary = off.ctx.summary();
    let (width, height) = off.target.size();
    Ok(Picture {
        pixels,
        width,
        height,
        counters,
        adapter: format!("{}: {}", summary.backend, summary.name),
    })
}

/// Encodes RGBA8 pixels as PNG bytes.
pub fn encode_png(pixels: &[u8], width: u32, height: u32) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    image::codecs::png::PngEncoder::new(&mut bytes).write_image_checked(pixels, width, height)?;
    Ok(bytes)
}

/// A small extension so encoding reads as one call.
trait WriteImageChecked {
    fn write_image_checked(self, pixels: &[u8], width: u32, height: u32) -> Result<()>;
}

impl<W: std::io::Write> WriteImageChecked for image::codecs::png::PngEncoder<W> {
    fn write_image_checked(self, pixels: &[u8], width: u32, height: u32) -> Result<()> {
        use image::ImageEncoder;
        self.write_image(pixels, width, height, image::ExtendedColorType::Rgba8)
            .context("encoding the PNG")
    }
}

/// Renders a finite WFC city map of the module set, seen like the tower-defense board.
pub fn render_city(args: &ScreenshotArgs) -> Result<Picture> {
    let set = match &args.modules {
        Some(path) => horde_levelgen::wfc::ModuleSet::load(path)?,
        None => horde_levelgen::wfc::ModuleSet::parse(
            crate::city::CITY_SET,
            "assets/wfc/city.ron".as_ref(),
        )?,
    };
    let (x, y, z) = args.map_size;
    let map =
        horde_levelgen::wfc::Solver::new(&set, horde_levelgen::wfc::Size { x, y, z }, args.seed)
            .solve()?;
    let mut off = Offscreen::new(&args.gpu, args.size)?;
    let batch = off
        .renderer
        .add_batch(horde_renderer::MeshKind::Cube, "city");
    let mut boxes = Vec::new();
    crate::city::map_instances(&set, &map, &mut boxes);
    off.renderer.set_instances(batch, &boxes);
    let aspect = args.size.0 as f32 / args.size.1 as f32;
    let mut camera = crate::td::TdCamera::framing(x, z, aspect);
    camera.pitch = 45f32.to_radians();
    camera.yaw = 30f32.to_radians();
    let params = horde_renderer::FrameParams {
        view: camera.view(),
        proj: camera.proj(aspect),
        light_dir: glam::Vec3::new(0.4, 1.0, -0.3),
        ambient: 0.35,
        clear: [0.45, 0.6, 0.8, 1.0],
        viewport: None,
    };
    take_picture(&mut off, &params)
}

/// Renders the runner after `--frames` fixed steps of the autopilot, with the scenery in view
/// generated on the spot (the same pure function of seed and chunk the scene streams).
pub fn render_runner(args: &ScreenshotArgs) -> Result<(Picture, horde_core_sim::runner::Runner)> {
    use horde_core_sim::runner::{Runner, autopilot};
    use horde_levelgen::scatter::{DEFAULT_SETTINGS, Scatter, ScatterSettings};
    let settings = crate::runner_command::load_settings(None)?;
    let mut runner = Runner::new(settings, args.seed);
    for _ in 0..args.frames {
        let input = autopilot(&runner);
        runner.step(input, crate::runner_scene::DT);
    }
    let scenery = ScatterSettings::parse(DEFAULT_SETTINGS, "assets/scatter/default.ron".as_ref())?;
    let scatter = Scatter::new(scenery.clone(), args.seed);
    let z = runner.player().z as f32;
    let (first, last) = crate::runner_scene::rows_in_view(z, scenery.chunk_size);
    let coords: Vec<_> = (first..=last)
        .flat_map(|row| scatter.chunk_row(row))
        .collect();
    let mut boxes = Vec::new();
    for chunk in scatter.generate(&coords) {
        crate::runner_scene::chunk_instances(&scenery, &chunk, &mut boxes);
    }
    crate::runner_scene::game_instances(&runner, &mut boxes);
    let mut off = Offscreen::new(&args.gpu, args.size)?;
    let batch = off
        .renderer
        .add_batch(horde_renderer::MeshKind::Cube, "runner");
    off.renderer.set_instances(batch, &boxes);
    let aspect = args.size.0 as f32 / args.size.1 as f32;
    let params = crate::runner_scene::frame_params(z, aspect);
    Ok((take_picture(&mut off, &params)?, runner))
}

/// Writes a picture as a PNG, atomically.
fn save(picture: &Picture, out: &std::path::Path) -> Result<()> {
    let png = encode_png(&picture.pixels, picture.width, picture.height)?;
    write_atomically(out, &png).with_context(|| format!("--out: cannot write {}", out.display()))
}

/// Runs `horde screenshot`.
pub fn run(args: &ScreenshotArgs) -> Result<()> {
    if args.scene == Scene::City {
        let picture = render_city(args)?;
        save(&picture, &args.out)?;
        eprintln!(
            "{}: city {}x{}, {} instances, {} draw calls",
            args.out.display(),
            picture.width,
            picture.height,
            picture.counters.instances,
            picture.counters.draw_calls
        );
        return Ok(());
    }
    if args.scene == Scene::Runner {
        let (picture, runner) = render_runner(args)?;
        save(&picture, &args.out)?;
        eprintln!(
            "{}: runner {}x{} after {} steps, score {:.0}, {} instances, {} draw calls",
            args.out.display(),
            picture.width,
            picture.height,
            args.frames,
            runner.score(),
            picture.counters.instances,
            picture.counters.draw_calls
        );
        return Ok(());
    }
    let board = levels::load(args.level.as_deref())?;
    let mut scene = TdScene::new(board, args.spawn.settings()?, args.seed);
    let picture = render_td(&mut scene, args.frames, &args.gpu, args.size)?;
    save(&picture, &args.out)?;
    eprintln!(
        "{}: {}x{} after {} steps, {} enemies, {} draw calls, adapter {}",
        args.out.display(),
        picture.width,
        picture.height,
        args.frames,
        scene.sim.enemies().len(),
        picture.counters.draw_calls,
        picture.adapter
    );
    Ok(())
}
