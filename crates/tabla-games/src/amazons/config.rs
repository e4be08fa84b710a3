//! Options to a checked config: the rule set of one Amazons game, built once and shared by
//! every position of that game (board geometry, players, variants, the starting position).
//!
//! Every option is declared once below, with its typed default; the [`OPTIONS`] table that
//! `tabla rules` prints and the option parser checks is made from the same declarations, so
//! the printed default cannot drift from the one the code uses.

use super::movegen::{Lines, Rays128};
use super::position::ByPlayer;
use tabla_core::geometry::{parse_coords, HEX_CORNER_DIRS, HEX_DIRS, SQUARE_DIRS};
use tabla_core::{Cell, GameOptions, Geometry, OptionError, OptionSpec, Player};

/// Most cells a board can have: 26 × 26 square.
pub const MAX_CELLS: usize = 26 * 26;
/// Most queens a player can have.
pub const MAX_QUEENS: usize = 4;

/// Which `(file, rank)` cells a board shape has.
type CellFilter = Box<dyn Fn(u8, u8) -> bool>;

/// A whole-number option with its range and typed default.
struct IntOption {
    spec: OptionSpec,
    lo: u8,
    hi: u8,
    /// `None` where the default depends on other options (`queens`: the set-up's count).
    default: Option<u8>,
}

impl IntOption {
    /// The value given, or the default.
    fn get(&self, o: &GameOptions) -> Result<Option<u8>, OptionError> {
        let given = o.int(self.spec.key, i64::from(self.lo), i64::from(self.hi))?;
        Ok(given.map(|v| v as u8).or(self.default))
    }
}

/// An `off`/`on` option with its typed default.
struct FlagOption {
    spec: OptionSpec,
    default: bool,
}

impl FlagOption {
    fn get(&self, o: &GameOptions) -> bool {
        o.flag(self.spec.key, self.default)
    }
}

/// A closed-choice option: `values[i]` is what `spec.choices[i]` means, the first the
/// default.
struct ChoiceOption<T: Copy + 'static> {
    spec: OptionSpec,
    values: &'static [T],
}

impl<T: Copy + 'static> ChoiceOption<T> {
    fn get(&self, o: &GameOptions) -> T {
        let given = o.choice(self.spec.key, self.spec.choices[0]);
        let i = self.spec.choices.iter().position(|&c| c == given).expect("validated choice");
        self.values[i]
    }
}

/// `int_option!(key, lo..=hi, default d, help)`: the spec's range and default strings are
/// written from the same literals as the typed values.
macro_rules! int_option {
    ($key:literal, $lo:literal ..= $hi:literal, default $d:literal, $help:literal) => {
        IntOption {
            spec: OptionSpec {
                key: $key,
                values: concat!($lo, "–", $hi),
                default: stringify!($d),
                help: $help,
                choices: &[],
            },
            lo: $lo,
            hi: $hi,
            default: Some($d),
        }
    };
}

macro_rules! flag_option {
    ($key:literal, default off, $help:literal) => {
        FlagOption {
            spec: OptionSpec {
                key: $key,
                values: "off, on",
                default: "off",
                help: $help,
                choices: &["off", "on"],
            },
            default: false,
        }
    };
}

const SIZE: IntOption =
    int_option!("size", 4..=26, default 6, "square board size; odd sizes lose the centre cell");
const QUEENS: IntOption = IntOption {
    spec: OptionSpec {
        key: "queens",
        values: "1–4",
        default: "the set-up's count",
        help: "queens per player; a count other than the set-up's means placing them",
        choices: &[],
    },
    lo: 1,
    hi: MAX_QUEENS as u8,
    default: None,
};
const KILLER: FlagOption = flag_option!(
    "killer",
    default off,
    "a queen may end its move on an enemy queen and capture it"
);
const PLACEMENT: ChoiceOption<Placement> = ChoiceOption {
    spec: OptionSpec {
        key: "placement",
        values: "none, alternate, free",
        default: "none",
        help: "alternate: queens are placed first, one per turn; free: place or move each turn",
        choices: &["none", "alternate", "free"],
    },
    values: &[Placement::None, Placement::Alternate, Placement::Free],
};
const BOARD: ChoiceOption<bool> = ChoiceOption {
    spec: OptionSpec {
        key: "board",
        values: "square, hex",
        default: "square",
        help: "square grid or regular hexagon",
        choices: &["square", "hex"],
    },
    // Whether the board is a hexagon.
    values: &[false, true],
};
const SIDE: IntOption = int_option!("side", 3..=13, default 5, "side of the hex board");
const HEX_DIAGONALS: FlagOption = flag_option!(
    "hex_diagonals",
    default off,
    "hex boards: queens also move through cell corners (12 directions)"
);
const HOLES: OptionSpec = OptionSpec {
    key: "holes",
    values: "cells, comma-separated",
    default: "none",
    help: "cells that are not part of the board",
    choices: &[],
};
const LAYOUT: OptionSpec = OptionSpec {
    key: "layout",
    values: "board text (rows top first, '/' between)",
    default: "none",
    help: "any board shape and position: . empty, # stone, - no cell, 1-4 a queen",
    choices: &[],
};
/// Its range depends on `players`, so it is checked by hand in [`Config::from_options`].
const TURN: OptionSpec = OptionSpec {
    key: "turn",
    values: "1–players",
    default: "1",
    help: "which player moves first",
    choices: &[],
};
const PLAYERS: ChoiceOption<u8> = ChoiceOption {
    spec: OptionSpec {
        key: "players",
        values: "2, 3, 4",
        default: "2",
        help: "number of players; 3–4 play until one is left",
        choices: &["2", "3", "4"],
    },
    values: &[2, 3, 4],
};
const TEAMS: FlagOption =
    flag_option!("teams", default off, "4 players only: players 1+3 against 2+4");

/// The options of `amazons`, as the rules file lists them.
pub const OPTIONS: &[OptionSpec] = &[
    SIZE.spec,
    QUEENS.spec,
    KILLER.spec,
    PLACEMENT.spec,
    BOARD.spec,
    SIDE.spec,
    HEX_DIAGONALS.spec,
    HOLES,
    LAYOUT,
    TURN,
    PLAYERS.spec,
    TEAMS.spec,
];

/// How queens come onto the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Queens start on the board.
    None,
    /// Queens in hand must be placed, one per turn, before anything else.
    Alternate,
    /// A player's first turn places; later turns place or move.
    Free,
}

/// Everything about a game that never changes while it is played.
#[derive(Debug, PartialEq)]
pub struct Config {
    /// The board.
    pub geo: Geometry,
    /// Seats at the table.
    pub players: u8,
    /// 4 players as two teams (1+3, 2+4).
    pub teams: bool,
    /// Queens capture enemy queens by landing on them.
    pub killer: bool,
    /// How queens come onto the board.
    pub placement: Placement,
    /// Who moves first.
    pub first: Player,
    /// Stones on the board at the start (from a layout).
    pub stones: Vec<Cell>,
    /// Queens on the board at the start.
    pub queens: ByPlayer<Vec<Cell>>,
    /// Queens in hand at the start.
    pub in_hand: ByPlayer<u8>,
    /// The most cells any cell sees along all its rays: a bound on the stone shots after any
    /// queen move, which the uniform random-move sampler needs.
    pub max_sight: u64,
    /// Rays as bitsets, for boards of at most 128 cells (most games): `None` on larger ones,
    /// which walk the rays cell by cell instead.
    pub rays128: Option<Rays128>,
    /// The board's lines with occupancy words, for listing and counting turns and for the
    /// stepwise sampler: `None` on boards that [`Lines`] does not take.
    pub lines: Option<Lines>,
    /// Tells this rule set and board from others (see `Game::rules_key`).
    pub rules_key: u64,
}

impl Config {
    /// The seats in turn order.
    pub fn seats(&self) -> impl Iterator<Item = Player> {
        (0..self.players).map(Player)
    }

    /// Whether `a` and `b` are partners (or the same player).
    #[inline]
    pub fn same_side(&self, a: Player, b: Player) -> bool {
        a == b || (self.teams && a.0 % 2 == b.0 % 2)
    }

    /// Builds the rule set from checked options, applying every rule of the rules file's
    /// option table.
    ///
    /// # Errors
    /// Values out of range and combinations the rules file forbids, each saying why.
    pub fn from_options(o: &GameOptions) -> Result<Config, OptionError> {
        let err = |s: String| Err(OptionError(s));
        let players = PLAYERS.get(o);
        let teams = TEAMS.get(o);
        if teams && players != 4 {
            return err(format!("teams=on needs players=4 (got players={players})"));
        }
        let hex = BOARD.get(o);
        let diagonals = HEX_DIAGONALS.get(o);
        let explicit_queens = QUEENS.get(o)?;
        let killer = KILLER.get(o);
        let first = match o.int(TURN.key, 1, i64::from(players)) {
            Ok(t) => Player(t.unwrap_or(1) as u8 - 1),
            Err(_) => {
                return err(format!(
                    "option turn={}: expected a player from 1 to {players}",
                    o.get(TURN.key).unwrap_or("")
                ))
            }
        };
        if !hex && (o.is_set(SIDE.spec.key) || diagonals) {
            return err("options side and hex_diagonals need board=hex".to_string());
        }
        let side = SIDE.get(o)?.expect("has a default");
        let size = SIZE.get(o)?.expect("has a default");

        // The board shape, before holes: which cells exist, and what the shape draws.
        let mut drawn: Vec<(u8, u8, Drawn)> = Vec::new(); // (file, rank, what) from a layout
        let layout = o.get(LAYOUT.key);
        let (files, ranks, base_present): (u8, u8, CellFilter) = if let Some(text) = layout {
            if hex {
                return err("layout describes square grids only; drop board=hex".to_string());
            }
            let rows: Vec<&str> = text.split('/').filter(|r| !r.is_empty()).collect();
            if rows.is_empty() {
                return err("layout is empty; expected rows like ..1.../....../".to_string());
            }
            let width = rows[0].chars().count();
            if width > 26 || rows.len() > 26 {
                return err(format!(
                    "layout is {width}×{}; at most 26 files and 26 ranks",
                    rows.len()
                ));
            }
            let mut present = vec![false; 26 * 26];
            for (i, row) in rows.iter().enumerate() {
                if row.chars().count() != width {
                    return err(format!(
                        "layout row {} has {} cells, the first row {width}; rows must be equal",
                        i + 1,
                        row.chars().count()
                    ));
                }
                let rank = (rows.len() - 1 - i) as u8;
                for (f, ch) in row.chars().enumerate() {
                    let f = f as u8;
                    match ch {
                        '.' => {}
                        '#' => drawn.push((f, rank, Drawn::Stone)),
                        '-' => continue,
                        '1'..='4' => {
                            let p = ch as u8 - b'0';
                            if p > players {
                                return err(format!(
                                    "layout draws a queen of player {p}, but players={players}"
                                ));
                            }
                            drawn.push((f, rank, Drawn::Queen(Player(p - 1))));
                        }
                        _ => {
                            return err(format!(
                                "layout has '{ch}'; expected . # - or a player number 1-{players}"
                            ))
                        }
                    }
                    present[f as usize * 26 + rank as usize] = true;
                }
            }
            (
                width as u8,
                rows.len() as u8,
                Box::new(move |f, r| present[f as usize * 26 + r as usize]),
            )
        } else if hex {
            (2 * side - 1, 2 * side - 1, Box::new(|_, _| true))
        } else {
            let centre = size / 2;
            let odd = size % 2 == 1;
            (size, size, Box::new(move |f, r| !(odd && f == centre && r == centre)))
        };
        // The full board without holes, to name holes and set-up cells.
        let dirs: Vec<(i8, i8)> = if hex {
            let mut d = HEX_DIRS.to_vec();
            if diagonals {
                d.extend_from_slice(&HEX_CORNER_DIRS);
            }
            d
        } else {
            SQUARE_DIRS.to_vec()
        };
        let full = if hex {
            Geometry::hex(side, &dirs, &base_present)
        } else {
            Geometry::square(files, ranks, &dirs, &base_present)
        };
        let mut holes: Vec<(u8, u8)> = Vec::new();
        if let Some(list) = o.get(HOLES.key) {
            for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                if name.eq_ignore_ascii_case("none") {
                    continue;
                }
                let Some(c) = full.parse_cell(name) else {
                    return err(format!("hole '{name}' is not a cell of this board"));
                };
                holes.push(full.coords(c));
            }
        }

        // The set-up (queens that stand at the start) and the default queen count.
        let setup: Option<Vec<Vec<(u8, u8)>>> = if layout.is_some() {
            None
        } else if hex {
            hex_setup(side, players)
        } else {
            square_setup(size, players)
        };
        let mut start_queens: Vec<Vec<(u8, u8)>> = vec![Vec::new(); players as usize];
        let setup_count = setup.as_ref().map(|s| s[0].len() as u8);
        let default_count = setup_count.unwrap_or(if players == 2 && !hex { 4 } else { 2 });
        let count = explicit_queens.unwrap_or(default_count);
        let drawn_queens: Vec<(u8, u8, Player)> = drawn
            .iter()
            .filter_map(|&(f, r, d)| match d {
                Drawn::Queen(p) => Some((f, r, p)),
                Drawn::Stone => None,
            })
            .collect();
        let mut placement = PLACEMENT.get(o);
        let explicit_placement = placement != Placement::None;
        let mut in_hand = vec![0u8; players as usize];
        if layout.is_some() {
            for &(f, r, p) in &drawn_queens {
                start_queens[p.index()].push((f, r));
            }
            if let Some((p, q)) =
                start_queens.iter().enumerate().find(|(_, q)| q.len() > MAX_QUEENS)
            {
                return err(format!(
                    "layout draws {} queens for player {}; at most {MAX_QUEENS} each",
                    q.len(),
                    p + 1
                ));
            }
            let finished =
                !drawn_queens.is_empty() && explicit_queens.is_none() && !explicit_placement;
            if !finished {
                for (p, q) in start_queens.iter().enumerate() {
                    if q.len() > count as usize {
                        return err(format!(
                            "layout draws {} queens for player {}, more than queens={count}",
                            q.len(),
                            p + 1
                        ));
                    }
                    in_hand[p] = count - q.len() as u8;
                }
                if placement == Placement::None && in_hand.iter().any(|&h| h > 0) {
                    placement = Placement::Alternate;
                }
            }
        } else if let Some(setup) =
            setup.filter(|_| !explicit_placement && Some(count) == setup_count)
        {
            start_queens = setup;
        } else {
            in_hand = vec![count; players as usize];
            if placement == Placement::None {
                placement = Placement::Alternate;
            }
        }
        for (p, qs) in start_queens.iter().enumerate() {
            for &(f, r) in qs {
                if holes.contains(&(f, r)) {
                    let c = full.at(f, r).expect("queen cells exist");
                    return err(format!(
                        "hole {} holds a queen of player {} at the start",
                        full.name(c),
                        p + 1
                    ));
                }
            }
        }

        let present = |f: u8, r: u8| base_present(f, r) && !holes.contains(&(f, r));
        let geo = if hex {
            Geometry::hex(side, &dirs, present)
        } else {
            Geometry::square(files, ranks, &dirs, present)
        };
        let cell = |(f, r): (u8, u8)| geo.at(f, r).expect("cell exists");
        let stones = drawn
            .iter()
            .filter(|d| d.2 == Drawn::Stone && !holes.contains(&(d.0, d.1)))
            .map(|d| cell((d.0, d.1)))
            .collect();
        let mut queens = ByPlayer::<Vec<Cell>>::default();
        let mut hand = ByPlayer::<u8>::default();
        for (p, qs) in start_queens.iter().enumerate() {
            queens.0[p] = qs.iter().map(|&c| cell(c)).collect();
            hand.0[p] = in_hand[p];
        }
        debug_assert!(geo.len() <= MAX_CELLS);
        let rays128 = Rays128::new(&geo);
        let lines = Lines::new(&geo);
        let max_sight = geo
            .cells()
            .map(|c| (0..geo.dir_count()).map(|d| geo.ray(c, d).len() as u64).sum())
            .max()
            .unwrap_or(0);
        let rules_key = {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            (geo.len(), geo.dir_count(), players, teams, killer, first.0).hash(&mut h);
            format!("{placement:?}").hash(&mut h);
            // The shape, holes included: every ray's length from every cell.
            for c in geo.cells() {
                for d in 0..geo.dir_count() {
                    geo.ray(c, d).len().hash(&mut h);
                }
            }
            h.finish()
        };
        Ok(Config {
            geo,
            players,
            teams,
            killer,
            placement,
            first,
            stones,
            queens,
            in_hand: hand,
            max_sight,
            rays128,
            lines,
            rules_key,
        })
    }
}

/// What a layout draws on a cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Drawn {
    Stone,
    Queen(Player),
}

/// The 2-player set-ups of the rules file's table, and the 4-player one on 10×10, as
/// `(file, rank)` per player.
fn square_setup(size: u8, players: u8) -> Option<Vec<Vec<(u8, u8)>>> {
    let s: &[&[&str]] = match (size, players) {
        (6, 2) => &[&["a2", "b1", "e1", "f2"], &["a5", "b6", "e6", "f5"]],
        (8, 2) => &[&["a3", "c1", "f1", "h3"], &["a6", "c8", "f8", "h6"]],
        (10, 2) => &[&["a4", "d1", "g1", "j4"], &["a7", "d10", "g10", "j7"]],
        (12, 2) => &[&["a5", "e1", "h1", "l5"], &["a8", "e12", "h12", "l8"]],
        (16, 2) => &[&["a6", "f1", "k1", "p6"], &["a11", "f16", "k16", "p11"]],
        (10, 4) => &[&["d1", "g1"], &["j4", "j7"], &["d10", "g10"], &["a4", "a7"]],
        _ => return None,
    };
    let coords = |n: &&str| parse_coords(n).expect("set-up cells are names");
    Some(s.iter().map(|p| p.iter().map(coords).collect()).collect())
}

/// Hex set-ups: queens on the inward cells of the corners (2 players: alternate corners;
/// 3 players: corners p−1 and p+2).
fn hex_setup(side: u8, players: u8) -> Option<Vec<Vec<(u8, u8)>>> {
    let corners = inward_cells(side);
    let pick = |idx: &[usize]| idx.iter().map(|&i| corners[i]).collect::<Vec<_>>();
    match players {
        2 => Some(vec![pick(&[0, 2, 4]), pick(&[1, 3, 5])]),
        3 => Some(vec![pick(&[0, 3]), pick(&[1, 4]), pick(&[2, 5])]),
        _ => None,
    }
}

/// The inward cells of the six corners, anticlockwise from the bottom corner, as
/// `(file, rank)` (s = 5: `e2 h2 h5 e8 b5 b2`): each corner's neighbour toward the centre.
fn inward_cells(side: u8) -> [(u8, u8); 6] {
    let m = side - 1; // the middle file
    let last = 2 * side - 2; // the last file
                             // Corners e1 (m,0), i1 (last,0), i5 (last,m), e9 (m,2m), a5 (0,m), a1 (0,0).
    [(m, 1), (last - 1, 1), (last - 1, m), (m, 2 * m - 1), (1, m), (1, 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inward_cells_of_side_5() {
        let names = ["e2", "h2", "h5", "e8", "b5", "b2"].map(|n| parse_coords(n).unwrap());
        assert_eq!(inward_cells(5), names);
    }
}
