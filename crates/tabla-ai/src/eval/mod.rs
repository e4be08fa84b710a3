//! Static evaluation: what a position is worth to a player when the search stops there.
//! Each game's knowledge lives in its own evaluator; every piece of knowledge is a term that
//! can be switched off, so that `tabla match` can measure whether it helps.

pub mod amazons;

use tabla_core::{Game, Player};

/// A position's value for `me`, in the evaluator's units (positive is good for `me`).
pub trait Evaluator<G: Game>: Sync {
    /// The value of `g` for `me`. Called at positions that are not over; chance may be to
    /// move.
    fn evaluate(&self, g: &G, me: Player) -> i32;

    /// How many units make a clear advantage: a score of `scale` is read as a 73% win
    /// chance (logistic), so values can be shown as expected scores in [0, 1].
    fn scale(&self) -> f64 {
        100.0
    }
}

/// Knows nothing: every unfinished position is even. Search alone decides.
#[derive(Clone, Copy, Debug, Default)]
pub struct Zero;

impl<G: Game> Evaluator<G> for Zero {
    fn evaluate(&self, _g: &G, _me: Player) -> i32 {
        0
    }
}

/// The expected score in [0, 1] a value stands for, under `scale` (see
/// [`Evaluator::scale`]); won and lost games are 1 and 0.
pub fn expected_score(value: i32, scale: f64) -> f64 {
    if value > crate::minimax::WIN - 10_000 {
        return 1.0;
    }
    if value < -(crate::minimax::WIN - 10_000) {
        return 0.0;
    }
    1.0 / (1.0 + (-f64::from(value) / scale).exp())
}
