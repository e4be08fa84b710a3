//! Which search and which knowledge each game uses, the levels 1–7, and the entry points for
//! the edges (`best_move_dyn`, `analyse`), reached through the closed enum of the games.
//!
//! Levels mean the same in every game: 1 and 2 look a move or two ahead and choose among the
//! better moves with a beginner's scatter (mistakes a person makes, never a random move); 3
//! to 7 search as well as they can within a time that grows to a few seconds a move.

use crate::eval::{expected_score, Evaluator};
use crate::minimax::{self, Limits};
use crate::{uct, Budget, MAX_LEVEL};
use serde::Serialize;
use std::time::Duration;
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::{Rng, SeedableRng};
use tabla_core::{Game, Player, ToMove};
use tabla_games::{with_game, AnyGame};

/// The search a game is played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Alpha-beta with expectimax at chance nodes (two players).
    Minimax,
    /// Plain Monte Carlo tree search (any number of players).
    Uct,
    /// Monte Carlo tree search with playouts cut after `cut` moves and evaluated.
    Mcts {
        /// Random moves before the evaluation.
        cut: u32,
    },
}

/// What the AI knows of one game: its evaluator and its search.
pub trait GameAi: Game {
    /// The game's evaluation.
    type Eval: Evaluator<Self> + Default;
    /// The search this position is played with (it may depend on the options: Amazons
    /// with three or four players is searched by MCTS).
    fn kind(&self) -> Kind;

    /// The position as the Monte Carlo searches play it out: the same position, drawing its
    /// random moves with the sampler that makes those searches strongest per second (Amazons:
    /// stepwise, which won 16-4 at 10×10 and scored 0.58 against 0.42 with three players at
    /// equal time, `examples/amazons_samplers.rs`). The default keeps the game's one sampler.
    fn for_playouts(&self) -> Self {
        self.clone()
    }
}

/// Search threads: both cores.
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()).min(4)
}

/// The move `budget` chooses for `g`; `None` when no player is to move.
pub fn choose<G: GameAi>(g: &G, budget: Budget, seed: u64) -> Option<G::Move> {
    choose_watched(g, budget, seed, &mut |_| {})
}

/// As [`choose`], with `progress` called after every completed iteration of an
/// alpha-beta search (the other searches do not report). Watching changes nothing.
pub fn choose_watched<G: GameAi>(
    g: &G,
    budget: Budget,
    seed: u64,
    progress: &mut dyn FnMut(&minimax::Report<G::Move>),
) -> Option<G::Move> {
    let ToMove::Player(me) = g.to_move() else { return None };
    let level = budget.level.unwrap_or(MAX_LEVEL);
    let mut rng = SmallRng::seed_from_u64(seed);
    if let Kind::Mcts { cut } = g.kind() {
        let b = match level {
            1 => Budget::iterations(200),
            2 => Budget::iterations(1_500),
            _ => budget,
        };
        let cfg = crate::mcts::Config { cut, threads: threads() };
        let g = &g.for_playouts();
        return crate::mcts::search(g, &G::Eval::default(), cfg, b, seed).map(|r| r.best);
    }
    if g.kind() == Kind::Uct || budget.iterations.is_some() {
        let b = match (budget.iterations, level) {
            (Some(_), _) => budget,
            (None, 1) => Budget::iterations(300),
            (None, 2) => Budget::iterations(2_000),
            _ => budget,
        };
        return uct::search(&g.for_playouts(), b, seed).map(|r| r.best);
    }
    let eval = G::Eval::default();
    if level <= 2 {
        // A beginner: looks `level` plies ahead and often picks a lesser move, weighted
        // by how good it looks (a blunder is possible, a random move is not).
        let scored = minimax::score_moves(g, &eval, u32::from(level), budget.time);
        let temperature = eval.scale() * if level == 1 { 1.0 } else { 0.4 };
        let best = scored.first()?.1;
        let weights: Vec<f64> = scored
            .iter()
            .map(|&(_, v)| {
                let d = f64::from(v.saturating_sub(best)).max(-50.0 * temperature);
                (d / temperature).exp()
            })
            .collect();
        let mut x = rng.random::<f64>() * weights.iter().sum::<f64>();
        for (i, w) in weights.iter().enumerate() {
            x -= w;
            if x <= 0.0 {
                return Some(scored[i].0);
            }
        }
        return Some(scored[0].0);
    }
    let _ = me;
    let limits = Limits { depth: 64, time: budget.time, threads: threads() };
    Some(minimax::search(g, &eval, limits, progress).best)
}

/// The game's own search with no evaluation at all (for measuring what knowledge adds).
pub fn choose_zero<G: GameAi>(g: &G, time: Duration) -> Option<G::Move> {
    if !matches!(g.to_move(), ToMove::Player(_)) {
        return None;
    }
    if g.kind() != Kind::Minimax {
        return uct::search(&g.for_playouts(), Budget::time(time), 1).map(|r| r.best);
    }
    let limits = Limits { depth: 64, time: Some(time), threads: threads() };
    Some(minimax::search(g, &crate::eval::Zero, limits, |_| {}).best)
}

/// One move of an analysis.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveValue {
    /// The move (or chance outcome) in canonical notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The mover's expected score in [0, 1] (1 a win, 0.5 a draw); at a chance node, the
    /// value of the outcome for the player whose die it is.
    pub value: f64,
    /// How much search stands behind the value (nodes or playouts).
    pub visits: u64,
}

/// Every legal move with its value, best first (`tabla analyse`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// The player to move, `"chance"`, or none when the game is over.
    pub to_move: Option<&'static str>,
    /// The moves, best first.
    pub moves: Vec<MoveValue>,
}

fn analyse_game<G: GameAi>(g: &G, time: Duration) -> Analysis {
    let names: Vec<&'static str> =
        (0..g.player_count()).map(|i| g.player_name(Player(i as u8))).collect();
    let to_move = match g.to_move() {
        ToMove::Player(p) => Some(names[p.index()]),
        ToMove::Chance => Some("chance"),
        ToMove::Over => None,
    };
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let eval = G::Eval::default();
    let mut out: Vec<MoveValue> = match g.to_move() {
        ToMove::Over => Vec::new(),
        ToMove::Chance => {
            // Each outcome's value for the player whose die it is (else the next to move).
            let per = time / moves.len().max(1) as u32;
            moves
                .iter()
                .map(|&m| {
                    let mut child = g.clone();
                    child.play(m);
                    let who = g.chance_player().or(match child.to_move() {
                        ToMove::Player(p) => Some(p),
                        _ => None,
                    });
                    let (value, visits) = value_of(&child, who.unwrap_or(Player(0)), per);
                    MoveValue { mv: g.format_move(m), value, visits }
                })
                .collect()
        }
        ToMove::Player(_) if g.kind() != Kind::Minimax => {
            let r = match g.kind() {
                Kind::Mcts { cut } => {
                    let cfg = crate::mcts::Config { cut, threads: threads() };
                    crate::mcts::search(&g.for_playouts(), &eval, cfg, Budget::time(time), 1)
                }
                _ => uct::search(&g.for_playouts(), Budget::time(time), 1),
            };
            r.map(|r| {
                r.moves
                    .iter()
                    .map(|&(m, visits, value)| MoveValue {
                        mv: g.format_move(m),
                        value,
                        visits: u64::from(visits),
                    })
                    .collect()
            })
            .unwrap_or_default()
        }
        ToMove::Player(_) => {
            // Find how deep the time allows, then score every move at that depth.
            let limits = Limits { depth: 64, time: Some(time / 3), threads: threads() };
            let depth = minimax::search(g, &eval, limits, |_| {}).depth.max(1);
            minimax::score_moves(g, &eval, depth, Some(time))
                .into_iter()
                .map(|(m, v)| MoveValue {
                    mv: g.format_move(m),
                    value: expected_score(v, eval.scale()),
                    visits: u64::from(depth),
                })
                .collect()
        }
    };
    out.sort_by(|a, b| b.value.total_cmp(&a.value));
    Analysis { to_move, moves: out }
}

/// The value of `g` for `me` by a short search, and the nodes behind it.
fn value_of<G: GameAi>(g: &G, me: Player, time: Duration) -> (f64, u64) {
    if let Some(o) = g.outcome() {
        return (o.score(me, g.player_count()), 0);
    }
    let eval = G::Eval::default();
    match g.to_move() {
        ToMove::Player(p) if g.kind() == Kind::Minimax => {
            let limits = Limits { depth: 64, time: Some(time), threads: 1 };
            let r = minimax::search(g, &eval, limits, |_| {});
            let v = expected_score(r.score, eval.scale());
            (if p == me { v } else { 1.0 - v }, r.nodes)
        }
        ToMove::Player(_) => match uct::search(&g.for_playouts(), Budget::time(time), 1) {
            Some(r) => {
                let best = r.moves.first().map_or(0.5, |m| m.2);
                let mover = g.to_move();
                (if mover == ToMove::Player(me) { best } else { 1.0 - best }, r.iterations)
            }
            None => (0.5, 0),
        },
        _ => (expected_score(eval.evaluate(g, me), eval.scale()), 1),
    }
}

/// The best move for any registered game, in canonical notation; `None` when no player is
/// to move. Matches once on the closed enum of the games, so the search itself runs
/// monomorphised, and a new game that is not handled here does not compile.
///
/// # Errors
/// None today; kept so that a search that cannot run can say why.
pub fn best_move_dyn(game: &AnyGame, budget: Budget, seed: u64) -> Result<Option<String>, String> {
    Ok(with_game!(game, g => choose(g, budget, seed).map(|m| g.format_move(m))))
}

/// What the computer is thinking, for front ends that show it live (`tabla play`).
#[derive(Clone, Debug, PartialEq)]
pub struct Thinking {
    /// The best move so far (at the end: the chosen one), in canonical notation.
    pub best: String,
    /// Its expected score in [0, 1] for the player to move, when the search says.
    pub score: Option<f64>,
    /// The deepest completed iteration (0 when the search has no depth).
    pub depth: u32,
    /// Time spent.
    pub elapsed: Duration,
}

/// As [`best_move_dyn`], calling `on_progress` with the best move so far whenever the
/// search has one; returns the chosen move with what is known of its value. `None` when no
/// player is to move. The same move as [`best_move_dyn`] for the same arguments.
pub fn best_move_dyn_watched(
    game: &AnyGame,
    budget: Budget,
    seed: u64,
    on_progress: &mut dyn FnMut(&Thinking),
) -> Option<Thinking> {
    with_game!(game, g => watched(g, budget, seed, on_progress))
}

fn watched<G: GameAi>(
    g: &G,
    budget: Budget,
    seed: u64,
    on_progress: &mut dyn FnMut(&Thinking),
) -> Option<Thinking> {
    let t0 = std::time::Instant::now();
    let scale = G::Eval::default().scale();
    let mut last: Option<Thinking> = None;
    let mut relay = |r: &minimax::Report<G::Move>| {
        let t = Thinking {
            best: g.format_move(r.best),
            score: Some(expected_score(r.score, scale)),
            depth: r.depth,
            elapsed: r.elapsed,
        };
        on_progress(&t);
        last = Some(t);
    };
    let best = g.format_move(choose_watched(g, budget, seed, &mut relay)?);
    let (score, depth) = match last {
        Some(t) if t.best == best => (t.score, t.depth),
        Some(t) => (None, t.depth),
        None => (None, 0),
    };
    Some(Thinking { best, score, depth, elapsed: t0.elapsed() })
}

/// Every legal move of any registered game with its value, best first, within `time`.
pub fn analyse(game: &AnyGame, time: Duration) -> Analysis {
    with_game!(game, g => analyse_game(g, time))
}

/// What one timed search did, for `tabla bench search`: the game's own search (alpha-beta
/// for two players, Monte Carlo otherwise) with `threads` threads where it has them.
#[derive(Clone, Copy, Debug)]
pub struct SearchSpeed {
    /// Which search ran: `alpha-beta` (nodes), `mcts` or `uct` (playouts).
    pub search: &'static str,
    /// Nodes or playouts, all threads together.
    pub work: u64,
    /// Threads that searched (plain UCT has one).
    pub threads: usize,
    /// Wall time spent.
    pub elapsed: Duration,
}

fn search_speed_of<G: GameAi>(g: &G, threads: usize, time: Duration) -> Option<SearchSpeed> {
    if !matches!(g.to_move(), ToMove::Player(_)) {
        return None;
    }
    let t0 = std::time::Instant::now();
    let eval = G::Eval::default();
    let (search, work, threads) = match g.kind() {
        Kind::Minimax => {
            let limits = Limits { depth: 64, time: Some(time), threads };
            ("alpha-beta", minimax::search(g, &eval, limits, |_| {}).nodes, threads)
        }
        Kind::Mcts { cut } => {
            let cfg = crate::mcts::Config { cut, threads };
            let r = crate::mcts::search(&g.for_playouts(), &eval, cfg, Budget::time(time), 1);
            ("mcts", r.map_or(0, |r| r.iterations), threads)
        }
        Kind::Uct => {
            let r = uct::search(&g.for_playouts(), Budget::time(time), 1);
            ("uct", r.map_or(0, |r| r.iterations), 1)
        }
    };
    Some(SearchSpeed { search, work, threads, elapsed: t0.elapsed() })
}

/// Runs the game's search on `game` for `time` with `threads` threads; `None` when no
/// player is to move.
pub fn search_speed(game: &AnyGame, threads: usize, time: Duration) -> Option<SearchSpeed> {
    with_game!(game, g => search_speed_of(g, threads.max(1), time))
}

impl GameAi for tabla_games::gipf::Gipf {
    type Eval = crate::eval::Zero;
    fn kind(&self) -> Kind {
        Kind::Minimax
    }
}

impl GameAi for tabla_games::seega::Seega {
    type Eval = crate::eval::Zero;
    fn kind(&self) -> Kind {
        Kind::Minimax
    }
}

impl GameAi for tabla_games::bulgarian_ur::BulgarianUr {
    type Eval = crate::eval::Zero;
    fn kind(&self) -> Kind {
        Kind::Minimax
    }
}

impl GameAi for tabla_games::amazons::Amazons {
    type Eval = crate::eval::amazons::AmazonsEval;
    fn kind(&self) -> Kind {
        if self.player_count() == 2 {
            Kind::Minimax
        } else {
            Kind::Uct
        }
    }
    fn for_playouts(&self) -> Self {
        let mut g = self.clone();
        g.set_sampler(tabla_games::amazons::Sampler::Stepwise);
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_game_has_a_computer_player_at_every_level() {
        for info in tabla_games::GAMES {
            let mut g = tabla_games::new_game(info.id, &[]).unwrap();
            // Let chance act first where it starts the game.
            while g.to_move() == ToMove::Chance {
                let first = g.legal()[0].clone();
                g.play_text(&first).unwrap();
            }
            for level in 1..=MAX_LEVEL {
                let budget =
                    Budget { time: Some(Duration::from_millis(30)), ..Budget::level(level) };
                let m = best_move_dyn(&g, budget, 3)
                    .unwrap_or_else(|e| panic!("{e}"))
                    .expect("a player is to move");
                assert!(g.legal().contains(&m), "{} level {level}: {m}", info.id);
            }
        }
    }

    #[test]
    fn watching_reports_and_changes_nothing() {
        let g = tabla_games::new_game("amazons", &[]).unwrap();
        let budget = Budget { level: Some(1), ..Budget::level(1) };
        let plain = best_move_dyn(&g, budget, 5).unwrap().unwrap();
        let watched = best_move_dyn_watched(&g, budget, 5, &mut |_| {}).unwrap();
        assert_eq!(plain, watched.best);
        let mut seen = 0;
        let t = best_move_dyn_watched(&g, Budget::level(3), 5, &mut |_| seen += 1).unwrap();
        assert!(seen > 0 && t.score.is_some_and(|s| (0.0..=1.0).contains(&s)), "{t:?}");
    }

    #[test]
    fn analysis_lists_every_legal_move_once_best_first() {
        for info in tabla_games::GAMES {
            let mut g = tabla_games::new_game(info.id, &[]).unwrap();
            while g.to_move() == ToMove::Chance {
                let first = g.legal()[0].clone();
                g.play_text(&first).unwrap();
            }
            let a = analyse(&g, Duration::from_millis(50));
            let mut listed: Vec<String> = a.moves.iter().map(|m| m.mv.clone()).collect();
            listed.sort();
            let mut legal = g.legal();
            legal.sort();
            assert_eq!(listed, legal, "{}", info.id);
            assert!(a.moves.windows(2).all(|w| w[0].value >= w[1].value), "{}", info.id);
            assert!(a.moves.iter().all(|m| (0.0..=1.0).contains(&m.value)), "{}", info.id);
        }
    }
}
