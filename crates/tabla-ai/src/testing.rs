//! Helpers shared by the crate's unit tests.

use tabla_core::GameOptions;
use tabla_games::amazons::{Amazons, OPTIONS};

/// An Amazons position from option words (`["layout=1../..#/..2"]`).
pub(crate) fn amazons(words: &[&str]) -> Amazons {
    let w: Vec<String> = words.iter().map(|s| s.to_string()).collect();
    Amazons::from_options(&GameOptions::parse(OPTIONS, &w).unwrap()).unwrap()
}

/// The exact value of a small two-player game without chance for the player to move (1 a
/// win, 0 a loss, 0.5 a draw), by plain negamax over every line: the truth a test holds the
/// engine to.
pub(crate) fn solve(g: &tabla_games::AnyGame) -> f64 {
    solve_memo(g, &mut std::collections::HashMap::new())
}

fn solve_memo(g: &tabla_games::AnyGame, memo: &mut std::collections::HashMap<u64, f64>) -> f64 {
    use tabla_core::ToMove;
    if let Some(&v) = memo.get(&g.hash()) {
        return v;
    }
    let ToMove::Player(me) = g.to_move() else { unreachable!("no chance in these games") };
    let mut best = 0.0f64;
    for m in g.legal() {
        let mut c = g.clone();
        c.play_text(&m).unwrap();
        let v = match c.outcome() {
            Some(o) => o.score(me, 2),
            None => match c.to_move() {
                ToMove::Player(p) if p == me => solve_memo(&c, memo),
                _ => 1.0 - solve_memo(&c, memo),
            },
        };
        best = best.max(v);
        if best >= 1.0 {
            break;
        }
    }
    memo.insert(g.hash(), best);
    best
}
