//! The board server as a client meets it: the real server on `127.0.0.1:0` over a temporary
//! SQLite file (or `HORDE_TEST_POSTGRES`), talked to over HTTP — every endpoint and refusal of
//! the board's contract in the manual, the ranking, resubmission, a restart.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use common::{NO_LIMIT, databases, lost_challenge, player, raw, server, todays_seed};
use horde_online::{Client, RateLimit, RunInfo};

#[test]
fn a_lost_challenge_is_verified_ranked_listed_and_kept_exactly() {
    let dir = tempfile::tempdir().unwrap();
    for db in &databases(dir.path()) {
        let board = server(db, NO_LIMIT);
        let client = Client::new(&board.url());
        assert_eq!(
            raw("GET", &format!("{}/healthz", board.url()), &[], None).1,
            "ok"
        );
        let seed = todays_seed(&client);
        let token = player(&client, "Ana");
        let recording = lost_challenge(seed, 0, dir.path());

        let (status, run) = client.submit(&token, &recording).unwrap();
        assert_eq!(status, 201);
        assert_eq!(
            (run.rank, run.best, run.outcome.as_str()),
            (1, true, "defeat")
        );
        assert_eq!(run.day, client.day(&run.day.to_string(), 1).unwrap().day);
        // What `horde replay` says of the same recording.
        let path = dir.path().join("again.rec");
        std::fs::write(&path, &recording).unwrap();
        let (parsed, sim) = horde_games::open(&path).unwrap();
        let replayed = horde_games::check(&parsed, sim, horde_core_sim::DT).unwrap();
        assert_eq!(run.ticks, replayed.sim.counts().ticks);
        assert_eq!(run.score, replayed.sim.wave_tally().cleared);

        // The same recording again: 200 and the same run.
        let (again, same) = client.submit(&token, &recording).unwrap();
        assert_eq!((again, &same), (200, &run));
        // A comment added does not make it another run.
        let commented = format!("# played on a train\n{recording}# gg\n");
        let (again, same) = client.submit(&token, &commented).unwrap();
        assert_eq!((again, &same), (200, &run));

        let info: RunInfo = serde_json::from_str(
            &raw(
                "GET",
                &format!("{}/api/runs/{}", board.url(), run.run),
                &[],
                None,
            )
            .1,
        )
        .unwrap();
        assert_eq!(
            (info.player.as_str(), info.score, info.ticks),
            ("Ana", run.score, run.ticks)
        );
        assert!(
            info.submitted.ends_with('Z') && info.submitted.len() == 20,
            "{}",
            info.submitted
        );
        let kept = client
            .text(&format!("{}/runs/{}.rec", board.url(), run.run))
            .unwrap();
        assert_eq!(kept, recording, "the recording as submitted");

        let day = client.day(&run.day.to_string(), 10).unwrap();
        assert_eq!((day.runs, day.top.len()), (1, 1));
        assert_eq!(day.top[0].player, "Ana");
        assert_eq!(day.histogram.len(), 1);
        assert_eq!(
            (day.histogram[0].score, day.histogram[0].count),
            (run.score, 1)
        );
        assert!(day.board.starts_with("generated v"), "{}", day.board);
        let by_number = client.day(&run.day.to_string(), 10).unwrap();
        assert_eq!(by_number, day);
    }
}

#[test]
fn refusals_say_why_with_the_right_status() {
    let dir = tempfile::tempdir().unwrap();
    for db in &databases(dir.path()) {
        let board = server(db, NO_LIMIT);
        let url = board.url();
        let client = Client::new(&url);
        let seed = todays_seed(&client);
        let token = player(&client, "Bo");
        let recording = lost_challenge(seed, 0, dir.path());
        let post = |headers: &[(&str, &str)], body: &str| {
            raw(
                "POST",
                &format!("{url}/api/runs"),
                headers,
                Some(body.as_bytes().to_vec()),
            )
        };
        let auth = format!("Bearer {token}");
        let authed = [("Authorization", auth.as_str())];

        // Names: taken ignoring case (409), against the rule (422), not JSON (422).
        let names = |body: &str| {
            raw(
                "POST",
                &format!("{url}/api/players"),
                &[],
                Some(body.into()),
            )
        };
        assert_eq!(names(r#"{"name":"bo"}"#).0, 409);
        assert_eq!(names(r#"{"name":"<b>"}"#).0, 422);
        assert_eq!(names(r#"{"name":""}"#).0, 422);
        assert_eq!(names("not json").0, 422);
        assert_eq!(names(r#"{"name":"x","admin":true}"#).0, 422);

        // Tokens: none, unknown.
        assert_eq!(post(&[], &recording).0, 401);
        assert_eq!(
            post(&[("Authorization", "Bearer nobody")], &recording).0,
            401
        );

        // A recording that does not parse: 422 naming the line.
        let (status, body, _) = post(&authed, "#! horde-recording 1\n#! level built-in\nx\n");
        assert_eq!(status, 422, "{body}");
        let refusal: horde_online::Refusal = serde_json::from_str(&body).unwrap();
        assert!(refusal.line.is_some(), "{body}");

        // Tampered: one checksum line changed is the first bad one named.
        let lines: Vec<&str> = recording.lines().collect();
        let at = (lines.iter())
            .position(|l| !l.starts_with('#') && l.contains(" checksum "))
            .unwrap();
        let mut tampered: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        let last = tampered[at].pop().unwrap();
        tampered[at].push(if last == '0' { '1' } else { '0' });
        let (status, body, _) = post(&authed, &(tampered.join("\n") + "\n"));
        assert_eq!(status, 422, "{body}");
        let refusal: horde_online::Refusal = serde_json::from_str(&body).unwrap();
        assert_eq!(refusal.line, Some(at + 1), "{body}");
        assert!(refusal.error.contains("desync"), "{body}");

        // Not over: the recording cut before its defeat.
        let early = lines[..lines.len() - 10].join("\n") + "\n";
        let (status, body, _) = post(&authed, &early);
        assert_eq!(status, 422, "{body}");
        assert!(
            body.contains("not over") || body.contains("checksum line"),
            "{body}"
        );

        // Another game: the seed of no day, and the day's seed on another board.
        let other = lost_challenge(seed ^ 1, 0, dir.path());
        let (status, body, _) = post(&authed, &other);
        assert_eq!((status, body.contains("no day")), (422, true), "{body}");
        let spawner = recording.replace("#! scenario built-in:endless\n", "");
        let (status, body, _) = post(&authed, &spawner);
        assert_eq!(status, 422, "{body}");
        assert!(body.contains("challenge"), "{body}");

        // Too big: 413.
        let huge = "#".repeat(horde_online::BODY_LIMIT + 1);
        let (status, body, _) = post(&authed, &huge);
        assert_eq!(status, 413);
        let refusal: horde_online::Refusal = serde_json::from_str(&body).unwrap();
        assert!(!refusal.error.is_empty(), "{body}");

        // Days: not begun, not a day, a run not listed.
        assert_eq!(
            raw("GET", &format!("{url}/api/days/99991231"), &[], None).0,
            404
        );
        assert_eq!(
            raw("GET", &format!("{url}/api/days/20261332"), &[], None).0,
            404
        );
        assert_eq!(
            raw("GET", &format!("{url}/api/runs/nothing"), &[], None).0,
            404
        );
        assert_eq!(
            raw("GET", &format!("{url}/runs/nothing.rec"), &[], None).0,
            404
        );
        // Nothing refused was listed.
        assert_eq!(client.day("today", 10).unwrap().runs, 0);
    }
}

#[test]
fn runs_rank_by_waves_then_ticks_and_a_restart_keeps_them() {
    let dir = tempfile::tempdir().unwrap();
    for db in &databases(dir.path()) {
        let (weak, strong, seed);
        {
            let board = server(db, NO_LIMIT);
            let client = Client::new(&board.url());
            seed = todays_seed(&client);
            let (a, b) = (player(&client, "Cy"), player(&client, "Di"));
            let bare = lost_challenge(seed, 0, dir.path());
            // A defended run that outlasts the bare one (a tower may turn the path away from
            // the others, so a few are tried).
            let bare_end = common::end_of(&bare);
            let defended = [3, 4, 2, 1]
                .into_iter()
                .map(|towers| lost_challenge(seed, towers, dir.path()))
                .find(|run| common::end_of(run) > bare_end)
                .expect("no defence outlasts no defence");
            weak = client.submit(&a, &bare).unwrap().1;
            strong = client.submit(&b, &defended).unwrap().1;
            assert!(
                (strong.score, strong.ticks) > (weak.score, weak.ticks),
                "the defended run ranks by what it held: {strong:?} against {weak:?}"
            );
            assert_eq!((strong.rank, weak.rank), (1, 1), "each ranked as it came");
            // The same bare run from the second player ranks after the first's: submitted later.
            let later = client.submit(&b, &bare).unwrap().1;
            assert_eq!((later.rank, later.best), (3, false));
        }
        let board = server(db, NO_LIMIT);
        let client = Client::new(&board.url());
        assert_eq!(todays_seed(&client), seed, "the secret is kept");
        let day = client.day(&weak.day.to_string(), 10).unwrap();
        let order: Vec<(&str, &str)> = day
            .top
            .iter()
            .map(|r| (r.player.as_str(), r.run.as_str()))
            .collect();
        assert_eq!(day.runs, 3);
        assert_eq!(order[0], ("Di", strong.run.as_str()));
        assert_eq!(order[1], ("Cy", weak.run.as_str()));
        assert_eq!(day.top[2].player, "Di");
        assert!(
            client
                .text(&format!("{}/runs/{}.rec", board.url(), weak.run))
                .is_ok()
        );
    }
}

#[test]
fn the_rate_limit_answers_429_past_its_burst() {
    let dir = tempfile::tempdir().unwrap();
    for db in &databases(dir.path()) {
        let rate = RateLimit {
            burst: 5,
            per_second: 1,
            behind_proxy: false,
        };
        let board = server(db, rate);
        let url = format!("{}/healthz", board.url());
        let answers: Vec<_> = (0..8).map(|_| raw("GET", &url, &[], None)).collect();
        let statuses: Vec<u16> = answers.iter().map(|a| a.0).collect();
        assert_eq!(&statuses[..5], &[200; 5], "{statuses:?}");
        let limited = answers.iter().find(|a| a.0 == 429).expect("no 429");
        let refusal: horde_online::Refusal = serde_json::from_str(&limited.1).unwrap();
        assert!(refusal.error.contains("Too Many Requests"), "{}", limited.1);

        // Behind a proxy, each forwarded address has its own allowance.
        let proxied = server(
            db,
            RateLimit {
                burst: 5,
                per_second: 1,
                behind_proxy: true,
            },
        );
        let url = format!("{}/healthz", proxied.url());
        let from = |ip: &str| raw("GET", &url, &[("X-Forwarded-For", ip)], None).0;
        let first: Vec<u16> = (0..6).map(|_| from("10.0.0.1")).collect();
        assert_eq!(&first[..5], &[200; 5], "{first:?}");
        assert_eq!(first[5], 429, "{first:?}");
        assert_eq!(
            from("10.0.0.2"),
            200,
            "another client behind the same proxy"
        );
    }
}

#[test]
fn the_page_shows_the_runs_the_board_and_every_score_escaped() {
    let dir = tempfile::tempdir().unwrap();
    for db in &databases(dir.path()) {
        let board = server(db, NO_LIMIT);
        let client = Client::new(&board.url());
        let seed = todays_seed(&client);
        let token = player(&client, "Eve");
        let run = client
            .submit(&token, &lost_challenge(seed, 0, dir.path()))
            .unwrap()
            .1;
        let (status, page, _) = raw("GET", &format!("{}/?player=Eve", board.url()), &[], None);
        assert_eq!(status, 200);
        assert!(page.contains("<svg id=\"board\""), "the board is drawn");
        assert!(page.contains(&format!("/runs/{}.rec", run.run)));
        assert!(page.contains("horde run --replay http://"));
        assert!(page.contains("class=\"you\""), "Eve's score is marked");
        // What the viewer writes is shown escaped.
        let (_, page, _) = raw(
            "GET",
            &format!("{}/?player=%3Cscript%3Ealert(1)%3C/script%3E", board.url()),
            &[],
            None,
        );
        assert!(
            !page.contains("<script>"),
            "nothing the viewer sends is markup"
        );
        assert!(page.contains("&lt;script&gt;"));
        let (status, _, _) = raw(
            "GET",
            &format!("{}/day/{}", board.url(), run.day),
            &[],
            None,
        );
        assert_eq!(status, 200);
    }
}

#[test]
fn a_replay_past_the_servers_bound_a_slow_header_and_a_slow_body_are_cut_off() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().unwrap();
    let mut options = common::options(&databases(dir.path())[0]);
    options.max_ticks = 100;
    options.timeouts = horde_online::Timeouts {
        header: std::time::Duration::from_secs(2),
        body: std::time::Duration::from_secs(2),
    };
    let board = horde_online::Running::start(&options).unwrap();
    let client = Client::new(&board.url());
    let token = player(&client, "Ivy");
    let recording = lost_challenge(todays_seed(&client), 0, dir.path());
    let Err(horde_online::ClientError::Refused { status, refusal }) =
        client.submit(&token, &recording)
    else {
        panic!("a replay past --max-ticks was accepted");
    };
    assert_eq!(status, 422);
    assert!(refusal.error.contains("100 ticks"), "{}", refusal.error);

    // A header that never ends: the server hangs up within its timeout, the request unanswered.
    let mut slow = std::net::TcpStream::connect(board.addr).unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    slow.set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    let started = std::time::Instant::now();
    let mut answer = Vec::new();
    let read = slow.read_to_end(&mut answer);
    assert!(
        read.is_ok(),
        "the server kept the connection open: {read:?}"
    );
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "closed only after {:?}",
        started.elapsed()
    );
    let answer = String::from_utf8_lossy(&answer);
    assert!(!answer.contains("200 OK"), "{answer}");

    // A body that comes a byte at a time, never idle long: refused once the whole body's
    // time is past, not left open while the bytes trickle.
    let mut slow = std::net::TcpStream::connect(board.addr).unwrap();
    let head = format!(
        "POST /api/runs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n\
         Content-Length: 1000\r\n\r\n#"
    );
    slow.write_all(head.as_bytes()).unwrap();
    let mut drip = slow.try_clone().unwrap();
    let dripping = std::thread::spawn(move || {
        for _ in 0..40 {
            std::thread::sleep(std::time::Duration::from_millis(200));
            if drip.write_all(b"!").is_err() {
                return;
            }
        }
    });
    slow.set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    let started = std::time::Instant::now();
    let mut answer = [0u8; 64];
    let read = slow.read(&mut answer).unwrap();
    let answer = String::from_utf8_lossy(&answer[..read]);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(6),
        "{:?}",
        started.elapsed()
    );
    drop(slow);
    dripping.join().unwrap();
}

#[test]
fn a_full_queue_answers_503_with_retry_after_and_the_run_may_be_sent_again() {
    let dir = tempfile::tempdir().unwrap();
    // One verifier and no room to wait: of two runs sent at once, one is verified and the
    // other refused until the verifier is free.
    let mut options = common::options(&databases(dir.path())[0]);
    options.verifiers = 1;
    options.queue = 0;
    let board = horde_online::Running::start(&options).unwrap();
    let client = Client::new(&board.url());
    let seed = todays_seed(&client);
    let run = std::sync::Arc::new(lost_challenge(seed, 3, dir.path()));
    let url = format!("{}/api/runs", board.url());
    let sends: Vec<_> = ["Jo", "Ky"]
        .into_iter()
        .map(|name| {
            let auth = format!("Bearer {}", player(&client, name));
            let (url, run) = (url.clone(), run.clone());
            std::thread::spawn(move || {
                let headers = [("Authorization", auth.as_str())];
                let answer = raw("POST", &url, &headers, Some(run.as_bytes().to_vec()));
                (answer, auth)
            })
        })
        .collect();
    let mut answers: Vec<_> = sends.into_iter().map(|s| s.join().unwrap()).collect();
    answers.sort_by_key(|((status, _, _), _)| *status);
    let statuses: Vec<u16> = answers.iter().map(|((s, _, _), _)| *s).collect();
    assert_eq!(statuses, [201, 503], "{answers:?}");
    let ((_, body, retry), auth) = &answers[1];
    assert_eq!(retry.as_deref(), Some("1"), "{body}");
    let refusal: horde_online::Refusal = serde_json::from_str(body).unwrap();
    assert!(refusal.error.contains("busy"), "{body}");
    // Sent again once the verifier is free, it is verified.
    let headers = [("Authorization", auth.as_str())];
    let again = raw("POST", &url, &headers, Some(run.as_bytes().to_vec()));
    assert_eq!(again.0, 201, "{}", again.1);
}
