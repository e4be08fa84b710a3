//! No legal position of any variant makes the computer panic or answer with an illegal move:
//! random positions of every sample option set of every game (the conformance samples), each
//! given to every kind of player (a beginner level, a middle level, the strongest level, MCTS,
//! the UCT baseline) and to `analyse`, with short budgets. Time is not asserted (tests must not
//! depend on the machine's load); the time budget is measured by `bench/budget.sh`.

use std::time::Duration;
use tabla_ai::engine::{probe, Tweaks};
use tabla_ai::{analyse, Budget};
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::{Rng, SeedableRng};
use tabla_core::ToMove;
use tabla_games::AnyGame;

/// Positions of one random game: after 0, 12 and 30 plies (fewer when it ends sooner).
fn positions(start: &AnyGame, seed: u64) -> Vec<AnyGame> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = start.clone();
    let mut out = Vec::new();
    for ply in 0..=30 {
        if [0, 12, 30].contains(&ply) {
            out.push(g.clone());
        }
        if g.to_move() == ToMove::Over {
            break;
        }
        let legal = g.legal();
        let m = match g.to_move() {
            ToMove::Chance => g.roll(rng.random()).expect("chance rolls"),
            _ => legal[rng.random_range(0..legal.len())].clone(),
        };
        g.play_text(&m).expect("a legal move plays");
    }
    out
}

#[test]
fn every_variant_every_player_kind_short_budgets() {
    let time = Duration::from_millis(8);
    // Level 7 as it plays (alpha-beta, or MCTS where it widens or places Seega's stones)
    // and forced to the other searches.
    let players = [(1u8, ""), (4, "search=mcts"), (7, "search=uct"), (7, "")];
    for info in tabla_games::GAMES {
        for (s, sample) in info.samples.iter().enumerate() {
            let words: Vec<String> = sample.split_whitespace().map(String::from).collect();
            let start = tabla_games::new_game(info.id, &words).expect("samples are valid");
            for g in positions(&start, s as u64 + 1) {
                let legal = g.legal();
                for (level, kind) in players {
                    let tweaks = Tweaks::parse(kind).unwrap();
                    let budget = Budget { time: Some(time), ..Budget::level(level) };
                    let p = probe(&g, budget, 7, &tweaks).expect("tweaks are valid");
                    match (g.to_move(), p) {
                        (ToMove::Player(_), Some(p)) => {
                            assert!(
                                legal.contains(&p.mv),
                                "{} {sample}: {} not legal",
                                info.id,
                                p.mv
                            )
                        }
                        (ToMove::Player(_), None) => panic!("{} {sample}: no move", info.id),
                        (_, p) => {
                            assert!(p.is_none(), "{} {sample}: a move when none is due", info.id)
                        }
                    }
                }
                let a = analyse(&g, time);
                assert_eq!(a.moves.len(), legal.len(), "{} {sample}", info.id);
                assert!(a.moves.iter().all(|m| (0.0..=1.0).contains(&m.value)));
            }
        }
    }
}
