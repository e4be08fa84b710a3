//! The rule set of one Amazons game, built once from the options and shared by every
//! position of that game: board geometry, players, variants, the starting position.

use tabla_core::geometry::{parse_coords, HEX_CORNER_DIRS, HEX_DIRS, SQUARE_DIRS};
use tabla_core::{Cell, GameOptions, Geometry, OptionError, OptionSpec, Player};

/// Most cells a board can have: 26 × 26 square.
pub const MAX_CELLS: usize = 26 * 26;
/// Most queens a player can have.
pub const MAX_QUEENS: usize = 4;

/// Which `(file, rank)` cells a board shape has.
type CellFilter = Box<dyn Fn(u8, u8) -> bool>;

/// The options of `amazons`, as the rules file lists them.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "size",
        values: "4–26",
        default: "6",
        help: "square board size; odd sizes lose the centre cell",
        choices: &[],
    },
    OptionSpec {
        key: "queens",
        values: "1–4",
        default: "the set-up's count",
        help: "queens per player; a count other than the set-up's means placing them",
        choices: &[],
    },
    OptionSpec {
        key: "killer",
        values: "off, on",
        default: "off",
        help: "a queen may end its move on an enemy queen and capture it",
        choices: &["off", "on"],
    },
    OptionSpec {
        key: "placement",
        values: "none, alternate, free",
        default: "none",
        help: "alternate: queens are placed first, one per turn; free: place or move each turn",
        choices: &["none", "alternate", "free"],
    },
    OptionSpec {
        key: "board",
        values: "square, hex",
        default: "square",
        help: "square grid or regular hexagon",
        choices: &["square", "hex"],
    },
    OptionSpec {
        key: "side",
        values: "3–13",
        default: "5",
        help: "side of the hex board",
        choices: &[],
    },
    OptionSpec {
        key: "hex_diagonals",
        values: "off, on",
        default: "off",
        help: "hex boards: queens also move through cell corners (12 directions)",
        choices: &["off", "on"],
    },
    OptionSpec {
        key: "holes",
        values: "cells, comma-separated",
        default: "none",
        help: "cells that are not part of the board",
        choices: &[],
    },
    OptionSpec {
        key: "layout",
        values: "board text (rows top first, '/' between)",
        default: "none",
        help: "any board shape and position: . empty, # stone, - no cell, 1-4 a queen",
        choices: &[],
    },
    OptionSpec {
        key: "turn",
        values: "1–players",
        default: "1",
        help: "which player moves first",
        choices: &[],
    },
    OptionSpec {
        key: "players",
        values: "2, 3, 4",
        default: "2",
        help: "number of players; 3–4 play until one is left",
        choices: &["2", "3", "4"],
    },
    OptionSpec {
        key: "teams",
        values: "off, on",
        default: "off",
        help: "4 players only: players 1+3 against 2+4",
        choices: &["off", "on"],
    },
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
pub struct Rules {
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
    /// Queens on the board at the start, per player.
    pub queens: Vec<Vec<Cell>>,
    /// Queens in hand at the start, per player.
    pub in_hand: Vec<u8>,
    /// The most cells any cell sees along all its rays: a bound on the stone shots after any
    /// queen move, which the uniform random-move sampler needs.
    pub max_sight: u64,
    /// Rays as bitsets, for boards of at most 128 cells (most games): `None` on larger ones,
    /// which walk the rays cell by cell instead.
    pub rays128: Option<Rays128>,
}

/// Every ray of a board of at most 128 cells as a bitset. Cells are numbered so that every
/// ray runs either up or down in cell number, so the blocker nearest to the ray's origin is
/// the lowest or the highest occupied bit of the ray, and the cells before it are the ray's
/// bits below or above it.
#[derive(Debug, PartialEq)]
pub struct Rays128 {
    dirs: usize,
    /// `rays[cell * dirs + d]`.
    rays: Vec<u128>,
    /// Whether that ray runs up in cell number.
    up: Vec<bool>,
    /// Each cell's neighbours (the first cell of each ray).
    adjacent: Vec<u128>,
}

impl Rays128 {
    fn new(geo: &Geometry) -> Option<Rays128> {
        if geo.len() > 128 {
            return None;
        }
        let dirs = geo.dir_count();
        let mut rays = Vec::with_capacity(geo.len() * dirs);
        let mut up = Vec::with_capacity(geo.len() * dirs);
        for c in geo.cells() {
            for d in 0..dirs {
                let ray = geo.ray(c, d);
                rays.push(ray.iter().fold(0u128, |m, x| m | 1 << x.0));
                let rising = ray.first().is_none_or(|x| x.0 > c.0);
                debug_assert!(ray.windows(2).all(|w| (w[1].0 > w[0].0) == rising));
                up.push(rising);
            }
        }
        let adjacent = geo
            .cells()
            .map(|c| (0..dirs).filter_map(|d| geo.neighbour(c, d)).fold(0, |m, n| m | 1 << n.0))
            .collect();
        Some(Rays128 { dirs, rays, up, adjacent })
    }

    /// The cells seen from `c` along every ray up to (not including) the first occupied cell;
    /// each first occupied cell that is also in `landable` is included.
    #[inline]
    pub fn sight(&self, c: Cell, occupied: u128, landable: u128) -> u128 {
        let base = c.index() * self.dirs;
        let rays = &self.rays[base..base + self.dirs];
        let up = &self.up[base..base + self.dirs];
        let mut seen = 0;
        for (&ray, &up) in rays.iter().zip(up) {
            let (bit, before) = along(ray, up, occupied);
            seen |= before | (bit & landable);
        }
        seen
    }

    /// The neighbours of `c`.
    #[inline]
    pub fn adjacent(&self, c: Cell) -> u128 {
        self.adjacent[c.index()]
    }

    /// The `n`-th cell (0-based, direction by direction) seen from `c` up to the first
    /// occupied cell, or `None` when fewer are seen. The same as counting [`Rays128::sight`]
    /// but stops at the direction that holds it: the random-move sampler's acceptance test.
    #[inline]
    pub fn nth_seen(&self, c: Cell, occupied: u128, mut n: u32) -> Option<Cell> {
        let base = c.index() * self.dirs;
        let rays = &self.rays[base..base + self.dirs];
        let up = &self.up[base..base + self.dirs];
        for (&ray, &up) in rays.iter().zip(up) {
            let before = along(ray, up, occupied).1;
            let k = before.count_ones();
            if n < k {
                return Some(nth_bit(before, n));
            }
            n -= k;
        }
        None
    }
}

/// Along one ray (`up`: rising in cell number): the first occupied cell as a bit (0 if none)
/// and the ray's cells before it. Those are on the origin's side of the blocker in cell
/// number: below it on a rising ray, above it on a falling one. Branch-free, so that the
/// direction loops do not mispredict; no blocker gives the whole ray.
#[inline]
fn along(ray: u128, up: bool, occupied: u128) -> (u128, u128) {
    let blockers = ray & occupied;
    if up {
        let low = blockers & blockers.wrapping_neg();
        (low, ray & low.wrapping_sub(1))
    } else {
        let lz = blockers.leading_zeros();
        let high = (1u128 << 127).checked_shr(lz).unwrap_or(0);
        (high, ray & (!0u128).checked_shl(128 - lz).unwrap_or(0))
    }
}

/// The `n`-th (0-based) set bit of `x`.
#[inline]
pub fn nth_bit(mut x: u128, n: u32) -> Cell {
    let low = x as u64;
    let (mut x64, mut n, offset) = if n < low.count_ones() {
        (low, n, 0)
    } else {
        (((x >> 64) as u64), n - low.count_ones(), 64)
    };
    while n > 0 {
        x64 &= x64 - 1;
        n -= 1;
    }
    x = u128::from(x64);
    Cell((x.trailing_zeros() + offset) as u16)
}

impl Rules {
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
    pub fn from_options(o: &GameOptions) -> Result<Rules, OptionError> {
        let err = |s: String| Err(OptionError(s));
        let players: u8 = o.choice("players", "2").parse().expect("validated choice");
        let teams = o.flag("teams", false);
        if teams && players != 4 {
            return err(format!("teams=on needs players=4 (got players={players})"));
        }
        let hex = o.choice("board", "square") == "hex";
        let diagonals = o.flag("hex_diagonals", false);
        let explicit_queens = o.int("queens", 1, MAX_QUEENS as i64)?.map(|q| q as u8);
        let placement_opt = o.get("placement");
        let killer = o.flag("killer", false);
        let first = match o.int("turn", 1, i64::from(players)) {
            Ok(t) => Player(t.unwrap_or(1) as u8 - 1),
            Err(_) => {
                return err(format!(
                    "option turn={}: expected a player from 1 to {players}",
                    o.get("turn").unwrap_or("")
                ))
            }
        };
        if !hex && (o.is_set("side") || diagonals) {
            return err("options side and hex_diagonals need board=hex".to_string());
        }
        let side = o.int("side", 3, 13)?.unwrap_or(5) as u8;
        let size = o.int("size", 4, 26)?.unwrap_or(6) as u8;

        // The board shape, before holes: which cells exist, and what the shape draws.
        let mut drawn: Vec<(u8, u8, u8)> = Vec::new(); // (file, rank, glyph) from a layout
        let (files, ranks, base_present): (u8, u8, CellFilter) = if let Some(text) = o.get("layout")
        {
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
                        '#' => drawn.push((f, rank, b'#')),
                        '-' => continue,
                        '1'..='4' => {
                            let p = ch as u8 - b'0';
                            if p > players {
                                return err(format!(
                                    "layout draws a queen of player {p}, but players={players}"
                                ));
                            }
                            drawn.push((f, rank, ch as u8));
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
        if let Some(list) = o.get("holes") {
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
        let setup: Option<Vec<Vec<(u8, u8)>>> = if o.is_set("layout") {
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
        let drawn_queens: Vec<(u8, u8, u8)> =
            drawn.iter().copied().filter(|d| d.2 != b'#').collect();
        let placement = match placement_opt {
            Some("alternate") => Placement::Alternate,
            Some("free") => Placement::Free,
            _ => Placement::None,
        };
        let explicit_placement = placement != Placement::None;
        let mut placement = placement;
        let mut in_hand = vec![0u8; players as usize];
        if o.is_set("layout") {
            for &(f, r, g) in &drawn_queens {
                start_queens[(g - b'1') as usize].push((f, r));
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
            .filter(|d| d.2 == b'#' && !holes.contains(&(d.0, d.1)))
            .map(|d| cell((d.0, d.1)))
            .collect();
        let queens = start_queens.iter().map(|qs| qs.iter().map(|&c| cell(c)).collect()).collect();
        debug_assert!(geo.len() <= MAX_CELLS);
        let rays128 = Rays128::new(&geo);
        let max_sight = geo
            .cells()
            .map(|c| (0..geo.dir_count()).map(|d| geo.ray(c, d).len() as u64).sum())
            .max()
            .unwrap_or(0);
        Ok(Rules {
            geo,
            players,
            teams,
            killer,
            placement,
            first,
            stones,
            queens,
            in_hand,
            max_sight,
            rays128,
        })
    }
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
