//! GIPF: one test per rule of `rules/gipf.md`, perft fixtures, the seed's symmetry count,
//! conformance and property tests, and a speed measurement (ignored).

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use std::path::Path;
use tabla_core::conformance::check_random_games;
use tabla_core::perft::perft;
use tabla_core::{play_record, Game, MoveError, Player, ToMove};
use tabla_games::gipf::{Gipf, Variant};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const WHITE: Player = Player(0);
const BLACK: Player = Player(1);

/// A hand-built position with both tournament flags set (irrelevant outside tournament).
fn setup(variant: Variant, pieces: &str, reserve: [u8; 2], to_move: Player) -> Gipf {
    Gipf::from_text(variant, pieces, reserve, to_move, [true; 2], [true; 2]).unwrap()
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

fn play(g: &mut Gipf, text: &str) {
    let m = g.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    g.play(m);
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn winner(g: &Gipf) -> Option<Player> {
    let o = g.outcome().expect("the game is over");
    o.winners.iter().next()
}

fn variant_of(opts: &str) -> Variant {
    match opts.trim() {
        "" | "variant=tournament" => Variant::Tournament,
        "variant=standard" => Variant::Standard,
        "variant=basic" => Variant::Basic,
        other => panic!("unknown options {other}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Entering and pushing
// ---------------------------------------------------------------------------------------------

#[test]
fn an_entry_pushes_the_line_up_to_the_first_empty_point() {
    let mut g = setup(Variant::Basic, "od2 xd3 od5", [12, 12], WHITE);
    play(&mut g, "d1-d2");
    assert_eq!(g.piece_at("d2"), Some((WHITE, false)));
    assert_eq!(g.piece_at("d3"), Some((WHITE, false)));
    assert_eq!(g.piece_at("d4"), Some((BLACK, false)));
    assert_eq!(g.piece_at("d5"), Some((WHITE, false)));
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
    assert_eq!(g.piece_at("h2"), Some((BLACK, false)));
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
    assert_eq!(g2.piece_at("e5"), Some((WHITE, true)));
    assert_eq!(g2.piece_at("f5"), Some((BLACK, true)));
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
    let g = setup(Variant::Basic, "oc3 od4 oe5 ob3 ob4 ob5", [12, 12], WHITE);
    assert_eq!(with_entry(&g, "a1-b2"), set(&["a1-b2;xb2,c3,d4,e5", "a1-b2;xb2,b3,b4,b5"]));
}

#[test]
fn separate_rows_made_by_one_push_are_all_taken() {
    // The push turns b2 and d4 white: two rows across the entry line, both compulsory.
    let g = setup(Variant::Basic, "xb2 oc3 xd4 ob3 ob4 ob5 od5 od6 od7", [12, 12], WHITE);
    assert_eq!(with_entry(&g, "a1-b2"), set(&["a1-b2;xb2,b3,b4,b5,d4,d5,d6,d7"]));
}

#[test]
fn rows_of_both_colours_the_opponent_takes_theirs_next_turn() {
    // The push puts White on b2 (row b2-e2) and Black on c3 (row c3-c6). White's run takes
    // c2 from Black's run; Black takes the rest at the start of their turn.
    let mut g = setup(Variant::Basic, "xb2 oc2 od2 oe2 xc4 xc5 xc6", [12, 12], WHITE);
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
    play(&mut g, "a1-b2;xb2,c3,d4,e5,f5");
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(winner(&g), Some(WHITE));
}

#[test]
fn taking_your_own_last_gipf_piece_loses() {
    let mut g = setup(Variant::Standard, "oc3 od4 Oe5 Xh3", [5, 5], WHITE);
    assert!(legal(&g).contains("a1-b2;xb2,c3,d4"));
    play(&mut g, "a1-b2;xb2,c3,d4,e5");
    assert_eq!(winner(&g), Some(BLACK));
}

#[test]
fn both_last_gipf_pieces_in_one_take_is_a_draw() {
    let mut g = setup(Variant::Standard, "oc3 od4 Oe5 Xf5", [5, 5], WHITE);
    play(&mut g, "a1-b2;xb2,c3,d4,e5,f5");
    assert!(g.outcome().unwrap().is_draw());
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
    // Already so at White's turn.
    let g = setup(Variant::Basic, "oc3 xg3", [0, 5], WHITE);
    assert_eq!(g.to_move(), ToMove::Over);
    assert_eq!(winner(&g), Some(BLACK));
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
    let v = g.view_json();
    assert_eq!(v["cells"].as_array().unwrap().len(), 61);
    assert_eq!(v["pieces"].as_array().unwrap().len(), 4);
    assert_eq!(v["reserves"]["black"], 9);
}

// ---------------------------------------------------------------------------------------------
// Figures: perft, the seed's symmetry count
// ---------------------------------------------------------------------------------------------

struct PerftCase {
    options: String,
    moves: String,
    depth: u32,
    count: u64,
}

fn perft_cases() -> Vec<PerftCase> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gipf.perft");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 5, "{l}");
            PerftCase {
                options: f[0].to_string(),
                moves: f[1].to_string(),
                depth: f[2].parse().unwrap(),
                count: f[3].parse().unwrap(),
            }
        })
        .collect()
}

fn run_perft(max_depth: u32, min_depth: u32) {
    for c in perft_cases().into_iter().filter(|c| (min_depth..=max_depth).contains(&c.depth)) {
        let mut g = Gipf::new(variant_of(&c.options));
        for t in c.moves.split_whitespace() {
            play(&mut g, t);
        }
        assert_eq!(perft(&g, c.depth), c.count, "{} {} depth {}", c.options, c.moves, c.depth);
    }
}

#[test]
fn perft_fixtures_to_depth_3() {
    run_perft(3, 1);
}

#[test]
#[ignore = "slow: run by .ci/run"]
fn perft_fixtures_depth_4() {
    run_perft(4, 4);
}

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
