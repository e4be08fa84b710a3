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

/// A wrong use: exit 2, a message on standard error that says what was wrong, nothing printed.
fn fails(args: &[&str], says: &str) {
    let out = tabla(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(says), "{args:?}: {err}");
    assert!(out.stdout.is_empty());
}

/// The moves of a `--all` line with their values.
fn move_values(v: &serde_json::Value) -> BTreeSet<(String, String)> {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["move"].as_str().unwrap().into(), m["value"].as_str().unwrap().into()))
        .collect()
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

/// `--turns`: "won in N" from the start of a 5×4 board the solver proves a win (the mover
/// makes the last turn: N odd), and after the fastest win's move the other side has lost in
/// N − 1; other games refuse the flag.
#[test]
fn turns_gives_the_length_of_a_won_game_and_a_fastest_win() {
    let board = ["amazons", "-o", "layout=2.2./...2/1.../.1.1"];
    let mut args = vec!["solve", "--turns"];
    args.extend_from_slice(&board);
    let v = json(&tabla(&args));
    assert_eq!(keys(&v), set(&["to_move", "value", "best", "in", "nodes", "ms"]));
    assert_eq!(v["value"], "win");
    let n = v["in"].as_u64().unwrap();
    assert_eq!(n % 2, 1, "{v}");
    let best = v["best"].as_str().unwrap().to_string();
    let mut after = vec!["solve", "--turns", "--moves", &best];
    after.extend_from_slice(&board);
    let w = json(&tabla(&after));
    assert_eq!(keys(&w), set(&["to_move", "value", "best", "in", "defence", "nodes", "ms"]));
    assert_eq!(w["value"], "loss", "{w}");
    assert!(w["best"].is_null(), "{w}");
    assert_eq!(w["in"].as_u64(), Some(n - 1), "{w}");
    // Lost: the longest defence keeps the game going, the winner then one turn nearer.
    let defence = w["defence"].as_str().unwrap().to_string();
    let mut on = vec!["solve", "--turns", "--moves"];
    let record = format!("{best} {defence}");
    on.push(&record);
    on.extend_from_slice(&board);
    let x = json(&tabla(&on));
    assert_eq!(x["value"], "win", "{x}");
    assert_eq!(x["in"].as_u64(), Some(n - 2), "{x}");
    assert!(x.get("defence").is_none(), "{x}");
    // Without the flag, no "in" (the contract's line as it was).
    let mut plain = vec!["solve"];
    plain.extend_from_slice(&board);
    assert!(json(&tabla(&plain)).get("in").is_none());
    let out = tabla(&["solve", "seega", "--turns"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--turns: only for Amazons"));
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

/// `--each-ms`: every root move gets its own time, so a proof too large for one run still
/// settles the moves it can and says which (partial proofs, as the literature reports them).
#[test]
fn each_ms_gives_every_move_its_own_time_and_reports_it() {
    // Small enough that every move settles: the values are those of a plain --all, and each
    // move carries its positions and time.
    let mut args = vec!["solve"];
    args.extend_from_slice(SMALL);
    args.push("--all");
    let plain = json(&tabla(&args));
    args.extend_from_slice(&["--each-ms", "20000"]);
    let each = json(&tabla(&args));
    assert_eq!(each["value"], plain["value"]);
    assert_eq!(move_values(&each), move_values(&plain));
    for m in each["moves"].as_array().unwrap() {
        assert!(m["nodes"].as_u64().is_some() && m["ms"].as_u64().is_some(), "{m}");
    }
    // Too large to settle: each move runs out of its own time and the next is tried, until
    // the whole time is up; the moves after that are unknown without a search.
    let v = json(&tabla(&[
        "solve",
        "amazons",
        "-o",
        "size=8",
        "--all",
        "--each-ms",
        "5",
        "--time-ms",
        "400",
    ]));
    assert_eq!(v["value"], "unknown");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), legal(&["amazons", "-o", "size=8"]).len());
    let tried = moves.iter().filter(|m| m["nodes"].as_u64().unwrap() > 0).count();
    assert!(tried > 3 && tried < moves.len(), "{tried} of {} moves tried", moves.len());
    assert!(moves.iter().all(|m| m["value"] == "unknown"));
    // Refusals: a table game, and no time at all.
    let out = tabla(&["solve", "bulgarian-ur", "-o", "discs=1", "--each-ms", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--each-ms"));
    let out = tabla(&["solve", SMALL[0], SMALL[1], SMALL[2], "--each-ms", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least 1"));
}

#[test]
fn solve_refuses_dice_and_more_players_naming_what_it_handles() {
    let out = tabla(&["solve", "amazons", "-o", "players=3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("Amazons with 2 players"), "{err}");
    // Bulgarian Ur's exact tables stop at a few discs; the message says which work.
    let out = tabla(&["solve", "bulgarian-ur"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.contains("discs=1 and 2"), "{err}");
    // A finished game has nothing to solve.
    let out = tabla(&["solve", "amazons", "-o", "layout=1#/##/.2"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Bulgarian Ur with one disc: the exact expected score from a table built in memory, as a
/// number with `"exact":true`; before a roll, each roll's value, whose mean is the value.
#[test]
fn solve_gives_bulgarian_ur_its_exact_expected_score() {
    let dir = std::env::temp_dir().join(format!("tabla-solve-ur-{}", std::process::id()));
    let dir = dir.to_str().unwrap();
    let base = ["solve", "bulgarian-ur", "-o", "discs=1", "-o", "quiet=off", "--tables", dir];
    let mut args = base.to_vec();
    args.extend(["--moves", "first=yellow r4", "--all"]);
    let v = json(&tabla(&args));
    assert_eq!(keys(&v), set(&["to_move", "value", "exact", "best", "nodes", "ms", "moves"]));
    assert_eq!(v["to_move"], "yellow");
    assert_eq!(v["exact"], true);
    assert_eq!(v["best"], "0-4");
    assert_eq!(v["moves"][0]["move"], "0-4");
    let value = v["value"].as_f64().unwrap();
    assert!(value > 0.0 && value < 1.0, "{value}");

    let mut args = base.to_vec();
    args.extend(["--moves", "first=yellow", "--all"]);
    let v = json(&tabla(&args));
    assert!(v["best"].is_null());
    let rolls = v["moves"].as_array().unwrap();
    assert_eq!(rolls.len(), 6);
    assert_eq!(rolls[3]["move"], "r4");
    assert!((rolls[3]["value"].as_f64().unwrap() - value).abs() < 1e-6);
    let mean = rolls.iter().map(|r| r["value"].as_f64().unwrap()).sum::<f64>() / 6.0;
    assert!((mean - v["value"].as_f64().unwrap()).abs() < 1e-6);

    // Built to disk, then read from there: the same answer.
    let mut args = base.to_vec();
    args.push("--build-table");
    let b = json(&tabla(&args));
    assert_eq!(b["states"], 625);
    assert!(std::path::Path::new(b["table"].as_str().unwrap()).exists());
    let mut args = base.to_vec();
    args.extend(["--moves", "first=yellow r4"]);
    assert_eq!(json(&tabla(&args))["value"].as_f64().unwrap(), value);
    std::fs::remove_dir_all(dir).unwrap();
}

// `tabla solve seega` from the endgame tables (Extensions): the contract's fields plus
// `"in"`, with small tables.

/// First's c2-c1 captures b1 (a1 beyond) and leaves Second one stone: won in one turn.
const CAPTURE: &str = "....O/...../...../..X../XO... first moving 0,0 0";

#[test]
fn a_table_position_gets_its_value_best_move_and_turns_to_the_end() {
    let v = json(&tabla(&["solve", "seega", "-o", "quiet=8", "--position", CAPTURE]));
    assert_eq!(keys(&v), set(&["to_move", "value", "best", "nodes", "ms", "in"]));
    assert_eq!(v["to_move"], "first");
    assert_eq!(v["value"], "win");
    assert_eq!(v["best"], "c2-c1");
    assert_eq!(v["in"], 1);
    assert!(v["nodes"].as_u64().unwrap() > 1000, "the table's positions");
}

#[test]
fn all_lists_every_move_with_its_value_and_turns_best_first() {
    let pos = "..O../.X.O./...../.X.X./..O.. second moving 0,0 0";
    let game = ["seega", "-o", "quiet=10", "--position", pos];
    let mut args = vec!["solve"];
    args.extend_from_slice(&game);
    args.push("--all");
    let v = json(&tabla(&args));
    assert_eq!(keys(&v), set(&["to_move", "value", "best", "nodes", "ms", "in", "moves"]));
    let moves = v["moves"].as_array().unwrap();
    let listed: BTreeSet<String> =
        moves.iter().map(|m| m["move"].as_str().unwrap().to_string()).collect();
    assert_eq!(listed.len(), moves.len(), "every move once");
    assert_eq!(listed, legal(&game), "every legal move");
    for m in moves {
        assert_eq!(keys(m), set(&["move", "value", "in"]));
        // Turns for a win or a loss, none for a draw.
        assert_eq!(m["in"].is_null(), m["value"] == "draw", "{m}");
    }
    // The first move has the position's value; `best` is it unless the position is lost.
    assert_eq!(moves[0]["value"], v["value"]);
    assert_eq!(moves[0]["in"], v["in"]);
    if v["value"] != "loss" {
        assert_eq!(moves[0]["move"], v["best"]);
    }
    // Second wins by capturing and then by the quiet rule's count (measured: in 11). After
    // the best move First has lost, one turn nearer the end.
    assert_eq!(v["value"], "win");
    assert!(v["in"].as_u64().unwrap() > 1);
    {
        let best = v["best"].as_str().unwrap();
        let mut args = vec!["solve"];
        args.extend_from_slice(&game);
        args.extend_from_slice(&["--moves", best]);
        let after = json(&tabla(&args));
        assert_eq!(after["value"], "loss");
        assert_eq!(after["in"].as_u64().unwrap() + 1, v["in"].as_u64().unwrap());
        // Lost: `best` null, `defence` the longest defence (first in the list of every move).
        assert!(after["best"].is_null(), "{after}");
        let defence = after["defence"].as_str().expect("the longest defence");
        args.push("--all");
        let every = json(&tabla(&args));
        assert_eq!(every["moves"][0]["move"], defence, "{every}");
        assert_eq!(every["moves"][0]["in"], after["in"], "{every}");
    }
}

#[test]
fn positions_with_earlier_positions_since_a_capture_say_the_history_is_ignored() {
    // Two quiet turns after the position read: the game's history now holds positions the
    // table cannot count for the repetition rule.
    let game = ["seega", "-o", "quiet=8", "--position", CAPTURE, "--moves", "a1-a2 e5-e4"];
    let mut args = vec!["solve"];
    args.extend_from_slice(&game);
    let v = json(&tabla(&args));
    assert_eq!(v["history"], "ignored");
    assert!(v.get("in").is_some());
    // Read afresh from its text, the same position has no history to ignore.
    let v = json(&tabla(&["solve", "seega", "-o", "quiet=8", "--position", CAPTURE]));
    assert!(v.get("history").is_none());
}

#[test]
fn placing_and_large_material_get_the_search_as_before() {
    // Phase 1: the search, which runs out of time.
    let v = json(&tabla(&["solve", "seega", "--time-ms", "100"]));
    assert_eq!(keys(&v), set(&["to_move", "value", "best", "nodes", "ms"]));
    assert_eq!(v["value"], "unknown");
    // Four stones a side: beyond the tables built here.
    let four = "XXO../OX.../...../...O./X...O second moving 0,0 0";
    let v = json(&tabla(&["solve", "seega", "--time-ms", "100", "--position", four]));
    assert!(v.get("in").is_none(), "{v}");
}

#[test]
fn build_table_prints_each_material_class_and_refuses_bad_sizes() {
    let v = json(&tabla(&["solve", "seega", "-o", "quiet=4", "--build-table", "--stones", "2"]));
    assert_eq!(keys(&v), set(&["table", "positions", "ms", "peak_bytes", "classes"]));
    let classes = v["classes"].as_array().unwrap();
    assert_eq!(classes.len(), 1, "two against two only");
    let c = &classes[0];
    let side = &c["by_mover"][0];
    let sum = ["wins", "draws", "losses"].iter().map(|k| side[k].as_u64().unwrap()).sum::<u64>();
    assert_eq!(sum, c["positions"].as_u64().unwrap());
    assert_eq!(c["values"].as_u64().unwrap(), 4 * c["positions"].as_u64().unwrap());
    let out = tabla(&["solve", "seega", "--build-table", "--stones", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected 2 to 12"));
    let out = tabla(&["solve", "seega", "--build-table", "--stones", "4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("exact tables cover"));
    let out = tabla(&["solve", "amazons", "--build-table"]);
    assert_eq!(out.status.code(), Some(2));
    let out = tabla(&["solve", "seega", "--stones", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("only with seega --build-table"));
}

#[test]
fn proofs_carry_proven_positions_from_one_solve_to_the_next() {
    let dir = std::env::temp_dir().join(format!("tabla-cli-proofs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("4x4.proofs");
    let file = file.to_str().unwrap();
    let args = [
        "solve",
        "amazons",
        "-o",
        "layout=.22./2..2/1..1/.11.",
        "--proofs",
        file,
        "--proofs-work",
        "50",
    ];
    let first = json(&tabla(&args));
    assert_eq!(first["proofs"]["loaded"], 0);
    let kept = first["proofs"]["file"].as_u64().unwrap();
    assert!(kept > 10, "{first}");
    // The same position again starts from what the first run proved: same answer, a
    // fraction of the work.
    let again = json(&tabla(&args));
    assert_eq!(again["value"], first["value"]);
    assert_eq!(again["proofs"]["loaded"].as_u64().unwrap(), kept);
    assert!(
        again["nodes"].as_u64().unwrap() * 10 < first["nodes"].as_u64().unwrap(),
        "{first} then {again}"
    );
    // Without --proofs the line has no "proofs".
    let plain = json(&tabla(&args[..4]));
    assert!(plain.get("proofs").is_none(), "{plain}");
    // Wrong uses: exit 2, a message that says what was wrong, and the file untouched.
    let before = std::fs::read(file).unwrap();
    fails(&["solve", "seega", "--proofs", file], "only for Amazons");
    // A file that cannot be written costs the file, never the answer.
    let nowhere = dir.join("no-such-dir").join("p.proofs");
    let out = tabla(&[&args[..4], &["--proofs", nowhere.to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(1));
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["value"], first["value"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("were not kept"));
    fails(&[&args[..6], &["--proofs-work", "0"]].concat(), "expected at least 1");
    assert_eq!(std::fs::read(file).unwrap(), before);
    let other = dir.join("not-proofs.txt");
    std::fs::write(&other, "hello").unwrap();
    fails(
        &[
            "solve",
            "amazons",
            "-o",
            "layout=.22./2..2/1..1/.11.",
            "--proofs",
            other.to_str().unwrap(),
        ],
        "not a proofs file",
    );
    assert_eq!(std::fs::read(&other).unwrap(), b"hello");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--first`: the moves named are searched first, so a winning one named first is the one
/// given, whatever the solver's own order would have found; the value never changes; a
/// move that is not legal, or another game, is refused with exit 2 before any search.
#[test]
fn first_searches_the_named_moves_before_the_rest() {
    let board = ["amazons", "-o", "layout=2.2./...2/1.../.1.1"];
    let mut args = vec!["solve", "--all"];
    args.extend_from_slice(&board);
    let all = json(&tabla(&args));
    assert_eq!(all["value"], "win");
    let moves = all["moves"].as_array().unwrap();
    let with = |v: &str| -> Vec<&str> {
        moves.iter().filter(|m| m["value"] == v).map(|m| m["move"].as_str().unwrap()).collect()
    };
    let (winners, losers) = (with("win"), with("loss"));
    assert!(winners.len() >= 2 && !losers.is_empty(), "{all}");
    let plain = json(&tabla(&["solve", board[0], board[1], board[2]]));
    let other = winners.iter().find(|&&w| plain["best"] != w).unwrap();
    // A losing move, then a winning move the plain solve did not choose.
    let order = format!("{} {other}", losers[0]);
    let v = json(&tabla(&["solve", board[0], board[1], board[2], "--first", &order]));
    assert_eq!(v["value"], "win");
    assert_eq!(v["best"], *other, "{v}");
    fails(
        &["solve", board[0], board[1], board[2], "--first", "a1-a2/a3"],
        "'a1-a2/a3' is not a legal move",
    );
    fails(&["solve", "seega", "--first", "a1"], "only for Amazons");
}

/// `--dfpn` proves the same values as alpha-beta, whole positions and (with `--all`) every
/// move, and gives a winning move when won; other games are refused with exit 2.
#[test]
fn dfpn_proves_what_alpha_beta_proves() {
    for layout in ["layout=2.2./...2/1.../.1.1", "layout=.22./2..2/1..1/.11.", SMALL[2]] {
        let plain = json(&tabla(&["solve", "amazons", "-o", layout, "--all"]));
        let df = json(&tabla(&["solve", "amazons", "-o", layout, "--all", "--dfpn"]));
        assert_eq!(plain["value"], df["value"], "{layout}");
        assert_eq!(move_values(&plain), move_values(&df), "{layout}");
        let whole = json(&tabla(&["solve", "amazons", "-o", layout, "--dfpn"]));
        assert_eq!(whole["value"], plain["value"], "{layout}");
        if whole["value"] == "win" {
            let best = whole["best"].as_str().unwrap();
            assert!(move_values(&plain).contains(&(best.into(), "win".into())), "{layout}: {best}");
        } else {
            assert!(whole["best"].is_null());
        }
    }
    fails(&["solve", "seega", "--dfpn"], "--dfpn: only for Amazons");
}
