//! The object-safe face of a game for the edges (command line, server): moves as text, the
//! contract's JSON, and the generic speed-critical routines reached through one virtual call.

use crate::game::{Game, MoveError, Outcome, Player, ToMove};
use crate::perft::{
    perft, perft_divide, sample_positions, timed_movegen, timed_playouts, PlayoutStats,
};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde::Serialize;
use std::time::Duration;

/// A game position behind a pointer, speaking notation text.
pub trait DynGame: Send + Sync {
    /// The registry id.
    fn id(&self) -> &'static str;
    /// The concrete position, for code that dispatches to generic routines per game (the
    /// AI's searches): downcast it to the game's type.
    fn as_any(&self) -> &dyn std::any::Any;
    /// A copy of the position.
    fn box_clone(&self) -> Box<dyn DynGame>;
    /// The contract names of the seats in turn order.
    fn player_names(&self) -> Vec<&'static str>;
    /// Whose decision comes next.
    fn to_move(&self) -> ToMove;
    /// The legal moves in canonical notation (chance tokens at a chance node).
    fn legal(&self) -> Vec<String>;
    /// At a chance node, each outcome's token and probability; otherwise empty.
    fn chance(&self) -> Vec<(String, f64)>;
    /// At a chance node, an outcome drawn by its probability (seeded), as text; otherwise
    /// `None`. Front ends roll dice with it.
    fn roll(&self, seed: u64) -> Option<String>;
    /// Reads and plays one move; returns its canonical text. On error the position is
    /// unchanged.
    ///
    /// # Errors
    /// The move is unreadable or illegal.
    fn play_text(&mut self, text: &str) -> Result<String, MoveError>;
    /// The result once over.
    fn outcome(&self) -> Option<Outcome>;
    /// The position's hash.
    fn hash(&self) -> u64;
    /// A plain-text picture for terminals.
    fn render_text(&self) -> String;
    /// A JSON description for graphical front ends.
    fn view_json(&self) -> serde_json::Value;
    /// Perft to `depth`.
    fn perft(&self, depth: u32) -> u64;
    /// Perft per first move.
    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// Random playouts for `budget`, reporting progress.
    fn playouts(
        &self,
        seed: u64,
        budget: Duration,
        progress: &mut dyn FnMut(Duration),
    ) -> PlayoutStats;
    /// Legal-move generation over positions from `games` random games, for `budget`:
    /// (moves generated, time spent).
    fn movegen_speed(&self, seed: u64, games: usize, budget: Duration) -> (u64, Duration);
}

impl<G: Game> DynGame for G {
    fn id(&self) -> &'static str {
        Game::id(self)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn box_clone(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn player_names(&self) -> Vec<&'static str> {
        (0..self.player_count()).map(|i| self.player_name(Player(i as u8))).collect()
    }
    fn to_move(&self) -> ToMove {
        Game::to_move(self)
    }
    fn legal(&self) -> Vec<String> {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v.into_iter().map(|m| self.format_move(m)).collect()
    }
    fn chance(&self) -> Vec<(String, f64)> {
        if Game::to_move(self) != ToMove::Chance {
            return Vec::new();
        }
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v.into_iter().map(|m| (self.format_move(m), self.chance_probability(m))).collect()
    }
    fn roll(&self, seed: u64) -> Option<String> {
        if Game::to_move(self) != ToMove::Chance {
            return None;
        }
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        let mut rng = SmallRng::seed_from_u64(seed);
        Some(self.format_move(crate::perft::sample_chance(self, &v, &mut rng)))
    }
    fn play_text(&mut self, text: &str) -> Result<String, MoveError> {
        if Game::to_move(self) == ToMove::Over {
            return Err(MoveError::illegal(text, "the game is over"));
        }
        let m = self.parse_move(text)?;
        let canonical = self.format_move(m);
        self.play(m);
        Ok(canonical)
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn hash(&self) -> u64 {
        Game::hash(self)
    }
    fn render_text(&self) -> String {
        Game::render_text(self)
    }
    fn view_json(&self) -> serde_json::Value {
        Game::view_json(self)
    }
    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }
    fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        perft_divide(self, depth)
    }
    fn playouts(
        &self,
        seed: u64,
        budget: Duration,
        progress: &mut dyn FnMut(Duration),
    ) -> PlayoutStats {
        let mut rng = SmallRng::seed_from_u64(seed);
        timed_playouts(self, &mut rng, budget, progress)
    }
    fn movegen_speed(&self, seed: u64, games: usize, budget: Duration) -> (u64, Duration) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let positions = sample_positions(self, &mut rng, games);
        timed_movegen(&positions, budget)
    }
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.box_clone()
    }
}

/// The result as the contract prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResultReport {
    /// Winner names; empty for a draw.
    pub winners: Vec<&'static str>,
}

/// One line of `tabla state`: the position as the command-line contract describes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StateReport {
    /// The game id.
    pub game: &'static str,
    /// Player name, `"chance"`, or `null` when over.
    pub to_move: Option<&'static str>,
    /// Legal moves in canonical notation.
    pub legal: Vec<String>,
    /// Chance outcomes with probabilities, only at chance nodes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance: Option<Vec<(String, f64)>>,
    /// The result once over.
    pub result: Option<ResultReport>,
}

impl StateReport {
    /// Describes `game` as the contract prints it.
    pub fn of(game: &dyn DynGame) -> StateReport {
        let names = game.player_names();
        let to_move = match game.to_move() {
            ToMove::Player(p) => Some(names[p.index()]),
            ToMove::Chance => Some("chance"),
            ToMove::Over => None,
        };
        let chance = (game.to_move() == ToMove::Chance).then(|| game.chance());
        let result = game.outcome().map(|o| ResultReport {
            winners: o.winners.iter().map(|p| names[p.index()]).collect(),
        });
        StateReport { game: game.id(), to_move, legal: game.legal(), chance, result }
    }
}

/// A token of a record that could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based position of the token in the record.
    pub index: usize,
    /// The token.
    pub token: String,
    /// Why.
    pub error: MoveError,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {} ('{}'): {}", self.index, self.token, self.error)
    }
}

impl std::error::Error for RecordError {}

/// Plays a whitespace-separated record, calling `after` after each token with the position.
/// Stops at the first bad token; the moves before it stay played.
///
/// # Errors
/// The first token that is unreadable or illegal, with its 1-based position.
pub fn play_record(
    game: &mut dyn DynGame,
    record: &str,
    mut after: impl FnMut(&dyn DynGame),
) -> Result<(), RecordError> {
    for (i, token) in record.split_whitespace().enumerate() {
        game.play_text(token).map_err(|error| RecordError {
            index: i + 1,
            token: token.to_string(),
            error,
        })?;
        after(game);
    }
    Ok(())
}
