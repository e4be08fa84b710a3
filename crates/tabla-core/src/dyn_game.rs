//! The object-safe face of a game for the edges (command line, server): moves as text, the
//! contract's JSON, and the generic speed-critical routines reached through one virtual call.

use crate::game::{EndReason, Game, MoveError, Outcome, Player, ToMove};
use crate::view::BoardView;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde::Serialize;

/// A game position behind a pointer, speaking notation text. The registry's closed enum of
/// the games hands this out for the edges; generic work (perft, playouts, search) matches on
/// that enum instead, so it runs monomorphised.
pub trait DynGame: Send + Sync {
    /// The registry id.
    fn id(&self) -> &'static str;
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
    /// At a chance node, whose die it is (see [`Game::chance_player`]).
    fn chance_player(&self) -> Option<Player>;
    /// At a chance node, an outcome drawn by its probability (seeded), as text; otherwise
    /// `None`. Front ends roll dice with it.
    fn roll(&self, seed: u64) -> Option<String>;
    /// Reads and plays one move; returns its canonical text. On error the position is
    /// unchanged.
    ///
    /// # Errors
    /// The move is unreadable or illegal.
    fn play_text(&mut self, text: &str) -> Result<String, MoveError> {
        self.play_text_touched(text).map(|p| p.canonical)
    }
    /// As [`DynGame::play_text`], also telling which view ids the move touched.
    ///
    /// # Errors
    /// The move is unreadable or illegal.
    fn play_text_touched(&mut self, text: &str) -> Result<Played, MoveError>;
    /// The result once over.
    fn outcome(&self) -> Option<Outcome>;
    /// Once over, why (see [`Game::end_reason`]).
    fn end_reason(&self) -> Option<EndReason>;
    /// The position's hash.
    fn hash(&self) -> u64;
    /// A plain-text picture for terminals.
    fn render_text(&self) -> String;
    /// What to draw (with `last` empty).
    fn view(&self) -> BoardView;
    /// For every legal move (canonical text), its click paths; empty at a chance node.
    fn paths(&self) -> Vec<(String, Vec<Vec<String>>)>;
    /// The position text.
    fn position_text(&self) -> String;
}

/// A move that was played: its canonical text and the view ids it touched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Canonical notation.
    pub canonical: String,
    /// Ids of the view the move touched (see [`Game::touched`]).
    pub touched: Vec<String>,
}

impl<G: Game> DynGame for G {
    fn id(&self) -> &'static str {
        Game::id(self)
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
    fn chance_player(&self) -> Option<Player> {
        if Game::to_move(self) == ToMove::Chance {
            Game::chance_player(self)
        } else {
            None
        }
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
    fn play_text_touched(&mut self, text: &str) -> Result<Played, MoveError> {
        if Game::to_move(self) == ToMove::Over {
            return Err(MoveError::game_over(text));
        }
        let m = self.parse_move(text)?;
        let canonical = self.format_move(m);
        let touched = self.touched(m);
        self.play(m);
        Ok(Played { canonical, touched })
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn end_reason(&self) -> Option<EndReason> {
        Game::end_reason(self)
    }
    fn hash(&self) -> u64 {
        Game::hash(self)
    }
    fn render_text(&self) -> String {
        Game::render_text(self)
    }
    fn view(&self) -> BoardView {
        Game::view(self)
    }
    fn paths(&self) -> Vec<(String, Vec<Vec<String>>)> {
        if !matches!(Game::to_move(self), ToMove::Player(_)) {
            return Vec::new();
        }
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v.into_iter().map(|m| (self.format_move(m), self.click_paths(m))).collect()
    }
    fn position_text(&self) -> String {
        Game::position_text(self)
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
    /// The position text (see [`Game::position_text`]).
    pub position: String,
    /// What to draw, with `--view`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<BoardView>,
    /// Each legal move's click paths, with `--view`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paths: Option<std::collections::BTreeMap<String, Vec<Vec<String>>>>,
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
        StateReport {
            game: game.id(),
            to_move,
            legal: game.legal(),
            chance,
            result,
            position: game.position_text(),
            view: None,
            paths: None,
        }
    }

    /// As [`StateReport::of`], with the view and the click paths (`tabla state --view`);
    /// `last` are the ids the last move touched.
    pub fn with_view(game: &dyn DynGame, last: &[String]) -> StateReport {
        let mut view = game.view();
        view.last = last.to_vec();
        StateReport {
            view: Some(view),
            paths: Some(game.paths().into_iter().collect()),
            ..StateReport::of(game)
        }
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
/// Stops at the first bad token; the moves before it stay played. Returns the view ids the
/// last move that touched any touched (for the view's `last`; chance touches nothing).
///
/// # Errors
/// The first token that is unreadable or illegal, with its 1-based position.
pub fn play_record(
    game: &mut dyn DynGame,
    record: &str,
    mut after: impl FnMut(&dyn DynGame),
) -> Result<Vec<String>, RecordError> {
    let mut last = Vec::new();
    for (i, token) in record.split_whitespace().enumerate() {
        let touched = game
            .play_text_touched(token)
            .map_err(|error| RecordError { index: i + 1, token: token.to_string(), error })?
            .touched;
        // A die roll touches nothing: the last move stays the one to mark.
        if !touched.is_empty() {
            last = touched;
        }
        after(game);
    }
    Ok(last)
}
