//! Perft and random playouts, written once for every game and monomorphised per game.

use crate::game::{Game, ToMove};
use rand::Rng;
use std::time::{Duration, Instant};

/// The number of move sequences of length `depth` from `game` (chance outcomes count as one
/// branch each; a game that ends early contributes nothing, as in chess perft).
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
    perft_inner(game, depth, &mut buffers)
}

fn perft_inner<G: Game>(game: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if game.to_move() == ToMove::Over {
        return 0;
    }
    if depth == 1 {
        return game.count_legal_moves();
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    game.legal_moves(moves);
    let mut total = 0;
    for &m in moves.iter() {
        let mut child = game.clone();
        child.play(m);
        total += perft_inner(&child, depth - 1, rest);
    }
    total
}

/// Perft split by first move: `(move text, count)` in legal-list order, for debugging a
/// disagreement with another implementation.
pub fn perft_divide<G: Game>(game: &G, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut child = game.clone();
            child.play(m);
            (game.format_move(m), perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}

/// Plays one uniformly random game to the end (chance nodes sampled by their probabilities)
/// and returns the final state and the number of moves played. `moves` is a reusable buffer.
pub fn random_playout<G: Game, R: Rng>(
    mut game: G,
    rng: &mut R,
    moves: &mut Vec<G::Move>,
) -> (G, u64) {
    let mut plies = 0;
    while game.to_move() != ToMove::Over {
        let m = game.random_move(rng, moves);
        game.play(m);
        plies += 1;
    }
    (game, plies)
}

/// Picks a chance outcome by its probability.
pub fn sample_chance<G: Game, R: Rng + ?Sized>(
    game: &G,
    outcomes: &[G::Move],
    rng: &mut R,
) -> G::Move {
    let mut x: f64 = rng.random();
    for &m in outcomes {
        x -= game.chance_probability(m);
        if x < 0.0 {
            return m;
        }
    }
    *outcomes.last().expect("a chance node has outcomes")
}

/// What a timed run of random playouts measured.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlayoutStats {
    /// Games played to the end.
    pub games: u64,
    /// Moves (including chance outcomes) played.
    pub moves: u64,
    /// Wall time spent.
    pub elapsed: Duration,
    /// Processor time the playing threads got (all of them together), where the system
    /// tells (Linux); on a machine shared with other work it is the fairer figure.
    pub cpu: Option<Duration>,
}

impl PlayoutStats {
    /// Finished games per second.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
    /// Moves played per second.
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
    /// Finished games per second of processor time, where it is known.
    pub fn games_per_cpu_second(&self) -> Option<f64> {
        self.cpu.map(|c| self.games as f64 / c.as_secs_f64().max(1e-9))
    }
}

/// The processor time the whole process (every thread, finished ones too) has had so far
/// (Linux: `/proc/self/stat`, in clock ticks of 1/100 s); `None` elsewhere.
pub fn process_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name may hold spaces; the fields after it are plain.
    let rest = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let (utime, stime): (u64, u64) = (fields.get(11)?.parse().ok()?, fields.get(12)?.parse().ok()?);
    Some(Duration::from_millis((utime + stime) * 10))
}

/// The processor time the calling thread has had so far (Linux: `/proc/thread-self/schedstat`,
/// nanoseconds); `None` elsewhere.
pub fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// When a run of random playouts stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// After the first game that ends once this much time has passed (at least one game).
    Time(Duration),
    /// After this many games (at least one): the same work in every run, for instruction
    /// counts.
    Games(u64),
}

/// Plays random games from `start` until `budget` has passed (at least one game).
/// `progress` is called after every 256th game with the time spent.
pub fn timed_playouts<G: Game, R: Rng>(
    start: &G,
    rng: &mut R,
    budget: Duration,
    progress: impl FnMut(Duration),
) -> PlayoutStats {
    playouts(start, rng, Until::Time(budget), progress)
}

/// Plays random games from `start` until `until` says stop. `progress` is called after every
/// 256th game with the time spent.
pub fn playouts<G: Game, R: Rng>(
    start: &G,
    rng: &mut R,
    until: Until,
    mut progress: impl FnMut(Duration),
) -> PlayoutStats {
    let t0 = Instant::now();
    let cpu0 = thread_cpu_time();
    let mut stats = PlayoutStats::default();
    let mut moves = Vec::new();
    loop {
        let (_, plies) = random_playout(start.clone(), rng, &mut moves);
        stats.moves += plies;
        stats.games += 1;
        let spent = t0.elapsed();
        // Reported every 256th game: a progress bar takes a lock, and a game can be a few
        // microseconds.
        if stats.games % 256 == 0 {
            progress(spent);
        }
        let done = match until {
            Until::Time(budget) => spent >= budget,
            Until::Games(n) => stats.games >= n,
        };
        if done {
            stats.elapsed = spent;
            stats.cpu = cpu0.zip(thread_cpu_time()).map(|(a, b)| b.saturating_sub(a));
            return stats;
        }
    }
}

/// [`playouts`] on `threads` threads at once, each an independent loop with its own
/// generator (seeded from `seed` and the thread's number) and each stopping by `until`:
/// the games and moves of all of them, over the wall time of the slowest. `progress` is
/// called by the first thread after every 256th of its games.
pub fn parallel_playouts<G: Game>(
    start: &G,
    threads: usize,
    seed: u64,
    until: Until,
    progress: impl FnMut(Duration) + Send,
) -> PlayoutStats {
    let t0 = Instant::now();
    let mut progress = Some(progress);
    let per_thread: Vec<PlayoutStats> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.max(1) as u64)
            .map(|t| {
                let mut report = if t == 0 { progress.take() } else { None };
                s.spawn(move || {
                    let mut rng = thread_rng(seed, t);
                    playouts(start, &mut rng, until, |spent| {
                        if let Some(f) = report.as_mut() {
                            f(spent);
                        }
                    })
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a playout thread panicked")).collect()
    });
    let mut total = PlayoutStats { elapsed: t0.elapsed(), ..PlayoutStats::default() };
    total.cpu = Some(Duration::ZERO);
    for s in per_thread {
        total.games += s.games;
        total.moves += s.moves;
        total.cpu = total.cpu.zip(s.cpu).map(|(a, b)| a + b);
    }
    total
}

/// The generator of playout thread `t` for the run seeded `seed`: thread 0 draws as a
/// one-thread run with the same seed does.
pub fn thread_rng(seed: u64, t: u64) -> rand::rngs::SmallRng {
    use rand::SeedableRng;
    rand::rngs::SmallRng::seed_from_u64(seed.wrapping_add(t.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
}

/// Positions met in `games` random games from `start` (every one, the final ones excluded),
/// as material for [`timed_movegen`].
pub fn sample_positions<G: Game, R: Rng>(start: &G, rng: &mut R, games: usize) -> Vec<G> {
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut g = start.clone();
        while g.to_move() != ToMove::Over {
            out.push(g.clone());
            let m = g.random_move(rng, &mut moves);
            g.play(m);
        }
    }
    out
}

/// Generates the legal moves of `positions` round and round until `budget` has passed;
/// returns (moves generated, time spent).
pub fn timed_movegen<G: Game>(positions: &[G], budget: Duration) -> (u64, Duration) {
    let t0 = Instant::now();
    let mut moves = Vec::new();
    let mut generated = 0;
    if positions.is_empty() {
        return (0, t0.elapsed());
    }
    loop {
        for p in positions {
            p.legal_moves(&mut moves);
            generated += moves.len() as u64;
        }
        let spent = t0.elapsed();
        if spent >= budget {
            return (generated, spent);
        }
    }
}

/// One line of a perft fixture file: `options | moves | depth | count | source`.
///
/// The one fixture format every game uses (`crates/tabla-games/tests/fixtures/*.perft`):
/// - `#` starts a comment line; blank lines are ignored;
/// - `options` are `KEY=VALUE` words separated by spaces (empty for the defaults);
/// - `moves` is a record played from the start (may be empty);
/// - `count` may be written with `_` or `,` between digit groups;
/// - `source` says where the figure comes from (its provenance), and must not be empty;
/// - a line that starts with `slow:` is checked only by the deep suite (`--ignored`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftFixture {
    /// 1-based line number in the file, for messages.
    pub line: usize,
    /// Option words (`size=10`).
    pub options: Vec<String>,
    /// The record played first.
    pub moves: String,
    /// Perft depth.
    pub depth: u32,
    /// The expected count.
    pub count: u64,
    /// Where the figure comes from.
    pub source: String,
    /// Whether it belongs to the deep suite.
    pub slow: bool,
}

/// Reads a perft fixture file (format: [`PerftFixture`]).
///
/// # Errors
/// A line that is not in the format, with its number.
pub fn parse_perft_fixtures(text: &str) -> Result<Vec<PerftFixture>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (slow, line) = match line.strip_prefix("slow:") {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let err = |what: &str| format!("line {}: {what}: {raw}", i + 1);
        if fields.len() != 5 {
            return Err(err("expected 5 fields `options | moves | depth | count | source`"));
        }
        let depth = fields[2].parse().map_err(|_| err("the depth is not a whole number"))?;
        let count = fields[3]
            .replace(['_', ','], "")
            .parse()
            .map_err(|_| err("the count is not a whole number"))?;
        if fields[4].is_empty() {
            return Err(err("every figure needs its source"));
        }
        out.push(PerftFixture {
            line: i + 1,
            options: fields[0].split_whitespace().map(String::from).collect(),
            moves: fields[1].to_string(),
            depth,
            count,
            source: fields[4].to_string(),
            slow,
        });
    }
    Ok(out)
}

/// Checks every fixture of a file whose `slow` flag equals `slow`, computing each count with
/// `perft(options, moves, depth)`. Returns how many were checked.
///
/// # Panics
/// On a malformed file or a figure that differs (all differences are listed).
pub fn check_perft_fixtures(
    name: &str,
    text: &str,
    slow: bool,
    mut perft: impl FnMut(&[String], &str, u32) -> Result<u64, String>,
) -> usize {
    let fixtures = parse_perft_fixtures(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut wrong = Vec::new();
    let mut checked = 0;
    for f in fixtures.iter().filter(|f| f.slow == slow) {
        checked += 1;
        match perft(&f.options, &f.moves, f.depth) {
            Ok(n) if n == f.count => {}
            Ok(n) => wrong.push(format!(
                "{name}:{}: {:?} after '{}' depth {}: got {n}, expected {} ({})",
                f.line, f.options, f.moves, f.depth, f.count, f.source
            )),
            Err(e) => wrong.push(format!("{name}:{}: {e}", f.line)),
        }
    }
    assert!(wrong.is_empty(), "perft figures differ:\n{}", wrong.join("\n"));
    checked
}
