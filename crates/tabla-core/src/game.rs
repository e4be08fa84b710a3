//! The one trait every game implements.
//!
//! A state is a whole position plus the immutable rules it is played under (options and board
//! geometry, usually behind a shared reference), so that a state alone can answer every
//! question: who moves, what is legal, what a move is called.

use crate::view::BoardView;
use std::fmt;

/// Most players any game here has (Amazons with 4 seats).
pub const MAX_PLAYERS: usize = 4;

/// A seat at the table, 0-based in turn order (player 1 is `Player(0)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(pub u8);

impl Player {
    /// The seat as an index into per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A small set of players (bit `i` = `Player(i)`): winners, teams, who is out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlayerSet(pub u8);

impl PlayerSet {
    /// Nobody.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// Just `p`.
    #[inline]
    pub const fn only(p: Player) -> PlayerSet {
        PlayerSet(1 << p.0)
    }
    /// Whether `p` is in the set.
    #[inline]
    pub const fn contains(self, p: Player) -> bool {
        self.0 & (1 << p.0) != 0
    }
    /// The set with `p` added.
    #[inline]
    pub const fn with(self, p: Player) -> PlayerSet {
        PlayerSet(self.0 | (1 << p.0))
    }
    /// Whether nobody is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// How many players are in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// The members in seat order.
    pub fn iter(self) -> impl Iterator<Item = Player> {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Player)
    }
}

/// Whose decision comes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToMove {
    /// A player chooses one of the legal moves.
    Player(Player),
    /// Chance (a die) chooses; the legal moves are the outcomes, each with a probability.
    Chance,
    /// The game is over; see [`Game::outcome`].
    Over,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winners: one player, a whole team, or nobody (a draw).
    pub winners: PlayerSet,
    /// Finishing place of each seat, 0 = best; equal places share a number. Games with more
    /// than two players rank those who went out by when they went out (later is better).
    pub rank: [u8; MAX_PLAYERS],
}

impl Outcome {
    /// A two-player style result: winners share place 0, everyone else place 1.
    pub fn winners(players: usize, winners: PlayerSet) -> Outcome {
        let mut rank = [0; MAX_PLAYERS];
        if !winners.is_empty() {
            for (i, r) in rank.iter_mut().enumerate().take(players) {
                *r = u8::from(!winners.contains(Player(i as u8)));
            }
        }
        Outcome { winners, rank }
    }
    /// A single winner.
    pub fn win(players: usize, p: Player) -> Outcome {
        Outcome::winners(players, PlayerSet::only(p))
    }
    /// Nobody wins.
    pub fn draw() -> Outcome {
        Outcome { winners: PlayerSet::EMPTY, rank: [0; MAX_PLAYERS] }
    }
    /// Whether nobody won.
    pub fn is_draw(&self) -> bool {
        self.winners.is_empty()
    }
    /// A score in `[0, 1]` for `p`, for search: 1 for a win, 0 for the last place, shares for
    /// draws and middle places.
    pub fn score(&self, p: Player, players: usize) -> f64 {
        if self.winners.is_empty() {
            return 0.5;
        }
        let worst = self.rank[..players].iter().copied().max().unwrap_or(0);
        if worst == 0 {
            return 1.0;
        }
        1.0 - f64::from(self.rank[p.index()]) / f64::from(worst)
    }
}

/// Why a finished game ended, as its rules saw it. Front ends word it: `key` names what
/// happened (stable, for translations), `args` its particulars (player names as
/// [`Game::player_name`] gives them, counts), `text` the same in English.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct EndReason {
    /// What happened, e.g. `seega.few` (a player has one stone or none).
    pub key: &'static str,
    /// The particulars, by name (`player`, `turns`, …).
    pub args: std::collections::BTreeMap<&'static str, String>,
    /// In English, a clause without a full stop: `second has one stone left`.
    pub text: String,
}

impl EndReason {
    /// A reason from its key, particulars and English words.
    pub fn new(
        key: &'static str,
        args: &[(&'static str, &dyn fmt::Display)],
        text: String,
    ) -> Self {
        EndReason { key, args: args.iter().map(|(k, v)| (*k, v.to_string())).collect(), text }
    }
}

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in this game's notation at all.
    Unreadable {
        /// What was given.
        text: String,
        /// What was wrong and what the notation expects.
        why: String,
    },
    /// The text reads as a move, but that move is not legal here.
    Illegal {
        /// What was given.
        text: String,
        /// Why it is not legal.
        why: String,
    },
}

/// What kind of refusal a [`MoveError`] is, so that a front end can react to it (mark the
/// input as mistyped, redraw the position, say the game has ended) without reading its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveErrorKind {
    /// Not a move in the notation at all.
    Unreadable,
    /// A move, but not a legal one here.
    Illegal,
    /// No move can be made: the game is over.
    GameOver,
}

impl MoveError {
    /// The kind of refusal.
    pub fn kind(&self) -> MoveErrorKind {
        match self {
            MoveError::Unreadable { .. } => MoveErrorKind::Unreadable,
            MoveError::Illegal { why, .. } if why == GAME_OVER => MoveErrorKind::GameOver,
            MoveError::Illegal { .. } => MoveErrorKind::Illegal,
        }
    }
    /// The refusal of any move once the game has ended.
    pub fn game_over(text: &str) -> MoveError {
        MoveError::illegal(text, GAME_OVER)
    }
    /// What was wrong, without the text that was given.
    pub fn why(&self) -> &str {
        match self {
            MoveError::Unreadable { why, .. } | MoveError::Illegal { why, .. } => why,
        }
    }
    /// An unreadable-text error.
    pub fn unreadable(text: &str, why: impl Into<String>) -> MoveError {
        MoveError::Unreadable { text: text.to_string(), why: why.into() }
    }
    /// An illegal-move error.
    pub fn illegal(text: &str, why: impl Into<String>) -> MoveError {
        MoveError::Illegal { text: text.to_string(), why: why.into() }
    }
}

const GAME_OVER: &str = "the game is over";

/// A position text that could not be read, with what was wrong and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError(pub String);

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read the position: {}", self.0)
    }
}

impl std::error::Error for PositionError {}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Unreadable { text, why } => write!(f, "cannot read '{text}': {why}"),
            MoveError::Illegal { text, why } => write!(f, "'{text}' is not legal here: {why}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// A game position under its rules. Implemented once per game; search, perft, playouts and
/// the conformance checks are generic over it, so they compile to direct calls.
///
/// Moves are whole turns of one player (or one chance outcome at a chance node).
pub trait Game: Clone + PartialEq + fmt::Debug + Send + Sync + 'static {
    /// One whole turn, small and `Copy` so that move lists are flat arrays.
    type Move: Copy + Eq + std::hash::Hash + fmt::Debug + Send + Sync + 'static;

    /// The registry id (`amazons`, `gipf`, ...).
    fn id(&self) -> &'static str;

    /// Seats at the table.
    fn player_count(&self) -> usize;

    /// The contract name of a seat (`white`, `p3`, `first`, ...).
    fn player_name(&self, p: Player) -> &'static str;

    /// Whose decision comes next.
    fn to_move(&self) -> ToMove;

    /// Replaces the contents of `moves` with every legal move, each exactly once. At a chance
    /// node these are the chance outcomes; when the game is over, none.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// The number of legal moves; games override it when counting is cheaper than listing
    /// (perft's last ply uses it).
    fn count_legal_moves(&self) -> u64 {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v.len() as u64
    }

    /// A legal move drawn uniformly at random (at a chance node: by the outcomes'
    /// probabilities), for playouts. The default lists the moves into `buf`; games override
    /// it with samplers that need no list, since playouts are the AI's fuel.
    ///
    /// # Panics
    /// When the game is over.
    fn random_move<R: rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
        buf: &mut Vec<Self::Move>,
    ) -> Self::Move {
        self.legal_moves(buf);
        if self.to_move() == ToMove::Chance {
            crate::perft::sample_chance(self, buf, rng)
        } else {
            buf[rng.random_range(0..buf.len())]
        }
    }

    /// At a chance node, the player on whose behalf chance acts (whose die it is), so that a
    /// front end lets that player roll; `None` for chance that belongs to nobody (a roll-off).
    fn chance_player(&self) -> Option<Player> {
        None
    }

    /// The probability of a chance outcome (only asked at chance nodes).
    fn chance_probability(&self, _mv: Self::Move) -> f64 {
        0.0
    }

    /// Plays a move that [`Game::legal_moves`] listed. Trusts its argument: a move that is not
    /// legal leaves an unspecified (but memory-safe) state.
    fn play(&mut self, mv: Self::Move);

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Once over, why (which rule ended it); `None` while the game goes on, or where the
    /// game cannot tell (a position read from text that was over already).
    fn end_reason(&self) -> Option<EndReason> {
        None
    }

    /// A Zobrist hash of the position as its text shows it (board, side to move, counters
    /// that rules depend on). Repetition history is left out, as it is of the position text:
    /// two positions that look the same hash the same, which is what repetition rules and
    /// transposition tables compare.
    /// A number that tells this game's rule set and board from the others of the same game
    /// (sizes, variants, options): positions of two boards can share a [`Game::hash`], and a
    /// search's table kept from one game to the next must not mistake one for the other.
    fn rules_key(&self) -> u64 {
        0
    }

    fn hash(&self) -> u64;

    /// The hash computed from nothing, to check the incremental one. Games that compute
    /// [`Game::hash`] from scratch anyway need not override it.
    fn hash_from_scratch(&self) -> u64 {
        self.hash()
    }

    /// The canonical notation of a legal move in this position.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Reads a move in this position. The default accepts exactly the canonical notation
    /// (ignoring case and surrounding space); games override it to accept friendlier
    /// spellings and to say more precisely what is wrong.
    ///
    /// # Errors
    /// [`MoveError::Unreadable`] or [`MoveError::Illegal`], with a reason meant for people.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let wanted = text.trim();
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .find(|&m| self.format_move(m).eq_ignore_ascii_case(wanted))
            .ok_or_else(|| MoveError::illegal(text, "no legal move has that name"))
    }

    /// A plain-text picture of the position for terminals (no colour codes; one glyph per
    /// cell, coordinates around it).
    fn render_text(&self) -> String;

    /// The position as front ends draw it: cells with drawing coordinates and stacks, points,
    /// labels and per-player counts, in the one schema every game shares. `last` is left
    /// empty: the edge that played the last move fills it from [`Game::touched`].
    fn view(&self) -> BoardView;

    /// The ids of [`Game::view`] that a legal move touches (from, to, shot, removed pieces),
    /// asked before the move is played, so that front ends can mark the last move.
    fn touched(&self, mv: Self::Move) -> Vec<String>;

    /// The click sequences a person makes for a legal move: ids of the view's cells and
    /// points, and the words of [`crate::view::click`]. Every legal move has at least one;
    /// no complete path of one move is a prefix of another move's path (the conformance
    /// checks prove both), so front ends can build a turn without knowing the rules.
    fn click_paths(&self, mv: Self::Move) -> Vec<Vec<String>>;

    /// The position as one line of text (like chess's FEN): everything [`Game::hash`]
    /// covers, so that a position can be set up, stored and pasted without a record.
    fn position_text(&self) -> String;

    /// Reads a position text under this state's rules (options and board).
    ///
    /// # Errors
    /// The text is not a position of this game with these options; the message says what
    /// was wrong and what was expected.
    fn read_position(&self, text: &str) -> Result<Self, PositionError>;
}

/// One value per seat, indexed by [`Player`], so that per-player facts (reserves, captures,
/// queens) cannot be indexed by a stray number. `N` is the most seats the game has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PerPlayer<T, const N: usize>(pub [T; N]);

impl<T: Default, const N: usize> Default for PerPlayer<T, N> {
    fn default() -> Self {
        PerPlayer(std::array::from_fn(|_| T::default()))
    }
}

impl<T, const N: usize> std::ops::Index<Player> for PerPlayer<T, N> {
    type Output = T;
    #[inline]
    fn index(&self, p: Player) -> &T {
        &self.0[p.index()]
    }
}

impl<T, const N: usize> std::ops::IndexMut<Player> for PerPlayer<T, N> {
    #[inline]
    fn index_mut(&mut self, p: Player) -> &mut T {
        &mut self.0[p.index()]
    }
}

impl<T, const N: usize> From<[T; N]> for PerPlayer<T, N> {
    /// In seat order.
    fn from(a: [T; N]) -> Self {
        PerPlayer(a)
    }
}
