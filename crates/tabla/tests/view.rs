//! `tabla state --view` and `--position` on the built binary: one schema for every game and
//! variant (`docs/cli-contract.md`, "tabla state --view"), and positions as text.

use serde_json::Value;
use std::collections::HashSet;
use std::process::{Command, Output};

fn tabla(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabla")).args(args).output().expect("tabla runs")
}

fn state(args: &[&str]) -> Value {
    let out = tabla(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// Every game and a variant or two, with a record that gets past the opening.
const CASES: &[(&str, &[&str], &str)] = &[
    ("amazons", &[], "b1-b4/e4"),
    ("amazons", &["-o", "board=hex", "-o", "players=3"], ""),
    ("amazons", &["-o", "players=4", "-o", "teams=on"], ""),
    ("amazons", &["-o", "holes=c3,d4"], ""),
    ("gipf", &[], ""),
    ("gipf", &["-o", "variant=basic"], ""),
    ("seega", &[], "a1,b2"),
    ("seega", &["-o", "size=7"], ""),
    ("bulgarian-ur", &[], "first=black r3 0-3 r2"),
    ("bulgarian-ur", &["-o", "centre=opposite", "-o", "discs=3"], "first=yellow r5 0-5 r4"),
];

fn case_args<'a>(game: &'a str, opts: &'a [&'a str], moves: &'a str) -> Vec<&'a str> {
    let mut a = vec!["state", game, "--view"];
    a.extend_from_slice(opts);
    a.extend_from_slice(&["--moves", moves]);
    a
}

#[test]
fn every_game_prints_the_one_view_schema() {
    for &(game, opts, moves) in CASES {
        let v = state(&case_args(game, opts, moves));
        let ctx = format!("{game} {opts:?}");
        let view = &v["view"];
        let kind = view["board"]["kind"].as_str().unwrap_or_else(|| panic!("{ctx}: board.kind"));
        assert!(["square", "hex", "track"].contains(&kind), "{ctx}: {kind}");
        let mut ids = HashSet::new();
        for list in ["cells", "points"] {
            for c in view[list].as_array().unwrap_or_else(|| panic!("{ctx}: {list}")) {
                let id = c["id"].as_str().unwrap_or_else(|| panic!("{ctx}: id"));
                assert!(ids.insert(id.to_string()), "{ctx}: id {id} twice");
                assert!(c["x"].is_f64() && c["y"].is_f64(), "{ctx}: {id} coordinates");
                assert!(c["mark"].is_null() || c["mark"].is_string(), "{ctx}: {id} mark");
                for p in c["stack"].as_array().unwrap() {
                    assert!(p["kind"].is_string(), "{ctx}: {id} piece kind");
                    assert!(p["owner"].is_null() || p["owner"].is_string(), "{ctx}: owner");
                }
            }
        }
        assert!(!view["cells"].as_array().unwrap().is_empty(), "{ctx}: no cells");
        let names: Vec<&str> = view["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert!(names.len() >= 2, "{ctx}: players {names:?}");
        for id in view["last"].as_array().unwrap() {
            assert!(ids.contains(id.as_str().unwrap()), "{ctx}: last {id}");
        }
        if !moves.is_empty() && v["to_move"] != "chance" {
            assert!(!view["last"].as_array().unwrap().is_empty(), "{ctx}: the last move is marked");
        }
        // Paths: one entry per legal move at a player's turn, ids from the view.
        let legal: HashSet<&str> =
            v["legal"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        let paths = v["paths"].as_object().unwrap_or_else(|| panic!("{ctx}: paths"));
        if v["to_move"] == "chance" {
            assert!(paths.is_empty(), "{ctx}: no paths at a roll");
            continue;
        }
        assert_eq!(paths.keys().map(String::as_str).collect::<HashSet<_>>(), legal, "{ctx}");
        for (m, ps) in paths {
            for p in ps.as_array().unwrap() {
                for click in p.as_array().unwrap() {
                    let c = click.as_str().unwrap();
                    assert!(ids.contains(c) || c == "done" || c == "pass", "{ctx}: {m}: {c}");
                }
            }
        }
    }
}

#[test]
fn without_view_there_is_no_view() {
    let v = state(&["state", "seega"]);
    assert!(v.get("view").is_none() && v.get("paths").is_none());
    assert!(v["position"].is_string());
}

#[test]
fn a_printed_position_sets_the_same_position_up() {
    for &(game, opts, moves) in CASES {
        let mut args = vec!["state", game];
        args.extend_from_slice(opts);
        let mut with_moves = args.clone();
        with_moves.extend_from_slice(&["--moves", moves]);
        let a = state(&with_moves);
        let pos = a["position"].as_str().unwrap().to_string();
        let mut from_text = args.clone();
        from_text.extend_from_slice(&["--position", &pos]);
        let b = state(&from_text);
        assert_eq!(a["position"], b["position"], "{game} {opts:?}");
        assert_eq!(a["to_move"], b["to_move"], "{game} {opts:?}");
        let set = |v: &Value| -> HashSet<String> {
            v["legal"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().into()).collect()
        };
        assert_eq!(set(&a), set(&b), "{game} {opts:?}");
    }
}

#[test]
fn a_bad_position_is_refused_with_what_was_expected() {
    for game in ["amazons", "gipf", "seega", "bulgarian-ur"] {
        let out = tabla(&["state", game, "--position", "this is not a position"]);
        assert_eq!(out.status.code(), Some(2), "{game}");
        assert!(out.stdout.is_empty(), "{game}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--position"), "{game}: {err}");
    }
}

#[test]
fn moves_are_played_from_a_given_position() {
    let start = state(&["state", "seega"]);
    let pos = start["position"].as_str().unwrap();
    let a = state(&["state", "seega", "--moves", "a1,b2"]);
    let b = state(&["state", "seega", "--position", pos, "--moves", "a1,b2"]);
    assert_eq!(a["position"], b["position"]);
}
