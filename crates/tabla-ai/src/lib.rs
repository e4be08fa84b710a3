//! Computer players for every game, knowing nothing of any front end:
//!
//! - [`uct`]: plain UCT with random playouts, any number of players and chance nodes: the
//!   fixed baseline;
//! - [`minimax`]: alpha-beta with iterative deepening, a shared transposition table and
//!   expectimax at chance nodes, for two-player games, with per-game evaluation ([`eval`]);
//! - [`arena`]: bots against each other, with Elo;
//! - [`engine`]: which search and knowledge each game uses, and the levels 1–7.

pub mod arena;
pub mod bench;
pub mod engine;
pub mod eval;
pub mod mcts;
pub mod minimax;
pub(crate) mod tt;
pub mod uct;

use std::time::Duration;

pub use engine::{analyse, best_move_dyn, best_move_dyn_watched, Analysis, MoveValue, Thinking};
pub use uct::{search, SearchResult};

/// How much thinking a search may do, and at which level of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Playouts (UCT) at most.
    pub iterations: Option<u64>,
    /// Wall time at most.
    pub time: Option<Duration>,
    /// The level whose style of play to use (1 a beginner's mistakes ... 7 the strongest);
    /// `None` plays as strongly as the time allows.
    pub level: Option<u8>,
}

impl Budget {
    /// The budget of a level, 1 (a beginner, quick and fallible) to [`MAX_LEVEL`] (the
    /// strongest, a few seconds a move). The same meaning for every game.
    pub fn level(level: u8) -> Budget {
        let level = level.clamp(1, MAX_LEVEL);
        Budget { iterations: None, time: Some(level_time(level)), level: Some(level) }
    }

    /// A time limit only, at full strength.
    pub fn time(t: Duration) -> Budget {
        Budget { iterations: None, time: Some(t), level: None }
    }

    /// A number of UCT playouts only (for reproducible tests).
    pub fn iterations(n: u64) -> Budget {
        Budget { iterations: Some(n), time: None, level: None }
    }
}

/// Thinking time per move of each level (at most: a search may stop sooner when its depth
/// limit is reached). See [`engine`] for what each level is.
pub fn level_time(level: u8) -> Duration {
    const MS: [u64; 7] = [100, 150, 200, 300, 600, 1500, 3500];
    Duration::from_millis(MS[usize::from(level.clamp(1, MAX_LEVEL)) - 1])
}

/// The strongest level.
pub const MAX_LEVEL: u8 = 7;
