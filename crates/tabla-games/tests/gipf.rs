//! GIPF: one test per rule of `rules/gipf.md`, the seed's symmetry count, the position
//! text, the board view and click paths, the repetition history (and that copying a position
//! does not allocate), conformance and property tests. Perft figures: `fixtures/gipf.perft`.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet};
use tabla_core::conformance::check_random_games;
use tabla_core::{play_record, Game, MoveError, Player, ToMove};
use tabla_games::gipf::PieceKind::{Gipf as GipfPiece, Single};
use tabla_games::gipf::{Gipf, Variant};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const WHITE: Player = Player(0);
const BLACK: Player = Player(1);

/// A hand-built position with both tournament flags set (irrelevant outside tournament).
/// Reserve and pieces on the board together may not exceed what a player owns.
fn setup(variant: Variant, pieces: &str, reserve: [u8; 2], to_move: Player) -> Gipf {
    Gipf::from_text(variant, pieces, reserve, to_move, [true; 2], [true; 2])
        .unwrap_or_else(|e| panic!("{e}"))
}

fn legal(g: &Gipf) -> BTreeSet<String> {
    let mut v = Vec::new();
    g.legal_moves(&mut v);
    v.into_iter().map(|m| g.format_move(m)).collect()
}

/// Legal turns whose entry part is `entry` (any removals around it).
fn with_entry(g: &Gipf, entry: &str) -> BTreeSet<String> {
    legal(g).into_iter().filter(|m| m.split(';').any(|p| p == entry)).collect()
}

fn move_of(g: &Gipf, text: &str) -> tabla_games::gipf::GipfMove {
    g.parse_move(text).unwrap_or_else(|e| panic!("{e}"))
}

/// The click paths of a turn, each joined by spaces.
fn paths(g: &Gipf, text: &str) -> BTreeSet<String> {
    g.click_paths(move_of(g, text)).into_iter().map(|p| p.join(" ")).collect()
}

fn play(g: &mut Gipf, text: &str) {
    let m = g.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    g.play(m);
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Why the game ended: the reason's key and English words, `None` while it goes on.
fn why(g: &Gipf) -> Option<(&'static str, String)> {
    g.end_reason().map(|r| (r.key, r.text))
}

fn winner(g: &Gipf) -> Option<Player> {
    let o = g.outcome().expect("the game is over");
    o.winners.iter().next()
}

// ---------------------------------------------------------------------------------------------
// Entering and pushing
// ---------------------------------------------------------------------------------------------

#[test]
fn an_entry_pushes_the_line_up_to_the_first_empty_point() {
    let mut g = setup(Variant::Basic, "od2 xd3 od5", [12, 12], WHITE);
    play(&mut g, "d1-d2");
    assert_eq!(g.piece_at("d2"), Some((WHITE, Single)));
    assert_eq!(g.piece_at("d3"), Some((WHITE, Single)));
    assert_eq!(g.piece_at("d4"), Some((BLACK, Single)));
    assert_eq!(g.piece_at("d5"), Some((WHITE, Single)));
    assert_eq!(g.piece_at("d6"), None);
    assert_eq!(g.reserve(WHITE), 11);
}

#[test]
fn a_full_line_cannot_be_entered() {
    let g = setup(Variant::Basic, "ob2 xb3 ob4 xb5", [12, 12], WHITE);
    let l = legal(&g);
    assert_eq!(l.len(), 40);
    assert!(!l.contains("b1-b2") && !l.contains("b6-b5"));
    let err = g.parse_move("b1-b2").unwrap_err();
    assert!(matches!(&err, MoveError::Illegal { why, .. } if why.contains("full")), "{err}");
}

#[test]
fn the_start_has_42_entries_in_each_variant() {
    for v in [Variant::Tournament, Variant::Standard, Variant::Basic] {
        let l = legal(&Gipf::new(v));
        assert_eq!(l.len(), 42, "{v:?}");
        assert_eq!(l.iter().all(|m| m.starts_with('G')), v == Variant::Tournament);
    }
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

#[test]
fn rows_form_on_all_three_axes() {
    // Along a file, across the run's black extensions (captured).
    let g = setup(Variant::Basic, "od3 od4 od5 xd6 xd7", [12, 12], WHITE);
    assert_eq!(with_entry(&g, "d1-d2"), set(&["d1-d2;xd2,d3,d4,d5,d6,d7"]));
    // Up-right and down-right.
    let g = setup(Variant::Basic, "oc3 od4 oe5", [12, 12], WHITE);
    assert_eq!(with_entry(&g, "a1-b2"), set(&["a1-b2;xb2,c3,d4,e5"]));
    let g = setup(Variant::Basic, "oc5 od5 oe5", [12, 12], WHITE);
    assert_eq!(with_entry(&g, "a5-b5"), set(&["a5-b5;xb5,c5,d5,e5"]));
}

#[test]
fn own_pieces_go_back_and_the_opponents_are_captured() {
    let mut g = setup(Variant::Basic, "od3 od4 od5 xd6 xd7 xh2", [12, 12], WHITE);
    play(&mut g, "d1-d2;xd2,d3,d4,d5,d6,d7");
    assert_eq!(g.reserve(WHITE), 12 - 1 + 4);
    assert_eq!(g.reserve(BLACK), 12);
    for c in ["d2", "d3", "d4", "d5", "d6", "d7"] {
        assert_eq!(g.piece_at(c), None, "{c}");
    }
    assert_eq!(g.piece_at("h2"), Some((BLACK, Single)));
}

#[test]
fn a_gipf_piece_taken_back_returns_two() {
    let mut g = setup(Variant::Standard, "Oc3 Od4 Oe5 Ob4 Xh3", [5, 5], WHITE);
    play(&mut g, "a1-b2;xb2,c3,d4,e5");
    assert_eq!(g.reserve(WHITE), 5 - 1 + 1 + 3 * 2);
}

#[test]
fn gipf_pieces_of_either_colour_in_a_run_may_stay() {
    let g = setup(Variant::Standard, "oc3 od4 Oe5 Xf5 Ob4 Xh3", [5, 5], WHITE);
    assert_eq!(
        with_entry(&g, "a1-b2"),
        set(&[
            "a1-b2;xb2,c3,d4",
            "a1-b2;xb2,c3,d4,e5",
            "a1-b2;xb2,c3,d4,f5",
            "a1-b2;xb2,c3,d4,e5,f5",
        ])
    );
    let mut g2 = g.clone();
    play(&mut g2, "a1-b2;xb2,c3,d4");
    assert_eq!(g2.piece_at("e5"), Some((WHITE, GipfPiece)));
    assert_eq!(g2.piece_at("f5"), Some((BLACK, GipfPiece)));
    // Black's GIPF piece, taken, is captured: Black's reserve does not grow.
    let mut g3 = g.clone();
    play(&mut g3, "a1-b2;xb2,c3,d4,f5");
    assert_eq!(g3.reserve(BLACK), 5);
    assert_eq!(g3.reserve(WHITE), 5 - 1 + 3);
}

#[test]
fn crossing_rows_are_taken_one_at_a_time_and_found_afresh() {
    // The piece entered on b2 completes two rows that share it: taking either breaks the
    // other, so no turn takes both.
    let g = setup(Variant::Basic, "oc3 od4 oe5 ob3 ob4 ob5", [9, 12], WHITE);
    assert_eq!(with_entry(&g, "a1-b2"), set(&["a1-b2;xb2,c3,d4,e5", "a1-b2;xb2,b3,b4,b5"]));
}

#[test]
fn separate_rows_made_by_one_push_are_all_taken() {
    // The push turns b2 and d4 white: two rows across the entry line, both compulsory.
    let g = setup(Variant::Basic, "xb2 oc3 xd4 ob3 ob4 ob5 od5 od6 od7", [8, 12], WHITE);
    assert_eq!(with_entry(&g, "a1-b2"), set(&["a1-b2;xb2,b3,b4,b5,d4,d5,d6,d7"]));
}

#[test]
fn rows_of_both_colours_the_opponent_takes_theirs_next_turn() {
    // The push puts White on b2 (row b2-e2) and Black on c3 (row c3-c6). White's run takes
    // c2 from Black's run; Black takes the rest at the start of their turn.
    let mut g = setup(Variant::Basic, "xb2 oc2 od2 oe2 xc4 xc5 xc6", [12, 11], WHITE);
    assert_eq!(with_entry(&g, "a1-b2"), set(&["a1-b2;xb2,c2,d2,e2"]));
    play(&mut g, "a1-b2;xb2,c2,d2,e2");
    let l = legal(&g);
    assert!(!l.is_empty());
    assert!(l.iter().all(|m| m.starts_with("xc3,c4,c5,c6;")), "{l:?}");
    assert_eq!(l.len(), 42);
}

#[test]
fn rows_of_gipf_pieces_only_are_optional_now_and_later() {
    let g = setup(Variant::Standard, "Oc3 Od4 Oe5 Of5 Og2 Xh3", [5, 5], WHITE);
    let l = legal(&g);
    for m in ["g1-g2", "g1-g2;xc3", "xc3;g1-g2", "xc3,d4,e5,f5;g1-g2", "g1-g2;xc3,d4"] {
        assert!(l.contains(m), "{m} missing");
    }
    // A single piece extending the row makes it compulsory, single and all.
    let b: BTreeSet<String> =
        with_entry(&g, "b1-b2").into_iter().filter(|m| m.starts_with("b1-b2")).collect();
    assert!(!b.contains("b1-b2"));
    assert_eq!(b.len(), 16, "{b:?}");
    assert!(b.iter().all(|m| m.contains("xb2")));
    // Kept, the row is still there at the next turn.
    let mut g2 = g.clone();
    play(&mut g2, "g1-g2");
    play(&mut g2, "i5-h5");
    assert!(legal(&g2).contains("xe5;a2-b2"));
}

#[test]
fn taking_rows_before_the_entry_can_refill_an_empty_reserve() {
    let g = setup(Variant::Basic, "oc3 od4 oe5 of5", [0, 12], WHITE);
    assert_eq!(g.to_move(), ToMove::Player(WHITE));
    let l = legal(&g);
    assert_eq!(l.len(), 42);
    assert!(l.iter().all(|m| m.starts_with("xc3,d4,e5,f5;")));
}

// ---------------------------------------------------------------------------------------------
// Tournament rule
// ---------------------------------------------------------------------------------------------

#[test]
fn tournament_first_entry_is_gipf_and_no_gipf_after_a_single() {
    let mut g = tabla_games::new_game("gipf", &[]).unwrap();
    let err = g.play_text("a1-b2").unwrap_err();
    assert!(err.to_string().contains("first entry must be a GIPF piece"), "{err}");
    play_record(g.as_mut(), "Ga1-b2 Gi5-h5", |_| {}).unwrap();
    assert_eq!(g.legal().len(), 84);
    play_record(g.as_mut(), "a1-b2", |_| {}).unwrap();
    // Black may still choose; White has entered a single.
    assert_eq!(g.legal().len(), 84);
    play_record(g.as_mut(), "Gi5-h5", |_| {}).unwrap();
    let l = g.legal();
    assert_eq!(l.len(), 42);
    assert!(l.iter().all(|m| !m.starts_with('G')));
    let err = g.play_text("Gi4-h4").unwrap_err();
    assert!(err.to_string().contains("no GIPF piece after a single"), "{err}");
}

#[test]
fn a_gipf_piece_needs_two_in_reserve() {
    let g = Gipf::from_text(Variant::Tournament, "Oc3 Xg3", [1, 5], WHITE, [true; 2], [false; 2])
        .unwrap();
    let l = legal(&g);
    assert_eq!(l.len(), 42);
    assert!(l.iter().all(|m| !m.starts_with('G')));
}

#[test]
fn the_variant_option_is_checked() {
    for v in ["tournament", "standard", "basic", "Standard"] {
        assert!(tabla_games::new_game("gipf", &[format!("variant={v}")]).is_ok(), "{v}");
    }
    let err = tabla_games::new_game("gipf", &["variant=advanced".to_string()]).err().unwrap();
    assert!(err.0.contains("tournament, standard, basic"), "{err}");
}

#[test]
fn the_hash_covers_side_reserves_and_tournament_flags() {
    let t = |g: [bool; 2], s: [bool; 2], r: [u8; 2], p: Player| {
        Gipf::from_text(Variant::Tournament, "Oc3 Xg3", r, p, g, s).unwrap().hash()
    };
    let base = t([true; 2], [false; 2], [10, 10], WHITE);
    assert_ne!(base, t([true; 2], [true, false], [10, 10], WHITE));
    assert_ne!(base, t([true; 2], [false, true], [10, 10], WHITE));
    assert_ne!(base, t([true; 2], [false; 2], [10, 9], WHITE));
    assert_ne!(base, t([true; 2], [false; 2], [10, 10], BLACK));
    let g = Gipf::from_text(Variant::Tournament, "Oc3 Xg3", [10, 10], WHITE, [true; 2], [false; 2]);
    assert_eq!(g.unwrap().hash_from_scratch(), base);
}

// ---------------------------------------------------------------------------------------------
// End of the game
// ---------------------------------------------------------------------------------------------

#[test]
fn capturing_the_last_gipf_piece_wins() {
    let mut g = setup(Variant::Standard, "oc3 od4 oe5 Xf5 Ob4", [5, 5], WHITE);
    assert_eq!(why(&g), None);
    play(&mut g, "a1-b2;xb2,c3,d4,e5,f5");
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(winner(&g), Some(WHITE));
    let text = "black has no GIPF piece left on the board";
    assert_eq!(why(&g), Some(("gipf.last-gipf", text.into())));
}

#[test]
fn taking_your_own_last_gipf_piece_loses() {
    let mut g = setup(Variant::Standard, "oc3 od4 Oe5 Xh3", [5, 5], WHITE);
    assert!(legal(&g).contains("a1-b2;xb2,c3,d4"));
    play(&mut g, "a1-b2;xb2,c3,d4,e5");
    assert_eq!(winner(&g), Some(BLACK));
    let text = "white has no GIPF piece left on the board";
    assert_eq!(why(&g), Some(("gipf.last-gipf", text.into())));
}

#[test]
fn both_last_gipf_pieces_in_one_take_is_a_draw() {
    let mut g = setup(Variant::Standard, "oc3 od4 Oe5 Xf5", [5, 5], WHITE);
    play(&mut g, "a1-b2;xb2,c3,d4,e5,f5");
    assert!(g.outcome().unwrap().is_draw());
    assert_eq!(why(&g).unwrap().0, "gipf.both-gipf");
}

#[test]
fn a_turn_without_entry_exists_when_its_removals_end_the_game() {
    // White's row from Black's last push, extended by Black's last GIPF piece.
    let g = setup(Variant::Standard, "oc3 od4 oe5 of5 Xg5 Ob4", [5, 5], WHITE);
    let l = legal(&g);
    assert!(l.contains("xc3,d4,e5,f5,g5"));
    assert!(l.contains("xc3,d4,e5,f5;a2-b2"));
    assert!(!l.contains("xc3,d4,e5,f5,g5;a2-b2"));
    assert_eq!(l.iter().filter(|m| !m.contains(';')).count(), 1);
    let mut g2 = g.clone();
    play(&mut g2, "xc3,d4,e5,f5,g5");
    assert_eq!(winner(&g2), Some(WHITE));
    // Not having entered a GIPF piece (tournament, before the first entry) is no loss.
    let t =
        Gipf::from_text(Variant::Tournament, "", [18, 18], WHITE, [false; 2], [false; 2]).unwrap();
    assert_eq!(t.to_move(), ToMove::Player(WHITE));
}

#[test]
fn a_player_who_cannot_enter_loses() {
    // Black to move; White has nothing left to enter afterwards.
    let mut g = setup(Variant::Basic, "oc3 xg3", [0, 5], BLACK);
    play(&mut g, "i5-h5");
    assert_eq!(winner(&g), Some(BLACK));
    let text = "white cannot bring a piece into play: the reserve is empty";
    assert_eq!(why(&g), Some(("gipf.no-entry.empty", text.into())));
    // Already so at White's turn.
    let g = setup(Variant::Basic, "oc3 xg3", [0, 5], WHITE);
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(winner(&g), Some(BLACK));
    assert_eq!(why(&g).unwrap().0, "gipf.no-entry.empty");
}

#[test]
fn a_loss_from_a_take_comes_before_no_turn() {
    // Black has no reserve: any turn that keeps White's GIPF piece wins for White, but
    // taking it loses even though Black could not move afterwards.
    let g = setup(Variant::Standard, "oc3 od4 Oe5 Xh3", [5, 0], WHITE);
    let mut keep = g.clone();
    play(&mut keep, "a1-b2;xb2,c3,d4");
    assert_eq!(winner(&keep), Some(WHITE));
    let mut take = g.clone();
    play(&mut take, "a1-b2;xb2,c3,d4,e5");
    assert_eq!(winner(&take), Some(BLACK));
}

#[test]
fn the_third_repetition_is_a_draw() {
    let cycle = "a1-b2 g1-g2 a1-b2 g1-g2 a1-b2 g1-g2 a1-b2;xb2,c3,d4,e5 g1-g2;xg2,g3,g4,g5";
    let start = setup(Variant::Basic, "", [12, 12], WHITE);
    let mut g = start.clone();
    for (i, t) in format!("{cycle} {cycle}").split_whitespace().enumerate() {
        assert!(g.to_move() != ToMove::Over, "over before move {}", i + 1);
        play(&mut g, t);
        if i == 7 {
            assert_eq!(g.hash(), start.hash(), "the cycle comes back to the start");
        }
    }
    assert!(g.outcome().expect("a draw").is_draw());
    let text = "the same position came up a third time";
    assert_eq!(why(&g), Some(("gipf.repetition", text.into())));
}

// ---------------------------------------------------------------------------------------------
// Notation
// ---------------------------------------------------------------------------------------------

#[test]
fn notation_accepts_friendlier_spellings() {
    let g = setup(Variant::Basic, "oc3 od4 oe5", [12, 12], WHITE);
    let canonical = g.parse_move("a1-b2;xb2,c3,d4,e5").unwrap();
    for t in ["A1-B2;XB2,C3,D4,E5", "a1-b2; xe5,d4,c3,b2", " a1-b2;xb2, c3 ,d4,e5 ", "a1-b2"] {
        assert_eq!(g.parse_move(t), Ok(canonical), "{t}");
    }
    let t = Gipf::new(Variant::Tournament);
    assert_eq!(t.format_move(t.parse_move("ga1-b2").unwrap()), "Ga1-b2");
    assert_eq!(t.format_move(t.parse_move("gg1-g2").unwrap()), "Gg1-g2");
}

#[test]
fn notation_errors_say_what_was_expected() {
    let g = Gipf::new(Variant::Basic);
    let why = |t: &str| g.parse_move(t).unwrap_err().to_string();
    assert!(why("a1-c3").contains("from a1 a piece enters on b2"), "{}", why("a1-c3"));
    assert!(why("b3-c3").contains("is a point"), "{}", why("b3-c3"));
    assert!(why("z9-b2").contains("not a cell"), "{}", why("z9-b2"));
    assert!(why("a1b2").contains("neither an entry"), "{}", why("a1b2"));
    assert!(why("xb2").contains("without an entry"), "{}", why("xb2"));
    assert!(why("Ga1-b2").contains("single pieces only"), "{}", why("Ga1-b2"));
    assert!(why("a1-b2;xb2,b2").contains("twice"), "{}", why("a1-b2;xb2,b2"));
    assert!(why("a1-b2;xa1").contains("dot"), "{}", why("a1-b2;xa1"));
}

#[test]
fn pictures_show_board_reserves_and_turn() {
    let g = setup(Variant::Standard, "oc3 Od4 xe5 Xf5", [7, 9], BLACK);
    let text = g.render_text();
    for s in ["o", "O", "x", "X", "white 7, black 9", "black to move", "a  b  c"] {
        assert!(text.contains(s), "{s} missing in\n{text}");
    }
    let v = g.view();
    assert_eq!(v.cells.len() + v.points.len(), 61);
    assert_eq!(v.cells.iter().filter(|c| !c.stack.is_empty()).count(), 4);
    assert_eq!(v.players[1].counts["reserve"], 9);
}

// ---------------------------------------------------------------------------------------------
// Figures: the seed's symmetry count (perft figures: tests/fixtures/gipf.perft)
// ---------------------------------------------------------------------------------------------

/// Axial coordinates of a cell name relative to e5 (see `Geometry::hex`).
fn axial(name: &str) -> (i32, i32) {
    let b = name.as_bytes();
    let f = i32::from(b[0] - b'a');
    let r: i32 = name[1..].parse::<i32>().unwrap() - 1;
    (f - 4, r + (f - 4).max(0) - 4)
}

fn cell_name((x, y): (i32, i32)) -> String {
    let (q, a) = (x + 4, y + 4);
    format!("{}{}", (b'a' + q as u8) as char, a - (q - 4).max(0) + 1)
}

#[test]
fn whites_first_entry_has_4_classes_under_the_12_symmetries() {
    let g = Gipf::new(Variant::Tournament);
    let symmetries = |p: (i32, i32)| -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for mirror in [false, true] {
            let mut v = if mirror { (-p.0, p.1 - p.0) } else { p };
            for _ in 0..6 {
                out.push(v);
                v = (v.1, v.1 - v.0);
            }
        }
        out
    };
    let classes: BTreeSet<(String, String)> = legal(&g)
        .iter()
        .map(|m| {
            let (dot, point) = m.trim_start_matches('G').split_once('-').unwrap();
            let (d, p) = (symmetries(axial(dot)), symmetries(axial(point)));
            d.iter()
                .zip(&p)
                .map(|(&a, &b)| (cell_name(a), cell_name(b)))
                .inspect(|(a, b)| {
                    // Every image is itself a legal entry.
                    assert!(legal(&g).contains(&format!("G{a}-{b}")), "G{a}-{b}");
                })
                .min()
                .unwrap()
        })
        .collect();
    assert_eq!(classes.len(), 4, "{classes:?}");
}

// ---------------------------------------------------------------------------------------------
// Position text
// ---------------------------------------------------------------------------------------------

fn read(g: &Gipf, text: &str) -> Gipf {
    g.read_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn refusal(g: &Gipf, text: &str) -> String {
    g.read_position(text).err().unwrap_or_else(|| panic!("{text} was read")).to_string()
}

#[test]
fn position_text_of_the_starts() {
    for (v, text) in [
        (Variant::Tournament, "4/5/6/7/6/5/4 w 18,18 0,0 -"),
        (Variant::Standard, "X2O/5/6/O5X/6/5/X2O w 12,12 0,0 -"),
        (Variant::Basic, "x2o/5/6/o5x/6/5/x2o w 12,12 0,0 -"),
    ] {
        let g = Gipf::new(v);
        assert_eq!(g.position_text(), text, "{v:?}");
        let back = read(&g, text);
        assert_eq!(back, g, "{v:?}");
    }
}

#[test]
fn position_text_has_pieces_reserves_captures_side_and_flags() {
    let mut g = Gipf::new(Variant::Tournament);
    play(&mut g, "Ga1-b2");
    assert_eq!(g.position_text(), "O3/5/6/7/6/5/4 b 16,18 0,0 G");
    play(&mut g, "Gi5-h5");
    play(&mut g, "a1-b2");
    assert_eq!(g.position_text(), "o3/1O3/6/7/6/5/3X b 15,16 0,0 GSg");
    let back = read(&g, &g.position_text());
    assert_eq!((back.hash(), back.to_move()), (g.hash(), g.to_move()));
    // Black's pieces in White's run are captured.
    let mut g = setup(Variant::Basic, "od3 od4 od5 xd6 xd7 xh2", [12, 12], WHITE);
    play(&mut g, "d1-d2;xd2,d3,d4,d5,d6,d7");
    assert_eq!(g.position_text(), "4/5/6/7/6/5/x3 b 15,12 2,0 -");
    assert_eq!(g.captured(WHITE), 2);
    // Readable in any spacing and with the sides spelled out.
    let t = Gipf::new(Variant::Basic);
    let back = read(&t, "  4/5/6/7/6/5/x3   black 15,12 2,0 -  ");
    assert_eq!(back.position_text(), "4/5/6/7/6/5/x3 b 15,12 2,0 -");
}

#[test]
fn position_text_errors_say_what_was_wrong() {
    let t = Gipf::new(Variant::Tournament);
    let s = Gipf::new(Variant::Standard);
    // Texts that are not in the format: the message says what it should look like.
    for (g, text, why) in [
        (&t, "4/5/6/7/6/5 w 18,18 0,0 -", "has 6 files; expected 7"),
        (&t, "4/5/6/7/6/5/5 w 18,18 0,0 -", "file h has 4 points (h2 to h5), '5' gives 5"),
        (&t, "4/5/6/7/6/5/3q w 18,18 0,0 -", "'q' on file h"),
        (&t, "4/5/6/7/6/5/4 z 18,18 0,0 -", "'z' is not a side to move"),
        (&t, "4/5/6/7/6/5/4 w 18 0,0 -", "reserves '18' should be two whole numbers"),
        (&t, "4/5/6/7/6/5/4 w 18,18 0,0", "expected 5 or 6 fields, found 4"),
        (&t, "4/5/6/7/6/5/4 w 18,18 0,0 GG", "'G' twice"),
        (&t, "4/5/6/7/6/5/4 w 18,18 0,0 - draw", "only 'repetition' may follow"),
        (&s, "X2O/5/6/O5X/6/5/X2O w 12,12 0,0 G", "the standard game has no tournament flags"),
    ] {
        let e = refusal(g, text);
        assert!(e.contains(why), "{text}: {e}");
        assert!(e.contains("a GIPF position reads like"), "{text}: {e}");
    }
    // Positions the rules cannot reach.
    for (g, text, why) in [
        (&t, "4/5/6/7/6/5/4 w 18,18 0,0 S", "single piece but no GIPF piece"),
        (&t, "4/5/6/7/6/5/4 w 18,18 1,0 -", "captures do not add up"),
        (&t, "O3/5/6/7/6/5/4 w 18,18 0,0 G", "more than the 18 a player owns"),
        (&s, "4/5/6/7/6/5/4 w 18,18 0,0 - repetition", "lost their last GIPF piece"),
    ] {
        let e = refusal(g, text);
        assert!(e.contains(why), "{text}: {e}");
    }
}

#[test]
fn position_text_marks_a_repetition_draw() {
    let cycle = "a1-b2 g1-g2 a1-b2 g1-g2 a1-b2 g1-g2 a1-b2;xb2,c3,d4,e5 g1-g2;xg2,g3,g4,g5";
    let mut g = setup(Variant::Basic, "", [12, 12], WHITE);
    for t in format!("{cycle} {cycle}").split_whitespace() {
        play(&mut g, t);
    }
    assert!(g.outcome().unwrap().is_draw());
    let text = g.position_text();
    assert_eq!(text, "4/5/6/7/6/5/4 w 12,12 3,3 - repetition");
    let back = read(&g, &text);
    assert_eq!(back.to_move(), ToMove::Over);
    assert!(back.outcome().unwrap().is_draw());
    // Without the word the same position is simply White's turn: the history is not in the
    // text, so repetitions count afresh from a position read back.
    let fresh = read(&g, "4/5/6/7/6/5/4 w 12,12 3,3 -");
    assert_eq!(fresh.to_move(), ToMove::Player(WHITE));
    assert_eq!(fresh.hash(), g.hash());
}

// ---------------------------------------------------------------------------------------------
// Repetition history
// ---------------------------------------------------------------------------------------------

/// Two lines for White (files c and g) and two for Black (files d and f), filled in an
/// order that gives each side all-different states over 8 and 12 turns: the whole position
/// comes back only every 24 rounds (48 turns), takes and all, with no capture.
fn long_cycle() -> Vec<&'static str> {
    let white = ["c1-c2", "c1-c2", "g1-g2", "c1-c2", "c1-c2", "g1-g2", "g1-g2", "g1-g2"];
    let black = [
        "d8-d7", "d8-d7", "f8-f7", "d8-d7", "d8-d7", "d8-d7", "f8-f7", "d8-d7", "f8-f7", "d8-d7",
        "d8-d7", "f8-f7",
    ];
    (0..48).flat_map(|k| [white[k % 8], black[k % 12]]).collect()
}

#[test]
fn a_repetition_far_back_is_still_seen() {
    let start = setup(Variant::Basic, "", [12, 12], WHITE);
    let mut g = start.clone();
    let turns = long_cycle();
    for (i, t) in turns.iter().enumerate() {
        assert_eq!(g.to_move(), ToMove::Player(Player((i % 2) as u8)), "turn {}", i + 1);
        play(&mut g, t);
        if i == 47 {
            assert_eq!(g.position_text(), start.position_text(), "one cycle is 48 turns");
        }
    }
    // 96 turns, the start for the third time: far more than the hashes kept inline.
    assert!(g.outcome().expect("a draw").is_draw());
}

/// Allocations made by this thread, so that tests running in parallel do not disturb it.
struct CountingAlloc;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is passed on to the system allocator unchanged; the counter is a
// thread-local `Cell` with a constant initialiser, which allocates nothing.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAlloc = CountingAlloc;

fn allocations<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = ALLOCATIONS.with(Cell::get);
    let out = f();
    (out, ALLOCATIONS.with(Cell::get) - before)
}

#[test]
fn copy_make_does_not_allocate() {
    // Every position two turns deep from the tournament start, and every turn from it.
    let start = Gipf::new(Variant::Tournament);
    let (mut moves, mut next) = (Vec::new(), Vec::new());
    start.legal_moves(&mut moves);
    for &m in &moves {
        let mut a = start.clone();
        a.play(m);
        a.legal_moves(&mut next);
        for &n in &next {
            let (b, count) = allocations(|| {
                let mut b = a.clone();
                b.play(n);
                b
            });
            assert_eq!(count, 0, "{} {}", start.format_move(m), a.format_move(n));
            drop(b);
        }
    }
    // A long game without captures: copies share the old hashes, so a copy never allocates,
    // and playing allocates once per 32 turns at most.
    let mut g = setup(Variant::Basic, "", [12, 12], WHITE);
    let mut when_playing = 0;
    for t in long_cycle().into_iter().take(95) {
        let m = move_of(&g, t);
        let (copy, count) = allocations(|| g.clone());
        assert_eq!(count, 0, "copy before {t}");
        drop(copy);
        let ((), count) = allocations(|| g.play(m));
        when_playing += count;
    }
    assert!(when_playing <= 95 / 32, "{when_playing} allocations in 95 turns");
}

// ---------------------------------------------------------------------------------------------
// Board view, touched ids, click paths
// ---------------------------------------------------------------------------------------------

#[test]
fn the_view_has_points_as_cells_and_dots_as_points() {
    let g = Gipf::new(Variant::Standard);
    let v = g.view();
    assert_eq!(
        serde_json::to_value(&v.board).unwrap(),
        serde_json::json!({"kind": "hex", "side": 5, "orientation": "flat"})
    );
    assert_eq!(v.cells.len(), 37);
    assert_eq!(v.points.len(), 24);
    let ids: BTreeSet<&str> = v.ids().collect();
    assert_eq!(ids.len(), 61);
    for id in ["b2", "e5", "h5", "e8"] {
        assert!(v.cells.iter().any(|c| c.id == id), "{id} is a cell");
    }
    for id in ["a1", "a5", "e1", "e9", "i1", "i5", "b6", "h1"] {
        assert!(v.points.iter().any(|c| c.id == id), "{id} is a point");
    }
    let at: BTreeMap<&str, (f64, f64)> =
        v.cells.iter().chain(&v.points).map(|c| (c.id.as_str(), (c.x, c.y))).collect();
    assert_eq!(at["e5"], (0.0, 0.0));
    // Neighbours are one unit apart, along all three axes; files stand upright.
    let dist = |a: &str, b: &str| (at[a].0 - at[b].0).hypot(at[a].1 - at[b].1);
    for (a, b) in
        [("e5", "e6"), ("e5", "d4"), ("e5", "d5"), ("e5", "f5"), ("a1", "b1"), ("h5", "i5")]
    {
        assert!((dist(a, b) - 1.0).abs() < 1e-9, "{a}-{b}: {}", dist(a, b));
    }
    assert_eq!(at["e1"].0, at["e9"].0);
    assert!(at["e9"].1 > at["e1"].1);
    let b5 = v.cells.iter().find(|c| c.id == "b5").unwrap();
    assert_eq!(
        serde_json::to_value(&b5.stack).unwrap(),
        serde_json::json!([{"owner": "white", "kind": "gipf"}])
    );
    let b = Gipf::new(Variant::Basic).view();
    let b2 = b.cells.iter().find(|c| c.id == "b2").unwrap();
    assert_eq!(
        serde_json::to_value(&b2.stack).unwrap(),
        serde_json::json!([{"owner": "black", "kind": "piece"}])
    );
    // Labels: a letter under every file, every rank's number at both of its ends.
    let texts: Vec<&str> = v.labels.iter().map(|l| l.text.as_str()).collect();
    for f in ["a", "b", "c", "d", "e", "f", "g", "h", "i"] {
        assert_eq!(texts.iter().filter(|&&t| t == f).count(), 1, "{f}");
    }
    for r in 1..=9 {
        assert_eq!(texts.iter().filter(|&&t| t == r.to_string()).count(), 2, "{r}");
    }
}

#[test]
fn the_view_counts_reserves_gipf_pieces_captures_and_tournament_rights() {
    let counts = |g: &Gipf, p: usize| -> BTreeMap<&'static str, i64> {
        let v = g.view();
        assert_eq!(v.players[p].name, ["white", "black"][p]);
        v.players[p].counts.clone()
    };
    let expect = |pairs: &[(&'static str, i64)]| -> BTreeMap<&'static str, i64> {
        pairs.iter().copied().collect()
    };
    let mut g = Gipf::new(Variant::Tournament);
    assert_eq!(
        counts(&g, 0),
        expect(&[
            ("reserve", 18),
            ("gipf_on_board", 0),
            ("captured", 0),
            ("may_enter_gipf", 1),
            ("must_enter_gipf", 1),
            ("loses_without_gipf", 0),
        ])
    );
    play_record(&mut g, "Ga1-b2 Gi5-h5 a1-b2", |_| {}).unwrap();
    assert_eq!(
        counts(&g, 0),
        expect(&[
            ("reserve", 15),
            ("gipf_on_board", 1),
            ("captured", 0),
            ("may_enter_gipf", 0),
            ("must_enter_gipf", 0),
            ("loses_without_gipf", 1),
        ])
    );
    assert_eq!(counts(&g, 1)["may_enter_gipf"], 1);
    let mut g = setup(Variant::Standard, "oc3 od4 Oe5 Xf5 Ob4 Xh3", [5, 5], WHITE);
    play(&mut g, "a1-b2;xb2,c3,d4,f5");
    assert_eq!(counts(&g, 0)["captured"], 2 + 18 - 5 - 4);
    assert_eq!(counts(&g, 1)["gipf_on_board"], 1);
    assert_eq!(counts(&g, 1)["loses_without_gipf"], 1);
    assert_eq!(counts(&Gipf::new(Variant::Basic), 1)["loses_without_gipf"], 0);
}

#[test]
fn touched_has_the_dot_the_pushed_points_and_the_removed_ones() {
    let touched = |g: &Gipf, t: &str| g.touched(move_of(g, t)).join(" ");
    let g = setup(Variant::Basic, "od2 xd3 od5", [12, 12], WHITE);
    assert_eq!(touched(&g, "d1-d2"), "d1 d2 d3 d4");
    let g = setup(Variant::Basic, "od3 od4 od5 xd6 xd7", [12, 12], WHITE);
    assert_eq!(touched(&g, "d1-d2;xd2,d3,d4,d5,d6,d7"), "d1 d2 d3 d4 d5 d6 d7");
    let mut g = setup(Variant::Basic, "xb2 oc2 od2 oe2 xc4 xc5 xc6", [12, 11], WHITE);
    play(&mut g, "a1-b2;xb2,c2,d2,e2");
    assert_eq!(touched(&g, "xc3,c4,c5,c6;i5-h5"), "c3 c4 c5 c6 i5 h5");
    let g = setup(Variant::Standard, "oc3 od4 oe5 of5 Xg5 Ob4", [5, 5], WHITE);
    assert_eq!(touched(&g, "xc3,d4,e5,f5,g5"), "c3 d4 e5 f5 g5");
}

#[test]
fn click_paths_of_entries() {
    assert_eq!(paths(&Gipf::new(Variant::Tournament), "Ga1-b2"), set(&["a1 a1 b2"]));
    assert_eq!(paths(&Gipf::new(Variant::Basic), "b1-c2"), set(&["b1 c2"]));
    let mut g = Gipf::new(Variant::Tournament);
    play_record(&mut g, "Ga1-b2 Gi5-h5", |_| {}).unwrap();
    assert_eq!(paths(&g, "b1-b2"), set(&["b1 b2"]));
    assert_eq!(paths(&g, "Gb1-b2"), set(&["b1 b1 b2"]));
}

#[test]
fn click_paths_take_a_row_by_any_of_its_points() {
    let g = setup(Variant::Basic, "oc3 od4 oe5", [12, 12], WHITE);
    assert_eq!(
        paths(&g, "a1-b2;xb2,c3,d4,e5"),
        set(&["a1 b2 b2", "a1 b2 c3", "a1 b2 d4", "a1 b2 e5"])
    );
    // Crossing rows: the shared point b2 names neither.
    let g = setup(Variant::Basic, "oc3 od4 oe5 ob3 ob4 ob5", [9, 12], WHITE);
    assert_eq!(paths(&g, "a1-b2;xb2,c3,d4,e5"), set(&["a1 b2 c3", "a1 b2 d4", "a1 b2 e5"]));
    assert_eq!(paths(&g, "a1-b2;xb2,b3,b4,b5"), set(&["a1 b2 b3", "a1 b2 b4", "a1 b2 b5"]));
    // Before the entry: the row the opponent made comes first.
    let mut g = setup(Variant::Basic, "xb2 oc2 od2 oe2 xc4 xc5 xc6", [12, 11], WHITE);
    play(&mut g, "a1-b2;xb2,c2,d2,e2");
    assert_eq!(
        paths(&g, "xc3,c4,c5,c6;i5-h5"),
        set(&["c3 i5 h5", "c4 i5 h5", "c5 i5 h5", "c6 i5 h5"])
    );
}

#[test]
fn click_paths_pick_the_gipf_pieces_taken_then_done() {
    let g = setup(Variant::Standard, "oc3 od4 Oe5 Xf5 Ob4 Xh3", [5, 5], WHITE);
    let run = ["b2", "c3", "d4", "e5", "f5"];
    let with = |picks: &str| -> BTreeSet<String> {
        run.iter().map(|s| format!("a1 b2 {s} {picks}done")).collect()
    };
    assert_eq!(paths(&g, "a1-b2;xb2,c3,d4"), with(""));
    assert_eq!(paths(&g, "a1-b2;xb2,c3,d4,f5"), with("f5 "));
    // Two GIPF pieces taken: in either order.
    let both: BTreeSet<String> = with("e5 f5 ").union(&with("f5 e5 ")).cloned().collect();
    assert_eq!(paths(&g, "a1-b2;xb2,c3,d4,e5,f5"), both);
    // A turn whose take ends the game, and one that keeps the GIPF piece and enters.
    let g = setup(Variant::Standard, "oc3 od4 oe5 of5 Xg5 Ob4", [5, 5], WHITE);
    let run = ["c3", "d4", "e5", "f5", "g5"];
    let ends: BTreeSet<String> = run.iter().map(|s| format!("{s} g5 done")).collect();
    assert_eq!(paths(&g, "xc3,d4,e5,f5,g5"), ends);
    let keeps: BTreeSet<String> = run.iter().map(|s| format!("{s} done a2 b2")).collect();
    assert_eq!(paths(&g, "xc3,d4,e5,f5;a2-b2"), keeps);
}

#[test]
fn click_paths_end_with_done_while_an_optional_row_is_left() {
    let g = setup(Variant::Standard, "Oc3 Od4 Oe5 Of5 Og2 Xh3", [5, 5], WHITE);
    assert_eq!(paths(&g, "g1-g2"), set(&["g1 g2 done"]));
    let row = ["c3", "d4", "e5", "f5"];
    let before: BTreeSet<String> = row.iter().map(|s| format!("{s} c3 done g1 g2")).collect();
    assert_eq!(paths(&g, "xc3;g1-g2"), before);
    let after: BTreeSet<String> = row.iter().map(|s| format!("g1 g2 {s} c3 done")).collect();
    assert_eq!(paths(&g, "g1-g2;xc3"), after);
    // Taking all four: the row is gone, nothing is left to take; the four GIPF pieces in
    // any of their 24 orders, notation order first.
    let got = g.click_paths(move_of(&g, "g1-g2;xc3,d4,e5,f5"));
    assert_eq!(got.len(), 4 * 24);
    assert_eq!(got[0].join(" "), "g1 g2 c3 c3 d4 e5 f5 done");
    let mut orders = BTreeSet::new();
    for p in &got {
        assert_eq!(
            (&p[..2], p.last().map(String::as_str)),
            (&["g1", "g2"].map(String::from)[..], Some("done"))
        );
        assert!(row.contains(&p[2].as_str()), "{p:?}");
        let mut picked = p[3..7].to_vec();
        orders.insert(picked.join(" "));
        picked.sort();
        assert_eq!(picked, row.map(String::from), "{p:?}");
    }
    assert_eq!(orders.len(), 24);
}

#[test]
fn click_paths_of_many_gipf_pieces_stay_within_the_cap() {
    // Five GIPF pieces in one row: 5 points to pick it by times 120 orders, cut to the cap.
    let g = setup(Variant::Standard, "Ob2 Oc3 Od4 Oe5 Of5 Xh3", [5, 5], WHITE);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut most = 0;
    // Every prefix of every path, with the turns it starts: a complete path starts one turn
    // only (the conformance checks' property, here where the orders are cut).
    let mut through: BTreeMap<Vec<String>, BTreeSet<usize>> = BTreeMap::new();
    let mut all = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        let ps = g.click_paths(m);
        assert!(!ps.is_empty() && ps.len() <= 256, "{}: {} paths", g.format_move(m), ps.len());
        most = most.max(ps.len());
        for p in &ps {
            for k in 1..=p.len() {
                through.entry(p[..k].to_vec()).or_default().insert(i);
            }
        }
        all.push(ps);
    }
    assert_eq!(most, 256);
    for (i, ps) in all.iter().enumerate() {
        for p in ps {
            assert_eq!(through[p], BTreeSet::from([i]), "{p:?} of {}", g.format_move(moves[i]));
        }
    }
}

/// White rows on files d, e, f, g and on the four diagonals across them: every point of
/// every row lies in another row, so a row is picked by two of its points.
fn all_points_shared() -> Gipf {
    let mut pieces = Vec::new();
    for (f, ranks) in [('d', 2..6), ('e', 3..7), ('f', 3..7), ('g', 3..7)] {
        for r in ranks {
            pieces.push(format!("{}{f}{r}", if (f, r) == ('g', 6) { 'O' } else { 'o' }));
        }
    }
    pieces.push("Xb5".to_string());
    setup(Variant::Standard, &pieces.join(" "), [1, 12], WHITE)
}

#[test]
fn a_row_with_no_point_of_its_own_is_picked_by_two_points() {
    let g = all_points_shared();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert!(!moves.is_empty());
    for &m in &moves {
        let ps = g.click_paths(m);
        assert!(!ps.is_empty() && ps.len() <= 256, "{}: {} paths", g.format_move(m), ps.len());
        for p in &ps {
            // The first row: two different points on one file or diagonal of the shape.
            assert_ne!(p[0], p[1], "{p:?}");
            assert!(g.piece_at(&p[0]).is_some() && g.piece_at(&p[1]).is_some(), "{p:?}");
        }
    }
    check_random_games(&g, 20, 9, 3000);
}

// ---------------------------------------------------------------------------------------------
// Conformance and properties
// ---------------------------------------------------------------------------------------------

#[test]
fn conformance_tournament() {
    check_random_games(&Gipf::new(Variant::Tournament), 200, 1, 3000);
}

#[test]
fn conformance_standard() {
    check_random_games(&Gipf::new(Variant::Standard), 200, 2, 3000);
}

#[test]
fn conformance_basic() {
    check_random_games(&Gipf::new(Variant::Basic), 200, 3, 3000);
}

/// The counter of perft's last ply (which makes only the entries that can make rows) agrees
/// with the listed turns in every position of many random games, rows and removals included.
#[test]
fn counting_turns_agrees_with_listing_them() {
    let mut moves = Vec::new();
    let (mut positions, mut with_rows) = (0, 0);
    for (i, variant) in
        [Variant::Tournament, Variant::Standard, Variant::Basic].into_iter().enumerate()
    {
        for seed in 0..60 {
            let mut g = Gipf::new(variant);
            let mut rng = SmallRng::seed_from_u64(seed * 3 + i as u64);
            while g.to_move() != ToMove::Over {
                g.legal_moves(&mut moves);
                assert_eq!(g.count_legal_moves(), moves.len() as u64, "{g:?}");
                positions += 1;
                with_rows +=
                    usize::from(moves.iter().any(|m| m.post() != tabla_games::gipf::Removal::NONE));
                let m = moves[rng.random_range(0..moves.len())];
                g.play(m);
            }
        }
    }
    assert!(with_rows > 100, "{with_rows} of {positions} positions had removals after an entry");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random games end, never panic, print moves that read back, and keep the incremental
    /// hash equal to the one from scratch.
    #[test]
    fn random_games_behave(seed in any::<u64>(), v in 0usize..3) {
        let variant = [Variant::Tournament, Variant::Standard, Variant::Basic][v];
        let mut g = Gipf::new(variant);
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut moves = Vec::new();
        let mut plies = 0;
        while g.to_move() != ToMove::Over {
            g.legal_moves(&mut moves);
            prop_assert!(!moves.is_empty());
            let m = moves[rng.random_range(0..moves.len())];
            let text = g.format_move(m);
            prop_assert_eq!(g.parse_move(&text), Ok(m));
            g.play(m);
            prop_assert_eq!(g.hash(), g.hash_from_scratch());
            plies += 1;
            prop_assert!(plies < 3000, "no end");
        }
        prop_assert!(g.outcome().is_some());
    }
}

// ---------------------------------------------------------------------------------------------
// A passed turn (for a search's null-move test)
// ---------------------------------------------------------------------------------------------

/// The same board with the other player to move: the same position as one set up that way
/// (hash, turns), the game itself untouched; none where a row stands on the board (the mover
/// must take it first) or the game is over.
#[test]
fn a_passed_turn_hands_the_same_board_to_the_other_player() {
    let pieces = "od3 xd4 oc5 xe5 of4";
    let g = setup(Variant::Basic, pieces, [9, 10], WHITE);
    let passed = g.with_turn_passed().expect("a quiet position can be passed");
    let as_set_up = setup(Variant::Basic, pieces, [9, 10], BLACK);
    assert_eq!(passed.to_move(), ToMove::Player(BLACK));
    assert_eq!(passed.hash(), as_set_up.hash());
    assert_ne!(passed.hash(), g.hash());
    assert_eq!(legal(&passed), legal(&as_set_up));
    assert_eq!(g.to_move(), ToMove::Player(WHITE), "the position passed from is unchanged");
    // Passed back: the position passed from.
    assert_eq!(passed.with_turn_passed().unwrap().hash(), g.hash());

    // Four in a row on the board (White's, left by Black's push): White must take it first.
    let row = setup(Variant::Basic, "od3 od4 od5 od6 xe5", [8, 11], WHITE);
    assert!(row.with_turn_passed().is_none());
    // Over: Black has lost the last GIPF piece.
    let over = setup(Variant::Standard, "Ob5 Oe2", [8, 12], BLACK);
    assert!(over.outcome().is_some());
    assert!(over.with_turn_passed().is_none());
}
