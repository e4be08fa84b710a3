//! How many empty cells a two-player Amazons position may have for the solver to prove it
//! within a move's time: the figures behind `solve::PERFECT_AMAZONS_EMPTY`
//! (`bench/results/perfect.md`).
//!
//! `cargo run --profile test -p tabla-ai --example perfect_amazons_size -- [OPTIONS] [CAP_MS]`:
//! for each count of empty cells, positions reached by random turns from the start of the
//! board `OPTIONS` (space-separated `-o` words, default `size=6`), each solved with a cap of
//! `CAP_MS` (default 4000); prints the share proven and the slowest proof.

use std::time::Duration;
use tabla_ai::solve::{solve, Limits};
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::{Rng, SeedableRng};
use tabla_core::{Game, ToMove};
use tabla_games::AnyGame;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let words: Vec<String> = args
        .first()
        .map_or("size=6", String::as_str)
        .split_whitespace()
        .map(String::from)
        .collect();
    let cap = Duration::from_millis(args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4000));
    let AnyGame::Amazons(start) = tabla_games::new_game("amazons", &words).expect("options") else {
        panic!("not amazons")
    };
    let empty0 = start.config().geo.cells().filter(|&c| start.content(c).is_empty()).count();
    println!("board {words:?}: {empty0} empty cells at the start; cap {cap:?}");
    println!("| empty cells | positions | proven | slowest proof | mean proof |");
    println!("| ---: | ---: | ---: | ---: | ---: |");
    let mut rng = SmallRng::seed_from_u64(7);
    for empty in (8..=empty0).step_by(2) {
        let (mut n, mut proven, mut worst, mut sum) = (0, 0, Duration::ZERO, Duration::ZERO);
        while n < 8 {
            let mut g = start.clone();
            let mut moves = Vec::new();
            loop {
                let e = g.config().geo.cells().filter(|&c| g.content(c).is_empty()).count();
                if e <= empty || !matches!(g.to_move(), ToMove::Player(_)) {
                    break;
                }
                g.legal_moves(&mut moves);
                let m = moves[rng.random_range(0..moves.len())];
                g.play(m);
            }
            let e = g.config().geo.cells().filter(|&c| g.content(c).is_empty()).count();
            if e != empty || !matches!(g.to_move(), ToMove::Player(_)) {
                continue;
            }
            n += 1;
            let s = solve(
                &g,
                Limits { time: cap, table_mb: 64, all: false, each: None, dfpn: false },
                &mut |_| {},
            );
            if s.value.is_some() {
                proven += 1;
                worst = worst.max(s.elapsed);
                sum += s.elapsed;
            }
        }
        let mean = if proven > 0 { sum / proven } else { Duration::ZERO };
        println!(
            "| {empty} | {n} | {proven} | {:.2} s | {:.3} s |",
            worst.as_secs_f64(),
            mean.as_secs_f64()
        );
    }
}
