//! `tabla lab`: run the named experiments (resumable, with a progress bar), write each one's
//! findings as JSON for the lab page and print a readable report.

use crate::Failure;
use clap::Subcommand;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tabla_ai::lab::experiments::{self, balance_cell, balance_summary};
use tabla_ai::lab::{self, Chart, Entry, Experiment, LabGame, Size, Summary};

/// What `tabla lab` does.
#[derive(Subcommand)]
pub enum LabCommand {
    /// List the experiments: name, game and the question each answers.
    List,
    /// Run an experiment (or `all`): play its games, write NAME.json to --out and print the
    /// report. Stopped runs resume: finished games are kept in NAME.games.jsonl.
    Run {
        /// The experiment's name (see `tabla lab list`), or `all`.
        name: String,
        /// Games per cell (each variant or pairing); default: the experiment's own.
        #[arg(long, value_name = "N")]
        games: Option<usize>,
        /// Milliseconds per move (the base time); default: the experiment's own.
        #[arg(long, value_name = "T")]
        time_ms: Option<u64>,
        /// Games played at once (each searches on one thread).
        #[arg(long, value_name = "J", default_value_t = default_jobs())]
        jobs: usize,
        /// Seed of openings, dice and the bots' choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Folder for NAME.json, NAME.games.jsonl and index.json (the page's results are
        /// made with `--out web/lab`).
        #[arg(long, value_name = "DIR", default_value = "lab-results")]
        out: PathBuf,
        /// The pipeline only, at a tiny size (fewer variants, shallow counts): for CI.
        #[arg(long)]
        quick: bool,
        /// Forget games of an earlier run in --out and start again.
        #[arg(long)]
        fresh: bool,
    },
    /// A variant of your own: the engine against itself; the first player's score, draws
    /// and the length of the games.
    Balance {
        /// The game: amazons, gipf, seega, bulgarian-ur.
        game: String,
        /// A rule option KEY=VALUE (repeatable).
        #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Games to play.
        #[arg(long, default_value_t = 40)]
        games: usize,
        /// Milliseconds per move.
        #[arg(long, value_name = "T", default_value_t = 100)]
        time_ms: u64,
        /// Games played at once.
        #[arg(long, value_name = "J", default_value_t = default_jobs())]
        jobs: usize,
        /// Seed of dice and the bots' choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print the findings as one JSON line instead of the report.
        #[arg(long)]
        json: bool,
    },
}

fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The run's parameters, the first line of NAME.games.jsonl: games are resumed only into a
/// run with the same ones.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct RunKey {
    name: String,
    time_ms: u64,
    seed: u64,
    quick: bool,
}

/// The setup block of NAME.json.
#[derive(Serialize)]
struct Setup {
    games: usize,
    time_ms: u64,
    seed: u64,
    jobs: usize,
    bots: Vec<String>,
    cells: usize,
    played: usize,
    repeated_games: usize,
    command: String,
    /// Wall time of the games, summed (a measure of the work; divide by jobs for the time).
    games_s: f64,
    /// Wall time of the invocation that finished the run.
    duration_s: f64,
    date: String,
    quick: bool,
}

/// NAME.json: what the page reads.
#[derive(Serialize)]
struct Findings<'a> {
    name: &'static str,
    game: &'static str,
    title: &'a lab::Text,
    claim: &'a lab::Claim,
    method: &'a lab::Text,
    setup: Setup,
    #[serde(flatten)]
    summary: Summary,
}

/// Runs `tabla lab`.
pub fn run(cmd: LabCommand) -> Result<(), Failure> {
    match cmd {
        LabCommand::List => {
            for e in experiments::all() {
                println!("{:<18} {:<13} {}", e.name, e.game, e.title.en);
            }
            println!(
                "\nRun one: tabla lab run NAME [--games N] [--time-ms T] [--jobs J] [--out DIR]"
            );
            Ok(())
        }
        LabCommand::Run { name, games, time_ms, jobs, seed, out, quick, fresh } => {
            let list: Vec<Experiment> = if name == "all" {
                experiments::all()
            } else {
                vec![experiments::find(&name).ok_or_else(|| {
                    let names: Vec<&str> = experiments::all().iter().map(|e| e.name).collect();
                    Failure(
                        format!(
                            "no experiment '{name}'; the experiments: {}, or all",
                            names.join(", ")
                        ),
                        2,
                    )
                })?]
            };
            std::fs::create_dir_all(&out)
                .map_err(|e| Failure(format!("--out {}: {e}", out.display()), 1))?;
            for e in list {
                run_one(&e, games, time_ms, jobs, seed, &out, quick, fresh)?;
            }
            write_index(&out)?;
            Ok(())
        }
        LabCommand::Balance { game, options, games, time_ms, jobs, seed, json } => {
            let info = tabla_games::find(&game).map_err(|e| Failure(e.to_string(), 2))?;
            tabla_games::new_game(info.id, &options).map_err(|e| Failure(e.to_string(), 2))?;
            let cell = balance_cell(info.id, options, Duration::from_millis(time_ms));
            let size = Size { games, time: Duration::from_millis(time_ms), quick: false };
            let bar = progress(games as u64);
            let played =
                lab::run(std::slice::from_ref(&cell), &size, seed, jobs, &[], &|_| bar.inc(1))
                    .map_err(|e| Failure(e, 1))?;
            bar.finish_and_clear();
            let mut played = played;
            played.sort_by_key(|g| g.index);
            let summary = balance_summary(&cell, &played);
            if json {
                println!("{}", serde_json::to_string(&summary).expect("findings serialise"));
            } else {
                let title =
                    lab::t(format!("Balance of {} {}", info.id, cell.options.join(" ")), "");
                print_report(&title, None, &summary);
            }
            Ok(())
        }
    }
}

fn progress(len: u64) -> indicatif::ProgressBar {
    indicatif::ProgressBar::new(len).with_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} to go  {msg}",
        )
        .expect("valid template"),
    )
}

#[allow(clippy::too_many_arguments)]
fn run_one(
    e: &Experiment,
    games: Option<usize>,
    time_ms: Option<u64>,
    jobs: usize,
    seed: u64,
    out: &Path,
    quick: bool,
    fresh: bool,
) -> Result<(), Failure> {
    let t0 = Instant::now();
    let games = games.unwrap_or(if quick { 1 } else { e.default_games });
    let time_ms = time_ms.unwrap_or(if quick { 5 } else { e.default_time_ms });
    let size = Size { games, time: Duration::from_millis(time_ms), quick };
    let cells = (e.cells)(&size);
    let key = RunKey { name: e.name.to_string(), time_ms, seed, quick };
    let log = out.join(format!("{}.games.jsonl", e.name));
    let done = if fresh { Vec::new() } else { load(&log, &key)? };
    let left = lab::left(&cells, &size, &done);
    eprintln!(
        "{}: {} — {} cells × {games} games at {time_ms} ms a move{}",
        e.name,
        e.title.en,
        cells.len(),
        if done.is_empty() { String::new() } else { format!(", {} already played", done.len()) }
    );
    if done.is_empty() || fresh {
        let header = serde_json::to_string(&key).expect("key serialises") + "\n";
        std::fs::write(&log, header)
            .map_err(|err| Failure(format!("{}: {err}", log.display()), 1))?;
    }
    let file = Mutex::new(
        std::fs::OpenOptions::new()
            .append(true)
            .open(&log)
            .map_err(|err| Failure(format!("{}: {err}", log.display()), 1))?,
    );
    let bar = progress(left as u64);
    let new = lab::run(&cells, &size, seed, jobs, &done, &|g| {
        let line = serde_json::to_string(g).expect("game serialises") + "\n";
        let mut f = file.lock().unwrap_or_else(|p| p.into_inner());
        // A game that cannot be kept is played again on resume: not worth stopping for.
        let _ = f.write_all(line.as_bytes()).and_then(|_| f.flush());
        bar.inc(1);
    })
    .map_err(|err| Failure(err, 1))?;
    bar.finish_and_clear();
    let mut all: Vec<LabGame> = done.into_iter().chain(new).filter(|g| g.index < games).collect();
    all.sort_by(|a, b| (a.cell.as_str(), a.index).cmp(&(b.cell.as_str(), b.index)));
    let summary = (e.summarize)(&size, &cells, &all);
    let mut bots: Vec<String> =
        cells.iter().flat_map(|c| c.roles.iter().map(|r| r.describe())).collect();
    bots.sort();
    bots.dedup();
    let command = format!(
        "tabla lab run {} --games {games} --time-ms {time_ms} --seed {seed}{}",
        e.name,
        if quick { " --quick" } else { "" }
    );
    let findings = Findings {
        name: e.name,
        game: e.game,
        title: &e.title,
        claim: &e.claim,
        method: &e.method,
        setup: Setup {
            games,
            time_ms,
            seed,
            jobs,
            bots,
            cells: cells.len(),
            played: all.len(),
            repeated_games: experiments::repeated(&all),
            command,
            games_s: (all.iter().map(|g| g.ms).sum::<u64>() as f64 / 100.0).round() / 10.0,
            duration_s: (t0.elapsed().as_secs_f64() * 10.0).round() / 10.0,
            date: today(),
            quick,
        },
        summary,
    };
    let path = out.join(format!("{}.json", e.name));
    let text = serde_json::to_string_pretty(&findings).expect("findings serialise") + "\n";
    std::fs::write(&path, text).map_err(|err| Failure(format!("{}: {err}", path.display()), 1))?;
    print_report(&e.title, Some(e), &findings.summary);
    println!("setup: {}", findings.setup.command);
    println!(
        "games: {} in {} cells ({} repeated an earlier record), {:.0} s of games, {:.0} s this run",
        findings.setup.played,
        findings.setup.cells,
        findings.setup.repeated_games,
        findings.setup.games_s,
        findings.setup.duration_s
    );
    println!("written: {}\n", path.display());
    Ok(())
}

/// The finished games of an earlier run with the same key.
fn load(log: &Path, key: &RunKey) -> Result<Vec<LabGame>, Failure> {
    let Ok(text) = std::fs::read_to_string(log) else { return Ok(Vec::new()) };
    let mut lines = text.lines();
    let Some(first) = lines.next() else { return Ok(Vec::new()) };
    let old: RunKey = serde_json::from_str(first).map_err(|_| {
        Failure(
            format!(
                "{} does not start with a lab run's parameters; remove it or pass --fresh",
                log.display()
            ),
            2,
        )
    })?;
    if &old != key {
        return Err(Failure(
            format!(
                "{} holds games of another run ({} ms a move, seed {}{}); pass the same --time-ms \
                 and --seed to resume it, or --fresh to start again",
                log.display(),
                old.time_ms,
                old.seed,
                if old.quick { ", --quick" } else { "" }
            ),
            2,
        ));
    }
    // A line cut short by a stop is skipped: that game is played again.
    Ok(lines.filter_map(|l| serde_json::from_str::<LabGame>(l).ok()).collect())
}

/// index.json: the experiments with findings in `out`, in the lab's order.
fn write_index(out: &Path) -> Result<(), Failure> {
    let names: Vec<&str> = experiments::all()
        .iter()
        .map(|e| e.name)
        .filter(|n| out.join(format!("{n}.json")).exists())
        .collect();
    let path = out.join("index.json");
    let text =
        serde_json::to_string(&serde_json::json!({ "experiments": names })).expect("index") + "\n";
    std::fs::write(&path, text).map_err(|e| Failure(format!("{}: {e}", path.display()), 1))
}

fn today() -> String {
    // Days since 1970 to a civil date (Howard Hinnant's algorithm): no date crate for one line.
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

fn print_report(title: &lab::Text, e: Option<&Experiment>, s: &Summary) {
    println!("# {}", title.en);
    if let Some(e) = e {
        println!("\nThe seed ({}): „{}”\n  = \"{}\"", e.claim.seed, e.claim.hu, e.claim.en);
        println!("\nMethod: {}", e.method.en);
    }
    println!("\nVerdict: {:?}. {}", s.verdict, s.answer.en);
    for c in &s.charts {
        println!();
        match c {
            Chart::Bars { title, unit, bars, .. } => {
                println!("## {} ({})", title.en, unit.en);
                for b in bars {
                    let ci =
                        b.ci95.map_or(String::new(), |[lo, hi]| format!("  [{lo:.2}, {hi:.2}]"));
                    let n = b.n.map_or(String::new(), |n| format!("  n={n}"));
                    println!("  {:<32} {:>8.2}{ci}{n}", b.label.en, b.value);
                }
            }
            Chart::Heatmap { title, rows, cols, cells, row_title, col_title, .. } => {
                println!("## {} (rows: {}, columns: {})", title.en, row_title.en, col_title.en);
                print!("  {:>6}", "");
                for c in cols {
                    print!(" {:>6}", c.en);
                }
                println!();
                for (r, row) in rows.iter().zip(cells) {
                    print!("  {:>6}", r.en);
                    for v in row {
                        match v {
                            Some(b) => print!(" {:>6.2}", b.value),
                            None => print!(" {:>6}", "–"),
                        }
                    }
                    println!();
                }
            }
            Chart::Histogram { title, unit, series } => {
                println!("## {} ({})", title.en, unit.en);
                for s in series {
                    let bins: Vec<String> = s
                        .bins
                        .iter()
                        .map(|b| format!("{}–{}: {}", b.from, b.to, b.count))
                        .collect();
                    println!("  {}: {}", s.label.en, bins.join(", "));
                }
            }
            Chart::Table { title, columns, rows } => {
                println!("## {}", title.en);
                println!(
                    "  {}",
                    columns.iter().map(|c| c.en.as_str()).collect::<Vec<_>>().join(" | ")
                );
                for r in rows {
                    let cells: Vec<String> = r
                        .iter()
                        .map(|e| match e {
                            Entry::Number(x) if x.fract() == 0.0 => format!("{x:.0}"),
                            Entry::Number(x) => format!("{x:.3}"),
                            Entry::Words(t) => t.en.clone(),
                        })
                        .collect();
                    println!("  {}", cells.join(" | "));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn today_is_a_date() {
        let d = super::today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"));
    }
}
