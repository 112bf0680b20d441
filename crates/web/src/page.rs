//! The page (wasm32 only): a canvas filling the window, the GPU found for it, the game stepped
//! at the fixed tick from the browser's frames and drawn into it, a recording fetched and
//! replayed where `?replay=URL` asks, and the [`Report`] written on `<body>`.

use crate::online::{TOKEN_KEY, new_player, seed_of_day, submitted, token_of};
use crate::picture::{board_instances, enemy_instances, frame_params, tile_under};
use crate::query::Query;
use crate::report::{Report, STRESS_FRAMES, backend_name, median};
use horde_core_sim::td::defence::TowerKind;
use horde_core_sim::td::files::EditScript;
use horde_core_sim::td::game::GameSource;
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::history::{Recording, RecordingWriter};
use horde_core_sim::td::swarm::{FloatRange, ModelInstance, SpawnSettings};
use horde_core_sim::td::tiles::{EditKind, winding_board};
use horde_core_sim::{DT, TICKS_PER_SECOND};
use horde_games::{Mode, Plain, Scripted, Session};
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

/// The most ticks a scripted game is played (the board replays no longer a run).
const MOST_SCRIPTED_TICKS: u64 = 1_080_000;

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

/// Says `text` on the browser's console.
fn console(text: &str) {
    web_sys::console::log_1(&text.into());
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
    console("finding the GPU");
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
    let (mut session, token) = game(&query).await?;
    console("the game is open");
    if let Some(url) = &query.script {
        play_script(&mut session, url).await?;
        console(&format!("the script played to tick {}", session.tick()));
    }
    let mut tiles = Vec::new();
    board_instances(session.sim().board(), &mut tiles);
    renderer.set_instances(board, &tiles);
    let page = Page {
        ctx,
        target,
        renderer,
        board,
        enemies,
        board_revision: session.sim().board().revision(),
        session,
        tiles,
        scratch: Vec::new(),
        instances: Vec::new(),
        last: None,
        owed: 0.0,
        report,
        reported_at: 0.0,
        token,
        over: false,
        stress: query.stress,
        frame_samples: Vec::with_capacity(STRESS_FRAMES),
        work_samples: Vec::with_capacity(STRESS_FRAMES),
    };
    run_frames(page);
    Ok(())
}

/// Plays the script at `url` in `session` to the game's end, at once.
async fn play_script(session: &mut Session, url: &str) -> Result<(), String> {
    let (status, text) = fetch(url, None, None).await?;
    if status != 200 && status != 0 {
        return Err(format!("{url}: HTTP {status}"));
    }
    let script = EditScript::parse(&text, Path::new(url)).map_err(|e| e.to_string())?;
    let mut due = Scripted {
        script: &script,
        what: "script",
    };
    while !session.decided() && session.tick() < MOST_SCRIPTED_TICKS {
        session
            .advance(&mut due, &mut Plain, &mut ())
            .map_err(|e| format!("{e:#}"))?;
    }
    Ok(())
}

/// The game the address asks for — today's challenge on the board (recorded, with the
/// player's token), a challenge offline, or the sandbox on the built-in board — and the token
/// its run is submitted with, for a game played online.
async fn game(query: &Query) -> Result<(Session, Option<String>), String> {
    if let Some(enemies) = query.stress {
        return Ok((stress(enemies)?, None));
    }
    let Some(challenge) = &query.challenge else {
        let source = GameSource::built_in();
        let session = Session::open(&source, SpawnSettings::default(), 1, Mode::Sandbox)
            .map_err(|e| format!("the built-in board: {e:#}"))?;
        return Ok((session, None));
    };
    let online = challenge == "online";
    let seed = if online {
        let (status, day) = fetch("/api/days/today", None, None).await?;
        if status != 200 {
            return Err(format!("the board's day: HTTP {status}: {day}"));
        }
        seed_of_day(&day)?
    } else {
        // Offline: today's seed, as the native title screen plays it without a server, or
        // the seed a board's day page names.
        challenge
            .parse()
            .unwrap_or_else(|_| horde_games::today_utc())
    };
    let source = horde_games::challenge(seed);
    let mode = horde_games::mode_of(Some(&source), seed, online);
    let settings = SpawnSettings::default();
    let mut session = Session::open(&source, settings, seed, mode)
        .map_err(|e| format!("the challenge: {e:#}"))?;
    if !online {
        return Ok((session, None));
    }
    console("asking for the player's token");
    let token = player_token(query.name.as_deref()).await?;
    let board = session.sim().board();
    let header = horde_games::recording_header(&source, board, settings, false, seed)
        .map_err(|e| format!("{e:#}"))?;
    session.start_recording(RecordingWriter::in_memory("challenge.rec", header));
    Ok((session, Some(token)))
}

/// `horde stress`'s game: its 256×256 serpentine, every characteristic over its whole range,
/// spawning off, `enemies` placed at once (topped up after each tick).
fn stress(enemies: u32) -> Result<Session, String> {
    let board = winding_board(256, 256, 64, 8).map_err(|e| format!("the stress board: {e}"))?;
    let range = |a, b| FloatRange::new(a, b).ok_or("a stress range");
    let settings = SpawnSettings::new(10.0, range(0.5, 2.0)?, range(0.2, 5.0)?, range(-0.4, 0.4)?)
        .map_err(|e| format!("the stress settings: {e}"))?;
    let mut sim = Simulation::new(board, settings, 1);
    sim.set_spawning(false);
    sim.reserve_enemies(enemies as usize + enemies as usize / 4);
    sim.populate(enemies as usize);
    Ok(Session::new(sim, None, Mode::Sandbox))
}

/// The player's token: the one the browser keeps, else a new player's named `name`, kept.
async fn player_token(name: Option<&str>) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let storage = window.local_storage().ok().flatten();
    if let Some(token) = storage
        .as_ref()
        .and_then(|s| s.get_item(TOKEN_KEY).ok().flatten())
    {
        return Ok(token);
    }
    let name = name.ok_or("to play online, name yourself: add ?name=NAME to the address")?;
    let (status, answer) = fetch("/api/players", Some(&new_player(name)), None).await?;
    let token = token_of(status, &answer)?;
    if let Some(storage) = storage {
        let _ = storage.set_item(TOKEN_KEY, &token);
    }
    Ok(token)
}

/// `GET url`, or `POST` of `body` (JSON, or a recording with `token`): the status and the
/// answer's text.
async fn fetch(
    url: &str,
    body: Option<&str>,
    token: Option<&str>,
) -> Result<(u16, String), String> {
    let window = web_sys::window().ok_or("no window")?;
    let init = web_sys::RequestInit::new();
    if let Some(body) = body {
        init.set_method("POST");
        init.set_body(&JsValue::from_str(body));
    }
    let request = web_sys::Request::new_with_str_and_init(url, &init)
        .map_err(|e| format!("{url}: {}", js(e)))?;
    let headers = request.headers();
    if body.is_some() {
        let kind = if token.is_some() {
            "text/plain; charset=utf-8"
        } else {
            "application/json"
        };
        headers.set("Content-Type", kind).map_err(js)?;
    }
    if let Some(token) = token {
        headers
            .set("Authorization", &format!("Bearer {token}"))
            .map_err(js)?;
    }
    let response: web_sys::Response = JsFuture::from(window.fetch_with_request(&request))
        .await
        .map_err(|e| format!("{url}: {}", js(e)))?
        .dyn_into()
        .map_err(|_| format!("{url}: no response"))?;
    let text = JsFuture::from(response.text().map_err(js)?)
        .await
        .map_err(js)?
        .as_string()
        .unwrap_or_default();
    Ok((response.status(), text))
}

/// Submits `recording` with `token` and says the board's answer in `report`.
async fn submit(recording: String, token: String, report: Rc<RefCell<Report>>) {
    console("submitting the run");
    let answer = fetch("/api/runs", Some(&recording), Some(&token)).await;
    let mut report = report.borrow_mut();
    match answer {
        Ok((status, text)) => {
            let said = submitted(status, &text);
            report.submitted = Some((said.status, said.rank));
            if let Some(why) = said.refused {
                report.error = Some(format!("the board refused the run ({status}): {why}"));
            }
        }
        Err(e) => report.error = Some(format!("submitting the run: {e}")),
    }
    write_report(&report);
}

/// Fetches the recording at `url` and plays it to its last line: the ticks and the checksum.
async fn replay(url: &str) -> Result<(u64, u64), String> {
    let (status, text) = fetch(url, None, None).await?;
    if status != 200 {
        return Err(format!("{url}: HTTP {status}"));
    }
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
    board: BatchId,
    enemies: BatchId,
    session: Session,
    tiles: Vec<Instance>,
    board_revision: u64,
    scratch: Vec<ModelInstance>,
    instances: Vec<Instance>,
    /// The browser's time of the last frame, in milliseconds.
    last: Option<f64>,
    /// Game time not yet stepped, in seconds.
    owed: f64,
    report: Rc<RefCell<Report>>,
    reported_at: f64,
    /// The player's token, for a game played online (its run is submitted when lost).
    token: Option<String>,
    /// Whether the game's end was seen.
    over: bool,
    /// A stress run's population, topped up after each tick.
    stress: Option<u32>,
    /// A stress run's frame times so far (milliseconds, browser frame to browser frame),
    /// until the median is taken.
    frame_samples: Vec<f64>,
    /// The page's own work in each of those frames (the tick, the instances, the draw).
    work_samples: Vec<f64>,
}

impl Page {
    /// One browser frame at `now` (milliseconds): the ticks due, then the picture.
    fn frame(&mut self, now: f64) {
        if let Some(enemies) = self.stress {
            self.stress_frame(enemies);
            return;
        }
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
        if self.session.decided() && !self.over {
            self.over = true;
            self.game_over();
        }
        self.draw();
        let mut report = self.report.borrow_mut();
        report.frames += 1;
        if report.frames == 1 {
            // The page's clock counts from the navigation: the time to the first frame.
            let since_start = web_sys::window()
                .and_then(|w| w.performance())
                .map_or(now, |p| p.now());
            report.first_frame_ms = Some(since_start);
            console(&format!(
                "horde: first frame drawn {since_start:.0} ms after the page was asked for"
            ));
        }
        if now - self.reported_at >= 250.0 || report.frames == 1 {
            self.reported_at = now;
            write_report(&report);
        }
    }

    /// A stress run's frame: one tick, the population topped up, drawn, the time taken
    /// counted (three frames not counted, then [`STRESS_FRAMES`]: the median reported).
    fn stress_frame(&mut self, enemies: u32) {
        let clock = web_sys::window().and_then(|w| w.performance());
        let start = clock.as_ref().map_or(0.0, |c| c.now());
        if let Err(e) = self.session.step() {
            log::warn!("{e:#}");
        }
        let missing = (enemies as usize).saturating_sub(self.session.sim().enemies().len());
        self.session.sim_mut().populate(missing);
        self.draw();
        let took = clock.as_ref().map_or(0.0, |c| c.now()) - start;
        // The frame as the player sees it: from one browser frame to the next (the GPU's
        // work included), beside the page's own work in it.
        let interval = self.last.map_or(0.0, |last| start - last);
        self.last = Some(start);
        let mut report = self.report.borrow_mut();
        report.frames += 1;
        let mut measured = false;
        if report.frames > 3 && report.frame_ms_p50.is_none() {
            self.frame_samples.push(interval);
            self.work_samples.push(took);
            if self.frame_samples.len() == STRESS_FRAMES {
                measured = true;
                report.frame_ms_p50 = median(&mut self.frame_samples);
                console(&format!(
                    "horde: stress {enemies}: frame p50 {:.2} ms (the page's work in it {:.2} ms) over {STRESS_FRAMES} frames",
                    report.frame_ms_p50.unwrap_or_default(),
                    median(&mut self.work_samples).unwrap_or_default()
                ));
            }
        }
        if report.frames == 1 || report.frames.is_multiple_of(16) || measured {
            write_report(&report);
        }
    }

    /// The game is decided: said, and a run played online submitted.
    fn game_over(&mut self) {
        let outcome = self.session.sim().counts().outcome.name();
        let mut report = self.report.borrow_mut();
        report.outcome = Some(outcome);
        write_report(&report);
        let recording = self.session.take_recording();
        let text = recording
            .as_ref()
            .and_then(|r| r.text())
            .map(str::to_string);
        if let (Some(text), Some(token)) = (text, self.token.clone()) {
            wasm_bindgen_futures::spawn_local(submit(text, token, self.report.clone()));
        }
    }

    /// A click at `(x, y)` (the canvas's pixels): a laser on the tile there (a mortar with
    /// Shift), applying at the next tick, recorded where the game is.
    fn click(&mut self, (x, y): (f32, f32), shift: bool) {
        if self.session.decided() {
            return;
        }
        let (width, height) = self.target.size();
        let board = self.session.sim().board();
        let params = frame_params(
            board.width(),
            board.height(),
            width as f32 / height.max(1) as f32,
        );
        let Some((tx, ty)) = tile_under(board, &params, (x, y), (width as f32, height as f32))
        else {
            return;
        };
        let kind = EditKind::Tower(TowerKind::ALL[usize::from(shift) % TowerKind::ALL.len()]);
        match self.session.edit(kind, tx, ty) {
            Ok(_) => {
                let tick = self.session.tick() + 1;
                if let Err(e) = self.session.note_edit(tick, (kind, tx, ty), None) {
                    log::warn!("{e}");
                }
            }
            Err(why) => log::info!("({tx}, {ty}): {why}"),
        }
    }

    /// Draws the board and the enemies as they stand.
    fn draw(&mut self) {
        let revision = self.session.sim().board().revision();
        if revision != self.board_revision {
            self.board_revision = revision;
            board_instances(self.session.sim().board(), &mut self.tiles);
            self.renderer.set_instances(self.board, &self.tiles);
        }
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
    listen_to_clicks(&page);
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

/// Hands the canvas's clicks to `page` (the canvas's pixels are the CSS pixels times the
/// device's ratio), for as long as the page lives.
fn listen_to_clicks(page: &Rc<RefCell<Page>>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(canvas) = window.document().and_then(|d| d.get_element_by_id("horde")) else {
        return;
    };
    let ratio = window.device_pixel_ratio().max(1.0) as f32;
    let page = page.clone();
    let on_click =
        Closure::<dyn FnMut(web_sys::MouseEvent)>::new(move |event: web_sys::MouseEvent| {
            let at = (
                event.offset_x() as f32 * ratio,
                event.offset_y() as f32 * ratio,
            );
            page.borrow_mut().click(at, event.shift_key());
        });
    let _ = canvas.add_event_listener_with_callback("mousedown", on_click.as_ref().unchecked_ref());
    on_click.forget();
}
