//! Amazons: every rule and option of `rules/amazons.md`, the board view, click paths and
//! position text, property tests. (The perft figures of `fixtures/amazons.perft` are checked
//! by `tests/perft.rs`.)

use proptest::prelude::*;
use std::collections::BTreeSet;
use tabla_core::conformance::check_random_games;
use tabla_core::{play_record, BoardShape, DynGame, Game, GameOptions, Piece, Shape, ToMove};
use tabla_games::amazons::{Amazons, OPTIONS};

fn opts(words: &str) -> Vec<String> {
    words.split_whitespace().map(str::to_string).collect()
}

fn game(words: &str) -> Amazons {
    let o = GameOptions::parse(OPTIONS, &opts(words)).unwrap_or_else(|e| panic!("{words}: {e}"));
    Amazons::from_options(&o).unwrap_or_else(|e| panic!("{words}: {e}"))
}

fn option_error(words: &str) -> String {
    match tabla_games::new_game("amazons", &opts(words)) {
        Ok(_) => panic!("{words} should be refused"),
        Err(e) => e.0,
    }
}

/// The position after `record`, through the same path as the command line.
fn after(words: &str, record: &str) -> tabla_games::AnyGame {
    let mut g = tabla_games::new_game("amazons", &opts(words)).unwrap();
    play_record(g.as_mut(), record, |_| {}).unwrap_or_else(|e| panic!("{record}: {e}"));
    g
}

fn legal(g: &dyn DynGame) -> BTreeSet<String> {
    g.legal().into_iter().collect()
}

fn to_move(g: &dyn DynGame) -> Option<&'static str> {
    match g.to_move() {
        ToMove::Player(p) => Some(g.player_names()[p.index()]),
        _ => None,
    }
}

/// The cells holding queens of `who`, from the position's board view.
fn queens_of(g: &dyn DynGame, who: &str) -> BTreeSet<String> {
    g.view()
        .cells
        .iter()
        .filter(|c| matches!(c.stack[..], [Piece { owner: Some(o), kind: "queen" }] if o == who))
        .map(|c| c.id.clone())
        .collect()
}

/// A set of cell names from `"a1 b2 ..."`.
fn cells(names: &str) -> BTreeSet<String> {
    names.split_whitespace().map(String::from).collect()
}

fn winners(g: &dyn DynGame) -> Vec<&'static str> {
    let names = g.player_names();
    g.outcome().expect("game over").winners.iter().map(|p| names[p.index()]).collect()
}

// ---- Default game ---------------------------------------------------------------------

#[test]
fn default_setup_and_players() {
    let g = after("", "");
    assert_eq!(g.player_names(), ["white", "black"]);
    assert_eq!(to_move(g.as_ref()), Some("white"));
    assert_eq!(queens_of(g.as_ref(), "white"), cells("a2 b1 e1 f2"));
    assert_eq!(queens_of(g.as_ref(), "black"), cells("a5 b6 e6 f5"));
}

#[test]
fn every_setup_of_the_table() {
    for (size, white, black) in [
        (8, "a3 c1 f1 h3", "a6 c8 f8 h6"),
        (10, "a4 d1 g1 j4", "a7 d10 g10 j7"),
        (12, "a5 e1 h1 l5", "a8 e12 h12 l8"),
        (16, "a6 f1 k1 p6", "a11 f16 k16 p11"),
    ] {
        let g = after(&format!("size={size}"), "");
        assert_eq!(queens_of(g.as_ref(), "white"), cells(white), "size {size}");
        assert_eq!(queens_of(g.as_ref(), "black"), cells(black), "size {size}");
    }
}

#[test]
fn queen_moves_like_a_chess_queen_and_is_blocked() {
    // a3 queen of white, stone on b2, black queen on c3: a3 reaches a2 a1 b3 only.
    let g = after("layout=1.2/.#./...", "");
    let dests: BTreeSet<String> = legal(g.as_ref()).iter().map(|m| m[3..5].to_string()).collect();
    assert_eq!(dests, ["a1", "a2", "b3"].into_iter().map(String::from).collect());
}

#[test]
fn the_stone_may_land_on_the_cell_just_left() {
    let g = after("", "");
    let l = legal(g.as_ref());
    assert!(l.contains("b1-c1/b1"));
    assert!(l.contains("b1-c1/a1"), "shooting through the vacated cell");
    assert!(!l.contains("b1-c1/c1"), "not on the queen itself");
}

#[test]
fn stones_stay_and_block() {
    let g = after("", "b1-b4/e4");
    let l = legal(g.as_ref());
    assert!(!l.iter().any(|m| m.starts_with("e6-e4") || m.starts_with("e6-e3")));
    assert!(l.iter().any(|m| m.starts_with("e6-e5")));
}

#[test]
fn a_player_without_a_turn_loses() {
    // White's only queen is walled in: black to move first is not needed, white moves first
    // and has no turn, so black wins at once.
    let g = after("layout=1#./##./..2", "");
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(winners(g.as_ref()), ["black"]);
    let why = g.end_reason().expect("an ended game says why");
    assert_eq!((why.key, why.text.as_str()), ("amazons.no-turn", "white has no legal turn"));
    // Walled in after black's move: white a3, stones b3 a2, b2 empty; black shoots into b2.
    let g = after("layout=1#2/#../... turn=2", "c3-c2/b2");
    assert_eq!(winners(g.as_ref()), ["black"]);
    assert_eq!(g.end_reason().unwrap().args["player"], "white");
}

#[test]
fn turn_option_sets_who_starts() {
    assert_eq!(to_move(after("turn=2", "").as_ref()), Some("black"));
    assert!(option_error("turn=3").contains("1 to 2"));
}

// ---- Notation -------------------------------------------------------------------------

#[test]
fn notation_reads_friendly_spellings_and_explains_errors() {
    let mut g = after("", "");
    assert_eq!(g.play_text("B1-B4/E4").unwrap(), "b1-b4/e4");
    let before = g.legal();
    for (bad, why) in [
        ("b1b4e4", "expected from-to/stone"),
        ("z9-b4/e4", "not a cell"),
        ("b2-b4/e4", "no queen of black on b2"),
        ("a5-a1/a2", "cannot reach a1"),
        ("a5-a4/a5x", "not a cell"),
        ("a5-a4/c4", "cannot be shot"),
        ("Q@c3", "no queen left to place"),
    ] {
        let e = g.play_text(bad).unwrap_err().to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
    assert_eq!(g.legal(), before, "a refused move leaves the game unchanged");
}

// ---- Killer ---------------------------------------------------------------------------

#[test]
fn killer_captures_enemy_queens_only_at_the_end_of_a_move() {
    let g = after("layout=1../.../..2 killer=on", "");
    let l = legal(g.as_ref());
    assert!(l.contains("a3xc1/a3"), "capture written with x, stone may go back");
    assert!(!after("layout=1../.../..2", "").legal().iter().any(|m| m.contains('x')));
    // Cannot pass over the enemy queen: a3 to the far side of c1 does not exist on 3x3, so
    // use a row: 1.2. : white a1... layout 4 wide.
    let g = after("layout=12../..../..../.... killer=on", "");
    assert!(legal(g.as_ref()).iter().any(|m| m.starts_with("a4xb4")));
    assert!(!legal(g.as_ref()).iter().any(|m| m.starts_with("a4-c4") || m.starts_with("a4xc4")));
    // After the capture the captured queen is gone: black has none and loses at once.
    let mut g = after("layout=12../..../..../.... killer=on", "");
    g.play_text("a4xb4/c4").unwrap();
    assert_eq!(winners(g.as_ref()), ["white"]);
}

#[test]
fn killer_spares_partners() {
    // 4 players in teams: 1 and 3 are partners.
    let g = after("players=4 teams=on killer=on layout=13../..../.2../...4 queens=1", "");
    let l = legal(g.as_ref());
    assert!(!l.iter().any(|m| m.starts_with("a4xb4")), "partner not capturable");
    assert!(l.iter().any(|m| m.starts_with("a4xd1")), "enemy capturable: {l:?}");
    assert!(!l.iter().any(|m| m.starts_with("a4xb2")), "b2 is not on a line from a4");
}

// ---- Placement ------------------------------------------------------------------------

#[test]
fn alternate_placement_places_all_queens_first() {
    let mut g = after("placement=alternate", "");
    assert_eq!(g.legal().len(), 36);
    let places = ["a1", "f6", "b1", "e6", "c1", "d6", "a6"];
    for c in places {
        g.play_text(&format!("Q@{c}")).unwrap();
    }
    // Black still has a queen in hand and must place it.
    assert!(g.legal().iter().all(|m| m.starts_with("Q@")));
    g.play_text("Q@f1").unwrap();
    assert!(g.legal().iter().all(|m| !m.starts_with("Q@")));
}

#[test]
fn free_placement_first_turn_places_then_either() {
    let mut g = after("placement=free killer=on", "");
    assert!(g.legal().iter().all(|m| m.starts_with("Q@")));
    g.play_text("Q@c3").unwrap();
    g.play_text("Q@d5").unwrap();
    let l = g.legal();
    assert!(l.iter().any(|m| m.starts_with("Q@")) && l.iter().any(|m| m.starts_with("c3-")));
    // A placement is a whole turn: no stone.
    assert!(g.play_text("Q@a1/a2").is_err());
}

#[test]
fn queens_option_changes_the_count_and_forces_placement() {
    let g = after("queens=2", "");
    assert_eq!(g.legal().len(), 36);
    let mut g = g;
    for c in ["a1", "a2", "a3", "a4"] {
        g.play_text(&format!("Q@{c}")).unwrap();
    }
    assert!(g.legal().iter().all(|m| !m.starts_with("Q@")));
    // The set-up's own count keeps the set-up.
    assert_eq!(after("queens=4", "").legal().len(), after("", "").legal().len());
    assert!(option_error("queens=5").contains("1 to 4"));
}

// ---- Boards ---------------------------------------------------------------------------

#[test]
fn odd_sizes_lose_the_centre() {
    let g = after("size=7", "");
    assert_eq!(g.legal().len(), 48);
    assert!(!g.legal().contains(&"Q@d4".to_string()));
    assert!(option_error("size=7 holes=d4").contains("not a cell"));
}

#[test]
fn holes_are_not_part_of_the_board() {
    let g = after("holes=c1,d1", "");
    let l = legal(g.as_ref());
    assert!(!l.iter().any(|m| m.contains("c1") || m.contains("d1")));
    assert!(!l.iter().any(|m| m.starts_with("b1-e1") || m.starts_with("e1-b1")), "no passing over");
    assert!(option_error("holes=a2").contains("holds a queen"));
    assert!(option_error("holes=z9").contains("not a cell"));
}

#[test]
fn layout_gives_any_shape_and_is_checked() {
    // A ragged edge: the '-' cells do not exist and block.
    let g = after("layout=1.-./..../---2", "");
    let l = legal(g.as_ref());
    assert!(!l.iter().any(|m| m.contains("c3")), "{l:?}");
    assert!(option_error("layout=1../..").contains("equal"));
    assert!(option_error("layout=1.3/...").contains("players=2"));
    assert!(option_error("layout=1x./...").contains("expected"));
    assert!(option_error("layout=11./..2 queens=1").contains("more than queens=1"));
    // Found by fuzzing: a layout drawing five queens for one player once panicked.
    assert!(option_error("layout=11111/....2").contains("at most 4 each"));
    assert!(option_error("layout=1../..2 board=hex").contains("square"));
    // A layout without queens starts with placement.
    assert!(after("layout=.../.#./...", "").legal().iter().all(|m| m.starts_with("Q@")));
    // A layout with queens and queens=N places the rest.
    let g = after("layout=1../..2/... queens=2", "");
    assert_eq!(g.legal().len(), 7);
}

#[test]
fn hex_board_setups_and_lines() {
    let g = after("board=hex", "");
    assert_eq!(g.view().cells.len(), 61);
    assert_eq!(queens_of(g.as_ref(), "white"), cells("e2 h5 b5"));
    assert_eq!(queens_of(g.as_ref(), "black"), cells("h2 e8 b2"));
    let g = after("board=hex players=3", "");
    assert_eq!(queens_of(g.as_ref(), "p1"), cells("e2 e8"));
    assert_eq!(queens_of(g.as_ref(), "p2"), cells("h2 b5"));
    assert_eq!(queens_of(g.as_ref(), "p3"), cells("h5 b2"));
    assert_eq!(after("board=hex side=7", "").view().cells.len(), 127);
    assert!(option_error("side=5").contains("board=hex"));
}

#[test]
fn hex_diagonals_add_six_corner_directions() {
    // One queen each on a side-3 hexagon: white c3 (the centre), black a1 (a corner).
    let dests = |extra: &str| -> usize {
        let g = after(&format!("board=hex side=3 queens=1 {extra}"), "Q@c3 Q@a1");
        legal(g.as_ref()).iter().map(|m| m[3..5].to_string()).collect::<BTreeSet<_>>().len()
    };
    // 6 lines of 2 cells from the centre, but a1 stops the down-left line after b2: 11.
    assert_eq!(dests(""), 11);
    // Corner directions add one cell each (the next corner step leaves the board): 17.
    assert_eq!(dests("hex_diagonals=on"), 17);
}

#[test]
fn corner_steps_are_not_blocked_by_the_cells_beside_them() {
    // Holes around the centre's up and up-right neighbours do not block the step between.
    // The corner step c3 -> d4 passes between c4 (up) and d3 (up-right).
    let g = after("board=hex side=3 queens=1 hex_diagonals=on holes=c4,d3", "Q@c3 Q@a1");
    assert!(legal(g.as_ref()).iter().any(|m| m.starts_with("c3-d4")), "{:?}", g.legal());
    let g = after("board=hex side=3 queens=1 holes=c4,d3", "Q@c3 Q@a1");
    assert!(!legal(g.as_ref()).iter().any(|m| m.starts_with("c3-d4")));
}

// ---- More players and teams ---------------------------------------------------------

#[test]
fn three_players_go_out_and_are_ranked() {
    // p1 (a4) is walled in from the start and goes out on its first turn.
    let mut g =
        tabla_games::new_game("amazons", &opts("players=3 layout=1#../##../...#/.2.3")).unwrap();
    assert_eq!(g.player_names(), ["p1", "p2", "p3"]);
    assert_eq!(to_move(g.as_ref()), Some("p2"), "p1 is out and skipped");
    assert!(g.outcome().is_none());
    // p2 walls in p3 (d1: c1 queen, c2 stone, d2 stone): p3 goes out, p2 is left and wins.
    g.play_text("b1-c1/c2").unwrap();
    let o = g.outcome().expect("one player left");
    assert_eq!(winners(g.as_ref()), ["p2"]);
    assert_eq!(&o.rank[..3], &[2, 0, 1], "later out ranks better");
    let why = g.end_reason().expect("an ended game says why");
    assert_eq!((why.key, why.text.as_str()), ("amazons.alone", "no other player has a turn"));
}

#[test]
fn four_player_setup_and_teams() {
    let g = after("size=10 players=4", "");
    assert_eq!(g.player_names(), ["p1", "p2", "p3", "p4"]);
    assert_eq!(queens_of(g.as_ref(), "p1"), cells("d1 g1"));
    assert_eq!(queens_of(g.as_ref(), "p2"), cells("j4 j7"));
    assert_eq!(queens_of(g.as_ref(), "p3"), cells("d10 g10"));
    assert_eq!(queens_of(g.as_ref(), "p4"), cells("a4 a7"));
    assert!(option_error("teams=on").contains("players=4"));
    assert!(option_error("teams=on players=3").contains("players=4"));
}

#[test]
fn team_wins_when_the_other_team_is_out() {
    // p1 a3 moves to b2 and shoots b3: p2 (c1), p3 (c3) and p4 (a1) are all walled in.
    // p3 goes out too, but its team wins when p2 and p4 are out: partners share the win.
    let mut g = after("players=4 teams=on layout=1.3/#.#/4#2", "");
    assert!(g.outcome().is_none());
    assert_eq!(g.end_reason(), None);
    g.play_text("a3-b2/b3").unwrap();
    let w = winners(g.as_ref());
    assert_eq!(w, ["p1", "p3"]);
    assert_eq!(g.end_reason().unwrap().key, "amazons.team");
}

// ---- Board view ---------------------------------------------------------------------

fn cell<'a>(v: &'a tabla_core::BoardView, id: &str) -> &'a tabla_core::CellView {
    v.cells.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("no cell {id}"))
}

fn has_label(v: &tabla_core::BoardView, text: &str, x: f64, y: f64) -> bool {
    v.labels.iter().any(|l| l.text == text && (l.x - x).abs() < 1e-9 && (l.y - y).abs() < 1e-9)
}

#[test]
fn square_view_draws_cells_pieces_and_labels() {
    let g = after("", "b1-b4/e4");
    let v = g.view();
    assert_eq!(v.board, BoardShape::Square { width: 6, height: 6 });
    assert_eq!(v.cells.len(), 36);
    assert!(v.points.is_empty());
    let b4 = cell(&v, "b4");
    assert_eq!((b4.x, b4.y), (1.0, 3.0), "x is the file, y the rank, y up");
    assert_eq!(b4.stack, [Piece { owner: Some("white"), kind: "queen" }]);
    assert_eq!(cell(&v, "e4").stack, [Piece { owner: None, kind: "stone" }]);
    assert!(cell(&v, "b1").stack.is_empty());
    // Every file and rank is labelled: letters below, numbers on the left.
    for (i, f) in "abcdef".chars().enumerate() {
        assert!(has_label(&v, &f.to_string(), i as f64, -1.0), "file {f}");
        assert!(has_label(&v, &(i + 1).to_string(), -1.0, i as f64), "rank {}", i + 1);
    }
    assert_eq!(v.labels.len(), 12);
    // Two players: queens on the board only (no placement, nobody can be out mid-game).
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(
        json["players"],
        serde_json::json!([{"name": "white", "queens": 4},
                                                  {"name": "black", "queens": 4}])
    );
    assert_eq!(
        json["cells"][cell_index(&v, "e4")]["stack"],
        serde_json::json!([{"owner": null, "kind": "stone"}])
    );
}

fn cell_index(v: &tabla_core::BoardView, id: &str) -> usize {
    v.cells.iter().position(|c| c.id == id).unwrap()
}

#[test]
fn holes_the_centre_and_layout_gaps_are_not_cells() {
    let v = after("size=7 holes=a1", "").view();
    assert_eq!(v.cells.len(), 47);
    assert!(!v.cells.iter().any(|c| c.id == "d4" || c.id == "a1"));
    assert_eq!(v.labels.len(), 14, "labels for every file and rank, holes or not");
    let v = after("layout=1.-./..../---2", "").view();
    assert_eq!(v.board, BoardShape::Square { width: 4, height: 3 });
    assert_eq!(v.cells.len(), 8);
    assert_eq!((cell(&v, "d1").x, cell(&v, "d1").y), (3.0, 0.0));
}

#[test]
fn hex_view_puts_neighbours_one_unit_apart() {
    for words in ["board=hex", "board=hex side=3", "board=hex side=4 holes=d4"] {
        let g = game(words);
        let v = Game::view(&g);
        let Shape::Hex { side } = g.config().geo.shape() else { unreachable!() };
        assert_eq!(v.board, BoardShape::Hex { side: u32::from(side), orientation: "flat" });
        let geo = &g.config().geo;
        let at = |c| {
            let cv = cell(&v, &geo.name(c));
            (cv.x, cv.y)
        };
        for a in geo.cells() {
            for b in geo.cells() {
                let ((x1, y1), (x2, y2)) = (at(a), at(b));
                let d = ((x1 - x2).powi(2) + (y1 - y2).powi(2)).sqrt();
                let neighbours = (0..6).any(|k| geo.neighbour(a, k) == Some(b));
                if a != b {
                    assert_eq!((d - 1.0).abs() < 1e-9, neighbours, "[{words}] {a:?} {b:?} {d}");
                    assert!(d > 1.0 - 1e-9, "[{words}] overlapping cells");
                }
            }
        }
        // Labels: every file and every rank, never on a cell.
        let files = 2 * usize::from(side) - 1;
        assert_eq!(v.labels.len(), 2 * files, "[{words}]");
        for l in &v.labels {
            assert!(
                v.cells.iter().all(|c| (c.x - l.x).powi(2) + (c.y - l.y).powi(2) > 0.9),
                "[{words}] label {} on a cell",
                l.text
            );
        }
    }
    // Side 5: a1 is the bottom of file a; its rank label 1 is one step up-left of it, its
    // file label one step below. e1 is the bottom corner.
    let v = Game::view(&game("board=hex"));
    let (a1, e1) = (cell(&v, "a1"), cell(&v, "e1"));
    assert!((a1.y - 2.0).abs() < 1e-9 && a1.x == 0.0 && e1.y == 0.0);
    assert!(has_label(&v, "a", 0.0, 1.0));
    assert!(has_label(&v, "1", -0.866_025_403_784_438_6, 2.5));
    // Rank 9 exists only in file e (e9): its label is up-left of e9.
    let e9 = cell(&v, "e9");
    assert!(has_label(&v, "9", e9.x - 0.866_025_403_784_438_6, e9.y + 0.5));
}

#[test]
fn player_counts_in_the_view() {
    // Placement: queens in hand are shown.
    let json =
        |g: &tabla_games::AnyGame| serde_json::to_value(g.view()).unwrap()["players"].clone();
    let g = after("placement=free", "Q@c3");
    assert_eq!(
        json(&g),
        serde_json::json!([{"name": "white", "queens": 1, "in_hand": 3},
                                            {"name": "black", "queens": 0, "in_hand": 4}])
    );
    // Three players: who is out.
    let g = after("players=3 layout=1#../##../...#/.2.3", "");
    assert_eq!(json(&g)[0], serde_json::json!({"name": "p1", "queens": 1, "out": 1}));
    assert_eq!(json(&g)[1], serde_json::json!({"name": "p2", "queens": 1, "out": 0}));
    // Teams: 1+3 are team 1, 2+4 team 2.
    let g = after("size=10 players=4 teams=on", "");
    let teams: Vec<_> = json(&g).as_array().unwrap().iter().map(|p| p["team"].clone()).collect();
    assert_eq!(teams, [1, 2, 1, 2]);
    assert_eq!(json(&g)[3]["queens"], 2);
}

// ---- Click paths and touched cells --------------------------------------------------

fn paths_of(g: &dyn DynGame, mv: &str) -> Vec<Vec<String>> {
    g.paths().into_iter().find(|(m, _)| m == mv).unwrap_or_else(|| panic!("{mv} not legal")).1
}

fn ids(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn click_paths_are_queen_target_stone_or_one_cell() {
    let g = after("", "");
    assert_eq!(paths_of(g.as_ref(), "b1-b4/e4"), [ids(&["b1", "b4", "e4"])]);
    assert_eq!(paths_of(g.as_ref(), "b1-c1/b1"), [ids(&["b1", "c1", "b1"])]);
    let g = after("layout=12../..../..../.... killer=on", "");
    assert_eq!(paths_of(g.as_ref(), "a4xb4/c4"), [ids(&["a4", "b4", "c4"])]);
    let g = after("placement=free killer=on", "Q@c3 Q@d5");
    assert_eq!(paths_of(g.as_ref(), "Q@a1"), [ids(&["a1"])]);
    assert_eq!(paths_of(g.as_ref(), "c3-c2/c3"), [ids(&["c3", "c2", "c3"])]);
    assert_eq!(g.paths().len(), g.legal().len());
}

#[test]
fn touched_cells_are_from_to_and_stone() {
    let mut g = after("", "");
    assert_eq!(g.play_text_touched("b1-b4/e4").unwrap().touched, ids(&["b1", "b4", "e4"]));
    assert_eq!(g.play_text_touched("e6-e5/e6").unwrap().touched, ids(&["e6", "e5"]));
    let mut g = after("layout=12../..../..../.... killer=on", "");
    // The captured queen stood on the target.
    assert_eq!(g.play_text_touched("a4xb4/c4").unwrap().touched, ids(&["a4", "b4", "c4"]));
    let mut g = after("placement=alternate", "");
    assert_eq!(g.play_text_touched("Q@c3").unwrap().touched, ids(&["c3"]));
}

// ---- Position text ------------------------------------------------------------------

#[test]
fn position_text_of_the_set_ups() {
    assert_eq!(after("", "").position_text(), ".2..2./2....2/....../....../1....1/.1..1. 1");
    assert_eq!(
        after("", "b1-b4/e4").position_text(),
        ".2..2./2....2/.1..#./....../1....1/....1. 2"
    );
    // Hex: one group per file, a first, each from rank 1 up.
    assert_eq!(
        after("board=hex", "").position_text(),
        "...../.2..1./......./......../.1.....2./......../......./.2..1./..... 1"
    );
    // Holes are '-', as in a layout; the board part is a layout.
    let text = after("size=5 holes=a1 turn=2", "").position_text();
    assert_eq!(text, "...../...../..-../...../-.... 2 hand:4,4");
    let board = text.split(' ').next().unwrap();
    let g = after(&format!("layout={board} queens=4"), "");
    assert_eq!(g.position_text(), "...../...../..-../...../-.... 1 hand:4,4");
}

#[test]
fn position_text_keeps_hand_played_and_out() {
    let g = after("placement=free killer=on", "Q@c3 Q@d5 c3-c2/c3");
    assert_eq!(g.position_text(), "....../...2../....../..#.../..1.../...... 2 hand:3,3 played:12");
    let g = after("players=3 layout=1#../##../...#/.2.3", "");
    assert!(g.position_text().ends_with(" 2 out:1"), "{}", g.position_text());
    let mut g = g;
    g.play_text("b1-c1/c2").unwrap();
    let text = g.position_text();
    assert!(text.ends_with(" out:13"), "out in the order they went out: {text}");
    let back = g.read_position(&text).unwrap();
    assert_eq!(back.outcome(), g.outcome(), "ranks come back from the order");
    assert_eq!(back.position_text(), text);
}

#[test]
fn position_text_reads_back_and_sets_up_positions() {
    let mut g = after("size=8 killer=on", "");
    for mv in ["c1-c6/f3", "c8xc6/c8"] {
        g.play_text(mv).unwrap();
        let back = g.read_position(&g.position_text()).unwrap();
        assert_eq!(back, g);
        assert_eq!(back.hash(), g.hash());
    }
    // A position typed in: White's queen a1 walled in by stones; Black to move.
    let g = after("layout=..../..../..../....", "");
    let p = g.read_position("...2/..../##../1#.. 2").unwrap();
    assert_eq!(to_move(p.as_ref()), Some("black"));
    let p = g.read_position("...2/..../##../1#.. 1").unwrap();
    assert_eq!(winners(p.as_ref()), ["black"], "the side to move without a turn loses");
    assert_eq!(p.position_text(), "...2/..../##../1#.. 1 out:1");
}

#[test]
fn position_text_errors_say_what_was_expected() {
    let g = after("size=5 holes=a1", "");
    for (text, why) in [
        ("", "expected the board"),
        ("...../...../..-../...../-....", "expected the board"),
        ("...../...../..-../-.... 1", "4 lines, expected 5"),
        ("...../...../..-../...../-... 1", "has 4 cells, expected 5"),
        ("...../...../...../...../-.... 1", "c3 is not a cell under these options"),
        ("-..../...../..-../...../-.... 1", "'-' on a5, a cell under these options"),
        ("...../...../..-../...../..... 1", "a1 is not a cell"),
        ("...../...../..-../...../-...x 1", "'x' on e1"),
        ("...../...../..-../...3./-.... 1", "'3' on d2"),
        ("11111/...../..-../...../-.... 1", "more than 4 queens"),
        ("...../...../..-../...../-.... 3", "the player to move: expected a player number 1-2"),
        ("...../...../..-../...../-.... w", "got 'w'"),
        ("...../...../..-../...../-.... 1 hand:4", "expected 2 counts"),
        ("1..../...../..-../...../-.... 1 hand:4,4", "0 to 3 queens in hand; got '4'"),
        ("...../...../..-../...../-.... 1 hand:1,1 hand:1,1", "given twice"),
        ("...../...../..-../...../-.... 1 played:1", "only free placement"),
        ("...../...../..-../...../-.... 1 out:11", "named twice"),
        ("...../...../..-../...../-.... 1 out:12", "everybody is out"),
        ("...../...../..-../...../-.... 1 ply:3", "unknown field 'ply:'"),
        ("...../...../..-../...../-.... 1 x", "'x' is not a field"),
    ] {
        let e = g.read_position(text).map(|_| ()).unwrap_err().to_string();
        assert!(e.contains(why), "[{text}]: {e}");
    }
}

// ---- Conformance and properties -------------------------------------------------------

const VARIANTS: &[&str] = &[
    "",
    "size=8",
    "size=5",
    "size=4 killer=on",
    "killer=on placement=free",
    "placement=alternate queens=2",
    "board=hex side=4",
    "board=hex side=4 hex_diagonals=on",
    "board=hex players=3 killer=on",
    "board=hex side=4 players=4",
    "players=3",
    "size=10 players=4 queens=1",
    "players=4 teams=on size=6 killer=on",
    "size=8 holes=d4,e5",
    "size=12 killer=on",
    "layout=..1.../#....-/--...2/...... turn=2",
];

#[test]
fn conformance_of_every_variant() {
    for (i, v) in VARIANTS.iter().enumerate() {
        check_random_games(&game(v), 6, i as u64, 2000);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random games of random variants end and never panic; the legal list has no duplicates
    /// and every move reads back (the conformance checks, on proptest's seeds).
    #[test]
    fn random_games_end(variant in 0..VARIANTS.len(), seed in any::<u64>()) {
        check_random_games(&game(VARIANTS[variant]), 1, seed, 2000);
    }

    /// Two moves of each player played in either order reach an equal position with an equal
    /// hash.
    #[test]
    fn transpositions_hash_equal(a in any::<usize>(), b in any::<usize>(), c in any::<usize>(), d in any::<usize>()) {
        let start = game("size=8");
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        let (w1, w2) = (moves[a % moves.len()], moves[b % moves.len()]);
        let mut x = start.clone();
        x.play(w1);
        x.legal_moves(&mut moves);
        let b1 = moves[c % moves.len()];
        let mut y = x.clone();
        y.play(b1);
        // Second white move must be legal in both orders; skip when it is not.
        let mut wl = Vec::new();
        y.legal_moves(&mut wl);
        prop_assume!(wl.contains(&w2) && w2 != w1);
        y.play(w2);
        y.legal_moves(&mut moves);
        let b2 = moves[d % moves.len()];
        y.play(b2);
        // Other order: w2, b2, w1, b1.
        let mut z = start.clone();
        z.play(w2);
        z.legal_moves(&mut moves);
        prop_assume!(moves.contains(&b2));
        z.play(b2);
        z.legal_moves(&mut moves);
        prop_assume!(moves.contains(&w1));
        z.play(w1);
        z.legal_moves(&mut moves);
        prop_assume!(moves.contains(&b1));
        z.play(b1);
        prop_assert_eq!(&y, &z);
        prop_assert_eq!(Game::hash(&y), Game::hash(&z));
    }
}

/// The random-move sampler (rejection, then weighing) draws every legal turn equally often:
/// each of N turns is drawn about 1000 times in 1000·N draws (a fixed seed, and bounds six
/// standard deviations wide, so the test does not flake but catches any bias).
#[test]
fn random_moves_are_uniform_over_whole_turns() {
    use tabla_core::rand::{rngs::SmallRng, SeedableRng};
    let walled = format!("layout=1...2.......{}", "/############".repeat(10));
    for words in [
        "layout=1../.../..2",
        "layout=1../.../..2 killer=on",
        "layout=1.../..../..../...2",
        "",
        // Over 128 cells, the path that walks rays cell by cell: 12 x 11 cells, nearly all
        // stones, white a11 and black e11 in the one open row.
        walled.as_str(),
        "size=12 queens=1 placement=alternate",
    ] {
        let g = game(words);
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        let mut counts = std::collections::HashMap::new();
        let mut rng = SmallRng::seed_from_u64(11);
        let mut buf = Vec::new();
        let per = if legal.len() > 200 { 100 } else { 1000 };
        for _ in 0..per * legal.len() {
            *counts.entry(g.random_move(&mut rng, &mut buf)).or_insert(0u32) += 1;
        }
        let sd = (per as f64).sqrt();
        for m in &legal {
            let n = f64::from(counts.get(m).copied().unwrap_or(0));
            assert!(
                (n - per as f64).abs() < 6.0 * sd,
                "[{words}] {}: {n} of {per}",
                g.format_move(*m)
            );
        }
        assert_eq!(counts.len(), legal.len(), "[{words}] only legal turns");
    }
}

/// The stepwise sampler draws each turn with OpenSpiel's chances: a queen that can move,
/// one of its destinations, one of its stone's cells, each uniformly. Checked against the
/// exact chances (from the legal turns) by a chi-square bound and per-turn bounds six
/// standard deviations wide, on openings and on positions reached by random play.
#[test]
fn stepwise_moves_have_the_stepwise_chances() {
    use std::collections::{HashMap, HashSet};
    use tabla_core::rand::{rngs::SmallRng, SeedableRng};
    use tabla_core::Cell;
    use tabla_games::amazons::{Move, Sampler};
    for (words, plies) in [
        ("size=10", 0),
        ("size=10", 24),
        ("size=10", 40),
        ("size=6", 6),
        ("layout=1#..1/##.../...../...../2...2", 0),
        ("board=hex side=4", 8),
        ("board=hex side=4 hex_diagonals=on", 4),
    ] {
        let mut g = game(words);
        let mut rng = SmallRng::seed_from_u64(plies as u64 + 3);
        let mut buf = Vec::new();
        for _ in 0..plies {
            let mut next = g.clone();
            next.play(g.random_move(&mut rng, &mut buf));
            if Game::to_move(&next) == ToMove::Over {
                break;
            }
            g = next;
        }
        g.set_sampler(Sampler::Stepwise);
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        let mut dests: HashMap<Cell, HashSet<Cell>> = HashMap::new();
        let mut shots: HashMap<(Cell, Cell), u32> = HashMap::new();
        for m in &legal {
            let Move::Shot { from, to, .. } = *m else { panic!("[{words}] a placement") };
            dests.entry(from).or_default().insert(to);
            *shots.entry((from, to)).or_default() += 1;
        }
        let chance = |m: &Move| {
            let Move::Shot { from, to, .. } = *m else { unreachable!() };
            1.0 / (dests.len() * dests[&from].len() * shots[&(from, to)] as usize) as f64
        };
        let least = legal.iter().map(chance).fold(1.0, f64::min);
        let draws = ((300.0 / least) as usize).min(3_000_000);
        let mut counts: HashMap<Move, u32> = HashMap::new();
        for _ in 0..draws {
            *counts.entry(g.random_move(&mut rng, &mut buf)).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), legal.len(), "[{words}] {plies} plies: only legal turns");
        let mut chi2 = 0.0;
        for m in &legal {
            let expected = chance(m) * draws as f64;
            let n = f64::from(counts.get(m).copied().unwrap_or(0));
            let sd = (expected * (1.0 - chance(m))).sqrt();
            assert!(
                (n - expected).abs() < 6.0 * sd + 1.0,
                "[{words}] {plies} plies, {}: {n}, expected {expected:.1}",
                g.format_move(*m)
            );
            chi2 += (n - expected).powi(2) / expected;
        }
        let df = (legal.len() - 1) as f64;
        assert!(
            chi2 <= df + 6.0 * (2.0 * df).sqrt(),
            "[{words}] {plies} plies: chi2 {chi2:.0}, {df} df"
        );
    }
}
