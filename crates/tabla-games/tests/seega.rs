//! Seega: one test per rule of `rules/seega.md` (section titles as in the file), perft
//! fixtures, the conformance checks for every option combination, and property tests.
//!
//! Diagrams list ranks from 5 down to 1, files a to e: `X` First, `O` Second, `.` empty.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use std::path::Path;
use tabla_core::conformance::check_random_games;
use tabla_core::perft::{check_perft_fixtures, perft};
use tabla_core::{play_record, Game, GameOptions, MoveError, Player, ToMove};
use tabla_games::seega::{Seega, SeegaConfig, Start, INFO};

const FIRST: Player = Player(0);
const SECOND: Player = Player(1);

fn options(words: &[&str]) -> GameOptions {
    let words: Vec<String> = words.iter().map(|s| s.to_string()).collect();
    GameOptions::parse(INFO.options, &words).unwrap()
}

fn new(words: &[&str]) -> Seega {
    Seega::from_options(&options(words)).unwrap()
}

fn cfg(diagonal: bool) -> SeegaConfig {
    SeegaConfig { diagonal, ..SeegaConfig::default() }
}

fn diagram(diagonal: bool, d: &str, to_move: Player) -> Seega {
    Seega::from_diagram(cfg(diagonal), d, to_move).unwrap()
}

fn legal(g: &Seega) -> BTreeSet<String> {
    let mut v = Vec::new();
    g.legal_moves(&mut v);
    v.into_iter().map(|m| g.format_move(m)).collect()
}

fn play(g: &mut Seega, text: &str) {
    let m = g.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.play(m);
}

fn play_all(g: &mut Seega, record: &str) {
    for t in record.split_whitespace() {
        play(g, t);
    }
}

fn owner(g: &Seega, cell: &str) -> Option<Player> {
    g.owner(g.cell(cell).unwrap())
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// The moves of `g` that start from `cell`.
fn from(g: &Seega, cell: &str) -> BTreeSet<String> {
    legal(g).into_iter().filter(|m| m.starts_with(&format!("{cell}-"))).collect()
}

/// Placing that fills the 5×5 board as a checkerboard: First on a1, c1, e1, b2, ... (the
/// centre's colour), Second on the others; the board is symmetric under every turn and
/// reflection of the square.
const CHECKERBOARD: &str =
    "a1,c1 b1,d1 b2,e1 a2,c2 a3,d2 b3,e2 b4,e3 a4,d3 a5,d4 c4,e4 c5,e5 b5,d5";

const BOTH: [bool; 2] = [false, true];

// --- Board and material ----------------------------------------------------------------------

#[test]
fn board_is_5x5_with_the_centre_marked() {
    let g = new(&[]);
    let view = g.view();
    assert_eq!(view.cells.len(), 25);
    let marked: Vec<&str> =
        view.cells.iter().filter(|c| c.mark == Some("centre")).map(|c| c.id.as_str()).collect();
    assert_eq!(marked, ["c3"]);
    assert_eq!(g.to_move(), ToMove::Player(FIRST));
    assert_eq!(g.player_name(FIRST), "first");
    assert_eq!(g.player_name(SECOND), "second");
}

#[test]
fn stones_per_size_fill_every_cell_but_the_centre() {
    for (size, each) in [("5", 12u32), ("7", 24), ("9", 40)] {
        for place in ["1", "2"] {
            let mut g = new(&[&format!("size={size}"), &format!("place={place}")]);
            let mut turns = 0;
            let mut rng = SmallRng::seed_from_u64(7);
            let mut v = Vec::new();
            while !g.is_moving_phase() {
                g.legal_moves(&mut v);
                g.play(v[rng.random_range(0..v.len())]);
                turns += 1;
            }
            assert_eq!(g.stones_on_board(FIRST), each);
            assert_eq!(g.stones_on_board(SECOND), each);
            let per_turn: u32 = place.parse().unwrap();
            assert_eq!(turns, 2 * each / per_turn, "size {size} place {place}");
            let half = size.parse::<u8>().unwrap() / 2;
            let centre = g.cell(&format!("{}{}", (b'a' + half) as char, half + 1)).unwrap();
            assert_eq!(g.owner(centre), None, "size {size}: the centre stays empty");
        }
    }
}

// --- Phase 1 — placing -----------------------------------------------------------------------

#[test]
fn placing_two_stones_on_empty_cells_other_than_the_centre() {
    let g = new(&[]);
    let l = legal(&g);
    assert_eq!(l.len(), 276);
    assert!(l.contains("a1,b2") && l.contains("d5,e5"));
    assert!(l.iter().all(|m| !m.contains("c3")), "never on the centre");
    let mut g = g;
    play(&mut g, "a1,b2");
    assert_eq!(g.to_move(), ToMove::Player(SECOND));
    let l = legal(&g);
    assert_eq!(l.len(), 231);
    assert!(l.iter().all(|m| !m.contains("a1") && !m.contains("b2")), "occupied cells");
}

#[test]
fn place_one_places_a_single_stone() {
    let mut g = new(&["place=1"]);
    assert_eq!(legal(&g).len(), 24);
    play(&mut g, "a1");
    assert_eq!(g.to_move(), ToMove::Player(SECOND));
    assert_eq!(legal(&g).len(), 23);
    assert!(matches!(g.parse_move("b1,b2"), Err(MoveError::Illegal { .. })));
}

#[test]
fn placing_makes_no_captures() {
    for diagonal in BOTH {
        let d = if diagonal { "on" } else { "off" };
        let mut g = new(&[&format!("diagonal={d}")]);
        // O on b1 and b2 between X stones, then X placed around them.
        play_all(&mut g, "a1,a2 b1,b2 c1,c2");
        assert_eq!(owner(&g, "b1"), Some(SECOND));
        assert_eq!(owner(&g, "b2"), Some(SECOND));
        assert_eq!(g.stones_on_board(SECOND), 2);
    }
}

#[test]
fn phase_one_ends_with_only_the_centre_empty() {
    let mut g = new(&[]);
    play_all(&mut g, CHECKERBOARD);
    assert!(g.is_moving_phase());
    assert_eq!(g.owner(g.cell("c3").unwrap()), None);
    assert_eq!(g.stones_on_board(FIRST) + g.stones_on_board(SECOND), 24);
}

// --- Phase 2 — moving ------------------------------------------------------------------------

#[test]
fn egyptian_start_lets_second_move_first() {
    let mut g = new(&[]);
    play_all(&mut g, CHECKERBOARD);
    assert_eq!(g.to_move(), ToMove::Player(SECOND));
    let mut g = new(&["place=1", "start=egyptian"]);
    while !g.is_moving_phase() {
        let mut v = Vec::new();
        g.legal_moves(&mut v);
        g.play(v[0]);
    }
    assert_eq!(g.to_move(), ToMove::Player(SECOND));
}

#[test]
fn sudanese_start_lets_first_start_both_phases() {
    let mut g = new(&["start=sudanese"]);
    assert_eq!(g.to_move(), ToMove::Player(FIRST));
    play_all(&mut g, CHECKERBOARD);
    assert_eq!(g.to_move(), ToMove::Player(FIRST));
}

#[test]
fn first_move_of_phase_two_goes_into_the_centre() {
    for diagonal in BOTH {
        let d = if diagonal { "on" } else { "off" };
        let mut g = new(&[&format!("diagonal={d}")]);
        play_all(&mut g, CHECKERBOARD);
        // Second's neighbours of c3 are c4, b3, d3, c2 (the diagonals are First's).
        assert_eq!(legal(&g), set(&["b3-c3", "c2-c3", "c4-c3", "d3-c3"]));
        let mut g = new(&[&format!("diagonal={d}"), "start=sudanese"]);
        play_all(&mut g, CHECKERBOARD);
        let expected: &[&str] =
            if diagonal { &["b2-c3", "b4-c3", "d2-c3", "d4-c3"] } else { &["pass"] };
        assert_eq!(legal(&g), set(expected), "diagonal {diagonal}");
    }
}

#[test]
fn stones_step_in_eight_or_four_directions() {
    let d = "X....
               .....
               ..X..
               .....
               O...O";
    let g = diagram(true, d, FIRST);
    assert_eq!(
        from(&g, "c3"),
        set(&["c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4"])
    );
    let g = diagram(false, d, FIRST);
    assert_eq!(from(&g, "c3"), set(&["c3-b3", "c3-c2", "c3-c4", "c3-d3"]));
}

#[test]
fn moving_is_compulsory() {
    for diagonal in BOTH {
        let mut g = new(&[if diagonal { "diagonal=on" } else { "diagonal=off" }]);
        play_all(&mut g, CHECKERBOARD);
        assert!(!legal(&g).contains("pass"));
        assert!(matches!(g.parse_move("pass"), Err(MoveError::Illegal { .. })));
    }
}

// --- Capture ---------------------------------------------------------------------------------

#[test]
fn orthogonal_capture_in_both_modes() {
    for diagonal in BOTH {
        let mut g = diagram(
            diagonal,
            "....O
             ....O
             .....
             ..X..
             XO...",
            FIRST,
        );
        play(&mut g, "c2-c1");
        assert_eq!(owner(&g, "b1"), None, "diagonal {diagonal}");
        assert_eq!(g.stones_on_board(SECOND), 2);
        assert_eq!(g.quiet_turns(), 0);
    }
}

#[test]
fn diagonal_capture_only_with_diagonals() {
    // e3-d3: b1-c2-d3 is a diagonal line.
    let d2 = "O....
              O....
              ....X
              ..O..
              .X...";
    let mut g = diagram(true, d2, FIRST);
    play(&mut g, "e3-d3");
    assert_eq!(owner(&g, "c2"), None, "b1-c2-d3 is a diagonal line");
    let mut g = diagram(false, d2, FIRST);
    play(&mut g, "e3-d3");
    assert_eq!(owner(&g, "c2"), Some(SECOND), "no diagonal captures");
}

#[test]
fn several_directions_capture_at_once_one_stone_each() {
    // c2-c1 lands between O b1 (X a1 beyond) and O d1 (X e1 beyond); diagonally, O b2 has
    // X a3 beyond.
    let d = "....O
             ....O
             X....
             .OX..
             XO.OX";
    let mut g = diagram(false, d, FIRST);
    play(&mut g, "c2-c1");
    assert_eq!((owner(&g, "b1"), owner(&g, "d1"), owner(&g, "b2")), (None, None, Some(SECOND)));
    let mut g = diagram(true, d, FIRST);
    play(&mut g, "c2-c1");
    assert_eq!((owner(&g, "b1"), owner(&g, "d1"), owner(&g, "b2")), (None, None, None));
}

#[test]
fn two_stones_in_a_row_are_not_captured() {
    for diagonal in BOTH {
        let mut g = diagram(
            diagonal,
            "....O
             .....
             .....
             ...X.
             XOO..",
            FIRST,
        );
        play(&mut g, "d2-d1");
        assert_eq!((owner(&g, "b1"), owner(&g, "c1")), (Some(SECOND), Some(SECOND)));
    }
}

#[test]
fn a_stone_on_the_centre_cannot_be_captured() {
    for diagonal in BOTH {
        let mut g = diagram(
            diagonal,
            "....O
             ..X..
             ..O..
             .....
             ..X..",
            FIRST,
        );
        play(&mut g, "c1-c2");
        assert_eq!(owner(&g, "c3"), Some(SECOND), "diagonal {diagonal}");
        assert_eq!(g.stones_on_board(SECOND), 2);
    }
}

#[test]
fn a_stone_on_the_centre_helps_its_owner_capture() {
    for diagonal in BOTH {
        let mut g = diagram(
            diagonal,
            ".X...
             ..O.O
             ..X..
             .....
             ....O",
            FIRST,
        );
        play(&mut g, "b5-c5");
        assert_eq!(owner(&g, "c4"), None, "diagonal {diagonal}");
    }
}

#[test]
fn moving_in_between_two_enemies_is_safe() {
    for diagonal in BOTH {
        // X c2-c1 between O b1 and O d1.
        let mut g = diagram(
            diagonal,
            "....X
             .....
             .....
             ..X..
             .O.O.",
            FIRST,
        );
        play(&mut g, "c2-c1");
        assert_eq!(owner(&g, "c1"), Some(FIRST), "diagonal {diagonal}");
        assert_eq!(g.stones_on_board(FIRST), 2);
        // And on a diagonal: X b3-b2 between O a3 and O c1.
        let mut g = diagram(
            diagonal,
            "....X
             .....
             OX...
             .....
             ..O..",
            FIRST,
        );
        play(&mut g, "b3-b2");
        assert_eq!(owner(&g, "b2"), Some(FIRST), "diagonal {diagonal}");
    }
}

#[test]
fn capture_is_not_compulsory() {
    for diagonal in BOTH {
        let g = diagram(
            diagonal,
            "....O
             ....O
             .....
             ..X..
             XO...",
            FIRST,
        );
        let l = legal(&g);
        assert!(l.contains("c2-c1") && l.contains("c2-d2") && l.contains("a1-a2"));
    }
}

/// The series diagram: X c2 can capture b1 (via a1), then back on c2 capture d2 (via e2),
/// then on the centre capture c4 (via c5), then on c4 capture b4 (via a4).
const SERIES: &str = "..X.O
                      XOO..
                      .....
                      ..XOX
                      XO...";

#[test]
fn capture_series_orthogonal() {
    let g = diagram(false, SERIES, FIRST);
    assert_eq!(
        from(&g, "c2"),
        set(&[
            "c2-b2",
            "c2-c1",
            "c2-c1-c2",
            "c2-c1-c2-c3",
            "c2-c1-c2-c3-c4",
            "c2-c3",
            "c2-c3-c4",
            "c2-c3-c2",
            "c2-c3-c2-c1",
        ])
    );
    // A continuation that captures nothing is refused, and says why.
    let e = g.parse_move("c2-c1-d1").unwrap_err();
    assert!(e.to_string().contains("captures nothing"), "{e}");
    // The whole series is one turn; the last step takes O down to one stone and wins.
    let mut g = g;
    play(&mut g, "c2-c1-c2-c3-c4");
    assert_eq!(g.stones_on_board(SECOND), 1);
    assert_eq!(winners(&g), [FIRST]);
}

#[test]
fn capture_series_stops_anywhere_and_goes_anywhere() {
    let mut g = diagram(false, SERIES, FIRST);
    // Stopping after the second step: Second moves next, X's stone is on c2.
    play(&mut g, "c2-c1-c2");
    assert_eq!(g.to_move(), ToMove::Player(SECOND));
    assert_eq!((owner(&g, "c2"), owner(&g, "b1"), owner(&g, "d2")), (Some(FIRST), None, None));
    assert_eq!(g.stones_on_board(SECOND), 3);
}

#[test]
fn capture_series_diagonal() {
    // X b1-c2 captures d3 (via e4), then c2-d3 (the cell just emptied) captures c4 (via b5).
    let d = ".X..O
             ..O.X
             ...O.
             .....
             OX...";
    let g = diagram(true, d, FIRST);
    assert_eq!(from(&g, "b1"), set(&["b1-a2", "b1-b2", "b1-c1", "b1-c2", "b1-c2-d3"]));
    let g = diagram(false, d, FIRST);
    assert_eq!(from(&g, "b1"), set(&["b1-b2", "b1-c1"]));
}

#[test]
fn capture_series_ends_when_the_opponent_is_down_to_one() {
    // Diagonal mode: after b1-c2-d3 Second has one stone left; no step may follow.
    let mut g = diagram(
        true,
        ".X...
         ..O.X
         ...O.
         .....
         OX...",
        FIRST,
    );
    assert!(!legal(&g).iter().any(|m| m.starts_with("b1-c2-d3-")));
    play(&mut g, "b1-c2-d3");
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(winners(&g), [FIRST]);
}

// --- Blocked players -------------------------------------------------------------------------

/// O a1 and O e1 each have one way out at most; X c1-d1 closes the last one.
const BLOCKING: &str = ".....
                        .....
                        .....
                        XX.XX
                        OXX.O";

#[test]
fn a_turn_may_not_leave_the_opponent_without_a_move() {
    let g = diagram(true, BLOCKING, FIRST);
    let l = legal(&g);
    assert!(!l.contains("c1-d1"), "c1-d1 would shut O in");
    assert!(l.contains("d2-d1") && l.contains("e2-d1"), "these leave a cell free next to e1");
    let e = g.parse_move("c1-d1").unwrap_err();
    assert!(e.to_string().contains("blocked"), "{e}");
    // Orthogonally d2 does not touch e1, so d2-d1 shuts O in as well.
    let l = legal(&diagram(false, BLOCKING, FIRST));
    assert!(!l.contains("c1-d1") && !l.contains("d2-d1"));
    assert!(l.contains("e2-e3") && l.contains("c1-c2"));
}

#[test]
fn each_stopping_point_of_a_series_is_judged_on_its_own() {
    // c3-c2 takes d2 (via e2), then c2-c1 takes d1 (via e1) and shuts O's a1, b1 in
    // orthogonally; diagonally b1 can still go to c2.
    let d = ".....
             .....
             ..X..
             XX.OX
             OO.OX";
    let l = legal(&diagram(false, d, FIRST));
    assert!(l.contains("c3-c2") && !l.contains("c3-c2-c1"), "{l:?}");
    let l = legal(&diagram(true, d, FIRST));
    assert!(l.contains("c3-c2") && l.contains("c3-c2-c1"), "{l:?}");
}

#[test]
fn a_turn_that_ends_the_game_is_never_excluded() {
    for diagonal in BOTH {
        let c = SeegaConfig { quiet: 1, ..cfg(diagonal) };
        let g = Seega::from_diagram(c, BLOCKING, FIRST).unwrap();
        assert!(legal(&g).contains("c1-d1"), "the quiet rule ends the game at once");
    }
}

/// O's two stones in the corner are shut in by X stones that cannot move; every X turn
/// keeps them shut in.
const SHUT_IN: &str = ".....
                       .....
                       XXXX.
                       XXXX.
                       OOXX.";

/// [`SHUT_IN`] with a spare X stone on e5 that can shuttle without freeing O.
const SHUT_IN_SPARE: &str = "....X
                             .....
                             XXXX.
                             XXXX.
                             OOXX.";

/// The winners of a finished game.
fn winners(g: &Seega) -> Vec<Player> {
    g.outcome().expect("game over").winners.iter().collect()
}

/// Why the game ended: the reason's key and its English words.
fn reason(g: &Seega) -> (&'static str, String) {
    let r = g.end_reason().expect("an ended game says why");
    (r.key, r.text)
}

#[test]
fn when_every_turn_blocks_all_are_allowed_and_the_opponent_passes() {
    for diagonal in BOTH {
        let mut g = diagram(diagonal, SHUT_IN, FIRST);
        let l = legal(&g);
        assert!(l.contains("a3-a4"), "diagonal {diagonal}: {l:?}");
        play(&mut g, "a3-a4");
        assert_eq!(legal(&g), set(&["pass"]));
        play(&mut g, "pass");
        assert_eq!(g.to_move(), ToMove::Player(FIRST));
        assert_eq!(g.quiet_turns(), 2, "a pass is a turn for the quiet rule");
    }
}

#[test]
fn a_pass_counts_in_perft() {
    let mut g = diagram(false, SHUT_IN, FIRST);
    play(&mut g, "a3-a4");
    assert_eq!(perft(&g, 1), 1);
    let mut after = g.clone();
    play(&mut after, "pass");
    assert_eq!(perft(&g, 2), perft(&after, 1));
}

// --- End of the game -------------------------------------------------------------------------

#[test]
fn one_stone_or_none_loses() {
    for diagonal in BOTH {
        // X c2-c1 captures b1 and d1, Second's last two stones.
        let mut g = diagram(
            diagonal,
            "....X
             .....
             .....
             ..X..
             XO.OX",
            FIRST,
        );
        assert_eq!(g.end_reason(), None, "no reason while the game goes on");
        play(&mut g, "c2-c1");
        assert_eq!(g.stones_on_board(SECOND), 0);
        assert_eq!(winners(&g), [FIRST]);
        assert!(legal(&g).is_empty());
        assert_eq!(reason(&g), ("seega.few", "second has no stone left".into()));
        assert_eq!(g.end_reason().unwrap().args["left"], "0");
    }
}

#[test]
fn quiet_rule_ends_the_game_and_more_stones_win() {
    for diagonal in BOTH {
        let c = SeegaConfig { quiet: 3, ..cfg(diagonal) };
        let mut g = Seega::from_diagram(
            c,
            "O...O
             .....
             .....
             .....
             X.X.X",
            FIRST,
        )
        .unwrap();
        play_all(&mut g, "a1-a2 a5-a4");
        assert_eq!(g.to_move(), ToMove::Player(FIRST));
        play(&mut g, "a2-a1");
        assert_eq!(g.quiet_turns(), 3);
        assert_eq!(winners(&g), [FIRST]);
        let why = "3 turns in a row without a capture; first has more stones (3 to 2)";
        assert_eq!(reason(&g), ("seega.quiet.win", why.into()));
    }
}

#[test]
fn quiet_rule_with_equal_stones_is_a_draw_and_captures_reset_it() {
    let c = SeegaConfig { quiet: 2, ..cfg(false) };
    let mut g = Seega::from_diagram(
        c,
        "O...O
         O....
         .....
         ..X..
         XO..X",
        FIRST,
    )
    .unwrap();
    play(&mut g, "c2-c1"); // captures b1: the count goes back to 0.
    assert_eq!(g.quiet_turns(), 0);
    play(&mut g, "a4-a3");
    assert_eq!((g.quiet_turns(), g.outcome()), (1, None));
    play(&mut g, "c1-c2");
    assert!(g.outcome().unwrap().is_draw(), "3 stones each");
    let why = "2 turns in a row without a capture; both have 3 stones";
    assert_eq!(reason(&g), ("seega.quiet.draw", why.into()));
}

#[test]
fn a_game_ending_turn_counts_as_one_that_does_not_block() {
    // Decision (rules file, "Decisions"): every X turn shuts O in, but d4-e4 repeats a
    // position for the third time and so ends the game: it is the only turn left.
    for diagonal in BOTH {
        let mut g = diagram(diagonal, SHUT_IN_SPARE, FIRST);
        play_all(&mut g, "e5-e4 pass e4-d4 pass d4-e4 pass");
        assert!(legal(&g).len() > 1, "nothing ends the game yet: every turn stays legal");
        play_all(&mut g, "e4-d4 pass");
        assert_eq!(legal(&g), set(&["d4-e4"]), "diagonal {diagonal}");
        play(&mut g, "d4-e4");
        assert_eq!(winners(&g), [FIRST]);
    }
}

#[test]
fn quiet_count_starts_at_phase_two() {
    for diagonal in BOTH {
        let d = if diagonal { "diagonal=on" } else { "diagonal=off" };
        let mut g = new(&[d, "quiet=1"]);
        play_all(&mut g, CHECKERBOARD);
        assert_eq!((g.quiet_turns(), g.outcome()), (0, None), "placing turns do not count");
        play(&mut g, "c4-c3");
        assert!(g.outcome().unwrap().is_draw(), "one quiet turn, 12 stones each");
    }
}

#[test]
fn third_repetition_ends_the_game() {
    for diagonal in BOTH {
        let mut g = diagram(
            diagonal,
            "O...O
             .....
             .....
             .....
             X...X",
            FIRST,
        );
        // The start position counts: it occurs for the second time after 4 turns and the
        // third after 8.
        play_all(&mut g, "a1-a2 a5-a4 a2-a1 a4-a5 a1-a2 a5-a4 a2-a1");
        assert_eq!(g.outcome(), None);
        play(&mut g, "a4-a5");
        assert!(g.outcome().unwrap().is_draw(), "2 stones each");
        let why = "the same position came up a third time; both have 2 stones";
        assert_eq!(reason(&g), ("seega.repetition.draw", why.into()));
    }
}

#[test]
fn positions_after_passes_count_for_repetition() {
    for diagonal in BOTH {
        // SHUT_IN with a spare X stone on e5 that shuttles without freeing O (moving a3
        // away and back would not do: with a3 empty, a2-a3 frees O and is then compulsory).
        let mut g = diagram(diagonal, SHUT_IN_SPARE, FIRST);
        play_all(&mut g, "e5-e4 pass e4-e5 pass e5-e4 pass e4-e5");
        assert_eq!(g.outcome(), None);
        play(&mut g, "pass");
        assert_eq!(winners(&g), [FIRST]);
        let (key, why) = reason(&g);
        assert_eq!(key, "seega.repetition.win");
        assert!(why.starts_with("the same position came up a third time; first has more"), "{why}");
    }
}

// --- Notation --------------------------------------------------------------------------------

#[test]
fn notation_is_canonical_and_friendly_spellings_are_read() {
    let g = new(&[]);
    let m = g.parse_move("B2,A1").unwrap();
    assert_eq!(g.format_move(m), "a1,b2");
    assert_eq!(g.parse_move(" a1 , b2 ").unwrap(), m);
    for (text, says) in [
        ("z9,a1", "not a cell"),
        ("a1", "places 2"),
        ("a1,b2,c1", "places 2"),
        ("c3,a1", "centre"),
        ("a1,a1", "different"),
        ("a1-a2", "placed"),
        ("pass", "pass"),
        ("", "empty"),
    ] {
        let e = g.parse_move(text).unwrap_err();
        assert!(e.to_string().contains(says), "{text}: {e}");
    }
    let mut g = g;
    play(&mut g, "a1,b2");
    assert!(g.parse_move("a1,c1").unwrap_err().to_string().contains("occupied"));

    let mut g = new(&[]);
    play_all(&mut g, CHECKERBOARD);
    assert_eq!(g.format_move(g.parse_move("C4-c3").unwrap()), "c4-c3");
    for (text, says) in [
        ("a1,b2", "every stone is placed"),
        ("b4-c3", "no stone of the player to move"),
        ("c4-c5", "not empty"),
        ("c4-c2", "not next to"),
        ("c4-", "joined by '-'"),
        ("hello", "expected a move"),
    ] {
        let e = g.parse_move(text).unwrap_err();
        assert!(e.to_string().contains(says), "{text}: {e}");
    }
}

#[test]
fn render_and_view_show_the_position() {
    let mut g = new(&[]);
    play_all(&mut g, "a1,b2 c1,d2");
    let text = g.render_text();
    assert!(text.contains(" 1  X . O . .  1"), "{text}");
    assert!(text.contains("X (first) to move"), "{text}");
    assert!(text.contains("in hand X 10, O 10"), "{text}");
    let v = g.view();
    assert_eq!(v.cells.iter().filter(|c| !c.stack.is_empty()).count(), 4);
    assert_eq!(g.position_text().split(' ').nth(2), Some("placing"));
    assert_eq!(g.to_move(), ToMove::Player(FIRST));
}

#[test]
fn options_are_checked() {
    for bad in ["size=6", "place=3", "start=french", "diagonal=maybe", "quiet=0", "quiet=x"] {
        let words = vec![bad.to_string()];
        assert!(tabla_games::new_game("seega", &words).is_err(), "{bad}");
    }
    let words: Vec<String> = ["size=9", "place=1", "start=sudanese", "diagonal=off", "quiet=7"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let g = tabla_games::new_game("seega", &words).unwrap();
    assert_eq!(g.legal().len(), 80);
    let c = SeegaConfig::from_options(&options(&[
        "size=9",
        "place=1",
        "start=sudanese",
        "diagonal=off",
        "quiet=7",
    ]))
    .unwrap();
    assert_eq!(
        c,
        SeegaConfig { size: 9, place: 1, start: Start::Sudanese, diagonal: false, quiet: 7 }
    );
}

// --- Perft fixtures --------------------------------------------------------------------------

/// Every quick figure of the fixture file (format: `tabla_core::perft::PerftFixture`), also
/// checked for all games by `tests/perft.rs`; all run in well under a second (phase 1 counts
/// its last ply in closed form).
#[test]
fn perft_fixtures() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/seega.perft");
    let text = std::fs::read_to_string(&path).unwrap();
    let checked = check_perft_fixtures("seega.perft", &text, false, |options, moves, depth| {
        let mut g = tabla_games::new_game("seega", options).map_err(|e| e.0)?;
        play_record(g.as_mut(), moves, |_| {}).map_err(|e| e.to_string())?;
        Ok(g.perft(depth))
    });
    assert!(checked >= 19, "{checked} figures");
}

// --- View, touched cells and click paths -------------------------------------------------------

/// [`CHECKERBOARD`], then O enters the centre, X follows into c4 and O b5-c5 takes it.
const FIRST_CAPTURE: &str = "c4-c3 c5-c4 b5-c5";

#[test]
fn view_lays_out_the_board_with_labels_and_counts() {
    let mut g = new(&[]);
    play_all(&mut g, CHECKERBOARD);
    play_all(&mut g, FIRST_CAPTURE);
    let v = serde_json::to_value(g.view()).unwrap();
    assert_eq!(v["board"], serde_json::json!({"kind": "square", "width": 5, "height": 5}));
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 25);
    let cell = |id: &str| cells.iter().find(|c| c["id"] == id).unwrap().clone();
    assert_eq!(
        cell("a1"),
        serde_json::json!({"id": "a1", "x": 0.0, "y": 0.0,
            "stack": [{"owner": "first", "kind": "stone"}], "mark": null})
    );
    assert_eq!(cell("e4")["x"], 4.0);
    assert_eq!(cell("e4")["y"], 3.0);
    assert_eq!(cell("c5")["stack"][0]["owner"], "second");
    assert_eq!(cell("c4")["stack"], serde_json::json!([]), "captured");
    assert_eq!(cell("c3")["mark"], "centre");
    assert!(v["points"].as_array().unwrap().is_empty());
    let labels = v["labels"].as_array().unwrap();
    assert_eq!(labels.len(), 10);
    assert!(labels.contains(&serde_json::json!({"text": "a", "x": 0.0, "y": -1.0})));
    assert!(labels.contains(&serde_json::json!({"text": "5", "x": -1.0, "y": 4.0})));
    assert_eq!(
        v["players"],
        serde_json::json!([
            {"name": "first", "in_hand": 0, "on_board": 11, "captured": 0},
            {"name": "second", "in_hand": 0, "on_board": 12, "captured": 1},
        ])
    );
    let placing = serde_json::to_value(new(&["size=7"]).view()).unwrap();
    assert_eq!(placing["players"][1]["in_hand"], 24);
    assert_eq!(placing["cells"].as_array().unwrap().len(), 49);
}

fn touched(g: &Seega, text: &str) -> Vec<String> {
    g.touched(g.parse_move(text).unwrap())
}

fn paths(g: &Seega, text: &str) -> Vec<Vec<String>> {
    g.click_paths(g.parse_move(text).unwrap())
}

fn words(w: &[&str]) -> Vec<String> {
    w.iter().map(|s| s.to_string()).collect()
}

#[test]
fn touched_cells_are_the_visited_and_the_captured() {
    let g = new(&[]);
    assert_eq!(touched(&g, "b2,a1"), words(&["a1", "b2"]));
    assert_eq!(touched(&new(&["place=1"]), "c2"), words(&["c2"]));
    let g = diagram(false, SERIES, FIRST);
    assert_eq!(touched(&g, "c2-b2"), words(&["c2", "b2"]));
    // c2-c1 takes b1, back on c2 takes d2, on c3 takes c4; c2 is visited twice.
    assert_eq!(touched(&g, "c2-c1-c2-c3"), words(&["c2", "c1", "c3", "b1", "d2", "c4"]));
    let mut g = diagram(false, SHUT_IN, FIRST);
    play(&mut g, "a3-a4");
    assert_eq!(touched(&g, "pass"), Vec::<String>::new());
}

#[test]
fn click_paths_of_placing_steps_series_and_pass() {
    let g = new(&[]);
    assert_eq!(paths(&g, "a1,b2"), [words(&["a1", "b2"]), words(&["b2", "a1"])]);
    assert_eq!(paths(&new(&["place=1"]), "d4"), [words(&["d4"])]);
    let g = diagram(false, SERIES, FIRST);
    assert_eq!(paths(&g, "c2-b2"), [words(&["c2", "b2"])]);
    // Stopping where the series could go on takes a `done`; its end does not.
    assert_eq!(paths(&g, "c2-c1"), [words(&["c2", "c1", "done"])]);
    assert_eq!(paths(&g, "c2-c1-c2-c3"), [words(&["c2", "c1", "c2", "c3", "done"])]);
    assert_eq!(paths(&g, "c2-c1-c2-c3-c4"), [words(&["c2", "c1", "c2", "c3", "c4"])]);
    assert_eq!(paths(&g, "c2-c3-c2-c1"), [words(&["c2", "c3", "c2", "c1"])]);
    let mut g = diagram(false, SHUT_IN, FIRST);
    play(&mut g, "a3-a4");
    assert_eq!(paths(&g, "pass"), [words(&["pass"])]);
}

#[test]
fn a_series_cut_short_by_the_blocking_rule_needs_no_done() {
    // Orthogonally c3-c2-c1 would shut O in, so it is not legal and c3-c2 cannot go on.
    let d = ".....
             .....
             ..X..
             XX.OX
             OO.OX";
    let g = diagram(false, d, FIRST);
    assert_eq!(paths(&g, "c3-c2"), [words(&["c3", "c2"])]);
    let g = diagram(true, d, FIRST);
    assert_eq!(paths(&g, "c3-c2"), [words(&["c3", "c2", "done"])]);
}

// --- Position text ---------------------------------------------------------------------------

fn read(g: &Seega, text: &str) -> Seega {
    g.read_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn position_text_names_board_side_phase_hand_quiet_and_result() {
    let mut g = new(&[]);
    assert_eq!(g.position_text(), "...../...../...../...../..... first placing 12,12 0");
    play(&mut g, "a1,e5");
    assert_eq!(g.position_text(), "....X/...../...../...../X.... second placing 10,12 0");
    play_all(&mut g, "b1,d5");
    let mut g = new(&[]);
    play_all(&mut g, CHECKERBOARD);
    assert_eq!(g.position_text(), "XOXOX/OXOXO/XO.OX/OXOXO/XOXOX second moving 0,0 0");
    play_all(&mut g, "c4-c3 c5-c4");
    assert_eq!(g.position_text(), "XO.OX/OXXXO/XOOOX/OXOXO/XOXOX second moving 0,0 2");
    play(&mut g, "b5-c5");
    assert_eq!(g.position_text(), "X.OOX/OX.XO/XOOOX/OXOXO/XOXOX first moving 0,0 0");
    // A finished game says how it ended.
    let mut g = diagram(true, ".X.../..O.X/...O./...../OX...", FIRST);
    play(&mut g, "b1-c2-d3");
    assert_eq!(g.position_text(), ".X.../....X/...X./...../O.... second moving 0,0 0 first");
}

#[test]
fn position_text_reads_back_under_the_same_rules() {
    let mut g = new(&["size=7", "place=1"]);
    for _ in 0..5 {
        let mut v = Vec::new();
        g.legal_moves(&mut v);
        g.play(v[v.len() / 2]);
    }
    let back = read(&g, &g.position_text());
    assert_eq!(back, g, "placing: nothing is lost");
    assert_eq!(back.hash(), g.hash());
    // Lenient reading: lower case, `+` for the centre, `*` for a game that goes on.
    let g = new(&[]);
    let b = read(&g, "xoxox/oxoxo/xo+ox/oxoxo/xoxox SECOND Moving 0,0 0 *");
    assert_eq!(b.position_text(), "XOXOX/OXOXO/XO.OX/OXOXO/XOXOX second moving 0,0 0");
    assert_eq!(legal(&b), set(&["b3-c3", "c2-c3", "c4-c3", "d3-c3"]));
    // A derived end needs no result field; a repetition's end is accepted when it is the
    // stones' verdict.
    let c = new(&["quiet=3"]);
    let over = read(&c, "X...O/...../...../...../X...O first moving 0,0 3");
    assert!(over.outcome().unwrap().is_draw());
    let rep = read(&c, "X...O/...../...../...../X...O first moving 0,0 2 draw");
    assert!(rep.outcome().unwrap().is_draw());
    assert_eq!(rep.position_text(), "X...O/...../...../...../X...O first moving 0,0 2 draw");
}

#[test]
fn position_text_errors_say_what_was_expected() {
    let g = new(&[]);
    for (text, says) in [
        ("", "expected 5 or 6 fields"),
        ("...../...../...../..... first placing 12,12 0", "expected 5 ranks"),
        ("...../...../...../...../....Z first placing 12,12 0", "glyph 'Z'"),
        ("...../...../...../...../..... third placing 12,12 0", "first or second"),
        ("...../...../...../...../..... first playing 12,12 0", "placing or moving"),
        ("...../...../...../...../..... first placing 12 0", "two whole numbers"),
        ("...../...../...../...../..... first placing 12,12 51", "from 0 to the quiet limit 50"),
        ("...../...../...../...../..... first placing 12,11 0", "add up to 12"),
        ("...../...../...../...../X.... first placing 11,12 0", "not first's turn"),
        ("...../...../..X../...../X.... second placing 10,12 0", "centre"),
        ("...../...../...../...../X.X.. second placing 10,12 1", "0 while placing"),
        ("...../...../...../...../X.X.. second placing 10,12 0 first", "cannot end"),
        ("X..../X..../...../...../...OO second moving 1,0 0", "0,0 in hand"),
        ("XXXXX/XXXXX/XXX.X/...../....O second moving 0,0 0", "more than the 12"),
        ("X..../...../...../...../....O second moving 0,0 0", "both players"),
        ("X..../X..../...../...../....O second moving 0,0 0 second", "result is first"),
        ("XX.../X..../...../...../...OO second moving 0,0 7 second", "by the stones"),
        ("XOXOX/OXOXO/XO.OX/OXOXO/XOXOX second moving 0,0 0 nobody", "first, second or draw"),
    ] {
        let e = g.read_position(text).map(|_| ()).unwrap_err().to_string();
        assert!(e.contains(says), "{text}: {e}");
        assert!(e.contains("BOARD SIDE PHASE HAND QUIET"), "{text}: {e}");
    }
}

#[test]
fn a_position_read_from_text_starts_the_repetition_count_afresh() {
    // As `third_repetition_ends_the_game`: the last turn would make the start position
    // occur a third time, but the text does not carry the history.
    let mut g = diagram(false, "O...O/...../...../...../X...X", FIRST);
    play_all(&mut g, "a1-a2 a5-a4 a2-a1 a4-a5 a1-a2 a5-a4 a2-a1");
    let mut back = read(&g, &g.position_text());
    play(&mut g, "a4-a5");
    play(&mut back, "a4-a5");
    assert!(g.outcome().is_some());
    assert_eq!(back.outcome(), None);
    assert_eq!(back.hash(), g.hash(), "the hash leaves the history out too");
}

// --- Repetition history and copies -----------------------------------------------------------

/// Counts allocations per thread, so that a test can see that copying and playing a
/// position allocates nothing.
struct CountingAlloc;

thread_local! {
    static ALLOCATIONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

unsafe impl std::alloc::GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { std::alloc::System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: CountingAlloc = CountingAlloc;

fn allocations() -> usize {
    ALLOCATIONS.with(|n| n.get())
}

#[test]
fn copy_and_play_never_allocate() {
    // `quiet=65` is the longest limit whose stretches fit inline; beyond it a copy still
    // never allocates, and play allocates once per 64 quiet turns.
    for (words, per_play) in [
        (&[][..], 0),
        (&["size=9", "diagonal=off"][..], 0),
        (&["quiet=65"][..], 0),
        (&["quiet=3000"][..], 1),
    ] {
        let start = new(words);
        let mut rng = SmallRng::seed_from_u64(5);
        let mut v = Vec::with_capacity(4096);
        let mut longest = 0;
        for _ in 0..20 {
            let mut g = start.clone();
            while g.to_move() != ToMove::Over {
                g.legal_moves(&mut v);
                let m = v[rng.random_range(0..v.len())];
                let before = allocations();
                let mut copy = g.clone();
                assert_eq!(allocations(), before, "{words:?}: a copy allocated");
                copy.play(m);
                let n = allocations() - before;
                assert!(n <= per_play, "{words:?}: copy and play allocated {n} times");
                g = copy;
                longest = longest.max(g.quiet_turns());
            }
        }
        if per_play > 0 {
            assert!(longest > 64, "{words:?}: no stretch outgrew the inline room ({longest})");
        }
    }
}

#[test]
fn repetition_is_found_beyond_the_inline_history() {
    // X walks a stone round a ring of 9 cells while O shuttles: the start position comes
    // back after 36 turns and a third time after 72, past the 64 kept inline.
    let ring = ["b2", "c2", "d2", "e2", "e3", "e4", "d4", "c4", "b3"];
    let c = SeegaConfig { size: 7, quiet: 300, ..SeegaConfig::default() };
    let start = ["O......", "......O", ".......", ".......", ".......", ".X.....", "X......"];
    let mut g = Seega::from_diagram(c, &start.join("/"), FIRST).unwrap();
    for k in 0..36 {
        let (a, b) = (ring[k % 9], ring[(k + 1) % 9]);
        assert_eq!(g.outcome(), None, "turn {}", 2 * k);
        play(&mut g, &format!("{a}-{b}"));
        assert_eq!(g.outcome(), None, "turn {}", 2 * k + 1);
        play(&mut g, if k % 2 == 0 { "g6-f6" } else { "f6-g6" });
    }
    assert_eq!(g.quiet_turns(), 72);
    assert!(g.outcome().unwrap().is_draw(), "the third occurrence ends the game");
}

// --- Conformance -----------------------------------------------------------------------------

#[test]
fn conformance_every_option_combination() {
    for size in ["5", "7", "9"] {
        for place in ["2", "1"] {
            for start in ["egyptian", "sudanese"] {
                for diagonal in ["on", "off"] {
                    for quiet in ["50", "3"] {
                        let g = new(&[
                            &format!("size={size}"),
                            &format!("place={place}"),
                            &format!("start={start}"),
                            &format!("diagonal={diagonal}"),
                            &format!("quiet={quiet}"),
                        ]);
                        let games = if size == "5" { 6 } else { 1 };
                        check_random_games(&g, games, 11, 100_000);
                    }
                }
            }
        }
    }
}

// --- Properties ------------------------------------------------------------------------------

fn random_game(start: &Seega, seed: u64, limit: usize) -> (Seega, Vec<String>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = start.clone();
    let mut record = Vec::new();
    let mut v = Vec::new();
    while g.to_move() != ToMove::Over && record.len() < limit {
        g.legal_moves(&mut v);
        let m = v[rng.random_range(0..v.len())];
        record.push(g.format_move(m));
        g.play(m);
    }
    (g, record)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_end_and_notation_round_trips(
        seed in any::<u64>(),
        diagonal in any::<bool>(),
        quiet in 1u32..60,
    ) {
        let start = Seega::new(SeegaConfig { quiet, ..cfg(diagonal) });
        let (end, record) = random_game(&start, seed, 100_000);
        prop_assert_eq!(end.to_move(), ToMove::Over);
        // Every canonical text reads back; upper case too.
        let mut replay = start.clone();
        for t in &record {
            let m = replay.parse_move(&t.to_uppercase()).unwrap();
            prop_assert_eq!(&replay.format_move(m), t);
            replay.play(m);
        }
        prop_assert_eq!(&replay, &end);
        prop_assert_eq!(replay.hash(), end.hash_from_scratch());
    }

    #[test]
    fn placing_orders_transpose_to_equal_hashes(seed in any::<u64>(), diagonal in any::<bool>()) {
        // Play some placing turns, then replay each player's turns in another order.
        let start = Seega::new(cfg(diagonal));
        let (_, record) = random_game(&start, seed, 10);
        let mut firsts: Vec<&String> = record.iter().step_by(2).collect();
        let mut seconds: Vec<&String> = record.iter().skip(1).step_by(2).collect();
        firsts.reverse();
        seconds.rotate_left(1);
        let mut a = start.clone();
        for t in &record {
            play(&mut a, t);
        }
        let mut b = start.clone();
        for i in 0..record.len() {
            let t = if i % 2 == 0 { firsts[i / 2] } else { seconds[i / 2] };
            play(&mut b, t);
        }
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(a.hash(), b.hash());
    }

    #[test]
    fn equal_positions_hash_equal(seed in any::<u64>(), plies in 0usize..80) {
        // The same game played twice from clones, and states compared along the way.
        let start = Seega::new(cfg(true));
        let (a, _) = random_game(&start, seed, plies);
        let (b, _) = random_game(&start, seed, plies);
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(a.hash(), b.hash());
        prop_assert_eq!(a.hash(), a.hash_from_scratch());
    }
}

// --- A plain reference implementation --------------------------------------------------------

/// The rules of phase 2 written as plainly as possible (a cell array, no bitboards, no
/// shortcuts), to check the engine's fast move generation against on random games of every
/// size and mode.
#[derive(Clone)]
struct Reference {
    n: i32,
    dirs: Vec<(i32, i32)>,
    /// -1 empty, 0 First, 1 Second; index rank * n + file.
    board: Vec<i8>,
    to_move: i8,
    quiet: u32,
    limit: u32,
    history: Vec<(Vec<i8>, i8)>,
}

impl Reference {
    fn from_engine(g: &Seega) -> Reference {
        let c = g.config();
        let n = i32::from(c.size);
        let mut board = vec![-1i8; (n * n) as usize];
        for (i, cell) in board.iter_mut().enumerate() {
            let name = format!("{}{}", (b'a' + (i as i32 % n) as u8) as char, i as i32 / n + 1);
            if let Some(p) = owner(g, &name) {
                *cell = p.0 as i8;
            }
        }
        let to_move = match g.to_move() {
            ToMove::Player(p) => p.0 as i8,
            _ => panic!("game over"),
        };
        let dirs: Vec<(i32, i32)> = tabla_core::geometry::SQUARE_DIRS
            [..if c.diagonal { 8 } else { 4 }]
            .iter()
            .map(|&(f, r)| (i32::from(f), i32::from(r)))
            .collect();
        Reference {
            n,
            dirs,
            history: vec![(board.clone(), to_move)],
            board,
            to_move,
            quiet: g.quiet_turns(),
            limit: c.quiet,
        }
    }

    fn at(&self, c: i32, d: (i32, i32), k: i32) -> Option<i32> {
        let (f, r) = (c % self.n + d.0 * k, c / self.n + d.1 * k);
        (0..self.n).contains(&f).then_some(())?;
        (0..self.n).contains(&r).then_some(())?;
        Some(r * self.n + f)
    }

    fn name(&self, c: i32) -> String {
        format!("{}{}", (b'a' + (c % self.n) as u8) as char, c / self.n + 1)
    }

    fn count(board: &[i8], p: i8) -> usize {
        board.iter().filter(|&&x| x == p).count()
    }

    /// Moves the stone from `from` to `to` on `board` and removes what it captures.
    fn step(&self, board: &mut [i8], from: i32, to: i32) -> usize {
        let me = board[from as usize];
        board[from as usize] = -1;
        board[to as usize] = me;
        let centre = self.n * self.n / 2;
        let mut caps = 0;
        for &d in &self.dirs {
            if let (Some(m), Some(b)) = (self.at(to, d, 1), self.at(to, d, 2)) {
                if board[m as usize] == 1 - me && m != centre && board[b as usize] == me {
                    board[m as usize] = -1;
                    caps += 1;
                }
            }
        }
        caps
    }

    fn can_step(&self, board: &[i8], p: i8) -> bool {
        (0..self.n * self.n).any(|c| {
            board[c as usize] == p
                && self
                    .dirs
                    .iter()
                    .any(|&d| self.at(c, d, 1).is_some_and(|t| board[t as usize] == -1))
        })
    }

    /// Every turn: (text, board after, captured anything).
    fn turns(&self) -> Vec<(String, Vec<i8>, bool)> {
        let mut out = Vec::new();
        for s in 0..self.n * self.n {
            if self.board[s as usize] != self.to_move {
                continue;
            }
            for &d in &self.dirs {
                let Some(t) = self.at(s, d, 1) else { continue };
                if self.board[t as usize] != -1 {
                    continue;
                }
                let mut b = self.board.clone();
                let caps = self.step(&mut b, s, t);
                let text = format!("{}-{}", self.name(s), self.name(t));
                self.series(&mut out, text, b, t, caps > 0);
            }
        }
        out
    }

    fn series(
        &self,
        out: &mut Vec<(String, Vec<i8>, bool)>,
        text: String,
        b: Vec<i8>,
        at: i32,
        captured: bool,
    ) {
        out.push((text.clone(), b.clone(), captured));
        if !captured || Self::count(&b, 1 - self.to_move) <= 1 {
            return;
        }
        for &d in &self.dirs {
            let Some(u) = self.at(at, d, 1) else { continue };
            if b[u as usize] != -1 {
                continue;
            }
            let mut b2 = b.clone();
            if self.step(&mut b2, at, u) > 0 {
                self.series(out, format!("{text}-{}", self.name(u)), b2, u, true);
            }
        }
    }

    fn ends(&self, board: &[i8], captured: bool, next: i8) -> bool {
        let seen = self.history.iter().filter(|(b, p)| b == board && *p == next).count();
        Self::count(board, next) <= 1 || (!captured && (self.quiet + 1 >= self.limit || seen >= 2))
    }

    fn legal(&self) -> BTreeSet<String> {
        let turns = self.turns();
        if turns.is_empty() {
            return set(&["pass"]);
        }
        let next = 1 - self.to_move;
        let ok: Vec<bool> = turns
            .iter()
            .map(|(_, b, c)| self.ends(b, *c, next) || self.can_step(b, next))
            .collect();
        let any_ok = ok.iter().any(|&x| x);
        if any_ok && ok.iter().any(|&x| !x) {
            BLOCKED_SEEN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        turns.into_iter().zip(ok).filter(|(_, ok)| *ok || !any_ok).map(|(t, _)| t.0).collect()
    }

    /// Plays `text`; returns whether the game ended.
    fn play(&mut self, text: &str) -> bool {
        let mut captured = false;
        if text != "pass" {
            let cells: Vec<i32> = text
                .split('-')
                .map(|c| {
                    let b = c.as_bytes();
                    i32::from(b[1] - b'1') * self.n + i32::from(b[0] - b'a')
                })
                .collect();
            let mut board = self.board.clone();
            for w in cells.windows(2) {
                captured |= self.step(&mut board, w[0], w[1]) > 0;
            }
            self.board = board;
        }
        let next = 1 - self.to_move;
        let over = self.ends(&self.board.clone(), captured, next);
        let seen = self.history.iter().filter(|(b, p)| *b == self.board && *p == next).count();
        if !captured && seen >= 2 && self.history.len() > 64 {
            LONG_REPETITIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        self.to_move = next;
        if captured {
            self.quiet = 0;
            self.history.clear();
        } else {
            self.quiet += 1;
        }
        self.history.push((self.board.clone(), next));
        over
    }
}

/// Random games with little material and a high quiet limit, so that stretches without
/// capture outgrow what a position holds inline, checked against the reference.
#[test]
fn engine_agrees_with_the_reference_on_long_quiet_stretches() {
    let mut rng = SmallRng::seed_from_u64(23);
    for diagonal in BOTH {
        for d in ["O...O/...../...../...../X...X", "O.O.O/...../...../...../X.X.X"] {
            let c = SeegaConfig { quiet: 400, ..cfg(diagonal) };
            for _ in 0..25 {
                let mut g = Seega::from_diagram(c, d, FIRST).unwrap();
                let mut r = Reference::from_engine(&g);
                while g.to_move() != ToMove::Over {
                    let legal_g = legal(&g);
                    assert_eq!(legal_g, r.legal(), "{}", g.position_text());
                    let list: Vec<&String> = legal_g.iter().collect();
                    let m = list[rng.random_range(0..list.len())].clone();
                    play(&mut g, &m);
                    assert_eq!(r.play(&m), g.to_move() == ToMove::Over, "after {m}");
                }
            }
        }
    }
    let long = LONG_REPETITIONS.load(std::sync::atomic::Ordering::Relaxed);
    println!("games ended by a repetition from more than 64 turns back: {long}");
    assert!(long > 0, "the comparison should meet repetitions beyond the inline history");
}

/// Positions where the blocking rule excluded some turn, to see that the comparison covers it.
static BLOCKED_SEEN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Games ended by a repetition of a position more than 64 turns back (beyond what a position
/// holds inline), likewise.
static LONG_REPETITIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

#[test]
fn engine_agrees_with_the_plain_reference() {
    let mut rng = SmallRng::seed_from_u64(17);
    let mut v = Vec::new();
    for size in [5u8, 7, 9] {
        for diagonal in BOTH {
            for (quiet, games) in [(50u32, 20), (4, 20), (400, 4)] {
                let config = SeegaConfig { size, diagonal, quiet, ..SeegaConfig::default() };
                for _ in 0..games {
                    let mut g = Seega::new(config);
                    while !g.is_moving_phase() {
                        g.legal_moves(&mut v);
                        g.play(v[rng.random_range(0..v.len())]);
                    }
                    let mut r = Reference::from_engine(&g);
                    loop {
                        let over = g.to_move() == ToMove::Over;
                        let ctx = format!(
                            "size {size} diagonal {diagonal} quiet {quiet}\n{}",
                            g.render_text()
                        );
                        if over {
                            break;
                        }
                        let legal_g = legal(&g);
                        assert_eq!(legal_g, r.legal(), "{ctx}");
                        let list: Vec<&String> = legal_g.iter().collect();
                        let m = list[rng.random_range(0..list.len())].clone();
                        play(&mut g, &m);
                        let r_over = r.play(&m);
                        assert_eq!(r_over, g.to_move() == ToMove::Over, "{ctx} after {m}");
                    }
                }
            }
        }
    }
    let blocked = BLOCKED_SEEN.load(std::sync::atomic::Ordering::Relaxed);
    println!("positions where the blocking rule excluded turns: {blocked}");
    assert!(blocked > 0, "the comparison should meet the blocking rule");
}

// --- Speed (measurements, not tests) ---------------------------------------------------------

/// Seconds of CPU this thread has used (Linux; wall-clock elsewhere), so that a busy, shared
/// machine still gives comparable figures.
fn thread_cpu_seconds(wall: std::time::Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(|| wall.elapsed().as_secs_f64(), |ns| ns / 1e9)
}

/// Random playouts and copy-make (a copy of each position of a game, then a move played on
/// it), per CPU second: `cargo test --release -p tabla-games --test seega -- --ignored
/// --nocapture speed`.
#[test]
#[ignore = "a measurement: run with --release --ignored --nocapture"]
fn speed() {
    for words in [&[][..], &["size=9"][..]] {
        let start = new(words);
        let mut rng = SmallRng::seed_from_u64(1);
        let mut buf = Vec::new();
        let wall = std::time::Instant::now();
        let t0 = thread_cpu_seconds(wall);
        let (mut moves, mut games) = (0u64, 0u64);
        while thread_cpu_seconds(wall) - t0 < 3.0 {
            let mut g = start.clone();
            while g.to_move() != ToMove::Over {
                let m = g.random_move(&mut rng, &mut buf);
                g.play(m);
                moves += 1;
            }
            games += 1;
        }
        let s = thread_cpu_seconds(wall) - t0;
        println!(
            "{words:?}: playouts {:.0} moves/s, {:.0} games/s",
            moves as f64 / s,
            games as f64 / s
        );
        // Copy-make over the positions of a few games (phase 2 mostly: placing is short).
        let mut positions = Vec::new();
        for _ in 0..20 {
            let mut g = start.clone();
            while g.to_move() != ToMove::Over {
                let m = g.random_move(&mut rng, &mut buf);
                positions.push((g.clone(), m));
                g.play(m);
            }
        }
        let t0 = thread_cpu_seconds(wall);
        let mut n = 0u64;
        let mut sink = 0u64;
        while thread_cpu_seconds(wall) - t0 < 3.0 {
            for (g, m) in &positions {
                let mut c = g.clone();
                c.play(*m);
                sink = sink.wrapping_add(c.hash());
                n += 1;
            }
        }
        let s = thread_cpu_seconds(wall) - t0;
        println!("{words:?}: copy-make {:.0} per s ({sink:x})", n as f64 / s);
    }
}

/// Phase 2's sampler draws without listing when no step captures and none can block; it
/// must then draw exactly what picking from the legal list draws with the same generator
/// (which is also what it does when it does list).
#[test]
fn sampling_without_a_list_draws_as_the_list_does() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use tabla_core::{Game, ToMove};
    let tabla_games::AnyGame::Seega(start) = tabla_games::new_game("seega", &[]).unwrap() else {
        unreachable!("seega is a Seega")
    };
    let (mut checked, mut buf, mut legal) = (0, Vec::new(), Vec::new());
    for seed in 0..200 {
        let mut g = start.clone();
        let mut rng = SmallRng::seed_from_u64(seed);
        while g.to_move() != ToMove::Over {
            let mut same = rng.clone();
            let drawn = g.random_move(&mut rng, &mut buf);
            if g.is_moving_phase() {
                g.legal_moves(&mut legal);
                assert_eq!(drawn, legal[same.random_range(0..legal.len())], "{g:?}");
                checked += 1;
            }
            g.play(drawn);
        }
    }
    assert!(checked > 1000, "{checked} positions of phase 2");
}
