//! The transposition table of the alpha-beta search: buckets of two entries in plain atomics
//! (no locks; an entry is stored as `key ^ data` and `data`, so that a torn write by two
//! threads reads back as a miss, as in Hyatt's lockless hashing). A move is kept as its index
//! in the position's legal-move list (lists are deterministic), so one table serves every
//! game. Each search thread keeps one table for each player it searches for and reuses it from
//! that player's move to the next (entries of earlier searches age out by generation); two
//! bots playing each other on one thread (a match) so never read each other's results.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value itself.
    Exact = 0,
    /// The value is at least the score.
    Lower = 1,
    /// The value is at most the score.
    Upper = 2,
}

/// One stored result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hit {
    pub depth: u8,
    pub bound: Bound,
    pub score: i32,
    /// Index of the best move in the legal-move list.
    pub mv: Option<u16>,
}

const NO_MOVE: u64 = 0xFFFF;

fn pack(h: Hit, generation: u8) -> u64 {
    u64::from(h.score as u32)
        | u64::from(h.depth) << 32
        | (h.bound as u64) << 40
        | u64::from(generation & 63) << 42
        | h.mv.map_or(NO_MOVE, u64::from) << 48
}

fn unpack(d: u64) -> (Hit, u8) {
    let bound = match (d >> 40) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    let mv = (d >> 48) & 0xFFFF;
    let hit = Hit {
        score: d as u32 as i32,
        depth: (d >> 32) as u8,
        bound,
        mv: (mv != NO_MOVE).then_some(mv as u16),
    };
    (hit, ((d >> 42) & 63) as u8)
}

/// A table of `2 << bits` entries (16 bytes each).
pub(crate) struct Table {
    slots: Box<[AtomicU64]>,
    mask: usize,
}

impl Table {
    pub(crate) fn new(bits: u32) -> Table {
        let buckets = 1usize << bits;
        Table { slots: (0..buckets * 4).map(|_| AtomicU64::new(0)).collect(), mask: buckets - 1 }
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.mask) * 4
    }

    fn read(&self, i: usize) -> (u64, u64) {
        let k = self.slots[i].load(Ordering::Relaxed);
        let d = self.slots[i + 1].load(Ordering::Relaxed);
        (k ^ d, d)
    }

    /// The entry for `key`, if stored.
    pub(crate) fn get(&self, key: u64) -> Option<Hit> {
        let b = self.bucket(key);
        for i in [b, b + 2] {
            let (k, d) = self.read(i);
            if k == key && d != 0 {
                return Some(unpack(d).0);
            }
        }
        None
    }

    /// Stores `hit` for `key` in search `generation`: over the same position when it is not
    /// deeper, else over the shallower or older of the bucket's two entries.
    pub(crate) fn put(&self, key: u64, hit: Hit, generation: u8) {
        let b = self.bucket(key);
        let mut victim = b;
        let mut victim_rank = i32::MAX;
        for i in [b, b + 2] {
            let (k, d) = self.read(i);
            if d == 0 {
                victim = i;
                break;
            }
            let (old, g) = unpack(d);
            if k == key {
                if g == generation & 63
                    && old.depth > hit.depth
                    && hit.bound != Bound::Exact
                    && old.bound == Bound::Exact
                {
                    return;
                }
                // Keep the old best move when the new result has none.
                let hit = Hit { mv: hit.mv.or(old.mv), ..hit };
                self.write(i, key, pack(hit, generation));
                return;
            }
            let rank = i32::from(old.depth) - if g == generation & 63 { 0 } else { 1000 };
            if rank < victim_rank {
                victim_rank = rank;
                victim = i;
            }
        }
        self.write(victim, key, pack(hit, generation));
    }

    fn write(&self, i: usize, key: u64, data: u64) {
        self.slots[i].store(key ^ data, Ordering::Relaxed);
        self.slots[i + 1].store(data, Ordering::Relaxed);
    }
}

/// Entries per table: 2^20 (16 MiB).
const BITS: u32 = 19;

/// One thread's table for one player: the table, its generation, and the rules (game and
/// [`tabla_core::Game::rules_key`]) its entries belong to.
struct Owned {
    player: u8,
    table: Arc<Table>,
    generation: u8,
    rules: u64,
}

thread_local! {
    static TABLES: RefCell<Vec<Owned>> = const { RefCell::new(Vec::new()) };
}

/// This thread's table for searches of `player`'s moves under `rules`, and the generation
/// of a new search on it. A thread that searched another game or board before (a server's
/// worker threads do) gets a fresh table: equal hashes there can be different positions.
pub(crate) fn for_search(player: u8, rules: u64) -> (Arc<Table>, u8) {
    TABLES.with(|t| {
        let mut t = t.borrow_mut();
        let i = match t.iter().position(|e| e.player == player) {
            Some(i) => i,
            None => {
                let table = Arc::new(Table::new(BITS));
                t.push(Owned { player, table, generation: 0, rules });
                t.len() - 1
            }
        };
        let e = &mut t[i];
        if e.rules != rules {
            e.table = Arc::new(Table::new(BITS));
            e.generation = 0;
            e.rules = rules;
        }
        e.generation = e.generation.wrapping_add(1);
        (Arc::clone(&e.table), e.generation)
    })
}

/// This thread's table for `player`'s searches, as the last search left it (for reading
/// its lines), if it has one.
pub(crate) fn peek(player: u8) -> Option<Arc<Table>> {
    TABLES.with(|t| t.borrow().iter().find(|e| e.player == player).map(|e| Arc::clone(&e.table)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A server thread searches many games: another board or game starts from an empty
    /// table (equal hashes there can be different positions), the same one keeps it.
    #[test]
    fn another_rule_set_gets_a_fresh_table() {
        let (a, g1) = for_search(5, 111);
        a.put(42, Hit { depth: 3, bound: Bound::Exact, score: 9, mv: Some(1) }, g1);
        let (same, g2) = for_search(5, 111);
        assert!(Arc::ptr_eq(&a, &same) && g2 == g1.wrapping_add(1));
        assert!(same.get(42).is_some());
        let (other, _) = for_search(5, 222);
        assert!(other.get(42).is_none(), "another board's entry was read");
        assert!(peek(5).is_some_and(|t| Arc::ptr_eq(&t, &other)));
    }

    #[test]
    fn stores_and_reads_back_and_packs_every_field() {
        let t = Table::new(4);
        let h = Hit { depth: 7, bound: Bound::Lower, score: -123_456, mv: Some(41) };
        t.put(99, h, 3);
        assert_eq!(t.get(99), Some(h));
        assert_eq!(t.get(98), None);
        let none = Hit { depth: 9, bound: Bound::Exact, score: 5, mv: None };
        t.put(99, none, 3);
        assert_eq!(t.get(99), Some(Hit { mv: Some(41), ..none }), "the old move is kept");
        // Two other positions in the same bucket: the bucket keeps two of the three.
        t.put(99 + 16, h, 3);
        t.put(99 + 32, h, 3);
        assert!(t.get(99 + 32).is_some());
    }
}
