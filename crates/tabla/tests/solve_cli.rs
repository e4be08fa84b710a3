//! `tabla solve` as the command-line contract (`docs/cli-contract.md`) describes it, checked
//! on the built binary with small boards and short budgets.

use std::collections::BTreeSet;
use std::process::{Command, Output};

fn tabla(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabla")).args(args).output().expect("tabla runs")
}

fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "one JSON line: {text}");
    serde_json::from_str(lines[0]).unwrap()
}

fn keys(v: &serde_json::Value) -> BTreeSet<String> {
    v.as_object().expect("an object").keys().cloned().collect()
}

fn set(words: &[&str]) -> BTreeSet<String> {
    words.iter().map(|w| w.to_string()).collect()
}

fn legal(game: &[&str]) -> BTreeSet<String> {
    let mut args = vec!["state"];
    args.extend_from_slice(game);
    let v = json(&tabla(&args));
    v["legal"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect()
}

const SMALL: &[&str] = &["amazons", "-o", "layout=1.../..../.#../...2"];

#[test]
fn solve_prints_the_value_and_a_move_that_achieves_it() {
    let mut args = vec!["solve"];
    args.extend_from_slice(SMALL);
    let v = json(&tabla(&args));
    assert_eq!(keys(&v), set(&["to_move", "value", "best", "nodes", "ms"]));
    assert_eq!(v["to_move"], "white");
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["ms"].as_u64().is_some());
    let value = v["value"].as_str().unwrap();
    assert!(["win", "loss"].contains(&value), "Amazons has no draws: {value}");
    if value == "win" {
        assert!(legal(SMALL).contains(v["best"].as_str().unwrap()));
    } else {
        assert!(v["best"].is_null());
    }
}

#[test]
fn solve_all_gives_every_legal_move_its_value() {
    let mut args = vec!["solve"];
    args.extend_from_slice(SMALL);
    args.push("--all");
    let v = json(&tabla(&args));
    assert_eq!(keys(&v), set(&["to_move", "value", "best", "nodes", "ms", "moves"]));
    let moves = v["moves"].as_array().unwrap();
    let listed: BTreeSet<String> =
        moves.iter().map(|m| m["move"].as_str().unwrap().to_string()).collect();
    assert_eq!(listed.len(), moves.len(), "every move once");
    assert_eq!(listed, legal(SMALL), "every legal move");
    let value_of = |m: &str| moves.iter().find(|x| x["move"] == m).unwrap()["value"].clone();
    let wins = moves.iter().filter(|m| m["value"] == "win").count();
    assert!(moves.iter().all(|m| m["value"] == "win" || m["value"] == "loss"));
    // The position is won exactly when some move wins, and `best` is one of those.
    assert_eq!(v["value"] == "win", wins > 0);
    if wins > 0 {
        assert_eq!(value_of(v["best"].as_str().unwrap()), "win");
    }
    // The position after the best move is lost for the other side.
    if let Some(best) = v["best"].as_str() {
        let after = json(&tabla(&["solve", SMALL[0], SMALL[1], SMALL[2], "--moves", best]));
        assert_eq!(after["to_move"], "black");
        assert_eq!(after["value"], "loss");
    }
}

#[test]
fn solve_says_unknown_when_the_time_runs_out() {
    let v = json(&tabla(&["solve", "amazons", "-o", "size=8", "--time-ms", "100"]));
    assert_eq!(v["value"], "unknown");
    assert!(v["best"].is_null());
    let v = json(&tabla(&["solve", "gipf", "--time-ms", "100", "--all"]));
    assert_eq!(v["value"], "unknown");
    assert!(v["moves"].as_array().unwrap().iter().any(|m| m["value"] == "unknown"));
}

#[test]
fn solve_refuses_dice_and_more_players_naming_what_it_handles() {
    for args in [&["solve", "bulgarian-ur"][..], &["solve", "amazons", "-o", "players=3"][..]] {
        let out = tabla(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("Amazons with 2 players"), "{err}");
    }
    let err = String::from_utf8_lossy(&tabla(&["solve", "bulgarian-ur"]).stderr).to_string();
    assert!(err.contains("dice") && err.contains("later"), "{err}");
    // A finished game has nothing to solve.
    let out = tabla(&["solve", "amazons", "-o", "layout=1#/##/.2"]);
    assert_eq!(out.status.code(), Some(2));
}
