//! An independent check of `tabla solve amazons`: plain negamax over every turn with only a
//! transposition table (64-bit Zobrist key of the position: no region counting, no bounds,
//! no move ordering beyond the generator's). Slow, but shares nothing with the solver except
//! the rules' move generator.
//!
//! `cargo run --release -p tabla-ai --example amazons_brute -- LAYOUT [LAYOUT…]`: prints the
//! value for the side to move (White first) and the positions visited.

use std::collections::HashMap;
use std::time::Instant;
use tabla_core::{Game, ToMove};
use tabla_games::amazons::Amazons;
use tabla_games::AnyGame;

fn negamax(g: &Amazons, memo: &mut HashMap<u64, bool>) -> bool {
    let key = g.hash();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let ToMove::Player(me) = g.to_move() else { unreachable!("two players, no chance") };
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut win = false;
    for m in moves {
        let mut c = g.clone();
        c.play(m);
        let v = match c.outcome() {
            Some(o) => o.winners.contains(me),
            None => !negamax(&c, memo),
        };
        if v {
            win = true;
            break;
        }
    }
    memo.insert(key, win);
    win
}

fn main() {
    for layout in std::env::args().skip(1) {
        let AnyGame::Amazons(g) =
            tabla_games::new_game("amazons", &[format!("layout={layout}")]).expect("a layout")
        else {
            unreachable!()
        };
        let start = Instant::now();
        let mut memo = HashMap::new();
        let win = negamax(&g, &mut memo);
        println!(
            "{layout}: {} for the side to move, {} positions, {:.1} s",
            if win { "win" } else { "loss" },
            memo.len(),
            start.elapsed().as_secs_f64()
        );
    }
}
