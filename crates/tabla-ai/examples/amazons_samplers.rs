//! Which random-move sampler makes Amazons' Monte Carlo search stronger per second: plain UCT
//! with stepwise playouts against plain UCT with uniform playouts, the same time per move,
//! every arrangement of the two over the seats, openings of two random plies shared by each
//! set of arrangements. Prints each sampler's mean score (1 a win, 0 last place).
//!
//! Usage: cargo run --release -p tabla-ai --example amazons_samplers -- MS GAMES OPTIONS...
//! e.g. `-- 50 12 board=hex players=3` (GAMES rounded up to whole sets of arrangements).

use std::time::Duration;
use tabla_ai::{uct, Budget};
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::SeedableRng;
use tabla_core::{Game, GameOptions, Player, ToMove};
use tabla_games::amazons::{self, Amazons, Sampler};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ms: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(50);
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(12);
    let words: Vec<String> = args.iter().skip(2).cloned().collect();
    let start = Amazons::from_options(&GameOptions::parse(amazons::OPTIONS, &words).unwrap())
        .expect("options");
    let n = start.player_count();
    // Every seat arrangement with both samplers present (bit i: seat i plays stepwise).
    let arrangements: Vec<u32> = (1..(1u32 << n) - 1).collect();
    let time = Duration::from_millis(ms);
    let (mut score, mut seats) = ([0.0f64; 2], [0usize; 2]);
    let mut played = 0;
    let mut set = 0u64;
    while played < games {
        let mut opening = start.clone();
        let mut rng = SmallRng::seed_from_u64(1000 + set);
        let mut buf = Vec::new();
        for _ in 0..2 {
            if opening.to_move() == ToMove::Over {
                break;
            }
            let m = opening.random_move(&mut rng, &mut buf);
            opening.play(m);
        }
        for &arr in &arrangements {
            let mut g = opening.clone();
            let mut seed = set * 100;
            while let ToMove::Player(p) = g.to_move() {
                let stepwise = arr & (1 << p.0) != 0;
                let mut root = g.clone();
                root.set_sampler(if stepwise { Sampler::Stepwise } else { Sampler::Uniform });
                seed += 1;
                let m = uct::search(&root, Budget::time(time), seed).expect("a move").best;
                g.play(m);
            }
            let outcome = g.outcome().expect("over");
            for i in 0..n {
                let k = usize::from(arr & (1 << i) == 0); // 0 stepwise, 1 uniform
                score[k] += outcome.score(Player(i as u8), n);
                seats[k] += 1;
            }
            played += 1;
        }
        set += 1;
        eprintln!(
            "{played} games: stepwise {:.3}, uniform {:.3}",
            score[0] / seats[0] as f64,
            score[1] / seats[1] as f64
        );
    }
    println!(
        "{} {ms} ms/move, {played} games: mean score stepwise {:.3} ({} seats), uniform {:.3} ({} seats)",
        words.join(" "),
        score[0] / seats[0] as f64,
        seats[0],
        score[1] / seats[1] as f64,
        seats[1]
    );
}
