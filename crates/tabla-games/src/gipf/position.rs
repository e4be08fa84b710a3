//! The board (tables built once, pieces as bitmasks), moves, the position and its `Game` impl.
//!
//! Cells are numbered as [`Geometry::hex`] numbers them (sorted by name, so mask order is
//! notation order); inside the module a cell is its `u8` number and a set of cells a `u64`.

use super::config::Variant;
use super::movegen::{rows, Row};
use std::sync::{Arc, OnceLock};
use tabla_core::geometry::HEX_DIRS;
use tabla_core::{
    zobrist_table, BoardView, Cell, EndReason, Game, Geometry, MoveError, Outcome, Player,
    PositionError, ToMove,
};

/// Cells of the side-5 hexagon: 37 points and 24 dots.
pub(super) const CELLS: usize = 61;
/// Lines across the playing area: 3 axes × 7.
pub(super) const LINES: usize = 21;
/// Every line, as a line mask.
pub(super) const ALL_LINES: u32 = (1 << LINES) - 1;
/// Entries: both ends of every line.
pub(super) const ENTRIES: usize = 42;
/// Four in a row makes a row.
pub(super) const ROW: u32 = 4;

// ---------------------------------------------------------------------------------------------
// Board tables
// ---------------------------------------------------------------------------------------------

/// One line of points along an axis, in order.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Line {
    pub(super) cells: [u8; 7],
    pub(super) len: u8,
    pub(super) mask: u64,
}

/// Entering from `dot` along a line: `cells[0]` is the point the piece lands on.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct EntryLine {
    pub(super) dot: u8,
    pub(super) cells: [u8; 7],
    pub(super) len: u8,
    pub(super) mask: u64,
    /// `touched[j]`: the lines through `cells[..=j]`, where a push that stops at `j` can
    /// make rows.
    pub(super) touched: [u32; 7],
}

/// Everything about the board that never changes, built once from [`Geometry::hex`].
pub(super) struct Tables {
    pub(super) geo: Geometry,
    /// The 37 points.
    pub(super) points: u64,
    pub(super) lines: [Line; LINES],
    /// Entries sorted by notation (dot, then first point).
    pub(super) entries: [EntryLine; ENTRIES],
    pub(super) names: [String; CELLS],
}

pub(super) fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build_tables)
}

fn build_tables() -> Tables {
    let geo = Geometry::hex(5, &HEX_DIRS, |_, _| true);
    assert_eq!(geo.len(), CELLS);
    let mut points = 0u64;
    for c in geo.cells() {
        // Points have all six neighbours; the outer ring (dots) misses some.
        if (0..6).all(|d| geo.neighbour(c, d).is_some()) {
            points |= 1 << c.0;
        }
    }
    assert_eq!(points.count_ones(), 37);
    let is_point = |c: Cell| points >> c.0 & 1 == 1;
    let mut lines = [Line::default(); LINES];
    let mut entries = Vec::new();
    let mut lines_through = [0u32; CELLS];
    let mut n = 0;
    for d in 0..3 {
        for c in geo.cells().filter(|&c| is_point(c)) {
            let back = geo.neighbour(c, d + 3).expect("points have all neighbours");
            if is_point(back) {
                continue;
            }
            // `c` starts a line along axis `d`; `back` is the dot behind it.
            let mut line = Line::default();
            let mut cells = vec![c];
            cells.extend(geo.ray(c, d).iter().copied().take_while(|&x| is_point(x)));
            for (i, &x) in cells.iter().enumerate() {
                line.cells[i] = x.0 as u8;
                line.mask |= 1 << x.0;
                lines_through[x.index()] |= 1 << n;
            }
            line.len = cells.len() as u8;
            let last = *cells.last().expect("a line has points");
            let front = geo.neighbour(last, d).expect("points have all neighbours");
            for (dot, order) in
                [(back, cells.clone()), (front, cells.iter().rev().copied().collect())]
            {
                let mut e = EntryLine {
                    dot: dot.0 as u8,
                    len: line.len,
                    mask: line.mask,
                    ..EntryLine::default()
                };
                for (i, x) in order.iter().enumerate() {
                    e.cells[i] = x.0 as u8;
                }
                entries.push(e);
            }
            lines[n] = line;
            n += 1;
        }
    }
    assert_eq!(n, LINES);
    // Cell numbers follow the sorted order of names, so this sorts by notation.
    entries.sort_by_key(|e| (e.dot, e.cells[0]));
    for e in &mut entries {
        let mut acc = 0;
        for j in 0..usize::from(e.len) {
            acc |= lines_through[usize::from(e.cells[j])];
            e.touched[j] = acc;
        }
    }
    let names = std::array::from_fn(|i| geo.name(Cell(i as u16)));
    Tables { geo, points, lines, entries: entries.try_into().expect("42 entries"), names }
}

#[inline]
pub(super) fn bit(c: u8) -> u64 {
    1u64 << c
}

/// Iterates the cells of a mask in ascending (notation) order.
pub(super) fn cells_of(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let c = m.trailing_zeros() as u8;
        m &= m - 1;
        Some(c)
    })
}

/// The set bits of a line mask.
#[inline]
pub(super) fn bits_of(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(l)
    })
}

// ---------------------------------------------------------------------------------------------
// Small typed values
// ---------------------------------------------------------------------------------------------

/// One value per player, White first.
pub type PerPlayer<T> = tabla_core::PerPlayer<T, 2>;

/// The two seats, White first.
pub(super) const PLAYERS: [Player; 2] = [Player(0), Player(1)];

/// The other player.
#[inline]
pub(super) const fn opponent(p: Player) -> Player {
    Player(1 - p.0)
}

/// What stands on a point: one piece, or a GIPF piece (two stacked, counted as one in rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// One piece.
    Single,
    /// Two pieces stacked: costs two to enter and gives two back.
    Gipf,
}

impl PieceKind {
    /// Pieces it is made of (what it costs and what it returns).
    pub const fn pieces(self) -> u8 {
        match self {
            PieceKind::Single => 1,
            PieceKind::Gipf => 2,
        }
    }
}

/// A piece with its owner, as the board's masks store it: `2 * owner + is_gipf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Kind(u8);

impl Kind {
    /// The four kinds, in mask order.
    pub(super) const ALL: [Kind; 4] = [Kind(0), Kind(1), Kind(2), Kind(3)];

    #[inline]
    pub(super) const fn new(owner: Player, piece: PieceKind) -> Kind {
        Kind(2 * owner.0 + matches!(piece, PieceKind::Gipf) as u8)
    }
    #[inline]
    pub(super) const fn owner(self) -> Player {
        Player(self.0 >> 1)
    }
    #[inline]
    pub(super) const fn piece(self) -> PieceKind {
        if self.0 & 1 == 1 {
            PieceKind::Gipf
        } else {
            PieceKind::Single
        }
    }
    #[inline]
    pub(super) const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The points whose pieces leave the board in one removal phase. Two orders of takes that
/// empty the same points are the same turn (rules: "One turn per removed set").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Removal(pub(super) u64);

impl Removal {
    /// Nothing removed.
    pub const NONE: Removal = Removal(0);

    /// Whether nothing is removed.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many points are emptied.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The names of the emptied points, in notation order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        let t = tables();
        cells_of(self.0).map(move |c| t.names[usize::from(c)].as_str())
    }
}

/// One of the 42 ways into the board (a dot and the first point of a line from it), numbered
/// in notation order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EntryId(pub(super) u8);

impl EntryId {
    pub(super) fn line(self) -> &'static EntryLine {
        &tables().entries[usize::from(self.0)]
    }

    /// The dot the piece is put on.
    pub fn dot(self) -> &'static str {
        &tables().names[usize::from(self.line().dot)]
    }

    /// The point it is pushed onto.
    pub fn point(self) -> &'static str {
        &tables().names[usize::from(self.line().cells[0])]
    }
}

/// The entry of a turn: where, and which kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entering {
    /// Where the piece comes in.
    pub entry: EntryId,
    /// A single or a GIPF piece.
    pub piece: PieceKind,
}

/// One whole turn: the removal phase before the entry, the entry, the removal phase after
/// it. A turn without an entry exists only when its removals end the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GipfMove {
    pub(super) pre: Removal,
    pub(super) entry: Option<Entering>,
    pub(super) post: Removal,
}

impl GipfMove {
    /// Points emptied before the entry.
    pub const fn pre(self) -> Removal {
        self.pre
    }
    /// The entry, if the turn has one.
    pub const fn entry(self) -> Option<Entering> {
        self.entry
    }
    /// Points emptied after the entry.
    pub const fn post(self) -> Removal {
        self.post
    }
}

// ---------------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------------

/// Pieces on the board: single and GIPF pieces of each colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct Board {
    pub(super) single: PerPlayer<u64>,
    pub(super) gipf: PerPlayer<u64>,
}

impl Board {
    #[inline]
    pub(super) fn occupied(&self) -> u64 {
        self.single.0[0] | self.single.0[1] | self.gipf.0[0] | self.gipf.0[1]
    }
    #[inline]
    pub(super) fn own(&self, p: Player) -> u64 {
        self.single[p] | self.gipf[p]
    }
    #[inline]
    pub(super) fn gipfs(&self) -> u64 {
        self.gipf.0[0] | self.gipf.0[1]
    }
    #[inline]
    pub(super) fn singles(&self) -> u64 {
        self.single.0[0] | self.single.0[1]
    }
    pub(super) fn kind_at(&self, c: u8) -> Option<Kind> {
        let b = bit(c);
        Kind::ALL.into_iter().find(|&k| self.mask(k) & b != 0)
    }
    #[inline]
    pub(super) fn mask(&self, k: Kind) -> u64 {
        match k.piece() {
            PieceKind::Single => self.single[k.owner()],
            PieceKind::Gipf => self.gipf[k.owner()],
        }
    }
    #[inline]
    pub(super) fn mask_mut(&mut self, k: Kind) -> &mut u64 {
        match k.piece() {
            PieceKind::Single => &mut self.single[k.owner()],
            PieceKind::Gipf => &mut self.gipf[k.owner()],
        }
    }
    #[inline]
    pub(super) fn remove(&mut self, m: u64) {
        for w in self.single.0.iter_mut().chain(self.gipf.0.iter_mut()) {
            *w &= !m;
        }
    }
    /// Pieces of `p` on the board, a GIPF piece counting two.
    pub(super) fn material(&self, p: Player) -> u8 {
        (self.single[p].count_ones() + 2 * self.gipf[p].count_ones()) as u8
    }
    /// The index of the first empty point of entry `e`, or `None` if its line is full.
    #[inline]
    pub(super) fn first_empty(&self, e: &EntryLine) -> Option<usize> {
        let occ = self.occupied();
        (occ & e.mask != e.mask)
            .then(|| (0..usize::from(e.len)).find(|&i| occ & bit(e.cells[i]) == 0).unwrap_or(0))
    }
    /// Pushes the pieces on `e.cells[..j]` one point along and puts a `kind` on `e.cells[0]`
    /// (`j` = the first empty point).
    #[inline]
    pub(super) fn push(&mut self, e: &EntryLine, j: usize, kind: Kind) {
        for w in self.single.0.iter_mut().chain(self.gipf.0.iter_mut()) {
            let old = *w;
            for i in (1..=j).rev() {
                *w &= !bit(e.cells[i]);
                *w |= (old >> e.cells[i - 1] & 1) << e.cells[i];
            }
            *w &= !bit(e.cells[0]);
        }
        *self.mask_mut(kind) |= bit(e.cells[0]);
    }
}

// ---------------------------------------------------------------------------------------------
// Repetition history
// ---------------------------------------------------------------------------------------------

/// Hashes kept inline; older ones move to shared chunks.
const RECENT: usize = 32;

/// The hashes at turn boundaries since the last irreversible change (a capture or a change
/// of a tournament flag), the current position last, for the repetition draw.
///
/// Why not only since the last removal: taking back one's own row returns the pieces to the
/// reserve, so a position from before a removal can come back (the rules file's repetition
/// test is such a cycle). Between captures there is no bound on the number of turns, so the
/// history cannot be a fixed array. It is kept so that copying a position never allocates:
/// the last [`RECENT`] hashes inline, older ones in immutable chunks shared by every copy
/// (one allocation per [`RECENT`] turns, and only in stretches that long; random games
/// rarely have them).
#[derive(Clone)]
pub(super) struct History {
    recent: [u64; RECENT],
    len: u8,
    older: Option<Arc<Chunk>>,
}

/// [`RECENT`] older hashes and the chunks before them.
struct Chunk {
    hashes: [u64; RECENT],
    older: Option<Arc<Chunk>>,
}

impl History {
    /// A history holding just the position `h`.
    pub(super) fn start(h: u64) -> History {
        let mut s = History { recent: [0; RECENT], len: 0, older: None };
        s.push(h);
        s
    }

    /// Forgets every position: none of them can come back.
    #[inline]
    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.older = None;
    }

    #[inline]
    pub(super) fn push(&mut self, h: u64) {
        if usize::from(self.len) == RECENT {
            self.older = Some(Arc::new(Chunk { hashes: self.recent, older: self.older.take() }));
            self.len = 0;
        }
        self.recent[usize::from(self.len)] = h;
        self.len += 1;
    }

    /// How often `h` occurs.
    pub(super) fn count(&self, h: u64) -> usize {
        let mut n = self.recent[..usize::from(self.len)].iter().filter(|&&x| x == h).count();
        let mut chunk = self.older.as_deref();
        while let Some(c) = chunk {
            n += c.hashes.iter().filter(|&&x| x == h).count();
            chunk = c.older.as_deref();
        }
        n
    }

    /// Every hash, oldest first.
    fn all(&self) -> Vec<u64> {
        let mut chunks = Vec::new();
        let mut chunk = self.older.as_deref();
        while let Some(c) = chunk {
            chunks.push(&c.hashes);
            chunk = c.older.as_deref();
        }
        let mut v: Vec<u64> = chunks.into_iter().rev().flatten().copied().collect();
        v.extend_from_slice(&self.recent[..usize::from(self.len)]);
        v
    }
}

impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        let same_older = match (&self.older, &other.older) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b) || self.all() == other.all(),
            (None, None) => true,
            _ => false,
        };
        self.len == other.len
            && self.recent[..usize::from(self.len)] == other.recent[..usize::from(other.len)]
            && same_older
    }
}

impl std::fmt::Debug for History {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.all().iter().map(|h| format!("{h:016x}"))).finish()
    }
}

// ---------------------------------------------------------------------------------------------
// The position
// ---------------------------------------------------------------------------------------------

/// A GIPF position under its variant.
#[derive(Clone, PartialEq, Debug)]
pub struct Gipf {
    pub(super) variant: Variant,
    pub(super) board: Board,
    /// Pieces each player holds off the board (a GIPF piece counts 2).
    pub(super) reserve: PerPlayer<u8>,
    /// Tournament: whether each player has entered a piece (the first is a GIPF piece);
    /// standard: always set (the starting GIPF pieces count); basic: never.
    pub(super) entered_gipf: PerPlayer<bool>,
    /// Tournament: whether each player has entered a single piece (no GIPF pieces after).
    pub(super) entered_single: PerPlayer<bool>,
    pub(super) side: Player,
    pub(super) outcome: Option<Outcome>,
    pub(super) hash: u64,
    pub(super) history: History,
}

/// A position as given by hand or read from text, before the rules have checked it.
pub(super) struct Setup {
    pub(super) variant: Variant,
    pub(super) board: Board,
    pub(super) reserve: PerPlayer<u8>,
    pub(super) side: Player,
    pub(super) entered_gipf: PerPlayer<bool>,
    pub(super) entered_single: PerPlayer<bool>,
    /// The game has ended in a draw by repetition (the text says so; history is not kept).
    pub(super) repetition_draw: bool,
}

// Zobrist tables: pieces (cell × kind), reserves (player × count), side, tournament flags.
static PIECE_KEYS: [u64; CELLS * 4] = zobrist_table(1);
static RESERVE_KEYS: [u64; 128] = zobrist_table(2);
static SIDE_KEY: [u64; 1] = zobrist_table(3);
static FLAG_KEYS: [u64; 4] = zobrist_table(4);

#[inline]
fn piece_key(c: u8, k: Kind) -> u64 {
    PIECE_KEYS[usize::from(c) * 4 + k.index()]
}
#[inline]
fn reserve_key(p: Player, n: u8) -> u64 {
    RESERVE_KEYS[p.index() * 64 + usize::from(n)]
}

impl Gipf {
    /// The starting position of `variant`.
    pub fn new(variant: Variant) -> Gipf {
        let t = tables();
        let mut board = Board::default();
        let (reserve, entered) = match variant {
            Variant::Tournament => (18, false),
            Variant::Standard => (12, true),
            Variant::Basic => (12, false),
        };
        if variant != Variant::Tournament {
            let piece =
                if variant == Variant::Standard { PieceKind::Gipf } else { PieceKind::Single };
            for (p, names) in [(PLAYERS[0], ["b5", "e2", "h5"]), (PLAYERS[1], ["b2", "e8", "h2"])] {
                for n in names {
                    let c = t.geo.parse_cell(n).expect("a point").0 as u8;
                    *board.mask_mut(Kind::new(p, piece)) |= bit(c);
                }
            }
        }
        let setup = Setup {
            variant,
            board,
            reserve: PerPlayer::from([reserve; 2]),
            side: PLAYERS[0],
            entered_gipf: PerPlayer::from([entered; 2]),
            entered_single: PerPlayer::from([false; 2]),
            repetition_draw: false,
        };
        Gipf::from_setup(setup).expect("the starting positions are consistent")
    }

    /// The position of a checked setup: the rules' facts that the text cannot contradict
    /// (material, tournament flags), then the endings as if a turn had just ended.
    pub(super) fn from_setup(s: Setup) -> Result<Gipf, PositionError> {
        let name = |p: Player| ["White", "Black"][p.index()];
        let total = s.variant.pieces();
        for p in PLAYERS {
            let on_board = s.board.material(p);
            if u32::from(on_board) + u32::from(s.reserve[p]) > u32::from(total) {
                return Err(PositionError(format!(
                    "{} has {on_board} pieces on the board and {} in reserve, more than the \
                     {total} a player owns in the {} game (a GIPF piece counts two)",
                    name(p),
                    s.reserve[p],
                    s.variant.name()
                )));
            }
            if s.variant == Variant::Tournament && s.entered_single[p] && !s.entered_gipf[p] {
                return Err(PositionError(format!(
                    "{} has entered a single piece but no GIPF piece, and the first entry is \
                     always a GIPF piece",
                    name(p)
                )));
            }
        }
        let (entered_gipf, entered_single) = match s.variant {
            Variant::Tournament => (s.entered_gipf, s.entered_single),
            Variant::Standard => (PerPlayer::from([true; 2]), PerPlayer::from([false; 2])),
            Variant::Basic => (PerPlayer::from([false; 2]), PerPlayer::from([false; 2])),
        };
        let mut g = Gipf {
            variant: s.variant,
            board: s.board,
            reserve: s.reserve,
            entered_gipf,
            entered_single,
            side: s.side,
            outcome: None,
            hash: 0,
            history: History::start(0),
        };
        g.hash = g.compute_hash();
        g.history = History::start(g.hash);
        g.outcome = g.gipf_outcome();
        if s.repetition_draw {
            if g.outcome.is_some() {
                return Err(PositionError(
                    "'repetition' given, but a player has lost their last GIPF piece, which \
                     ends the game first"
                        .into(),
                ));
            }
            g.outcome = Some(Outcome::draw());
        }
        if g.outcome.is_none() && !g.has_turn() {
            g.outcome = Some(Outcome::win(2, opponent(g.side)));
        }
        Ok(g)
    }

    /// The piece on a point (by name): its owner and kind.
    pub fn piece_at(&self, name: &str) -> Option<(Player, PieceKind)> {
        let c = tables().geo.parse_cell(name)?;
        self.board.kind_at(c.0 as u8).map(|k| (k.owner(), k.piece()))
    }

    /// The rule set.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Pieces `p` holds off the board (a GIPF piece counts two).
    pub fn reserve(&self, p: Player) -> u8 {
        self.reserve[p]
    }

    /// Pieces of the opponent that `p` has captured (a GIPF piece counts two): what is
    /// missing of the opponent's material, since a piece is on the board, in its owner's
    /// reserve or captured.
    pub fn captured(&self, p: Player) -> u8 {
        let q = opponent(p);
        self.variant.pieces() - self.reserve[q] - self.board.material(q)
    }

    /// The same position with the other player to move, as if the side to move had passed:
    /// not a turn of the rules (a player must enter a piece), but the question a search asks
    /// when it tests whether the opponent threatens anything ("null move"). `None` when the
    /// game is over, when a row stands on the board (the mover would have to take it first),
    /// or when the other player would have no turn.
    pub fn with_turn_passed(&self) -> Option<Gipf> {
        if self.outcome.is_some() {
            return None;
        }
        let mut found = [Row::default(); LINES];
        if PLAYERS.iter().any(|&p| rows(&self.board, p, ALL_LINES, &mut found) > 0) {
            return None;
        }
        let mut g = self.clone();
        g.side = opponent(self.side);
        g.hash ^= SIDE_KEY[0];
        g.has_turn().then_some(g)
    }

    /// GIPF pieces `p` has on the board.
    pub fn gipf_on_board(&self, p: Player) -> u32 {
        self.board.gipf[p].count_ones()
    }

    pub(super) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for k in Kind::ALL {
            for c in cells_of(self.board.mask(k)) {
                h ^= piece_key(c, k);
            }
        }
        for p in PLAYERS {
            h ^= reserve_key(p, self.reserve[p]);
            if self.variant == Variant::Tournament {
                h ^= if self.entered_gipf[p] { FLAG_KEYS[2 * p.index()] } else { 0 };
                h ^= if self.entered_single[p] { FLAG_KEYS[2 * p.index() + 1] } else { 0 };
            }
        }
        if self.side == PLAYERS[1] {
            h ^= SIDE_KEY[0];
        }
        h
    }

    /// Empties the cells of `m` for player `p`'s take: `p`'s pieces go back to the reserve,
    /// the opponent's are captured. Returns whether anything was captured.
    fn apply_removal(&mut self, m: Removal, p: Player) -> bool {
        let mut captured = false;
        for c in cells_of(m.0) {
            let Some(k) = self.board.kind_at(c) else { continue };
            self.hash ^= piece_key(c, k);
            *self.board.mask_mut(k) &= !bit(c);
            if k.owner() == p {
                self.set_reserve(p, self.reserve[p] + k.piece().pieces());
            } else {
                captured = true;
            }
        }
        captured
    }

    fn set_reserve(&mut self, p: Player, n: u8) {
        self.hash ^= reserve_key(p, self.reserve[p]) ^ reserve_key(p, n);
        self.reserve[p] = n;
    }

    /// Records that `p` has entered a `piece`; returns whether a tournament flag changed.
    fn set_flag(&mut self, p: Player, piece: PieceKind) -> bool {
        if self.variant != Variant::Tournament {
            return false;
        }
        let f = match piece {
            PieceKind::Single => &mut self.entered_single[p],
            PieceKind::Gipf => &mut self.entered_gipf[p],
        };
        if *f {
            return false;
        }
        *f = true;
        self.hash ^= FLAG_KEYS[2 * p.index() + usize::from(piece == PieceKind::Single)];
        true
    }

    /// The outcome if a take has left a player without GIPF pieces they must keep.
    pub(super) fn gipf_outcome(&self) -> Option<Outcome> {
        let lost = |q: Player| self.entered_gipf[q] && self.board.gipf[q] == 0;
        match (lost(PLAYERS[0]), lost(PLAYERS[1])) {
            (true, true) => Some(Outcome::draw()),
            (true, false) => Some(Outcome::win(2, PLAYERS[1])),
            (false, true) => Some(Outcome::win(2, PLAYERS[0])),
            (false, false) => None,
        }
    }

    /// Whether the game ended by the third repetition (the one ending the position itself
    /// does not show, so the position text says it).
    pub(super) fn drawn_by_repetition(&self) -> bool {
        self.outcome.is_some_and(|o| o.is_draw()) && self.gipf_outcome().is_none()
    }
}

// ---------------------------------------------------------------------------------------------
// For evaluation by the AI (crates/tabla-ai/src/eval/gipf.rs): the board as masks, so that an
// evaluation reads it without naming points.

impl Gipf {
    /// The points holding `p`'s single pieces, as bits over the cells of
    /// `Geometry::hex(5, &HEX_DIRS, …)` (bit `c` is `Cell(c)`, dots never set).
    #[inline]
    pub fn singles_mask(&self, p: Player) -> u64 {
        self.board.single[p]
    }

    /// The points holding `p`'s GIPF pieces, as [`Gipf::singles_mask`].
    #[inline]
    pub fn gipfs_mask(&self, p: Player) -> u64 {
        self.board.gipf[p]
    }
}

impl Game for Gipf {
    type Move = GipfMove;

    fn id(&self) -> &'static str {
        "gipf"
    }

    fn player_count(&self) -> usize {
        2
    }

    fn player_name(&self, p: Player) -> &'static str {
        ["white", "black"][p.index()]
    }

    fn to_move(&self) -> ToMove {
        if self.outcome.is_some() {
            ToMove::Over
        } else {
            ToMove::Player(self.side)
        }
    }

    fn legal_moves(&self, moves: &mut Vec<GipfMove>) {
        moves.clear();
        self.generate(|m| moves.push(m));
    }

    fn count_legal_moves(&self) -> u64 {
        self.count_turns()
    }

    fn play(&mut self, mv: GipfMove) {
        let p = self.side;
        let mut irreversible = self.apply_removal(mv.pre, p);
        if let Some(Entering { entry, piece }) = mv.entry {
            let e = entry.line();
            let j = self.board.first_empty(e).expect("a legal entry has room");
            // Hash the pushed cells out, push, and hash them back in.
            for &c in &e.cells[..=j] {
                if let Some(k) = self.board.kind_at(c) {
                    self.hash ^= piece_key(c, k);
                }
            }
            self.board.push(e, j, Kind::new(p, piece));
            for &c in &e.cells[..=j] {
                if let Some(k) = self.board.kind_at(c) {
                    self.hash ^= piece_key(c, k);
                }
            }
            self.set_reserve(p, self.reserve[p] - piece.pieces());
            irreversible |= self.set_flag(p, piece);
            irreversible |= self.apply_removal(mv.post, p);
        }
        self.side = opponent(p);
        self.hash ^= SIDE_KEY[0];
        // Endings in the rules' order: a loss from a take, repetition, no turn.
        if let Some(o) = self.gipf_outcome() {
            self.outcome = Some(o);
            return;
        }
        // Decision: positions before a capture or a flag change can never recur (material
        // and flags only go one way), so the history starts afresh there.
        if irreversible {
            self.history.clear();
        }
        self.history.push(self.hash);
        if self.history.count(self.hash) >= 3 {
            self.outcome = Some(Outcome::draw());
            return;
        }
        if !self.has_turn() {
            self.outcome = Some(Outcome::win(2, opponent(self.side)));
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn end_reason(&self) -> Option<EndReason> {
        let o = self.outcome?;
        let lost = |q: Player| self.entered_gipf[q] && self.board.gipf[q] == 0;
        Some(match (lost(PLAYERS[0]), lost(PLAYERS[1])) {
            (true, true) => EndReason::new(
                "gipf.both-gipf",
                &[],
                "both players lost their last GIPF piece at once".into(),
            ),
            (true, false) | (false, true) => {
                let name = self.player_name(if lost(PLAYERS[0]) { PLAYERS[0] } else { PLAYERS[1] });
                EndReason::new(
                    "gipf.last-gipf",
                    &[("player", &name)],
                    format!("{name} has no GIPF piece left on the board"),
                )
            }
            _ if o.is_draw() => EndReason::new(
                "gipf.repetition",
                &[],
                "the same position came up a third time".into(),
            ),
            _ => {
                // No turn: the side to move cannot bring a piece into play.
                let name = self.player_name(self.side);
                if self.reserve[self.side] == 0 {
                    EndReason::new(
                        "gipf.no-entry.empty",
                        &[("player", &name)],
                        format!("{name} cannot bring a piece into play: the reserve is empty"),
                    )
                } else {
                    EndReason::new(
                        "gipf.no-entry",
                        &[("player", &name)],
                        format!("{name} cannot bring a piece into play"),
                    )
                }
            }
        })
    }

    fn rules_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.variant.hash(&mut h);
        h.finish()
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn format_move(&self, mv: GipfMove) -> String {
        super::notation::format_move(mv)
    }

    /// Accepts any case, spaces around parts, and removal lists in any order; a removal
    /// phase that has only one possible outcome may be left out.
    fn parse_move(&self, text: &str) -> Result<GipfMove, MoveError> {
        self.parse_turn(text)
    }

    fn render_text(&self) -> String {
        self.picture()
    }

    fn view(&self) -> BoardView {
        self.board_view()
    }

    fn touched(&self, mv: GipfMove) -> Vec<String> {
        self.touched_ids(mv)
    }

    fn click_paths(&self, mv: GipfMove) -> Vec<Vec<String>> {
        self.paths(mv)
    }

    fn position_text(&self) -> String {
        self.text()
    }

    fn read_position(&self, text: &str) -> Result<Gipf, PositionError> {
        Gipf::from_position_text(self.variant, text)
    }
}
