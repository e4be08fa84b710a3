//! Bulgarian Ur knowledge (placeholder).
use super::Evaluator;
use tabla_core::Player;
use tabla_games::bulgarian_ur::BulgarianUr;

/// Bulgarian Ur evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub struct UrEval;

impl Evaluator<BulgarianUr> for UrEval {
    fn evaluate(&self, _g: &BulgarianUr, _me: Player) -> i32 {
        0
    }
}
