//! Board geometry shared by the games: square grids with masks and regular hexagons, with
//! cell names, neighbour tables and precomputed rays, built once per rule set.
//!
//! Cells are numbered densely (`0..len`) over the cells that exist, so per-cell arrays and
//! bitsets waste nothing on holes or the corners of a hexagon.

use std::fmt;

/// A cell of a [`Geometry`], numbered densely from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Cell(pub u16);

impl Cell {
    /// The cell as an index into per-cell arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The 8 king directions of a square grid: the first 4 orthogonal, then the 4 diagonal.
/// `(file step, rank step)`.
pub const SQUARE_DIRS: [(i8, i8); 8] =
    [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The 6 edge directions of a hexagon in axial coordinates (see [`Geometry::hex`]), clockwise
/// from up: up, up-right, down-right, down, down-left, up-left. Opposite directions are 3
/// apart, the three lines are `d` and `d + 3`.
pub const HEX_DIRS: [(i8, i8); 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];

/// The 6 corner ("diagonal") directions of a hexagon, each the sum of two neighbouring edge
/// directions, clockwise from up-right.
pub const HEX_CORNER_DIRS: [(i8, i8); 6] = [(1, 2), (2, 1), (1, -1), (-1, -2), (-2, -1), (-1, 1)];

/// Which family a board belongs to, with its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// `files` × `ranks` grid (some cells may be masked out).
    Square {
        /// Columns, `a`... left to right.
        files: u8,
        /// Rows, 1... bottom to top.
        ranks: u8,
    },
    /// Regular hexagon of side `side` standing on a vertex (`shared/rules/hex-coordinates.md`).
    Hex {
        /// Cells along one edge.
        side: u8,
    },
}

/// A board: which cells exist, their names, neighbours and rays.
#[derive(Clone, PartialEq, Eq)]
pub struct Geometry {
    shape: Shape,
    /// `(file, rank)` of each cell, both 0-based (rank 0 is the bottom cell of its file).
    coords: Vec<(u8, u8)>,
    /// Cell number at `file * stride + rank`, or `NONE`.
    lookup: Vec<u16>,
    stride: usize,
    dirs: Vec<(i8, i8)>,
    /// `neighbours[cell * dirs + d]`, or `NONE`.
    neighbours: Vec<u16>,
    /// All rays back to back; ray `(cell, d)` is `rays[ray_at[i]..ray_at[i + 1]]`.
    rays: Vec<Cell>,
    ray_at: Vec<u32>,
}

const NONE: u16 = u16::MAX;

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({:?}, {} cells, {} dirs)", self.shape, self.len(), self.dirs.len())
    }
}

impl Geometry {
    /// A `files` × `ranks` grid whose cells are those where `present(file, rank)` holds (both
    /// 0-based), with steps in `dirs` (`(file, rank)` offsets; usually a prefix of
    /// [`SQUARE_DIRS`]). Rays stop before the first missing cell.
    pub fn square(
        files: u8,
        ranks: u8,
        dirs: &[(i8, i8)],
        present: impl Fn(u8, u8) -> bool,
    ) -> Geometry {
        let mut coords = Vec::new();
        for r in 0..ranks {
            for f in 0..files {
                if present(f, r) {
                    coords.push((f, r));
                }
            }
        }
        // On a square grid axial and named coordinates are the same.
        Self::build(
            Shape::Square { files, ranks },
            coords,
            dirs,
            |f, r| (i32::from(f), i32::from(r)),
            |q, a| (0..i32::from(files)).contains(&q) && (0..i32::from(ranks)).contains(&a),
        )
    }

    /// A regular hexagon of side `side` (cells where `present(file, rank)` holds, 0-based),
    /// with steps in `dirs` given in axial coordinates `(q, a)`: `q` is the file, `a` the
    /// rank plus how far right of the middle file the file lies. In those coordinates the
    /// six neighbours are the constant [`HEX_DIRS`].
    pub fn hex(side: u8, dirs: &[(i8, i8)], present: impl Fn(u8, u8) -> bool) -> Geometry {
        let m = i32::from(side) - 1;
        let files = 2 * side - 1;
        let file_len = move |f: i32| 2 * m + 1 - (f - m).abs();
        let mut coords = Vec::new();
        // Cells are numbered file by file (a1, a2, ..., b1, ...): the sorted order of names.
        for f in 0..files {
            for r in 0..file_len(i32::from(f)) as u8 {
                if present(f, r) {
                    coords.push((f, r));
                }
            }
        }
        let to_axial = move |f: u8, r: u8| -> (i32, i32) {
            let f = i32::from(f);
            (f, i32::from(r) + (f - m).max(0))
        };
        let in_hex = move |q: i32, a: i32| -> bool {
            if !(0..=2 * m).contains(&q) {
                return false;
            }
            let r = a - (q - m).max(0);
            (0..file_len(q)).contains(&r)
        };
        Self::build(Shape::Hex { side }, coords, dirs, to_axial, in_hex)
    }

    fn build(
        shape: Shape,
        coords: Vec<(u8, u8)>,
        dirs: &[(i8, i8)],
        to_axial: impl Fn(u8, u8) -> (i32, i32),
        in_shape: impl Fn(i32, i32) -> bool,
    ) -> Geometry {
        assert!(coords.len() < NONE as usize, "board too large");
        let max_q = coords.iter().map(|c| to_axial(c.0, c.1).0).max().unwrap_or(0) as usize;
        let max_a = coords.iter().map(|c| to_axial(c.0, c.1).1).max().unwrap_or(0) as usize;
        let stride = max_a + 1;
        // Lookup by axial coordinates while building; re-keyed by named ones below.
        let mut axial = vec![NONE; (max_q + 1) * stride];
        for (i, &(f, r)) in coords.iter().enumerate() {
            let (q, a) = to_axial(f, r);
            axial[q as usize * stride + a as usize] = i as u16;
        }
        let at = |q: i32, a: i32| -> u16 {
            if q < 0 || a < 0 || q as usize > max_q || a as usize >= stride || !in_shape(q, a) {
                NONE
            } else {
                axial[q as usize * stride + a as usize]
            }
        };
        let nd = dirs.len();
        let mut neighbours = vec![NONE; coords.len() * nd];
        let mut rays = Vec::new();
        let mut ray_at = Vec::with_capacity(coords.len() * nd + 1);
        for (i, &(f, r)) in coords.iter().enumerate() {
            let (q0, a0) = to_axial(f, r);
            for (d, &(dq, da)) in dirs.iter().enumerate() {
                ray_at.push(rays.len() as u32);
                let (mut q, mut a) = (q0 + i32::from(dq), a0 + i32::from(da));
                neighbours[i * nd + d] = at(q, a);
                loop {
                    let c = at(q, a);
                    if c == NONE {
                        break;
                    }
                    rays.push(Cell(c));
                    q += i32::from(dq);
                    a += i32::from(da);
                }
            }
        }
        ray_at.push(rays.len() as u32);
        // Name lookup: by (file, 0-based rank).
        let max_rank = coords.iter().map(|c| c.1).max().unwrap_or(0) as usize + 1;
        let max_file = coords.iter().map(|c| c.0).max().unwrap_or(0) as usize + 1;
        let mut lookup = vec![NONE; max_file * max_rank];
        for (i, &(f, r)) in coords.iter().enumerate() {
            lookup[f as usize * max_rank + r as usize] = i as u16;
        }
        Geometry {
            shape,
            coords,
            lookup,
            stride: max_rank,
            dirs: dirs.to_vec(),
            neighbours,
            rays,
            ray_at,
        }
    }

    /// The board's family and size.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// Whether the board has no cells at all.
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// Every cell in numbering order (sorted by file, then rank, on hexagons; by rank, then
    /// file, on square grids).
    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        (0..self.coords.len() as u16).map(Cell)
    }

    /// Number of step directions.
    #[inline]
    pub fn dir_count(&self) -> usize {
        self.dirs.len()
    }

    /// `(file, rank)` of a cell, both 0-based.
    #[inline]
    pub fn coords(&self, c: Cell) -> (u8, u8) {
        self.coords[c.index()]
    }

    /// The cell at `(file, rank)` (0-based), if it exists.
    pub fn at(&self, file: u8, rank: u8) -> Option<Cell> {
        let (f, r) = (file as usize, rank as usize);
        if r >= self.stride || f * self.stride + r >= self.lookup.len() {
            return None;
        }
        match self.lookup[f * self.stride + r] {
            NONE => None,
            c => Some(Cell(c)),
        }
    }

    /// The neighbour of `c` in direction `d`, if it exists.
    #[inline]
    pub fn neighbour(&self, c: Cell, d: usize) -> Option<Cell> {
        match self.neighbours[c.index() * self.dirs.len() + d] {
            NONE => None,
            n => Some(Cell(n)),
        }
    }

    /// The cells from `c` (excluded) in direction `d` up to the edge or the first missing
    /// cell.
    #[inline]
    pub fn ray(&self, c: Cell, d: usize) -> &[Cell] {
        let i = c.index() * self.dirs.len() + d;
        &self.rays[self.ray_at[i] as usize..self.ray_at[i + 1] as usize]
    }

    /// The name of a cell: file letter and 1-based rank (`c4`, `j10`).
    pub fn name(&self, c: Cell) -> String {
        let (f, r) = self.coords(c);
        format!("{}{}", (b'a' + f) as char, r + 1)
    }

    /// Reads a cell name (case-insensitive), if it names a cell of this board.
    pub fn parse_cell(&self, s: &str) -> Option<Cell> {
        let (f, r) = parse_coords(s)?;
        self.at(f, r)
    }
}

/// Reads `c4` as `(2, 3)` (0-based file and rank), whatever the board; `None` if it is not of
/// that form. Ranks have no leading zeros.
pub fn parse_coords(s: &str) -> Option<(u8, u8)> {
    let b = s.as_bytes();
    let (&f, digits) = b.split_first()?;
    let f = f.to_ascii_lowercase();
    if !f.is_ascii_lowercase() || digits.is_empty() || digits[0] == b'0' || digits.len() > 2 {
        return None;
    }
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let r: u8 = std::str::from_utf8(digits).ok()?.parse().ok()?;
    Some((f - b'a', r - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex5() -> Geometry {
        Geometry::hex(5, &HEX_DIRS, |_, _| true)
    }

    #[test]
    fn hexagon_has_the_right_cells() {
        assert_eq!(hex5().len(), 61);
        assert_eq!(Geometry::hex(4, &HEX_DIRS, |_, _| true).len(), 37);
        let g = hex5();
        for n in ["a1", "a5", "e1", "e9", "i1", "i5"] {
            assert!(g.parse_cell(n).is_some(), "{n}");
        }
        for n in ["a6", "e10", "j1", "i6"] {
            assert!(g.parse_cell(n).is_none(), "{n}");
        }
    }

    #[test]
    fn hex_neighbours_follow_the_coordinate_file() {
        let g = hex5();
        let n = |s: &str, d: usize| g.neighbour(g.parse_cell(s).unwrap(), d).map(|c| g.name(c));
        // Left half: up-right (x+1, r+1), down-right (x+1, r).
        assert_eq!(n("b2", 1).as_deref(), Some("c3"));
        assert_eq!(n("b2", 2).as_deref(), Some("c2"));
        // Right half: up-right (x+1, r), down-right (x+1, r-1); left: up-left (x-1, r+1).
        assert_eq!(n("f3", 1).as_deref(), Some("g3"));
        assert_eq!(n("f3", 2).as_deref(), Some("g2"));
        assert_eq!(n("f3", 5).as_deref(), Some("e4"));
        assert_eq!(n("f3", 4).as_deref(), Some("e3"));
        // Middle file: both sides step down on the right... and on the left.
        assert_eq!(n("e5", 5).as_deref(), Some("d5"));
        assert_eq!(n("e5", 4).as_deref(), Some("d4"));
        assert_eq!(n("e5", 1).as_deref(), Some("f5"));
        assert_eq!(n("e5", 2).as_deref(), Some("f4"));
        assert_eq!(n("e1", 3), None);
        // Every neighbour relation is symmetric.
        for c in g.cells() {
            for d in 0..6 {
                if let Some(m) = g.neighbour(c, d) {
                    assert_eq!(g.neighbour(m, (d + 3) % 6), Some(c));
                }
            }
        }
    }

    #[test]
    fn rays_run_to_the_edge_and_skip_missing_cells() {
        let g = Geometry::square(6, 6, &SQUARE_DIRS, |f, r| !(f == 2 && r == 0));
        assert_eq!(g.len(), 35);
        let a1 = g.parse_cell("a1").unwrap();
        let names: Vec<String> = g.ray(a1, 1).iter().map(|&c| g.name(c)).collect();
        assert_eq!(names, ["b1"]);
        assert_eq!(g.ray(a1, 4).len(), 5);
        let c = Geometry::hex(5, &HEX_CORNER_DIRS, |_, _| true);
        let e5 = c.parse_cell("e5").unwrap();
        assert_eq!(c.ray(e5, 0).iter().map(|&x| c.name(x)).collect::<Vec<_>>(), ["f6", "g7"]);
    }
}
