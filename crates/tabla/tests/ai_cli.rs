//! `tabla analyse` and `tabla match` as the command-line contract (`docs/cli-contract.md`)
//! describes them, checked on the built binary with short budgets.

use std::collections::BTreeSet;
use std::process::{Command, Output};

fn tabla(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabla")).args(args).output().expect("tabla runs")
}

fn stdout_lines(out: &Output) -> Vec<String> {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).unwrap().lines().map(str::to_string).collect()
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
    let lines = stdout_lines(&tabla(&args));
    let v: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    v["legal"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect()
}

/// Runs `tabla analyse` on `game` and checks the shape every analysis has: one line, every
/// legal move once, best first, values in [0, 1].
fn analyse(game: &[&str], ms: &str) -> serde_json::Value {
    let mut args = vec!["analyse"];
    args.extend_from_slice(game);
    args.extend_from_slice(&["--time-ms", ms]);
    let lines = stdout_lines(&tabla(&args));
    assert_eq!(lines.len(), 1, "one JSON line");
    let v: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(keys(&v), set(&["to_move", "moves"]));
    let moves = v["moves"].as_array().unwrap();
    let listed: BTreeSet<String> =
        moves.iter().map(|m| m["move"].as_str().unwrap().to_string()).collect();
    assert_eq!(listed.len(), moves.len(), "every move once");
    assert_eq!(listed, legal(game), "every legal move");
    let values: Vec<f64> = moves.iter().map(|m| m["value"].as_f64().unwrap()).collect();
    assert!(values.iter().all(|x| (0.0..=1.0).contains(x)), "{values:?}");
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "best first: {values:?}");
    for m in moves {
        assert_eq!(keys(m), set(&["move", "value", "visits"]));
        assert!(m["visits"].as_u64().is_some());
    }
    v
}

#[test]
fn analyse_lists_every_legal_move_once_best_first() {
    let v = analyse(&["amazons", "-o", "layout=1.../..../..../...2"], "200");
    assert_eq!(v["to_move"], "white");
    let v = analyse(&["gipf"], "200");
    assert_eq!(v["to_move"], "white");
    let v = analyse(&["seega", "--moves", "a1,a2"], "200");
    assert_eq!(v["to_move"], "second");
}

#[test]
fn analyse_sees_a_forced_win() {
    // White a3 walls Black c1 in: the two winning turns come first, valued 1.
    let v = analyse(&["amazons", "-o", "layout=1../..#/..2"], "200");
    assert_eq!(v["moves"][0]["value"], 1.0);
}

#[test]
fn analyse_gives_bulgarian_ur_win_chances_and_outcome_values_at_chance_nodes() {
    let v = analyse(&["bulgarian-ur", "--moves", "first=black r3 0-3 r5 0-5 r2"], "300");
    assert_eq!(v["to_move"], "black");
    // At a chance node: each outcome with its value for the player whose die it is.
    let v = analyse(&["bulgarian-ur", "--moves", "first=black r3 0-3"], "300");
    assert_eq!(v["to_move"], "chance");
    assert_eq!(v["moves"].as_array().unwrap().len(), 6);
    let v = analyse(&["bulgarian-ur"], "100");
    assert_eq!(v["to_move"], "chance");
}

#[test]
fn analyse_lines_gives_the_best_moves_their_lines_and_the_depth() {
    let run = |args: &[&str]| -> serde_json::Value {
        let lines = stdout_lines(&tabla(args));
        assert_eq!(lines.len(), 1);
        serde_json::from_str(&lines[0]).unwrap()
    };
    let v = run(&["analyse", "gipf", "-o", "variant=basic", "--time-ms", "300", "--lines", "2"]);
    assert!(v["depth"].as_u64().unwrap() >= 1, "{v}");
    let moves = v["moves"].as_array().unwrap();
    for (i, m) in moves.iter().enumerate() {
        match m.get("pv") {
            Some(pv) => {
                assert!(i < 2, "only the first K have a line");
                let pv = pv.as_array().unwrap();
                assert_eq!(pv[0], m["move"]);
                assert!(!pv.is_empty() && pv.len() <= 12);
                // The line is playable from the position.
                let tokens: Vec<&str> = pv.iter().map(|t| t.as_str().unwrap()).collect();
                let joined = tokens.join(" ");
                stdout_lines(&tabla(&["state", "gipf", "-o", "variant=basic", "--moves", &joined]));
            }
            None => assert!(i >= 2, "move {i} has no line"),
        }
    }
    // At a chance node: each roll's chance.
    let v = run(&[
        "analyse",
        "bulgarian-ur",
        "--moves",
        "first=black",
        "--time-ms",
        "120",
        "--lines",
        "1",
    ]);
    assert!(v["moves"].as_array().unwrap().iter().all(|m| m["chance"].as_f64().is_some()));
    // --lines 0 is refused, as bad input.
    let out = tabla(&["analyse", "amazons", "--lines", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--lines"));
}

#[test]
fn review_marks_each_player_move_and_measures_the_dice() {
    let out = tabla(&[
        "review",
        "bulgarian-ur",
        "--moves",
        "first=black r3 0-3 r5 0-5 r2",
        "--time-ms",
        "60",
    ]);
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 1, "one JSON line");
    let v: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(keys(&v), set(&["plies", "accuracy", "luck"]));
    let plies = v["plies"].as_array().unwrap();
    assert_eq!(plies.iter().map(|p| p["ply"].as_u64().unwrap()).collect::<Vec<_>>(), [3, 5]);
    for p in plies {
        assert_eq!(
            keys(p),
            set(&["ply", "player", "move", "best", "before", "after", "loss", "class"])
        );
    }
    let luck = &v["luck"];
    assert!((luck["black"].as_f64().unwrap() + luck["yellow"].as_f64().unwrap()).abs() < 0.002);
    // A game without dice has no luck; a bad record is bad input.
    let out = tabla(&["review", "amazons", "-o", "layout=1../..#/..2", "--moves", "a3-b3/b2"]);
    let v: serde_json::Value = serde_json::from_str(&stdout_lines(&out)[0]).unwrap();
    assert!(v.get("luck").is_none());
    let out = tabla(&["review", "amazons", "--moves", "zz"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn analyse_of_a_finished_game_lists_nothing() {
    let lines = stdout_lines(&tabla(&["analyse", "amazons", "-o", "layout=1#./##./..2"]));
    let v: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert!(v["to_move"].is_null());
    assert_eq!(v["moves"].as_array().unwrap().len(), 0);
}

#[test]
fn match_prints_the_result_last_and_writes_records() {
    let dir = std::env::temp_dir().join(format!("tabla-ai-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("records.jsonl");
    let out = tabla(&[
        "match",
        "amazons",
        "-o",
        "layout=1..../...../...../....2",
        "--a",
        "level:3",
        "--b",
        "random",
        "--games",
        "4",
        "--time-ms",
        "20",
        "--seed",
        "9",
        "--jobs",
        "2",
        "--records",
        records.to_str().unwrap(),
    ]);
    let lines = stdout_lines(&out);
    let last: serde_json::Value = serde_json::from_str(lines.last().unwrap()).unwrap();
    assert_eq!(
        keys(&last),
        set(&["games", "a", "draws", "b", "score", "score_ci95", "elo", "elo_ci95"])
    );
    assert_eq!(last["games"], 4);
    let (a, d, b) =
        (last["a"].as_u64().unwrap(), last["draws"].as_u64().unwrap(), last["b"].as_u64().unwrap());
    assert_eq!(a + d + b, 4);
    let score = last["score"].as_f64().unwrap();
    let ci = last["score_ci95"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() <= score && score <= ci[1].as_f64().unwrap());
    let elo = last["elo"].as_i64().unwrap();
    let eci = last["elo_ci95"].as_array().unwrap();
    assert!(eci[0].as_i64().unwrap() <= elo && elo <= eci[1].as_i64().unwrap());
    // One record per game, seats alternated.
    let text = std::fs::read_to_string(&records).unwrap();
    let recs: Vec<serde_json::Value> =
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(recs.len(), 4);
    let seats: Vec<&str> = recs.iter().map(|r| r["a_seat"].as_str().unwrap()).collect();
    assert_eq!(seats, ["white", "black", "white", "black"]);
    for (i, r) in recs.iter().enumerate() {
        assert_eq!(r["game"], i);
        assert!(!r["record"].as_str().unwrap().is_empty());
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn match_refuses_unknown_bots_and_terms_with_exit_2() {
    for bot in ["gnubg", "level:9", "level:7,nonsense=3"] {
        let out = tabla(&["match", "amazons", "--a", bot, "--b", "uct", "--games", "1"]);
        assert_eq!(out.status.code(), Some(2), "{bot}");
        assert!(out.stdout.is_empty());
        assert!(!out.stderr.is_empty());
    }
    // No games is no match: refused, not a score of nothing.
    let out = tabla(&["match", "amazons", "--a", "uct", "--b", "uct", "--games", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--games"));
}

#[test]
fn bench_search_reports_depth_and_overshoot() {
    // Past Seega's placing (which level 7 searches by MCTS, depth 0): alpha-beta depths.
    let out = tabla(&[
        "bench",
        "search",
        "seega",
        "--time-ms",
        "50",
        "--positions",
        "2",
        "--plies",
        "20",
    ]);
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 3);
    let summary: serde_json::Value = serde_json::from_str(&lines[2]).unwrap();
    assert_eq!(summary["positions"], 2);
    assert!(summary["depth_min"].as_u64().unwrap() >= 1);
}
