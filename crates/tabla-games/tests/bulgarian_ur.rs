//! Bulgarian Ur: every rule of `rules/bulgarian-ur.md` played out through records, the
//! perft fixtures, the conformance run and property tests.

/// One module named after the game, so that `cargo test ... bulgarian_ur` selects these tests.
mod bulgarian_ur {
    use proptest::prelude::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use std::collections::BTreeSet;
    use tabla_core::perft::{perft, sample_chance};
    use tabla_core::{play_record, Game, MoveError, Player, ToMove};
    use tabla_games::bulgarian_ur::{
        BulgarianUr, Centre, Colour, Config, Quiet, Square, UrMove, BLACK, YELLOW,
    };

    // ---------------------------------------------------------------------------------------------
    // Helpers

    /// A position behind the registry's object-safe face (not imported as a trait, so that the
    /// typed `Game` methods stay unambiguous).
    type Dyn = dyn tabla_core::DynGame;

    fn start(options: &[&str]) -> tabla_games::AnyGame {
        let words: Vec<String> = options.iter().map(|s| s.to_string()).collect();
        tabla_games::new_game("bulgarian-ur", &words).unwrap()
    }

    /// The position after `record` under `options`; panics with the bad token.
    fn after_with(options: &[&str], record: &str) -> tabla_games::AnyGame {
        let mut g = start(options);
        play_record(g.as_mut(), record, |_| {}).unwrap_or_else(|e| panic!("{e}"));
        g
    }

    fn after(record: &str) -> tabla_games::AnyGame {
        after_with(&[], record)
    }

    fn legal(g: &Dyn) -> BTreeSet<String> {
        g.legal().into_iter().collect()
    }

    fn set(moves: &[&str]) -> BTreeSet<String> {
        moves.iter().map(|s| s.to_string()).collect()
    }

    fn assert_legal(record: &str, moves: &[&str]) {
        assert_eq!(legal(after(record).as_ref()), set(moves), "after {record}");
    }

    /// The tower on the view cell `id` (`c5`, `b3`, `y14`), bottom to top as glyphs: B/Y,
    /// upper case blue, lower case red.
    fn tower(g: &Dyn, id: &str) -> String {
        let view = g.view();
        let cell = view.cells.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("no cell {id}"));
        cell.stack
            .iter()
            .map(|d| {
                let c = if d.owner == Some("black") { 'B' } else { 'Y' };
                match d.kind {
                    "red" => c.to_ascii_lowercase(),
                    "blue" => c,
                    other => panic!("a disc is blue or red, not {other}"),
                }
            })
            .collect()
    }

    /// A player's public count in the view (`reserve`, `removed`, `prisoners`, ...).
    fn count(g: &Dyn, who: &str, key: &str) -> i64 {
        let view = g.view();
        let p = view.players.iter().find(|p| p.name == who).unwrap();
        *p.counts.get(key).unwrap_or_else(|| panic!("{who} has no count {key}"))
    }

    fn removed_by(g: &Dyn, who: &str) -> i64 {
        count(g, who, "removed")
    }

    fn winners(g: &Dyn) -> Option<Vec<&'static str>> {
        let names = g.player_names();
        g.outcome().map(|o| o.winners.iter().map(|p| names[p.index()]).collect())
    }

    /// Why the game ended: the reason's key and English words, `None` while it goes on.
    fn why(g: &Dyn) -> Option<(&'static str, String)> {
        g.end_reason().map(|r| (r.key, r.text))
    }

    fn play_err(record: &str, token: &str) -> MoveError {
        let mut g = after(record);
        let before = g.hash();
        let e = g.play_text(token).expect_err(token);
        assert_eq!(g.hash(), before, "a refused move changed the position");
        e
    }

    /// Black's disc goes 4 → 10 → base 1 (turning red) while Yellow enters one disc on its 1
    /// and steps it to 2. Then it is Yellow's turn; nothing was captured.
    const RED_ON_BASE: &str = "first=black r4 0-4 r1 0-1 r6 4-10 r1 1-2 r4 10-14";

    // ---------------------------------------------------------------------------------------------
    // Who starts, the die

    #[test]
    fn the_roll_off_is_the_first_chance_event() {
        let g = start(&[]);
        assert_eq!(g.to_move(), ToMove::Chance);
        assert_eq!(
            g.chance(),
            vec![("first=black".to_string(), 0.5), ("first=yellow".to_string(), 0.5)]
        );
        for (first, name) in [("first=black", "black"), ("first=yellow", "yellow")] {
            let g = after(first);
            assert_eq!(g.to_move(), ToMove::Chance, "the starter rolls first");
            let g = after(&format!("{first} r3"));
            let ToMove::Player(p) = g.to_move() else { panic!("a player moves after a roll") };
            assert_eq!(g.player_names()[p.index()], name);
        }
    }

    #[test]
    fn the_die_has_six_equal_faces_every_turn() {
        for record in ["first=black", "first=black r2 0-2", "first=yellow r6 0-6 r1 0-1"] {
            let chance = after(record).chance();
            let tokens: Vec<&str> = chance.iter().map(|(t, _)| t.as_str()).collect();
            assert_eq!(tokens, ["r1", "r2", "r3", "r4", "r5", "r6"]);
            assert!(chance.iter().all(|&(_, p)| p == 1.0 / 6.0));
        }
    }

    #[test]
    fn turns_alternate() {
        let g = after("first=yellow r2 0-2 r3");
        assert_eq!(g.to_move(), ToMove::Player(BLACK));
        let g = after("first=yellow r2 0-2 r3 0-3 r1");
        assert_eq!(g.to_move(), ToMove::Player(YELLOW));
    }

    // ---------------------------------------------------------------------------------------------
    // Moves

    #[test]
    fn the_first_move_is_forced_entry_on_the_roll() {
        for first in ["first=black", "first=yellow"] {
            for r in 1..=6 {
                assert_legal(&format!("{first} r{r}"), &[&format!("0-{r}")]);
            }
        }
    }

    #[test]
    fn enter_and_forward() {
        assert_legal("first=black r3 0-3 r2", &["0-2"]);
        // A disc entered on 3 goes 4 forward to 7; a new disc enters on 4.
        assert_legal("first=black r3 0-3 r2 0-2 r4", &["0-4", "3-7"]);
        // Entering on the player's own disc stacks on it.
        let g = after("first=black r3 0-3 r2 0-2 r3 0-3");
        assert_eq!(tower(g.as_ref(), "b3"), "BB");
    }

    #[test]
    fn start_squares_are_private() {
        // Both players' discs on "their 3": two different squares.
        let g = after("first=black r3 0-3 r3 0-3");
        assert_eq!(tower(g.as_ref(), "b3"), "B");
        assert_eq!(tower(g.as_ref(), "y3"), "Y");
    }

    #[test]
    fn the_base_needs_the_exact_roll_and_nothing_overshoots() {
        // Black's disc on 10, Yellow's on its 2.
        let to_ten = "first=black r4 0-4 r1 0-1 r6 4-10 r1 1-2";
        assert_legal(&format!("{to_ten} r4"), &["0-4", "10-14"]);
        assert_legal(&format!("{to_ten} r3"), &["0-3", "10-13"]);
        // 10 + 5 and 10 + 6 are past base 1: only entering; and blue discs never step back.
        assert_legal(&format!("{to_ten} r5"), &["0-5"]);
        assert_legal(&format!("{to_ten} r6"), &["0-6"]);
        let e = play_err(&format!("{to_ten} r5"), "10-15");
        assert!(matches!(e, MoveError::Unreadable { .. }), "{e}");
        let e = play_err(&format!("{to_ten} r5"), "10-5");
        assert!(e.to_string().contains("blue"), "{e}");
    }

    #[test]
    fn a_blue_disc_turns_red_on_base_one_and_may_go_back_or_re_enter() {
        let g = after(RED_ON_BASE);
        assert_eq!(tower(g.as_ref(), "b14"), "b");
        // Yellow steps on; Black, with 2: enter, 2 back to 12, or re-enter on 2.
        assert_legal(&format!("{RED_ON_BASE} r1 2-3 r2"), &["0-2", "14-12", "14-2"]);
        // From base 1 back to base 2.
        assert_legal(&format!("{RED_ON_BASE} r1 2-3 r1"), &["0-1", "14-13", "14-1"]);
        // A re-entered disc stays red.
        let g = after(&format!("{RED_ON_BASE} r1 2-3 r2 14-2"));
        assert_eq!(tower(g.as_ref(), "b2"), "b");
    }

    #[test]
    fn no_backward_move_below_square_one() {
        // A red disc on Black's 2: with 3 it can only go forward; with 1 it may step back to 1.
        let red_on_two = format!("{RED_ON_BASE} r1 2-3 r2 14-2 r1 3-4");
        assert_legal(&format!("{red_on_two} r3"), &["0-3", "2-5"]);
        assert_legal(&format!("{red_on_two} r1"), &["0-1", "2-3", "2-1"]);
        assert_legal(&format!("{red_on_two} r2"), &["0-2", "2-4"]);
        let e = play_err(&format!("{red_on_two} r3"), "2-0");
        assert!(e.to_string().contains("1-14"), "{e}");
    }

    /// Black brings all ten discs to base 2 (6, 12, 13) while Yellow shuffles on its start
    /// squares: 60 quiet turns, then Black has no reserve and only blue discs on 13.
    fn all_on_base_two() -> String {
        let mut record = String::from("first=black");
        let yellow = |turn: usize| match turn {
            0..=9 => " r1 0-1",
            10..=19 => " r1 1-2",
            _ => " r1 2-3",
        };
        let mut yt = 0;
        for _ in 0..10 {
            for black in [" r6 0-6", " r6 6-12", " r1 12-13"] {
                record.push_str(black);
                record.push_str(yellow(yt));
                yt += 1;
            }
        }
        record
    }

    #[test]
    fn passing_only_when_no_move_exists() {
        let record = all_on_base_two();
        let g = after(&record);
        assert_eq!(tower(g.as_ref(), "b13"), "BBBBBBBBBB");
        for r in 2..=6 {
            assert_legal(&format!("{record} r{r}"), &["pass"]);
        }
        assert_legal(&format!("{record} r1"), &["13-14"]);
        let e = play_err(&format!("{record} r1"), "pass");
        assert!(e.to_string().contains("13-14"), "{e}");
        // A pass ends the turn.
        let g = after(&format!("{record} r2 pass"));
        assert_eq!(g.to_move(), ToMove::Chance);
        let g = after(&format!("{record} r2 pass r1"));
        assert_eq!(g.to_move(), ToMove::Player(YELLOW));
    }

    // ---------------------------------------------------------------------------------------------
    // Towers, guards and prisoners

    #[test]
    fn entering_on_an_enemy_disc_captures_it() {
        let g = after("first=black r5 0-5 r5 0-5");
        assert_eq!(tower(g.as_ref(), "c5"), "BY");
        // Black's only disc on the board is a prisoner: Black can only enter.
        assert_legal("first=black r5 0-5 r5 0-5 r1", &["0-1"]);
        // Black enters on the tower: captures the guard, the black disc below stays a prisoner.
        let g = after("first=black r5 0-5 r5 0-5 r5 0-5");
        assert_eq!(tower(g.as_ref(), "c5"), "BYB");
        assert_legal("first=black r5 0-5 r5 0-5 r5 0-5 r2", &["0-2"]);
    }

    #[test]
    fn forward_moves_capture() {
        let g = after("first=black r1 0-1 r5 0-5 r4 1-5");
        assert_eq!(tower(g.as_ref(), "c5"), "YB");
        assert_legal("first=black r1 0-1 r5 0-5 r4 1-5 r3", &["0-3"]);
    }

    #[test]
    fn re_entering_captures_and_a_red_guard_carries_prisoners_back_into_its_start_squares() {
        // Yellow's disc on 5; Black re-enters on it from base 1.
        let yellow_on_five = format!("{RED_ON_BASE} r3 2-5 r5");
        assert_legal(&yellow_on_five, &["0-5", "14-9", "14-5"]);
        let captured = format!("{yellow_on_five} 14-5");
        let g = after(&captured);
        assert_eq!(tower(g.as_ref(), "c5"), "Yb");
        assert_legal(&format!("{captured} r2"), &["0-2"]);
        // The red guard takes its prisoner back to Black's 3, where Yellow cannot reach it.
        let back = format!("{captured} r2 0-2 r2");
        assert_legal(&back, &["0-2", "5-7", "5-3"]);
        let g = after(&format!("{back} 5-3"));
        assert_eq!(tower(g.as_ref(), "b3"), "Yb");
        assert_eq!(tower(g.as_ref(), "c5"), "");
        assert_legal(&format!("{back} 5-3 r1"), &["0-1", "2-3"]);
        // ... and out again, prisoner and all.
        let g = after(&format!("{back} 5-3 r1 0-1 r2 3-5"));
        assert_eq!(tower(g.as_ref(), "c5"), "Yb");
        assert_eq!(tower(g.as_ref(), "b3"), "");
    }

    #[test]
    fn backward_moves_capture_and_a_freed_red_disc_stays_red() {
        // Yellow on 8; Black's red disc steps back from base 1 onto it.
        let on_eight = format!("{RED_ON_BASE} r6 2-8 r6");
        assert_legal(&on_eight, &["0-6", "14-8", "14-6"]);
        let captured = format!("{on_eight} 14-8");
        assert_eq!(tower(after(&captured).as_ref(), "c8"), "Yb");
        // Yellow retakes the tower: its new guard holds the red disc, the bottom yellow disc is
        // still a prisoner (an enemy disc stands above it).
        let retaken = format!("{captured} r4 0-4 r1 0-1 r4 4-8");
        assert_eq!(tower(after(&retaken).as_ref(), "c8"), "YbY");
        assert_legal(&format!("{retaken} r1"), &["0-1", "1-2"]);
        // Black lands on top: its prisoner is just the yellow guard (below it is Black's own).
        let black_on_top = format!("{retaken} r1 1-2 r1 0-1 r6 2-8");
        assert_eq!(tower(after(&black_on_top).as_ref(), "c8"), "YbYB");
        assert_legal(&format!("{black_on_top} r1"), &["0-1", "1-2"]);
        // Black's guard leaves with the yellow guard: the red disc is free, with its prisoner.
        let freed = format!("{black_on_top} r1 1-2 r1 8-9");
        let g = after(&freed);
        assert_eq!(tower(g.as_ref(), "c8"), "Yb");
        assert_eq!(tower(g.as_ref(), "c9"), "YB");
        // Still red: it may move backward.
        assert_legal(&format!("{freed} r1 0-1 r1"), &["0-1", "9-10", "8-9", "8-7"]);
    }

    /// The rules file's example: a tower Y B Y B B B Y B Y (bottom to top) taken apart by Yellow
    /// in three moves carrying 1, 3 and 1 prisoners; the bottom Y is then free.
    #[test]
    fn the_tower_example() {
        let built = "first=yellow r5 0-5 r5 0-5 r5 0-5 r5 0-5 r1 0-1 r5 0-5 r1 1-2 r5 0-5 r5 0-5 \
                 r5 0-5 r5 0-5";
        let g = after(built);
        assert_eq!(tower(g.as_ref(), "c5"), "YBYBBBYBY");
        // Black's discs on the board are all prisoners.
        assert_legal(&format!("{built} r1"), &["0-1"]);
        let one = format!("{built} r1 0-1 r1 5-6");
        let g = after(&one);
        assert_eq!(tower(g.as_ref(), "c6"), "BY", "the top Y carries 1 prisoner");
        assert_eq!(tower(g.as_ref(), "c5"), "YBYBBBY");
        let three = format!("{one} r1 1-2 r2 5-7");
        let g = after(&three);
        assert_eq!(tower(g.as_ref(), "c7"), "BBBY", "the next Y carries 3");
        assert_eq!(tower(g.as_ref(), "c5"), "YBY");
        let last = format!("{three} r1 2-3 r3 5-8");
        let g = after(&last);
        assert_eq!(tower(g.as_ref(), "c8"), "BY", "the next Y carries 1");
        assert_eq!(tower(g.as_ref(), "c5"), "Y");
        // The bottom Y is free: Yellow may move it.
        assert!(legal(after(&format!("{last} r1 3-4 r1")).as_ref()).contains("5-6"));
    }

    #[test]
    fn base_two_keeps_prisoners_and_base_one_removes_them() {
        let carried = "first=black r5 0-5 r5 0-5 r1 0-1 r6 5-11 r1 1-2 r2 11-13";
        let g = after(carried);
        assert_eq!(tower(g.as_ref(), "y13"), "BY");
        // Black cannot reach Yellow's base; its prisoner cannot move.
        assert_legal(&format!("{carried} r6"), &["0-6", "2-8"]);
        let removed = format!("{carried} r6 2-8 r1 13-14");
        let g = after(&removed);
        assert_eq!(tower(g.as_ref(), "y14"), "y", "prisoner gone, the guard turned red");
        assert_eq!(removed_by(g.as_ref(), "yellow"), 1);
        assert_eq!(removed_by(g.as_ref(), "black"), 0);
        assert_eq!(count(g.as_ref(), "black", "reserve"), 8);
    }

    // ---------------------------------------------------------------------------------------------
    // End of the game

    #[test]
    fn a_player_with_no_free_disc_loses() {
        // Black stacks all ten discs on 5; Yellow then enters on the tower and holds them all.
        let mut record = String::from("first=black");
        for i in 0..10 {
            record.push_str(" r5 0-5");
            if i < 9 {
                record.push_str(" r1 0-1");
            }
        }
        let g = after(&record);
        assert_eq!(tower(g.as_ref(), "c5"), "BBBBBBBBBB");
        assert_eq!(winners(g.as_ref()), None);
        assert_eq!(why(g.as_ref()), None);
        let g = after(&format!("{record} r5 0-5"));
        assert_eq!(winners(g.as_ref()), Some(vec!["yellow"]));
        let text = "none of black's discs is free: all are prisoners";
        assert_eq!(why(g.as_ref()), Some(("ur.prisoners", text.into())));
        assert_eq!(g.to_move(), ToMove::Over);
        assert!(g.legal().is_empty());
    }

    /// Both players bring a disc to base 1 (red), then step it 13 ↔ 14 for ever: no captures.
    fn quiet_record(turns: usize) -> String {
        let mut record = String::from(
            "first=black r4 0-4 r4 0-4 r6 4-10 r2 4-6 r4 10-14 r6 6-12 r1 14-13 r2 12-14",
        );
        let mut black_up = true;
        let mut yellow_up = false;
        for t in 8..turns {
            let up = if t % 2 == 0 { &mut black_up } else { &mut yellow_up };
            record.push_str(if *up { " r1 13-14" } else { " r1 14-13" });
            *up = !*up;
        }
        record
    }

    #[test]
    fn the_quiet_rule_ends_the_game() {
        let g = after(&quiet_record(99));
        assert_eq!(winners(g.as_ref()), None);
        let g = after(&quiet_record(100));
        assert_eq!(winners(g.as_ref()), Some(vec![]), "right after the 100th quiet turn, equal");
        let text = "100 turns in a row without a capture; both removed as many discs";
        assert_eq!(why(g.as_ref()), Some(("ur.quiet.draw", text.into())));
        assert!(g.legal().is_empty());
        let g = after_with(&["quiet=off"], &quiet_record(300));
        assert_eq!(winners(g.as_ref()), None);
        let g = after_with(&["quiet=20"], &quiet_record(20));
        assert_eq!(winners(g.as_ref()), Some(vec![]));
        let g = after_with(&["quiet=1"], "first=black r1 0-1");
        assert_eq!(winners(g.as_ref()), Some(vec![]));
    }

    #[test]
    fn passes_count_as_quiet_turns_and_the_roll_off_does_not() {
        assert_eq!(winners(after_with(&["quiet=1"], "first=black").as_ref()), None);
        // 60 quiet turns, then the pass is the 61st.
        let record = format!("{} r2 pass", all_on_base_two());
        assert_eq!(winners(after_with(&["quiet=62"], &record).as_ref()), None);
        assert_eq!(winners(after_with(&["quiet=61"], &record).as_ref()), Some(vec![]));
    }

    #[test]
    fn captures_and_removals_reset_the_quiet_count_and_removals_decide() {
        // A capture at turn 2 restarts the count: 2 quiet turns after it end the game.
        let g = after_with(&["quiet=2"], "first=black r5 0-5 r5 0-5 r1 0-1");
        assert_eq!(winners(g.as_ref()), None);
        let g = after_with(&["quiet=2"], "first=black r5 0-5 r5 0-5 r1 0-1 r1 0-1");
        assert_eq!(winners(g.as_ref()), Some(vec![]));
        // Yellow removes a black disc (turn 8 resets the count); 6 quiet turns later Yellow wins.
        let removed = "first=black r5 0-5 r5 0-5 r1 0-1 r6 5-11 r1 1-2 r2 11-13 r6 2-8 r1 13-14";
        let five = format!("{removed} r1 0-1 r1 0-1 r1 1-2 r1 1-2 r1 0-1");
        assert_eq!(winners(after_with(&["quiet=6"], &five).as_ref()), None);
        let six = format!("{five} r1 2-3");
        let g = after_with(&["quiet=6"], &six);
        assert_eq!(winners(g.as_ref()), Some(vec!["yellow"]));
        let text = "6 turns in a row without a capture; yellow removed more discs than black";
        assert_eq!(why(g.as_ref()), Some(("ur.quiet.win", text.into())));
        let args = g.end_reason().unwrap().args;
        assert_eq!((args["more"].as_str(), args["fewer"].as_str()), ("1", "0"));
    }

    // ---------------------------------------------------------------------------------------------
    // centre=opposite and discs (issue 13)

    const OPPOSITE: &[&str] = &["centre=opposite"];

    fn opposite(record: &str) -> tabla_games::AnyGame {
        after_with(OPPOSITE, record)
    }

    fn assert_legal_opposite(record: &str, moves: &[&str]) {
        assert_eq!(legal(opposite(record).as_ref()), set(moves), "centre=opposite, after {record}");
    }

    #[test]
    fn opposite_tracks_cross_in_the_centre() {
        // Black's n is Yellow's 17 - n: Black's 8 and Yellow's 9 are the same square.
        for n in 5..=12 {
            assert_eq!(
                Square::on_track(Centre::Opposite, BLACK, n),
                Square::on_track(Centre::Opposite, YELLOW, 17 - n)
            );
        }
        // Start squares and bases stay private, the notation unchanged: both enter on "their 3".
        let g = opposite("first=black r3 0-3 r3 0-3");
        assert_eq!(tower(g.as_ref(), "b3"), "B");
        assert_eq!(tower(g.as_ref(), "y3"), "Y");
        // Yellow's 5 is Black's 12: entering there is no capture of Black's disc on 5.
        let g = opposite("first=black r5 0-5 r5 0-5");
        assert_eq!(tower(g.as_ref(), "c5"), "B");
        assert_eq!(tower(g.as_ref(), "c12"), "Y");
        assert_legal_opposite("first=black r5 0-5 r5 0-5 r1", &["0-1", "5-6"]);
        // The same record under the default captures.
        assert_eq!(tower(after("first=black r5 0-5 r5 0-5").as_ref(), "c5"), "BY");
    }

    #[test]
    fn opposite_head_on_capture_in_the_centre() {
        // Black's disc on its 8; Yellow's on its 5 (Black's 12) runs into it: 5 + 4 = its 9.
        let met = "first=black r4 0-4 r5 0-5 r4 4-8 r4";
        assert_legal_opposite(met, &["0-4", "5-9"]);
        let g = opposite(&format!("{met} 5-9"));
        assert_eq!(tower(g.as_ref(), "c8"), "BY");
        assert_eq!(tower(g.as_ref(), "c12"), "");
        assert_eq!(count(g.as_ref(), "yellow", "prisoners"), 1);
        // Black's only disc on the board is a prisoner: it can only enter.
        assert_legal_opposite(&format!("{met} 5-9 r2"), &["0-2"]);
        // Yellow's guard carries it on along Yellow's track, away from Black's direction.
        let on = format!("{met} 5-9 r2 0-2 r3");
        assert_legal_opposite(&on, &["0-3", "9-12"]);
        let g = opposite(&format!("{on} 9-12"));
        assert_eq!(tower(g.as_ref(), "c5"), "BY");
    }

    #[test]
    fn opposite_blacks_five_is_taken_from_yellows_twelve() {
        // Black's disc on its 5, which is Yellow's 12: Yellow's disc on its 6 lands there.
        let record = "first=black r5 0-5 r6 0-6 r1 0-1 r6";
        assert_legal_opposite(record, &["0-6", "6-12"]);
        let g = opposite(&format!("{record} 6-12"));
        assert_eq!(tower(g.as_ref(), "c5"), "BY");
        assert_eq!(tower(g.as_ref(), "c11"), "");
        // From there Yellow's guard goes on to its base 2 with the prisoner.
        let g = opposite(&format!("{record} 6-12 r1 1-2 r1"));
        assert!(legal(g.as_ref()).contains("12-13"));
        let g = opposite(&format!("{record} 6-12 r1 1-2 r1 12-13"));
        assert_eq!(tower(g.as_ref(), "y13"), "BY");
    }

    #[test]
    fn opposite_entering_with_five_or_six_captures_on_the_enemys_twelve_or_eleven() {
        // Black's disc on its 12 is Yellow's 5; Yellow enters on it with a 5.
        let on_twelve = "first=black r6 0-6 r1 0-1 r6 6-12 r5";
        assert_legal_opposite(on_twelve, &["0-5", "1-6"]);
        let g = opposite(&format!("{on_twelve} 0-5"));
        assert_eq!(tower(g.as_ref(), "c12"), "BY");
        // Black's disc on its 11 is Yellow's 6; Yellow enters on it with a 6.
        let on_eleven = "first=black r5 0-5 r1 0-1 r6 5-11 r6";
        assert_legal_opposite(on_eleven, &["0-6", "1-7"]);
        let g = opposite(&format!("{on_eleven} 0-6"));
        assert_eq!(tower(g.as_ref(), "c11"), "BY");
        // And the other way: Yellow's disc on its 12 (c5) is taken by Black entering with 5,
        // on its 11 (c6) by Black entering with 6.
        let g = opposite("first=yellow r6 0-6 r1 0-1 r6 6-12 r5 0-5");
        assert_eq!(tower(g.as_ref(), "c5"), "YB");
        let g = opposite("first=yellow r5 0-5 r1 0-1 r6 5-11 r6 0-6");
        assert_eq!(tower(g.as_ref(), "c6"), "YB");
    }

    #[test]
    fn opposite_a_red_guard_carries_a_prisoner_back_through_the_centre_into_its_start_squares() {
        // Black's red disc on base 1 (the same record as on Ur's board: no meeting).
        assert_eq!(tower(opposite(RED_ON_BASE).as_ref(), "b14"), "b");
        // Yellow's disc to its 8 (Black's 9); Black's red disc steps back onto it from 14.
        let captured = format!("{RED_ON_BASE} r6 2-8 r5");
        assert_legal_opposite(&captured, &["0-5", "14-9", "14-5"]);
        let captured = format!("{captured} 14-9");
        assert_eq!(tower(opposite(&captured).as_ref(), "c9"), "Yb");
        // The red guard takes its prisoner 6 back along Black's track: through the centre
        // into Black's start square 3, out of Yellow's reach.
        let back = format!("{captured} r1 0-1 r6");
        assert_legal_opposite(&back, &["0-6", "9-3"]);
        let g = opposite(&format!("{back} 9-3"));
        assert_eq!(tower(g.as_ref(), "b3"), "Yb");
        assert_eq!(tower(g.as_ref(), "c9"), "");
        assert_eq!(count(g.as_ref(), "black", "prisoners"), 1);
    }

    #[test]
    fn one_disc_games_end_when_the_only_disc_is_taken() {
        let one = ["discs=1"];
        let g = after_with(&one, "first=black r5 0-5 r3");
        // No reserve left: Yellow's only disc enters, Black's only disc moves.
        assert_eq!(legal(g.as_ref()), set(&["0-3"]));
        assert_eq!(legal(after_with(&one, "first=black r5 0-5 r3 0-3 r2").as_ref()), set(&["5-7"]));
        let g = after_with(&one, "first=black r5 0-5 r5 0-5");
        assert_eq!(winners(g.as_ref()), Some(vec!["yellow"]));
        assert_eq!(why(g.as_ref()).unwrap().0, "ur.prisoners", "the only disc is a prisoner");
        assert_eq!(g.to_move(), ToMove::Over);
        // With two-way traffic: a head-on capture of the only disc.
        let both = ["discs=1", "centre=opposite"];
        let g = after_with(&both, "first=black r4 0-4 r5 0-5 r4 4-8 r4");
        assert_eq!(legal(g.as_ref()), set(&["5-9"]), "Yellow has no reserve: one move");
        let g = after_with(&both, "first=black r4 0-4 r5 0-5 r4 4-8 r4 5-9");
        assert_eq!(winners(g.as_ref()), Some(vec!["yellow"]));
        assert!(g.position_text().ends_with("turn=won:yellow quiet=0"), "{}", g.position_text());
    }

    #[test]
    fn the_twin_board_is_drawn_and_viewed_turned_half_round() {
        let g = opposite("first=black r5 0-5 r5 0-5");
        let view = g.view();
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(json["board"], serde_json::json!({"kind": "track", "layout": "ur-twin"}));
        // Black's row as on Ur's board; Yellow's turned: start squares on Yellow's left (the
        // drawing's right), base 2 and base 1 at the left edge.
        for (id, at) in [
            ("b1", (3.0, 0.0)),
            ("b4", (0.0, 0.0)),
            ("b14", (6.0, 0.0)),
            ("b13", (7.0, 0.0)),
            ("c5", (0.0, 1.0)),
            ("c12", (7.0, 1.0)),
            ("y1", (4.0, 2.0)),
            ("y4", (7.0, 2.0)),
            ("y14", (1.0, 2.0)),
            ("y13", (0.0, 2.0)),
            ("y0", (3.0, 2.0)),
            ("b-out", (2.0, 2.0)),
        ] {
            assert_eq!(xy(&view, id), at, "{id}");
        }
        assert_eq!(tower(g.as_ref(), "c12"), "Y");
        // Both numbers on a centre square: Black's below, Yellow's above.
        let mut at_c5: Vec<_> = view
            .labels
            .iter()
            .filter(|l| l.x == 0.0 && (0.5..1.5).contains(&l.y))
            .map(|l| (l.text.as_str(), l.y > 1.0))
            .collect();
        at_c5.sort();
        assert_eq!(at_c5, [("12", true), ("5", false)]);
        // Yellow's entry on its 5 is a click on c12.
        let g = opposite("first=black r5 0-5 r5");
        assert_eq!(
            g.paths(),
            [("0-5".to_string(), vec![vec!["y0".to_string(), "c12".to_string()]])]
        );
        // The terminal picture: Yellow's numbers over the centre, right to left; Black's below.
        let text = opposite("first=black r5 0-5 r5 0-5").render_text();
        let rows: Vec<&str> = text.lines().collect();
        assert!(rows[0].contains("13  > 14") && rows[0].contains("1  >  2  >  3  >  4"), "{text}");
        assert!(rows[1].starts_with("yellow"), "{text}");
        assert!(rows[2].contains("12  < 11  < 10"), "{text}");
        assert!(rows[3].starts_with("centre  [B  ]") && rows[3].ends_with("[Y  ]"), "{text}");
        assert!(rows[4].contains("5  >  6  >  7"), "{text}");
        assert!(rows[5].starts_with("black"), "{text}");
        assert!(rows[6].contains("4  <  3  <  2  <  1"), "{text}");
        assert!(text.contains("centre b12 y5 Y"), "{text}");
    }

    #[test]
    fn position_texts_belong_to_their_options() {
        let g = after_with(&["discs=3", "centre=opposite"], "first=black r5 0-5 r5 0-5");
        let text = g.position_text();
        assert_eq!(text, "towers=c5:B,c12:Y reserve=2,2 removed=0,0 turn=black quiet=2");
        assert_eq!(g.read_position(&text).unwrap().hash(), g.hash());
        // Under 10 discs the counts do not add up.
        let e = start(&[]).read_position(&text).unwrap_err();
        assert!(e.to_string().contains("each player has 10"), "{e}");
    }

    // ---------------------------------------------------------------------------------------------
    // Notation, options, drawing

    #[test]
    fn notation_errors_say_what_was_wrong() {
        let unreadable = |record: &str, token: &str, says: &str| {
            let e = play_err(record, token);
            assert!(matches!(e, MoveError::Unreadable { .. }), "{token}: {e}");
            assert!(e.to_string().contains(says), "{token}: {e}");
        };
        unreadable("", "first=red", "black or yellow");
        unreadable("first=black", "r7", "1 to 6");
        unreadable("first=black r3", "0-15", "1-14");
        unreadable("first=black r3", "15-3", "0 (the reserve)");
        unreadable("first=black r3", "a-b", "numbers");
        unreadable("first=black r3", "e4", "FROM-TO");
        unreadable("first=black r3", "3-3", "same square");
        let illegal = |record: &str, token: &str, says: &str| {
            let e = play_err(record, token);
            assert!(matches!(e, MoveError::Illegal { .. }), "{token}: {e}");
            assert!(e.to_string().contains(says), "{token}: {e}");
        };
        illegal("", "r3", "roll-off");
        illegal("first=black", "0-3", "rolls the die");
        illegal("first=black r3", "r4", "has rolled r3");
        illegal("first=black r3", "0-4", "enters on square 3");
        illegal("first=black r3", "3-6", "empty");
        illegal("first=black r3 0-3 r5 0-5 r2", "3-6", "the roll is 2");
        illegal("first=black r5 0-5 r5 0-5 r1", "5-6", "only the top disc moves");
        illegal("first=black r4 0-4 r1 0-1 r6 4-10 r1 1-2 r5", "10-14", "would pass square 14");
        illegal("first=black r4 0-4 r1 0-1 r6 4-10 r1 1-2 r5", "10-12", "would pass square 14");
        // Friendly spellings of the same move.
        let mut g = after("first=black");
        assert_eq!(g.play_text(" R3 ").unwrap(), "r3");
        assert_eq!(g.play_text("0 - 3").unwrap(), "0-3");
        let mut g = start(&[]);
        assert_eq!(g.play_text("FIRST=Yellow").unwrap(), "first=yellow");
    }

    #[test]
    fn options() {
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(tabla_games::new_game("bulgarian-ur", &words(&["quiet=off"])).is_ok());
        assert!(tabla_games::new_game("bulgarian-ur", &words(&["quiet=OFF"])).is_ok());
        assert!(tabla_games::new_game("bulgarian-ur", &words(&["quiet=1"])).is_ok());
        for bad in ["quiet=0", "quiet=-3", "quiet=lots", "quiet=on"] {
            let e = tabla_games::new_game("bulgarian-ur", &words(&[bad])).err().unwrap();
            assert!(e.0.contains("or off"), "{bad}: {e}");
        }
        let e = tabla_games::new_game("bulgarian-ur", &words(&["size=3"])).err().unwrap();
        assert!(e.0.contains("quiet") && e.0.contains("centre") && e.0.contains("discs"), "{e}");
        // The options of issue 13.
        for good in ["centre=same", "centre=opposite", "centre=Opposite", "discs=1", "discs=10"] {
            assert!(tabla_games::new_game("bulgarian-ur", &words(&[good])).is_ok(), "{good}");
        }
        for (bad, allowed) in [
            ("discs=0", "from 1 to 10"),
            ("discs=11", "from 1 to 10"),
            ("discs=three", "from 1 to 10"),
            ("centre=both", "same, opposite"),
            ("centre=", "same, opposite"),
        ] {
            let e = tabla_games::new_game("bulgarian-ur", &words(&[bad])).err().unwrap();
            assert!(e.0.contains(allowed) && e.0.contains(bad), "{bad}: {e}");
        }
        let g = start(&["discs=3", "centre=opposite", "quiet=off"]);
        let tabla_games::AnyGame::BulgarianUr(ur) = &g else { unreachable!() };
        assert_eq!(ur.config(), Config { centre: Centre::Opposite, discs: 3, quiet: Quiet::Off });
        assert_eq!(g.position_text(), "towers=- reserve=3,3 removed=0,0 turn=roll-off quiet=0");
    }

    #[test]
    fn drawing_shows_towers_reserves_removals_and_the_turn() {
        let g =
            after("first=black r5 0-5 r5 0-5 r1 0-1 r6 5-11 r1 1-2 r2 11-13 r6 2-8 r1 13-14 r3");
        let text = g.render_text();
        for part in ["yellow 14  y", "centre 8   B", "Reserve: black 8, yellow 9", "black rolled 3"]
        {
            assert!(text.contains(part), "{part} missing from\n{text}");
        }
        assert!(
            text.contains("Removed from the game: 0 yellow by black, 1 black by yellow"),
            "{text}"
        );
        let rows: Vec<&str> = text.lines().collect();
        assert!(rows[1].starts_with("yellow") && rows[2].starts_with("centre"), "{text}");
        let g = after("first=yellow r5 0-5 r5 0-5 r5 0-5");
        assert!(g.render_text().contains("centre 5   Y B Y"), "{}", g.render_text());
    }

    #[test]
    fn squares_name_the_same_centre_for_both_players() {
        for n in 5..=12 {
            assert_eq!(
                Square::on_track(Centre::Same, BLACK, n),
                Square::on_track(Centre::Same, YELLOW, n)
            );
        }
        for n in [1, 2, 3, 4, 13, 14] {
            assert_ne!(
                Square::on_track(Centre::Same, BLACK, n),
                Square::on_track(Centre::Same, YELLOW, n)
            );
        }
    }

    // ---------------------------------------------------------------------------------------------
    // The board view, click paths, touched ids, position text

    fn cell<'a>(view: &'a tabla_core::BoardView, id: &str) -> &'a tabla_core::CellView {
        view.cells
            .iter()
            .chain(&view.points)
            .find(|c| c.id == id)
            .unwrap_or_else(|| panic!("no {id}"))
    }

    fn xy(view: &tabla_core::BoardView, id: &str) -> (f64, f64) {
        let c = cell(view, id);
        (c.x, c.y)
    }

    #[test]
    fn the_view_is_the_ur_board_with_towers_reserves_and_counts() {
        let g = after("first=black r5 0-5 r5 0-5");
        let view = g.view();
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(json["board"], serde_json::json!({"kind": "track", "layout": "ur"}));
        // The 20 physical squares; Black's row at the bottom, start squares from the gap to
        // the left edge, base 1 and base 2 after the gap; the centre 5-12 left to right.
        let ids: BTreeSet<&str> = view.cells.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids.len(), 20);
        for (id, at) in [
            ("b1", (3.0, 0.0)),
            ("b4", (0.0, 0.0)),
            ("b14", (6.0, 0.0)),
            ("b13", (7.0, 0.0)),
            ("c5", (0.0, 1.0)),
            ("c12", (7.0, 1.0)),
            ("y1", (3.0, 2.0)),
            ("y4", (0.0, 2.0)),
            ("y14", (6.0, 2.0)),
            ("y13", (7.0, 2.0)),
        ] {
            assert_eq!(xy(&view, id), at, "{id}");
        }
        // Reserves in the gaps, next to start square 1; out piles next to base 1.
        assert_eq!(xy(&view, "b0"), (4.0, 0.0));
        assert_eq!(xy(&view, "y0"), (4.0, 2.0));
        assert_eq!(xy(&view, "y-out"), (5.0, 0.0));
        assert_eq!(xy(&view, "b-out"), (5.0, 2.0));
        // Stacks bottom first, kind = the side up.
        assert_eq!(
            serde_json::to_value(&cell(&view, "c5").stack).unwrap(),
            serde_json::json!([{"owner": "black", "kind": "blue"}, {"owner": "yellow", "kind": "blue"}])
        );
        assert_eq!(cell(&view, "b0").stack.len(), 9);
        assert!(cell(&view, "y0")
            .stack
            .iter()
            .all(|p| p.owner == Some("yellow") && p.kind == "blue"));
        assert!(cell(&view, "b-out").stack.is_empty());
        assert_eq!(cell(&view, "c7").mark, Some("centre"));
        assert_eq!(cell(&view, "b2").mark, Some("start-black"));
        assert_eq!(cell(&view, "y13").mark, Some("base2-yellow"));
        assert_eq!(cell(&view, "b14").mark, Some("base1-black"));
        // Counts: Black's disc is Yellow's prisoner.
        assert_eq!(view.players.iter().map(|p| p.name).collect::<Vec<_>>(), ["black", "yellow"]);
        for (who, key, n) in [
            ("black", "reserve", 9),
            ("black", "free", 9),
            ("black", "prisoners", 0),
            ("yellow", "free", 10),
            ("yellow", "prisoners", 1),
            ("yellow", "removed", 0),
            ("black", "lost", 0),
        ] {
            assert_eq!(count(g.as_ref(), who, key), n, "{who} {key}");
        }
        // Each player's track numbers label its squares; the shared centre once.
        let labels: Vec<_> = view.labels.iter().filter(|l| l.text == "5").collect();
        assert_eq!(labels.len(), 1);
        assert_eq!((labels[0].x, labels[0].y.round()), (0.0, 1.0));
        // The pending roll is the mover's.
        let g = after("first=black r5 0-5 r5 0-5 r2");
        assert_eq!(count(g.as_ref(), "black", "roll"), 2);
        assert!(!g.view().players[1].counts.contains_key("roll"));
    }

    #[test]
    fn click_paths_go_from_the_disc_to_its_square() {
        // Black: enter with 2, or its disc on 3 captures Yellow's on 5.
        let g = after("first=black r3 0-3 r5 0-5 r2");
        let paths: BTreeSet<(String, Vec<Vec<String>>)> = g.paths().into_iter().collect();
        let want =
            |m: &str, p: &[&str]| (m.to_string(), vec![p.iter().map(|s| s.to_string()).collect()]);
        assert_eq!(paths, BTreeSet::from([want("0-2", &["b0", "b2"]), want("3-5", &["b3", "c5"])]));
        let mut g2 = g.clone();
        let played = g2.play_text_touched("3-5").unwrap();
        assert_eq!(played.touched, ["b3", "c5"]);
        // A red disc on base 1: back, or re-enter; each to its own cell.
        let g = after(&format!("{RED_ON_BASE} r1 2-3 r2"));
        let paths: BTreeSet<_> = g.paths().into_iter().collect();
        assert_eq!(
            paths,
            BTreeSet::from([
                want("0-2", &["b0", "b2"]),
                want("14-12", &["b14", "c12"]),
                want("14-2", &["b14", "b2"])
            ])
        );
        // A pass is one click; chance nodes have none.
        let record = all_on_base_two();
        let g = after(&format!("{record} r2"));
        assert_eq!(g.paths(), [("pass".to_string(), vec![vec!["pass".to_string()]])]);
        assert!(after(&record).paths().is_empty());
        let mut g = after(&format!("{record} r2"));
        assert!(g.play_text_touched("pass").unwrap().touched.is_empty());
    }

    #[test]
    fn touched_names_the_out_pile_when_prisoners_leave_the_game() {
        let before = "first=black r5 0-5 r5 0-5 r1 0-1 r6 5-11 r1 1-2 r2 11-13 r6 2-8 r1";
        let mut g = after(before);
        let played = g.play_text_touched("13-14").unwrap();
        assert_eq!(played.touched, ["y13", "y14", "b-out"]);
        let view = g.view();
        assert_eq!(
            serde_json::to_value(&cell(&view, "b-out").stack).unwrap(),
            serde_json::json!([{"owner": "black", "kind": "out"}])
        );
        assert_eq!(count(g.as_ref(), "black", "lost"), 1);
        // Without prisoners, base 1 is just a destination.
        let mut g = after("first=black r4 0-4 r1 0-1 r6 4-10 r1 1-2 r4");
        assert_eq!(g.play_text_touched("10-14").unwrap().touched, ["c10", "b14"]);
        let mut g = after("first=black r4");
        assert_eq!(g.play_text_touched("0-4").unwrap().touched, ["b0", "b4"]);
    }

    #[test]
    fn the_position_text_holds_everything_and_reads_back() {
        assert_eq!(
            start(&[]).position_text(),
            "towers=- reserve=10,10 removed=0,0 turn=roll-off quiet=0"
        );
        let g = after(&format!("{RED_ON_BASE} r3 2-5 r5 14-5 r2"));
        let text = g.position_text();
        assert_eq!(text, "towers=c5:Yb reserve=9,9 removed=0,0 turn=yellow:r2 quiet=0");
        let back = g.read_position(&text).unwrap();
        assert_eq!(back.position_text(), text);
        assert_eq!(back.hash(), g.hash());
        assert_eq!(legal(back.as_ref()), legal(g.as_ref()));
        // The tower example, bottom to top; the quiet count; a finished game.
        let built = "first=yellow r5 0-5 r5 0-5 r5 0-5 r5 0-5 r1 0-1 r5 0-5 r1 1-2 r5 0-5 r5 0-5 \
                     r5 0-5 r5 0-5";
        assert_eq!(
            after(built).position_text(),
            "towers=y2:Y,c5:YBYBBBYBY reserve=5,5 removed=0,0 turn=black quiet=0"
        );
        let g = after_with(&["quiet=20"], "first=black r1 0-1 r2 0-2 r3");
        assert!(g.position_text().ends_with("turn=black:r3 quiet=2"), "{}", g.position_text());
        let g = after_with(&["quiet=1"], "first=black r1 0-1");
        assert_eq!(g.position_text(), "towers=b1:B reserve=9,10 removed=0,0 turn=draw quiet=1");
        assert_eq!(g.read_position(&g.position_text()).unwrap().hash(), g.hash());
        // Fields in any order, each once.
        let g = start(&[]);
        let shuffled =
            g.read_position("quiet=0 turn=black:r4 removed=0,0 reserve=9,10 towers=b2:B");
        assert_eq!(
            shuffled.unwrap().position_text(),
            "towers=b2:B reserve=9,10 removed=0,0 turn=black:r4 quiet=0"
        );
    }

    #[test]
    fn position_text_errors_say_what_was_wrong() {
        let g = start(&[]);
        let refused = |text: &str, says: &str| {
            let e = g.read_position(text).err().unwrap_or_else(|| panic!("{text} was read"));
            assert!(e.to_string().contains(says), "{text}: {e}");
            assert!(e.to_string().contains("expected `towers="), "{text}: {e}");
        };
        let ok = "towers=b2:B reserve=9,10 removed=0,0 turn=black:r4 quiet=0";
        assert!(g.read_position(ok).is_ok());
        refused("towers=b2:B reserve=9,10 removed=0,0 turn=black:r4", "quiet is missing");
        refused(&format!("{ok} quiet=1"), "given twice");
        refused(&format!("{ok} colour=red"), "unknown field 'colour'");
        refused("towers=b2:B reserve=9,10 removed=0,0 turn=black:r4 quiet", "not KEY=VALUE");
        refused("towers=b5:B reserve=9,10 removed=0,0 turn=black quiet=0", "no cell 'b5'");
        refused(
            "towers=b2:X reserve=9,10 removed=0,0 turn=black quiet=0",
            "'X' on b2 is not a disc",
        );
        refused("towers=b2 reserve=9,10 removed=0,0 turn=black quiet=0", "CELL:DISCS");
        refused("towers=b2:B,b2:B reserve=8,10 removed=0,0 turn=black quiet=0", "listed twice");
        refused(
            "towers=b2:B reserve=10,10 removed=0,0 turn=black quiet=0",
            "every disc is in exactly one place",
        );
        refused("towers=b2:B reserve=9 removed=0,0 turn=black quiet=0", "two counts");
        refused("towers=b2:Y reserve=10,9 removed=0,0 turn=black quiet=0", "own square");
        refused("towers=b14:B reserve=9,10 removed=0,0 turn=black quiet=0", "red discs");
        refused("towers=b2:B reserve=9,10 removed=0,0 turn=black:r7 quiet=0", "turn=black:r7");
        refused("towers=b2:B reserve=9,10 removed=0,0 turn=white quiet=0", "expected roll-off");
        refused("towers=b2:B reserve=9,10 removed=0,0 turn=black quiet=100", "ends after 100");
        refused("towers=b2:B reserve=9,10 removed=0,0 turn=roll-off quiet=0", "is the start");
        refused("towers=b2:B reserve=9,10 removed=0,0 turn=won:black quiet=0", "wins only when");
        refused("towers=b2:B reserve=9,10 removed=0,0 turn=draw quiet=0", "drawn only when");
        refused(
            "towers=c5:BBBBBBBBBBY reserve=0,9 removed=0,0 turn=black quiet=0",
            "black has no free disc",
        );
        // Won by capture reads.
        assert!(g
            .read_position("towers=c5:BBBBBBBBBBY reserve=0,9 removed=0,0 turn=won:yellow quiet=0")
            .is_ok());
        let off = start(&["quiet=off"]);
        let e = off.read_position("towers=b2:B reserve=9,10 removed=0,0 turn=black quiet=3");
        assert!(e.unwrap_err().to_string().contains("quiet=off"));
    }

    // ---------------------------------------------------------------------------------------------
    // Perft fixtures, conformance, properties, speed

    /// This game's fixture file through the shared runner (tests/perft.rs checks every game's),
    /// and the typed position agrees with the registry's.
    #[test]
    fn perft_matches_the_fixtures() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/bulgarian-ur.perft");
        let text = std::fs::read_to_string(path).unwrap();
        let checked =
            tabla_core::perft::check_perft_fixtures(path, &text, false, |o, moves, depth| {
                let mut g = tabla_games::new_game("bulgarian-ur", o).map_err(|e| e.0)?;
                play_record(g.as_mut(), moves, |_| {}).map_err(|e| e.to_string())?;
                Ok(g.perft(depth))
            });
        assert!(checked >= 10);
        assert_eq!(perft(&BulgarianUr::new(Some(100)), 7), 840);
    }

    #[test]
    fn conformance() {
        tabla_core::conformance::check_random_games(&BulgarianUr::new(Some(100)), 60, 7, 100_000);
        tabla_core::conformance::check_random_games(&BulgarianUr::new(Some(5)), 60, 8, 100_000);
    }

    #[test]
    #[ignore = "slow: run by .ci/run"]
    fn conformance_many_games() {
        tabla_core::conformance::check_random_games(
            &BulgarianUr::new(Some(100)),
            2000,
            11,
            1_000_000,
        );
        tabla_core::conformance::check_random_games(&BulgarianUr::new(None), 50, 12, 10_000_000);
        for (i, (centre, discs)) in [
            (Centre::Opposite, 10),
            (Centre::Opposite, 3),
            (Centre::Same, 1),
            (Centre::Opposite, 1),
        ]
        .into_iter()
        .enumerate()
        {
            let config = Config { centre, discs, ..Config::DEFAULT };
            let g = BulgarianUr::from_config(config);
            tabla_core::conformance::check_random_games(&g, 500, 20 + i as u64, 1_000_000);
        }
    }

    /// Every disc is in exactly one place: the reserve, a tower, or removed; as many per
    /// player as the `discs` option says.
    fn assert_discs_conserved(g: &BulgarianUr) {
        let centre = g.config().centre;
        for p in [BLACK, YELLOW] {
            let on_board: usize =
                Square::all().map(|sq| g.tower(sq).filter(|d| d.owner == p).count()).sum();
            let removed = g.removed_by(Player(1 - p.0));
            assert_eq!(
                on_board + usize::from(g.reserve(p)) + usize::from(removed),
                usize::from(g.config().discs)
            );
        }
        // Enemy discs on a player's private squares are always held by a guard of that player.
        for sq in Square::all() {
            let tower: Vec<_> = g.tower(sq).collect();
            if let (Some(owner), Some(top)) = (sq.owner(), tower.last()) {
                assert_eq!(top.owner, owner, "{g:?}");
            }
            // Nothing waits on base 1 but the owner's red discs.
            if sq.owner().and_then(|p| sq.track_number(centre, p)) == Some(14) {
                assert!(
                    tower.iter().all(|d| d.colour == Colour::Red && Some(d.owner) == sq.owner()),
                    "{g:?}"
                );
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn random_games_end_conserve_discs_and_round_trip(
            seed in any::<u64>(),
            quiet in 1u32..150,
            opposite in any::<bool>(),
            discs in 1u8..=10,
        ) {
            let mut rng = SmallRng::seed_from_u64(seed);
            let centre = if opposite { Centre::Opposite } else { Centre::Same };
            let mut g = BulgarianUr::from_config(Config { centre, discs, quiet: Quiet::After(quiet) });
            let mut moves = Vec::new();
            let mut plies = 0u32;
            while g.to_move() != ToMove::Over {
                assert_discs_conserved(&g);
                g.legal_moves(&mut moves);
                for &m in &moves {
                    prop_assert_eq!(g.parse_move(&g.format_move(m)), Ok(m));
                }
                let m = if g.to_move() == ToMove::Chance {
                    sample_chance(&g, &moves, &mut rng)
                } else {
                    moves[rng.random_range(0..moves.len())]
                };
                match m {
                    UrMove::Step { from, to } => {
                        prop_assert!((1..=14).contains(&to) && (1..=14).contains(&from));
                    }
                    UrMove::Enter { to } => prop_assert!((1..=6).contains(&to)),
                    _ => {}
                }
                // The position text reads back to the same position, under the same options.
                let text = g.position_text();
                let back = g.read_position(&text).unwrap();
                prop_assert_eq!(back.hash(), g.hash());
                prop_assert_eq!(back.position_text(), text);
                g.play(m);
                plies += 1;
                prop_assert!(plies < 2_000_000, "no end");
            }
            assert_discs_conserved(&g);
            prop_assert!(g.outcome().is_some());
        }

        #[test]
        fn any_text_is_refused_politely_or_read(text in "\\PC{0,12}", seed in any::<u64>()) {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut g = BulgarianUr::new(Some(100));
            let mut moves = Vec::new();
            for _ in 0..rng.random_range(0..60) {
                if g.to_move() == ToMove::Over {
                    break;
                }
                g.legal_moves(&mut moves);
                let m = moves[rng.random_range(0..moves.len())];
                g.play(m);
            }
            if let Ok(m) = g.parse_move(&text) {
                g.legal_moves(&mut moves);
                prop_assert!(moves.contains(&m));
            }
        }
    }

    /// How random games end: by the quiet rule or by a player left without a free disc, and how
    /// long they take, with the quiet rule on and off.
    #[test]
    #[ignore = "slow: run by .ci/run"]
    fn random_game_statistics() {
        let mut rng = SmallRng::seed_from_u64(2);
        let mut moves = Vec::new();
        for centre in [Centre::Same, Centre::Opposite] {
            for discs in [10, 3, 1] {
                for quiet in [Quiet::After(100), Quiet::Off] {
                    let config = Config { centre, discs, quiet };
                    let (mut by_quiet, mut by_capture, mut plies, mut longest) = (0, 0, 0u64, 0);
                    let games = 1000;
                    for _ in 0..games {
                        let (end, n) = tabla_core::perft::random_playout(
                            BulgarianUr::from_config(config),
                            &mut rng,
                            &mut moves,
                        );
                        plies += n;
                        longest = longest.max(n);
                        assert!(end.outcome().is_some(), "a random game did not end");
                        if matches!(quiet, Quiet::After(q) if end.quiet_turns() >= q) {
                            by_quiet += 1;
                        } else {
                            by_capture += 1;
                        }
                    }
                    println!(
                        "{config:?}: {games} games, {by_quiet} ended by the quiet rule, \
                         {by_capture} by no free disc; {:.0} plies a game on average, longest \
                         {longest}",
                        plies as f64 / f64::from(games)
                    );
                }
            }
        }
    }
}
