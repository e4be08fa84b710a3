//! The board and the position: per-board tables, the repetition history, [`Seega`] and its
//! `impl Game` (which hands move generation to `movegen.rs`, notation and the position text
//! to `notation.rs`, the view to `view.rs`).

use super::config::{other, BySeat, SeegaConfig, FIRST, SECOND};
use super::movegen::{Bb, SeegaMove, Turn};
use std::sync::{Arc, OnceLock};
use tabla_core::geometry::SQUARE_DIRS;
use tabla_core::{
    zobrist, BoardView, Cell, EndReason, Game, GameOptions, Geometry, MoveError, OptionError,
    Outcome, Player, PositionError, ToMove,
};

/// A set of cells, bit `rank * size + file`.
pub(super) type Board = u128;

/// Zobrist tables: stones of each player (two tables), side to move, phase, quiet counter.
const Z_STONES: u32 = 0;
pub(super) const Z_SIDE: u32 = 2;
const Z_PHASE: u32 = 3;
const Z_QUIET: u32 = 4;

#[inline]
pub(super) const fn bit(c: u8) -> Board {
    1 << c
}

/// The cells of a board, lowest first.
#[inline]
pub(super) fn cells_of(mut b: Board) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let c = b.trailing_zeros() as u8;
            b &= b - 1;
            Some(c)
        }
    })
}

#[inline]
pub(super) fn count(b: Board) -> u32 {
    b.count_ones()
}

/// Whether `b` has at most one cell (cheaper than counting: the default x86-64 target has no
/// popcount instruction).
#[inline]
pub(super) fn at_most_one(b: Board) -> bool {
    b & b.wrapping_sub(1) == 0
}

// ---------------------------------------------------------------------------------------------
// Board tables

/// Per-board tables, built once per (size, diagonal) and shared by every position.
pub(super) struct Tables {
    pub(super) size: u8,
    pub(super) diagonal: bool,
    pub(super) geo: Geometry,
    pub(super) centre: u8,
    /// Every cell.
    pub(super) all: Board,
    /// Cells not on file `a` / not on the last file (sources that may step west / east).
    pub(super) not_west_edge: Board,
    pub(super) not_east_edge: Board,
    /// Neighbours of each cell in the move directions.
    pub(super) neigh: [Board; 81],
    /// Neighbours of each cell that a stone arriving there can capture: not the centre, and
    /// with a cell beyond on the same line (that cell is `2 * n - t`).
    pub(super) capturable: [Board; 81],
    /// Direction index of a step by cell-index delta `d`, at `d + size + 1` (only read for
    /// neighbours, so the unused entries are never seen).
    dir_of_delta: [u8; 24],
    /// Cell-index delta of each direction.
    delta: [i16; 8],
    /// Zobrist keys of each player's stone on each cell.
    pub(super) z_stone: BySeat<[u64; 81]>,
    /// The cells in notation order (file, then rank).
    pub(super) notation_order: [u8; 81],
    /// Cells from which one / two steps in each direction stay on the board.
    pub(super) src1: [Board; 8],
    pub(super) src2: [Board; 8],
}

impl Tables {
    pub(super) fn get(size: u8, diagonal: bool) -> &'static Tables {
        static TABLES: [OnceLock<Tables>; 6] = [const { OnceLock::new() }; 6];
        let i = usize::from((size - 5) / 2) * 2 + usize::from(diagonal);
        TABLES[i].get_or_init(|| Tables::build(size, diagonal))
    }

    fn build(size: u8, diagonal: bool) -> Tables {
        let dirs = if diagonal { &SQUARE_DIRS[..] } else { &SQUARE_DIRS[..4] };
        let geo = Geometry::square(size, size, dirs, |_, _| true);
        let n = usize::from(size);
        let centre = (n * n / 2) as u8;
        let mut t = Tables {
            size,
            diagonal,
            centre,
            all: (1u128 << (n * n)) - 1,
            not_west_edge: 0,
            not_east_edge: 0,
            neigh: [0; 81],
            capturable: [0; 81],
            dir_of_delta: [u8::MAX; 24],
            delta: [0; 8],
            z_stone: BySeat([[0; 81]; 2]),
            notation_order: [0; 81],
            src1: [0; 8],
            src2: [0; 8],
            geo,
        };
        for (d, &(df, dr)) in dirs.iter().enumerate() {
            let delta = i16::from(dr) * n as i16 + i16::from(df);
            t.delta[d] = delta;
            t.dir_of_delta[(delta + n as i16 + 1) as usize] = d as u8;
        }
        for c in t.geo.cells() {
            let (f, r) = t.geo.coords(c);
            t.notation_order[usize::from(f) * n + usize::from(r)] = c.0 as u8;
        }
        for c in t.geo.cells() {
            let i = c.index();
            let (f, _) = t.geo.coords(c);
            if f != 0 {
                t.not_west_edge |= bit(i as u8);
            }
            if usize::from(f) != n - 1 {
                t.not_east_edge |= bit(i as u8);
            }
            for d in 0..dirs.len() {
                if let Some(m) = t.geo.neighbour(c, d) {
                    t.neigh[i] |= bit(m.0 as u8);
                    if m.index() != usize::from(centre) && t.geo.neighbour(m, d).is_some() {
                        t.capturable[i] |= bit(m.0 as u8);
                    }
                }
            }
            for p in [FIRST, SECOND] {
                t.z_stone[p][i] = zobrist(Z_STONES + u32::from(p.0), i as u32);
            }
            for d in 0..dirs.len() {
                if let Some(m) = t.geo.neighbour(c, d) {
                    t.src1[d] |= bit(i as u8);
                    if t.geo.neighbour(m, d).is_some() {
                        t.src2[d] |= bit(i as u8);
                    }
                }
            }
        }
        t
    }

    /// The direction of a step between neighbours.
    #[inline]
    pub(super) fn dir(&self, from: u8, to: u8) -> u8 {
        let d = i16::from(to) - i16::from(from) + i16::from(self.size) + 1;
        self.dir_of_delta[d as usize]
    }

    /// The cell one step from `from` in direction `dir` (which stays on the board).
    #[inline]
    pub(super) fn step(&self, from: u8, dir: u8) -> u8 {
        (i16::from(from) + self.delta[usize::from(dir)]) as u8
    }

    /// The notation order of cells (file, then rank), as a sort key.
    #[inline]
    pub(super) fn order(&self, c: u8) -> u8 {
        (c % self.size) * self.size + c / self.size
    }

    /// The notation name of a cell (`c3`).
    pub(super) fn name(&self, c: u8) -> String {
        self.geo.name(Cell(u16::from(c)))
    }
}

/// Tables compared by identity: one per board, so pointer equality is equality.
#[derive(Clone, Copy)]
pub(super) struct TablesRef(pub(super) &'static Tables);

impl PartialEq for TablesRef {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl std::fmt::Debug for TablesRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tables({}x{}, diagonal {})", self.0.size, self.0.size, self.0.diagonal)
    }
}

/// Why a diagram is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

// ---------------------------------------------------------------------------------------------
// The repetition history

/// Quiet turns a position holds inline for the repetition rule: more than the default quiet
/// limit (50) needs, since a stretch without capture is at most `quiet - 1` turns long while
/// the game goes on. Longer stretches (`quiet` above 65) move full blocks out to shared
/// [`Block`]s.
const INLINE_TURNS: usize = 64;

/// One phase-2 turn without capture, as the repetition rule replays it backwards: the
/// mover's stone went from `from` to `to`. A pass moves nothing and is `from == to`, which
/// toggles no cell; no other value is special.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct QuietTurn {
    from: u8,
    to: u8,
}

impl QuietTurn {
    /// A pass.
    pub(super) const PASS: QuietTurn = QuietTurn { from: 0, to: 0 };

    /// A step without capture.
    #[inline]
    pub(super) const fn step(from: u8, to: u8) -> QuietTurn {
        QuietTurn { from, to }
    }

    /// The cells of the mover that change, on the board width `B`.
    #[inline(always)]
    fn mask<B: Bb>(self) -> B {
        (B::ONE << u32::from(self.from)) ^ (B::ONE << u32::from(self.to))
    }
}

/// A full block of older quiet turns, oldest first, with the blocks before it. Immutable once
/// made, so copies of a position share it.
#[derive(Debug, PartialEq)]
struct Block {
    turns: [QuietTurn; INLINE_TURNS],
    older: Option<Arc<Block>>,
}

/// The phase-2 positions since the last capture (or the start of phase 2, or the position
/// read from text), for the third-repetition rule. Earlier positions cannot recur: they had
/// more stones.
///
/// Kept as the turns that led from the first of them to the current one, two bytes each,
/// inline: a copy of a position is a plain copy and never allocates, and playing a turn
/// writes one entry. While a game goes on a stretch without capture is at most `quiet - 1`
/// turns long, so with `quiet` up to 65 (the default is 50) everything fits; beyond that,
/// full blocks of [`INLINE_TURNS`] move out to shared, immutable [`Block`]s (one allocation
/// per block, none per copy).
///
/// Exact (Decision: positions are compared whole): an earlier position is found by undoing
/// turns from the current one and comparing whole boards and the side to move, not keys.
/// The Zobrist keys only feed two small Bloom filters, a "certainly not seen twice" test that
/// spares most turns the walk back.
#[derive(Clone)]
pub(super) struct History {
    /// The newest turns, oldest first: `recent[..len]`.
    recent: [QuietTurn; INLINE_TURNS],
    len: u8,
    /// Older turns, newest block first (only when a stretch outgrows `recent`).
    older: Option<Arc<Block>>,
    /// Bit `key >> 57` of the key of every position in the history ...
    once: u128,
    /// ... and of every position pushed while its bit was set already: a position that is
    /// in the history twice has its bit here.
    twice: u128,
}

impl History {
    /// A history of one position, with key `key`.
    pub(super) fn new(key: u64) -> History {
        History {
            recent: [QuietTurn::default(); INLINE_TURNS],
            len: 0,
            older: None,
            once: bloom_bit(key),
            twice: 0,
        }
    }

    /// Starts again from the position with key `key` alone (after a capture).
    #[inline]
    pub(super) fn reset(&mut self, key: u64) {
        self.len = 0;
        self.older = None;
        self.once = bloom_bit(key);
        self.twice = 0;
    }

    /// Records `turn`, which led to the position with key `key`.
    #[inline]
    pub(super) fn push(&mut self, turn: QuietTurn, key: u64) {
        if usize::from(self.len) == INLINE_TURNS {
            // Only with `quiet` above the inline room: one allocation per block of turns,
            // shared by every copy made afterwards.
            let older = self.older.take();
            self.older = Some(Arc::new(Block { turns: self.recent, older }));
            self.len = 0;
        }
        self.recent[usize::from(self.len)] = turn;
        self.len += 1;
        let b = bloom_bit(key);
        self.twice |= self.once & b;
        self.once |= b;
    }

    /// Whether the position that `turn` by the player to move in the newest position leads
    /// to, with key `key`, is in the history twice already (`size`: the board's side).
    #[inline]
    pub(super) fn seen_twice(&self, key: u64, turn: QuietTurn, size: u8) -> bool {
        if self.twice & bloom_bit(key) == 0 {
            return false;
        }
        match size {
            5 => self.seen_twice_slow::<u32>(turn.mask()),
            7 => self.seen_twice_slow::<u64>(turn.mask()),
            _ => self.seen_twice_slow::<u128>(turn.mask()),
        }
    }

    /// Undoes the turns newest first and counts the positions equal to the candidate: `next`
    /// is how the stones of the player who made the turn being undone differ from the
    /// candidate's, `then` the other player's; the sides to move agree after an odd number
    /// of undone turns (the candidate is one turn past the newest position).
    fn seen_twice_slow<B: Bb>(&self, candidate_mask: B) -> bool {
        // The newest turn was made by the mover's opponent, whose stones agree so far.
        let (mut next, mut then) = (B::ZERO, candidate_mask);
        let mut same_side = false;
        let mut seen = 0;
        let mut turns: &[QuietTurn] = &self.recent[..usize::from(self.len)];
        let mut older = self.older.as_deref();
        loop {
            for t in turns.iter().rev() {
                next = next ^ t.mask::<B>();
                std::mem::swap(&mut next, &mut then);
                same_side = !same_side;
                if same_side && next | then == B::ZERO {
                    seen += 1;
                    if seen == 2 {
                        return true;
                    }
                }
            }
            match older {
                Some(b) => {
                    turns = &b.turns;
                    older = b.older.as_deref();
                }
                None => return false,
            }
        }
    }

    /// The turns, oldest first.
    fn turns(&self) -> Vec<QuietTurn> {
        let mut blocks = Vec::new();
        let mut b = self.older.as_deref();
        while let Some(x) = b {
            blocks.push(x);
            b = x.older.as_deref();
        }
        let mut out: Vec<QuietTurn> = blocks.iter().rev().flat_map(|b| b.turns).collect();
        out.extend_from_slice(&self.recent[..usize::from(self.len)]);
        out
    }
}

/// The Bloom filter bit of a position key.
#[inline(always)]
fn bloom_bit(key: u64) -> u128 {
    1 << (key >> 57)
}

impl PartialEq for History {
    fn eq(&self, other: &Self) -> bool {
        let same_older = match (&self.older, &other.older) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b) || a == b,
            _ => false,
        };
        self.len == other.len
            && self.once == other.once
            && self.twice == other.twice
            && self.recent[..usize::from(self.len)] == other.recent[..usize::from(other.len)]
            && same_older
    }
}

impl std::fmt::Debug for History {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let turns: Vec<(u8, u8)> = self.turns().iter().map(|t| (t.from, t.to)).collect();
        f.debug_struct("History").field("turns", &turns).finish_non_exhaustive()
    }
}

// ---------------------------------------------------------------------------------------------
// The position

/// A Seega position with everything that decides its future: the stones, who moves, the
/// phase, stones still in hand, the quiet counter and the positions seen since the last
/// capture (for the third-repetition rule).
///
/// Copying one never allocates (see `History`), so search can copy and play.
#[derive(Clone, PartialEq, Debug)]
pub struct Seega {
    pub(super) tables: TablesRef,
    pub(super) config: SeegaConfig,
    /// Stones on the board per player.
    pub(super) stones: BySeat<Board>,
    /// Stones still to place per player (phase 1).
    pub(super) in_hand: BySeat<u8>,
    pub(super) to_move: Player,
    /// Whether phase 2 (moving) has begun.
    pub(super) moving: bool,
    /// Turns since the last capture (or the start of phase 2).
    pub(super) quiet: u32,
    /// The positions of phase 2 since the last capture; not hashed (see [`Game::hash`]).
    pub(super) history: History,
    /// Board, side to move and phase, maintained incrementally.
    pub(super) key: u64,
    pub(super) outcome: Option<Outcome>,
}

impl Seega {
    /// The starting position (empty board, First to place).
    ///
    /// # Panics
    /// If `config` fails [`SeegaConfig::check`] (configs read from options never do).
    pub fn new(config: SeegaConfig) -> Seega {
        if let Err(e) = config.check() {
            panic!("invalid Seega config: {e}");
        }
        let each = config.stones_each();
        let mut g = Seega {
            tables: TablesRef(Tables::get(config.size, config.diagonal)),
            config,
            stones: BySeat([0; 2]),
            in_hand: BySeat([each; 2]),
            to_move: FIRST,
            moving: false,
            quiet: 0,
            history: History::new(0),
            key: 0,
            outcome: None,
        };
        g.key = g.key_from_scratch();
        g
    }

    /// The starting position for rule options.
    ///
    /// # Errors
    /// See [`SeegaConfig::from_options`].
    pub fn from_options(o: &GameOptions) -> Result<Seega, OptionError> {
        Ok(Seega::new(SeegaConfig::from_options(o)?))
    }

    /// A phase-2 position from a picture, for tests and analysis: ranks from the top, each a
    /// row of `X` (First), `O` (Second) or `.`/`+` (empty), separated by `/` or white space.
    /// The quiet counter starts at 0 and the history with this position, as at the start of
    /// phase 2.
    ///
    /// # Errors
    /// The picture does not fit the board, a player has more stones than the game gives or
    /// fewer than two (the game would be over).
    pub fn from_diagram(
        config: SeegaConfig,
        diagram: &str,
        to_move: Player,
    ) -> Result<Seega, SetupError> {
        config.check().map_err(|e| SetupError(e.0))?;
        let mut g = Seega::new(config);
        g.stones = g.read_board(diagram).map_err(SetupError)?;
        g.moving_from_here(to_move, 0)
    }

    /// The end of both phase-2 constructors: each player's stone count checked, nothing in
    /// hand, `to_move` to move with quiet count `quiet`, a fresh repetition history.
    fn moving_from_here(mut self, to_move: Player, quiet: u32) -> Result<Seega, SetupError> {
        let each = self.config.stones_each();
        for p in [FIRST, SECOND] {
            let k = count(self.stones[p]);
            if k < 2 || k > u32::from(each) {
                return Err(SetupError(format!(
                    "each player needs 2 to {each} stones; {} has {k}",
                    self.player_name(p)
                )));
            }
        }
        self.in_hand = BySeat([0, 0]);
        self.moving = true;
        self.to_move = to_move;
        self.quiet = quiet;
        self.key = self.key_from_scratch();
        self.history.reset(self.key);
        Ok(self)
    }

    /// A phase-2 position from each player's stones as cell sets (bit `rank * size + file`),
    /// the player to move and the quiet count, with a fresh repetition history (as a
    /// position text starts one): what endgame tables enumerate, without text in between.
    ///
    /// # Errors
    /// Cells off the board or shared, a player with more stones than the game gives or
    /// fewer than two, or a quiet count at or past the limit (the game would be over).
    pub fn from_stones(
        config: SeegaConfig,
        stones: [u128; 2],
        to_move: Player,
        quiet: u32,
    ) -> Result<Seega, SetupError> {
        config.check().map_err(|e| SetupError(e.0))?;
        let mut g = Seega::new(config);
        let [first, second] = stones;
        if (first | second) & !g.t().all != 0 || first & second != 0 {
            return Err(SetupError("stones off the board or on one cell twice".into()));
        }
        if to_move.index() > 1 {
            return Err(SetupError(format!("no player {}", to_move.0)));
        }
        if quiet >= config.quiet {
            return Err(SetupError(format!(
                "quiet count {quiet}: below the limit {} while the game goes on",
                config.quiet
            )));
        }
        g.stones = BySeat([first, second]);
        g.moving_from_here(to_move, quiet)
    }

    /// The cells of player `p`'s stones on the board (bit `rank * size + file`).
    pub fn stones_of(&self, p: Player) -> u128 {
        self.stones[p]
    }

    /// Whether the repetition history holds only the position itself (phase 2 just began,
    /// the last turn captured, or the position was read from text): then no earlier
    /// position can make a later one a repetition.
    pub fn history_is_fresh(&self) -> bool {
        self.history.len == 0 && self.history.older.is_none()
    }

    /// Reads a board picture (ranks from the top, `X`, `O`, `.` or `+`, ranks separated by
    /// `/` or white space) into the stones of each player.
    pub(super) fn read_board(&self, diagram: &str) -> Result<BySeat<Board>, String> {
        let n = usize::from(self.config.size);
        let rows: Vec<&str> = diagram
            .split(|c: char| c == '/' || c.is_whitespace())
            .filter(|r| !r.is_empty())
            .collect();
        if rows.len() != n {
            return Err(format!("expected {n} ranks, got {}", rows.len()));
        }
        let mut stones = BySeat([0; 2]);
        for (i, row) in rows.iter().enumerate() {
            let rank = n - 1 - i;
            if row.chars().count() != n {
                return Err(format!("rank {} should have {n} cells: '{row}'", rank + 1));
            }
            for (f, ch) in row.chars().enumerate() {
                let c = (rank * n + f) as u8;
                match ch {
                    'X' | 'x' => stones[FIRST] |= bit(c),
                    'O' | 'o' => stones[SECOND] |= bit(c),
                    '.' | '+' => {}
                    _ => return Err(format!("unknown cell glyph '{ch}' (use X, O, .)")),
                }
            }
        }
        Ok(stones)
    }

    /// The rules this position is played under.
    pub fn config(&self) -> SeegaConfig {
        self.config
    }

    /// Whether phase 2 (moving) has begun.
    pub fn is_moving_phase(&self) -> bool {
        self.moving
    }

    /// Who has a stone on `c`, if anyone.
    pub fn owner(&self, c: Cell) -> Option<Player> {
        [FIRST, SECOND].into_iter().find(|&p| self.stones[p] >> c.0 & 1 != 0)
    }

    /// The cell named `name` on this board, if there is one.
    pub fn cell(&self, name: &str) -> Option<Cell> {
        self.t().geo.parse_cell(name)
    }

    /// Stones on the board of player `p`.
    pub fn stones_on_board(&self, p: Player) -> u32 {
        count(self.stones[p])
    }

    /// Stones player `p` still has to place.
    pub fn stones_in_hand(&self, p: Player) -> u32 {
        u32::from(self.in_hand[p])
    }

    /// Stones of player `p` that the opponent has captured.
    pub fn stones_lost(&self, p: Player) -> u32 {
        u32::from(self.config.stones_each()) - self.stones_in_hand(p) - self.stones_on_board(p)
    }

    /// Turns since the last capture in phase 2.
    pub fn quiet_turns(&self) -> u32 {
        self.quiet
    }

    #[inline]
    pub(super) fn t(&self) -> &'static Tables {
        self.tables.0
    }

    pub(super) fn key_from_scratch(&self) -> u64 {
        let t = self.t();
        let mut k = 0;
        for p in [FIRST, SECOND] {
            for c in cells_of(self.stones[p]) {
                k ^= t.z_stone[p][usize::from(c)];
            }
        }
        if self.to_move == SECOND {
            k ^= zobrist(Z_SIDE, 0);
        }
        if self.moving {
            k ^= zobrist(Z_PHASE, 0);
        }
        k
    }

    /// Whether a phase-2 turn without capture, `turn` by the player to move, leading to the
    /// position with key `key`, ends the game by the quiet rule or the third repetition.
    #[inline]
    pub(super) fn quiet_turn_ends(&self, turn: QuietTurn, key: u64) -> bool {
        self.quiet + 1 >= self.config.quiet || self.history.seen_twice(key, turn, self.config.size)
    }

    /// The result by stone count (quiet rule, repetition).
    pub(super) fn by_count(&self) -> Outcome {
        let (a, b) = (count(self.stones[FIRST]), count(self.stones[SECOND]));
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::win(2, FIRST),
            std::cmp::Ordering::Less => Outcome::win(2, SECOND),
            std::cmp::Ordering::Equal => Outcome::draw(),
        }
    }

    /// Ends a phase-2 turn whose stones and key (side flipped) are already in place: `quiet`
    /// is the turn when it captured nothing.
    fn finish_phase_two_turn(&mut self, quiet: Option<QuietTurn>) {
        let mover = self.to_move;
        self.to_move = other(mover);
        match quiet {
            None => {
                self.quiet = 0;
                if at_most_one(self.stones[self.to_move]) {
                    self.outcome = Some(Outcome::win(2, mover));
                }
                self.history.reset(self.key);
            }
            Some(turn) => {
                self.quiet += 1;
                // Decision: the turn that makes a position occur the third time ends the game.
                let repeated = self.history.seen_twice(self.key, turn, self.config.size);
                if repeated || self.quiet >= self.config.quiet {
                    self.outcome = Some(self.by_count());
                } else {
                    self.history.push(turn, self.key);
                }
            }
        }
    }

    /// Plays a placing turn of the player to move on the cells of `placed`.
    fn place(&mut self, placed: Board, stones: u8) {
        let t = self.t();
        let p = self.to_move;
        self.stones[p] |= placed;
        for c in cells_of(placed) {
            self.key ^= t.z_stone[p][usize::from(c)];
        }
        self.in_hand[p] -= stones;
        // The other player places next, until every stone is down.
        self.to_move = other(p);
        self.key ^= zobrist(Z_SIDE, 0);
        if self.in_hand == BySeat([0, 0]) {
            self.moving = true;
            self.key ^= zobrist(Z_PHASE, 0);
            let starter = self.config.start.starter();
            if self.to_move != starter {
                self.to_move = starter;
                self.key ^= zobrist(Z_SIDE, 0);
            }
            self.history.reset(self.key);
        }
    }
}

impl Game for Seega {
    type Move = SeegaMove;

    fn id(&self) -> &'static str {
        "seega"
    }

    fn player_count(&self) -> usize {
        2
    }

    fn player_name(&self, p: Player) -> &'static str {
        if p == FIRST {
            "first"
        } else {
            "second"
        }
    }

    fn to_move(&self) -> ToMove {
        if self.outcome.is_some() {
            ToMove::Over
        } else {
            ToMove::Player(self.to_move)
        }
    }

    fn legal_moves(&self, moves: &mut Vec<SeegaMove>) {
        self.gen_legal(moves);
    }

    /// Placing turns are drawn directly (two distinct free cells, uniformly), since listing
    /// all 276 pairs a turn cost more than the rest of a random game; phase 2 lists.
    fn random_move<R: tabla_core::rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
        buf: &mut Vec<SeegaMove>,
    ) -> SeegaMove {
        self.sample(rng, buf)
    }

    fn count_legal_moves(&self) -> u64 {
        self.count_legal()
    }

    fn play(&mut self, mv: SeegaMove) {
        match mv.turn() {
            Turn::PlaceOne(a) => self.place(bit(a.0 as u8), 1),
            Turn::PlaceTwo(a, b) => self.place(bit(a.0 as u8) | bit(b.0 as u8), 2),
            Turn::Step(path) => {
                let (stones, captured, key) = self.after_path(path);
                let quiet = (!captured).then(|| {
                    let from = path.from() as u8;
                    QuietTurn::step(from, self.t().step(from, path.dir(0)))
                });
                self.stones = stones;
                // `key` already has the side flipped; finish flips `to_move` to match.
                self.key = key;
                self.finish_phase_two_turn(quiet);
            }
            Turn::Pass => {
                self.key ^= zobrist(Z_SIDE, 0);
                self.finish_phase_two_turn(Some(QuietTurn::PASS));
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn end_reason(&self) -> Option<EndReason> {
        let o = self.outcome?;
        let (a, b) = (count(self.stones[FIRST]), count(self.stones[SECOND]));
        let (more, fewer) = (a.max(b), a.min(b));
        if let Some(l) = [FIRST, SECOND].into_iter().find(|&p| count(self.stones[p]) <= 1) {
            let (name, left) = (self.player_name(l), count(self.stones[l]));
            let words = if left == 1 { "one stone" } else { "no stone" };
            return Some(EndReason::new(
                "seega.few",
                &[("player", &name), ("left", &left)],
                format!("{name} has {words} left"),
            ));
        }
        let quiet = self.quiet >= self.config.quiet;
        let (key_win, key_draw, why) = if quiet {
            let turns = self.quiet;
            (
                "seega.quiet.win",
                "seega.quiet.draw",
                format!("{turns} turns in a row without a capture"),
            )
        } else {
            (
                "seega.repetition.win",
                "seega.repetition.draw",
                "the same position came up a third time".into(),
            )
        };
        let turns = self.quiet;
        Some(match o.winners.iter().next() {
            Some(w) => {
                let name = self.player_name(w);
                EndReason::new(
                    key_win,
                    &[("player", &name), ("more", &more), ("fewer", &fewer), ("turns", &turns)],
                    format!("{why}; {name} has more stones ({more} to {fewer})"),
                )
            }
            None => EndReason::new(
                key_draw,
                &[("stones", &a), ("turns", &turns)],
                format!("{why}; both have {a} stones"),
            ),
        })
    }

    /// Board, side to move, phase and the quiet count: what the position text holds. The
    /// repetition history is left out, as chess leaves it out of FEN and of its hash keys:
    /// it is the record's business, and a position read from text starts it afresh.
    fn rules_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.config.hash(&mut h);
        h.finish()
    }

    fn hash(&self) -> u64 {
        self.key ^ zobrist(Z_QUIET, self.quiet)
    }

    fn hash_from_scratch(&self) -> u64 {
        self.key_from_scratch() ^ zobrist(Z_QUIET, self.quiet)
    }

    fn format_move(&self, mv: SeegaMove) -> String {
        self.format(mv)
    }

    /// Accepts the canonical notation, upper case, placing cells in any order and spaces
    /// around the separators (Decision: lenient reading, canonical printing).
    fn parse_move(&self, text: &str) -> Result<SeegaMove, MoveError> {
        self.parse(text)
    }

    fn render_text(&self) -> String {
        self.render()
    }

    fn view(&self) -> BoardView {
        self.board_view()
    }

    fn touched(&self, mv: SeegaMove) -> Vec<String> {
        self.touched_ids(mv)
    }

    fn click_paths(&self, mv: SeegaMove) -> Vec<Vec<String>> {
        self.paths_of(mv)
    }

    fn position_text(&self) -> String {
        self.text()
    }

    fn read_position(&self, text: &str) -> Result<Seega, PositionError> {
        self.read_text(text)
    }
}
