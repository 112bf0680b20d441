//! What the page tells a test, on `<body>` as `data-horde-*` attributes (updated at least once
//! a second): `frames` (frames drawn), `backend` (`webgpu` or `webgl2`), `first-frame-ms`
//! (from the navigation to the first frame drawn), `frame-ms` (a stress run's median frame), and after
//! `?replay=URL` has played to the recording's last line `ticks` and `checksum` (hex, as
//! `horde replay --json` gives it), `outcome` once the game played is decided, `submitted`
//! and `rank` once a run went to the board, `recording` once the run played here was kept
//! (`stored` in the browser's storage, or offered as a `download` only), `scene` and `status`
//! (a line saying where it stands) for a scene other than the tower defense, or `error` with
//! the reason.

use horde_core_sim::td::history::checksum_hex;

/// What the page has done so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Frames drawn.
    pub frames: u64,
    /// The graphics backend drawing them, once there is one.
    pub backend: Option<&'static str>,
    /// The replay's end: the ticks played and the last checksum.
    pub replayed: Option<(u64, u64)>,
    /// Milliseconds from the page's navigation to its first frame drawn, once drawn.
    pub first_frame_ms: Option<f64>,
    /// A stress run's frame (from one browser frame to the next: the tick, the instances, the
    /// draw and the GPU's work), the median of [`STRESS_FRAMES`] frames after three, once
    /// there were that many.
    pub frame_ms_p50: Option<f64>,
    /// How the game played ended, once it did (`victory`, `defeat`).
    pub outcome: Option<&'static str>,
    /// The board's answer to the run submitted: its HTTP status, and its rank where listed.
    pub submitted: Option<(u16, Option<u64>)>,
    /// The scene shown, where it is not the tower defense (`city`, `runner`, `platformer`).
    pub scene: Option<&'static str>,
    /// Where that scene stands, in a line (its distance, its blocks made, …).
    pub status: Option<String>,
    /// The run played here, kept in the browser's storage and offered as a download, once
    /// the game ended (`stored` where the storage took it, else `download`).
    pub recording: Option<&'static str>,
    /// What went wrong, if anything did.
    pub error: Option<String>,
}

impl Report {
    /// The attributes to set on `<body>`, names without their `data-horde-` prefix.
    pub fn attributes(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![("frames", self.frames.to_string())];
        if let Some(backend) = self.backend {
            out.push(("backend", backend.to_string()));
        }
        if let Some(ms) = self.first_frame_ms {
            out.push(("first-frame-ms", format!("{ms:.0}")));
        }
        if let Some(ms) = self.frame_ms_p50 {
            out.push(("frame-ms", format!("{ms:.2}")));
        }
        if let Some((ticks, checksum)) = self.replayed {
            out.push(("ticks", ticks.to_string()));
            out.push(("checksum", checksum_hex(checksum)));
        }
        if let Some(outcome) = self.outcome {
            out.push(("outcome", outcome.to_string()));
        }
        if let Some((status, rank)) = self.submitted {
            out.push(("submitted", status.to_string()));
            if let Some(rank) = rank {
                out.push(("rank", rank.to_string()));
            }
        }
        if let Some(scene) = self.scene {
            out.push(("scene", scene.to_string()));
        }
        if let Some(status) = &self.status {
            out.push(("status", status.clone()));
        }
        if let Some(kept) = self.recording {
            out.push(("recording", kept.to_string()));
        }
        if let Some(error) = &self.error {
            out.push(("error", error.clone()));
        }
        out
    }
}

/// The frames a stress run's median is taken over (after three not counted).
pub const STRESS_FRAMES: usize = 30;

/// The median of `samples` (sorted in place); `None` for none.
pub fn median(samples: &mut [f64]) -> Option<f64> {
    if samples.is_empty() {
        return None;
    }
    samples.sort_by(f64::total_cmp);
    Some(samples[samples.len() / 2])
}

/// The name a test reads for a wgpu backend: `webgpu` for the browser's WebGPU, `webgl2` for
/// WebGL2 (wgpu's GL backend in a browser).
pub fn backend_name(backend: &str) -> &'static str {
    if backend.eq_ignore_ascii_case("browserwebgpu") {
        "webgpu"
    } else {
        "webgl2"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_reports_its_ticks_and_checksum_in_hex() {
        let report = Report {
            frames: 12,
            backend: Some("webgl2"),
            replayed: Some((3600, 0x00ab_cdef_0123_4567)),
            ..Report::default()
        };
        assert_eq!(
            report.attributes(),
            [
                ("frames", "12".to_string()),
                ("backend", "webgl2".to_string()),
                ("ticks", "3600".to_string()),
                ("checksum", "00abcdef01234567".to_string()),
            ]
        );
        let failed = Report {
            error: Some("no such recording".to_string()),
            ..Report::default()
        };
        assert_eq!(
            failed.attributes()[1],
            ("error", "no such recording".to_string())
        );
        let ranked = Report {
            outcome: Some("defeat"),
            submitted: Some((201, Some(2))),
            ..Report::default()
        };
        assert_eq!(
            &ranked.attributes()[1..],
            [
                ("outcome", "defeat".to_string()),
                ("submitted", "201".to_string()),
                ("rank", "2".to_string()),
            ]
        );
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&mut []), None);
        assert_eq!(backend_name("BrowserWebGpu"), "webgpu");
        assert_eq!(backend_name("Gl"), "webgl2");
    }
}
