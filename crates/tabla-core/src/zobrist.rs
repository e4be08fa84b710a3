//! Zobrist keys computed on demand: a fixed mix of (table, index), so games need no key
//! tables and every run hashes the same way.

/// The key of item `index` in key table `table` (a game numbers its tables: piece kinds,
/// side to move, counters...). Deterministic and well mixed (SplitMix64's finaliser).
#[inline]
pub const fn zobrist(table: u32, index: u32) -> u64 {
    let mut z = ((table as u64) << 32 | index as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A precomputed table of `N` keys for table `table`, for hot paths.
pub const fn zobrist_table<const N: usize>(table: u32) -> [u64; N] {
    let mut t = [0u64; N];
    let mut i = 0;
    while i < N {
        t[i] = zobrist(table, i as u32);
        i += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ() {
        let mut seen = std::collections::HashSet::new();
        for t in 0..8 {
            for i in 0..1000 {
                assert!(seen.insert(zobrist(t, i)));
            }
        }
        assert_eq!(zobrist_table::<4>(3)[2], zobrist(3, 2));
    }
}
