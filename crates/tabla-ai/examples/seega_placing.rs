//! Which bot places Seega's stones better? Seega is mostly decided by its placing phase
//! (Second moves first into the centre), and whole games at level 7's 4 s a move take
//! minutes each, so this plays the placing phase only: bot A against bot B, both seat
//! orders from each shared opening, then scores the position where the moving phase starts
//! by `tabla analyse` (alpha-beta, `--judge-ms`). Prints A's mean expected score in those
//! positions, as First, as Second and overall (1: A's win is certain).
//!
//! ```text
//! cargo run --release -p tabla-ai --example seega_placing -- --a level:7 --b level:6 \
//!     [--pairs N] [--time-ms T] [--judge-ms J] [--seed S] [--opening-plies P] [-o KEY=VALUE]…
//! ```
//! Without `--time-ms` each bot thinks for its level's own time. Each line gives the whole
//! placing record (the random opening turns first). `--csv FILE` also writes, for every
//! placing turn after the opening, the evaluation's terms for the player to place and that
//! player's judged score where moving starts (`result,first,term…`: `first` is 1 for First,
//! −1 for Second), for `bench/fit.py`.

use std::time::Duration;
use tabla_ai::engine::{choose_with, Tweaks};
use tabla_ai::eval::seega::SeegaEval;
use tabla_ai::eval::Evaluator;
use tabla_ai::Budget;
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::{Rng, SeedableRng};
use tabla_core::{Game, Player, ToMove};
use tabla_games::seega::Seega;

/// `level:L[,key=value…]`.
fn bot(text: &str) -> (u8, Tweaks) {
    let (head, rest) = text.split_once(',').unwrap_or((text, ""));
    let level = head.strip_prefix("level:").and_then(|l| l.parse().ok()).expect("level:L");
    (level, Tweaks::parse(rest).expect("tweaks"))
}

fn main() {
    let (mut a, mut b) = (String::from("level:7"), String::from("level:6"));
    let (mut pairs, mut judge, mut seed, mut opening) = (5usize, 3000u64, 1u64, 2usize);
    let mut time: Option<u64> = None;
    let mut options = Vec::new();
    let mut csv: Option<std::fs::File> = None;
    let mut it = std::env::args().skip(1);
    while let Some(x) = it.next() {
        let mut v = || it.next().unwrap_or_else(|| panic!("{x} needs a value"));
        match x.as_str() {
            "--a" => a = v(),
            "--b" => b = v(),
            "--pairs" => pairs = v().parse().expect("--pairs N"),
            "--time-ms" => time = Some(v().parse().expect("--time-ms T")),
            "--judge-ms" => judge = v().parse().expect("--judge-ms J"),
            "--seed" => seed = v().parse().expect("--seed S"),
            "--opening-plies" => opening = v().parse().expect("--opening-plies P"),
            "-o" => options.push(v()),
            "--csv" => csv = Some(std::fs::File::create(v()).expect("--csv FILE")),
            _ => panic!("unknown argument {x}"),
        }
    }
    let bots = [bot(&a), bot(&b)];
    let start = Seega::from_options(
        &tabla_core::GameOptions::parse(tabla_games::seega::OPTIONS, &options).expect("options"),
    )
    .expect("options");
    let mut by_seat = [[0.0f64; 2]; 2]; // [A's seat][sum, count]
    for pair in 0..pairs {
        let mut rng = SmallRng::seed_from_u64(seed.wrapping_mul(1000).wrapping_add(pair as u64));
        let mut first = start.clone();
        let mut buf = Vec::new();
        let mut opening_record = Vec::new();
        for _ in 0..opening {
            let m = first.random_move(&mut rng, &mut buf);
            opening_record.push(first.format_move(m));
            first.play(m);
        }
        for a_seat in [Player(0), Player(1)] {
            let mut g = first.clone();
            let mut record = opening_record.clone();
            let mut rows: Vec<(Player, Vec<(&str, f64)>)> = Vec::new();
            while g.stones_in_hand(Player(0)) + g.stones_in_hand(Player(1)) > 0 {
                let ToMove::Player(p) = g.to_move() else { break };
                if let Some(f) = SeegaEval::default().features(&g, p) {
                    rows.push((p, f));
                }
                let (level, tweaks) = &bots[usize::from(p != a_seat)];
                let t = time.map_or_else(|| tabla_ai::level_time(*level), Duration::from_millis);
                let budget = Budget { time: Some(t), ..Budget::level(*level) };
                let m =
                    choose_with(&g, budget, rng.random(), tweaks).expect("tweaks").expect("a move");
                record.push(g.format_move(m));
                g.play(m);
            }
            let any = tabla_games::AnyGame::Seega(g.clone());
            let analysis = tabla_ai::analyse(&any, Duration::from_millis(judge));
            let ToMove::Player(p) = g.to_move() else { continue };
            let best = analysis.moves.first().map_or(0.5, |m| m.value);
            let for_a = if p == a_seat { best } else { 1.0 - best };
            if let Some(out) = csv.as_mut() {
                use std::io::Write;
                if pair == 0 && a_seat == Player(0) && !rows.is_empty() {
                    let names: Vec<&str> = rows[0].1.iter().map(|(k, _)| *k).collect();
                    writeln!(out, "result,first,{}", names.join(",")).expect("write");
                }
                let first = if p == Player(0) { best } else { 1.0 - best };
                for (q, f) in &rows {
                    let (y, side) = if *q == Player(0) { (first, 1) } else { (1.0 - first, -1) };
                    let terms: Vec<String> = f.iter().map(|(_, v)| v.to_string()).collect();
                    writeln!(out, "{y:.4},{side},{}", terms.join(",")).expect("write");
                }
            }
            let seat = usize::from(a_seat.0);
            by_seat[seat][0] += for_a;
            by_seat[seat][1] += 1.0;
            println!(
                "pair {pair} A {} {for_a:.3}  {}",
                if seat == 0 { "first " } else { "second" },
                record.join(" ")
            );
        }
    }
    let mean = |s: [f64; 2]| s[0] / s[1].max(1.0);
    println!(
        "A = {a}, B = {b}: A's expected score after placing {:.3} (as First {:.3}, as Second {:.3}; {} games)",
        (by_seat[0][0] + by_seat[1][0]) / (by_seat[0][1] + by_seat[1][1]).max(1.0),
        mean(by_seat[0]),
        mean(by_seat[1]),
        by_seat[0][1] + by_seat[1][1]
    );
}
