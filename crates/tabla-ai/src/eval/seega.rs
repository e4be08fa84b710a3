//! Seega knowledge (placeholder).
use super::Evaluator;
use tabla_core::Player;
use tabla_games::seega::Seega;

/// Seega evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub struct SeegaEval;

impl Evaluator<Seega> for SeegaEval {
    fn evaluate(&self, g: &Seega, me: Player) -> i32 {
        let them = Player(1 - me.0);
        100 * (g.stones_on_board(me) as i32 - g.stones_on_board(them) as i32)
    }
}
