//! `horde platformer` as users and tools drive it: the treadmill's JSON summary, and a level
//! with too few templates refused.
#![allow(clippy::unwrap_used)]

mod common;

use common::horde;

#[test]
fn two_minutes_recycle_sixty_sections_and_never_show_a_template_twice() {
    for seed in ["0", "7"] {
        let out = horde(&["platformer", "--seconds", "120", "--seed", seed, "--json"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        let summary: serde_json::Value =
            serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
        assert_eq!(summary["seconds"], 120.0);
        assert_eq!(summary["speed"], 5.0);
        let recycled = summary["recycled"].as_u64().unwrap();
        assert!((59..=61).contains(&recycled), "{summary}");
        assert_eq!(summary["max_same_template_active"], 1);
        let uses = summary["template_uses"].as_object().unwrap();
        assert!(uses.len() >= 6, "{summary}");
        assert!(uses.values().all(|n| n.as_u64().unwrap() > 0), "{summary}");
        // The two templates placed at the start, then one per recycled section.
        let total: u64 = uses.values().map(|n| n.as_u64().unwrap()).sum();
        assert_eq!(total, recycled + 2);
        // The autopilot plays through.
        assert_eq!(summary["game_over"], false, "{summary}");
        assert!(summary["jumps"].as_u64().unwrap() > 10, "{summary}");
    }
}

#[test]
fn a_level_with_three_templates_is_refused_naming_the_file_and_the_minimum() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("three.ron");
    std::fs::write(
        &path,
        "(\n    section_width: 10.0,\n    speed: 5.0,\n    start: (name: \"s\", boxes: []),\n    templates: [(name: \"a\", boxes: []), (name: \"b\", boxes: []), (name: \"c\", boxes: [])],\n)\n",
    )
    .unwrap();
    let out = horde(&["platformer", "--sections", path.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    // At the end of the list, where the parser has counted it.
    assert!(stderr.contains("three.ron:5:87: 3 templates"), "{stderr}");
    assert!(stderr.contains("at least 4"), "{stderr}");
    assert!(out.stdout.is_empty());
}
