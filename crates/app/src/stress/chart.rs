//! The `--plot` chart of a stress sweep: frame time and sim time against enemies, side by side,
//! both axes logarithmic; one colour per run configuration (adapter, cube, towers), its p50 a
//! solid line through dots and its p95 a dashed line through triangles. Drawn by `plotters`
//! into SVG text (no fonts are read: the SVG names them and the viewer draws the letters).

use super::report::Report;
use crate::stats::Stat;
use anyhow::{Result, anyhow};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Chart size in SVG pixels.
const SIZE: (u32, u32) = (1280, 560);
/// Series colours, in order (a configuration past the last takes the first again).
const COLOURS: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(23, 190, 207),
];
/// Times below this are drawn at it (a log axis has no 0), milliseconds.
const FLOOR_MS: f64 = 1e-3;

/// The runs of one configuration, by enemy count.
#[derive(Clone, Debug)]
pub struct Series<'r> {
    /// What the runs share: adapter and backend, cube, towers.
    pub label: String,
    /// The runs, fewest enemies first.
    pub runs: Vec<&'r Report>,
}

/// The configuration a run belongs to, as the legend names it. Without a renderer the cube
/// is named only when `cubes_differ` (it draws nothing, but runs of two cubes are two series).
pub fn configuration(report: &Report, cubes_differ: bool) -> String {
    let mut label = if report.backend == "none" {
        "no renderer".to_string()
    } else {
        format!("{} ({})", report.adapter, report.backend)
    };
    if report.backend != "none" || cubes_differ {
        label.push_str(&format!(", {} cube", report.cube));
    }
    if report.towers > 0 {
        label.push_str(&format!(", {} towers", report.towers));
    }
    if report.static_instances {
        label.push_str(", static");
    }
    label
}

/// The reports grouped by [`configuration`], in order of first appearance.
pub fn series(reports: &[Report]) -> Vec<Series<'_>> {
    let cubes_differ = reports.iter().any(|r| r.cube != reports[0].cube);
    let mut all: Vec<Series> = Vec::new();
    for report in reports {
        let label = configuration(report, cubes_differ);
        match all.iter_mut().find(|s| s.label == label) {
            Some(series) => series.runs.push(report),
            None => all.push(Series {
                label,
                runs: vec![report],
            }),
        }
    }
    for series in &mut all {
        series.runs.sort_by_key(|r| r.enemies);
    }
    all
}

/// The chart of `reports` as SVG text, titled `title`. Errors: nothing to draw.
pub fn svg(reports: &[Report], title: &str) -> Result<String> {
    if reports.is_empty() {
        return Err(anyhow!("no runs to plot"));
    }
    let series = series(reports);
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        let root = root.titled(title, ("sans-serif", 18)).map_err(plot_error)?;
        let (left, right) = root.split_horizontally(SIZE.0 / 2);
        panel(&left, "frame time (frame_ms)", |r| r.frame_ms, &series)?;
        panel(
            &right,
            "simulation + matrices (sim_ms)",
            |r| r.sim_ms,
            &series,
        )?;
        root.present().map_err(plot_error)?;
    }
    Ok(text)
}

fn plot_error(e: impl std::fmt::Display) -> anyhow::Error {
    anyhow!("drawing the chart: {e}")
}

/// A log range around `values` (positive), a little wider than they span.
fn span(values: impl Iterator<Item = f64>) -> std::ops::Range<f64> {
    let (lo, hi) = values.fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    let (lo, hi) = if lo.is_finite() {
        (lo, hi)
    } else {
        (1.0, 10.0)
    };
    (lo / 1.6)..(hi * 1.6).max(lo * 2.0)
}

/// `1k`, `250k`, `1M` for an enemy count.
fn count_label(n: f64) -> String {
    if n >= 1e6 {
        format!("{}M", trim(n / 1e6))
    } else if n >= 1e3 {
        format!("{}k", trim(n / 1e3))
    } else {
        trim(n)
    }
}

fn trim(v: f64) -> String {
    let text = format!("{v:.1}");
    text.trim_end_matches(".0").to_string()
}

/// One panel: `pick`'s p50 and p95 of every series against enemies.
fn panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    caption: &str,
    pick: fn(&Report) -> Stat,
    series: &[Series],
) -> Result<()> {
    let runs = || series.iter().flat_map(|s| s.runs.iter().copied());
    let x = span(runs().map(|r| r.enemies as f64));
    let y = span(runs().flat_map(|r| {
        let s = pick(r);
        [s.p50.max(FLOOR_MS), s.p95.max(FLOOR_MS)]
    }));
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 16))
        .margin(14)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(x.log_scale(), y.log_scale())
        .map_err(plot_error)?;
    chart
        .configure_mesh()
        .x_desc("enemies")
        .y_desc("milliseconds")
        .x_label_formatter(&|v| count_label(*v))
        .y_label_formatter(&|v| trim_ms(*v))
        .draw()
        .map_err(plot_error)?;
    for (i, s) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let points = |q: fn(&Stat) -> f64| -> Vec<(f64, f64)> {
            (s.runs.iter())
                .map(|r| (r.enemies as f64, q(&pick(r)).max(FLOOR_MS)))
                .collect()
        };
        let (p50, p95) = (points(|s| s.p50), points(|s| s.p95));
        chart
            .draw_series(LineSeries::new(p50.clone(), colour.stroke_width(2)))
            .map_err(plot_error)?
            .label(format!("{} — p50", s.label))
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 18, y)], colour.stroke_width(2)));
        chart
            .draw_series(p50.iter().map(|&p| Circle::new(p, 4, colour.filled())))
            .map_err(plot_error)?;
        chart
            .draw_series(DashedLineSeries::new(
                p95.clone(),
                6,
                4,
                colour.stroke_width(1),
            ))
            .map_err(plot_error)?
            .label(format!("{} — p95", s.label))
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 18, y)], colour.stroke_width(1)));
        chart
            .draw_series(
                p95.iter()
                    .map(|&p| TriangleMarker::new(p, 4, colour.filled())),
            )
            .map_err(plot_error)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .label_font(("sans-serif", 12))
        .draw()
        .map_err(plot_error)?;
    Ok(())
}

/// A millisecond tick label: `0.5`, `2`, `40`.
fn trim_ms(v: f64) -> String {
    if v >= 10.0 {
        format!("{v:.0}")
    } else if v >= 0.1 {
        trim(v)
    } else {
        format!("{v:.3}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_labelled_short() {
        assert_eq!(count_label(1000.0), "1k");
        assert_eq!(count_label(250_000.0), "250k");
        assert_eq!(count_label(1_000_000.0), "1M");
        assert_eq!(count_label(1_500_000.0), "1.5M");
        assert_eq!(count_label(40.0), "40");
    }

    #[test]
    fn a_log_span_holds_its_values_with_room() {
        let r = span([2.0, 50.0].into_iter());
        assert!(r.start < 2.0 && r.end > 50.0);
        let one = span([3.0].into_iter());
        assert!(one.start < 3.0 && one.end > 3.0);
        let none = span(std::iter::empty());
        assert!(none.start > 0.0 && none.end > none.start);
    }
}
