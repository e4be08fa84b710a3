//! Which search and which knowledge each game uses, the levels 1–7, and the entry points for
//! the edges (`best_move_dyn`, `analyse`), reached through the closed enum of the games.
//!
//! A level is a step of strength: each scores at least 65% against the one below in every
//! game, and its rating above level 1 is measured per game ([`crate::ratings`],
//! `docs/levels.md`). The common table ([`crate::LEVELS`]):
//!
//! | level | looks ahead (plies) | time | choice (temperature, in expected score) |
//! | --- | --- | --- | --- |
//! | 1 | 1 | 0.1 s | by how good each move looks, with a wide scatter (0.20): sensible moves, missed threats, sometimes a blunder, never a random move |
//! | 2 | 2 | 0.15 s | the same, half the scatter (0.10) |
//! | 3 | 3 | 0.2 s | 0.05 |
//! | 4 | 4 | 0.3 s | 0.025 |
//! | 5 | 6 | 0.5 s | 0.012 |
//! | 6 | as deep as the time allows | 1 s | the best move found |
//! | 7 | as deep as the time allows | 4 s | the best move found; Seega's placing, and Amazons on 100 cells or more, by MCTS |
//!
//! Bulgarian Ur and Seega, where thinking past 1 s adds nothing measurable, keep their own
//! ([`crate::SATURATED_LEVELS`]): every level one step down the table (level 7 is the 1 s
//! search above, level 2 the common level 1), and level 1 a scatter of 0.8 at one ply.
//!
//! A ply at a chance node (a die roll) counts as one. Levels 1–5 score the moves near the
//! best (so that they can choose among them, [`minimax::score_moves_near`]); levels 6 and 7
//! search for the best move only (principal-variation search), which goes deeper in the
//! same time. The scatter halves from level to level: where the time, not the depth, limits
//! the search (Amazons 10×10 reaches depth 2 at any time under 2 s), the scatter is what
//! makes a level stronger than the one below. Levels 5 and 6 once differed only by a
//! scatter of 0.006 against 0.003 (both nearly always the best move) and a depth that
//! Amazons never reached: level 6 scored 0.45–0.55 against level 5 there.
//!
//! Every choice can be changed by name for measurement ([`Tweaks`]): `tabla match` takes
//! `--a level:7,lmr=0,mobility=0`.

use crate::eval::Evaluator;
use crate::minimax::{self, Limits, Options};
use crate::{mcts, uct, Budget, MAX_LEVEL};
use serde::Serialize;
use std::time::Duration;
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::{Rng, SeedableRng};
use tabla_core::{Game, Player, ToMove};
use tabla_games::{with_game, AnyGame};

/// The search a game is played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Alpha-beta with *-minimax at chance nodes; paranoid with more than two players.
    Minimax,
    /// Plain Monte Carlo tree search (any number of players).
    Uct,
    /// Monte Carlo tree search with playouts cut after `cut` moves and evaluated.
    Mcts {
        /// Random moves before the evaluation.
        cut: u32,
        /// Progressive widening ([`mcts::Config::widen`]) for positions with thousands of
        /// turns.
        widen: bool,
    },
}

/// What the AI knows of one game: its evaluation and its search.
pub trait GameAi: Game {
    /// The game's evaluation.
    type Eval: Evaluator<Self> + Default;
    /// The search this position is played with (it may depend on the options).
    fn kind(&self) -> Kind;

    /// Plies of quiescence search past the horizon (captures only: see
    /// [`crate::minimax::Options::quiesce`]) for level 7 and the analysis; 0: none.
    fn quiescence() -> u32 {
        0
    }

    /// The reduction of null-move pruning ([`crate::minimax::Options::null`]) for level 7 and
    /// the analysis, where the game's evaluation gives a pass
    /// ([`crate::eval::Evaluator::null_move`]); 0: none.
    fn null_move() -> u32 {
        0
    }

    /// The position as the Monte Carlo searches play it out: the same position, drawing its
    /// random moves with the sampler that makes those searches strongest per second (Amazons:
    /// stepwise, which won 16-4 at 10×10 and scored 0.58 with three players at equal time,
    /// `examples/amazons_samplers.rs`). The `uct` baseline bot keeps the game's own sampler.
    fn for_playouts(&self) -> Self {
        self.clone()
    }

    /// Turns left in an opening phase that a search may play differently (Seega's placing;
    /// 0: not in one): see [`Tweaks`]' `placing` and `placing_ab`.
    fn opening_left(&self) -> u32 {
        0
    }

    /// Whether the strongest level plays this game by MCTS with progressive widening
    /// instead of alpha-beta: so many turns a ply that alpha-beta, whatever its time, never
    /// looks past the reply (Amazons 10×10: depth 2 from 50 ms to 4 s), while the widened
    /// tree spends a longer budget on deeper lines of the best-looking turns.
    fn wide(&self) -> bool {
        false
    }

    /// The game's fixed outside-style baseline (`ab-territory` in `tabla match`), where it
    /// has one: `None` means the game has none.
    fn baseline(&self, _time: Duration) -> Option<Option<Self::Move>> {
        None
    }

    /// How each level plays this game: the common table ([`crate::LEVELS`]), unless more
    /// thinking stops adding strength here ([`crate::SATURATED_LEVELS`]).
    fn levels() -> &'static [crate::Level; 7] {
        &crate::LEVELS
    }
}

/// Changes to an engine's defaults, by name: `lmr=0`, `order=3`, `search=mcts`, or the
/// weight of an evaluation term (`mobility=0`). Read from the text after a bot's level:
/// `level:7,lmr=0,mobility=0`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tweaks(pub Vec<(String, i32)>);

/// Search keys a [`Tweaks`] may set (anything else goes to the evaluation).
pub const SEARCH_KEYS: &[&str] = &[
    "lmr",
    "order",
    "asp",
    "tt",
    "quiesce",
    "null",
    "threads",
    "search",
    "cut",
    "depth",
    "scatter",
    "bias",
    "reuse",
    "explore",
    "placing",
    "placing_ab",
    "widen",
    "widen_pow",
    "expand",
    "wide",
    "narrow",
    "settle",
    "decided",
    "table",
    "parity",
    "lscale",
    "binary",
    "imm",
    "either",
    "probe",
];

/// Progressive widening of level 7's MCTS where [`GameAi::wide`]: a node visited `n` times
/// has at most `1 + WIDEN·√n` children, and a leaf is expanded (its turns given priors by
/// the evaluation, about 3 ms for 2,000 turns) after [`EXPAND_AT`] playouts. Amazons 10×10,
/// one thread each, 10 games: at 500 ms a move 0.600 against alpha-beta; at level 7's 4 s
/// against level 6's 1 s 0.800 (+8 −2), and 36–14 in the ladder (two threads each), where
/// alpha-beta at 4 s scored 0.400. Retuned after the evaluation's phase weights and the
/// lower exploration: half as many children (0.5) against the first 1.0, level 7 against
/// itself at 300 ms, one thread, 120 games on three sets of openings: 0.642 (77–43, +101
/// Elo, [+37, +166]); a quarter (0.25) scored 0.350 against 1.0 over 40 games. The
/// playouts' length ([`mcts::Config::cut`], 4) measured best as it was: 2 scored 0.325 and 8
/// 0.475 against it (`bench/results/ab-territory.md`).
const WIDEN: f64 = 0.5;
/// See [`WIDEN`].
const EXPAND_AT: u32 = 100;
/// The exploration constant of the widened search, about a third of the plain search's 0.7:
/// with the children already narrowed by the evaluation's priors, trying the less visited
/// ones less pays. Amazons 10×10, 300 ms a move, one thread each, 40 games a set: 0.35
/// against 0.7 scored 0.750 (+191 Elo, [+69, +313]); after the narrower widening, 0.25
/// against 0.35 scored 74 of 120 on three sets (0.617, +83 Elo, [+21, +150]);
/// `bench/results/ab-territory.md`.
const EXPLORE_WIDE: f64 = 0.25;
// The widened search also values its leaves with the worth of the move counted
// ([`mcts::Config::either`]): its leaves lie at both parities, and on 10×10 the move is worth
// about 100 points of the evaluation early on (`examples/amazons_tempo.rs`). Against the
// plain search at 300 ms a move, one thread: 0.675 over 40 games (+127 Elo, [+14, +240]).
// Against `ab-territory` no gain shows (80 games: 0.61 with, 0.65 without); with it the
// implicit minimax no longer loses (0.675, where it fell to 0.450 without).

/// Thousandths of the widened search's time given first to an alpha-beta probe that proves
/// decided positions (`probe` overrides; 0: no probe).
const PROBE: u32 = 100;

/// The last opening turns (Seega's last placements) that the strongest level searches by
/// alpha-beta even when it plays the rest of the opening by MCTS: from there alpha-beta sees
/// through the last placements to the first captures exactly. Four (First's last two
/// placements, Second's last two) against none, level 7 against itself at 1 s a move: 0.575
/// (20 games, +9 =5 −6), and 4 of 10 as First where none scored 2.5 of 10.
const PLACING_AB: u32 = 4;

impl Tweaks {
    /// Reads `key=value,key=value`; `search` takes `ab`, `mcts` or `uct`.
    ///
    /// # Errors
    /// A pair that is not `key=integer`.
    pub fn parse(text: &str) -> Result<Tweaks, String> {
        let mut out = Vec::new();
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) =
                pair.split_once('=').ok_or_else(|| format!("'{pair}': expected key=value"))?;
            let v = match (k, v) {
                ("search", "ab") => 0,
                ("search", "mcts") => 1,
                ("search", "uct") => 2,
                _ => v
                    .parse::<i32>()
                    .map_err(|_| format!("'{pair}': the value must be a whole number"))?,
            };
            out.push((k.to_string(), v));
        }
        Ok(Tweaks(out))
    }

    fn get(&self, key: &str) -> Option<i32> {
        self.0.iter().rev().find(|(k, _)| k == key).map(|&(_, v)| v)
    }

    /// The evaluation with the tweaks for its terms applied.
    ///
    /// # Errors
    /// A key that is neither a search key nor a term of the evaluation.
    pub fn eval<G: GameAi>(&self) -> Result<G::Eval, String> {
        let mut e = G::Eval::default();
        for (k, v) in &self.0 {
            if !SEARCH_KEYS.contains(&k.as_str()) {
                e.tweak(k, *v)?;
            }
        }
        Ok(e)
    }

    /// The evaluation for a search of `kind`: the widened MCTS (level 7 on Amazons boards of
    /// 100 cells or more) weighs its terms by the phase of the game unless `phased` is given
    /// ([`crate::eval::amazons::PHASE_WEIGHTS`], fitted to the results of 492 games on
    /// 10×10). Against `ab-territory` (10×10, 300 ms, one thread, 80 games on two sets of
    /// openings) it scored 0.800 where the fixed weights scored 0.613. Elsewhere the fixed
    /// weights stay: the fit is of 10×10 games, and the lower levels keep their ladder.
    ///
    /// # Errors
    /// As [`Tweaks::eval`].
    pub fn eval_for<G: GameAi>(&self, kind: Kind) -> Result<G::Eval, String> {
        let mut e = self.eval::<G>()?;
        if matches!(kind, Kind::Mcts { widen: true, .. }) && self.get("phased").is_none() {
            // An evaluation without phases (no such term) keeps its weights.
            let _ = e.tweak("phased", 1);
        }
        Ok(e)
    }

    /// The search switches at `level`: the defaults, but level 7 looks past the horizon
    /// where the game has a quiescence search ([`GameAi::quiescence`]) and prunes by null
    /// moves where it has those ([`GameAi::null_move`]); tweaks override.
    fn options_at<G: GameAi>(&self, level: u8) -> Options {
        let mut o = self.options();
        if level >= MAX_LEVEL && self.get("quiesce").is_none() {
            o.quiesce = G::quiescence();
        }
        if level >= MAX_LEVEL && self.get("null").is_none() {
            o.null = G::null_move();
        }
        o
    }

    fn options(&self) -> Options {
        let d = Options::default();
        Options {
            lmr: self.get("lmr").map_or(d.lmr, |v| v != 0),
            order_depth: self.get("order").map_or(d.order_depth, |v| v.max(0) as u32),
            aspiration: self.get("asp").map_or(d.aspiration, |v| v != 0),
            tt: self.get("tt").map_or(d.tt, |v| v != 0),
            quiesce: self.get("quiesce").map_or(d.quiesce, |v| v.max(0) as u32),
            null: self.get("null").map_or(d.null, |v| v.max(0) as u32),
        }
    }

    /// The search for `g` at `level`. An opening phase (Seega's placing) is searched by MCTS
    /// at the strongest level (`placing=0` turns that off, `placing=1` turns it on at any
    /// level), but for its last `placing_ab` turns ([`PLACING_AB`]): alpha-beta cannot see from the first placements to the captures they allow,
    /// while playouts 16 moves long reach them. Measured at 200 ms a move, level 7 with MCTS
    /// placing scored 0.983 against `uct` (30 games, +29 =1 −0) where alpha-beta placing
    /// scored 0.900 (+26 =2 −2), and 0.575 against alpha-beta placing (20 games).
    fn kind<G: GameAi>(&self, g: &G, level: u8) -> Kind {
        let cut = |default: u32| self.get("cut").map_or(default, |c| c.max(0) as u32);
        let placing = self.get("placing").map_or(level >= MAX_LEVEL, |v| v != 0);
        let ab_tail = self.get("placing_ab").map_or(PLACING_AB, |v| v.max(0) as u32);
        if placing && g.opening_left() > ab_tail {
            return Kind::Mcts { cut: cut(16), widen: false };
        }
        let wide = self.get("wide").map_or(level >= MAX_LEVEL && g.wide(), |v| v != 0)
            && self.get("narrow").is_none_or(|n| !fewer_moves_than(g, n.max(0) as usize));
        match (self.get("search"), g.kind()) {
            (Some(0), _) => Kind::Minimax,
            (Some(1), Kind::Mcts { cut: c, widen }) => Kind::Mcts { cut: cut(c), widen },
            (Some(1), _) => Kind::Mcts { cut: cut(4), widen: wide },
            (Some(2), _) => Kind::Uct,
            (_, Kind::Mcts { cut: c, widen }) => Kind::Mcts { cut: cut(c), widen },
            (None, Kind::Minimax) if wide => Kind::Mcts { cut: cut(4), widen: true },
            (_, k) => k,
        }
    }

    fn mcts(&self, cut: u32, widen: bool) -> mcts::Config {
        let d = mcts::Config {
            widen: if widen { WIDEN } else { 0.0 },
            expand_at: if widen { EXPAND_AT } else { 0 },
            either: widen,
            exploration: if widen { EXPLORE_WIDE } else { mcts::Config::default().exploration },
            ..mcts::Config::default()
        };
        mcts::Config {
            cut,
            threads: self.threads(),
            bias: self.get("bias").map_or(d.bias, |b| f64::from(b) / 1000.0),
            reuse: self.get("reuse").map_or(d.reuse, |r| r != 0),
            exploration: self.get("explore").map_or(d.exploration, |e| f64::from(e) / 1000.0),
            widen: self.get("widen").map_or(d.widen, |w| f64::from(w) / 1000.0),
            widen_power: self.get("widen_pow").map_or(d.widen_power, |w| f64::from(w) / 1000.0),
            expand_at: self.get("expand").map_or(d.expand_at, |e| e.max(0) as u32),
            settle: self.get("settle").map_or(d.settle, |s| s != 0),
            decided: self.get("decided").map_or(d.decided, |x| f64::from(x) / 1000.0),
            parity: self.get("parity").map_or(d.parity, |x| x != 0),
            leaf_scale: self.get("lscale").map_or(d.leaf_scale, |x| f64::from(x.max(1)) / 1000.0),
            binary: self.get("binary").map_or(d.binary, |x| x != 0),
            either: self.get("either").map_or(d.either, |x| x != 0),
            implicit: self.get("imm").map_or(d.implicit, |x| f64::from(x.clamp(0, 1000)) / 1000.0),
            ..d
        }
    }

    fn threads(&self) -> usize {
        self.get("threads").map_or_else(threads, |t| t.clamp(1, 64) as usize)
    }
}

/// Whether `g`'s player to move has fewer than `n` turns (a narrowed middle game, where
/// alpha-beta looks deeper than the widened tree).
fn fewer_moves_than<G: Game>(g: &G, n: usize) -> bool {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves.len() < n
}

/// Search threads: both cores (at most four).
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()).min(4)
}

/// Every legal move with its exact value for the mover, where an exact table of the
/// position's variant is at hand (Bulgarian Ur with few discs: [`crate::ur_table::ready`]).
fn exact_values<G: GameAi>(g: &G) -> Option<Vec<(G::Move, f64)>> {
    use std::any::Any;
    let u = (g as &dyn Any).downcast_ref::<tabla_games::bulgarian_ur::BulgarianUr>()?;
    let table = crate::ur_table::ready(crate::ur_table::Variant::of(u))?;
    table
        .move_values(u)?
        .into_iter()
        .map(|(m, v)| (&m as &dyn Any).downcast_ref::<G::Move>().map(|m| (*m, v)))
        .collect()
}

/// Seega's exact values where an endgame table covers the position (phase 2 with few
/// stones: [`crate::seega_table::ready`], built at once when small, else on another thread
/// for later moves): every legal turn with its value for the mover, best first (the fastest
/// win, the longest defence), the rules' order among equals.
fn seega_exact<G: GameAi>(g: &G) -> Option<Vec<(G::Move, crate::seega_table::Exact)>> {
    use std::any::Any;
    let s = (g as &dyn Any).downcast_ref::<tabla_games::seega::Seega>()?;
    let mut values = crate::seega_table::ready(s, true)?.move_values(s)?;
    values.sort_by_key(|m| std::cmp::Reverse(m.1.score()));
    values
        .into_iter()
        .map(|(m, v)| (&m as &dyn Any).downcast_ref::<G::Move>().map(|m| (*m, v)))
        .collect()
}

/// The move `budget` chooses for `g`; `None` when no player is to move.
pub fn choose<G: GameAi>(g: &G, budget: Budget, seed: u64) -> Option<G::Move> {
    choose_with(g, budget, seed, &Tweaks::default()).ok().flatten()
}

/// As [`choose`], with tweaks to the defaults.
///
/// # Errors
/// A tweak that names nothing.
pub fn choose_with<G: GameAi>(
    g: &G,
    budget: Budget,
    seed: u64,
    tweaks: &Tweaks,
) -> Result<Option<G::Move>, String> {
    Ok(think(g, budget, seed, tweaks)?.map(|c| c.mv))
}

/// A chosen move and what stands behind it.
#[derive(Clone, Copy, Debug)]
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// The deepest completed iteration (alpha-beta), else 0.
    pub depth: u32,
    /// Nodes (alpha-beta) or playouts (MCTS) searched.
    pub nodes: u64,
    /// The Monte Carlo searches' mean result of the move for the player to move, in [0, 1]
    /// (alpha-beta reports its value while it searches: [`minimax::Report`]).
    pub score: Option<f64>,
}

/// As [`choose_with`], also saying how deep the search went.
///
/// # Errors
/// A tweak that names nothing.
pub fn think<G: GameAi>(
    g: &G,
    budget: Budget,
    seed: u64,
    tweaks: &Tweaks,
) -> Result<Option<Choice<G::Move>>, String> {
    think_watched(g, budget, seed, tweaks, &mut |_| {})
}

/// As [`think`], with `progress` called after every completed iteration of an alpha-beta
/// search at full strength (the other searches do not report). Watching changes nothing.
///
/// # Errors
/// A tweak that names nothing.
pub fn think_watched<G: GameAi>(
    g: &G,
    budget: Budget,
    seed: u64,
    tweaks: &Tweaks,
    progress: &mut dyn FnMut(&minimax::Report<G::Move>),
) -> Result<Option<Choice<G::Move>>, String> {
    let eval = tweaks.eval::<G>()?;
    let ToMove::Player(_) = g.to_move() else { return Ok(None) };
    let level = budget.level.unwrap_or(MAX_LEVEL).clamp(1, MAX_LEVEL);
    // The strongest level plays perfectly where an exact table is at hand or the solver
    // proves a small Amazons endgame (`table=0`: it searches anyway, for measuring what the
    // exact values add).
    if level == MAX_LEVEL && tweaks.get("table") != Some(0) {
        if let Some(values) = seega_exact(g) {
            let best = values.first().map(|&(mv, v)| Choice {
                mv,
                depth: 0,
                nodes: 0,
                score: Some(v.expected()),
            });
            return Ok(best);
        }
        if let Some(values) = exact_values(g) {
            let best = values.iter().copied().reduce(|a, b| if b.1 > a.1 { b } else { a });
            return Ok(best.map(|(mv, v)| Choice { mv, depth: 0, nodes: 0, score: Some(v) }));
        }
        // A small Amazons endgame: proven in a quarter of the time and played exactly.
        if let Some(t) = budget.time {
            if let Some((mv, v, nodes)) = crate::solve::endgame_move(g, t / 4) {
                return Ok(Some(Choice { mv, depth: 0, nodes, score: Some(v) }));
            }
        }
    }
    let threads = tweaks.threads();
    let time = budget.time;
    let kind = tweaks.kind(g, level);
    let playouts = |r: Option<crate::SearchResult<G::Move>>| {
        r.map(|r| Choice {
            mv: r.best,
            depth: 0,
            nodes: r.iterations,
            score: r.moves.first().filter(|m| m.1 > 0).map(|m| m.2.clamp(0.0, 1.0)),
        })
    };
    if let Kind::Mcts { cut, widen } = kind {
        let eval = tweaks.eval_for::<G>(kind)?;
        let mut budget = budget;
        let share = tweaks.get("probe").map_or(PROBE, |p| p.clamp(0, 1000) as u32);
        if let (true, Some(t), true) = (widen, budget.time, share > 0) {
            // A decided position (every queen walled in, or a forced win or loss in
            // reach): alpha-beta proves it in a moment and plays it exactly, where MCTS
            // would spend its whole budget on it. [`PROBE`] thousandths of the budget (the
            // `probe` key) for the proof.
            let t0 = std::time::Instant::now();
            let probe = Limits {
                depth: 64,
                time: Some(t * share / 1000),
                extend: None,
                threads,
                options: tweaks.options_at::<G>(level),
                stop: None,
            };
            let r = minimax::search(g, &eval, probe, |_| {});
            if r.score.abs() > minimax::WIN_BOUND {
                let score = Some(if r.score > 0 { 1.0 } else { 0.0 });
                return Ok(Some(Choice { mv: r.best, depth: r.depth, nodes: r.nodes, score }));
            }
            budget.time = Some(t.saturating_sub(t0.elapsed()));
            budget.extend = budget.extend.map(|e| e.saturating_sub(t0.elapsed()));
        }
        return Ok(playouts(mcts::search(
            &g.for_playouts(),
            &eval,
            tweaks.mcts(cut, widen),
            budget,
            seed,
        )));
    }
    if kind == Kind::Uct || budget.iterations.is_some() {
        return Ok(playouts(uct::search(g, budget, seed)));
    }
    let style = crate::level_style(g, level);
    let (mut temperature, look) = (style.scatter, style.depth);
    if let Some(t) = tweaks.get("scatter") {
        temperature = f64::from(t) / 1000.0;
    }
    let depth = match tweaks.get("depth") {
        Some(d) => d.clamp(1, 64) as u32,
        None => look.unwrap_or(64),
    };
    let limits = Limits {
        depth,
        time,
        extend: budget.extend,
        threads,
        options: tweaks.options_at::<G>(level),
        stop: None,
    };
    if temperature <= 0.0 {
        let r = minimax::search(g, &eval, limits, |r| progress(r));
        let score = Some(eval.shown_at(g, eval.expected(r.score)));
        return Ok(Some(Choice { mv: r.best, depth: r.depth, nodes: r.nodes, score }));
    }
    // A beginner's choice: every move scored as deep as the level looks (or the time
    // allows), then one drawn with weights falling off with how much worse it looks.
    // Moves more than six temperatures worse would weigh under 0.25%: their exact values
    // are not needed.
    let (scored, depth) = minimax::score_moves_near(g, &eval, limits, Some(6.0 * temperature));
    let best = eval.expected(scored[0].value);
    let weights: Vec<f64> = scored
        .iter()
        .map(|s| ((eval.expected(s.value) - best) / temperature).max(-50.0).exp())
        .collect();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut x = rng.random::<f64>() * weights.iter().sum::<f64>();
    let mut pick = 0;
    for (i, w) in weights.iter().enumerate() {
        x -= w;
        if x <= 0.0 {
            pick = i;
            break;
        }
    }
    let nodes = scored.iter().map(|s| s.nodes).sum();
    Ok(Some(Choice { mv: scored[pick].mv, depth, nodes, score: None }))
}

/// What one search did, for benchmarks: the move, depth, nodes and time.
#[derive(Clone, Debug, Serialize)]
pub struct Probe {
    /// The move chosen, in canonical notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes or playouts.
    pub nodes: u64,
    /// Wall time spent, in milliseconds.
    pub ms: f64,
    /// The mover's chances with the move, where the search says (MCTS's mean result, or a
    /// proof): shows where a search stopped early because the game was won.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
}

/// Runs the engine once on `game` as a match or a level would, and says what it did; `None`
/// when no player is to move.
///
/// # Errors
/// A tweak that names nothing.
pub fn probe(
    game: &AnyGame,
    budget: Budget,
    seed: u64,
    tweaks: &Tweaks,
) -> Result<Option<Probe>, String> {
    let t0 = std::time::Instant::now();
    let c = with_game!(game, g => think(g, budget, seed, tweaks)?.map(|c| (g.format_move(c.mv), c.depth, c.nodes, c.score)));
    Ok(c.map(|(mv, depth, nodes, score)| Probe {
        mv,
        depth,
        nodes,
        ms: t0.elapsed().as_secs_f64() * 1000.0,
        score: score.map(|s| (s * 1000.0).round() / 1000.0),
    }))
}

/// The game's own search with no evaluation at all (for measuring what knowledge adds).
pub fn choose_zero<G: GameAi>(g: &G, time: Duration) -> Option<G::Move> {
    if !matches!(g.to_move(), ToMove::Player(_)) {
        return None;
    }
    if g.kind() != Kind::Minimax {
        return uct::search(g, Budget::time(time), 1).map(|r| r.best);
    }
    Some(minimax::search(g, &crate::eval::Zero, Limits::time(time, threads()), |_| {}).best)
}

/// One move of an analysis.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct MoveValue {
    /// The move (or chance outcome) in canonical notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The mover's expected score in [0, 1] (1 a win, 0.5 a draw; the win chance in
    /// Bulgarian Ur); at a chance node, the value of the outcome for the player whose die it
    /// is.
    pub value: f64,
    /// How much search stands behind the value (nodes or playouts).
    pub visits: u64,
    /// At a chance node (with lines asked for): the outcome's probability.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance: Option<f64>,
    /// The expected line of play from this move (the first `lines` moves only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pv: Option<Vec<String>>,
    /// Turns to the end of the game after this move with best play, where an exact table
    /// knows them (a Seega endgame won or lost; none for a draw).
    #[serde(rename = "in", skip_serializing_if = "Option::is_none")]
    pub turns: Option<u32>,
}

/// Every legal move with its value, best first (`tabla analyse`). The fields after `moves`
/// are there only when lines were asked for, so that the plain output stays as it was.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Analysis {
    /// The player to move, `"chance"`, or none when the game is over.
    pub to_move: Option<&'static str>,
    /// The moves, best first.
    pub moves: Vec<MoveValue>,
    /// Whose expected score the values are: the mover, or at a chance node the player
    /// whose die it is (so that a page can show one seat's view whoever moves).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<&'static str>,
    /// The position's value for `player`: the best move's, or at a chance node the
    /// outcomes' mean weighted by their chances.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<f64>,
    /// The deepest completed iteration, or the playouts of a Monte Carlo search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Time spent so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elapsed_ms: Option<u64>,
    /// The values are exact (from a Bulgarian Ur table or a Seega endgame table), not a
    /// search's estimate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<bool>,
}

/// What an analysis is asked for.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The time to think.
    pub time: Duration,
    /// How many of the best moves get their line (0: the plain analysis of `tabla analyse`).
    pub lines: usize,
    /// Set from outside to stop early (the answer is then what was known).
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

/// Longest line shown (the contract's 12 tokens).
const PV_MAX: usize = 12;

/// The search an analysis uses: the one level 7 plays with, so that the hint is a move it
/// would consider (Seega's placing by MCTS). Where level 7 widens its MCTS (Amazons on 100
/// cells or more) most turns are never tried, and an analysis values every turn: there it
/// is alpha-beta's.
fn analysis_kind<G: GameAi>(g: &G) -> Kind {
    match Tweaks::default().kind(g, MAX_LEVEL) {
        Kind::Mcts { widen: true, .. } => g.kind(),
        k => k,
    }
}

fn analyse_game<G: GameAi>(g: &G, req: &Request, on_update: &mut dyn FnMut(&Analysis)) -> Analysis {
    let t0 = std::time::Instant::now();
    let time = req.time;
    let lines = req.lines;
    let to_move = match g.to_move() {
        ToMove::Player(p) => Some(g.player_name(p)),
        ToMove::Chance => Some("chance"),
        ToMove::Over => None,
    };
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let eval = G::Eval::default();
    let kind = analysis_kind(g);
    // What every answer with lines says besides the moves.
    let finish = |mut out: Vec<MoveValue>, depth: u32, player: Option<Player>| {
        // Stable: equal values keep the search's order.
        out.sort_by(|a, b| b.value.total_cmp(&a.value));
        let mut a = Analysis { to_move, moves: out, ..Analysis::default() };
        if lines > 0 {
            a.depth = Some(depth);
            a.elapsed_ms = Some(t0.elapsed().as_millis() as u64);
            a.player = player.map(|p| g.player_name(p));
            a.value = if to_move == Some("chance") {
                let mean: f64 = a.moves.iter().map(|m| m.value * m.chance.unwrap_or(0.0)).sum();
                Some(round3(mean))
            } else {
                a.moves.first().map(|m| m.value)
            };
        } else {
            for m in &mut a.moves {
                m.chance = None;
            }
        }
        a
    };
    // The analysis searches as level 7 does: past the horizon where the game has quiescence,
    // with null moves where it has those.
    let options = Tweaks::default().options_at::<G>(MAX_LEVEL);
    let limits = |t: Duration, threads: usize| Limits {
        stop: req.stop.clone(),
        options,
        ..Limits::time(t, threads)
    };
    // Exact values where a table has them (looked up once).
    // Each move's exact value, and the turns to the end where a table knows them.
    type Exact<M> = Vec<(M, f64, Option<u32>)>;
    let exact: Option<Exact<G::Move>> = match g.to_move() {
        ToMove::Player(_) => match seega_exact(g) {
            Some(v) => Some(v.into_iter().map(|(m, e)| (m, e.expected(), e.turns())).collect()),
            None => exact_values(g).map(|v| v.into_iter().map(|(m, x)| (m, x, None)).collect()),
        },
        _ => None,
    };
    match g.to_move() {
        ToMove::Over => finish(Vec::new(), 0, None),
        ToMove::Chance => {
            // Each outcome's value for the player whose die it is (else the next to move).
            let per = time / moves.len().max(1) as u32;
            let mut who = g.chance_player();
            let out = moves
                .iter()
                .map(|&m| {
                    let mut child = g.clone();
                    child.play(m);
                    let owner = g.chance_player().or(match child.to_move() {
                        ToMove::Player(p) => Some(p),
                        _ => None,
                    });
                    who = who.or(owner);
                    let (value, visits) =
                        value_of(&child, owner.unwrap_or(Player(0)), limits(per, 1));
                    MoveValue {
                        mv: g.format_move(m),
                        value,
                        visits,
                        chance: Some(g.chance_probability(m)),
                        pv: None,
                        turns: None,
                    }
                })
                .collect();
            let a = finish(out, 1, who);
            on_update(&a);
            a
        }
        ToMove::Player(me) if exact.is_some() => {
            let out = exact
                .unwrap_or_default()
                .into_iter()
                .map(|(m, v, turns)| MoveValue {
                    mv: g.format_move(m),
                    value: v,
                    visits: 0,
                    chance: None,
                    pv: (lines > 0).then(|| vec![g.format_move(m)]),
                    turns,
                })
                .collect();
            let mut a = finish(out, 0, Some(me));
            a.exact = Some(true);
            on_update(&a);
            a
        }
        ToMove::Player(me) if kind != Kind::Minimax => {
            if lines > 0 {
                // Monte Carlo says nothing until its time is up: a board that streams the
                // lines shows the moves' static values at once, "depth 0".
                let mut a = finish(static_values(g, &eval, me, &moves, &[]), 0, Some(me));
                for m in a.moves.iter_mut().take(lines) {
                    m.pv = Some(vec![m.mv.clone()]);
                }
                on_update(&a);
            }
            let r = match kind {
                Kind::Mcts { cut, .. } => {
                    // An analysis spends its whole time: every move's value, not one choice.
                    let cfg = mcts::Config {
                        cut,
                        reuse: false,
                        settle: false,
                        decided: 0.0,
                        ..mcts::Config::default()
                    };
                    mcts::search(&g.for_playouts(), &eval, cfg, Budget::time(time), 1)
                }
                _ => uct::search(g, Budget::time(time), 1),
            };
            let iterations = r.as_ref().map_or(0, |r| r.iterations);
            let mut tried = r.map(|r| r.moves).unwrap_or_default();
            tried.retain(|m| m.1 > 0);
            let mut out: Vec<MoveValue> = tried
                .iter()
                .map(|&(m, visits, value)| MoveValue {
                    mv: g.format_move(m),
                    value: round3(eval.shown_at(g, value.clamp(0.0, 1.0))),
                    visits: u64::from(visits),
                    ..MoveValue::default()
                })
                .collect();
            // A turn the time did not reach (a very short analysis): its static value.
            out.extend(static_values(g, &eval, me, &moves, &tried));
            let mut a = finish(out, iterations.min(u64::from(u32::MAX)) as u32, Some(me));
            // Monte Carlo keeps no table to read a line from: the lines are the moves alone.
            for m in a.moves.iter_mut().take(lines) {
                m.pv = Some(vec![m.mv.clone()]);
            }
            on_update(&a);
            a
        }
        ToMove::Player(me) => {
            let show = |scored: &[minimax::Scored<G::Move>], depth: u32| {
                let out = scored
                    .iter()
                    .enumerate()
                    .map(|(i, s)| MoveValue {
                        mv: g.format_move(s.mv),
                        value: round3(eval.shown_at(g, eval.expected(s.value))),
                        visits: s.nodes,
                        chance: None,
                        pv: (i < lines).then(|| {
                            minimax::principal_variation(g, s.mv, PV_MAX)
                                .into_iter()
                                .scan(g.clone(), |at, m| {
                                    let text = at.format_move(m);
                                    at.play(m);
                                    Some(text)
                                })
                                .collect()
                        }),
                        turns: None,
                    })
                    .collect();
                finish(out, depth, Some(me))
            };
            let mut last = None;
            let (scored, depth) = minimax::score_moves_watched(
                g,
                &eval,
                limits(time, threads()),
                None,
                &mut |scored, depth| {
                    if lines > 0 {
                        let a = show(scored, depth);
                        on_update(&a);
                        last = Some(depth);
                    }
                },
            );
            let a = show(&scored, depth);
            if lines > 0 && last != Some(depth) {
                on_update(&a);
            }
            a
        }
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The value of `g` for `me` by a short search, and the nodes behind it.
/// Each of `moves` not in `tried`, valued by the evaluation of the position after it (or the
/// result, where it ends the game).
fn static_values<G: GameAi>(
    g: &G,
    eval: &G::Eval,
    me: Player,
    moves: &[G::Move],
    tried: &[(G::Move, u32, f64)],
) -> Vec<MoveValue> {
    moves
        .iter()
        .filter(|&&m| tried.iter().all(|t| t.0 != m))
        .map(|&m| {
            let mut child = g.clone();
            child.play(m);
            let value = child.outcome().map_or_else(
                || eval.shown_at(g, eval.expected(eval.evaluate(&child, me))),
                |o| o.score(me, g.player_count()),
            );
            MoveValue { mv: g.format_move(m), value: round3(value), ..MoveValue::default() }
        })
        .collect()
}

fn value_of<G: GameAi>(g: &G, me: Player, limits: Limits) -> (f64, u64) {
    let time = limits.time.unwrap_or(Duration::from_millis(100));
    if let Some(o) = g.outcome() {
        return (o.score(me, g.player_count()), 0);
    }
    let eval = G::Eval::default();
    match g.to_move() {
        ToMove::Player(p) if g.kind() == Kind::Minimax => {
            let (scored, _) = minimax::score_moves(g, &eval, limits);
            let best = scored.first().map_or(0, |s| s.value);
            let v = eval.shown_at(g, eval.expected(best));
            let nodes = scored.iter().map(|s| s.nodes).sum();
            (round3(if eval.allies(g, p, me) { v } else { 1.0 - v }), nodes)
        }
        ToMove::Player(_) => match uct::search(g, Budget::time(time), 1) {
            Some(r) => {
                let best = r.moves.first().map_or(0.5, |m| m.2);
                let mover = g.to_move();
                (round3(if mover == ToMove::Player(me) { best } else { 1.0 - best }), r.iterations)
            }
            None => (0.5, 0),
        },
        _ => (round3(eval.shown_at(g, eval.expected(eval.evaluate(g, me)))), 1),
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
    let eval = G::Eval::default();
    let mut last: Option<Thinking> = None;
    let mut relay = |r: &minimax::Report<G::Move>| {
        let t = Thinking {
            best: g.format_move(r.best),
            score: Some(eval.shown_at(g, eval.expected(r.score))),
            depth: r.depth,
            elapsed: r.elapsed,
        };
        on_progress(&t);
        last = Some(t);
    };
    let choice = think_watched(g, budget, seed, &Tweaks::default(), &mut relay).ok()??;
    let best = g.format_move(choice.mv);
    let (score, depth) = match last {
        Some(t) if t.best == best => (t.score, t.depth),
        // A later iteration, cut short, found a better move: its score is the search's.
        Some(t) => (choice.score, t.depth),
        None => (choice.score, choice.depth),
    };
    Some(Thinking { best, score, depth, elapsed: t0.elapsed() })
}

/// Every legal move of any registered game with its value, best first, within `time`
/// (`tabla analyse`; the server's hint is its first move).
pub fn analyse(game: &AnyGame, time: Duration) -> Analysis {
    analyse_with(game, &Request { time, ..Request::default() }, &mut |_| {})
}

/// An analysis with its best lines (`tabla analyse --lines`, the analysis board), calling
/// `on_update` after each completed search iteration with what is known so far.
pub fn analyse_with(
    game: &AnyGame,
    req: &Request,
    on_update: &mut dyn FnMut(&Analysis),
) -> Analysis {
    with_game!(game, g => analyse_game(g, req, on_update))
}

impl GameAi for tabla_games::gipf::Gipf {
    type Eval = crate::eval::gipf::GipfEval;
    fn kind(&self) -> Kind {
        Kind::Minimax
    }
    /// Two plies of captures past the horizon: a line is not judged between a row taken
    /// and the answer to it. Level 7 with it against level 7 without, one thread each,
    /// 200 ms a move, 40 games: 0.825 (33–7), +269 Elo [+131, +407]
    /// (`bench/results/gipf-quiescence.md`).
    fn quiescence() -> u32 {
        2
    }
    /// Null moves, two plies shallower: level 7 with them against level 7 without, one
    /// thread each, 1 s a move, 80 games: 0.713 (57–23), +158 Elo [+74, +241]; at 200 ms
    /// 0.500, too shallow to gain (`bench/results/gipf-null-move.md`).
    fn null_move() -> u32 {
        2
    }
}

impl GameAi for tabla_games::seega::Seega {
    fn levels() -> &'static [crate::Level; 7] {
        &crate::SATURATED_LEVELS
    }
    type Eval = crate::eval::seega::SeegaEval;
    fn kind(&self) -> Kind {
        Kind::Minimax
    }
    fn opening_left(&self) -> u32 {
        (self.stones_in_hand(Player(0)) + self.stones_in_hand(Player(1))).div_ceil(2)
    }
}

impl GameAi for tabla_games::bulgarian_ur::BulgarianUr {
    fn levels() -> &'static [crate::Level; 7] {
        &crate::SATURATED_LEVELS
    }
    type Eval = crate::eval::ur::UrEval;
    fn kind(&self) -> Kind {
        Kind::Minimax
    }
}

impl GameAi for tabla_games::amazons::Amazons {
    type Eval = crate::eval::amazons::AmazonsEval;
    fn kind(&self) -> Kind {
        Kind::Minimax
    }
    fn baseline(&self, time: Duration) -> Option<Option<Self::Move>> {
        (self.player_count() == 2).then(|| crate::baseline::ab_territory(self, time))
    }
    fn for_playouts(&self) -> Self {
        let mut g = self.clone();
        g.set_sampler(tabla_games::amazons::Sampler::Stepwise);
        g
    }
    /// Two players on 100 cells or more (measured on 10×10; 6×6 stays with alpha-beta, which
    /// reaches depth 4–6 there and scores 0.700 at level 7 against level 6).
    fn wide(&self) -> bool {
        self.config().players == 2 && self.config().geo.len() >= 100
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_7_and_analyse_play_bulgarian_ur_exactly_where_a_table_is_at_hand() {
        // One disc: the table is built at once. Walk random games to positions with a choice.
        let mut rng = SmallRng::seed_from_u64(3);
        let mut g = tabla_games::new_game("bulgarian-ur", &["discs=1".into()]).unwrap();
        let mut checked = 0;
        for _ in 0..20_000 {
            if g.to_move() == ToMove::Over {
                g = tabla_games::new_game("bulgarian-ur", &["discs=1".into()]).unwrap();
            }
            let legal = g.legal();
            if matches!(g.to_move(), ToMove::Player(_)) && legal.len() >= 2 {
                let AnyGame::BulgarianUr(u) = &g else { unreachable!() };
                let table =
                    crate::ur_table::ready(crate::ur_table::Variant::of(u)).expect("one disc");
                let exact = table.move_values(u).unwrap();
                let top = exact.iter().map(|m| m.1).fold(f64::MIN, f64::max);
                let a = analyse(&g, Duration::from_millis(20));
                assert_eq!(a.exact, Some(true));
                assert_eq!(a.moves.len(), legal.len());
                assert_eq!(a.moves[0].value, top);
                let chosen = best_move_dyn(&g, Budget::level(MAX_LEVEL), 1).unwrap().unwrap();
                let value = exact.iter().find(|(m, _)| u.format_move(*m) == chosen).unwrap().1;
                assert_eq!(value, top, "{chosen} in {}", g.position_text());
                checked += 1;
                if checked == 5 {
                    break;
                }
            }
            let m = legal[rng.random_range(0..legal.len())].clone();
            g.play_text(&m).unwrap();
        }
        assert_eq!(checked, 5);
        // Ten discs: no table, the search plays and says nothing of exactness.
        let ten = tabla_games::new_game("bulgarian-ur", &[]).unwrap();
        assert_eq!(analyse(&ten, Duration::from_millis(10)).exact, None);
    }

    /// Level 7 and the analysis in Seega endgames: the fastest win, the longest defence,
    /// every move's exact value with its turns; phase 1 as before.
    #[test]
    fn level_7_and_analyse_play_seega_endgames_from_the_table() {
        use crate::seega_table::{table, Exact, Variant};
        use tabla_games::seega::{Seega, SeegaConfig};
        let mut rng = SmallRng::seed_from_u64(5);
        // Two stones a side at the default quiet=50 are built at once; three against two at
        // quiet=6 are built here first, as a background build would have.
        let small = SeegaConfig::default();
        let six = SeegaConfig { quiet: 6, ..SeegaConfig::default() };
        let v = Variant { size: 5, diagonal: true, quiet: 6, most: 3 };
        table(v, &mut |_| {}).unwrap();
        let (mut wins, mut losses) = (0, 0);
        for i in 0..4000 {
            let (cfg, a, b) = if i % 2 == 0 { (small, 2, 2) } else { (six, 2, 3) };
            let mut cells: Vec<u32> = (0..25).collect();
            let mut pick = |k: usize| -> u128 {
                (0..k).map(|_| 1u128 << cells.swap_remove(rng.random_range(0..cells.len()))).sum()
            };
            let (x, o) = (pick(a), pick(b));
            let q = rng.random_range(0..cfg.quiet);
            let Ok(g) = Seega::from_stones(cfg, [x, o], tabla_core::Player(0), q) else {
                continue;
            };
            let t = crate::seega_table::ready(&g, false).expect("at hand");
            let values = t.move_values(&g).unwrap();
            let top = values.iter().map(|m| m.1.score()).max().unwrap();
            let mut distinct: Vec<i16> = values.iter().map(|m| m.1.score()).collect();
            distinct.sort_unstable();
            distinct.dedup();
            // Only positions where the choice matters: two wins (or two losses) of
            // different lengths.
            let kind = Exact::from_score(top);
            if distinct.iter().filter(|&&x| Exact::from_score(x).word() == kind.word()).count() < 2
                || kind == Exact::Draw
            {
                continue;
            }
            let chosen = choose(&g, Budget::level(MAX_LEVEL), 1).unwrap();
            let got = values.iter().find(|m| m.0 == chosen).unwrap().1;
            assert_eq!(got.score(), top, "{} chose {:?}", g.position_text(), got);
            let any: AnyGame = g.clone().into();
            let an = analyse(&any, Duration::from_millis(10));
            assert_eq!(an.exact, Some(true));
            assert_eq!(an.moves.len(), values.len());
            assert_eq!(an.moves[0].value, kind.expected());
            assert_eq!(an.moves[0].turns, kind.turns());
            match kind {
                Exact::Win(_) => wins += 1,
                _ => losses += 1,
            }
            if wins >= 5 && losses >= 5 {
                break;
            }
        }
        assert!(wins >= 5 && losses >= 5, "{wins} wins, {losses} losses checked");
        // Phase 1: no table, nothing said of exactness.
        let start = tabla_games::new_game("seega", &[]).unwrap();
        assert_eq!(analyse(&start, Duration::from_millis(10)).exact, None);
    }

    #[test]
    fn watching_reports_and_changes_nothing() {
        let g = tabla_games::new_game("amazons", &[]).unwrap();
        let budget = Budget { level: Some(1), ..Budget::level(1) };
        let plain = best_move_dyn(&g, budget, 5).unwrap().unwrap();
        let watched = best_move_dyn_watched(&g, budget, 5, &mut |_| {}).unwrap();
        assert_eq!(plain, watched.best);
        let mut seen = 0;
        let t = best_move_dyn_watched(&g, Budget::level(7), 5, &mut |_| seen += 1).unwrap();
        assert!(seen > 0 && t.score.is_some_and(|s| (0.0..=1.0).contains(&s)), "{t:?}");
        // MCTS (level 7 on 10×10) reports no iterations, but its chances at the end.
        let ten = tabla_games::new_game("amazons", &["size=10".to_string()]).unwrap();
        let budget = Budget { time: Some(Duration::from_millis(100)), ..Budget::level(7) };
        let t = best_move_dyn_watched(&ten, budget, 5, &mut |_| panic!("no iterations")).unwrap();
        assert_eq!(t.depth, 0);
        assert!(t.score.is_some_and(|s| s > 0.0 && s < 1.0), "{t:?}");
    }

    #[test]
    fn the_strong_levels_alpha_beta_choice_carries_its_chances() {
        // The terminal prints "its chances" from this: a move taken from an iteration cut
        // short once came without them.
        let g = tabla_games::new_game("gipf", &[]).unwrap();
        let budget = Budget { time: Some(Duration::from_millis(150)), ..Budget::level(6) };
        let c =
            with_game!(&g, g => think(g, budget, 5, &Tweaks::default()).unwrap().unwrap().score);
        assert!(c.is_some_and(|s| (0.0..=1.0).contains(&s)), "{c:?}");
    }

    #[test]
    fn level_7_proves_a_decided_amazons_endgame_by_alpha_beta_before_any_mcts() {
        // 10×10, move 79 of a game: every queen walled in, the room counted.
        let ten = tabla_games::new_game("amazons", &["size=10".to_string()]).unwrap();
        let end = ten
            .read_position(
                ".1#####.##/###2##...#/##1###.#.#/#######2##/##########/##########/\
                 .1######21/.#########/#.######../##.###2.## 1",
            )
            .unwrap();
        let budget = Budget { time: Some(Duration::from_millis(2000)), ..Budget::level(7) };
        // 14 empty cells: the exact solver proves it first.
        let t = best_move_dyn_watched(&end, budget, 5, &mut |_| {}).unwrap();
        assert!(t.score == Some(0.0) || t.score == Some(1.0), "{t:?}");
        assert!(end.legal().contains(&t.best));
        // Without exact values (`table=0`): alpha-beta's proof, not MCTS (given the whole
        // budget, `probe=1000`, so that a loaded machine cannot starve it).
        let search = Tweaks(vec![("table".into(), 0), ("probe".into(), 1000)]);
        let (depth, score) = with_game!(&end, g => {
            let c = think(g, budget, 5, &search).unwrap().unwrap();
            (c.depth, c.score)
        });
        assert!(depth > 0, "alpha-beta's proof, not MCTS: {score:?}");
        assert!(score == Some(0.0) || score == Some(1.0), "{score:?}");
        // Without the probe either (`probe=0`): MCTS plays it.
        let no_probe = Tweaks(vec![("table".into(), 0), ("probe".into(), 0)]);
        let depth = with_game!(&end, g => think(g, budget, 5, &no_probe).unwrap().unwrap().depth);
        assert_eq!(depth, 0, "no alpha-beta proof without the probe");
        // Undecided (the opening): MCTS as before.
        let budget = Budget { time: Some(Duration::from_millis(100)), ..Budget::level(7) };
        assert_eq!(best_move_dyn_watched(&ten, budget, 5, &mut |_| {}).unwrap().depth, 0);
    }

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

    #[test]
    fn an_analysis_searches_as_level_7_plays_where_it_can_value_every_turn() {
        use tabla_games::seega::Seega;
        let mut seega = Seega::from_options(&tabla_core::GameOptions::default()).unwrap();
        assert_eq!(analysis_kind(&seega), Kind::Mcts { cut: 16, widen: false });
        let mut buf = Vec::new();
        while seega.opening_left() > PLACING_AB {
            buf.clear();
            seega.legal_moves(&mut buf);
            seega.play(buf[0]);
        }
        assert_eq!(analysis_kind(&seega), Kind::Minimax, "the last placing turns");
        let ten = crate::testing::amazons(&["size=10"]);
        assert_eq!(Tweaks::default().kind(&ten, MAX_LEVEL), Kind::Mcts { cut: 4, widen: true });
        assert_eq!(analysis_kind(&ten), Kind::Minimax, "widened: most turns never tried");
        // Seega's placing analysed by MCTS still lists every turn once, each with a value.
        let g = tabla_games::new_game("seega", &[]).unwrap();
        let a = analyse(&g, Duration::from_millis(200));
        assert_eq!(a.moves.len(), g.legal().len());
        assert!(a.moves.iter().any(|m| m.visits > 0), "valued by playouts");
        let mut listed: Vec<String> = a.moves.iter().map(|m| m.mv.clone()).collect();
        listed.sort();
        listed.dedup();
        assert_eq!(listed.len(), a.moves.len());
    }

    #[test]
    fn tweaks_read_and_refuse() {
        let t = Tweaks::parse("lmr=0, search=mcts,mobility=3").unwrap();
        assert_eq!(t.get("lmr"), Some(0));
        assert_eq!(t.get("search"), Some(1));
        assert!(t.eval::<tabla_games::amazons::Amazons>().is_ok());
        assert!(Tweaks::parse("lmr").is_err());
        let bad = Tweaks::parse("nonsense=1").unwrap();
        assert!(bad.eval::<tabla_games::amazons::Amazons>().unwrap_err().contains("mobility"));
    }

    #[test]
    fn seega_placing_is_searched_by_mcts_at_level_7_but_for_its_last_turns() {
        use tabla_games::seega::Seega;
        let mut g = Seega::from_options(&tabla_core::GameOptions::default()).unwrap();
        assert_eq!(g.opening_left(), 12, "12 turns of two stones on 5×5");
        let none = Tweaks::default();
        let tail = |n: i32| Tweaks(vec![("placing_ab".into(), n)]);
        let mut buf = Vec::new();
        let mut rng = SmallRng::seed_from_u64(3);
        for left in (1..=12).rev() {
            assert_eq!(g.opening_left(), left);
            let mcts_at_7 = left > PLACING_AB;
            assert_eq!(matches!(none.kind(&g, MAX_LEVEL), Kind::Mcts { .. }), mcts_at_7);
            assert_eq!(none.kind(&g, MAX_LEVEL - 1), Kind::Minimax, "level 6: alpha-beta");
            assert_eq!(matches!(tail(4).kind(&g, MAX_LEVEL), Kind::Mcts { .. }), left > 4);
            let m = g.random_move(&mut rng, &mut buf);
            g.play(m);
        }
        assert_eq!(g.opening_left(), 0);
        assert_eq!(none.kind(&g, MAX_LEVEL), Kind::Minimax, "moving: alpha-beta");
    }

    #[test]
    fn level_7_widens_its_mcts_on_big_two_player_amazons_boards_only() {
        use crate::testing::amazons;
        let wide = Kind::Mcts { cut: 4, widen: true };
        let none = Tweaks::default();
        let t = |text: &str| Tweaks::parse(text).unwrap();
        let ten = amazons(&["size=10"]);
        assert_eq!(none.kind(&ten, MAX_LEVEL), wide);
        assert_eq!(none.kind(&ten, MAX_LEVEL - 1), Kind::Minimax, "level 6: alpha-beta");
        assert_eq!(t("wide=1").kind(&ten, 1), wide, "on at any level");
        assert_eq!(t("wide=0").kind(&ten, MAX_LEVEL), Kind::Minimax);
        assert_eq!(t("search=ab").kind(&ten, MAX_LEVEL), Kind::Minimax);
        for small in [amazons(&[]), amazons(&["size=10", "players=4"])] {
            assert_eq!(none.kind(&small, MAX_LEVEL), Kind::Minimax);
        }
        let cfg = t("widen=2500,expand=7").mcts(4, true);
        assert_eq!((cfg.widen, cfg.widen_power, cfg.expand_at), (2.5, 0.5, 7));
        let plain = none.mcts(16, false);
        assert_eq!((plain.widen, plain.expand_at), (0.0, 0), "Seega's placing as before");
        // The widened search values leaves of both parities with the move's worth counted.
        assert!(none.mcts(4, true).either && !plain.either);
        assert!(!t("either=0").mcts(4, true).either);
        assert!(t("either=1").mcts(16, false).either);
        // It explores less than the plain search, unless told.
        assert_eq!((none.mcts(4, true).exploration, plain.exploration), (EXPLORE_WIDE, 0.7));
        assert_eq!(t("explore=700").mcts(4, true).exploration, 0.7);
        // It weighs the evaluation's terms by the phase; alpha-beta and small boards do not.
        let phased =
            |t: &Tweaks, kind| t.eval_for::<tabla_games::amazons::Amazons>(kind).unwrap().phased;
        assert_eq!(phased(&none, wide), 1);
        assert_eq!(phased(&t("phased=0"), wide), 0);
        assert_eq!(phased(&none, Kind::Minimax), 0);
        assert_eq!(phased(&none, Kind::Mcts { cut: 4, widen: false }), 0);
        assert_eq!(phased(&t("phased=1"), Kind::Minimax), 1);
    }

    #[test]
    fn level_7_searches_gipf_captures_past_the_horizon_and_prunes_by_null_moves() {
        use tabla_games::gipf::Gipf;
        use tabla_games::seega::Seega;
        let none = Tweaks::default();
        let t = |text: &str| Tweaks::parse(text).unwrap();
        assert_eq!(none.options_at::<Gipf>(MAX_LEVEL).quiesce, 2);
        assert_eq!(none.options_at::<Gipf>(MAX_LEVEL - 1).quiesce, 0, "levels 1–6 as before");
        assert_eq!(none.options_at::<Seega>(MAX_LEVEL).quiesce, 0, "no quiescence there");
        assert_eq!(t("quiesce=0").options_at::<Gipf>(MAX_LEVEL).quiesce, 0);
        assert_eq!(t("quiesce=3").options_at::<Gipf>(1).quiesce, 3, "on at any level");
        // Null moves likewise.
        assert_eq!(none.options_at::<Gipf>(MAX_LEVEL).null, 2);
        assert_eq!(none.options_at::<Gipf>(MAX_LEVEL - 1).null, 0, "levels 1–6 as before");
        assert_eq!(none.options_at::<Seega>(MAX_LEVEL).null, 0, "no pass there");
        assert_eq!(t("null=0").options_at::<Gipf>(MAX_LEVEL).null, 0);
        assert_eq!(t("null=3").options_at::<Gipf>(1).null, 3);
    }
}

/// What one timed search did, for `tabla bench scaling`: the game's own search at full
/// strength with `threads` threads.
#[derive(Clone, Copy, Debug)]
pub struct SearchSpeed {
    /// Which search ran: `alpha-beta` (nodes), `mcts` or `uct` (playouts).
    pub search: &'static str,
    /// Nodes or playouts, all threads together.
    pub work: u64,
    /// Threads that searched.
    pub threads: usize,
    /// Wall time spent.
    pub elapsed: Duration,
}

/// Runs the game's search on `game` for `time` with `threads` threads; `None` when no
/// player is to move.
pub fn search_speed(game: &AnyGame, threads: usize, time: Duration) -> Option<SearchSpeed> {
    let tweaks = Tweaks(vec![("threads".into(), threads.max(1) as i32)]);
    let t0 = std::time::Instant::now();
    let search = with_game!(game, g => match tweaks.kind(g, MAX_LEVEL) {
        Kind::Minimax => "alpha-beta",
        Kind::Mcts { .. } => "mcts",
        Kind::Uct => "uct",
    });
    let c = with_game!(game, g => think(g, Budget::time(time), 1, &tweaks).ok()??.nodes);
    Some(SearchSpeed { search, work: c, threads: threads.max(1), elapsed: t0.elapsed() })
}
