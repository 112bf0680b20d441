//! The page showing a scene other than the tower defense (wasm32 only): the scene stepped at
//! the fixed tick from the browser's frames, its picture refilled where it changed and drawn,
//! the keys handed to it, and where it stands written on `<body>` and in the page's corner.

use crate::browser::{console, every_frame, now_ms, on_keys, write_report};
use crate::canvas::Canvas;
use crate::report::Report;
use crate::scenes::Shown;
use crate::ticks::Ticker;
use horde_renderer::{BatchId, Instance, MeshKind};
use std::cell::RefCell;
use std::rc::Rc;

/// What the frame loop holds.
struct ScenePage {
    canvas: Canvas,
    scene: Box<dyn Shown>,
    batch: BatchId,
    instances: Vec<Instance>,
    /// The fixed tick from the browser's frames.
    ticker: Ticker,
    report: Rc<RefCell<Report>>,
    reported_at: f64,
}

/// Shows `scene` on `canvas` for as long as the page lives.
pub fn show(mut canvas: Canvas, scene: Box<dyn Shown>, report: Rc<RefCell<Report>>) {
    let batch = canvas.renderer.add_batch(MeshKind::Cube, scene.name());
    report.borrow_mut().scene = Some(scene.name());
    console(&format!("horde: the {} is open", scene.name()));
    let page = Rc::new(RefCell::new(ScenePage {
        canvas,
        scene,
        batch,
        instances: Vec::new(),
        ticker: Ticker::default(),
        report,
        reported_at: 0.0,
    }));
    let keys = page.clone();
    on_keys(&[], move |code, down| {
        keys.borrow_mut().scene.key(code, down)
    });
    every_frame(move |now| page.borrow_mut().frame(now));
}

impl ScenePage {
    /// One browser frame at `now` (milliseconds): the ticks due, then the picture.
    fn frame(&mut self, now: f64) {
        for _ in 0..self.ticker.due(now, 1.0) {
            self.scene.step();
        }
        if self.scene.refill(&mut self.instances) {
            self.canvas
                .renderer
                .set_instances(self.batch, &self.instances);
        }
        let params = self.scene.camera(self.canvas.aspect());
        self.canvas.draw(&params);
        let mut report = self.report.borrow_mut();
        report.frames += 1;
        if report.frames == 1 {
            report.first_frame_ms = Some(now_ms());
        }
        if now - self.reported_at >= 250.0 || report.frames == 1 {
            self.reported_at = now;
            report.status = Some(self.scene.status());
            write_report(&report);
        }
    }
}
