//! `tabla play` and the menu, driven through the prompt as a person would (issue 14): each
//! test pipes a script into the built binary and reads what it prints. Standard output is a
//! pipe here, so there are no colours, spinners or pauses.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Runs `tabla ARGS` with `input` on standard input, in `dir`; returns standard output.
fn run_in(dir: Option<&PathBuf>, args: &[&str], input: &str) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tabla"));
    cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    let mut child = cmd.spawn().expect("tabla runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "tabla {args:?} failed: {}\n{stdout}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn run(args: &[&str], input: &str) -> String {
    run_in(None, args, input)
}

/// The menu: `tabla play` without a game where that opens it, else `tabla` alone.
fn menu_in(dir: Option<&PathBuf>, input: &str) -> String {
    let probe = Command::new(env!("CARGO_BIN_EXE_tabla"))
        .args(["play"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    if probe.status.success() {
        run_in(dir, &["play"], input)
    } else {
        run_in(dir, &[], input)
    }
}

/// A fresh empty directory for files a test saves.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tabla-play-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// After every white turn black has one reply, and it wins: a game the person loses.
const LOST: &[&str] = &["play", "amazons", "-o", "layout=..#/12#", "--ai", "black"];

// 1. Undo after losing to the computer gets back to the person's own turn.
#[test]
fn undo_after_a_lost_game_returns_to_your_turn() {
    let out = run(LOST, "a1-a2/b2\nundo\nundo\nquit\n");
    assert_eq!(out.matches("Game over").count(), 1, "{out}");
    let after = &out[out.find("Took back").expect("undo answers")..];
    assert!(after.starts_with("Took back a1-a2/b2 and "), "{after}");
    // White is asked again, and the computer does not replay on its own.
    let prompt = after.find("\nwhite> ").expect("back at white's prompt");
    assert!(!after[..prompt].contains("played"), "{after}");
    assert!(after.contains("Nothing to undo"), "{after}");
}

// 2. Undoing in Bulgarian Ur brings back the same rolls: no fishing for dice.
#[test]
fn undo_never_rerolls_the_dice() {
    // `0` has one completion (enter a disc with the roll), `1` picks it.
    let script = "0\n1\nundo\n".repeat(6) + "quit\nno\n";
    let out = run(&["play", "bulgarian-ur", "--seed", "7"], &script);
    let tries: Vec<&str> = out.split("Took back").collect();
    assert_eq!(tries.len(), 7, "{out}");
    assert!(tries[1].contains(" rolls "), "the opponent rolls after the move:\n{out}");
    // Every replay after an undo shows the same rolls, word for word.
    for t in &tries[2..6] {
        assert_eq!(t, &tries[1], "{out}");
    }
}

// 3. No colour codes when the output is not a terminal (the board colours come from the
// owners' names; see board_text's tests for the painting itself).
#[test]
fn no_colour_codes_in_a_pipe() {
    for game in ["gipf", "bulgarian-ur", "seega", "amazons"] {
        let out = run(&["play", game, "--seed", "1"], "board\nquit\n");
        assert!(!out.contains('\x1b'), "{game}: {out}");
    }
}

/// Runs with colours asked for although the output is a pipe.
fn run_coloured(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabla"))
        .args(args)
        .env("CLICOLOR_FORCE", "1")
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
}

// 3. The colour is the owner's, the same for every kind of piece, and never a label's.
#[test]
fn colours_come_from_the_owners() {
    let white = "\x1b[1;97m";
    let black = "\x1b[1;34m";
    // GIPF: White's GIPF piece and White's single piece in White's colour, Black's in Black's.
    let out = run_coloured(&["play", "gipf", "--moves", "Ga1-b2 Gi5-h5 a2-b3"], "quit\nno\n");
    assert!(out.contains(&format!("{white}WW\x1b[0m")), "{out}");
    assert!(out.contains(&format!("{white}W\x1b[0m")), "{out}");
    assert!(out.contains(&format!("{black}BB")), "{out}");
    // Rank labels are plain text.
    assert!(out.lines().any(|l| l.starts_with("5 ") || l.starts_with("1 ")), "{out}");
    assert!(!out.contains("m1\x1b") && !out.contains("m5\x1b"), "{out}");
    // Ur: Black's and Yellow's discs each in their colour; square numbers plain.
    let out = run_coloured(&["play", "bulgarian-ur", "--seed", "3"], "quit\nno\n");
    assert!(out.contains(&format!("{black}[B ]")), "{out}");
    assert!(out.contains("\x1b[1;33m[Y ]") || out.contains("\x1b[1;33m{Y }"), "{out}");
    assert!(out.contains("\n 4    3    2    1"), "{out}");
    // NO_COLOR wins.
    let out = Command::new(env!("CARGO_BIN_EXE_tabla"))
        .args(["play", "amazons"])
        .env("CLICOLOR_FORCE", "1")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stdout).contains('\x1b'));
}

// 4. Resignation and agreed draws.
#[test]
fn resign_and_agree_a_draw() {
    let out = run(&["play", "gipf"], "resign\nyes\nquit\n");
    assert!(out.contains("Game over: White resigns; Black wins."), "{out}");
    let out = run(&["play", "seega"], "draw\nyes\nquit\n");
    assert!(out.contains("Game over: a draw, by agreement."), "{out}");
    let out = run(&["play", "seega"], "draw\nno\nquit\n");
    assert!(out.contains("Second declines; play on."), "{out}");
    // The resignation can be taken back.
    let out = run(&["play", "gipf"], "resign\nyes\nundo\nquit\n");
    assert!(out.contains("The resignation is taken back."), "{out}");
    assert!(out.contains("\nwhite> "), "{out}");
    // The computer answers a draw offer itself.
    let out =
        run(&["play", "amazons", "--ai", "black", "--level", "1", "--seed", "2"], "draw\nquit\n");
    assert!(
        out.contains("Black (computer) accepts") || out.contains("Black (computer) declines"),
        "{out}"
    );
}

// 5. The roll-off shows both dice.
#[test]
fn the_roll_off_shows_both_dice() {
    for seed in ["1", "2", "3"] {
        let out = run(&["play", "bulgarian-ur", "--seed", seed], "quit\nno\n");
        let line = out.lines().find(|l| l.starts_with("Who starts:")).expect(&out);
        assert!(line.contains("Black rolls ") && line.contains("yellow rolls "), "{line}");
        assert!(!out.contains("first="), "{out}");
    }
}

// 6. The game-over prompt takes commands, asks before losing the record, and returns to the
// menu.
#[test]
fn the_game_over_prompt_takes_commands() {
    let out = run(LOST, "a1-a2/b2\nboard\nrecord\nmoves\nquit\nno\n");
    assert!(out.contains("game over> board"), "{out}");
    assert!(out.contains("Record, 2 tokens:\na1-a2/b2 b1-a1/b1\n"), "{out}");
    assert!(out.contains("The game is over: there are no moves."), "{out}");
    assert!(out.contains("Save the game first?"), "{out}");
    // Enter goes to the menu.
    let out = run(LOST, "a1-a2/b2\n\nq\n");
    assert!(out.contains("Which game?"), "{out}");
    // Saving on the way out.
    let dir = scratch("leave");
    let out = run_in(Some(&dir), LOST, "a1-a2/b2\nquit\nyes\n");
    assert!(out.contains("Saved to amazons.tabla"), "{out}");
    assert!(dir.join("amazons.tabla").exists());
}

// 7. The menu: names as written, seats with commas, bad seats asked again, a level.
#[test]
fn the_menu_understands_people() {
    let out = menu_in(None, "bulgarian ur\nq\n");
    assert!(out.contains("Bulgarian Ur. Options:"), "{out}");
    let out = menu_in(None, "ur\nq\n");
    assert!(out.contains("Bulgarian Ur. Options:"), "{out}");
    let out = menu_in(None, "chess\nq\n");
    assert!(out.contains("No game 'chess'"), "{out}");
    // A bad seat is asked again; `white,black` is read; the level list and question follow.
    let out = menu_in(None, "amazons\n\nred\nwhite,black\n9\n1\n");
    assert!(out.contains("There is no player 'red'"), "{out}");
    assert!(out.contains("The computer's levels:"), "{out}");
    assert!(out.contains("7  the strongest  about 4.00 s a move, about "), "{out}");
    assert!(out.contains("2  a learner      about 0.15 s a move, about "), "{out}");
    assert!(out.contains(" above level 1\n"), "{out}");
    assert!(!out.contains("1  a beginner     about 0.10 s a move, about"), "{out}");
    // Both seats the computer's: it plays the game out.
    assert!(out.contains("White (computer) played"), "{out}");
    assert!(out.contains("Black (computer) played"), "{out}");
    // Bulgarian Ur keeps its own table: no level thinks past 1 s where time adds nothing.
    let out = menu_in(None, "ur\n\nyellow\n9\n1\n");
    assert!(out.contains("7  the strongest  about 1.00 s a move, about "), "{out}");
    assert!(out.contains("A level is a number from 1 to 7."), "{out}");
}

/// A GIPF position (basic game) where Black's entry made a row of White's: White must take
/// it before entering.
const ROW_FOR_WHITE: &str = "b1-b2 i2-h3 a3-b4 d8-d7 a5-b5 h6-h5 h1-g2 i1-h2 g1-f2 c7-d7 \
    a4-b5 i4-h4;xh2,h3,h4,h5 a2-b2 g7-f7 h1-h2;xe2,f2,g2,h2 a1-b2 h6-g6 e1-e2 d1-e2 i5-h5 \
    a5-b5 f8-f7 a2-b2 a2-b3 a2-b3;xb2,b3,b4,b5 i3-h3 a1-b2 g7-g6;xe8,f7,g6,h5 d1-d2 h1-h2 \
    a2-b3 i3-h3 d1-e2 h6-h5 i3-h3 e1-e2";

// 8. GIPF: a row to take first is announced, and `moves f8` finds the entries from f8.
#[test]
fn gipf_says_a_row_must_be_taken_first() {
    let out = run(
        &["play", "gipf", "-o", "variant=basic", "--moves", ROW_FOR_WHITE],
        "moves f8\nf8-f7\nquit\nno\n",
    );
    assert!(
        out.contains("White must first take the row the opponent made: b3, c3, d3, e3 and f2"),
        "{out}"
    );
    assert!(out.contains("2 legal moves with f8"), "{out}");
    assert!(out.contains("xb3,c3,d3,e3,f2;f8-e8"), "{out}");
    assert!(
        out.contains(
            "White played xb3,c3,d3,e3,f2;f8-f7, removed b3, c3, d3, e3 and f2 (white's own, \
             back to the reserve)."
        ),
        "{out}"
    );
}

// A row with a GIPF piece in it: keep it (1) or take it (2), picked by number.
#[test]
fn gipf_offers_the_choice_of_keeping_a_gipf_piece() {
    let out = run(
        &["play", "gipf", "-o", "variant=standard", "--moves", "b1-b2 i2-h3 a3-b4 d8-d7"],
        "a2-b3\n2\nrecord\nquit\nno\n",
    );
    assert!(out.contains("1. a2-b3;xb2,b3,b4\n"), "{out}");
    assert!(out.contains("\nb1-b2 i2-h3 a3-b4 d8-d7 a2-b3;xb2,b3,b4,b5\n"), "{out}");
}

// The GIPF chooser warns of a choice that loses at once.
#[test]
fn gipf_warns_of_taking_your_last_gipf_piece() {
    let record = "a3-b3 a4-b4 a4-b4 f8-f7 b1-c2 e9-e8 d1-d2 d1-d2 i5-h5 a3-b3 i5-h5 c1-d2 h1-h2 \
        g7-g6 i3-h3 g1-g2 i4-h4;xh2,h3,h4,h5 h1-g2;xd2,e3,f3,g3 i1-h2 d8-e8;xe8,f7,g6,h5 a2-b3 \
        a2-b2 f8-f7 h6-h5 e9-e8 g7-f7 g7-g6 i3-h4 c1-c2 c7-d7 d1-d2";
    let out =
        run(&["play", "gipf", "-o", "variant=standard", "--moves", record], "a1-b2\n4\nquit\nno\n");
    assert!(out.contains("1. a1-b2;xd2,d3,d5,d7 — wins at once"), "{out}");
    assert!(
        out.contains("4. a1-b2;xd2,d3,d4,d5,d6,d7 — takes your last GIPF piece: you lose"),
        "{out}"
    );
    assert!(
        out.contains("Game over: White wins: black has no GIPF piece left on the board."),
        "{out}"
    );
}

// 9. Started moves: every completion offered (28 for d1-d7 on 10×10), and a capture series
// that could go on is not ended behind the player's back.
#[test]
fn started_moves_get_all_their_completions() {
    let out = run(&["play", "amazons", "-o", "size=10"], "d1-d7\n28\nquit\nno\n");
    assert!(out.contains("d1-d7 is the start of 28 moves. Type a number:"), "{out}");
    assert!(!out.contains("cannot read"), "{out}");
    assert!(out.contains("White played d1-d7/"), "{out}");
    // A start with many completions is offered by its next steps.
    let out = run(&["play", "amazons", "-o", "size=10"], "d1\nquit\n");
    assert!(out.contains("moves start with d1; type more, or a number for the next step"), "{out}");
    assert!(out.contains("d1-d7 (28)"), "{out}");
    // Seega: d3-c3 captures and can go on.
    let placed = "c1,e5 c5,e4 b2,d4 a1,d1 a4,b5 c2,d3 d5,e3 b1,b4 d2,e1 b3,e2 a2,c4";
    let out = run(&["play", "seega", "--moves", placed], "d3-c3\n1\nquit\nno\n");
    assert!(out.contains("d3-c3 is a whole turn, and longer turns start with it."), "{out}");
    assert!(out.contains("1. d3-c3 (stop here)"), "{out}");
    assert!(out.contains("d3-c3-d3-c4"), "{out}");
    // What the move did, named.
    assert!(out.contains("Second played d3-c3, took b2 and c4."), "{out}");
}

// 10. The end is told once, with its reason.
#[test]
fn the_end_is_told_once_with_its_reason() {
    let out = run(LOST, "a1-a2/b2\nquit\nno\n");
    assert_eq!(out.matches("Game over").count(), 1, "{out}");
    assert!(out.contains("Game over: Black wins: white has no legal turn."), "{out}");
    assert!(!out.contains(" won."), "{out}");
}

// What players miss most.

#[test]
fn save_and_load_continue_the_game_with_its_dice() {
    let dir = scratch("save");
    let script = "0\n1\nsave mine\nquit\n";
    let out =
        run_in(Some(&dir), &["play", "bulgarian-ur", "--ai", "yellow", "--seed", "4"], script);
    assert!(out.contains("Saved to mine.tabla"), "{out}");
    let text = std::fs::read_to_string(dir.join("mine.tabla")).unwrap();
    assert!(text.contains("game: bulgarian-ur\n") && text.contains("computer: yellow\n"), "{text}");
    assert!(text.contains("moves: first="), "{text}");
    // The menu offers it; loading it goes on where it stopped.
    let out = menu_in(Some(&dir), "5\nrecord\nquit\n");
    assert!(out.contains("Saved games here:\n  5. mine.tabla (Bulgarian Ur, "), "{out}");
    assert!(out.contains(" moves, black to move, the computer yellow)"), "{out}");
    assert!(out.contains("Loaded mine.tabla"), "{out}");
    let record = text.lines().find_map(|l| l.strip_prefix("moves: ")).unwrap();
    assert!(out.contains(&format!("\n{record}\n")), "{out}");
    // And `load` inside a game, then undo into the loaded record.
    let out = run_in(Some(&dir), &["play", "amazons"], "load mine\nundo\nquit\nno\n");
    assert!(out.contains("Loaded mine.tabla: Bulgarian Ur"), "{out}");
    assert!(out.contains("Took back 0-"), "{out}");
}

#[test]
fn forced_turns_are_played_with_a_line_saying_so() {
    let out = run(&["play", "bulgarian-ur", "--seed", "1"], "quit\nno\n");
    assert!(out.contains("has only one legal move. "), "{out}");
}

#[test]
fn seega_placing_takes_two_cells_with_a_space() {
    let out = run(&["play", "seega"], "a1 b2\nrecord\nquit\nno\n");
    assert!(out.contains("First played a1,b2."), "{out}");
}

#[test]
fn moves_are_grouped_by_piece_with_counts() {
    let out = run(&["play", "amazons"], "moves\nmoves b1\nquit\n");
    assert!(out.contains("544 legal moves, 4 pieces:"), "{out}");
    assert!(out.contains("b1 (136)"), "{out}");
    assert!(out.contains("136 legal moves with b1, 1 piece:"), "{out}");
}

#[test]
fn long_input_is_quoted_short() {
    let long = "z".repeat(300);
    let out = run(&["play", "amazons"], &format!("{long}\nquit\n"));
    let line = out.lines().find(|l| l.contains("cannot read")).expect(&out);
    assert!(line.len() < 160, "{line}");
}

#[test]
fn the_computer_says_what_it_played_and_how_it_judges() {
    let out =
        run(&["play", "amazons", "--ai", "white", "--level", "1", "--seed", "3"], "quit\nno\n");
    assert!(out.contains("White (computer) played "), "{out}");
    // Its time, and its value of the move when the search got far enough to have one.
    assert!(out.contains(" s; its chances ") || out.contains(" s)."), "{out}");
}

#[test]
fn rules_in_a_game() {
    let out = run(&["play", "gipf"], "rules\nquit\n");
    assert!(out.contains("## Options (tabla play gipf -o KEY=VALUE)"), "{out}");
    assert!(out.contains("Hexagonal coordinates"), "{out}");
}

#[test]
fn same_seed_same_game() {
    let args =
        ["play", "bulgarian-ur", "--ai", "black", "--ai", "yellow", "--level", "1", "--seed", "9"];
    let a = run(&args, "");
    let b = run(&args, "");
    let strip = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| l.contains(" played ") || l.contains(" rolls "))
            .map(|l| l.split(" (").next().unwrap().to_string())
            .collect()
    };
    assert_eq!(strip(&a), strip(&b));
    assert!(a.contains("Game over: "), "{a}");
    // The computer's Ur moves say which physical square they mean.
    assert!(a.contains("(computer) played 0-"), "{a}");
    assert!(a.contains(", on the board from the reserve to "), "{a}");
    assert!(a.contains("prisoner"), "{a}");
}
