//! The store's claims as two servers meet them: a run claimed by one request is the other's to
//! wait for, a claim left past its lease is taken over, and only the claim's holder lists or
//! drops it — on the suite's databases (a SQLite file, and `HORDE_TEST_POSTGRES`).
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use horde_online::{Store, check_name};

#[test]
fn a_claim_is_its_holders_until_its_lease_runs_out() {
    let dir = tempfile::tempdir().unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    for db in &common::databases(dir.path()) {
        runtime.block_on(async {
            let store = Store::open(db).await.unwrap();
            let name = check_name("Lu").unwrap();
            store.create_player("p1", &name, "hash", 0).await.unwrap();
            let verdict = horde_online::Verdict {
                score: 3,
                ticks: 900,
                outcome: "defeat".into(),
                verify_ms: 5,
            };
            let lease = 60_000;
            use horde_online::Claim;
            // A claims; B finds it busy, then (past the lease) takes it over.
            let first = store.claim("run1", "p1", "text", "A", 1_000).await.unwrap();
            assert_eq!(first, Claim::Claimed);
            let second = store.claim("run1", "p1", "text", "B", 2_000).await.unwrap();
            assert_eq!(second, Claim::Busy);
            assert_eq!(
                store.probe("run1", "B", 2_000, lease).await.unwrap(),
                Claim::Busy
            );
            store.renew("run1", "A", 30_000).await.unwrap();
            assert_eq!(
                store.probe("run1", "B", 80_000, lease).await.unwrap(),
                Claim::Busy,
                "renewed"
            );
            assert_eq!(
                store.probe("run1", "B", 95_000, lease).await.unwrap(),
                Claim::Claimed
            );
            // A's claim is gone: it can neither drop nor list the run; B lists it.
            store.unclaim("run1", "A").await.unwrap();
            assert!(
                !store
                    .list("run1", "A", 20_261_204, &verdict, 96_000)
                    .await
                    .unwrap()
            );
            assert!(
                store
                    .list("run1", "B", 20_261_204, &verdict, 97_000)
                    .await
                    .unwrap()
            );
            let listed = store.run("run1").await.unwrap().unwrap();
            assert_eq!((listed.score, listed.received_ms), (3, 1_000));
            assert!(matches!(
                store.probe("run1", "C", 98_000, lease).await.unwrap(),
                Claim::Listed(_)
            ));
            // A claim refused and dropped is gone for the next probe.
            store.claim("run2", "p1", "text", "D", 1_000).await.unwrap();
            store.unclaim("run2", "D").await.unwrap();
            assert_eq!(
                store.probe("run2", "E", 1_500, lease).await.unwrap(),
                Claim::Gone
            );
        });
    }
}
