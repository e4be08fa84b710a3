//! Golden playthroughs from an independent implementation of the rules files: every position
//! of every recorded game must match (player to move, legal set, chance list, result).
//! A game joins with one `#[test]` line below.

use std::collections::BTreeSet;
use std::path::Path;
use tabla_core::{play_record, StateReport};

fn check_golden(game: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_str().unwrap();
            name.ends_with(".jsonl") && name.strip_prefix(game).is_some_and(|r| r.starts_with('-'))
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no golden files for {game}");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut lines = text.lines();
        let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
        let options: Vec<String> = header["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .filter(|s| s != "-o")
            .collect();
        let record = header["record"].as_str().unwrap();
        let expected: Vec<serde_json::Value> = lines
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let mut state = tabla_games::new_game(game, &options).unwrap();
        let mut got = vec![serde_json::to_value(StateReport::of(state.as_ref())).unwrap()];
        play_record(state.as_mut(), record, |g| {
            got.push(serde_json::to_value(StateReport::of(g)).unwrap())
        })
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(got.len(), expected.len(), "{}: number of positions", path.display());
        let tokens: Vec<&str> = record.split_whitespace().collect();
        for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
            let at = if i == 0 {
                "the start".to_string()
            } else {
                format!("after token {i} ({})", tokens[i - 1])
            };
            let ctx = format!("{} at {at}", path.display());
            assert_eq!(g["to_move"], e["to_move"], "{ctx}: to_move");
            assert_eq!(g["result"], e["result"], "{ctx}: result");
            assert_eq!(g.get("chance"), e.get("chance"), "{ctx}: chance");
            let set = |v: &serde_json::Value| -> BTreeSet<String> {
                v["legal"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_str().unwrap().to_string())
                    .collect()
            };
            let (gs, es) = (set(g), set(e));
            assert_eq!(
                g["legal"].as_array().unwrap().len(),
                gs.len(),
                "{ctx}: duplicate legal moves"
            );
            let missing: Vec<_> = es.difference(&gs).take(10).collect();
            let extra: Vec<_> = gs.difference(&es).take(10).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{ctx}: legal moves missing {missing:?}, extra {extra:?}"
            );
        }
    }
}

#[test]
fn amazons() {
    check_golden("amazons");
}

#[test]
fn bulgarian_ur() {
    check_golden("bulgarian-ur");
}

#[test]
fn gipf() {
    check_golden("gipf");
}

#[test]
fn seega() {
    check_golden("seega");
}
