//! Several servers on one database are one board: two servers on one store, 200 runs each
//! sent to both at once — each verified and listed once, the same ranks from either server.
//! On the suite's database (a SQLite file, or `HORDE_TEST_POSTGRES`).
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use common::{NO_LIMIT, databases, lost_challenge, player, server, todays_seed};
use horde_online::Client;
use std::sync::{Arc, Mutex};

#[test]
fn two_servers_on_one_database_list_each_run_once() {
    let dir = tempfile::tempdir().unwrap();
    for db in &databases(dir.path()) {
        let (a, b) = (server(db, NO_LIMIT), server(db, NO_LIMIT));
        let (one, two) = (Client::new(&a.url()), Client::new(&b.url()));
        let seed = todays_seed(&one);
        assert_eq!(todays_seed(&two), seed, "one secret, one day");
        let recording = Arc::new(lost_challenge(seed, 0, dir.path()));
        let tokens: Vec<String> = (0..200).map(|i| player(&one, &format!("p{i}"))).collect();
        let answers = Arc::new(Mutex::new(Vec::new()));
        let queue = Arc::new(Mutex::new(tokens));
        let workers: Vec<_> = (0..8)
            .map(|w| {
                let (queue, answers, recording) =
                    (queue.clone(), answers.clone(), recording.clone());
                let urls = [a.url(), b.url()];
                std::thread::spawn(move || {
                    loop {
                        let Some(token) = queue.lock().unwrap().pop() else {
                            return;
                        };
                        // Both servers at once, the first to the server this worker favours.
                        let pair: Vec<_> = [urls[w % 2].clone(), urls[(w + 1) % 2].clone()]
                            .into_iter()
                            .map(|url| {
                                let (token, recording) = (token.clone(), recording.clone());
                                std::thread::spawn(move || {
                                    Client::new(&url).submit(&token, &recording).unwrap()
                                })
                            })
                            .collect();
                        let got: Vec<_> = pair.into_iter().map(|t| t.join().unwrap()).collect();
                        answers.lock().unwrap().push(got);
                    }
                })
            })
            .collect();
        for worker in workers {
            worker.join().unwrap();
        }
        let answers = answers.lock().unwrap();
        assert_eq!(answers.len(), 200);
        for pair in answers.iter() {
            let statuses: Vec<u16> = pair.iter().map(|(s, _)| *s).collect();
            assert_eq!(
                statuses.iter().filter(|&&s| s == 201).count(),
                1,
                "one verification a run: {statuses:?}"
            );
            assert_eq!(pair[0].1.run, pair[1].1.run, "one run, from either server");
        }
        let (from_a, from_b) = (
            one.day(&answers[0][0].1.day.to_string(), 1000).unwrap(),
            two.day(&answers[0][0].1.day.to_string(), 1000).unwrap(),
        );
        assert_eq!(from_a.runs, 200);
        assert_eq!(from_a, from_b, "the same ranks from every server");
        let mut ids: Vec<&str> = from_a.top.iter().map(|r| r.run.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 200, "each run listed once");
    }
}
