//! Static evaluation: what a position is worth to a player when the search stops there.
//! Each game's knowledge lives in its own evaluator; every piece of knowledge is a term with
//! a weight that can be changed by name ([`Evaluator::tweak`]), so that `tabla match` can
//! measure whether it helps (`--a level:7,mobility=0`).

pub mod amazons;
pub mod gipf;
pub mod seega;
pub mod ur;

use crate::minimax::{WIN, WIN_BOUND};
use tabla_core::{Game, Player};

/// A position's value for `me`, in the evaluator's units (positive is good for `me`).
pub trait Evaluator<G: Game>: Sync + Send + Clone + 'static {
    /// The value of `g` for `me`. Called at positions that are not over; chance may be to
    /// move. Values are antisymmetric in two-player games (what one side gains the other
    /// loses), as the search assumes.
    fn evaluate(&self, g: &G, me: Player) -> i32;

    /// The value of `g` for `me` where positions with either side to move are compared
    /// (the leaves of a Monte Carlo search, at mixed depths): [`Evaluator::evaluate`] with
    /// the worth of having the move given to the side to move. Alpha-beta compares leaves
    /// of one depth, where that worth is alike for all and needs no counting.
    fn evaluate_either(&self, g: &G, me: Player) -> i32 {
        self.evaluate(g, me)
    }

    /// Whether the turn from `before` to `after` is noisy: it changes the material (a
    /// capture), so that a quiescence search looks past it rather than stopping at a value
    /// taken mid-exchange. None by default.
    fn noisy(&self, _before: &G, _after: &G) -> bool {
        false
    }

    /// The position with the turn passed to the next player, where a search may ask what the
    /// opponent threatens (null-move pruning): `None` where passing is meaningless or the
    /// game gives no such position. None by default.
    fn null_move(&self, _g: &G) -> Option<G> {
        None
    }

    /// How many units make a clear advantage: a score of `scale` is read as a 73% win
    /// chance (logistic), so values can be shown as expected scores in [0, 1].
    fn scale(&self) -> f64 {
        100.0
    }

    /// The value of a won game. Below [`WIN`], evaluations lie strictly between
    /// `-win_value()` and `win_value()` and a value reads linearly as an expected score:
    /// the search then averages values at chance nodes as probabilities and prunes there
    /// (*-minimax).
    fn win_value(&self) -> i32 {
        WIN
    }

    /// The expected score in [0, 1] a search value stands for.
    fn expected(&self, value: i32) -> f64 {
        let w = self.win_value();
        if w < WIN {
            return ((f64::from(value) / f64::from(w) + 1.0) / 2.0).clamp(0.0, 1.0);
        }
        expected_score(value, self.scale())
    }

    /// An expected score as `tabla analyse` shows it: the search's value mapped so that the
    /// chances shown match how often such positions are won (the identity unless a game's
    /// self-play measurement says otherwise).
    fn shown(&self, expected: f64) -> f64 {
        expected
    }

    /// As [`Evaluator::shown`], at position `g`: for games whose values are more or less
    /// certain by how far the game has gone (measured by self-play per phase).
    fn shown_at(&self, _g: &G, expected: f64) -> f64 {
        self.shown(expected)
    }

    /// Whether `a` and `b` play on the same side (partners in a team game). The search
    /// treats everyone not on the root player's side as one opponent (paranoid search).
    fn allies(&self, _g: &G, a: Player, b: Player) -> bool {
        a == b
    }

    /// The evaluation's terms for `me` at `g`, by name, unweighted (my count minus the
    /// enemy's), for fitting the weights to game results (`examples/texel.rs`); `None` when
    /// the evaluation has no such terms.
    fn features(&self, _g: &G, _me: Player) -> Option<Vec<(&'static str, f64)>> {
        None
    }

    /// Sets the weight of a term by name (for measuring what a term is worth).
    ///
    /// # Errors
    /// An unknown name, with the known ones.
    fn tweak(&mut self, key: &str, _value: i32) -> Result<(), String> {
        Err(format!("no evaluation term '{key}'"))
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
    if value > WIN_BOUND {
        return 1.0;
    }
    if value < -WIN_BOUND {
        return 0.0;
    }
    1.0 / (1.0 + (-f64::from(value) / scale).exp())
}

/// `p` with its log-odds divided by `temperature`: above 1 nearer 0.5, below 1 bolder. The
/// one-parameter calibration (Platt scaling without a shift) fitted by
/// `examples/calibration.rs`.
pub fn tempered(p: f64, temperature: f64) -> f64 {
    shifted(p, 0.0, temperature)
}

/// `p` with `shift` taken off its log-odds before the temperature: a shift takes out a bias
/// towards the mover (see `bench/calibrate.py`).
pub fn shifted(p: f64, shift: f64, temperature: f64) -> f64 {
    if p <= 0.0 || p >= 1.0 {
        return p;
    }
    let logit = (p / (1.0 - p)).ln();
    1.0 / (1.0 + (-(logit - shift) / temperature).exp())
}

/// A calibration by phase: rows of (legal moves, shift, temperature) in ascending order of
/// legal moves, as `bench/calibrate.py` fits them from self-play (each row at the middle of
/// its bucket); between two rows both numbers are interpolated on the logarithm of the legal
/// moves, so that one more move never makes the shown chance jump.
pub(crate) fn by_phase<G: tabla_core::Game>(g: &G, p: f64, rows: &[(f64, f64, f64)]) -> f64 {
    let n = (g.count_legal_moves().max(1) as f64).ln();
    let (first, last) = (rows[0], rows[rows.len() - 1]);
    let (shift, temperature) = if n <= first.0.ln() {
        (first.1, first.2)
    } else if n >= last.0.ln() {
        (last.1, last.2)
    } else {
        let i = rows.iter().position(|r| r.0.ln() > n).expect("between the ends");
        let (a, b) = (rows[i - 1], rows[i]);
        let x = (n - a.0.ln()) / (b.0.ln() - a.0.ln());
        (a.1 + x * (b.1 - a.1), a.2 + x * (b.2 - a.2))
    };
    shifted(p, shift, temperature)
}

/// Reads `key=value` into one of `terms` (name and weight), for [`Evaluator::tweak`].
pub(crate) fn set_term(
    terms: &mut [(&str, &mut i32)],
    key: &str,
    value: i32,
) -> Result<(), String> {
    match terms.iter_mut().find(|(n, _)| *n == key) {
        Some((_, w)) => {
            **w = value;
            Ok(())
        }
        None => {
            let names: Vec<&str> = terms.iter().map(|t| t.0).collect();
            Err(format!("no evaluation term '{key}'; terms: {}", names.join(", ")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::tempered;

    #[test]
    fn a_temperature_keeps_even_and_certain_and_moves_the_rest() {
        for t in [0.5, 1.0, 2.0] {
            assert!((tempered(0.5, t) - 0.5).abs() < 1e-12);
            assert_eq!(tempered(0.0, t), 0.0);
            assert_eq!(tempered(1.0, t), 1.0);
        }
        assert!((tempered(0.8, 1.0) - 0.8).abs() < 1e-12);
        assert!(tempered(0.8, 0.5) > 0.9, "below 1: bolder");
        assert!(tempered(0.8, 2.0) < 0.7, "above 1: nearer even");
        assert!(tempered(0.2, 2.0) > 0.3);
        // The two sides' chances still add up to one.
        assert!((tempered(0.3, 1.7) + tempered(0.7, 1.7) - 1.0).abs() < 1e-12);
        // A shift takes a bias off: the mover's 0.9 with a shift of its log-odds is even.
        let logit = (0.9f64 / 0.1).ln();
        assert!((super::shifted(0.9, logit, 3.0) - 0.5).abs() < 1e-12);
    }
}
