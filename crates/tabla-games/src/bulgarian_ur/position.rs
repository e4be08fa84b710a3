//! Squares, discs, towers, moves and the position, with its [`Game`] impl (which delegates
//! move generation, notation and drawing to the sibling modules).

use super::config::{Centre, Config, Quiet};
use tabla_core::{
    zobrist, BoardView, EndReason, Game, MoveError, Outcome, Player, PositionError, ToMove,
};

/// Black, the first seat.
pub const BLACK: Player = Player(0);
/// Yellow, the second seat.
pub const YELLOW: Player = Player(1);
/// Squares on a player's track (1–4 start, 5–12 centre, 13 base 2, 14 base 1).
pub const TRACK: u8 = 14;
/// Physical squares on the board: 8 shared, 6 private per player.
pub const SQUARE_COUNT: usize = 20;

/// The contract names of the seats.
pub(crate) const NAMES: [&str; 2] = ["black", "yellow"];

/// The other player.
#[inline]
pub(crate) const fn opponent(p: Player) -> Player {
    Player(p.0 ^ 1)
}

// ---------------------------------------------------------------------------------------------
// Per-player values

/// One value per player, Black first.
pub type ByPlayer<T> = tabla_core::PerPlayer<T, 2>;

// ---------------------------------------------------------------------------------------------
// Squares

/// A physical square: 0–3 Black's start squares 1–4, 4–7 Yellow's, 8–15 the centre squares
/// `c5`–`c12` (numbered along Black's track, left to right), 16–17 Black's bases 13–14,
/// 18–19 Yellow's. Track numbers are per player (and, in the centre, depend on
/// [`Centre`]); this is where a tower stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// `TRACK_SQUARE[centre][p][n]`: the physical square of player `p`'s track square `n` under a
/// centre layout (index 0 unused: the reserve is not a square).
const TRACK_SQUARE: [[[u8; 15]; 2]; 2] = {
    let mut t = [[[0u8; 15]; 2]; 2];
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < 2 {
            let mut n = 1;
            while n <= 14 {
                t[c][p][n] = match n {
                    1..=4 => (p * 4 + n - 1) as u8,
                    // Two-way traffic: Yellow's n is Black's 17 - n.
                    5..=12 if c == 1 && p == 1 => (8 + 12 - n) as u8,
                    5..=12 => (8 + n - 5) as u8,
                    _ => (16 + p * 2 + n - 13) as u8,
                };
                n += 1;
            }
            p += 1;
        }
        c += 1;
    }
    t
};

/// Player `p`'s track under `centre`: physical square indices by track number.
#[inline]
pub(crate) fn track_squares(centre: Centre, p: Player) -> &'static [u8; 15] {
    &TRACK_SQUARE[centre.index()][p.index()]
}

impl Square {
    /// Player `p`'s track square `n` (1–14) under `centre`.
    ///
    /// # Panics
    /// If `n` is not in 1–14 or `p` is not Black or Yellow.
    pub const fn on_track(centre: Centre, p: Player, n: u8) -> Square {
        assert!(n >= 1 && n <= TRACK && p.0 < 2);
        Square(TRACK_SQUARE[centre.index()][p.0 as usize][n as usize])
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
    /// The square's number on player `p`'s track under `centre`, if it is on that track.
    pub const fn track_number(self, centre: Centre, p: Player) -> Option<u8> {
        match self.0 {
            0..=7 if self.0 / 4 == p.0 => Some(self.0 % 4 + 1),
            8..=15 => match (centre, p.0) {
                (Centre::Opposite, 1) => Some(12 - (self.0 - 8)),
                _ => Some(self.0 - 8 + 5),
            },
            16..=19 if (self.0 - 16) / 2 == p.0 => Some((self.0 - 16) % 2 + 13),
            _ => None,
        }
    }
    /// The number in the square's id: its owner's track number, or for the centre Black's.
    pub(crate) const fn id_number(self) -> u8 {
        match self.owner() {
            Some(p) => match self.track_number(Centre::Same, p) {
                Some(n) => n,
                None => 0,
            },
            None => self.0 - 8 + 5,
        }
    }
    /// The view and position-text id: `b1`–`b4`, `b13`, `b14` (Black's private squares),
    /// `y1`…`y14` likewise for Yellow, `c5`–`c12` for the centre (Black's numbers).
    pub fn id(self) -> String {
        let prefix = match self.owner() {
            Some(BLACK) => 'b',
            Some(_) => 'y',
            None => 'c',
        };
        format!("{prefix}{}", self.id_number())
    }
    /// The square with this id (see [`Square::id`]).
    pub fn from_id(id: &str) -> Option<Square> {
        let mut chars = id.chars();
        let prefix = chars.next()?.to_ascii_lowercase();
        let n: u8 = chars.as_str().parse().ok()?;
        let p = match prefix {
            'b' => BLACK,
            'y' => YELLOW,
            'c' => return (5..=12).contains(&n).then(|| Square(8 + n - 5)),
            _ => return None,
        };
        matches!(n, 1..=4 | 13 | 14).then(|| Square::on_track(Centre::Same, p, n))
    }
    /// Column (0–7, left to right) and row (0 Black's row, 1 the centre, 2 Yellow's; y grows
    /// upwards) on the board of `centre`. On Ur's board (`same`) both outer rows run alike:
    /// start squares 4…1 from the left edge to the gap (columns 4–5), then base 1 and base 2.
    /// On the twin (`opposite`) Yellow's row is Black's turned half round.
    pub const fn grid(self, centre: Centre) -> (u8, u8) {
        let (row, col) = match self.owner() {
            None => return (self.0 - 8, 1),
            Some(p) => (
                if p.0 == 0 { 0 } else { 2 },
                match self.id_number() {
                    n @ 1..=4 => 4 - n,
                    13 => 7,
                    _ => 6,
                },
            ),
        };
        match (centre, row) {
            (Centre::Opposite, 2) => (7 - col, row),
            _ => (col, row),
        }
    }
    /// A name for people: `centre 7` (on the twin board `centre b7 y10`), `black 3`,
    /// `yellow 14`.
    pub fn name(self, centre: Centre) -> String {
        match (self.owner(), centre) {
            (Some(p), _) => format!("{} {}", NAMES[p.index()], self.id_number()),
            (None, Centre::Same) => format!("centre {}", self.id_number()),
            (None, Centre::Opposite) => {
                format!("centre b{} y{}", self.id_number(), 17 - self.id_number())
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Discs and towers

/// The side of a disc that is up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Every disc enters blue side up; blue discs only move forward.
    Blue,
    /// Turned on reaching base 1: may also move backward and re-enter.
    Red,
}

impl Colour {
    /// The view's piece kind.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Red => "red",
        }
    }
}

/// One disc: whose it is and which side is up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Disc {
    /// Its owner.
    pub owner: Player,
    /// The side that is up.
    pub colour: Colour,
}

/// A tower as an ordered stack packed in one word, so the position is a flat `Copy` array and
/// moves allocate nothing: bit `i` of bits 0–19 is disc `i`'s owner (1 = Yellow, disc 0 at the
/// bottom), bit `20 + i` its colour (1 = red), bits 40–44 the height (at most 20 discs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Tower(u64);

const LOW20: u64 = (1 << 20) - 1;

impl Tower {
    pub(crate) const EMPTY: Tower = Tower(0);

    #[inline]
    pub(crate) const fn len(self) -> u32 {
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
    pub(crate) const fn disc(self, i: u32) -> Disc {
        Disc {
            owner: Player((self.owners() >> i & 1) as u8),
            colour: if self.reds() >> i & 1 == 1 { Colour::Red } else { Colour::Blue },
        }
    }
    /// The discs bottom to top.
    pub(crate) fn discs(self) -> impl Iterator<Item = Disc> {
        (0..self.len()).map(move |i| self.disc(i))
    }
    /// The owner of the top disc (the tower must not be empty).
    #[inline]
    pub(crate) const fn top_owner(self) -> Player {
        Player((self.owners() >> (self.len() - 1) & 1) as u8)
    }
    /// Whether the tower is non-empty with a disc of `p` on top.
    #[inline]
    pub(crate) const fn topped_by(self, p: Player) -> bool {
        self.len() > 0 && self.top_owner().0 == p.0
    }
    /// Whether the top disc is red (the tower must not be empty).
    #[inline]
    pub(crate) const fn top_red(self) -> bool {
        self.reds() >> (self.len() - 1) & 1 == 1
    }
    /// How many discs move with the top: the top and the enemy discs directly beneath it,
    /// down to the first disc of the top's colour or the bottom (the tower must not be empty).
    #[inline]
    pub(crate) const fn moving_len(self) -> u32 {
        let t = self.len() - 1;
        let below = (1u64 << t) - 1;
        // Discs below the top that belong to the top's owner.
        let own = if self.top_owner().0 == 1 { self.owners() } else { !self.owners() } & below;
        if own == 0 {
            t + 1
        } else {
            t - (63 - own.leading_zeros())
        }
    }
    /// Splits off the top `k` discs: returns (what stays, what moves).
    #[inline]
    pub(crate) const fn split(self, k: u32) -> (Tower, Tower) {
        let s = self.len() - k;
        let keep = (1u64 << s) - 1;
        let stay = Tower::pack(self.owners() & keep, self.reds() & keep, s);
        let top = Tower::pack(self.owners() >> s, self.reds() >> s, k);
        (stay, top)
    }
    /// `top` put on top of this tower.
    #[inline]
    pub(crate) const fn stack(self, top: Tower) -> Tower {
        let d = self.len();
        Tower::pack(self.owners() | top.owners() << d, self.reds() | top.reds() << d, d + top.len())
    }
    /// A single disc.
    #[inline]
    pub(crate) const fn single(d: Disc) -> Tower {
        Tower::pack(d.owner.0 as u64, matches!(d.colour, Colour::Red) as u64, 1)
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

/// One turn or chance outcome, named after the rules file's notation. Squares are the
/// mover's own track numbers, 1–14.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UrMove {
    /// The roll-off's outcome: who starts (`first=black`).
    First(Player),
    /// The die shows 1–6 (`r3`).
    Roll(u8),
    /// A disc from the reserve onto track square `to`, the roll (`0-5`).
    Enter {
        /// 1–6.
        to: u8,
    },
    /// Forward, backward or re-enter (`3-7`, `9-6`, `14-2`). `from` and `to` name a move
    /// uniquely, since only the top of a tower moves.
    Step {
        /// 1–14.
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
pub(crate) enum Stage {
    /// The roll-off decides who starts.
    RollOff,
    /// `side` rolls the die.
    Roll,
    /// `side` moves with this roll.
    Move(u8),
    /// Over: this player won.
    Won(Player),
    /// Over: a draw (quiet rule, equal removals).
    Draw,
}

/// A Bulgarian Ur position: towers on the 20 squares, reserves, removals, whose turn, the
/// quiet-rule counter and the rules it is played under. 200-odd bytes, copied freely.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct BulgarianUr {
    pub(crate) towers: [Tower; SQUARE_COUNT],
    /// Discs not yet entered, per player.
    pub(crate) reserve: ByPlayer<u8>,
    /// Enemy discs each player has removed from the game on its base 1.
    pub(crate) removed: ByPlayer<u8>,
    /// The player who rolls or moves now (after the roll-off).
    pub(crate) side: Player,
    pub(crate) stage: Stage,
    /// The last die roll, for display.
    pub(crate) last_roll: Option<u8>,
    /// Turns in a row without a capture or removal (kept at 0 when the quiet rule is off).
    pub(crate) quiet: u32,
    /// The options.
    pub(crate) rules: Config,
    /// XOR of [`tower_key`] over all squares, kept up to date by `play`.
    tower_hash: u64,
}

impl BulgarianUr {
    /// The starting position (before the roll-off) of the seed's game (same-way centre, 10
    /// discs) under the quiet rule `quiet` (`None` = off).
    ///
    /// # Panics
    /// On `Some(0)`: the quiet rule needs at least one turn (`None` switches it off).
    pub fn new(quiet: Option<u32>) -> BulgarianUr {
        let quiet = match quiet {
            None => Quiet::Off,
            Some(n) => {
                assert!(n >= 1, "the quiet rule needs at least 1 turn; None switches it off");
                Quiet::After(n)
            }
        };
        BulgarianUr::from_config(Config { quiet, ..Config::DEFAULT })
    }

    /// The starting position (before the roll-off) under `rules`.
    ///
    /// # Panics
    /// If `rules.discs` is not 1–10 or the quiet rule counts 0 turns ([`Config::from_options`]
    /// never gives such a config).
    pub fn from_config(rules: Config) -> BulgarianUr {
        assert!((1..=super::config::MAX_DISCS).contains(&rules.discs), "1 to 10 discs");
        assert!(rules.quiet != Quiet::After(0), "the quiet rule needs at least 1 turn");
        let towers = [Tower::EMPTY; SQUARE_COUNT];
        BulgarianUr {
            towers,
            reserve: ByPlayer::from([rules.discs; 2]),
            removed: ByPlayer::from([0; 2]),
            side: BLACK,
            stage: Stage::RollOff,
            last_roll: None,
            quiet: 0,
            rules,
            tower_hash: Self::towers_hash(&towers),
        }
    }

    /// The starting position under checked options (`centre`, `discs`, `quiet`).
    ///
    /// # Errors
    /// A value the rules file does not allow (see [`Config::from_options`]).
    pub fn from_options(
        options: &tabla_core::GameOptions,
    ) -> Result<BulgarianUr, tabla_core::OptionError> {
        Ok(BulgarianUr::from_config(Config::from_options(options)?))
    }

    /// The rules this game is played under.
    pub fn config(&self) -> Config {
        self.rules
    }
    /// The discs on `sq`, bottom to top.
    pub fn tower(&self, sq: Square) -> impl Iterator<Item = Disc> {
        self.towers[sq.index()].discs()
    }
    /// Discs `p` has not entered yet.
    pub fn reserve(&self, p: Player) -> u8 {
        self.reserve[p]
    }
    /// Enemy discs `p` has removed from the game.
    pub fn removed_by(&self, p: Player) -> u8 {
        self.removed[p]
    }
    /// The roll the player to move must move with, at a player's turn.
    pub fn pending_roll(&self) -> Option<u8> {
        match self.stage {
            Stage::Move(r) => Some(r),
            _ => None,
        }
    }
    /// The last die roll, if any was made (for display; not part of the position).
    pub fn last_roll(&self) -> Option<u8> {
        self.last_roll
    }
    /// Turns in a row without capture or removal so far.
    pub fn quiet_turns(&self) -> u32 {
        self.quiet
    }

    /// `p`'s track square `n` under this game's centre.
    #[inline]
    pub(crate) fn square_of(&self, p: Player, n: u8) -> usize {
        track_squares(self.rules.centre, p)[n as usize] as usize
    }

    fn towers_hash(towers: &[Tower; SQUARE_COUNT]) -> u64 {
        towers.iter().enumerate().fold(0, |h, (sq, &t)| h ^ tower_key(sq, t))
    }

    #[inline]
    fn set_tower(&mut self, sq: usize, t: Tower) {
        self.tower_hash ^= tower_key(sq, self.towers[sq]) ^ tower_key(sq, t);
        self.towers[sq] = t;
    }

    /// A position from its parts (read from a position text, already checked).
    pub(crate) fn from_parts(
        rules: Config,
        towers: [Tower; SQUARE_COUNT],
        reserve: ByPlayer<u8>,
        removed: ByPlayer<u8>,
        side: Player,
        stage: Stage,
        quiet: u32,
    ) -> BulgarianUr {
        BulgarianUr {
            towers,
            reserve,
            removed,
            side,
            stage,
            last_roll: None,
            quiet,
            rules,
            tower_hash: Self::towers_hash(&towers),
        }
    }

    /// Whether `p` has a free disc: one in the reserve or on top of a tower. (A disc with no
    /// enemy above it is free exactly when the top of its tower is its owner's.)
    pub(crate) fn has_free_disc(&self, p: Player) -> bool {
        self.reserve[p] > 0 || self.towers.iter().any(|t| t.topped_by(p))
    }

    /// Ends a turn: the quiet count, the quiet rule, the other side's roll.
    fn end_turn(&mut self, eventful: bool) {
        self.side = opponent(self.side);
        self.stage = Stage::Roll;
        let Quiet::After(limit) = self.rules.quiet else { return };
        if eventful {
            self.quiet = 0;
        } else {
            self.quiet += 1;
            if self.quiet >= limit {
                self.stage = self.quiet_result();
            }
        }
    }

    /// The result when the quiet rule ends the game: more removals win.
    pub(crate) fn quiet_result(&self) -> Stage {
        match self.removed[BLACK].cmp(&self.removed[YELLOW]) {
            std::cmp::Ordering::Greater => Stage::Won(BLACK),
            std::cmp::Ordering::Less => Stage::Won(YELLOW),
            std::cmp::Ordering::Equal => Stage::Draw,
        }
    }

    /// Plays a disc (and its prisoners) from `from` (`None`: the reserve) to track square
    /// `to` of the side to move.
    fn play_step(&mut self, from: Option<u8>, to: u8) {
        let p = self.side;
        let moving = match from {
            None => {
                self.reserve[p] -= 1;
                Tower::single(Disc { owner: p, colour: Colour::Blue })
            }
            Some(n) => {
                let sq = self.square_of(p, n);
                let t = self.towers[sq];
                let (stay, top) = t.split(t.moving_len());
                self.set_tower(sq, stay);
                top
            }
        };
        let dst = self.square_of(p, to);
        let under = self.towers[dst];
        let capture = under.len() > 0 && under.top_owner() != p;
        let mut removal = false;
        if to == TRACK {
            // Base 1: the guard's prisoners leave the game; a blue guard turns red.
            let prisoners = moving.len() - 1;
            self.removed[p] += prisoners as u8;
            removal = prisoners > 0;
            self.set_tower(dst, under.stack(Tower::single(Disc { owner: p, colour: Colour::Red })));
        } else {
            self.set_tower(dst, under.stack(moving));
        }
        self.end_turn(capture || removal);
        // Only a capture takes free discs away, and only the opponent's (the mover's disc
        // always ends on top).
        if capture && !self.has_free_disc(opponent(p)) {
            self.stage = Stage::Won(p);
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
            Stage::Move(_) => ToMove::Player(self.side),
            Stage::Won(_) | Stage::Draw => ToMove::Over,
        }
    }

    fn chance_player(&self) -> Option<Player> {
        // The roll-off belongs to nobody; every other roll is the side's own die.
        (self.stage == Stage::Roll).then_some(self.side)
    }

    fn legal_moves(&self, moves: &mut Vec<UrMove>) {
        self.list_moves(moves);
    }

    fn count_legal_moves(&self) -> u64 {
        self.count_moves()
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
                self.side = p;
                self.stage = Stage::Roll;
            }
            UrMove::Roll(r) => {
                self.last_roll = Some(r);
                self.stage = Stage::Move(r);
            }
            // Decision: a pass is a quiet turn (the rules file: "passes count").
            UrMove::Pass => self.end_turn(false),
            UrMove::Enter { to } => self.play_step(None, to),
            UrMove::Step { from, to } => self.play_step(Some(from), to),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.stage {
            Stage::Won(p) => Some(Outcome::win(2, p)),
            Stage::Draw => Some(Outcome::draw()),
            _ => None,
        }
    }

    fn end_reason(&self) -> Option<EndReason> {
        let won = match self.stage {
            Stage::Won(p) => Some(p),
            Stage::Draw => None,
            _ => return None,
        };
        // A capture that leaves no free disc ends the game even on the quiet rule's turn.
        if let Some(l) = [BLACK, YELLOW].into_iter().find(|&p| !self.has_free_disc(p)) {
            let name = NAMES[l.index()];
            return Some(EndReason::new(
                "ur.prisoners",
                &[("player", &name)],
                format!("none of {name}'s discs is free: all are prisoners"),
            ));
        }
        let turns = self.quiet;
        let why = format!("{turns} turns in a row without a capture");
        Some(match won {
            Some(w) => {
                let (name, other) = (NAMES[w.index()], NAMES[opponent(w).index()]);
                let (more, fewer) = (self.removed[w], self.removed[opponent(w)]);
                EndReason::new(
                    "ur.quiet.win",
                    &[
                        ("player", &name),
                        ("other", &other),
                        ("turns", &turns),
                        ("more", &more),
                        ("fewer", &fewer),
                    ],
                    format!("{why}; {name} removed more discs than {other}"),
                )
            }
            None => EndReason::new(
                "ur.quiet.draw",
                &[("turns", &turns), ("removed", &self.removed[BLACK])],
                format!("{why}; both removed as many discs"),
            ),
        })
    }

    fn rules_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.rules.hash(&mut h);
        h.finish()
    }

    fn hash(&self) -> u64 {
        let stage = match self.stage {
            Stage::RollOff => 0u64,
            Stage::Roll => 1,
            Stage::Move(r) => 1 + u64::from(r),
            Stage::Won(p) => 8 + u64::from(p.0),
            Stage::Draw => 10,
        };
        // Whose turn it is matters only while someone has one.
        let side = match self.stage {
            Stage::Roll | Stage::Move(_) => u64::from(self.side.0),
            _ => 0,
        };
        let small = u64::from(self.reserve[BLACK])
            | u64::from(self.reserve[YELLOW]) << 4
            | u64::from(self.removed[BLACK]) << 8
            | u64::from(self.removed[YELLOW]) << 13
            | side << 18
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
        super::notation::format_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<UrMove, MoveError> {
        super::notation::parse_move(self, text)
    }

    fn render_text(&self) -> String {
        super::view::render(self)
    }

    fn view(&self) -> BoardView {
        super::view::view(self)
    }

    fn touched(&self, mv: UrMove) -> Vec<String> {
        super::view::touched(self, mv)
    }

    fn click_paths(&self, mv: UrMove) -> Vec<Vec<String>> {
        super::view::click_paths(self, mv)
    }

    fn position_text(&self) -> String {
        super::notation::position_text(self)
    }

    fn read_position(&self, text: &str) -> Result<Self, PositionError> {
        super::notation::read_position(self.rules, text)
    }
}
