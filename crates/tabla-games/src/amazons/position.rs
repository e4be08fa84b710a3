//! The position: what stands on each cell, each player's queens and queens in hand, whose
//! turn it is, who is out; and `impl Game`, which hands move generation, notation and the
//! view to their own files.

use super::config::{Config, Placement, MAX_CELLS, MAX_QUEENS};
use super::movegen::{Sampler, MAX_LINES};
use std::sync::Arc;
use tabla_core::{
    zobrist, zobrist_table, BoardView, Cell, EndReason, Game, GameOptions, MoveError, OptionError,
    Outcome, Player, PlayerSet, PositionError, ToMove, MAX_PLAYERS,
};

// Zobrist tables.
const Z_CELL: u32 = 0; // index cell * 8 + content
/// The cell keys precomputed: `set` runs three times a turn in every playout.
static Z_CELLS: [u64; MAX_CELLS * 8] = zobrist_table::<{ MAX_CELLS * 8 }>(Z_CELL);
/// `Z_FILL[cell * 8 + content]`: the key change of that cell going from empty to that
/// content (0 for empty): a turn's hash update in three loads instead of six.
static Z_FILL: [u64; MAX_CELLS * 8] = {
    let keys = zobrist_table::<{ MAX_CELLS * 8 }>(Z_CELL);
    let mut t = [0u64; MAX_CELLS * 8];
    let mut i = 0;
    while i < MAX_CELLS * 8 {
        t[i] = keys[i] ^ keys[i & !7];
        i += 1;
    }
    t
};
const Z_TURN: u32 = 1;
const Z_HAND: u32 = 2; // player * 8 + count
const Z_OUT: u32 = 3;
const Z_PLACED: u32 = 4;

/// One Amazons turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Put a queen from hand on an empty cell (`Q@c3`).
    Place(Cell),
    /// Move a queen `from` → `to` (capturing an enemy queen there in killer), then shoot a
    /// stone to `stone` (`b1-b4/e4`, `b1xb4/e4`).
    Shot {
        /// The queen's cell.
        from: Cell,
        /// Where it goes.
        to: Cell,
        /// Where the stone lands.
        stone: Cell,
    },
}

/// What stands on a cell: nothing, a stone, or a queen of one player. One byte, because the
/// board is copied with every position a search makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Content(u8);

impl Content {
    /// Nothing.
    pub const EMPTY: Content = Content(0);
    /// A stone (shot, or drawn in a layout).
    pub const STONE: Content = Content(1);

    /// A queen of `p`.
    #[inline]
    pub const fn queen(p: Player) -> Content {
        Content(2 + p.0)
    }

    /// Whether the cell is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The owner, if a queen stands here.
    #[inline]
    pub const fn queen_owner(self) -> Option<Player> {
        if self.0 >= 2 {
            Some(Player(self.0 - 2))
        } else {
            None
        }
    }

    /// A number below 8, distinct per content: the Zobrist tables' index.
    #[inline]
    const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One value per seat (seats beyond the game's count stay at their default).
pub type ByPlayer<T> = tabla_core::PerPlayer<T, MAX_PLAYERS>;

/// The cells of one player's queens on the board, in no meaningful order (a capture moves
/// the last one into the gap). Equal as sets.
#[derive(Clone, Copy, Debug, Default)]
pub struct Queens {
    cells: [Cell; MAX_QUEENS],
    len: u8,
}

impl Queens {
    /// The queens' cells.
    #[inline]
    pub fn as_slice(&self) -> &[Cell] {
        &self.cells[..self.len as usize]
    }

    /// The queen in slot `k` (below [`Queens::len`]; the order of [`Queens::as_slice`]).
    #[inline(always)]
    pub fn slot(&self, k: usize) -> Cell {
        self.cells[k % MAX_QUEENS]
    }

    /// How many queens are on the board.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether none is.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether no more fit.
    pub fn is_full(&self) -> bool {
        self.len() == MAX_QUEENS
    }

    fn push(&mut self, c: Cell) {
        self.cells[self.len as usize] = c;
        self.len += 1;
    }

    fn remove(&mut self, c: Cell) {
        let n = self.len as usize;
        let k = self.as_slice().iter().position(|&q| q == c).expect("queen present");
        self.cells[k] = self.cells[n - 1];
        self.len -= 1;
    }

    /// Moves the queen on `from` to `to` (without a branch on which one it is: playouts draw
    /// it at random).
    fn replace(&mut self, from: Cell, to: Cell) {
        debug_assert!(self.as_slice().contains(&from), "a queen of the mover");
        for c in &mut self.cells {
            *c = if *c == from { to } else { *c };
        }
    }

    fn sorted(&self) -> [Cell; MAX_QUEENS] {
        let mut c = self.cells;
        c[self.len()..].fill(Cell(0));
        c[..self.len()].sort_unstable();
        c
    }
}

impl PartialEq for Queens {
    fn eq(&self, o: &Self) -> bool {
        self.len == o.len && self.sorted() == o.sorted()
    }
}

/// An Amazons position.
#[derive(Clone)]
pub struct Amazons {
    pub(super) cfg: Arc<Config>,
    pub(super) board: [Content; MAX_CELLS],
    pub(super) queens: ByPlayer<Queens>,
    pub(super) in_hand: ByPlayer<u8>,
    /// Players who have had a turn: kept under free placement only, the one rule that asks
    /// (a player's first turn must place).
    pub(super) played: PlayerSet,
    pub(super) out: PlayerSet,
    /// Who went out, first out first (`out_count` of them).
    out_order: [Player; MAX_PLAYERS],
    out_count: u8,
    pub(super) turn: Player,
    pub(super) over: Option<Outcome>,
    board_hash: u64,
    /// Occupied cells as bits, on boards of at most 128 cells (see
    /// [`super::movegen::Rays128`]).
    pub(super) occ: u128,
    /// Bit `k`: queen `k` of the player to move has an open neighbour (set by
    /// [`Amazons::begin_turn`] on [`super::movegen::Rays128`] boards when that player cannot
    /// place; 0 otherwise): the stepwise sampler's first step, ready.
    pub(super) movable: u8,
    /// The occupancy of the board's lines ([`super::movegen::Lines`]; unused without them).
    pub(super) lines: [u16; MAX_LINES],
    /// How random turns are drawn: not part of the position (not compared, hashed or
    /// written), kept by copies so that a search's playouts use its choice.
    pub(super) sampler: Sampler,
}

impl PartialEq for Amazons {
    fn eq(&self, o: &Self) -> bool {
        let n = self.cfg.geo.len();
        (Arc::ptr_eq(&self.cfg, &o.cfg) || *self.cfg == *o.cfg)
            && self.board[..n] == o.board[..n]
            && self.queens == o.queens
            && self.in_hand == o.in_hand
            && self.played == o.played
            && self.out == o.out
            && self.turn == o.turn
            && self.over == o.over
    }
}

impl std::fmt::Debug for Amazons {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Amazons\n{}", self.picture())
    }
}

impl Amazons {
    /// The starting position for these options.
    ///
    /// # Errors
    /// Bad option values or combinations, each saying what was expected.
    pub fn from_options(o: &GameOptions) -> Result<Amazons, OptionError> {
        Ok(Amazons::new(Arc::new(Config::from_options(o)?)))
    }

    /// The starting position of a rule set.
    pub fn new(cfg: Arc<Config>) -> Amazons {
        let mut a = Amazons::empty(cfg.clone());
        for &s in &cfg.stones {
            a.set(s, Content::STONE);
        }
        for p in cfg.seats() {
            for &q in &cfg.queens[p] {
                a.add_queen(p, q);
            }
        }
        a.in_hand = cfg.in_hand;
        a.begin_turn();
        a
    }

    /// A board with nothing on it, `first` to move, no turn begun: the blank that
    /// [`Amazons::new`] and the position-text reader fill.
    pub(super) fn empty(cfg: Arc<Config>) -> Amazons {
        Amazons {
            board: [Content::EMPTY; MAX_CELLS],
            queens: ByPlayer::default(),
            in_hand: ByPlayer::default(),
            played: PlayerSet::EMPTY,
            out: PlayerSet::EMPTY,
            out_order: [Player(0); MAX_PLAYERS],
            out_count: 0,
            turn: cfg.first,
            over: None,
            board_hash: 0,
            occ: 0,
            movable: 0,
            lines: cfg.lines.as_ref().map_or([u16::MAX; MAX_LINES], |l| l.walls),
            sampler: Sampler::default(),
            cfg,
        }
    }

    /// The rule set.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// What stands on cell `c` (for evaluation by the AI).
    #[inline]
    pub fn content(&self, c: Cell) -> Content {
        self.board[c.index()]
    }

    /// The cells of `p`'s queens on the board, in no particular order.
    #[inline]
    pub fn queens_of(&self, p: Player) -> &[Cell] {
        self.queens[p].as_slice()
    }

    /// How [`Game::random_move`] draws turns here and in the positions played from here.
    pub fn sampler(&self) -> Sampler {
        self.sampler
    }

    /// Draws random turns with `s` from now on (and in the copies made from now on).
    pub fn set_sampler(&mut self, s: Sampler) {
        self.sampler = s;
    }

    /// The players who are out, first out first.
    pub fn out_order(&self) -> &[Player] {
        &self.out_order[..self.out_count as usize]
    }

    /// Puts `p` out (the position-text reader; play does it in [`Amazons::begin_turn`]).
    pub(super) fn put_out(&mut self, p: Player) {
        self.out = self.out.with(p);
        self.out_order[self.out_count as usize] = p;
        self.out_count += 1;
    }

    #[inline]
    pub(super) fn set(&mut self, c: Cell, v: Content) {
        let old = self.board[c.index()];
        self.board_hash ^=
            Z_CELLS[c.index() * 8 + old.index()] ^ Z_CELLS[c.index() * 8 + v.index()];
        self.board[c.index()] = v;
        if let Some(lines) = &self.cfg.lines {
            if old.is_empty() != v.is_empty() {
                lines.toggle(&mut self.lines, c);
            }
        }
        if c.0 < 128 {
            let bit = super::movegen::bit(c);
            if v.is_empty() {
                self.occ &= !bit;
            } else {
                self.occ |= bit;
            }
        }
    }

    pub(super) fn add_queen(&mut self, p: Player, c: Cell) {
        self.queens[p].push(c);
        self.set(c, Content::queen(p));
    }

    /// Starts the turn of `self.turn`: skips players who are out, puts out those who cannot
    /// move, and ends the game when one player or team is left.
    #[inline]
    pub(super) fn begin_turn(&mut self) {
        let n = self.cfg.players;
        loop {
            if self.remaining_sides() <= 1 {
                self.finish();
                return;
            }
            let p = self.turn;
            if !self.out.contains(p) {
                self.movable = self.movable_queens(p);
                if self.movable != 0 || self.has_turn(p) {
                    return;
                }
                self.put_out(p);
                continue;
            }
            self.turn = next_seat(p, n);
        }
    }

    /// Players (or teams) not yet out.
    pub(super) fn remaining_sides(&self) -> usize {
        if self.cfg.teams {
            let alive = |t: u8| !(self.out.contains(Player(t)) && self.out.contains(Player(t + 2)));
            usize::from(alive(0)) + usize::from(alive(1))
        } else {
            usize::from(self.cfg.players) - self.out.len()
        }
    }

    fn finish(&mut self) {
        let mut rank = [0u8; MAX_PLAYERS];
        let winners;
        if self.cfg.teams {
            let team_alive =
                |t: u8| !(self.out.contains(Player(t)) && self.out.contains(Player(t + 2)));
            let t = if team_alive(0) { 0 } else { 1 };
            winners = PlayerSet::only(Player(t)).with(Player(t + 2));
            for p in self.cfg.seats() {
                rank[p.index()] = u8::from(!winners.contains(p));
            }
        } else {
            let w = self.cfg.seats().find(|&p| !self.out.contains(p));
            winners = w.map_or(PlayerSet::EMPTY, PlayerSet::only);
            // Later out is better: the last one out gets place 1, the first one out place n-1.
            let order = self.out_order();
            for (k, p) in order.iter().enumerate() {
                rank[p.index()] = (order.len() - k) as u8;
            }
        }
        self.over = Some(Outcome { winners, rank });
    }
}

/// The seat after `p` at a table of `n`.
#[inline]
fn next_seat(p: Player, n: u8) -> Player {
    let next = p.0 + 1;
    Player(if next == n { 0 } else { next })
}

// ---------------------------------------------------------------------------------------------
// For evaluation by the AI (crates/tabla-ai/src/eval/amazons.rs): read-only views that the
// evaluation's hot path needs without walking every cell.

impl Amazons {
    /// Occupied cells (queens and stones) as bits, on boards of at most 128 cells (those with
    /// [`Config::rays128`]); 0 on larger boards.
    #[inline]
    pub fn occupied_bits(&self) -> u128 {
        self.occ
    }

    /// Whether `p` is out (has had no turn; their queens stay as obstacles).
    #[inline]
    pub fn is_out(&self, p: Player) -> bool {
        self.out.contains(p)
    }

    /// Queens `p` still has to place.
    #[inline]
    pub fn in_hand(&self, p: Player) -> u8 {
        self.in_hand[p]
    }
}

const NAMES_2: [&str; 2] = ["white", "black"];
const NAMES_N: [&str; 4] = ["p1", "p2", "p3", "p4"];

impl Game for Amazons {
    type Move = Move;

    fn id(&self) -> &'static str {
        "amazons"
    }

    fn player_count(&self) -> usize {
        self.cfg.players as usize
    }

    fn player_name(&self, p: Player) -> &'static str {
        if self.cfg.players == 2 {
            NAMES_2[p.index()]
        } else {
            NAMES_N[p.index()]
        }
    }

    fn to_move(&self) -> ToMove {
        if self.over.is_some() {
            ToMove::Over
        } else {
            ToMove::Player(self.turn)
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.list_moves(moves);
    }

    // Always: inlined into the playout loop the generator's state stays in registers.
    #[inline(always)]
    fn random_move<R: tabla_core::rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
        buf: &mut Vec<Move>,
    ) -> Move {
        self.sample_move(rng, buf)
    }

    fn count_legal_moves(&self) -> u64 {
        self.count_moves()
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        let p = self.turn;
        match mv {
            Move::Place(c) => {
                self.in_hand[p] -= 1;
                self.add_queen(p, c);
            }
            Move::Shot { from, to, stone } => {
                let target = self.board[to.index()];
                if let Some(victim) = target.queen_owner() {
                    self.queens[victim].remove(to);
                }
                self.queens[p].replace(from, to);
                if self.cfg.rays128.is_some() {
                    // The three cells at once: `from` empties, `to` and `stone` fill (the
                    // stone may land on `from` again).
                    use super::movegen::bit;
                    let queen = Content::queen(p);
                    let stone_key = Content::STONE.index();
                    if !target.is_empty() {
                        self.board_hash ^= Z_FILL[to.index() * 8 + target.index()];
                    }
                    self.board_hash ^= Z_FILL[from.index() * 8 + queen.index()]
                        ^ Z_FILL[to.index() * 8 + queen.index()]
                        ^ Z_FILL[stone.index() * 8 + stone_key];
                    self.board[from.index()] = Content::EMPTY;
                    self.board[to.index()] = queen;
                    self.board[stone.index()] = Content::STONE;
                    self.occ = (self.occ & !bit(from)) | bit(to) | bit(stone);
                    if let Some(lines) = &self.cfg.lines {
                        let to = Some(to).filter(|_| target.is_empty());
                        lines.toggle_turn(&mut self.lines, from, to, stone);
                    }
                } else {
                    self.set(from, Content::EMPTY);
                    self.set(to, Content::queen(p));
                    self.set(stone, Content::STONE);
                }
            }
        }
        if self.cfg.placement == Placement::Free {
            self.played = self.played.with(p);
        }
        self.turn = next_seat(p, self.cfg.players);
        self.begin_turn();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over
    }

    fn end_reason(&self) -> Option<EndReason> {
        let o = self.over?;
        let mut losers = self.cfg.seats().filter(|&p| !o.winners.contains(p));
        Some(match (losers.next(), losers.next()) {
            (Some(l), None) => {
                let name = self.player_name(l);
                EndReason::new(
                    "amazons.no-turn",
                    &[("player", &name)],
                    format!("{name} has no legal turn"),
                )
            }
            _ if self.cfg.teams => {
                EndReason::new("amazons.team", &[], "the other team has no legal turn".into())
            }
            _ => EndReason::new("amazons.alone", &[], "no other player has a turn".into()),
        })
    }

    fn rules_key(&self) -> u64 {
        self.cfg.rules_key
    }

    fn hash(&self) -> u64 {
        let mut h = self.board_hash ^ zobrist(Z_TURN, self.turn.0 as u32);
        for p in self.cfg.seats() {
            h ^= zobrist(Z_HAND, p.0 as u32 * 8 + self.in_hand[p] as u32);
        }
        h ^ zobrist(Z_OUT, self.out.0 as u32) ^ zobrist(Z_PLACED, self.played.0 as u32)
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut scratch = self.clone();
        scratch.board_hash = 0;
        for c in self.cfg.geo.cells() {
            let v = self.board[c.index()];
            scratch.board_hash ^= zobrist(Z_CELL, c.0 as u32 * 8 + Content::EMPTY.index() as u32)
                ^ zobrist(Z_CELL, c.0 as u32 * 8 + v.index() as u32);
        }
        scratch.hash()
    }

    fn format_move(&self, mv: Move) -> String {
        self.write_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.read_move(text)
    }

    fn render_text(&self) -> String {
        self.picture()
    }

    fn view(&self) -> BoardView {
        self.board_view()
    }

    fn touched(&self, mv: Move) -> Vec<String> {
        self.move_touches(mv)
    }

    fn click_paths(&self, mv: Move) -> Vec<Vec<String>> {
        self.move_clicks(mv)
    }

    fn position_text(&self) -> String {
        self.write_position()
    }

    fn read_position(&self, text: &str) -> Result<Amazons, PositionError> {
        self.read_position_text(text)
    }
}
