//! Bulgarian Ur: the Royal Game of Ur's board played with prisoner towers (rules:
//! `rules/bulgarian-ur.md`).
//!
//! Layout: squares and towers, discs and moves, the position and its [`Game`] impl, notation,
//! drawing, options and the registry entry. Rule decisions the rules file leaves open are
//! marked `Decision:` next to the code that makes them (and listed at the end of the rules
//! file).
//!
//! # Examples
//!
//! ```
//! use tabla_core::{Game, ToMove};
//! use tabla_games::bulgarian_ur::{BulgarianUr, Square, BLACK, YELLOW};
//!
//! let mut g = BulgarianUr::new(Some(100));
//! for token in ["first=black", "r5", "0-5", "r5", "0-5"] {
//!     let m = g.parse_move(token).unwrap();
//!     g.play(m);
//! }
//! // Yellow entered on Black's disc on 5 and holds it prisoner.
//! let tower: Vec<_> = g.tower(Square::on_track(BLACK, 5)).map(|d| d.owner).collect();
//! assert_eq!(tower, [BLACK, YELLOW]);
//! assert_eq!(g.to_move(), ToMove::Chance);
//! ```

use crate::registry::GameInfo;
use std::fmt::Write as _;
use tabla_core::{
    zobrist, Game, GameOptions, MoveError, OptionError, OptionSpec, Outcome, Player, ToMove,
};

/// Black, the first seat.
pub const BLACK: Player = Player(0);
/// Yellow, the second seat.
pub const YELLOW: Player = Player(1);
/// Discs per player.
pub const DISCS: u8 = 10;
/// Squares on a player's track (1–4 start, 5–12 centre, 13 base 2, 14 base 1).
pub const TRACK: u8 = 14;
/// Physical squares on the board: 8 shared, 6 private per player.
pub const SQUARE_COUNT: usize = 20;
/// Default of the `quiet` option.
pub const DEFAULT_QUIET: u32 = 100;

const NAMES: [&str; 2] = ["black", "yellow"];

// ---------------------------------------------------------------------------------------------
// Squares

/// A physical square: 0–3 Black's start squares 1–4, 4–7 Yellow's, 8–15 the centre 5–12,
/// 16–17 Black's bases 13–14, 18–19 Yellow's. Track numbers are per player; this is where a
/// tower stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// `TRACK_SQUARE[p][n]`: the physical square of player `p`'s track square `n` (index 0 unused).
const TRACK_SQUARE: [[u8; 15]; 2] = {
    let mut t = [[0u8; 15]; 2];
    let mut p = 0;
    while p < 2 {
        let mut n = 1;
        while n <= 14 {
            t[p][n] = match n {
                1..=4 => (p * 4 + n - 1) as u8,
                5..=12 => (8 + n - 5) as u8,
                _ => (16 + p * 2 + n - 13) as u8,
            };
            n += 1;
        }
        p += 1;
    }
    t
};

impl Square {
    /// Player `p`'s track square `n` (1–14).
    ///
    /// # Panics
    /// If `n` is not in 1–14 or `p` is not Black or Yellow.
    pub const fn on_track(p: Player, n: u8) -> Square {
        assert!(n >= 1 && n <= TRACK && p.0 < 2);
        Square(TRACK_SQUARE[p.0 as usize][n as usize])
    }
    /// Every square, in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARE_COUNT as u8).map(Square)
    }
    /// The index 0–19.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The player whose private square this is, or `None` for the centre.
    pub const fn owner(self) -> Option<Player> {
        match self.0 {
            0..=3 | 16..=17 => Some(BLACK),
            4..=7 | 18..=19 => Some(YELLOW),
            _ => None,
        }
    }
    /// The square's number on player `p`'s track, if it is on that track.
    pub const fn track_number(self, p: Player) -> Option<u8> {
        match self.0 {
            0..=7 if self.0 / 4 == p.0 => Some(self.0 % 4 + 1),
            8..=15 => Some(self.0 - 8 + 5),
            16..=19 if (self.0 - 16) / 2 == p.0 => Some((self.0 - 16) % 2 + 13),
            _ => None,
        }
    }
    /// The number printed for the square: its track number for its owner, or the shared one.
    const fn number(self) -> u8 {
        match self.owner() {
            Some(p) => match self.track_number(p) {
                Some(n) => n,
                None => 0,
            },
            None => self.0 - 8 + 5,
        }
    }
    /// Row and column on the Ur board: row 0 Yellow's row, 1 the centre, 2 Black's row;
    /// columns 0–7 left to right (start square 1 and base 1 face each other across the gap at
    /// columns 4–5).
    pub const fn row_col(self) -> (u8, u8) {
        let n = self.number();
        let row = match self.owner() {
            Some(Player(0)) => 2,
            Some(_) => 0,
            None => 1,
        };
        let col = match n {
            1..=4 => 4 - n,
            5..=12 => n - 5,
            13 => 7,
            _ => 6,
        };
        (row, col)
    }
    /// A name for people: `centre 7`, `black 3`, `yellow 14`.
    pub fn name(self) -> String {
        match self.owner() {
            Some(p) => format!("{} {}", NAMES[p.index()], self.number()),
            None => format!("centre {}", self.number()),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Discs and towers

/// One disc: whose it is and which side is up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Disc {
    /// Its owner.
    pub owner: Player,
    /// Red side up (red discs may move backward and re-enter from base 1).
    pub red: bool,
}

/// A tower as an ordered stack packed in one word, so the position is a flat `Copy` array and
/// moves allocate nothing: bit `i` of bits 0–19 is disc `i`'s owner (1 = Yellow, disc 0 at the
/// bottom), bit `20 + i` its colour (1 = red), bits 40–44 the height (at most 20 discs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Tower(u64);

const LOW20: u64 = (1 << 20) - 1;

impl Tower {
    const EMPTY: Tower = Tower(0);

    #[inline]
    const fn len(self) -> u32 {
        (self.0 >> 40) as u32
    }
    #[inline]
    const fn owners(self) -> u64 {
        self.0 & LOW20
    }
    #[inline]
    const fn reds(self) -> u64 {
        (self.0 >> 20) & LOW20
    }
    #[inline]
    const fn pack(owners: u64, reds: u64, len: u32) -> Tower {
        Tower(owners | reds << 20 | (len as u64) << 40)
    }
    /// The disc at height `i` (0 = bottom).
    #[inline]
    const fn disc(self, i: u32) -> Disc {
        Disc { owner: Player((self.owners() >> i & 1) as u8), red: self.reds() >> i & 1 == 1 }
    }
    /// The owner of the top disc (the tower must not be empty).
    #[inline]
    const fn top_owner(self) -> usize {
        (self.owners() >> (self.len() - 1) & 1) as usize
    }
    /// Whether the tower is non-empty with a disc of `p` on top.
    #[inline]
    const fn topped_by(self, p: usize) -> bool {
        self.len() > 0 && self.top_owner() == p
    }
    /// Whether the top disc is red (the tower must not be empty).
    #[inline]
    const fn top_red(self) -> bool {
        self.reds() >> (self.len() - 1) & 1 == 1
    }
    /// How many discs move with the top: the top and the enemy discs directly beneath it,
    /// down to the first disc of the top's colour or the bottom (the tower must not be empty).
    #[inline]
    const fn moving_len(self) -> u32 {
        let t = self.len() - 1;
        let below = (1u64 << t) - 1;
        // Discs below the top that belong to the top's owner.
        let own = if self.top_owner() == 1 { self.owners() } else { !self.owners() } & below;
        if own == 0 {
            t + 1
        } else {
            t - (63 - own.leading_zeros())
        }
    }
    /// Splits off the top `k` discs: returns (what stays, what moves).
    #[inline]
    const fn split(self, k: u32) -> (Tower, Tower) {
        let s = self.len() - k;
        let keep = (1u64 << s) - 1;
        let stay = Tower::pack(self.owners() & keep, self.reds() & keep, s);
        let top = Tower::pack(self.owners() >> s, self.reds() >> s, k);
        (stay, top)
    }
    /// `top` put on top of this tower.
    #[inline]
    const fn stack(self, top: Tower) -> Tower {
        let d = self.len();
        Tower::pack(self.owners() | top.owners() << d, self.reds() | top.reds() << d, d + top.len())
    }
    /// A single disc.
    #[inline]
    const fn single(owner: usize, red: bool) -> Tower {
        Tower::pack(owner as u64, red as u64, 1)
    }
}

/// A key for `value` in key table `key` (SplitMix64's finaliser over the two): hashes a whole
/// tower word at once instead of one Zobrist key per disc and height.
#[inline]
fn mix(key: u64, value: u64) -> u64 {
    let mut z = value ^ key;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A tower's share of the position hash: a mix of its square and its whole contents.
#[inline]
fn tower_key(sq: usize, t: Tower) -> u64 {
    mix(zobrist(1, sq as u32), t.0)
}

// ---------------------------------------------------------------------------------------------
// Moves

/// One turn or chance outcome, named after the rules file's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UrMove {
    /// The roll-off's outcome: who starts (`first=black`).
    First(Player),
    /// The die shows 1–6 (`r3`).
    Roll(u8),
    /// Enter (`from` 0), forward, backward or re-enter, in the mover's track numbers
    /// (`0-5`, `3-7`, `9-6`, `14-2`). `from` and `to` name a move uniquely, since only the top
    /// of a tower moves.
    Step {
        /// 0 for the reserve, else 1–14.
        from: u8,
        /// 1–14.
        to: u8,
    },
    /// No move is possible with the roll.
    Pass,
}

// ---------------------------------------------------------------------------------------------
// The position

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Stage {
    /// The roll-off decides who starts.
    RollOff,
    /// `side` rolls the die.
    Roll,
    /// `side` moves with this roll.
    Move(u8),
    /// Over: this player won.
    Won(u8),
    /// Over: a draw (quiet rule, equal removals).
    Draw,
}

/// A Bulgarian Ur position: towers on the 20 squares, reserves, removals, whose turn, and the
/// quiet-rule counter. 180-odd bytes, copied freely.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct BulgarianUr {
    towers: [Tower; SQUARE_COUNT],
    /// Discs not yet entered, per player.
    reserve: [u8; 2],
    /// Enemy discs each player has removed from the game on its base 1.
    removed: [u8; 2],
    /// The player who rolls or moves now (after the roll-off).
    side: u8,
    stage: Stage,
    /// The last die roll, for display (0 before the first).
    last_roll: u8,
    /// Turns in a row without a capture or removal (kept at 0 when the quiet rule is off).
    quiet: u32,
    /// Quiet turns that end the game; 0 = off.
    quiet_limit: u32,
    /// XOR of [`tower_key`] over all squares, kept up to date by `play`.
    tower_hash: u64,
}

impl BulgarianUr {
    /// The starting position (before the roll-off) under the quiet rule `quiet` (`None` or
    /// `Some(0)` = off).
    pub fn new(quiet: Option<u32>) -> BulgarianUr {
        let towers = [Tower::EMPTY; SQUARE_COUNT];
        BulgarianUr {
            towers,
            reserve: [DISCS; 2],
            removed: [0; 2],
            side: 0,
            stage: Stage::RollOff,
            last_roll: 0,
            quiet: 0,
            quiet_limit: quiet.unwrap_or(0),
            tower_hash: Self::towers_hash(&towers),
        }
    }

    /// The starting position under checked options (`quiet=N` / `quiet=off`).
    ///
    /// # Errors
    /// A `quiet` value that is neither `off` nor a whole number ≥ 1.
    pub fn from_options(options: &GameOptions) -> Result<BulgarianUr, OptionError> {
        let quiet = match options.get("quiet") {
            None => Some(DEFAULT_QUIET),
            Some(v) if v.eq_ignore_ascii_case("off") => None,
            Some(v) => match v.parse::<u32>() {
                Ok(n) if n >= 1 => Some(n),
                _ => {
                    return Err(OptionError(format!(
                        "option quiet={v}: expected a whole number of turns (1 or more, up \
                         to {}) or off",
                        u32::MAX
                    )))
                }
            },
        };
        Ok(BulgarianUr::new(quiet))
    }

    /// The discs on `sq`, bottom to top.
    pub fn tower(&self, sq: Square) -> impl Iterator<Item = Disc> {
        let t = self.towers[sq.index()];
        (0..t.len()).map(move |i| t.disc(i))
    }
    /// Discs `p` has not entered yet.
    pub fn reserve(&self, p: Player) -> u8 {
        self.reserve[p.index()]
    }
    /// Enemy discs `p` has removed from the game.
    pub fn removed_by(&self, p: Player) -> u8 {
        self.removed[p.index()]
    }
    /// The roll `side` must move with, at a player's turn.
    pub fn pending_roll(&self) -> Option<u8> {
        match self.stage {
            Stage::Move(r) => Some(r),
            _ => None,
        }
    }
    /// Turns in a row without capture or removal so far.
    pub fn quiet_turns(&self) -> u32 {
        self.quiet
    }

    fn towers_hash(towers: &[Tower; SQUARE_COUNT]) -> u64 {
        towers.iter().enumerate().fold(0, |h, (sq, &t)| h ^ tower_key(sq, t))
    }

    #[inline]
    fn set_tower(&mut self, sq: usize, t: Tower) {
        self.tower_hash ^= tower_key(sq, self.towers[sq]) ^ tower_key(sq, t);
        self.towers[sq] = t;
    }

    /// Calls `f` with every move of `side` with roll `r` (not `Pass`), allocating nothing.
    #[inline]
    fn for_each_step(&self, r: u8, mut f: impl FnMut(UrMove)) {
        let p = self.side as usize;
        // Decision: entering is always possible while the reserve is not empty: square r is
        // empty, own-topped, or (5, 6) enemy-topped and captured.
        if self.reserve[p] > 0 {
            f(UrMove::Step { from: 0, to: r });
        }
        let squares = &TRACK_SQUARE[p];
        for n in 1..=TRACK {
            let t = self.towers[squares[n as usize] as usize];
            if !t.topped_by(p) {
                continue;
            }
            if n + r <= TRACK {
                f(UrMove::Step { from: n, to: n + r });
            }
            if t.top_red() {
                if n > r {
                    f(UrMove::Step { from: n, to: n - r });
                }
                // Decision: any red top disc on base 1 has stood there since before this roll
                // (nothing lands there during a roll), so it may re-enter. 14-r never names a
                // backward move (that would need r = 7).
                if n == TRACK {
                    f(UrMove::Step { from: TRACK, to: r });
                }
            }
        }
    }

    /// Whether `p` has a free disc: one in the reserve or on top of a tower. (A disc with no
    /// enemy above it is free exactly when the top of its tower is its owner's.)
    fn has_free_disc(&self, p: usize) -> bool {
        self.reserve[p] > 0 || self.towers.iter().any(|t| t.topped_by(p))
    }

    /// Ends a turn: the quiet count, the quiet rule, the other side's roll.
    fn end_turn(&mut self, eventful: bool) {
        self.side ^= 1;
        self.stage = Stage::Roll;
        if self.quiet_limit == 0 {
            return;
        }
        if eventful {
            self.quiet = 0;
        } else {
            self.quiet += 1;
            if self.quiet >= self.quiet_limit {
                self.stage = match self.removed[0].cmp(&self.removed[1]) {
                    std::cmp::Ordering::Greater => Stage::Won(0),
                    std::cmp::Ordering::Less => Stage::Won(1),
                    std::cmp::Ordering::Equal => Stage::Draw,
                };
            }
        }
    }

    /// Why `mv` is not legal here, for people (called only for moves that are not legal).
    fn why_illegal(&self, mv: UrMove) -> String {
        let who = NAMES[self.side as usize];
        let r = match self.stage {
            Stage::Won(_) | Stage::Draw => return "the game is over".into(),
            Stage::RollOff => {
                return "the game starts with the roll-off: first=black or first=yellow".into()
            }
            Stage::Roll => return format!("{who} rolls the die first: r1 to r6"),
            Stage::Move(r) => r,
        };
        let p = self.side as usize;
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let listed = legal.iter().map(|&m| self.format_move(m)).collect::<Vec<_>>().join(", ");
        match mv {
            UrMove::First(_) | UrMove::Roll(_) => {
                format!("{who} has rolled r{r} and must move or pass ({listed})")
            }
            UrMove::Pass => format!("passing is allowed only when no move exists: {listed}"),
            UrMove::Step { from, to } => {
                if from == 0 {
                    if self.reserve[p] == 0 {
                        return format!("{who} has no disc left in the reserve");
                    }
                    return format!("with r{r} a disc enters on square {r}, not {to}");
                }
                let t = self.towers[TRACK_SQUARE[p][from as usize] as usize];
                if t.len() == 0 {
                    return format!("{who}'s square {from} is empty");
                }
                if t.top_owner() != p {
                    return format!(
                        "the top of the tower on {who}'s square {from} is {}'s: only the top \
                         disc moves, and only by its owner",
                        NAMES[t.top_owner()]
                    );
                }
                if to > from {
                    if from + r > TRACK {
                        return format!(
                            "moves are exact: {r} from square {from} would pass square 14"
                        );
                    }
                    if to - from != r {
                        return format!(
                            "the roll is {r}: forward from {from} goes to {}",
                            from + r
                        );
                    }
                } else if from == TRACK && to == r {
                    return "only a red disc may re-enter".into();
                } else {
                    if !t.top_red() {
                        return format!("the disc on {from} is blue: only red discs move backward");
                    }
                    if from - to != r {
                        return if from > r {
                            format!("the roll is {r}: backward from {from} goes to {}", from - r)
                        } else {
                            format!("the roll is {r}: backward from {from} would go below square 1")
                        };
                    }
                }
                format!("no such move; the legal moves are: {listed}")
            }
        }
    }
}

impl Game for BulgarianUr {
    type Move = UrMove;

    fn id(&self) -> &'static str {
        "bulgarian-ur"
    }

    fn player_count(&self) -> usize {
        2
    }

    fn player_name(&self, p: Player) -> &'static str {
        NAMES[p.index()]
    }

    fn to_move(&self) -> ToMove {
        match self.stage {
            Stage::RollOff | Stage::Roll => ToMove::Chance,
            Stage::Move(_) => ToMove::Player(Player(self.side)),
            Stage::Won(_) | Stage::Draw => ToMove::Over,
        }
    }

    fn legal_moves(&self, moves: &mut Vec<UrMove>) {
        moves.clear();
        match self.stage {
            Stage::RollOff => moves.extend([UrMove::First(BLACK), UrMove::First(YELLOW)]),
            Stage::Roll => moves.extend((1..=6).map(UrMove::Roll)),
            Stage::Move(r) => {
                self.for_each_step(r, |m| moves.push(m));
                if moves.is_empty() {
                    moves.push(UrMove::Pass);
                }
            }
            Stage::Won(_) | Stage::Draw => {}
        }
    }

    fn count_legal_moves(&self) -> u64 {
        match self.stage {
            Stage::RollOff => 2,
            Stage::Roll => 6,
            Stage::Move(r) => {
                let mut n = 0;
                self.for_each_step(r, |_| n += 1);
                n.max(1)
            }
            Stage::Won(_) | Stage::Draw => 0,
        }
    }

    fn chance_probability(&self, mv: UrMove) -> f64 {
        match mv {
            UrMove::First(_) => 0.5,
            UrMove::Roll(_) => 1.0 / 6.0,
            _ => 0.0,
        }
    }

    fn play(&mut self, mv: UrMove) {
        match mv {
            UrMove::First(p) => {
                self.side = p.0;
                self.stage = Stage::Roll;
            }
            UrMove::Roll(r) => {
                self.last_roll = r;
                self.stage = Stage::Move(r);
            }
            // Decision: a pass is a quiet turn (the rules file: "passes count").
            UrMove::Pass => self.end_turn(false),
            UrMove::Step { from, to } => {
                let p = self.side as usize;
                let squares = &TRACK_SQUARE[p];
                let moving = if from == 0 {
                    self.reserve[p] -= 1;
                    Tower::single(p, false)
                } else {
                    let sq = squares[from as usize] as usize;
                    let t = self.towers[sq];
                    let (stay, top) = t.split(t.moving_len());
                    self.set_tower(sq, stay);
                    top
                };
                let dst = squares[to as usize] as usize;
                let under = self.towers[dst];
                let capture = under.len() > 0 && under.top_owner() != p;
                let mut removal = false;
                if to == TRACK {
                    // Base 1: the guard's prisoners leave the game; a blue guard turns red.
                    let prisoners = moving.len() - 1;
                    self.removed[p] += prisoners as u8;
                    removal = prisoners > 0;
                    self.set_tower(dst, under.stack(Tower::single(p, true)));
                } else {
                    self.set_tower(dst, under.stack(moving));
                }
                self.end_turn(capture || removal);
                // Only a capture takes free discs away, and only the opponent's (the mover's
                // disc always ends on top).
                if capture && !self.has_free_disc(p ^ 1) {
                    self.stage = Stage::Won(p as u8);
                }
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.stage {
            Stage::Won(p) => Some(Outcome::win(2, Player(p))),
            Stage::Draw => Some(Outcome::draw()),
            _ => None,
        }
    }

    fn hash(&self) -> u64 {
        let stage = match self.stage {
            Stage::RollOff => 0u64,
            Stage::Roll => 1,
            Stage::Move(r) => 1 + u64::from(r),
            Stage::Won(p) => 8 + u64::from(p),
            Stage::Draw => 10,
        };
        let small = u64::from(self.reserve[0])
            | u64::from(self.reserve[1]) << 4
            | u64::from(self.removed[0]) << 8
            | u64::from(self.removed[1]) << 13
            | u64::from(self.side) << 18
            | stage << 19
            | u64::from(self.quiet) << 32;
        self.tower_hash ^ mix(zobrist(2, 0), small)
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut copy = *self;
        copy.tower_hash = Self::towers_hash(&self.towers);
        copy.hash()
    }

    fn format_move(&self, mv: UrMove) -> String {
        match mv {
            UrMove::First(p) => format!("first={}", NAMES[p.index() & 1]),
            UrMove::Roll(r) => format!("r{r}"),
            UrMove::Step { from, to } => format!("{from}-{to}"),
            UrMove::Pass => "pass".into(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<UrMove, MoveError> {
        let mv = read_move(text).map_err(|why| MoveError::unreadable(text, why))?;
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if legal.contains(&mv) {
            Ok(mv)
        } else {
            Err(MoveError::illegal(text, self.why_illegal(mv)))
        }
    }

    fn render_text(&self) -> String {
        render(self)
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
        view(self)
    }
}

// ---------------------------------------------------------------------------------------------
// Notation

const EXPECTED: &str = "expected first=black or first=yellow (the roll-off), a roll r1 to r6, \
                        a move FROM-TO in the mover's track numbers (0 = reserve, 1-14: 0-5, \
                        3-7, 9-6, 14-2) or pass";

/// Reads a token without looking at the position.
fn read_move(text: &str) -> Result<UrMove, String> {
    let t = text.trim().to_ascii_lowercase();
    if t == "pass" {
        return Ok(UrMove::Pass);
    }
    if let Some(who) = t.strip_prefix("first=") {
        return match who.trim() {
            "black" => Ok(UrMove::First(BLACK)),
            "yellow" => Ok(UrMove::First(YELLOW)),
            _ => Err(format!("the roll-off names black or yellow, not '{who}'")),
        };
    }
    if let Some(v) = t.strip_prefix('r') {
        return match v.parse::<u8>() {
            Ok(r @ 1..=6) => Ok(UrMove::Roll(r)),
            Ok(_) => Err("a die shows 1 to 6 (r1 to r6)".into()),
            Err(_) => Err(EXPECTED.into()),
        };
    }
    if let Some((a, b)) = t.split_once('-') {
        let (Ok(from), Ok(to)) = (a.trim().parse::<u8>(), b.trim().parse::<u8>()) else {
            return Err(format!("FROM and TO must be numbers; {EXPECTED}"));
        };
        if from > TRACK {
            return Err(format!("FROM is 0 (the reserve) or a track square 1-14, not {from}"));
        }
        if !(1..=TRACK).contains(&to) {
            return Err(format!("TO is a track square 1-14, not {to}"));
        }
        if from == to {
            return Err(format!("FROM and TO are the same square ({from}); a move goes somewhere"));
        }
        return Ok(UrMove::Step { from, to });
    }
    Err(EXPECTED.into())
}

// ---------------------------------------------------------------------------------------------
// Drawing

fn disc_glyph(d: Disc) -> char {
    match (d.owner.0, d.red) {
        (0, false) => 'B',
        (0, true) => 'b',
        (_, false) => 'Y',
        (_, true) => 'y',
    }
}

fn render(g: &BulgarianUr) -> String {
    // Each row of the Ur board: 8 columns; a cell shows the top disc and, over 1, the height.
    let mut grid = [[None::<Square>; 8]; 3];
    for sq in Square::all() {
        let (r, c) = sq.row_col();
        grid[r as usize][c as usize] = Some(sq);
    }
    let mut out = String::new();
    let number_row = |row: usize| -> String {
        let mut s = String::from("        ");
        for sq in grid[row] {
            match sq {
                Some(sq) => {
                    let _ = write!(s, "{:^5} ", sq.number());
                }
                None => s.push_str("      "),
            }
        }
        s.trim_end().to_string() + "\n"
    };
    let cell_row = |row: usize, label: &str| -> String {
        let mut s = format!("{label:<8}");
        for sq in grid[row] {
            match sq {
                Some(sq) => {
                    let t = g.towers[sq.index()];
                    if t.len() == 0 {
                        s.push_str("[   ] ");
                    } else {
                        let top = disc_glyph(t.disc(t.len() - 1));
                        let height = if t.len() > 1 { t.len().to_string() } else { String::new() };
                        let _ = write!(s, "[{top}{height:>2}] ");
                    }
                }
                None => s.push_str("      "),
            }
        }
        s.trim_end().to_string() + "\n"
    };
    out.push_str(&number_row(0));
    out.push_str(&cell_row(0, "yellow"));
    out.push_str(&cell_row(1, "centre"));
    out.push_str(&number_row(1));
    out.push_str(&cell_row(2, "black"));
    out.push_str(&number_row(2));
    out.push_str("Towers, bottom to top (B/Y Black/Yellow; upper case blue, lower case red):\n");
    let mut any = false;
    for sq in Square::all() {
        let t = g.towers[sq.index()];
        if t.len() > 0 {
            any = true;
            let discs: Vec<String> = (0..t.len()).map(|i| disc_glyph(t.disc(i)).into()).collect();
            let _ = writeln!(out, "  {:<10} {}", sq.name(), discs.join(" "));
        }
    }
    if !any {
        out.push_str("  none\n");
    }
    let _ = writeln!(out, "Reserve: black {}, yellow {}", g.reserve[0], g.reserve[1]);
    let _ = writeln!(
        out,
        "Removed from the game: {} yellow by black, {} black by yellow",
        g.removed[0], g.removed[1]
    );
    if g.quiet_limit > 0 {
        let _ = writeln!(out, "Quiet turns: {} of {}", g.quiet, g.quiet_limit);
    }
    let who = NAMES[g.side as usize];
    match g.stage {
        Stage::RollOff => out.push_str("Roll-off: who starts?\n"),
        Stage::Roll => {
            if g.last_roll > 0 {
                let _ =
                    writeln!(out, "Last roll: {} by {}", g.last_roll, NAMES[g.side as usize ^ 1]);
            }
            let _ = writeln!(out, "{who} to roll");
        }
        Stage::Move(r) => {
            let _ = writeln!(out, "{who} rolled {r}, {who} to move");
        }
        Stage::Won(p) => {
            let _ = writeln!(out, "Game over: {} wins", NAMES[p as usize]);
        }
        Stage::Draw => out.push_str("Game over: a draw\n"),
    }
    out
}

fn view(g: &BulgarianUr) -> serde_json::Value {
    use serde_json::json;
    let squares: Vec<_> = Square::all()
        .map(|sq| {
            let (row, col) = sq.row_col();
            let tower: Vec<_> = g
                .tower(sq)
                .map(|d| {
                    json!({
                        "owner": NAMES[d.owner.index()],
                        "side": if d.red { "red" } else { "blue" },
                    })
                })
                .collect();
            json!({
                "name": sq.name(),
                "row": row,
                "col": col,
                "owner": sq.owner().map(|p| NAMES[p.index()]),
                "black": sq.track_number(BLACK),
                "yellow": sq.track_number(YELLOW),
                "tower": tower,
            })
        })
        .collect();
    let to_move = match g.to_move() {
        ToMove::Player(p) => Some(NAMES[p.index()]),
        ToMove::Chance => Some("chance"),
        ToMove::Over => None,
    };
    json!({
        "squares": squares,
        "reserve": {"black": g.reserve[0], "yellow": g.reserve[1]},
        "removed_by": {"black": g.removed[0], "yellow": g.removed[1]},
        "to_move": to_move,
        "side": NAMES[g.side as usize],
        "roll": g.pending_roll(),
        "last_roll": (g.last_roll > 0).then_some(g.last_roll),
        "quiet": g.quiet,
        "quiet_limit": (g.quiet_limit > 0).then_some(g.quiet_limit),
    })
}

// ---------------------------------------------------------------------------------------------
// Registry

/// The options: only the quiet rule.
pub const OPTIONS: &[OptionSpec] = &[OptionSpec {
    key: "quiet",
    values: "any whole number 1 or more, or off",
    default: "100",
    help: "turns in a row without capture or removal that end the game (more removals win)",
    choices: &[],
}];

/// Option sets the conformance checks play random games under (space-separated `-o` words).
pub const SAMPLES: &[&str] = &["", "quiet=20"];

/// Registry entry.
pub const INFO: GameInfo = GameInfo {
    id: "bulgarian-ur",
    name: "Bulgarian Ur",
    summary: "Race round the Ur board with a die; land on enemy discs to carry them off as \
              prisoners in towers.",
    options: OPTIONS,
    rules_en: include_str!("../../rules/bulgarian-ur.md"),
    rules_hu: include_str!("../../rules/bulgarian-ur.hu.md"),
    create: |o| Ok(BulgarianUr::from_options(o)?.into()),
    samples: SAMPLES,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn towers_split_and_stack() {
        // Y B Y B B B Y B Y, bottom to top.
        let mut t = Tower::EMPTY;
        for o in [1, 0, 1, 0, 0, 0, 1, 0, 1] {
            t = t.stack(Tower::single(o, false));
        }
        assert_eq!(t.len(), 9);
        assert_eq!(t.moving_len(), 2);
        let (rest, top) = t.split(2);
        assert_eq!((rest.len(), top.len()), (7, 2));
        assert_eq!(rest.moving_len(), 4);
        let (rest, _) = rest.split(4);
        assert_eq!(rest.moving_len(), 2);
        let (rest, _) = rest.split(2);
        assert_eq!((rest.len(), rest.moving_len(), rest.top_owner()), (1, 1, 1));
        let all_enemy =
            Tower::single(0, false).stack(Tower::single(0, true)).stack(Tower::single(1, false));
        assert_eq!(all_enemy.moving_len(), 3);
    }

    #[test]
    fn squares_number_both_ways() {
        for p in [BLACK, YELLOW] {
            for n in 1..=TRACK {
                assert_eq!(Square::on_track(p, n).track_number(p), Some(n));
            }
        }
        assert_eq!(Square::on_track(BLACK, 3).track_number(YELLOW), None);
        assert_eq!(Square::on_track(BLACK, 7), Square::on_track(YELLOW, 7));
    }
}
