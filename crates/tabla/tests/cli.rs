//! The command-line contract (`docs/cli-contract.md`), checked on the built binary.

use std::process::{Command, Output};

fn tabla(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabla")).args(args).output().expect("tabla runs")
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn state_prints_one_json_line() {
    let out = tabla(&["state", "amazons", "-o", "size=10"]);
    let v = json_lines(&out);
    assert_eq!(v.len(), 1);
    assert_eq!(v[0]["game"], "amazons");
    assert_eq!(v[0]["to_move"], "white");
    assert_eq!(v[0]["legal"].as_array().unwrap().len(), 2176);
    assert!(v[0]["result"].is_null());
    assert!(v[0].get("chance").is_none(), "chance only at chance nodes");
}

#[test]
fn trace_prints_every_prefix() {
    let out = tabla(&["state", "amazons", "--moves", "b1-b4/e4 e6-e5/c3", "--trace"]);
    let v = json_lines(&out);
    assert_eq!(v.len(), 3);
    assert_eq!(v[1]["to_move"], "black");
    assert_eq!(v[2]["to_move"], "white");
}

#[test]
fn chance_nodes_list_their_probabilities() {
    let v = json_lines(&tabla(&["state", "bulgarian-ur"]));
    assert_eq!(v[0]["to_move"], "chance");
    assert_eq!(v[0]["chance"][0][1], 0.5);
}

#[test]
fn a_finished_game_has_a_result() {
    let v = json_lines(&tabla(&["state", "amazons", "-o", "layout=1#./##./..2"]));
    assert!(v[0]["to_move"].is_null());
    assert_eq!(v[0]["legal"].as_array().unwrap().len(), 0);
    assert_eq!(v[0]["result"]["winners"][0], "black");
}

#[test]
fn bad_tokens_exit_2_naming_token_and_position() {
    let out = tabla(&["state", "amazons", "--moves", "b1-b4/e4 b1-b2/b3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 2") && err.contains("b1-b2/b3"), "{err}");
    let out = tabla(&["state", "amazons", "--moves", "nonsense"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 1"));
}

#[test]
fn bad_options_and_games_exit_2() {
    for args in [
        &["state", "amazons", "-o", "colour=red"][..],
        &["state", "amazons", "-o", "size=99"],
        &["state", "amazons", "-o", "killer"],
        &["state", "chess"],
        &["perft", "amazons", "-o", "board=round", "--depth", "1"],
    ] {
        let out = tabla(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn perft_prints_the_count_last() {
    let out = tabla(&["perft", "amazons", "--depth", "2"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().last(), Some("238532"));
    let out = tabla(&["perft", "bulgarian-ur", "--depth", "3", "--divide"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().last(), Some("12"));
    assert!(text.contains("first=black: 6"));
}

#[test]
fn rules_lists_options_with_defaults() {
    let out = tabla(&["rules", "amazons"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("# Amazons"));
    assert!(text.contains("- killer = off, on (default off)"), "{text}");
}

#[test]
fn play_survives_bad_input_and_plays_on() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabla"))
        .args(["play", "amazons"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"zz\nb1-b4/e4\nundo\nb1-b3/b1\nrecord\nquit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("cannot read 'zz'"), "{text}");
    // `record` after the undo shows only the replacement move.
    assert!(text.lines().any(|l| l.ends_with("> b1-b3/b1")), "{text}");
}

#[test]
fn bestmove_prints_a_legal_move_or_exits_2() {
    let out = tabla(&["bestmove", "amazons", "--level", "1"]);
    assert!(out.status.success());
    let m = String::from_utf8(out.stdout).unwrap().trim().to_string();
    let v = json_lines(&tabla(&["state", "amazons"]));
    assert!(v[0]["legal"].as_array().unwrap().iter().any(|x| x == &m), "{m}");
    // At a chance node: nothing on standard output, exit status 2.
    let out = tabla(&["bestmove", "bulgarian-ur"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    // After the game: exit status 2 too.
    let out = tabla(&["bestmove", "amazons", "-o", "layout=1#./##./..2"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn rules_come_in_hungarian_too() {
    for game in ["amazons", "gipf", "seega", "bulgarian-ur"] {
        let out = tabla(&["rules", game, "--lang", "hu"]);
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("szabály"), "{game}");
    }
    assert_eq!(tabla(&["rules", "gipf", "--lang", "de"]).status.code(), Some(2));
}

#[test]
fn a_reader_that_stops_early_ends_tabla_without_a_panic() {
    use std::io::Read;
    use std::process::Stdio;
    // `tabla state … --view | head -c 16`: the reader goes away after a few bytes of the
    // 96 kB (more than a pipe holds, so the writer is still writing).
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabla"))
        .args(["state", "amazons", "-o", "size=10", "--view"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabla runs");
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{err}");
    assert!(!out.status.success(), "stopped by the closed pipe");
}
