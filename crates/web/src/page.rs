//! The page (wasm32 only): a canvas filling the window, the GPU found for it, the game stepped
//! at the fixed tick from the browser's frames and drawn into it, a recording fetched and
//! replayed where `?replay=URL` asks, and the [`Report`] written on `<body>`.

use crate::browser::{console, every_frame, js, now_ms, on_keys, on_page_event, write_report};
use crate::canvas::{CANVAS_ID, Canvas};
use crate::games::{game, play_script, replay, submit};
use crate::keeping::{keep_recording, quick_load, quick_save};
use crate::picture::{board_instances, enemy_instances, frame_params, tile_under};
use crate::query::Query;
use crate::report::{Report, STRESS_FRAMES, median};
use crate::ticks::Ticker;
use crate::{scene_page, scenes};
use horde_core_sim::td::defence::TowerKind;
use horde_core_sim::td::files::EditScript;
use horde_core_sim::td::history::Timeline;
use horde_core_sim::td::swarm::ModelInstance;
use horde_core_sim::td::tiles::EditKind;
use horde_games::{Change, Plain, Scripted, Session};
use horde_renderer::{BatchId, Instance, MeshKind};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The fastest play speed (game seconds a second).
const FASTEST: f64 = 16.0;

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

/// Opens what the address asks for: the replay (if any) first, then the game in the canvas.
async fn open(report: Rc<RefCell<Report>>) -> Result<(), String> {
    let window = web_sys::window().ok_or("no window")?;
    let search = window.location().search().map_err(js)?;
    let query = Query::parse(&search).map_err(|e| format!("the address: {e}"))?;
    // The module runs: said at once, before a long replay.
    write_report(&report.borrow());
    let mut watched = None;
    if let Some(url) = &query.replay {
        let replayed = replay(url).await;
        let mut report = report.borrow_mut();
        match replayed {
            Ok(run) => {
                report.replayed = Some(run.end);
                watched = Some(run);
            }
            Err(error) => report.error = Some(error),
        }
        write_report(&report);
    }
    list_shipped_games();
    let mut canvas = Canvas::open().await?;
    report.borrow_mut().backend = Some(canvas.backend());
    if let Some(scene) =
        (query.scene.as_deref()).and_then(|n| scenes::open(n, query.seed.unwrap_or(1)))
    {
        scene_page::show(canvas, scene?, report);
        return Ok(());
    }
    let renderer = &mut canvas.renderer;
    let board = renderer.add_batch(MeshKind::Cube, "board");
    let enemies = renderer.add_batch(MeshKind::Cube, "enemies");
    let (mut session, token, watching) = match watched {
        Some(run) => {
            let watching = Watching {
                script: run.script,
                end: run.end.0,
                timeline: run.timeline,
            };
            (run.session, None, Some(watching))
        }
        None => {
            let (session, token) = game(&query).await?;
            (session, token, None)
        }
    };
    if query.load_quick {
        quick_load(&mut session)?;
        console(&format!("loaded the quick-save at tick {}", session.tick()));
    }
    console("the game is open");
    if let Some(url) = &query.script {
        play_script(&mut session, url).await?;
        console(&format!("the script played to tick {}", session.tick()));
    }
    let mut tiles = Vec::new();
    board_instances(session.sim().board(), &mut tiles);
    renderer.set_instances(board, &tiles);
    let page = Page {
        canvas,
        board,
        enemies,
        board_revision: session.sim().board().revision(),
        session,
        tiles,
        scratch: Vec::new(),
        instances: Vec::new(),
        ticker: Ticker::default(),
        report,
        reported_at: 0.0,
        token,
        watching,
        speed: 1.0,
        over: false,
        stress: query.stress,
        frame_samples: Vec::with_capacity(STRESS_FRAMES),
        work_samples: Vec::with_capacity(STRESS_FRAMES),
    };
    let page = Rc::new(RefCell::new(page));
    listen_to_clicks(&page);
    let keys = page.clone();
    on_keys(&["F5", "F9", "Home", "End"], move |code, down| {
        if down {
            keys.borrow_mut().key(code);
        }
    });
    let seeks = page.clone();
    on_page_event("horde-seek", move |tick| {
        seeks.borrow_mut().seek(tick.max(0.0) as u64)
    });
    every_frame(move |now| page.borrow_mut().frame(now));
    Ok(())
}

/// Lists the games Horde ships in the front door's `<ol id="shipped">` (where the page has
/// one), each a link to `?play=N`.
fn list_shipped_games() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(list) = document.get_element_by_id("shipped") else {
        return;
    };
    for (n, game) in horde_games::SHIPPED.iter().enumerate() {
        let (Ok(item), Ok(link)) = (document.create_element("li"), document.create_element("a"))
        else {
            return;
        };
        let _ = link.set_attribute("href", &format!("/play?play={}", n + 1));
        link.set_text_content(Some(game.title));
        let _ = item.append_child(&link);
        let _ = list.append_child(&item);
    }
}

/// A recording watched: its edits, the tick its last line stands at (the game stops there)
/// and its history, to seek in.
struct Watching {
    script: EditScript,
    end: u64,
    timeline: Timeline,
}

/// Ticks a seek key moves a watched run by (ten seconds of game).
const SEEK_STEP: u64 = 600;

/// What the frame loop holds.
struct Page {
    canvas: Canvas,
    board: BatchId,
    enemies: BatchId,
    session: Session,
    tiles: Vec<Instance>,
    board_revision: u64,
    scratch: Vec<ModelInstance>,
    instances: Vec<Instance>,
    /// The fixed tick from the browser's frames.
    ticker: Ticker,
    report: Rc<RefCell<Report>>,
    reported_at: f64,
    /// The player's token, for a game played online (its run is submitted when lost).
    token: Option<String>,
    /// A recording watched.
    watching: Option<Watching>,
    /// Game seconds a second (1 to [`FASTEST`]).
    speed: f64,
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
        for _ in 0..self.ticker.due(now, self.speed) {
            self.tick();
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
            let since_start = now_ms();
            report.first_frame_ms = Some(since_start);
            console(&format!(
                "horde: first frame drawn {since_start:.0} ms after the page was asked for"
            ));
        }
        if now - self.reported_at >= 250.0 || report.frames == 1 {
            self.reported_at = now;
            report.status = Some(self.status());
            write_report(&report);
        }
    }

    /// One tick: the game's, or the recording's watched (its edits applied at their ticks,
    /// up to its last line).
    fn tick(&mut self) {
        let stepped = match &self.watching {
            Some(run) if self.session.tick() >= run.end => return,
            Some(run) => {
                let mut due = Scripted {
                    script: &run.script,
                    what: "recording",
                };
                self.session.advance(&mut due, &mut Plain, &mut ())
            }
            None => self.session.step(),
        };
        if let Err(e) = stepped {
            log::warn!("{e:#}");
        }
    }

    /// Where the game stands, in a line: its tick (of the recording's, when watching) and
    /// the play speed.
    fn status(&self) -> String {
        let tick = self.session.tick();
        let of = match &self.watching {
            Some(run) => format!("watching the run: tick {tick} of {}", run.end),
            None => format!("{}: tick {tick}", self.session.mode_label()),
        };
        format!("{of}, ×{}", self.speed)
    }

    /// A stress run's frame: one tick, the population topped up, drawn, the time taken
    /// counted (three frames not counted, then [`STRESS_FRAMES`]: the median reported).
    fn stress_frame(&mut self, enemies: u32) {
        let start = now_ms();
        if let Err(e) = self.session.step() {
            log::warn!("{e:#}");
        }
        let missing = (enemies as usize).saturating_sub(self.session.sim().enemies().len());
        self.session.sim_mut().populate(missing);
        self.draw();
        let took = now_ms() - start;
        // The frame as the player sees it: from one browser frame to the next (the GPU's
        // work included), beside the page's own work in it.
        let interval = self.ticker.frame_interval(start);
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
        if let (Some(text), Some(writer)) = (&text, &recording) {
            let name = writer.path().display().to_string();
            match keep_recording(&name, text) {
                Ok(kept) => report.recording = Some(kept),
                Err(e) => log::warn!("keeping the run: {e}"),
            }
            write_report(&report);
        }
        drop(report);
        if let (Some(text), Some(token)) = (text, self.token.clone()) {
            wasm_bindgen_futures::spawn_local(submit(text, token, self.report.clone()));
        }
    }

    /// A click at `(x, y)` (the canvas's pixels): a laser on the tile there (a mortar with
    /// Shift), applying at the next tick, recorded where the game is.
    fn click(&mut self, (x, y): (f32, f32), shift: bool) {
        if self.session.decided() || self.watching.is_some() {
            return;
        }
        let (width, height) = self.canvas.target.size();
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

    /// A key pressed: F5 saves the game (the browser's storage, and a download), F9 loads
    /// that save where the mode allows it, R offers the run so far as a download, `+` and
    /// `-` (or `]` and `[`) double and halve the play speed; watching a run, Left and Right
    /// seek ten seconds back and on, Home and End to its start and its end.
    fn key(&mut self, code: &str) {
        if let Some(run) = &self.watching {
            let (now, end) = (self.session.tick(), run.end);
            let target = match code {
                "ArrowLeft" => Some(now.saturating_sub(SEEK_STEP)),
                "ArrowRight" => Some((now + SEEK_STEP).min(end)),
                "Home" => Some(0),
                "End" => Some(end),
                _ => None,
            };
            if let Some(target) = target {
                self.seek(target);
                return;
            }
        }
        let said = match code {
            "Equal" | "BracketRight" | "NumpadAdd" | "Minus" | "BracketLeft" | "NumpadSubtract" => {
                let faster = matches!(code, "Equal" | "BracketRight" | "NumpadAdd");
                let speed = if faster {
                    self.speed * 2.0
                } else {
                    self.speed / 2.0
                };
                self.session
                    .allows(Change::PlaySpeed)
                    .map_err(|r| r.to_string())
                    .map(|()| {
                        self.speed = speed.clamp(1.0, FASTEST);
                        format!("play speed ×{}", self.speed)
                    })
            }
            "F5" => quick_save(&self.session).map(|()| "saved (F9 loads it back)".to_string()),
            "F9" => quick_load(&mut self.session).map(|()| {
                self.board_revision = u64::MAX;
                self.over = self.session.decided();
                format!("loaded the quick-save at tick {}", self.session.tick())
            }),
            "KeyR" => match self
                .session
                .recording()
                .and_then(|r| r.text().map(|t| (r, t)))
            {
                Some((writer, text)) => keep_recording(&writer.path().display().to_string(), text)
                    .map(|_| "the run so far is offered as a download".to_string()),
                None => Err("this game is not recorded".to_string()),
            },
            _ => return,
        };
        match said {
            Ok(said) => console(&format!("horde: {said}")),
            Err(why) => {
                console(&format!("horde: {why}"));
                let mut report = self.report.borrow_mut();
                report.error = Some(why);
                write_report(&report);
            }
        }
    }

    /// Shows the watched run at `tick` (its history's nearest keyframe, played on to it), and
    /// plays on from there (the page's timeline bar, clicked, asks for it too).
    fn seek(&mut self, tick: u64) {
        let Some(run) = &self.watching else {
            return;
        };
        match run.timeline.seek(tick) {
            Ok(sim) => {
                self.session.replace_sim(sim);
                self.board_revision = u64::MAX;
                self.ticker.forget_owed();
            }
            Err(why) => log::warn!("seeking to tick {tick}: {why}"),
        }
    }

    /// Draws the board and the enemies as they stand.
    fn draw(&mut self) {
        let revision = self.session.sim().board().revision();
        if revision != self.board_revision {
            self.board_revision = revision;
            board_instances(self.session.sim().board(), &mut self.tiles);
            self.canvas.renderer.set_instances(self.board, &self.tiles);
        }
        enemy_instances(self.session.sim(), &mut self.scratch, &mut self.instances);
        self.canvas
            .renderer
            .set_instances(self.enemies, &self.instances);
        let board = self.session.sim().board();
        let params = frame_params(board.width(), board.height(), self.canvas.aspect());
        self.canvas.draw(&params);
    }
}

/// Hands the canvas's clicks to `page` (the canvas's pixels are the CSS pixels times the
/// device's ratio), for as long as the page lives.
fn listen_to_clicks(page: &Rc<RefCell<Page>>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(canvas) = window
        .document()
        .and_then(|d| d.get_element_by_id(CANVAS_ID))
    else {
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
