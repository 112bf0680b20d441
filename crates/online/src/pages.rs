//! The board's pages: `/` (today) and `/day/D` — the day's board drawn as SVG, its top runs
//! with their recordings and the command that watches one, a histogram of every score with
//! the viewer's own marked (`?player=NAME`), links to the days before. Plain HTML and CSS from
//! maud (every text escaped by construction), readable with no JavaScript and on a phone.

use crate::answers::ApiError;
use crate::api::{DayBoard, ScoreCount};
use crate::board::{Board, begun_day, board_of_day};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use horde_core_sim::TICKS_PER_SECOND;
use horde_core_sim::td::tiles::TileContent;
use maud::{DOCTYPE, Markup, PreEscaped, html};
use serde::Deserialize;

/// Runs a page lists.
const PAGE_RUNS: u64 = 50;
/// Earlier days a page links to.
const PAGE_DAYS: u64 = 14;

/// `?player=NAME`: whose score the histogram marks.
#[derive(Deserialize)]
pub struct Viewer {
    player: Option<String>,
}

/// The page's style: one column, system fonts, wide enough for a phone.
const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:0 auto;max-width:52rem;\
padding:1rem;color:#1d2330;background:#f6f5f0}h1{font-size:1.5rem}table{border-collapse:\
collapse;width:100%}th,td{text-align:left;padding:.3rem .4rem;border-bottom:1px solid #ddd}\
td.n{text-align:right}code{background:#e8e6de;padding:0 .2rem;font-size:.85em;\
word-break:break-all}svg{max-width:100%;height:auto;display:block;margin:.5rem 0}\
.you{fill:#d9480f}.bar{fill:#4263eb}nav a{margin-right:.6rem}";

/// `GET /`: today's page.
pub async fn today(
    State(board): State<Board>,
    headers: HeaderMap,
    Query(viewer): Query<Viewer>,
) -> Result<Response, ApiError> {
    page(&board, &headers, "today", viewer).await
}

/// `GET /day/D`: day D's page.
pub async fn day(
    State(board): State<Board>,
    headers: HeaderMap,
    Path(day): Path<String>,
    Query(viewer): Query<Viewer>,
) -> Result<Response, ApiError> {
    page(&board, &headers, &day, viewer).await
}

/// The page of day `day` (`YYYYMMDD` or `today`).
async fn page(
    board: &Board,
    headers: &HeaderMap,
    day: &str,
    viewer: Viewer,
) -> Result<Response, ApiError> {
    let day = begun_day(day).map_err(ApiError::not_found)?;
    let shown = board_of_day(board, day, PAGE_RUNS)
        .await
        .map_err(|e| {
            // A page's failure is plain text, not JSON; its cause is logged, not shown.
            log::error!("{e:#}");
            ApiError::plain(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the board's store failed",
            )
        })?
        .board;
    let viewer = viewer
        .player
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty());
    let mine = match &viewer {
        Some(name) => board
            .store
            .best_score_of(&name.to_uppercase().to_lowercase(), day)
            .await
            .unwrap_or(None),
        None => None,
    };
    let days = board.store.days(PAGE_DAYS + 1).await.unwrap_or_default();
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("127.0.0.1:7878");
    let today = begun_day("today").ok() == Some(day);
    let markup = render(&shown, host, (viewer.as_deref(), mine), &days, today);
    Ok((
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        markup.into_string(),
    )
        .into_response())
}

/// `n waves`, or `1 wave`.
fn waves(n: u64) -> String {
    if n == 1 {
        "1 wave".to_string()
    } else {
        format!("{n} waves")
    }
}

/// Ticks as minutes and seconds of game time.
fn survived(ticks: u64) -> String {
    let seconds = ticks / u64::from(TICKS_PER_SECOND);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// The whole page.
fn render(
    shown: &DayBoard,
    host: &str,
    (viewer, mine): (Option<&str>, Option<u64>),
    days: &[u64],
    today: bool,
) -> Markup {
    let day = shown.day;
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { "Horde — the challenge of " (day) }
                style { (PreEscaped(STYLE)) }
            }
            body {
                h1 { "The challenge of " (day) }
                p {
                    "Seed " (shown.seed) ". Play it: "
                    code { "horde run --challenge " (shown.seed) }
                    " (or " code { "--challenge online" } " today). Every run below was replayed \
                     by the server before it was listed: its edits give its score. How they were \
                     found (rewinds, a solver) is not checked."
                }
                @if today {
                    p { a id="play" href="/play?challenge=online" { "Play today's challenge" } " in the browser: a lost run is submitted and ranked here (where this board serves the web build)." }
                } @else {
                    p { a id="play" href={ "/play?challenge=" (shown.seed) } { "Play this day's challenge" } " in the browser (where this board serves the web build)." }
                }
                (board_svg(shown))
                h2 { "Top runs (" (shown.runs) " in all)" }
                @if shown.top.is_empty() {
                    p { "No run yet." }
                } @else {
                    table id="runs" {
                        thead { tr { th { "#" } th { "player" } th { "waves" } th { "survived" } th { "recording" } } }
                        tbody {
                            @for run in &shown.top {
                                tr class="run" {
                                    td class="n" { (run.rank) }
                                    td class="player" { (run.player) }
                                    td class="n score" { (run.score) }
                                    td class="n" { (survived(run.ticks)) }
                                    td {
                                        a class="watch" href={ "/play?replay=/runs/" (run.run) ".rec" } { "Watch" }
                                        " · "
                                        a href={ "/runs/" (run.run) ".rec" } { "recording" }
                                        " " code { "horde run --replay http://" (host) "/runs/" (run.run) ".rec" }
                                    }
                                }
                            }
                        }
                    }
                }
                h2 { "Every score" }
                (histogram_svg(&shown.histogram, mine))
                @match (viewer, mine) {
                    (Some(name), Some(score)) => p { (name) "'s best: " (waves(score)) " cleared (marked)." },
                    (Some(name), None) => p { (name) " has no run on this day." },
                    _ => p { "Add " code { "?player=NAME" } " to see your own score marked." },
                }
                nav {
                    "Days: "
                    @for earlier in days.iter().filter(|&&d| d != day).take(PAGE_DAYS as usize) {
                        a href={ "/day/" (earlier) } { (earlier) }
                    }
                    @if let Some(before) = horde_games::days_of(day).map(|d| horde_games::day_of(d - 1)) {
                        a href={ "/day/" (before) } { "the day before" }
                    }
                }
            }
        }
    }
}

/// The day's board as the game draws it from above: walls dark, spawn points green,
/// destinations red, north up.
fn board_svg(shown: &DayBoard) -> Markup {
    let Ok(board) = horde_games::board_of(&horde_games::challenge(shown.seed).level) else {
        return html! { p { "(the board could not be drawn)" } };
    };
    let (w, h) = (board.width(), board.height());
    let cell = 20;
    html! {
        svg id="board" xmlns="http://www.w3.org/2000/svg" role="img"
            viewBox={ "0 0 " (w * cell) " " (h * cell) } width=(w * cell) height=(h * cell) {
            title { "The board of " (shown.day) ", " (w) "×" (h) }
            rect width=(w * cell) height=(h * cell) fill="#d8d4c4" {}
            @for (i, content) in board.contents().iter().enumerate() {
                @let (x, y) = (i as u32 % w, i as u32 / w);
                @if let Some(fill) = tile_fill(*content) {
                    rect class={ "tile " (tile_class(*content)) } x=(x * cell) y=((h - 1 - y) * cell)
                        width=(cell - 1) height=(cell - 1) fill=(fill) {}
                }
            }
        }
    }
}

/// A tile's colour on the page (`None`: the ground shows).
fn tile_fill(content: TileContent) -> Option<&'static str> {
    match content {
        TileContent::Wall => Some("#3b3f4a"),
        TileContent::SpawnPoint => Some("#2f9e44"),
        TileContent::Destination => Some("#e03131"),
        TileContent::Tower(_) => Some("#1c7ed6"),
        TileContent::Empty => None,
    }
}

/// A tile's class on the page.
fn tile_class(content: TileContent) -> &'static str {
    match content {
        TileContent::Wall => "wall",
        TileContent::SpawnPoint => "spawn",
        TileContent::Destination => "destination",
        TileContent::Tower(_) => "tower",
        TileContent::Empty => "empty",
    }
}

/// Every score's count as bars, the viewer's score marked.
fn histogram_svg(bars: &[ScoreCount], mine: Option<u64>) -> Markup {
    let most = bars.iter().map(|b| b.count).max().unwrap_or(1).max(1);
    let (width, height, gap) = (24u64, 120u64, 4u64);
    let total_width = (bars.len() as u64 * (width + gap)).max(width);
    html! {
        svg id="histogram" xmlns="http://www.w3.org/2000/svg" role="img"
            viewBox={ "0 0 " (total_width) " " (height + 16) } width=(total_width) height=(height + 16) {
            title { "How many runs cleared each number of waves" }
            @for (i, bar) in bars.iter().enumerate() {
                @let tall = (bar.count * height).div_ceil(most);
                @let x = i as u64 * (width + gap);
                rect class={ @if mine == Some(bar.score) { "you" } @else { "bar" } }
                    data-score=(bar.score) data-count=(bar.count)
                    x=(x) y=(height - tall) width=(width) height=(tall) {
                    title { (bar.count) " runs cleared " (bar.score) " waves" }
                }
                text x=(x + width / 2) y=(height + 13) font-size="11" text-anchor="middle" { (bar.score) }
            }
        }
    }
}
