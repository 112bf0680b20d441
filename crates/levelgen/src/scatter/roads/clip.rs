//! Geometry of the road segments: whether a point comes near one, and a polyline cut at a
//! chunk's `x` borders from each segment's own ends.

/// Whether `(x, z)` lies closer than `reach` to one of `segments`.
pub(crate) fn near_segment(segments: &[[[f64; 2]; 2]], x: f64, z: f64, reach: f64) -> bool {
    segments.iter().any(|&[a, b]| {
        let (ux, uz) = (b[0] - a[0], b[1] - a[1]);
        let (vx, vz) = (x - a[0], z - a[1]);
        let length2 = ux * ux + uz * uz;
        let t = if length2 > 0.0 {
            ((vx * ux + vz * uz) / length2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let (dx, dz) = (vx - t * ux, vz - t * uz);
        dx * dx + dz * dz < reach * reach
    })
}

/// Calls `piece` with each run of `line` inside `lo <= x <= hi`, cut where the line crosses
/// `x = lo` or `x = hi`. A cut point is computed from its segment's ends alone, so the chunk on
/// the other side of the border computes the same point. Runs of one point are dropped.
pub(super) fn clip(line: &[[f64; 2]], lo: f64, hi: f64, mut piece: impl FnMut(&[[f64; 2]])) {
    let mut run: Vec<[f64; 2]> = Vec::new();
    let mut flush = |run: &mut Vec<[f64; 2]>| {
        if run.len() >= 2 {
            piece(run);
        }
        run.clear();
    };
    for w in line.windows(2) {
        let (a, b) = (w[0], w[1]);
        let Some((t0, t1)) = inside(a[0], b[0], lo, hi) else {
            flush(&mut run);
            continue;
        };
        let cut = |t: f64, border: f64| -> [f64; 2] {
            match t {
                0.0 => a,
                1.0 => b,
                _ => [border, a[1] + t * (b[1] - a[1])],
            }
        };
        let border_at = |t: f64| {
            // The border the cut at `t` lies on.
            let x = a[0] + t * (b[0] - a[0]);
            if (x - lo).abs() <= (x - hi).abs() {
                lo
            } else {
                hi
            }
        };
        let (p, q) = (cut(t0, border_at(t0)), cut(t1, border_at(t1)));
        if p == q {
            continue;
        }
        if run.last() != Some(&p) {
            flush(&mut run);
            run.push(p);
        }
        run.push(q);
    }
    flush(&mut run);
}

/// The part `[t0, t1]` of the segment from `a` to `b` (in `x`) inside `lo..=hi`, if any.
fn inside(a: f64, b: f64, lo: f64, hi: f64) -> Option<(f64, f64)> {
    if a == b {
        return (lo..=hi).contains(&a).then_some((0.0, 1.0));
    }
    let (ta, tb) = ((lo - a) / (b - a), (hi - a) / (b - a));
    let (enter, leave) = (ta.min(tb), ta.max(tb));
    let (t0, t1) = (enter.max(0.0), leave.min(1.0));
    (t0 <= t1).then_some((t0, t1))
}
