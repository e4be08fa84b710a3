//! `tabla`: play, study and query four abstract board games.

mod bench;
mod board_text;
mod lab;
mod menu;
mod narrate;
mod play;
mod rules_doc;
mod saves;

use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;
use std::time::Duration;
use tabla_core::{perft, play_record, DynGame, StateReport};
use tabla_games::{with_game, AnyGame};

/// Tabla: GIPF, Bulgarian Ur, Seega and Amazons, to play and to study.
///
/// Without a command, starts the game server (`tabla serve`) and prints the address to open
/// in a browser. `tabla play` without a game shows a menu to play in the terminal.
/// Games: amazons, gipf, seega, bulgarian-ur (see `tabla rules GAME`).
#[derive(Parser)]
#[command(name = "tabla", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

const EXAMPLES: &str = "Examples:
  tabla                                   the server: open the address it prints
  tabla serve --addr 0.0.0.0:8080 --db games.sqlite3
  tabla play                              a menu: pick a game, play in the terminal
  tabla play amazons                      a 6×6 game for two at one keyboard
  tabla play amazons -o size=10           the tournament board
  tabla state amazons -o size=10          the legal moves as JSON (2176 of them)
  tabla state seega --moves 'a1,b2 c1,d2' --trace
  tabla perft amazons --depth 2           238532 sequences of two turns
  tabla play gipf --ai black --level 4    play White against the computer
  tabla bestmove amazons --time-ms 500
  tabla bench playouts amazons -o size=10 --seconds 5
  tabla rules gipf
  tabla rules seega --lang hu             the rules in Hungarian";

const SERVE_HELP: &str =
    "Prints the address to open, then logs one line per request and per move to
standard error (level via RUST_LOG, e.g. RUST_LOG=warn). Ctrl-C stops it; every
acknowledged move is already stored, and computer turns cut off by a stop resume
when the server starts again on the same file or database.

Examples:
  tabla serve                                  http://127.0.0.1:8080/, ./tabla.sqlite3
  tabla serve --addr 127.0.0.1:0               any free port (printed)
  tabla serve --addr 0.0.0.0:8080 --db /var/lib/tabla/games.sqlite3
  tabla serve --seed 7 --db /tmp/t.sqlite3     tests: the same games every run
  tabla serve --db postgres://tabla@127.0.0.1:5432/tabla
                                               PostgreSQL instead of a file

--db postgres://USER[:PASSWORD]@HOST[:PORT]/DB keeps the games in that PostgreSQL
database (which must exist; tabla creates and migrates its tables). A bad address or a
server that cannot be reached stops tabla with a message. One server instance per
database for now: several at once are not supported yet.

--seed S (for tests only): every new game's secret, from which its dice and its computer
seats' choices are drawn, comes from S and the game's creation number in the database
(1 for the first game in it, 2 for the next, ...) instead of at random. With a fresh
database, the same requests then give the same rolls and the same computer moves at
levels 1 and 2 every run (higher levels think for a time, so how far they get depends on
the machine). Tokens and ids stay random. Whoever knows S can foresee the dice: never
use it for a server people play on.";

#[derive(Subcommand)]
enum Command {
    /// Serve the games over HTTP: the web page, the API of docs/http-contract.md, live
    /// updates; games are kept in a SQLite file or a PostgreSQL database.
    #[command(after_help = SERVE_HELP)]
    Serve {
        /// Address to listen on (port 0 picks a free port; 0.0.0.0 opens it to the network).
        #[arg(long, default_value = "127.0.0.1:8080", value_name = "IP:PORT")]
        addr: std::net::SocketAddr,
        /// Where the games are kept: a SQLite file (created if missing), or a PostgreSQL
        /// database given as postgres://USER[:PASSWORD]@HOST[:PORT]/DB (it must exist; the
        /// tables are created).
        #[arg(long, default_value = "tabla.sqlite3", value_name = "PATH|URL")]
        db: tabla_server::Database,
        /// Tests only: each new game's dice and computer choices from S and its creation
        /// number, the same every run (default: random; see below).
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
    },
    /// Play in the terminal: people at one keyboard, or against the computer (--ai).
    /// Without a game, a menu asks for one.
    Play {
        #[command(flatten)]
        game: PlayArgs,
        /// Seats the computer plays, by player name (e.g. --ai black; repeatable).
        #[arg(long, value_name = "PLAYER")]
        ai: Vec<String>,
        /// The computer's strength, 1 (friendly) to 7 (strongest).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=7))]
        level: u8,
        /// Seed of the dice and the computer (the same seed, the same rolls and replies).
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
    },
    /// Print the computer's move for the position (machine use).
    Bestmove {
        #[command(flatten)]
        game: GameArgs,
        /// Think for this many milliseconds.
        #[arg(long, value_name = "N", conflicts_with = "level")]
        time_ms: Option<u64>,
        /// Strength 1 (friendly) to 7 (strongest); default 3.
        #[arg(long, value_name = "L", value_parser = clap::value_parser!(u8).range(1..=7))]
        level: Option<u8>,
        /// Random seed for the search (same seed and level, same move).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Print the position as one JSON line (machine use; see the command-line contract).
    State {
        #[command(flatten)]
        game: GameArgs,
        /// Print a line for the start and after every move of the record.
        #[arg(long)]
        trace: bool,
        /// Add the board view and every legal move's click paths (for graphical front ends).
        #[arg(long)]
        view: bool,
    },
    /// Print every legal move with its value, best first, as one JSON line (machine use).
    Analyse {
        #[command(flatten)]
        game: GameArgs,
        /// Think for this many milliseconds in all.
        #[arg(long, value_name = "N", default_value_t = 1000)]
        time_ms: u64,
        /// Give the best K moves their expected line of play ("pv"), and say how deep the
        /// search went ("depth").
        #[arg(long, value_name = "K")]
        lines: Option<usize>,
    },
    /// Solve the position exactly: win, loss or draw for the player to move with best play,
    /// and a move that achieves it (or "unknown" when the time runs out). One JSON line.
    Solve {
        #[command(flatten)]
        game: GameArgs,
        /// Give up after this many milliseconds (the value is then "unknown").
        #[arg(long, value_name = "N", default_value_t = 10000)]
        time_ms: u64,
        /// Also give every legal move with its exact value for the mover.
        #[arg(long)]
        all: bool,
        /// Give each legal move at most this many milliseconds (within --time-ms): a move
        /// not settled in its time is "unknown" and the search goes on to the next. For a
        /// proof too large for one run: how many moves are proven, and which (with --all,
        /// each move's time and positions are printed).
        #[arg(long, value_name = "N")]
        each_ms: Option<u64>,
        /// Size of the table of proven positions, in MiB.
        #[arg(long, value_name = "MB", default_value_t = 256)]
        table_mb: usize,
        /// Bulgarian Ur: build the variant's exact table, write it to the tables directory
        /// and print its figures (instead of solving a position). Seega: build the endgame
        /// table in memory and print each material class's figures.
        #[arg(long)]
        build_table: bool,
        /// Seega with --build-table: most stones a side in the table (default: the
        /// position's, or 3 before phase 2).
        #[arg(long, value_name = "K")]
        stones: Option<u8>,
        /// Bulgarian Ur: where exact tables are kept (default $TABLA_TABLES, else ./tables).
        #[arg(long, value_name = "DIR")]
        tables: Option<std::path::PathBuf>,
        /// Amazons: once the value is proven, also find the turns to the end with best play
        /// (the winner hurrying, the loser delaying: "won in N") in the time left, printed as
        /// "in"; the best move is then the fastest win. Seega's tables always give them.
        #[arg(long)]
        turns: bool,
        /// Amazons: a file of positions proven by earlier solves, read first when it exists
        /// and extended with this solve's (kept even when the time runs out), so that a run
        /// cut off at its time can be resumed by running it again with the same file rather
        /// than started over. Several runs may share one file.
        #[arg(long, value_name = "FILE")]
        proofs: Option<std::path::PathBuf>,
        /// With --proofs: keep the positions whose proof took at least this many positions
        /// (fewer, larger proofs make a smaller file).
        #[arg(long, value_name = "N", default_value_t = 100_000)]
        proofs_work: u64,
        /// Amazons: search these moves first, in this order (then the rest in the solver's
        /// own order), as "e1-e3/d4 e1-c3/d3". For a proof split by the opponent's replies:
        /// the answers that won the sibling positions often win here too, and a winning
        /// move tried first settles the position with no losing move searched before it.
        #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
        first: Option<String>,
        /// Amazons: prove by depth-first proof-number search (df-pn) instead of alpha-beta:
        /// the whole position in one search (with --all or --each-ms, each move in its own).
        /// It follows the cheapest open part of the whole proof, where alpha-beta finishes
        /// one move before looking at the next; values are the same.
        #[arg(long)]
        dfpn: bool,
    },
    /// Review a played game: each player move against the engine's best, marked
    /// inaccuracy, mistake or blunder by the expected score it threw away, with each
    /// player's accuracy (and in Bulgarian Ur the luck of the dice). One JSON line.
    Review {
        #[command(flatten)]
        game: GameArgs,
        /// Think for this many milliseconds at each position.
        #[arg(long, value_name = "N", default_value_t = 500)]
        time_ms: u64,
    },
    /// Play bots against each other: seats alternated, openings varied by seed; prints the
    /// score with its 95% interval and the Elo difference as the last line.
    #[command(name = "match")]
    Match {
        #[command(flatten)]
        game: GameArgs,
        /// Bot A: level:1 … level:7, uct (the fixed baseline), random, zero, perfect
        /// (Bulgarian Ur with few discs from an exact table; two-player Amazons by the solver).
        #[arg(long = "a", value_name = "BOT")]
        a: String,
        /// Bot B, as --a.
        #[arg(long = "b", value_name = "BOT")]
        b: String,
        /// Games to play (at least 1).
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
        games: u64,
        /// Milliseconds per move for both bots (else each bot's own budget).
        #[arg(long, value_name = "T")]
        time_ms: Option<u64>,
        /// Seed for openings and dice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Random plies at the start of each pair of games (both colours play each opening).
        #[arg(long, default_value_t = 2)]
        opening_plies: usize,
        /// Write every game's record to FILE, one JSON line each.
        #[arg(long, value_name = "FILE")]
        records: Option<std::path::PathBuf>,
    },
    /// The lab: the seeds' claims about their games tested by experiment (`tabla lab list`,
    /// `tabla lab run NAME`), and the balance of a variant of your own (`tabla lab balance`).
    Lab {
        #[command(subcommand)]
        what: lab::LabCommand,
    },
    /// Count move sequences of a given length (chance outcomes count as branches).
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Length of the sequences.
        #[arg(long)]
        depth: u32,
        /// Also print the count below each legal move.
        #[arg(long)]
        divide: bool,
    },
    /// Print a game's rules and every option with its values and default.
    Rules {
        /// The game id.
        game: String,
        /// Language: en (English, the specification) or hu (Hungarian).
        #[arg(long, default_value = "en", value_parser = ["en", "hu"])]
        lang: String,
        /// The whole specification, with the sections for programmers (reference figures,
        /// position text, click paths).
        #[arg(long)]
        full: bool,
    },
    /// List the games.
    Games,
    /// Measure speed.
    Bench {
        #[command(subcommand)]
        what: BenchCommand,
    },
}

#[derive(Subcommand)]
enum BenchCommand {
    /// Random games played to the end: games, moves and generated moves per second.
    Playouts {
        #[command(flatten)]
        game: GameArgs,
        /// How long to run (each measurement, when there are two).
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// Random seed (runs with the same seed play the same games).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How random moves are drawn: amazons has uniform (over whole turns, the default)
        /// and stepwise (queen, destination, stone, as OpenSpiel); other games have one.
        #[arg(long, value_name = "NAME")]
        sampler: Option<String>,
        /// Also run N independent playout loops at once and report their total rate and
        /// speed-up over one loop.
        #[arg(long, value_name = "N", default_value_t = 1)]
        threads: usize,
        /// Stop after N games (per loop) instead of after --seconds: the same work each run.
        #[arg(long, value_name = "N")]
        games: Option<u64>,
    },
    /// The computer on sample positions (reached by random moves from the position given):
    /// depth reached, nodes per second, time over the budget. One JSON line per position,
    /// then a summary line.
    Search {
        #[command(flatten)]
        game: GameArgs,
        /// Budget per move.
        #[arg(long, value_name = "N", default_value_t = 1000)]
        time_ms: u64,
        /// The bot, as in `tabla match` (level:L with tweaks, ab, mcts).
        #[arg(long, default_value = "level:7")]
        bot: String,
        /// Sample positions.
        #[arg(long, default_value_t = 8)]
        positions: usize,
        /// Random moves from the given position to each sample.
        #[arg(long, default_value_t = 20)]
        plies: usize,
        /// Seed of the first sample.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Search scaling: the game's search from the position, nodes (or playouts) per second
    /// with one thread and with N, and the speed-up.
    Scaling {
        #[command(flatten)]
        game: GameArgs,
        /// How long each search runs.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Threads of the second search.
        #[arg(long, value_name = "N", default_value_t = 2)]
        threads: usize,
    },
}

/// `play`'s game: as [`GameArgs`], but the game may be left out (then a menu asks).
#[derive(Args, Clone)]
struct PlayArgs {
    /// The game: amazons, gipf, seega, bulgarian-ur; none for a menu.
    game: Option<String>,
    /// A rule option KEY=VALUE (repeatable), e.g. -o size=10 -o killer=on.
    #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// A game record to play from the start: move tokens separated by spaces.
    #[arg(long, value_name = "TOKENS", default_value = "")]
    moves: String,
    /// Start from this position text (as `position` in `tabla state` prints it) instead of
    /// the starting position; --moves are played from it.
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,
}

/// Which game, under which options, from which position.
#[derive(Args, Clone)]
struct GameArgs {
    /// The game: amazons, gipf, seega, bulgarian-ur.
    game: String,
    /// A rule option KEY=VALUE (repeatable), e.g. -o size=10 -o killer=on.
    #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// A game record to play from the start: move tokens separated by spaces.
    #[arg(long, value_name = "TOKENS", default_value = "")]
    moves: String,
    /// Start from this position text (as `position` in `tabla state` prints it) instead of
    /// the starting position; --moves are played from it.
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,
}

/// `tabla solve`'s line, fields in the contract's order.
#[derive(serde::Serialize)]
struct SolveReport {
    to_move: &'static str,
    value: &'static str,
    best: Option<String>,
    /// With `--turns`: the turns to the end with best play, when found in time.
    #[serde(rename = "in", skip_serializing_if = "Option::is_none")]
    turns: Option<u32>,
    /// With `--turns` in a lost position: the longest defence.
    #[serde(skip_serializing_if = "Option::is_none")]
    defence: Option<String>,
    nodes: u64,
    ms: u64,
    /// Table entries whose key matched but whose second hash told another position: false
    /// answers a 64-bit key alone would have given (printed when there were any).
    #[serde(skip_serializing_if = "is_zero")]
    clashes: u64,
    /// With `--proofs`: positions read from the file, and the file's count after this solve.
    #[serde(skip_serializing_if = "Option::is_none")]
    proofs: Option<ProofsReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<SolvedMove>>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// `tabla solve --proofs`: what the file gave and holds.
#[derive(serde::Serialize)]
struct ProofsReport {
    loaded: usize,
    file: usize,
}

/// One move of `tabla solve --all`.
#[derive(serde::Serialize)]
struct SolvedMove {
    #[serde(rename = "move")]
    mv: String,
    value: &'static str,
    /// Positions searched for this move (from a search, not a table).
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    /// Time spent on this move, in milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    ms: Option<u64>,
}

/// `tabla solve bulgarian-ur`'s line: the mover's exact expected score.
#[derive(serde::Serialize)]
struct UrSolveReport {
    to_move: &'static str,
    value: f64,
    exact: bool,
    best: Option<String>,
    nodes: u64,
    ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<UrSolvedMove>>,
}

/// One move of `tabla solve bulgarian-ur --all`.
#[derive(serde::Serialize)]
struct UrSolvedMove {
    #[serde(rename = "move")]
    mv: String,
    value: f64,
}

/// A table value to 7 decimals: tables keep f32, whose rounding is below 3e-8.
fn round7(v: f64) -> f64 {
    (v * 1e7).round() / 1e7
}

/// A table's build progress on standard error.
fn ur_progress(p: tabla_ai::ur_table::BuildProgress) {
    use tabla_ai::ur_table::BuildProgress;
    match p {
        BuildProgress::Walk(n) => eprintln!("solve: table: {n} states found"),
        BuildProgress::Sweep(i, c) if i.is_multiple_of(10) => {
            eprintln!("solve: table: sweep {i}, largest change {c:.1e}");
        }
        BuildProgress::Sweep(..) => {}
        BuildProgress::LayerSweep(i, c) => {
            eprintln!(
                "solve: table: sweep {i} of every quiet count, layer 0's largest change {c:.1e}"
            );
        }
    }
}

/// `tabla solve bulgarian-ur`: a position's exact value from its variant's table, or with
/// `build` the table built and written to `dir`.
fn solve_ur(
    g: &tabla_games::bulgarian_ur::BulgarianUr,
    dir: &std::path::Path,
    all: bool,
    build: bool,
) -> Result<(), Failure> {
    use tabla_ai::ur_table::{UrTable, Variant};
    use tabla_core::Game as _;
    if build {
        let v = Variant::of(g);
        let start = std::time::Instant::now();
        let path = dir.join(v.file_name());
        let (t, s) = UrTable::build_file(v, &path, &mut ur_progress).map_err(|e| Failure(e, 2))?;
        let mut first = tabla_games::bulgarian_ur::BulgarianUr::from_config(g.config());
        first.play(tabla_games::bulgarian_ur::UrMove::First(tabla_games::bulgarian_ur::BLACK));
        let out = serde_json::json!({
            "table": path.display().to_string(),
            "states": s.states,
            "edges": s.edges,
            "sweeps": s.sweeps,
            "last_change": s.last_change,
            "contraction": s.contraction,
            "walk_ms": s.walk.as_millis() as u64,
            "iterate_ms": s.iterate.as_millis() as u64,
            "ms": start.elapsed().as_millis() as u64,
            "bytes": s.bytes,
            "file_bytes": std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0),
            "first_player_value": t.value(&first),
        });
        println!("{out}");
        return Ok(());
    }
    let s = tabla_ai::solve::solve_ur(g, dir, all, &mut ur_progress).map_err(|e| Failure(e, 2))?;
    let out = UrSolveReport {
        to_move: s.to_move,
        value: round7(s.value),
        exact: true,
        best: s.best,
        nodes: s.states,
        ms: s.elapsed.as_millis() as u64,
        moves: all.then(|| {
            s.moves.into_iter().map(|(mv, v)| UrSolvedMove { mv, value: round7(v) }).collect()
        }),
    };
    println!("{}", serde_json::to_string(&out).expect("a solve serialises"));
    Ok(())
}

/// `tabla solve seega`'s line from an endgame table: the contract's fields, `"in"` (turns
/// to the end with best play; null for a draw) and, when the game's history holds positions
/// the table cannot count for the repetition rule, `"history":"ignored"`.
#[derive(serde::Serialize)]
struct SeegaSolveReport {
    to_move: &'static str,
    value: &'static str,
    best: Option<String>,
    /// When lost: the longest defence.
    #[serde(skip_serializing_if = "Option::is_none")]
    defence: Option<String>,
    nodes: u64,
    ms: u64,
    #[serde(rename = "in")]
    turns: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    history: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<SeegaSolvedMove>>,
}

/// One move of `tabla solve seega --all` from a table.
#[derive(serde::Serialize)]
struct SeegaSolvedMove {
    #[serde(rename = "move")]
    mv: String,
    value: &'static str,
    #[serde(rename = "in")]
    turns: Option<u32>,
}

/// A material class built, on standard error.
fn seega_progress(c: &tabla_ai::seega_table::ClassStats) {
    eprintln!(
        "solve: table: {} against {} stones, {} positions, {:.1} s",
        c.more,
        c.fewer,
        c.positions,
        c.time.as_secs_f64()
    );
}

/// Prints a Seega endgame table's answer.
fn seega_solved(s: tabla_ai::solve::SeegaSolved, all: bool) -> Result<(), Failure> {
    let out = SeegaSolveReport {
        to_move: s.to_move,
        value: s.value.word(),
        best: s.best,
        defence: s.defence,
        nodes: s.positions,
        ms: s.elapsed.as_millis() as u64,
        turns: s.value.turns(),
        history: s.history_ignored.then_some("ignored"),
        moves: all.then(|| {
            s.moves
                .iter()
                .map(|(m, v)| SeegaSolvedMove { mv: m.clone(), value: v.word(), turns: v.turns() })
                .collect()
        }),
    };
    println!("{}", serde_json::to_string(&out).expect("a solve serialises"));
    Ok(())
}

/// `tabla solve seega --build-table`: the endgame table of the variant built in memory,
/// one line of figures (per material class too).
fn seega_build(g: &tabla_games::seega::Seega, stones: Option<u8>) -> Result<(), Failure> {
    use tabla_ai::seega_table::{SeegaTable, Variant};
    let c = g.config();
    let most = match (stones, Variant::of(g)) {
        (Some(k), _) => k,
        (None, Some(v)) => v.most,
        (None, None) => 3,
    };
    if most < 2 || most > c.stones_each() {
        return Err(Failure(
            format!(
                "--stones {most}: expected 2 to {} (the stones each side has)",
                c.stones_each()
            ),
            2,
        ));
    }
    let v = Variant { size: c.size, diagonal: c.diagonal, quiet: c.quiet, most };
    let (t, s) = SeegaTable::build(v, &mut seega_progress).map_err(|e| Failure(e, 2))?;
    let classes: Vec<serde_json::Value> = s
        .classes
        .iter()
        .map(|c| {
            serde_json::json!({
                "more": c.more,
                "fewer": c.fewer,
                "positions": c.positions,
                "values": c.positions * u64::from(v.quiet),
                "edges": c.edges,
                "by_mover": c.sides.iter().map(|x| serde_json::json!({
                    "mover": x.mover,
                    "positions": x.positions,
                    "wins": x.wins,
                    "draws": x.draws,
                    "losses": x.losses,
                    "longest_win": x.longest_win,
                    "longest_loss": x.longest_loss,
                })).collect::<Vec<_>>(),
                "ms": c.time.as_millis() as u64,
                "bytes": c.bytes,
            })
        })
        .collect();
    let out = serde_json::json!({
        "table": v.describe(),
        "positions": t.positions(),
        "ms": s.time.as_millis() as u64,
        "peak_bytes": s.peak_bytes,
        "classes": classes,
    });
    println!("{out}");
    Ok(())
}

/// A failure to report: message and exit status (2 for bad input, as the contract says).
pub(crate) struct Failure(pub(crate) String, pub(crate) u8);

impl GameArgs {
    fn start(&self) -> Result<AnyGame, Failure> {
        let g = tabla_games::new_game(&self.game, &self.options).map_err(|e| Failure(e.0, 2))?;
        match &self.position {
            Some(text) => g.read_position(text).map_err(|e| Failure(format!("--position: {e}"), 2)),
            None => Ok(g),
        }
    }

    fn position(&self) -> Result<AnyGame, Failure> {
        let mut g = self.start()?;
        play_record(&mut *g, &self.moves, |_| {}).map_err(|e| Failure(e.to_string(), 2))?;
        Ok(g)
    }
}

fn state_line(g: &dyn DynGame, view: bool, last: &[String]) -> String {
    let report = if view { StateReport::with_view(g, last) } else { StateReport::of(g) };
    serde_json::to_string(&report).expect("state serialises")
}

fn run(cli: Cli) -> Result<(), Failure> {
    let command = cli.command.unwrap_or(Command::Serve {
        addr: std::net::SocketAddr::from(([127, 0, 0, 1], 8080)),
        db: tabla_server::Database::Sqlite("tabla.sqlite3".into()),
        seed: None,
    });
    match command {
        Command::Serve { addr, db, seed } => {
            let config = tabla_server::Config { addr, db, seed, ..tabla_server::Config::default() };
            tabla_server::run(config).map_err(|e| Failure(e, 1))
        }
        Command::Play { game: args, ai, level, seed } => {
            let Some(id) = args.game else {
                if !args.options.is_empty()
                    || !args.moves.is_empty()
                    || args.position.is_some()
                    || !ai.is_empty()
                {
                    return Err(Failure(
                        "name the game for -o, --moves, --position or --ai (tabla play GAME ...)"
                            .into(),
                        2,
                    ));
                }
                let menu = match seed {
                    Some(_) => play::menu_seeded(seed),
                    None => play::menu(),
                };
                return menu.map_err(|e| Failure(e, 1));
            };
            let game = GameArgs {
                game: id,
                options: args.options,
                moves: args.moves,
                position: args.position,
            };
            let g = game.start()?;
            let names = g.player_names();
            let mut seats = Vec::new();
            for name in &ai {
                match names.iter().position(|n| n.eq_ignore_ascii_case(name)) {
                    Some(i) => seats.push(i),
                    None => {
                        return Err(Failure(
                            format!("--ai {name}: the players are {}", names.join(", ")),
                            2,
                        ))
                    }
                }
            }
            play::play(play::Setup {
                start: g,
                options: game.options.clone(),
                position: game.position.clone(),
                moves: game.moves.clone(),
                ai: seats,
                level,
                seed,
            })
            .map_err(|e| Failure(e, 2))
        }
        Command::Bestmove { game, time_ms, level, seed } => {
            let g = game.position()?;
            let budget = match time_ms {
                Some(ms) => tabla_ai::Budget::time(Duration::from_millis(ms)),
                None => tabla_ai::Budget::level_in(&g, level.unwrap_or(3)),
            };
            match tabla_ai::best_move_dyn(&g, budget, seed).map_err(|e| Failure(e, 2))? {
                Some(m) => {
                    println!("{m}");
                    Ok(())
                }
                None if g.to_move() == tabla_core::ToMove::Chance => Err(Failure(
                    "chance moves next (a die roll); there is no move to choose".into(),
                    2,
                )),
                None => Err(Failure("the game is over".into(), 2)),
            }
        }
        Command::State { game, trace, view } => {
            let mut g = game.start()?;
            let mut lines = Vec::new();
            let mut last = Vec::new();
            if trace {
                lines.push(state_line(g.as_dyn(), view, &[]));
            }
            // The trace needs each move's touched ids as it goes, so it plays token by token.
            for (i, token) in game.moves.split_whitespace().enumerate() {
                let played = g.play_text_touched(token).map_err(|error| {
                    let e = tabla_core::RecordError { index: i + 1, token: token.into(), error };
                    Failure(e.to_string(), 2)
                })?;
                // A die roll touches nothing: the last move stays the one to mark.
                if !played.touched.is_empty() {
                    last = played.touched;
                }
                if trace {
                    lines.push(state_line(g.as_dyn(), view, &last));
                }
            }
            if !trace {
                lines.push(state_line(g.as_dyn(), view, &last));
            }
            println!("{}", lines.join("\n"));
            Ok(())
        }
        Command::Analyse { game, time_ms, lines } => {
            let g = game.position()?;
            let time = Duration::from_millis(time_ms);
            let a = match lines {
                None => tabla_ai::analyse(&g, time),
                Some(0) => return Err(Failure("--lines: expected at least 1".into(), 2)),
                Some(lines) => tabla_ai::analyse_with(
                    &g,
                    &tabla_ai::Request { time, lines, stop: None },
                    &mut |_| {},
                ),
            };
            println!("{}", serde_json::to_string(&a).expect("analysis serialises"));
            Ok(())
        }
        Command::Solve {
            game,
            time_ms,
            all,
            each_ms,
            table_mb,
            build_table,
            stones,
            tables,
            turns,
            proofs,
            proofs_work,
            first,
            dfpn,
        } => {
            let g = game.position()?;
            let dir = tables.unwrap_or_else(tabla_ai::ur_table::default_dir);
            if each_ms.is_some() && matches!(g, AnyGame::BulgarianUr(_)) {
                return Err(Failure(
                    "--each-ms: Bulgarian Ur is answered from its tables, not by a search".into(),
                    2,
                ));
            }
            if each_ms == Some(0) {
                return Err(Failure("--each-ms: expected at least 1".into(), 2));
            }
            if turns && !matches!(g, AnyGame::Amazons(_)) {
                return Err(Failure(
                    "--turns: only for Amazons (Seega's tables give the turns to the end anyway)"
                        .into(),
                    2,
                ));
            }
            if proofs.is_some() && !matches!(g, AnyGame::Amazons(_)) {
                return Err(Failure(
                    "--proofs: only for Amazons (the other games are solved without a table \
                     of positions)"
                        .into(),
                    2,
                ));
            }
            if first.is_some() && !matches!(g, AnyGame::Amazons(_)) {
                return Err(Failure("--first: only for Amazons".into(), 2));
            }
            if dfpn && !matches!(g, AnyGame::Amazons(_)) {
                return Err(Failure(
                    "--dfpn: only for Amazons (proof numbers here know win and loss, not draws)"
                        .into(),
                    2,
                ));
            }
            // Checked before any file is read or position searched.
            let first: Vec<String> =
                first.iter().flat_map(|f| f.split_whitespace()).map(str::to_string).collect();
            if let Some(m) = first.iter().find(|&m| g.as_dyn().box_clone().play_text(m).is_err()) {
                let legal = g.as_dyn().legal();
                let expected = match legal.len() {
                    0 => "the game is over".to_string(),
                    _ => {
                        format!("expected moves such as {}", legal[..legal.len().min(3)].join(" "))
                    }
                };
                return Err(Failure(
                    format!("--first: '{m}' is not a legal move here ({expected})"),
                    2,
                ));
            }
            if proofs_work == 0 {
                return Err(Failure("--proofs-work: expected at least 1".into(), 2));
            }
            if let AnyGame::BulgarianUr(u) = &g {
                return solve_ur(u, &dir, all, build_table);
            }
            if stones.is_some() && !(build_table && matches!(g, AnyGame::Seega(_))) {
                return Err(Failure("--stones: only with seega --build-table".into(), 2));
            }
            if let AnyGame::Seega(s) = &g {
                if build_table {
                    return seega_build(s, stones);
                }
                if let Some(s) = tabla_ai::solve::solve_seega(s, all, &mut seega_progress) {
                    return seega_solved(s, all);
                }
            }
            if build_table {
                return Err(Failure(
                    "--build-table: only Bulgarian Ur and Seega have tables".into(),
                    2,
                ));
            }
            let limits = tabla_ai::solve::Limits {
                time: Duration::from_millis(time_ms),
                table_mb,
                all,
                each: each_ms.map(Duration::from_millis),
                dfpn,
            };
            // Long proofs say how far they have got, on standard error.
            let mut progress = |p: tabla_ai::solve::Progress| {
                eprintln!(
                    "solve: {} nodes, {:.0} s, root moves settled {}/{}",
                    p.nodes,
                    p.elapsed.as_secs_f64(),
                    p.root_done,
                    p.root_moves
                );
            };
            let mut kept = match &proofs {
                Some(path) => tabla_ai::solve::Proofs::load(path, proofs_work)
                    .map_err(|e| Failure(format!("--proofs: {e}"), 2))?,
                None => tabla_ai::solve::Proofs::default(),
            };
            let mut s =
                tabla_ai::solve::solve_any_keeping(&g, limits, &mut kept, &first, &mut progress)
                    .map_err(|e| Failure(e, 2))?;
            // A file that cannot be written must not cost the answer: it is printed first.
            let mut unsaved = None;
            let proofs = proofs.as_ref().map(|path| ProofsReport {
                loaded: kept.loaded,
                file: kept.merge_into(path).unwrap_or_else(|e| {
                    unsaved = Some(format!(
                        "--proofs: {}: {e} (the answer above stands; its proven positions \
                         were not kept)",
                        path.display()
                    ));
                    0
                }),
            });
            if let (true, Some(_), AnyGame::Amazons(a)) = (turns, s.value, &g) {
                s = tabla_ai::solve::with_length(a, s, Duration::from_millis(time_ms));
            }
            let word = |v: Option<tabla_ai::solve::Value>| v.map_or("unknown", |v| v.word());
            let out = SolveReport {
                to_move: s.to_move,
                value: word(s.value),
                best: s.best,
                turns: s.turns,
                defence: s.defence,
                nodes: s.nodes,
                ms: s.elapsed.as_millis() as u64,
                clashes: s.clashes,
                proofs,
                moves: all.then(|| {
                    s.moves
                        .iter()
                        .enumerate()
                        .map(|(i, (m, v))| SolvedMove {
                            mv: m.clone(),
                            value: word(*v),
                            nodes: s.spent.get(i).map(|x| x.0),
                            ms: s.spent.get(i).map(|x| x.1.as_millis() as u64),
                        })
                        .collect()
                }),
            };
            let out = serde_json::to_string(&out).expect("a solve serialises");
            println!("{out}");
            match unsaved {
                Some(why) => Err(Failure(why, 1)),
                None => Ok(()),
            }
        }
        Command::Review { game, time_ms } => {
            let start = game.start()?;
            // Checked by replaying first, so that a bad record fails before any thinking.
            game.position()?;
            let record: Vec<String> = game.moves.split_whitespace().map(str::to_string).collect();
            let bar = indicatif::ProgressBar::new(record.len() as u64).with_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:40} {pos}/{len} plies, {elapsed} elapsed, about {eta} to go",
                )
                .expect("template"),
            );
            let n = record.len() as f64;
            let r = tabla_ai::review::review(
                &start,
                &record,
                Duration::from_millis(time_ms),
                None,
                &mut |done| bar.set_position((done * n).round() as u64),
            )
            .map_err(|e| Failure(e, 2))?
            .expect("nobody stops it");
            bar.finish_and_clear();
            println!("{}", serde_json::to_string(&r).expect("review serialises"));
            Ok(())
        }
        Command::Match { game, a, b, games, time_ms, seed, jobs, opening_plies, records } => {
            let g = game.position()?;
            let bot = |t: &str| {
                let b = tabla_ai::arena::Bot::parse(t).map_err(|e| Failure(e, 2))?;
                b.check(&g).map_err(|e| Failure(e, 2))?;
                Ok::<_, Failure>(b)
            };
            let cfg = tabla_ai::arena::MatchConfig {
                a: bot(&a)?,
                b: bot(&b)?,
                games: games as usize,
                time: time_ms.map(Duration::from_millis),
                seed,
                jobs,
                opening_plies,
            };
            let bar = indicatif::ProgressBar::new(games).with_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} to go  {msg}",
                )
                .expect("valid template"),
            );
            let score = std::sync::Mutex::new((0.0, 0usize));
            let (result, played) = tabla_ai::arena::run_match(&g, &cfg, &|r| {
                let mut s = score.lock().unwrap_or_else(|p| p.into_inner());
                s.0 += r.a_score;
                s.1 += 1;
                bar.set_message(format!("A scores {:.1}/{}", s.0, s.1));
                bar.inc(1);
            });
            bar.finish_and_clear();
            if let Some(path) = records {
                let lines: Vec<String> = played
                    .iter()
                    .map(|r| serde_json::to_string(r).expect("record serialises"))
                    .collect();
                std::fs::write(&path, lines.join("\n") + "\n")
                    .map_err(|e| Failure(format!("--records {}: {e}", path.display()), 1))?;
            }
            println!("{}", serde_json::to_string(&result).expect("result serialises"));
            Ok(())
        }
        Command::Lab { what } => lab::run(what),
        Command::Perft { game, depth, divide } => {
            let g = game.position()?;
            let t0 = std::time::Instant::now();
            let cpu0 = perft::thread_cpu_time().unwrap_or_default();
            let total = if divide {
                let parts = with_game!(&g, g => perft::perft_divide(g, depth));
                for (m, n) in &parts {
                    println!("{m}: {n}");
                }
                if depth == 0 {
                    1
                } else {
                    parts.iter().map(|p| p.1).sum()
                }
            } else {
                with_game!(&g, g => perft::perft(g, depth))
            };
            let cpu = perft::thread_cpu_time().map(|c| c.saturating_sub(cpu0));
            let cpu = cpu.map_or(String::new(), |c| {
                format!(" ({:.3} s of processor time)", c.as_secs_f64())
            });
            eprintln!("perft({depth}) in {:.3} s{cpu}", t0.elapsed().as_secs_f64());
            println!("{total}");
            Ok(())
        }
        Command::Rules { game, lang, full } => {
            let info = tabla_games::find(&game).map_err(|e| Failure(e.0, 2))?;
            println!("{}", rules_doc::text(info, &lang, full, None));
            Ok(())
        }
        Command::Games => {
            for g in tabla_games::GAMES {
                println!("{:<14} {} — {}", g.id, g.name, g.summary);
            }
            Ok(())
        }
        Command::Bench {
            what: BenchCommand::Search { game, time_ms, bot, positions, plies, seed },
        } => {
            let g = game.position()?;
            let bot = tabla_ai::arena::Bot::parse(&bot).map_err(|e| Failure(e, 2))?;
            bot.check(&g).map_err(|e| Failure(e, 2))?;
            let tabla_ai::arena::Bot::Level(level, tweaks) = bot else {
                return Err(Failure("--bot must be level:L, ab or mcts".into(), 2));
            };
            let budget = tabla_ai::Budget {
                time: Some(Duration::from_millis(time_ms)),
                ..tabla_ai::Budget::level(level)
            };
            let samples = tabla_ai::bench::sample_positions(&g, plies, positions, seed);
            let summary = tabla_ai::bench::search_bench(&samples, budget, &tweaks, &mut |line| {
                println!("{}", serde_json::to_string(line).expect("line serialises"));
            })
            .map_err(|e| Failure(e, 2))?;
            println!("{}", serde_json::to_string(&summary).expect("summary serialises"));
            Ok(())
        }
        Command::Bench {
            what: BenchCommand::Playouts { game, seconds, seed, sampler, threads, games },
        } => {
            let g = game.position()?;
            let label = format!("{} {}", game.game, game.options.join(" "));
            let args = bench::Playouts { seconds, seed, sampler, threads, games };
            bench::playouts(g, label.trim_end(), &args).map_err(|e| Failure(e, 2))
        }
        Command::Bench { what: BenchCommand::Scaling { game, seconds, threads } } => {
            let g = game.position()?;
            let label = format!("{} {}", game.game, game.options.join(" "));
            bench::search(&g, label.trim_end(), seconds, threads).map_err(|e| Failure(e, 2))
        }
    }
}

/// Output piped into a program that stops reading (`tabla state … | head -1`) ends `tabla`
/// quietly, as it ends other command-line tools, instead of in a panic on the next line
/// printed. Not for the server: a reader gone there is one connection's error, not the end.
fn quiet_broken_pipes(command: Option<&Command>) {
    #[cfg(unix)]
    if !matches!(command, None | Some(Command::Serve { .. })) {
        // SAFETY: restores the default action of one signal before any thread is started.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    quiet_broken_pipes(cli.command.as_ref());
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(msg, code)) => {
            eprintln!("tabla: {msg}");
            ExitCode::from(code)
        }
    }
}
