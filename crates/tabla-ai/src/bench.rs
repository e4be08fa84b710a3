//! Search benchmarks (`tabla bench search`): the engine on sample positions, with the depth
//! it reaches, its nodes, and how far it ran over its time budget.

use crate::engine::{probe, Probe, Tweaks};
use crate::Budget;
use serde::Serialize;
use std::time::Duration;
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::SeedableRng;
use tabla_core::{Game, ToMove};
use tabla_games::{with_game, AnyGame};

/// Positions reached from `start` by `plies` random moves (chance rolled at random), one per
/// seed `seed, seed + 1, …`; games that end sooner are replayed with the next seed, and
/// after many tries the positions so far are returned.
pub fn sample_positions(start: &AnyGame, plies: usize, count: usize, seed: u64) -> Vec<AnyGame> {
    with_game!(start, g => sample(g, plies, count, seed).into_iter().map(AnyGame::from).collect())
}

fn sample<G: Game>(start: &G, plies: usize, count: usize, seed: u64) -> Vec<G> {
    let mut out = Vec::with_capacity(count);
    let mut buf = Vec::new();
    let mut s = seed;
    while out.len() < count && s < seed + 100 * count as u64 + 100 {
        let mut rng = SmallRng::seed_from_u64(s);
        s += 1;
        let mut g = start.clone();
        let mut n = 0;
        while n < plies && g.to_move() != ToMove::Over {
            if matches!(g.to_move(), ToMove::Player(_)) {
                n += 1;
            }
            let m = g.random_move(&mut rng, &mut buf);
            g.play(m);
        }
        // A player to move: roll any pending dice.
        while g.to_move() == ToMove::Chance {
            let m = g.random_move(&mut rng, &mut buf);
            g.play(m);
        }
        if matches!(g.to_move(), ToMove::Player(_)) {
            out.push(g);
        }
    }
    out
}

/// One position's result.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    /// Which sample.
    pub position: usize,
    /// The position text.
    pub text: String,
    /// What the search did.
    #[serde(flatten)]
    pub probe: Probe,
    /// Time over the budget, in percent of it (0 when within).
    pub over_pct: f64,
}

/// The summary over all positions.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// Positions searched.
    pub positions: usize,
    /// The budget per move, in milliseconds.
    pub time_ms: u64,
    /// Mean and least depth completed.
    pub depth_mean: f64,
    /// Least depth.
    pub depth_min: u32,
    /// Nodes (or playouts) per second.
    pub nodes_per_s: f64,
    /// The longest search, in milliseconds.
    pub ms_max: f64,
    /// The largest overshoot, in percent of the budget.
    pub over_max_pct: f64,
}

/// Searches every position with `budget` and `tweaks`, calling `each` per position.
///
/// # Errors
/// A tweak that names nothing.
pub fn search_bench(
    positions: &[AnyGame],
    budget: Budget,
    tweaks: &Tweaks,
    each: &mut dyn FnMut(&Line),
) -> Result<Summary, String> {
    let time = budget.time.unwrap_or(Duration::from_secs(1));
    let ms = time.as_secs_f64() * 1000.0;
    let mut lines = Vec::new();
    for (i, g) in positions.iter().enumerate() {
        let Some(p) = probe(g, budget, i as u64 + 1, tweaks)? else { continue };
        let over_pct = ((p.ms - ms) / ms * 100.0).max(0.0);
        let line = Line { position: i, text: g.position_text(), probe: p, over_pct };
        each(&line);
        lines.push(line);
    }
    let n = lines.len().max(1) as f64;
    let total_ms: f64 = lines.iter().map(|l| l.probe.ms).sum();
    let round = |x: f64| (x * 100.0).round() / 100.0;
    Ok(Summary {
        positions: lines.len(),
        time_ms: time.as_millis() as u64,
        depth_mean: round(lines.iter().map(|l| f64::from(l.probe.depth)).sum::<f64>() / n),
        depth_min: lines.iter().map(|l| l.probe.depth).min().unwrap_or(0),
        nodes_per_s: (lines.iter().map(|l| l.probe.nodes as f64).sum::<f64>()
            / (total_ms / 1000.0).max(1e-9))
        .round(),
        ms_max: round(lines.iter().map(|l| l.probe.ms).fold(0.0, f64::max)),
        over_max_pct: round(lines.iter().map(|l| l.over_pct).fold(0.0, f64::max)),
    })
}
