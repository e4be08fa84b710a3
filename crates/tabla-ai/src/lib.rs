//! Computer players for every game, knowing nothing of any front end:
//!
//! - [`minimax`]: alpha-beta (principal-variation search, iterative deepening, a lockless
//!   transposition table on the Zobrist hash kept between moves, hash move, killers,
//!   history and static-value ordering, late-move reductions, aspiration windows), lazy SMP
//!   on every core, *-minimax at chance nodes, paranoid with more than two players;
//! - [`eval`]: each game's knowledge, weights fitted to self-play results and each term kept
//!   only where switching it off measurably lost;
//! - [`mcts`]: Monte Carlo tree search with evaluation-cut playouts, progressive bias, tree
//!   reuse and root parallelism;
//! - [`uct`]: plain UCT with random playouts, any number of players and chance nodes: the
//!   fixed baseline;
//! - [`engine`]: which search and knowledge each game uses, the levels 1–7, `analyse`;
//! - [`arena`]: bots against each other (`tabla match`), with the score's interval and Elo;
//! - [`mod@bench`]: depth, speed and time-budget measurements (`tabla bench search`);
//! - [`ur_table`]: exact tables of Bulgarian Ur with few discs (`tabla solve`, the `perfect`
//!   bot);
//! - [`seega_table`]: exact tables of Seega endgames with few stones (`tabla solve`, level 7,
//!   the analysis), with the turns to the end.
//!
//! # Which search plays which game, and why
//!
//! Measured with `tabla match` at 300 ms a move (MCTS against alpha-beta, A's score):
//! Amazons 6×6 0.38 (8 games), Amazons 10×10 0.00 (8), GIPF 0.00 (8), Seega 0.25 (8),
//! Bulgarian Ur 0.35 (40, MCTS with chance nodes against *-minimax at 200 ms). Alpha-beta
//! (and *-minimax for Ur) plays every game, but for Seega's placing at level 7: there MCTS
//! with playouts cut after 16 moves (they reach the first captures that the placing allows)
//! scored 0.575 against alpha-beta placing (20 games) and lifted level 7 against `uct` from
//! 0.900 (+26 =2 −2) to 0.983 (+29 =1 −0) over 30 games at 200 ms. A placing term for the
//! evaluation (`flank`, enemy stones next to the centre with one's own beyond) scored 0.40
//! at weight 60 (30 games) and is off. With more players, paranoid alpha-beta against
//! MCTS (max^n-style, each player scored on its own): 0.71 with three players on the hex
//! board, 0.83 with four free-for-all, 0.83 with four in teams (12 games each): paranoid.
//! Within MCTS, progressive bias, tree reuse and playout cuts of 0 or 4 moves made no
//! measurable difference on Amazons 10×10 (0.50 each, 8 games); a cut of 8 lost (0.25).
//!
//! That MCTS tried every one of the 2,176 turns of a 10×10 position once before choosing
//! any twice: a breadth-first search. With progressive widening (a node's children added
//! best prior first, `1 + √visits` of them, a leaf expanded after 100 playouts), MCTS scored
//! 0.600 against alpha-beta at 500 ms a move (10 games, one thread each), and it spends a
//! longer budget where alpha-beta cannot (depth 2 from 50 ms to 4 s): level 7 at 4 s by
//! widened MCTS against level 6 at 1 s by alpha-beta scored 0.800 (10 games, one thread
//! each) and 36–14 in the ladder's five rows of ten (two threads each), where alpha-beta at
//! 4 s scored 0.400. So level 7 plays two-player Amazons on 100 cells or more by widened
//! MCTS, after a tenth of its time in which alpha-beta may prove a decided endgame.
//!
//! A timed MCTS stops early when its choice can no longer change (the most visited move
//! leads by more playouts than the rest of the time would give) or the game is won (a mean
//! result of 0.98 after a quarter of the time): replaying two ladder games of level 7 on
//! Amazons 10×10 with and without (`bench/results/budget.md`), 76 of its 83 moves came out
//! the same (two threads' trees are not reproducible) in 8% less time; a person waits less
//! where nothing is to be gained.

pub mod arena;
pub mod baseline;
pub mod bench;
pub mod engine;
pub mod eval;
pub mod lab;
pub mod mcts;
pub mod minimax;
pub mod ratings;
pub mod review;
pub mod seega_table;
pub mod solve;
pub(crate) mod tt;
pub mod uct;
pub mod ur_table;

#[cfg(test)]
mod testing;

use std::time::Duration;

pub use engine::{
    analyse, analyse_with, best_move_dyn, best_move_dyn_watched, Analysis, MoveValue, Request,
    Thinking,
};
pub use uct::{search, SearchResult};

/// How much thinking a search may do, and at which level of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Playouts (UCT) at most.
    pub iterations: Option<u64>,
    /// Wall time at most.
    pub time: Option<Duration>,
    /// In a critical position (the best move unsettled), the search may go on up to this
    /// long instead of `time`: a player on a clock thinks longer where it matters. `None`:
    /// never past `time` (a level's time is its meaning where no clock runs).
    pub extend: Option<Duration>,
    /// The level whose style of play to use (1 a beginner's mistakes ... 7 the strongest);
    /// `None` plays as strongly as the time allows.
    pub level: Option<u8>,
}

impl Budget {
    /// The budget of a level, 1 (a beginner, quick and fallible) to [`MAX_LEVEL`] (the
    /// strongest, a few seconds a move), by the common table [`LEVELS`]; with a game at hand,
    /// [`Budget::level_in`].
    pub fn level(level: u8) -> Budget {
        let level = level.clamp(1, MAX_LEVEL);
        Budget { iterations: None, time: Some(level_time(level)), extend: None, level: Some(level) }
    }

    /// The budget of a level in `game`, by the game's own table of levels
    /// ([`level_time_in`]): what every front end plays with.
    pub fn level_in(game: &tabla_games::AnyGame, level: u8) -> Budget {
        let level = level.clamp(1, MAX_LEVEL);
        Budget {
            iterations: None,
            time: Some(level_time_in(game, level)),
            extend: None,
            level: Some(level),
        }
    }

    /// A time limit only, at full strength.
    pub fn time(t: Duration) -> Budget {
        Budget { iterations: None, time: Some(t), extend: None, level: None }
    }

    /// A number of UCT playouts only (for reproducible tests).
    pub fn iterations(n: u64) -> Budget {
        Budget { iterations: Some(n), time: None, extend: None, level: None }
    }
}

/// Thinking time per move of each level in the common table ([`LEVELS`]; a game may keep
/// its own, [`level_time_in`]). At most: a search may stop sooner when its depth limit is
/// reached. See [`engine`] for what each level is.
pub fn level_time(level: u8) -> Duration {
    LEVELS[usize::from(level.clamp(1, MAX_LEVEL)) - 1].time()
}

/// The thinking time per move of `level` in `game`: the game's own table
/// ([`engine::GameAi::levels`]).
pub fn level_time_in(game: &tabla_games::AnyGame, level: u8) -> Duration {
    tabla_games::with_game!(game, g => level_style(g, level).time())
}

/// How a level plays one game: its thinking time, the deepest it looks, and the scatter
/// of its choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// Thinking time per move, in milliseconds (at most).
    pub ms: u64,
    /// The deepest it looks, in plies; `None`: as deep as the time allows.
    pub depth: Option<u32>,
    /// The temperature, in expected score, of its choice among moves by their values
    /// (0: always the best move found).
    pub scatter: f64,
}

impl Level {
    /// The thinking time.
    pub fn time(&self) -> Duration {
        Duration::from_millis(self.ms)
    }
}

/// The common table of levels: each level looks deeper, thinks longer and scatters its
/// choice half as widely as the one below; levels 6 and 7 play the best move they find.
pub const LEVELS: [Level; 7] = [
    Level { ms: 100, depth: Some(1), scatter: 0.20 },
    Level { ms: 150, depth: Some(2), scatter: 0.10 },
    Level { ms: 200, depth: Some(3), scatter: 0.05 },
    Level { ms: 300, depth: Some(4), scatter: 0.025 },
    Level { ms: 500, depth: Some(6), scatter: 0.012 },
    Level { ms: 1000, depth: None, scatter: 0.0 },
    Level { ms: 4000, depth: None, scatter: 0.0 },
];

/// The levels of a game in which thinking past one second adds no measurable strength
/// (Bulgarian Ur and Seega: level 7 at 4 s against level 6 at 1 s scored 0.43 over 30 Ur games
/// and 0.50 over 20 Seega games; a scatter of 0.006 on level 6 changed nothing either, 0.54
/// over 40 Seega games). Rather than pretend that time makes level 7 stronger, every level
/// moves one step down the common table: level 7 is the common level 6 (the best move found
/// in 1 s), and level 1 is new, a beginner who looks one move ahead with a scatter of 0.8 (the
/// common level 1 scored 0.705 against it in Ur and 0.768 in Seega, 200 games each; it still
/// beat random moves 0.60 and 0.625).
pub const SATURATED_LEVELS: [Level; 7] = [
    Level { ms: 100, depth: Some(1), scatter: 0.8 },
    LEVELS[0],
    LEVELS[1],
    LEVELS[2],
    LEVELS[3],
    LEVELS[4],
    LEVELS[5],
];

/// `level` of `G`'s table (clamped to 1–[`MAX_LEVEL`]).
pub fn level_style<G: engine::GameAi>(_g: &G, level: u8) -> Level {
    G::levels()[usize::from(level.clamp(1, MAX_LEVEL)) - 1]
}

/// The strongest level.
pub const MAX_LEVEL: u8 = 7;
