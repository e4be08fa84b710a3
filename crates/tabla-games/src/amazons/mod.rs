//! Amazons (`shared/rules/amazons.md`): queens move like chess queens and shoot a stone; a
//! player who cannot move is out. 2–4 players, teams, killer, placement, hex boards, holes
//! and layouts.
//!
//! The position is copy-make friendly: a byte per cell and the queens' cells per player,
//! with the rule set behind an `Arc`. Move generation walks precomputed rays.

mod rules;

pub use rules::{Placement, Rules, MAX_CELLS, MAX_QUEENS, OPTIONS};

use crate::registry::GameInfo;
use serde_json::json;
use std::sync::Arc;
use tabla_core::{
    zobrist, zobrist_table, Cell, Game, GameOptions, MoveError, OptionError, Outcome, Player,
    PlayerSet, Shape, ToMove, MAX_PLAYERS,
};

/// Option sets the conformance checks play random games under (space-separated `-o` words).
pub const SAMPLES: &[&str] =
    &["", "size=10", "size=8 killer=on", "board=hex", "board=hex players=3", "players=4 teams=on"];

/// Registry entry.
pub const INFO: GameInfo = GameInfo {
    id: "amazons",
    name: "Amazons",
    summary: "Queens move and shoot stones; whoever cannot move is out.",
    options: OPTIONS,
    rules_en: include_str!("../../rules/amazons.md"),
    rules_hu: include_str!("../../rules/amazons.hu.md"),
    create: |o| Ok(Amazons::from_options(o)?.into()),
    samples: SAMPLES,
};

const EMPTY: u8 = 0;
const STONE: u8 = 1;
/// A queen of player `p` is `QUEEN + p`.
const QUEEN: u8 = 2;

// Zobrist tables.
const Z_CELL: u32 = 0; // index cell * 8 + content
/// The cell keys precomputed: `set` runs three times a turn in every playout.
static Z_CELLS: [u64; MAX_CELLS * 8] = zobrist_table::<{ MAX_CELLS * 8 }>(Z_CELL);
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

/// An Amazons position.
#[derive(Clone)]
pub struct Amazons {
    rules: Arc<Rules>,
    board: [u8; MAX_CELLS],
    queens: [[Cell; MAX_QUEENS]; MAX_PLAYERS],
    on_board: [u8; MAX_PLAYERS],
    in_hand: [u8; MAX_PLAYERS],
    /// Players who have had a turn (free placement: the first turn must place).
    played: PlayerSet,
    out: PlayerSet,
    /// Order in which players went out (first out first).
    out_order: [u8; MAX_PLAYERS],
    out_count: u8,
    turn: Player,
    over: Option<Outcome>,
    board_hash: u64,
    /// Occupied cells as bits, on boards of at most 128 cells (see [`rules::Rays128`]).
    occ: u128,
}

impl PartialEq for Amazons {
    fn eq(&self, o: &Self) -> bool {
        let n = self.rules.geo.len();
        let queens_eq = (0..self.rules.players as usize).all(|p| {
            let mut a = self.queens[p][..self.on_board[p] as usize].to_vec();
            let mut b = o.queens[p][..o.on_board[p] as usize].to_vec();
            a.sort();
            b.sort();
            a == b
        });
        (Arc::ptr_eq(&self.rules, &o.rules) || *self.rules == *o.rules)
            && self.board[..n] == o.board[..n]
            && queens_eq
            && self.in_hand == o.in_hand
            && self.played == o.played
            && self.out == o.out
            && self.turn == o.turn
            && self.over == o.over
    }
}

impl std::fmt::Debug for Amazons {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Amazons\n{}", self.render_text())
    }
}

impl Amazons {
    /// The starting position for these options.
    ///
    /// # Errors
    /// Bad option values or combinations, each saying what was expected.
    pub fn from_options(o: &GameOptions) -> Result<Amazons, OptionError> {
        Ok(Amazons::new(Arc::new(Rules::from_options(o)?)))
    }

    /// The starting position of a rule set.
    pub fn new(rules: Arc<Rules>) -> Amazons {
        let mut a = Amazons {
            board: [EMPTY; MAX_CELLS],
            queens: [[Cell(0); MAX_QUEENS]; MAX_PLAYERS],
            on_board: [0; MAX_PLAYERS],
            in_hand: [0; MAX_PLAYERS],
            played: PlayerSet::EMPTY,
            out: PlayerSet::EMPTY,
            out_order: [0; MAX_PLAYERS],
            out_count: 0,
            turn: rules.first,
            over: None,
            board_hash: 0,
            occ: 0,
            rules,
        };
        let rules = a.rules.clone();
        for &s in &rules.stones {
            a.set(s, STONE);
        }
        for (p, qs) in rules.queens.iter().enumerate() {
            for &q in qs {
                a.add_queen(Player(p as u8), q);
            }
            a.in_hand[p] = rules.in_hand[p];
        }
        a.begin_turn();
        a
    }

    /// The rule set.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    #[inline]
    fn set(&mut self, c: Cell, v: u8) {
        let old = self.board[c.index()];
        self.board_hash ^=
            Z_CELLS[c.index() * 8 + old as usize] ^ Z_CELLS[c.index() * 8 + v as usize];
        self.board[c.index()] = v;
        if c.0 < 128 {
            let bit = 1u128 << c.0;
            if v == EMPTY {
                self.occ &= !bit;
            } else {
                self.occ |= bit;
            }
        }
    }

    /// Cells holding queens that `p` may capture (killer only; otherwise none).
    #[inline]
    fn capturable(&self, p: Player) -> u128 {
        let mut m = 0;
        if self.rules.killer {
            for e in 0..self.rules.players {
                if !self.rules.same_side(p, Player(e)) {
                    for &q in &self.queens[e as usize][..self.on_board[e as usize] as usize] {
                        m |= 1u128 << q.0;
                    }
                }
            }
        }
        m
    }

    fn add_queen(&mut self, p: Player, c: Cell) {
        let i = p.index();
        self.queens[i][self.on_board[i] as usize] = c;
        self.on_board[i] += 1;
        self.set(c, QUEEN + p.0);
    }

    fn remove_queen(&mut self, p: Player, c: Cell) {
        let i = p.index();
        let n = self.on_board[i] as usize;
        let k = self.queens[i][..n].iter().position(|&q| q == c).expect("queen present");
        self.queens[i][k] = self.queens[i][n - 1];
        self.on_board[i] -= 1;
    }

    /// Whether `p` must place a queen this turn.
    #[inline]
    fn must_place(&self, p: Player) -> bool {
        let i = p.index();
        self.in_hand[i] > 0
            && (self.rules.placement == Placement::Alternate
                || self.on_board[i] == 0
                || !self.played.contains(p))
    }

    /// Whether `p` may place a queen this turn.
    #[inline]
    fn may_place(&self, p: Player) -> bool {
        self.in_hand[p.index()] > 0
    }

    /// Whether a queen of `p` may end its move on `c` (empty, or an enemy queen in killer).
    #[inline]
    fn can_land(&self, p: Player, c: Cell) -> bool {
        let v = self.board[c.index()];
        v == EMPTY
            || (self.rules.killer && v >= QUEEN && !self.rules.same_side(p, Player(v - QUEEN)))
    }

    /// Whether `p` has any legal turn: a queen that can step anywhere can always shoot back
    /// into the cell it left, so one open neighbour is enough.
    fn has_turn(&self, p: Player) -> bool {
        let i = p.index();
        if self.may_place(p) && (0..self.rules.geo.len()).any(|c| self.board[c] == EMPTY) {
            return true;
        }
        if self.must_place(p) {
            return false;
        }
        let queens = &self.queens[i][..self.on_board[i] as usize];
        if let Some(rays) = &self.rules.rays128 {
            let open = !self.occ | self.capturable(p);
            return queens.iter().any(|&q| rays.adjacent(q) & open != 0);
        }
        let geo = &self.rules.geo;
        queens.iter().any(|&q| {
            (0..geo.dir_count()).any(|d| geo.neighbour(q, d).is_some_and(|n| self.can_land(p, n)))
        })
    }

    /// Starts the turn of `self.turn`: skips players who are out, puts out those who cannot
    /// move, and ends the game when one player or team is left.
    fn begin_turn(&mut self) {
        let n = self.rules.players;
        loop {
            if self.remaining_sides() <= 1 {
                self.finish();
                return;
            }
            let p = self.turn;
            if !self.out.contains(p) {
                if self.has_turn(p) {
                    return;
                }
                self.out = self.out.with(p);
                self.out_order[self.out_count as usize] = p.0;
                self.out_count += 1;
                continue;
            }
            self.turn = Player((p.0 + 1) % n);
        }
    }

    /// Players (or teams) not yet out.
    fn remaining_sides(&self) -> usize {
        let n = self.rules.players;
        if self.rules.teams {
            let alive = |t: u8| !(self.out.contains(Player(t)) && self.out.contains(Player(t + 2)));
            usize::from(alive(0)) + usize::from(alive(1))
        } else {
            (0..n).filter(|&p| !self.out.contains(Player(p))).count()
        }
    }

    fn finish(&mut self) {
        let n = self.rules.players as usize;
        let mut rank = [0u8; MAX_PLAYERS];
        let winners;
        if self.rules.teams {
            let team_alive =
                |t: u8| !(self.out.contains(Player(t)) && self.out.contains(Player(t + 2)));
            let t = if team_alive(0) { 0 } else { 1 };
            winners = PlayerSet::only(Player(t)).with(Player(t + 2));
            for (p, r) in rank.iter_mut().enumerate().take(n) {
                *r = u8::from(!winners.contains(Player(p as u8)));
            }
        } else {
            let w = (0..n as u8).find(|&p| !self.out.contains(Player(p))).map(Player);
            winners = w.map_or(PlayerSet::EMPTY, PlayerSet::only);
            // Later out is better: the last one out gets place 1, the first one out place n-1.
            for k in 0..self.out_count as usize {
                rank[self.out_order[k] as usize] = (self.out_count as usize - k) as u8;
            }
        }
        self.over = Some(Outcome { winners, rank });
    }

    /// Calls `f(to)` for every cell a queen of `p` on `from` can move to; `ignore` counts as
    /// empty (the cell a queen just left).
    #[inline]
    fn for_each_reach(&self, from: Cell, ignore: Cell, p: Option<Player>, mut f: impl FnMut(Cell)) {
        let geo = &self.rules.geo;
        for d in 0..geo.dir_count() {
            for &c in geo.ray(from, d) {
                let v = self.board[c.index()];
                if v == EMPTY || c == ignore {
                    f(c);
                } else {
                    if let Some(p) = p {
                        if self.can_land(p, c) {
                            f(c);
                        }
                    }
                    break;
                }
            }
        }
    }

    /// How many cells a stone can be shot to from `at` (the queen's cell after its move),
    /// with `from` counting as empty.
    #[inline]
    fn count_shots(&self, at: Cell, from: Cell) -> u64 {
        let geo = &self.rules.geo;
        let mut n = 0;
        for d in 0..geo.dir_count() {
            for &c in geo.ray(at, d) {
                if self.board[c.index()] != EMPTY && c != from {
                    break;
                }
                n += 1;
            }
        }
        n
    }

    /// The `n`-th cell (0-based, in [`Amazons::count_shots`] order) a stone can be shot to
    /// from `at`, with `from` counting as empty.
    fn nth_shot(&self, at: Cell, from: Cell, mut n: u64) -> Cell {
        let geo = &self.rules.geo;
        for d in 0..geo.dir_count() {
            for &c in geo.ray(at, d) {
                if self.board[c.index()] != EMPTY && c != from {
                    break;
                }
                if n == 0 {
                    return c;
                }
                n -= 1;
            }
        }
        unreachable!("n is below the shot count")
    }

    fn cell_glyph(&self, c: Cell) -> char {
        match self.board[c.index()] {
            EMPTY => '.',
            STONE => '#',
            q => self.queen_glyph(Player(q - QUEEN)),
        }
    }

    fn queen_glyph(&self, p: Player) -> char {
        if self.rules.players == 2 {
            ['W', 'B'][p.index()]
        } else {
            (b'1' + p.0) as char
        }
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
        self.rules.players as usize
    }

    fn player_name(&self, p: Player) -> &'static str {
        if self.rules.players == 2 {
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
        moves.clear();
        if self.over.is_some() {
            return;
        }
        let p = self.turn;
        if self.may_place(p) {
            for c in self.rules.geo.cells() {
                if self.board[c.index()] == EMPTY {
                    moves.push(Move::Place(c));
                }
            }
            if self.must_place(p) {
                return;
            }
        }
        let i = p.index();
        for k in 0..self.on_board[i] as usize {
            let from = self.queens[i][k];
            self.for_each_reach(from, from, Some(p), |to| {
                // After a capture the target cell holds our queen; the stone's rays start
                // there anyway, so only `from` needs to count as empty.
                self.for_each_reach(to, from, None, |stone| {
                    moves.push(Move::Shot { from, to, stone });
                });
            });
        }
    }

    /// Uniform over whole turns without listing them all: the queen moves are listed (a
    /// few dozen), one is drawn and kept with probability shots / `max_sight` (the same bound
    /// for every queen move), then one of its shots is drawn. Each turn so has the same chance
    /// per attempt. Placements, and positions where attempts keep failing, list every turn.
    fn random_move<R: tabla_core::rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
        buf: &mut Vec<Move>,
    ) -> Move {
        let p = self.turn;
        let i = p.index();
        if let (Some(rays), false) = (&self.rules.rays128, self.may_place(p)) {
            let capturable = self.capturable(p);
            let nq = self.on_board[i] as usize;
            let mut reach = [0u128; MAX_QUEENS];
            let mut total = 0;
            for (r, &q) in reach.iter_mut().zip(&self.queens[i][..nq]) {
                *r = rays.sight(q, self.occ, capturable);
                total += r.count_ones();
            }
            if total > 0 {
                let shots_after = |k: usize, to: Cell| {
                    let from = self.queens[i][k];
                    rays.sight(to, (self.occ & !(1u128 << from.0)) | 1u128 << to.0, 0)
                };
                // Rejection: cheap while there are many queen moves with many shots each;
                // with few queen moves, weighing them all is cheaper.
                let tries = if total > 8 { 64 } else { 0 };
                for _ in 0..tries {
                    let mut r = rng.random_range(0..total);
                    let mut k = 0;
                    while r >= reach[k].count_ones() {
                        r -= reach[k].count_ones();
                        k += 1;
                    }
                    let to = rules::nth_bit(reach[k], r);
                    let from = self.queens[i][k];
                    let occ = (self.occ & !(1u128 << from.0)) | 1u128 << to.0;
                    let r = rng.random_range(0..self.rules.max_sight) as u32;
                    if let Some(stone) = rays.nth_seen(to, occ, r) {
                        return Move::Shot { from, to, stone };
                    }
                }
                // Exact: weigh every queen move by its shots.
                let mut weight = 0u64;
                for (k, &bits) in reach.iter().enumerate().take(nq) {
                    let mut b = bits;
                    while b != 0 {
                        let to = Cell(b.trailing_zeros() as u16);
                        b &= b - 1;
                        weight += u64::from(shots_after(k, to).count_ones());
                    }
                }
                let mut r = rng.random_range(0..weight);
                for (k, &bits) in reach.iter().enumerate().take(nq) {
                    let mut b = bits;
                    while b != 0 {
                        let to = Cell(b.trailing_zeros() as u16);
                        b &= b - 1;
                        let shots = shots_after(k, to);
                        let n = u64::from(shots.count_ones());
                        if r < n {
                            let stone = rules::nth_bit(shots, r as u32);
                            return Move::Shot { from: self.queens[i][k], to, stone };
                        }
                        r -= n;
                    }
                }
                unreachable!("r is below the total weight");
            }
        } else if !self.may_place(p) {
            buf.clear();
            for k in 0..self.on_board[i] as usize {
                let from = self.queens[i][k];
                self.for_each_reach(from, from, Some(p), |to| {
                    buf.push(Move::Shot { from, to, stone: to });
                });
            }
            for _ in 0..48 {
                let Move::Shot { from, to, .. } = buf[rng.random_range(0..buf.len())] else {
                    unreachable!("only queen moves listed")
                };
                let r = rng.random_range(0..self.rules.max_sight);
                if r < self.count_shots(to, from) {
                    return Move::Shot { from, to, stone: self.nth_shot(to, from, r) };
                }
            }
        }
        self.legal_moves(buf);
        buf[rng.random_range(0..buf.len())]
    }

    fn count_legal_moves(&self) -> u64 {
        if self.over.is_some() {
            return 0;
        }
        let p = self.turn;
        let mut n = 0;
        if self.may_place(p) {
            n += self.rules.geo.cells().filter(|c| self.board[c.index()] == EMPTY).count() as u64;
            if self.must_place(p) {
                return n;
            }
        }
        let i = p.index();
        if let Some(rays) = &self.rules.rays128 {
            let capturable = self.capturable(p);
            for &from in &self.queens[i][..self.on_board[i] as usize] {
                let mut reach = rays.sight(from, self.occ, capturable);
                let occ = self.occ & !(1u128 << from.0);
                while reach != 0 {
                    let to = reach.trailing_zeros();
                    reach &= reach - 1;
                    n += u64::from(rays.sight(Cell(to as u16), occ | 1 << to, 0).count_ones());
                }
            }
            return n;
        }
        for k in 0..self.on_board[i] as usize {
            let from = self.queens[i][k];
            self.for_each_reach(from, from, Some(p), |to| n += self.count_shots(to, from));
        }
        n
    }

    fn play(&mut self, mv: Move) {
        let p = self.turn;
        match mv {
            Move::Place(c) => {
                self.in_hand[p.index()] -= 1;
                self.add_queen(p, c);
            }
            Move::Shot { from, to, stone } => {
                let target = self.board[to.index()];
                if target >= QUEEN {
                    self.remove_queen(Player(target - QUEEN), to);
                }
                self.set(from, EMPTY);
                self.set(to, QUEEN + p.0);
                let i = p.index();
                let k = self.queens[i][..self.on_board[i] as usize]
                    .iter()
                    .position(|&q| q == from)
                    .expect("a queen of the mover");
                self.queens[i][k] = to;
                self.set(stone, STONE);
            }
        }
        self.played = self.played.with(p);
        self.turn = Player((p.0 + 1) % self.rules.players);
        self.begin_turn();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over
    }

    fn hash(&self) -> u64 {
        let mut h = self.board_hash ^ zobrist(Z_TURN, self.turn.0 as u32);
        for p in 0..self.rules.players as u32 {
            h ^= zobrist(Z_HAND, p * 8 + self.in_hand[p as usize] as u32);
        }
        h ^ zobrist(Z_OUT, self.out.0 as u32) ^ zobrist(Z_PLACED, self.played.0 as u32)
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut scratch = self.clone();
        scratch.board_hash = 0;
        for c in self.rules.geo.cells() {
            let v = self.board[c.index()];
            scratch.board_hash ^= zobrist(Z_CELL, c.0 as u32 * 8 + EMPTY as u32)
                ^ zobrist(Z_CELL, c.0 as u32 * 8 + v as u32);
        }
        scratch.hash()
    }

    fn format_move(&self, mv: Move) -> String {
        let geo = &self.rules.geo;
        match mv {
            Move::Place(c) => format!("Q@{}", geo.name(c)),
            Move::Shot { from, to, stone } => {
                let sep = if self.board[to.index()] >= QUEEN { 'x' } else { '-' };
                format!("{}{sep}{}/{}", geo.name(from), geo.name(to), geo.name(stone))
            }
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        let geo = &self.rules.geo;
        let cell = |s: &str| -> Result<Cell, MoveError> {
            geo.parse_cell(s).ok_or_else(|| {
                MoveError::unreadable(text, format!("'{s}' is not a cell of this board"))
            })
        };
        if self.over.is_some() {
            return Err(MoveError::illegal(text, "the game is over"));
        }
        let p = self.turn;
        let mv = if let Some(rest) = t.strip_prefix("Q@").or_else(|| t.strip_prefix("q@")) {
            let c = cell(rest)?;
            if !self.may_place(p) {
                return Err(MoveError::illegal(text, "you have no queen left to place"));
            }
            if self.board[c.index()] != EMPTY {
                return Err(MoveError::illegal(text, format!("{} is not empty", geo.name(c))));
            }
            Move::Place(c)
        } else {
            let expected = "expected from-to/stone (b1-b4/e4), fromxto/stone, or Q@cell";
            let (qmove, stone) =
                t.split_once('/').ok_or_else(|| MoveError::unreadable(text, expected))?;
            let (from, to) = qmove
                .split_once(['-', 'x', 'X'])
                .ok_or_else(|| MoveError::unreadable(text, expected))?;
            let (from, to, stone) = (cell(from)?, cell(to)?, cell(stone)?);
            if self.must_place(p) {
                return Err(MoveError::illegal(text, "you must place a queen (Q@cell) this turn"));
            }
            if self.board[from.index()] != QUEEN + p.0 {
                return Err(MoveError::illegal(
                    text,
                    format!("no queen of {} on {}", self.player_name(p), geo.name(from)),
                ));
            }
            let mut reach = false;
            self.for_each_reach(from, from, Some(p), |c| reach |= c == to);
            if !reach {
                return Err(MoveError::illegal(
                    text,
                    format!("the queen on {} cannot reach {}", geo.name(from), geo.name(to)),
                ));
            }
            let mut shot = false;
            self.for_each_reach(to, from, None, |c| shot |= c == stone);
            if !shot {
                return Err(MoveError::illegal(
                    text,
                    format!("a stone cannot be shot from {} to {}", geo.name(to), geo.name(stone)),
                ));
            }
            Move::Shot { from, to, stone }
        };
        Ok(mv)
    }

    fn render_text(&self) -> String {
        let geo = &self.rules.geo;
        let mut out = String::new();
        match geo.shape() {
            Shape::Square { files, ranks } => {
                for r in (0..ranks).rev() {
                    out.push_str(&format!("{:>3} ", r + 1));
                    for f in 0..files {
                        let ch = geo.at(f, r).map_or(' ', |c| self.cell_glyph(c));
                        out.push(ch);
                        out.push(' ');
                    }
                    out.push('\n');
                }
                out.push_str("    ");
                for f in 0..files {
                    out.push((b'a' + f) as char);
                    out.push(' ');
                }
                out.push('\n');
            }
            Shape::Hex { side } => {
                // Files are columns; each file is shifted half a row per step from the middle.
                let m = i32::from(side) - 1;
                let files = 2 * side - 1;
                let rows = 2 * (2 * m + 1);
                let mut grid = vec![vec![' '; files as usize * 3 + 1]; rows as usize];
                for f in 0..files {
                    let off = (i32::from(f) - m).abs();
                    for r in 0..(2 * m + 1 - off) {
                        let y = rows - 1 - (off + 2 * r);
                        let x = f as usize * 3 + 1;
                        let ch = geo.at(f, r as u8).map_or(' ', |c| self.cell_glyph(c));
                        grid[y as usize - 1][x] = ch;
                    }
                }
                for row in grid {
                    let line: String = row.into_iter().collect();
                    if !line.trim().is_empty() {
                        out.push_str(line.trim_end());
                        out.push('\n');
                    }
                }
                let mut labels = vec![' '; files as usize * 3 + 1];
                for f in 0..files {
                    labels[f as usize * 3 + 1] = (b'a' + f) as char;
                }
                out.push_str(labels.iter().collect::<String>().trim_end());
                out.push('\n');
                out.push_str("(ranks count from 1 at the bottom of each file)\n");
            }
        }
        for p in 0..self.rules.players {
            let pl = Player(p);
            out.push_str(&format!(
                "{} {}: {} on board, {} in hand{}\n",
                self.queen_glyph(pl),
                self.player_name(pl),
                self.on_board[p as usize],
                self.in_hand[p as usize],
                if self.out.contains(pl) { ", out" } else { "" }
            ));
        }
        match self.over {
            Some(o) if o.is_draw() => out.push_str("Game over: draw\n"),
            Some(o) => {
                let w: Vec<&str> = o.winners.iter().map(|p| self.player_name(p)).collect();
                out.push_str(&format!("Game over: {} won\n", w.join(" and ")));
            }
            None => out.push_str(&format!("{} to move\n", self.player_name(self.turn))),
        }
        out
    }

    // Stubs until this game's view, click paths and position text are written (issue 8).
    fn view(&self) -> tabla_core::BoardView {
        tabla_core::BoardView {
            board: tabla_core::BoardShape::Square { width: 0, height: 0 },
            cells: Vec::new(),
            points: Vec::new(),
            labels: Vec::new(),
            players: Vec::new(),
            last: Vec::new(),
        }
    }
    fn touched(&self, _mv: Self::Move) -> Vec<String> {
        Vec::new()
    }
    fn click_paths(&self, _mv: Self::Move) -> Vec<Vec<String>> {
        Vec::new()
    }
    fn position_text(&self) -> String {
        String::new()
    }
    fn read_position(&self, _text: &str) -> Result<Self, tabla_core::PositionError> {
        Err(tabla_core::PositionError("not written yet".into()))
    }
    fn view_json(&self) -> serde_json::Value {
        let geo = &self.rules.geo;
        let cells: Vec<_> = geo
            .cells()
            .map(|c| {
                let (f, r) = geo.coords(c);
                let v = self.board[c.index()];
                let piece = match v {
                    EMPTY => json!(null),
                    STONE => json!("stone"),
                    q => json!({"queen": self.player_name(Player(q - QUEEN))}),
                };
                json!({"name": geo.name(c), "file": f, "rank": r, "piece": piece})
            })
            .collect();
        let shape = match geo.shape() {
            Shape::Square { files, ranks } => {
                json!({"kind": "square", "files": files, "ranks": ranks})
            }
            Shape::Hex { side } => json!({"kind": "hex", "side": side}),
        };
        let players: Vec<_> = (0..self.rules.players)
            .map(|p| {
                json!({"name": self.player_name(Player(p)), "in_hand": self.in_hand[p as usize],
                       "out": self.out.contains(Player(p))})
            })
            .collect();
        json!({"shape": shape, "cells": cells, "players": players})
    }
}
