//! Self-play data for fitting an evaluation's weights to game results (Texel's method):
//! plays games of the engine against itself and prints, for positions along each game, the
//! evaluation's unweighted terms for the player who acts next and that player's final
//! score, as CSV (`result,term1,term2,…`). `bench/fit.py` fits the weights.
//!
//! ```text
//! cargo run --release -p tabla-ai --example texel -- GAME [-o KEY=VALUE]… \
//!     [--games N] [--bot level:7,depth=2,threads=1] [--time-ms T] [--opening-plies P] \
//!     [--seed S] [--jobs J] [--every K]
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use tabla_ai::engine::{choose_with, GameAi, Tweaks};
use tabla_ai::eval::Evaluator;
use tabla_ai::Budget;
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::{Rng, SeedableRng};
use tabla_core::{Player, ToMove};
use tabla_games::with_game;

struct Args {
    game: String,
    options: Vec<String>,
    games: usize,
    bot: String,
    time: Duration,
    opening: usize,
    seed: u64,
    jobs: usize,
    every: usize,
}

fn args() -> Args {
    let mut a = Args {
        game: String::new(),
        options: Vec::new(),
        games: 100,
        bot: "level:7,depth=2,threads=1".into(),
        time: Duration::from_secs(10),
        opening: 4,
        seed: 1,
        jobs: 2,
        every: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(x) = it.next() {
        let mut v = || it.next().unwrap_or_else(|| panic!("{x} needs a value"));
        match x.as_str() {
            "-o" => a.options.push(v()),
            "--games" => a.games = v().parse().expect("--games N"),
            "--bot" => a.bot = v(),
            "--time-ms" => a.time = Duration::from_millis(v().parse().expect("--time-ms T")),
            "--opening-plies" => a.opening = v().parse().expect("--opening-plies P"),
            "--seed" => a.seed = v().parse().expect("--seed S"),
            "--jobs" => a.jobs = v().parse().expect("--jobs J"),
            "--every" => a.every = v().parse::<usize>().expect("--every K").max(1),
            _ if a.game.is_empty() => a.game = x,
            _ => panic!("unknown argument {x}"),
        }
    }
    assert!(!a.game.is_empty(), "usage: texel GAME [options]");
    a
}

fn play<G: GameAi>(start: &G, a: &Args, tweaks: &Tweaks, index: usize) -> Vec<String> {
    let level = a
        .bot
        .strip_prefix("level:")
        .and_then(|r| r.split(',').next())
        .and_then(|l| l.parse().ok())
        .unwrap_or(7);
    let eval = tweaks.eval::<G>().expect("tweaks name terms of this game");
    let mut rng =
        SmallRng::seed_from_u64(a.seed.wrapping_mul(1_000_003).wrapping_add(index as u64));
    let mut g = start.clone();
    let mut buf = Vec::new();
    let mut rows: Vec<(Player, Vec<f64>)> = Vec::new();
    let mut plies = 0;
    while g.to_move() != ToMove::Over {
        let acting = match g.to_move() {
            ToMove::Player(p) => Some(p),
            _ => g.chance_player(),
        };
        if let Some(p) = acting {
            if plies >= a.opening && plies % a.every == 0 {
                if let Some(f) = eval.features(&g, p) {
                    rows.push((p, f.into_iter().map(|x| x.1).collect()));
                }
            }
        }
        let m = match g.to_move() {
            ToMove::Player(_) if plies < a.opening => g.random_move(&mut rng, &mut buf),
            ToMove::Player(_) => {
                let budget = Budget { time: Some(a.time), ..Budget::level(level) };
                choose_with(&g, budget, rng.random(), tweaks)
                    .expect("checked")
                    .expect("a player moves")
            }
            _ => g.random_move(&mut rng, &mut buf),
        };
        if matches!(g.to_move(), ToMove::Player(_)) {
            plies += 1;
        }
        g.play(m);
    }
    let o = g.outcome().expect("over");
    rows.into_iter()
        .map(|(p, f)| {
            let mut line = format!("{}", o.score(p, g.player_count()));
            for x in f {
                line.push_str(&format!(",{x}"));
            }
            line
        })
        .collect()
}

fn header<G: GameAi>(start: &G) -> String {
    let eval = G::Eval::default();
    let mut g = start.clone();
    let mut rng = SmallRng::seed_from_u64(0);
    let mut buf = Vec::new();
    while !matches!(g.to_move(), ToMove::Player(_)) {
        let m = g.random_move(&mut rng, &mut buf);
        g.play(m);
    }
    let ToMove::Player(p) = g.to_move() else { unreachable!() };
    let names: Vec<&str> =
        eval.features(&g, p).expect("this evaluation has terms").iter().map(|f| f.0).collect();
    format!("result,{}", names.join(","))
}

fn main() {
    let a = args();
    let start = tabla_games::new_game(&a.game, &a.options).expect("a game and its options");
    let rest = a.bot.split_once(',').map_or("", |r| r.1);
    let tweaks = Tweaks::parse(rest).expect("key=value tweaks");
    println!("{}", with_game!(&start, g => header(g)));
    let next = AtomicUsize::new(0);
    let out = Mutex::new(());
    std::thread::scope(|s| {
        for _ in 0..a.jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= a.games {
                    break;
                }
                let rows = with_game!(&start, g => play(g, &a, &tweaks, i));
                let _lock = out.lock().unwrap_or_else(|p| p.into_inner());
                for r in rows {
                    println!("{r}");
                }
                eprint!("\rgame {}/{}", i + 1, a.games);
            });
        }
    });
    eprintln!();
}
