//! Computer players for every game: Monte Carlo tree search (UCT) generic over
//! [`tabla_core::Game`], for 2–4 players (each node scored for the player who moved into
//! it) and chance nodes (outcomes sampled by their probabilities), with levels that trade
//! strength for time.
//!
//! The search knows nothing of any particular game or of any front end.

use std::time::{Duration, Instant};
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::{Rng, SeedableRng};
use tabla_core::{Game, Player, ToMove, MAX_PLAYERS};

/// How much thinking a search may do; it stops at whichever limit comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Playouts at most.
    pub iterations: Option<u64>,
    /// Wall time at most.
    pub time: Option<Duration>,
}

impl Budget {
    /// The budget of a level, 1 (friendly: a few dozen playouts) to [`MAX_LEVEL`] (the
    /// strongest: several seconds of search).
    pub fn level(level: u8) -> Budget {
        let level = level.clamp(1, MAX_LEVEL);
        let iterations = [30, 200, 1_000, 5_000, 20_000, 80_000, 300_000][level as usize - 1];
        let seconds = [1, 1, 2, 3, 5, 10, 20][level as usize - 1];
        Budget { iterations: Some(iterations), time: Some(Duration::from_secs(seconds)) }
    }

    /// A time limit only.
    pub fn time(t: Duration) -> Budget {
        Budget { iterations: None, time: Some(t) }
    }
}

/// The strongest level.
pub const MAX_LEVEL: u8 = 7;

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The most visited move at the root.
    pub best: M,
    /// Playouts done.
    pub iterations: u64,
    /// Each root move with its visits and its average score for the player to move.
    pub moves: Vec<(M, u32, f64)>,
}

struct Node<M> {
    /// The move that led here (none at the root).
    mv: Option<M>,
    /// The player who chose that move (none for chance outcomes and the root).
    mover: Option<Player>,
    children: Vec<u32>,
    /// Legal moves not yet given a child; filled on the first visit.
    untried: Vec<M>,
    expanded: bool,
    visits: u32,
    /// Sum of the mover's scores over the playouts through this node.
    reward: f64,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: Option<Player>) -> Node<M> {
        Node {
            mv,
            mover,
            children: Vec::new(),
            untried: Vec::new(),
            expanded: false,
            visits: 0,
            reward: 0.0,
        }
    }
}

/// Exploration constant of UCT for scores in [0, 1].
const EXPLORATION: f64 = 1.0;

/// Searches `root` within `budget` and returns the best move, or `None` when no player is to
/// move (the game is over, or chance moves next). The same seed and iteration budget give
/// the same move.
pub fn search<G: Game>(root: &G, budget: Budget, seed: u64) -> Option<SearchResult<G::Move>> {
    search_observed(root, budget, seed, None)
}

/// A look at a running search, for front ends that show the computer thinking.
#[derive(Clone, Debug)]
pub struct Progress<M> {
    /// Playouts so far.
    pub iterations: u64,
    /// Time spent so far.
    pub elapsed: Duration,
    /// The most visited root move so far.
    pub best: M,
    /// Its average score (0 to 1) for the player to move.
    pub score: f64,
}

/// How often a watched search reports.
const REPORT_EVERY: Duration = Duration::from_millis(100);

/// As [`search`], calling `on_progress` about every 100 ms with the best move so far. The
/// reports do not change the search: the same seed gives the same result as [`search`].
pub fn search_with_progress<G: Game>(
    root: &G,
    budget: Budget,
    seed: u64,
    on_progress: &mut dyn FnMut(&Progress<G::Move>),
) -> Option<SearchResult<G::Move>> {
    search_observed(root, budget, seed, Some(on_progress))
}

/// The most visited child of the root with its average score.
fn leader<M: Copy>(nodes: &[Node<M>]) -> Option<(M, f64)> {
    let c = nodes[0].children.iter().max_by_key(|&&c| nodes[c as usize].visits)?;
    let ch = &nodes[*c as usize];
    Some((ch.mv?, ch.reward / f64::from(ch.visits.max(1))))
}

fn search_observed<G: Game>(
    root: &G,
    budget: Budget,
    seed: u64,
    mut on_progress: Option<&mut dyn FnMut(&Progress<G::Move>)>,
) -> Option<SearchResult<G::Move>> {
    if !matches!(root.to_move(), ToMove::Player(_)) {
        return None;
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut nodes: Vec<Node<G::Move>> = vec![Node::new(None, None)];
    let mut buf = Vec::new();
    let mut path: Vec<u32> = Vec::new();
    let players = root.player_count();
    let t0 = Instant::now();
    let mut iterations = 0u64;
    // A single legal move needs no thought.
    root.legal_moves(&mut buf);
    if buf.len() == 1 {
        return Some(SearchResult { best: buf[0], iterations: 0, moves: vec![(buf[0], 0, 0.5)] });
    }
    let mut reported = t0;
    loop {
        if let Some(report) = on_progress.as_mut() {
            if iterations.is_multiple_of(64) && reported.elapsed() >= REPORT_EVERY {
                reported = Instant::now();
                if let Some((best, score)) = leader(&nodes) {
                    report(&Progress { iterations, elapsed: t0.elapsed(), best, score });
                }
            }
        }
        if budget.iterations.is_some_and(|n| iterations >= n)
            || (iterations.is_multiple_of(64) && budget.time.is_some_and(|t| t0.elapsed() >= t))
        {
            break;
        }
        iterations += 1;
        let mut state = root.clone();
        let mut node = 0u32;
        path.clear();
        path.push(0);
        // Selection and expansion.
        loop {
            let to_move = state.to_move();
            if to_move == ToMove::Over {
                break;
            }
            let n = node as usize;
            if !nodes[n].expanded {
                nodes[n].expanded = true;
                state.legal_moves(&mut buf);
                if to_move == ToMove::Chance {
                    // Every outcome gets its child at once, in list order.
                    for &m in buf.iter() {
                        let id = nodes.len() as u32;
                        nodes.push(Node::new(Some(m), None));
                        nodes[n].children.push(id);
                    }
                } else {
                    nodes[n].untried = buf.clone();
                }
            }
            if to_move == ToMove::Chance {
                // Sample among the children (one per outcome) without listing moves again.
                let mut x: f64 = rng.random();
                let children = &nodes[n].children;
                node = *children.last().expect("a chance node has outcomes");
                for &c in children {
                    x -= state.chance_probability(nodes[c as usize].mv.expect("outcome"));
                    if x < 0.0 {
                        node = c;
                        break;
                    }
                }
                state.play(nodes[node as usize].mv.expect("outcome"));
                path.push(node);
                continue;
            }
            let ToMove::Player(p) = to_move else { unreachable!() };
            if !nodes[n].untried.is_empty() {
                let k = rng.random_range(0..nodes[n].untried.len());
                let m = nodes[n].untried.swap_remove(k);
                let id = nodes.len() as u32;
                nodes.push(Node::new(Some(m), Some(p)));
                nodes[n].children.push(id);
                state.play(m);
                path.push(id);
                break;
            }
            // UCT over the children.
            let ln = f64::from(nodes[n].visits.max(1)).ln();
            let mut best = (f64::NEG_INFINITY, 0u32);
            for &c in &nodes[n].children {
                let ch = &nodes[c as usize];
                let v = f64::from(ch.visits.max(1));
                let u = ch.reward / v + EXPLORATION * (ln / v).sqrt();
                if u > best.0 {
                    best = (u, c);
                }
            }
            node = best.1;
            state.play(nodes[node as usize].mv.expect("children have moves"));
            path.push(node);
        }
        // Playout.
        while state.to_move() != ToMove::Over {
            let m = state.random_move(&mut rng, &mut buf);
            state.play(m);
        }
        let outcome = state.outcome().expect("over");
        let mut scores = [0.0; MAX_PLAYERS];
        for (i, s) in scores.iter_mut().enumerate().take(players) {
            *s = outcome.score(Player(i as u8), players);
        }
        for &id in &path {
            let nd = &mut nodes[id as usize];
            nd.visits += 1;
            if let Some(p) = nd.mover {
                nd.reward += scores[p.index()];
            }
        }
    }
    let root_node = &nodes[0];
    let mut moves: Vec<(G::Move, u32, f64)> = root_node
        .children
        .iter()
        .map(|&c| {
            let ch = &nodes[c as usize];
            (ch.mv.expect("move"), ch.visits, ch.reward / f64::from(ch.visits.max(1)))
        })
        .collect();
    moves.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
    let best = match moves.first() {
        Some(m) => m.0,
        None => {
            // No playout finished an expansion (tiny budget): any legal move.
            root.legal_moves(&mut buf);
            buf[rng.random_range(0..buf.len())]
        }
    };
    Some(SearchResult { best, iterations, moves })
}

/// The best move for any registered game, in canonical notation; `None` when no player is
/// to move. Matches once on the closed enum of the games, so the search itself runs
/// monomorphised, and a new game that is not handled here does not compile.
///
/// # Errors
/// None today; kept so that a search that cannot run (no budget) can say why.
pub fn best_move_dyn(
    game: &tabla_games::AnyGame,
    budget: Budget,
    seed: u64,
) -> Result<Option<String>, String> {
    Ok(tabla_games::with_game!(game, g => search(g, budget, seed).map(|r| g.format_move(r.best))))
}

/// What the computer chose, for front ends that say how it judges the position.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The move, in canonical notation.
    pub best: String,
    /// Its average score (0 to 1) for the player to move; 0.5 for a move found without search.
    pub score: f64,
    /// Playouts through it.
    pub visits: u32,
    /// The average score over all playouts, for the player to move.
    pub mean: f64,
    /// Playouts done.
    pub iterations: u64,
}

/// As [`best_move_dyn`], reporting the search's progress (best move so far in notation,
/// its score) about every 100 ms, and returning the score of the chosen move. Same seed,
/// same move as [`best_move_dyn`].
pub fn best_move_dyn_with_progress(
    game: &tabla_games::AnyGame,
    budget: Budget,
    seed: u64,
    on_progress: &mut dyn FnMut(&Progress<String>),
) -> Option<Thought> {
    tabla_games::with_game!(game, g => {
        let mut relay = |p: &Progress<_>| {
            on_progress(&Progress {
                iterations: p.iterations,
                elapsed: p.elapsed,
                best: g.format_move(p.best),
                score: p.score,
            })
        };
        search_with_progress(g, budget, seed, &mut relay).map(|r| {
            let (visits, score) =
                r.moves.iter().find(|m| m.0 == r.best).map_or((0, 0.5), |m| (m.1, m.2));
            let total: u32 = r.moves.iter().map(|m| m.1).sum();
            let sum: f64 = r.moves.iter().map(|m| f64::from(m.1) * m.2).sum();
            let mean = if total == 0 { 0.5 } else { sum / f64::from(total) };
            Thought { best: g.format_move(r.best), score, visits, mean, iterations: r.iterations }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabla_core::GameOptions;
    use tabla_games::amazons::{Amazons, OPTIONS};

    fn amazons(words: &[&str]) -> Amazons {
        let w: Vec<String> = words.iter().map(|s| s.to_string()).collect();
        Amazons::from_options(&GameOptions::parse(OPTIONS, &w).unwrap()).unwrap()
    }

    #[test]
    fn finds_the_only_winning_turn() {
        // White a3 can wall black (c1) in by moving to b2 and shooting b1? Black c1's
        // neighbours: b1, b2, c2. Layout: white a3, stones on c2; white moves a3-b2 and shoots
        // b1 (or moves to b1 and shoots b2): black has no move and loses.
        let g = amazons(&["layout=1../..#/..2"]);
        let r = search(&g, Budget { iterations: Some(3000), time: None }, 1).unwrap();
        let mut after = g.clone();
        after.play(r.best);
        assert_eq!(after.to_move(), ToMove::Over, "{}", g.format_move(r.best));
    }

    #[test]
    fn no_move_at_the_end_or_at_chance() {
        let g = amazons(&["layout=1#./##./..2"]);
        assert!(search(&g, Budget::level(1), 0).is_none());
    }

    #[test]
    fn every_registered_game_has_a_computer_player() {
        for info in tabla_games::GAMES {
            let mut g = tabla_games::new_game(info.id, &[]).unwrap();
            // Let chance act first where it starts the game.
            while g.to_move() == ToMove::Chance {
                let first = g.legal()[0].clone();
                g.play_text(&first).unwrap();
            }
            let m = best_move_dyn(&g, Budget { iterations: Some(50), time: None }, 3)
                .unwrap_or_else(|e| panic!("{e}"))
                .expect("a player is to move");
            assert!(g.legal().contains(&m), "{}: {m}", info.id);
        }
    }

    #[test]
    fn watching_does_not_change_the_move() {
        let g = tabla_games::new_game("amazons", &[]).unwrap();
        let budget = Budget { iterations: Some(400), time: None };
        let plain = best_move_dyn(&g, budget, 5).unwrap().unwrap();
        let watched = best_move_dyn_with_progress(&g, budget, 5, &mut |_| {}).unwrap();
        assert_eq!(plain, watched.best);
        assert!((0.0..=1.0).contains(&watched.score));
    }

    #[test]
    fn same_seed_same_move() {
        let g = amazons(&[]);
        let a = search(&g, Budget { iterations: Some(500), time: None }, 9).unwrap().best;
        let b = search(&g, Budget { iterations: Some(500), time: None }, 9).unwrap().best;
        assert_eq!(a, b);
    }
}
