//! The page (wasm32 only): a canvas filling the window, the GPU found for it, the game stepped
//! at the fixed tick from the browser's frames and drawn into it, a recording fetched and
//! replayed where `?replay=URL` asks, and the [`Report`] written on `<body>`.

use crate::picture::{board_instances, enemy_instances, frame_params};
use crate::query::Query;
use crate::report::{Report, backend_name};
use horde_core_sim::td::game::GameSource;
use horde_core_sim::td::history::Recording;
use horde_core_sim::td::swarm::{ModelInstance, SpawnSettings};
use horde_core_sim::{DT, TICKS_PER_SECOND};
use horde_games::{Mode, Session};
use horde_renderer::{
    Acquired, BatchId, GpuContext, Instance, MeshKind, Renderer, RendererConfig, SurfaceTarget,
};
use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// Ticks stepped in one browser frame at most (a tab that was hidden does not sprint).
const MOST_TICKS_A_FRAME: u32 = 8;

/// The page's entry point, run when the module loads.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        let message = info.to_string();
        web_sys::console::error_1(&message.clone().into());
        write_report(&Report {
            error: Some(message),
            ..Report::default()
        });
    }));
    wasm_bindgen_futures::spawn_local(async {
        let report = Rc::new(RefCell::new(Report::default()));
        if let Err(error) = open(report.clone()).await {
            web_sys::console::error_1(&error.clone().into());
            report.borrow_mut().error = Some(error);
            write_report(&report.borrow());
        }
    });
}

/// Writes `report` on `<body>` as `data-horde-*` attributes.
fn write_report(report: &Report) {
    let Some(body) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
    else {
        return;
    };
    for (name, value) in report.attributes() {
        let _ = body.set_attribute(&format!("data-horde-{name}"), &value);
    }
}

/// A JavaScript error as text.
fn js(error: JsValue) -> String {
    error
        .as_string()
        .or_else(|| js_sys::Error::from(error).message().as_string())
        .unwrap_or_else(|| "a browser error".to_string())
}

/// Opens what the address asks for: the replay (if any) first, then the game in the canvas.
async fn open(report: Rc<RefCell<Report>>) -> Result<(), String> {
    let window = web_sys::window().ok_or("no window")?;
    let search = window.location().search().map_err(js)?;
    let query = Query::parse(&search).map_err(|e| format!("the address: {e}"))?;
    // The module runs: said at once, before a long replay.
    write_report(&report.borrow());
    if let Some(url) = &query.replay {
        let replayed = replay(url).await;
        let mut report = report.borrow_mut();
        match replayed {
            Ok(end) => report.replayed = Some(end),
            Err(error) => report.error = Some(error),
        }
        write_report(&report);
    }
    let document = window.document().ok_or("no document")?;
    let body = document.body().ok_or("no body")?;
    let canvas: web_sys::HtmlCanvasElement = document
        .create_element("canvas")
        .map_err(js)?
        .dyn_into()
        .map_err(|_| "a canvas that is no canvas")?;
    let ratio = window.device_pixel_ratio().max(1.0);
    let width = (window.inner_width().map_err(js)?.as_f64().unwrap_or(1280.0) * ratio) as u32;
    let height = (window.inner_height().map_err(js)?.as_f64().unwrap_or(720.0) * ratio) as u32;
    let (width, height) = (width.clamp(64, 4096), height.clamp(64, 4096));
    canvas.set_width(width);
    canvas.set_height(height);
    canvas.set_id("horde");
    body.append_child(&canvas).map_err(js)?;
    let (ctx, surface) = GpuContext::for_canvas(canvas)
        .await
        .map_err(|e| format!("no graphics in this browser: {e}"))?;
    report.borrow_mut().backend = Some(backend_name(&format!("{:?}", ctx.info.backend)));
    let target = SurfaceTarget::new(&ctx, surface, (width, height), 1, true)
        .ok_or("the canvas cannot be drawn on")?;
    let config = RendererConfig {
        color_format: target.format(),
        samples: target.samples(),
    };
    let mut renderer = Renderer::new(&ctx, config);
    let board = renderer.add_batch(MeshKind::Cube, "board");
    let enemies = renderer.add_batch(MeshKind::Cube, "enemies");
    let session = game(&query)?;
    let mut tiles = Vec::new();
    board_instances(session.sim().board(), &mut tiles);
    renderer.set_instances(board, &tiles);
    let page = Page {
        ctx,
        target,
        renderer,
        enemies,
        session,
        scratch: Vec::new(),
        instances: Vec::new(),
        last: None,
        owed: 0.0,
        report,
        reported_at: 0.0,
    };
    run_frames(page);
    Ok(())
}

/// The game the address asks for: today's challenge, or the sandbox on the built-in board.
fn game(query: &Query) -> Result<Session, String> {
    if let Some(challenge) = &query.challenge {
        // Played offline: today's seed, as the native title screen plays it without a
        // server, or the seed a board's day page names.
        let seed = challenge
            .parse()
            .unwrap_or_else(|_| horde_games::today_utc());
        let source = horde_games::challenge(seed);
        let mode = horde_games::mode_of(Some(&source), seed, false);
        return Session::open(&source, SpawnSettings::default(), seed, mode)
            .map_err(|e| format!("today's challenge: {e:#}"));
    }
    let source = GameSource::built_in();
    Session::open(&source, SpawnSettings::default(), 1, Mode::Sandbox)
        .map_err(|e| format!("the built-in board: {e:#}"))
}

/// Fetches the recording at `url` and plays it to its last line: the ticks and the checksum.
async fn replay(url: &str) -> Result<(u64, u64), String> {
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| format!("{url}: {}", js(e)))?
        .dyn_into()
        .map_err(|_| format!("{url}: no response"))?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(js)?)
        .await
        .map_err(js)?
        .as_string()
        .ok_or_else(|| format!("{url}: not text"))?;
    let path = Path::new(url);
    let recording = Recording::parse(&text, path).map_err(|e| e.to_string())?;
    let sim = horde_games::start(&recording, path).map_err(|e| format!("{e:#}"))?;
    let checked = horde_games::check(&recording, sim, DT).map_err(|e| format!("{e:#}"))?;
    if let Some(desync) = checked.desync {
        return Err(desync.sentence(path));
    }
    Ok((checked.sim.counts().ticks, checked.sim.checksum()))
}

/// What the frame loop holds.
struct Page {
    ctx: GpuContext,
    target: SurfaceTarget,
    renderer: Renderer,
    enemies: BatchId,
    session: Session,
    scratch: Vec<ModelInstance>,
    instances: Vec<Instance>,
    /// The browser's time of the last frame, in milliseconds.
    last: Option<f64>,
    /// Game time not yet stepped, in seconds.
    owed: f64,
    report: Rc<RefCell<Report>>,
    reported_at: f64,
}

impl Page {
    /// One browser frame at `now` (milliseconds): the ticks due, then the picture.
    fn frame(&mut self, now: f64) {
        let since = self.last.map_or(0.0, |last| (now - last) / 1000.0);
        self.last = Some(now);
        self.owed = (self.owed + since).min(f64::from(MOST_TICKS_A_FRAME) * f64::from(DT));
        let tick = 1.0 / f64::from(TICKS_PER_SECOND);
        while self.owed >= tick {
            self.owed -= tick;
            if let Err(e) = self.session.step() {
                log::warn!("{e:#}");
            }
        }
        self.draw();
        let mut report = self.report.borrow_mut();
        report.frames += 1;
        if now - self.reported_at >= 250.0 || report.frames == 1 {
            self.reported_at = now;
            write_report(&report);
        }
    }

    /// Draws the board and the enemies as they stand.
    fn draw(&mut self) {
        enemy_instances(self.session.sim(), &mut self.scratch, &mut self.instances);
        self.renderer.set_instances(self.enemies, &self.instances);
        let (width, height) = self.target.size();
        let board = self.session.sim().board();
        let aspect = width as f32 / height.max(1) as f32;
        let params = frame_params(board.width(), board.height(), aspect);
        let frame = match self.target.acquire(&self.ctx) {
            Acquired::Frame(frame) => frame,
            Acquired::Skip | Acquired::Lost => return,
        };
        let Some(attachments) = self.target.attachments() else {
            return;
        };
        let view = frame
            .texture
            .create_view(&wgpu::TextureViewDescriptor::default());
        let mut encoder = self
            .ctx
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("frame"),
            });
        self.renderer
            .render(&self.ctx, &mut encoder, &view, attachments, &params);
        self.ctx.queue.submit([encoder.finish()]);
        self.renderer.after_submit();
        self.ctx.queue.present(frame);
    }
}

/// Asks the browser for `page`'s frames, one after another, for as long as the page lives.
fn run_frames(page: Page) {
    type Callback = Closure<dyn FnMut(f64)>;
    let page = Rc::new(RefCell::new(page));
    let next: Rc<RefCell<Option<Callback>>> = Rc::new(RefCell::new(None));
    let again = next.clone();
    *next.borrow_mut() = Some(Closure::new(move |now: f64| {
        page.borrow_mut().frame(now);
        if let Some(callback) = again.borrow().as_ref() {
            request_frame(callback);
        }
    }));
    if let Some(callback) = next.borrow().as_ref() {
        request_frame(callback);
    }
}

/// One `requestAnimationFrame(callback)`.
fn request_frame(callback: &Closure<dyn FnMut(f64)>) {
    if let Some(window) = web_sys::window() {
        let _ = window.request_animation_frame(callback.as_ref().unchecked_ref());
    }
}
