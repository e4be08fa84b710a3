//! Amazons knowledge, after the strong programs (Amazong, Invader): territory by
//! queen-move distance (who reaches an empty cell in fewer queen moves owns it), the same by
//! king-move distance (which matters more early, when the queen-move view is too
//! optimistic), and queen mobility (a queen with few free neighbours is nearly lost).

use super::Evaluator;
use tabla_core::{Cell, Game, Player};
use tabla_games::amazons::{Amazons, MAX_CELLS};

/// The terms, each of which can be switched off to measure what it adds.
#[derive(Clone, Copy, Debug)]
pub struct AmazonsEval {
    /// Weight of queen-distance territory (per cell).
    pub queen_territory: i32,
    /// Weight of king-distance territory (per cell).
    pub king_territory: i32,
    /// Weight of mobility (per free cell next to a queen).
    pub mobility: i32,
}

impl Default for AmazonsEval {
    fn default() -> Self {
        AmazonsEval { queen_territory: 10, king_territory: 4, mobility: 2 }
    }
}

const FAR: u8 = u8::MAX;

/// Distances from `p`'s queens to every cell, in queen moves (`king` false) or king moves,
/// through empty cells only.
fn distances(g: &Amazons, p: Player, king: bool, dist: &mut [u8; MAX_CELLS]) {
    let geo = &g.config().geo;
    let n = geo.len();
    dist[..n].fill(FAR);
    let mut frontier: Vec<Cell> = g.queens_of(p).to_vec();
    for &q in &frontier {
        dist[q.index()] = 0;
    }
    let mut d = 0u8;
    let mut next = Vec::with_capacity(n);
    while !frontier.is_empty() && d < FAR - 1 {
        d += 1;
        next.clear();
        for &c in &frontier {
            for dir in 0..geo.dir_count() {
                for &t in geo.ray(c, dir) {
                    if !g.content(t).is_empty() {
                        break;
                    }
                    if dist[t.index()] > d {
                        dist[t.index()] = d;
                        next.push(t);
                    }
                    if king {
                        break;
                    }
                }
            }
        }
        std::mem::swap(&mut frontier, &mut next);
    }
}

impl AmazonsEval {
    /// Territory balance for `me` against everyone else (the nearest rival per cell).
    fn territory(&self, g: &Amazons, me: Player, king: bool) -> i32 {
        let geo = &g.config().geo;
        let n = geo.len();
        let mut mine = [FAR; MAX_CELLS];
        let mut theirs = [FAR; MAX_CELLS];
        let mut tmp = [FAR; MAX_CELLS];
        distances(g, me, king, &mut mine);
        for i in 0..g.player_count() {
            let p = Player(i as u8);
            if p == me || g.queens_of(p).is_empty() {
                continue;
            }
            distances(g, p, king, &mut tmp);
            for c in 0..n {
                theirs[c] = theirs[c].min(tmp[c]);
            }
        }
        let to_move_is_me = g.to_move() == tabla_core::ToMove::Player(me);
        let mut score = 0;
        for c in geo.cells() {
            if !g.content(c).is_empty() {
                continue;
            }
            let (a, b) = (mine[c.index()], theirs[c.index()]);
            score += match a.cmp(&b) {
                std::cmp::Ordering::Less => 4,
                std::cmp::Ordering::Greater => -4,
                // Equal distance: the side to move gets there first.
                std::cmp::Ordering::Equal if a == FAR => 0,
                std::cmp::Ordering::Equal => {
                    if to_move_is_me {
                        1
                    } else {
                        -1
                    }
                }
            };
        }
        score
    }

    fn mobility(&self, g: &Amazons, p: Player) -> i32 {
        let geo = &g.config().geo;
        g.queens_of(p)
            .iter()
            .map(|&q| {
                let free = (0..geo.dir_count())
                    .filter_map(|d| geo.neighbour(q, d))
                    .filter(|&c| g.content(c).is_empty())
                    .count() as i32;
                // A nearly shut-in queen costs much more than a free one gains.
                if free == 0 {
                    -12
                } else {
                    free.min(4) * 2 - 4
                }
            })
            .sum()
    }
}

impl Evaluator<Amazons> for AmazonsEval {
    fn evaluate(&self, g: &Amazons, me: Player) -> i32 {
        let mut v = 0;
        if self.queen_territory != 0 {
            v += self.queen_territory * self.territory(g, me, false) / 4;
        }
        if self.king_territory != 0 {
            v += self.king_territory * self.territory(g, me, true) / 4;
        }
        if self.mobility != 0 {
            let theirs: i32 = (0..g.player_count())
                .map(|i| Player(i as u8))
                .filter(|&p| p != me)
                .map(|p| self.mobility(g, p))
                .sum::<i32>()
                / (g.player_count() as i32 - 1).max(1);
            v += self.mobility * (self.mobility(g, me) - theirs);
        }
        v
    }

    fn scale(&self) -> f64 {
        60.0
    }
}
