//! Fixed-size bitsets over cells, for games whose boards fit a few words.

use crate::geometry::Cell;

/// A set of cells in `W` 64-bit words (so up to `64 * W` cells).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> std::fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.0)).finish()
    }
}

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Bits([0; W])
    }
}

impl<const W: usize> Bits<W> {
    /// No cells.
    pub const EMPTY: Self = Bits([0; W]);

    /// Cells `0..n`.
    pub fn first(n: usize) -> Self {
        let mut b = Self::EMPTY;
        for i in 0..n {
            b.insert(Cell(i as u16));
        }
        b
    }
    /// Whether `c` is in the set.
    #[inline]
    pub const fn contains(&self, c: Cell) -> bool {
        self.0[c.0 as usize >> 6] & (1 << (c.0 & 63)) != 0
    }
    /// Adds `c`.
    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0[c.index() >> 6] |= 1 << (c.0 & 63);
    }
    /// Removes `c`.
    #[inline]
    pub fn remove(&mut self, c: Cell) {
        self.0[c.index() >> 6] &= !(1 << (c.0 & 63));
    }
    /// Flips `c`.
    #[inline]
    pub fn toggle(&mut self, c: Cell) {
        self.0[c.index() >> 6] ^= 1 << (c.0 & 63);
    }
    /// Number of cells in the set.
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    /// Intersection.
    #[inline]
    pub fn and(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] &= o.0[i];
        }
        r
    }
    /// Union.
    #[inline]
    pub fn or(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] |= o.0[i];
        }
        r
    }
    /// Difference (`self` without `o`).
    #[inline]
    pub fn minus(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] &= !o.0[i];
        }
        r
    }
    /// The cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros();
                w &= w - 1;
                Some(Cell((i as u32 * 64 + b) as u16))
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut b = Bits::<2>::EMPTY;
        b.insert(Cell(3));
        b.insert(Cell(70));
        assert!(b.contains(Cell(70)) && !b.contains(Cell(6)));
        assert_eq!(b.iter().collect::<Vec<_>>(), [Cell(3), Cell(70)]);
        assert_eq!(b.count(), 2);
        b.remove(Cell(3));
        assert_eq!(b.count(), 1);
        assert_eq!(Bits::<2>::first(65).count(), 65);
        assert_eq!(Bits::<2>::first(65).minus(&b).count(), 65);
    }
}
