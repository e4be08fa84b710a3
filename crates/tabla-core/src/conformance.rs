//! The checks every game must pass, after OpenSpiel's basic tests: random games checked at
//! every step. A game joins with one call in its test file.

use crate::game::{Game, ToMove};
use crate::perft::sample_chance;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::{HashMap, HashSet};

/// The position text reads back to the same position.
fn check_position_text<G: Game>(state: &G, moves: &[G::Move], ctx: &dyn Fn() -> String) {
    let text = state.position_text();
    let back = state
        .read_position(&text)
        .unwrap_or_else(|e| panic!("position text '{text}' does not read back: {e}; {}", ctx()));
    assert_eq!(back.position_text(), text, "position text changes on reading; {}", ctx());
    assert_eq!(back.hash(), state.hash(), "position text '{text}' loses a hashed fact; {}", ctx());
    assert_eq!(back.to_move(), state.to_move(), "position text '{text}': to_move; {}", ctx());
    let mut again = Vec::new();
    back.legal_moves(&mut again);
    let a: HashSet<_> = again.iter().collect();
    let b: HashSet<_> = moves.iter().collect();
    assert_eq!(a, b, "position text '{text}': legal moves differ; {}", ctx());
}

/// Click paths: every move has one, ids exist, no complete path is a prefix of another
/// move's path.
fn check_click_paths<G: Game>(state: &G, moves: &[G::Move], ctx: &dyn Fn() -> String) {
    let view = state.view();
    let mut ids = HashSet::new();
    for id in view.ids() {
        assert!(ids.insert(id.to_string()), "view id {id} twice; {}", ctx());
    }
    if !matches!(state.to_move(), ToMove::Player(_)) {
        return;
    }
    // Every prefix of every path, with the moves whose paths pass through it.
    let mut through: HashMap<Vec<String>, HashSet<usize>> = HashMap::new();
    let mut all = Vec::with_capacity(moves.len());
    for (i, &m) in moves.iter().enumerate() {
        let paths = state.click_paths(m);
        let t = state.format_move(m);
        assert!(!paths.is_empty(), "{t} has no click path; {}", ctx());
        for p in &paths {
            assert!(!p.is_empty(), "{t} has an empty click path; {}", ctx());
            for c in p {
                let word = c == crate::view::click::DONE || c == crate::view::click::PASS;
                assert!(word || ids.contains(c), "{t}: click '{c}' is not in the view; {}", ctx());
            }
            for k in 1..=p.len() {
                through.entry(p[..k].to_vec()).or_default().insert(i);
            }
        }
        all.push(paths);
    }
    for (i, paths) in all.iter().enumerate() {
        for p in paths {
            let others = &through[p];
            assert!(
                others.len() == 1,
                "the path {p:?} of {} also starts a path of {}; {}",
                state.format_move(moves[i]),
                others
                    .iter()
                    .filter(|&&j| j != i)
                    .map(|&j| state.format_move(moves[j]))
                    .collect::<Vec<_>>()
                    .join(", "),
                ctx()
            );
        }
    }
}

/// Plays `games` random games from `start` (seeded, so failures repeat) and checks at every
/// step:
/// - a clone equals the original and hashes the same;
/// - the incremental hash equals the hash from scratch;
/// - the legal list has no duplicates, as moves or as texts;
/// - every legal move's text parses back to the same move;
/// - [`Game::random_move`] draws a legal move;
/// - at chance nodes every probability is positive and they sum to 1;
/// - `to_move` is `Over` exactly when there is an outcome, exactly when no move is legal,
///   exactly when the game gives an [`EndReason`](crate::EndReason) (one reached by play
///   always knows why it ended);
/// - the game ends within `max_moves`;
/// - replaying the record's texts from the start reaches an equal state with an equal hash;
/// - the position text reads back to a position that prints the same, hashes the same and
///   has the same legal moves;
/// - the view's ids are unique, every legal move has a click path, every id in a path is a
///   cell or point of the view, and no complete path of one move is a path or a prefix of a
///   path of another move; the ids a move touches exist in the view after it.
///
/// # Panics
/// On the first violation, with the game's record so far.
pub fn check_random_games<G: Game>(start: &G, games: usize, seed: u64, max_moves: usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    for g in 0..games {
        let mut state = start.clone();
        let mut record: Vec<String> = Vec::new();
        loop {
            let rec = record.join(" ");
            let ctx = || format!("game {g} (seed {seed}), record: {rec}");
            let clone = state.clone();
            assert_eq!(clone, state, "clone differs; {}", ctx());
            assert_eq!(clone.hash(), state.hash(), "clone hash differs; {}", ctx());
            assert_eq!(
                state.hash(),
                state.hash_from_scratch(),
                "incremental hash is off; {}",
                ctx()
            );
            state.legal_moves(&mut moves);
            let to_move = state.to_move();
            let over = to_move == ToMove::Over;
            assert_eq!(over, state.outcome().is_some(), "to_move/outcome disagree; {}", ctx());
            assert_eq!(over, moves.is_empty(), "over but moves, or moves but over; {}", ctx());
            assert_eq!(over, state.end_reason().is_some(), "over without a reason; {}", ctx());
            assert_eq!(
                moves.len() as u64,
                state.count_legal_moves(),
                "count_legal_moves; {}",
                ctx()
            );
            check_position_text(&state, &moves, &ctx);
            check_click_paths(&state, &moves, &ctx);
            if over {
                break;
            }
            let unique: HashSet<_> = moves.iter().collect();
            assert_eq!(unique.len(), moves.len(), "duplicate legal moves; {}", ctx());
            let mut texts = HashSet::new();
            for &m in &moves {
                let t = state.format_move(m);
                assert!(texts.insert(t.clone()), "two moves print as {t}; {}", ctx());
                let back = state.parse_move(&t);
                assert_eq!(back, Ok(m), "{t} does not read back; {}", ctx());
            }
            let mut scratch = Vec::new();
            let sampled = state.random_move(&mut rng, &mut scratch);
            assert!(moves.contains(&sampled), "random_move gave an illegal move; {}", ctx());
            if let ToMove::Player(p) = to_move {
                assert!(p.index() < state.player_count(), "seat out of range; {}", ctx());
            }
            let m = if to_move == ToMove::Chance {
                let total: f64 = moves.iter().map(|&m| state.chance_probability(m)).sum();
                assert!((total - 1.0).abs() < 1e-9, "chance sums to {total}; {}", ctx());
                assert!(moves.iter().all(|&m| state.chance_probability(m) > 0.0), "{}", ctx());
                sample_chance(&state, &moves, &mut rng)
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            record.push(state.format_move(m));
            let touched = state.touched(m);
            state.play(m);
            let view = state.view();
            let ids: HashSet<&str> = view.ids().collect();
            for t in &touched {
                assert!(ids.contains(t.as_str()), "touched id {t} not in the view; {}", ctx());
            }
            assert!(record.len() <= max_moves, "no end after {max_moves} moves; {}", ctx());
        }
        // The record, read back as text, reproduces the game.
        let mut replay = start.clone();
        for t in &record {
            let m = replay.parse_move(t).unwrap_or_else(|e| panic!("replay: {e}"));
            replay.play(m);
        }
        assert_eq!(replay, state, "replay differs (seed {seed}, game {g})");
        assert_eq!(replay.hash(), state.hash());
    }
}
