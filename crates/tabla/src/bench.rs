//! `tabla bench`: random playouts per second (one thread, or N independent loops and their
//! speed-up over one measured in the same run), the game's random-move sampler, and the
//! game's search with one thread and with N.

use std::time::Duration;
use tabla_core::perft::{self, PlayoutStats, Until};
use tabla_games::{with_game, AnyGame};

/// What `tabla bench playouts` was asked.
pub struct Playouts {
    /// How long each measurement runs.
    pub seconds: f64,
    /// Random seed (thread 0 plays the games a one-thread run with this seed plays).
    pub seed: u64,
    /// The random-move sampler by name (`None`: the game's default).
    pub sampler: Option<String>,
    /// Independent playout loops at once.
    pub threads: usize,
    /// Stop after this many games per loop instead of after `seconds` (fixed work, for
    /// instruction counts).
    pub games: Option<u64>,
}

/// Runs the benchmark and prints its figures, one `name: value` line each.
///
/// # Errors
/// A bad `--seconds`, `--threads` or `--sampler`, with what was expected.
pub fn playouts(mut g: AnyGame, label: &str, a: &Playouts) -> Result<(), String> {
    if !(a.seconds > 0.0 && a.seconds.is_finite()) {
        return Err("--seconds must be a positive number".into());
    }
    if a.threads == 0 {
        return Err("--threads must be at least 1".into());
    }
    if let Some(name) = &a.sampler {
        g.set_sampler(name)?;
    }
    let until = match a.games {
        Some(n) => Until::Games(n.max(1)),
        None => Until::Time(Duration::from_secs_f64(a.seconds)),
    };
    let runs = if a.threads > 1 { 2.0 } else { 1.0 };
    let bar = indicatif::ProgressBar::new(1000).with_style(
        indicatif::ProgressStyle::with_template("{bar:40} {percent:>3}% {msg}")
            .expect("valid template"),
    );
    bar.set_message(format!("random playouts of {}", g.id()));
    let run = |threads: usize, before: f64| -> PlayoutStats {
        let bar = bar.clone();
        with_game!(&g, g => perft::parallel_playouts(g, threads, a.seed, until, move |spent: Duration| {
            let done = (before + spent.as_secs_f64() / a.seconds) / runs;
            bar.set_position((done * 1000.0).min(1000.0) as u64);
        }))
    };
    let one = run(1, 0.0);
    let many = (a.threads > 1).then(|| run(a.threads, 1.0));
    bar.finish_and_clear();

    let others: Vec<&str> = g.samplers().iter().copied().filter(|&s| s != g.sampler()).collect();
    let sampler_note = if others.is_empty() {
        format!("(the one sampler {} has)", g.id())
    } else {
        format!("(also: {})", others.join(", "))
    };
    println!("game:              {label}");
    println!("sampler:           {} {sampler_note}", g.sampler());
    println!("games played:      {}", one.games);
    println!("moves played:      {}", one.moves);
    println!("seconds:           {:.3}", one.elapsed.as_secs_f64());
    println!("playouts/s:        {:.1}", one.games_per_second());
    println!("moves played/s:    {:.0}", one.moves_per_second());
    if let (Some(cpu), Some(rate)) = (one.cpu, one.games_per_cpu_second()) {
        println!("cpu seconds:       {:.3}", cpu.as_secs_f64());
        println!("playouts/cpu-s:    {rate:.1}");
        println!("moves/cpu-s:       {:.0}", one.moves as f64 / cpu.as_secs_f64().max(1e-9));
    }
    if let Some(many) = many {
        let n = a.threads;
        println!("threads:           {n} independent playout loops, seeds derived from --seed");
        println!("playouts/s {n}t:     {:.1}", many.games_per_second());
        println!("moves played/s {n}t: {:.0}", many.moves_per_second());
        println!(
            "speed-up:          {:.2}x ({n} threads over 1, measured one after the other)",
            many.games_per_second() / one.games_per_second().max(1e-9)
        );
        if let (Some(c1), Some(cn)) = (one.cpu, many.cpu) {
            // Processor time over wall time: how many cores the run really had, which caps the
            // speed-up on a machine shared with other work.
            let cores = |c: Duration, w: Duration| c.as_secs_f64() / w.as_secs_f64().max(1e-9);
            let (k1, kn) = (cores(c1, one.elapsed), cores(cn, many.elapsed));
            println!("cores had:         {k1:.2} with 1 thread, {kn:.2} with {n}");
            // Playouts per processor-second, N threads over 1: 1.00 is perfect scaling,
            // whatever share of the machine the run got.
            let per_cpu = |s: &PlayoutStats| s.games_per_cpu_second().unwrap_or(0.0);
            println!(
                "per-core scaling:  {:.2} (playouts per cpu-second, {n} threads over 1)",
                per_cpu(&many) / per_cpu(&one).max(1e-9)
            );
        }
    }
    let budget = match until {
        Until::Games(_) => Duration::ZERO,
        Until::Time(t) => t / 2,
    };
    let mut rng = perft::thread_rng(a.seed, 0);
    let (generated, spent) = with_game!(&g, g => {
        let positions = perft::sample_positions(g, &mut rng, 20);
        perft::timed_movegen(&positions, budget)
    });
    println!(
        "moves generated/s: {:.0} (legal-move lists over the positions of 20 random games)",
        generated as f64 / spent.as_secs_f64().max(1e-9)
    );
    Ok(())
}

/// `tabla bench scaling`: the game's search for `seconds` with one thread, then with
/// `threads`, and the rates and speed-up.
///
/// # Errors
/// A bad `--seconds` or `--threads`, or a position where no player is to move.
pub fn search(g: &AnyGame, label: &str, seconds: f64, threads: usize) -> Result<(), String> {
    if !(seconds > 0.0 && seconds.is_finite()) {
        return Err("--seconds must be a positive number".into());
    }
    if threads == 0 {
        return Err("--threads must be at least 1".into());
    }
    let time = Duration::from_secs_f64(seconds);
    let timed = |n: usize| {
        let cpu0 = perft::process_cpu_time();
        let s = tabla_ai::engine::search_speed(g, n, time);
        let cpu = cpu0.zip(perft::process_cpu_time()).map(|(a, b)| b.saturating_sub(a));
        s.map(|s| (s, cpu))
    };
    let Some((one, cpu1)) = timed(1) else {
        return Err("no player is to move here: nothing to search".into());
    };
    let (many, cpun) = timed(threads).expect("the same position");
    let unit = if one.search == "alpha-beta" { "nodes" } else { "playouts" };
    let rate =
        |s: &tabla_ai::engine::SearchSpeed| s.work as f64 / s.elapsed.as_secs_f64().max(1e-9);
    println!("game:              {label}");
    println!("search:            {}", one.search);
    println!("{unit}/s 1t:        {:.0}", rate(&one));
    println!("{unit}/s {}t:        {:.0}", many.threads, rate(&many));
    println!(
        "speed-up:          {:.2}x ({} threads over 1, measured one after the other)",
        rate(&many) / rate(&one).max(1e-9),
        many.threads
    );
    if let (Some(c1), Some(cn)) = (cpu1, cpun) {
        let (k1, kn) = (
            c1.as_secs_f64() / one.elapsed.as_secs_f64().max(1e-9),
            cn.as_secs_f64() / many.elapsed.as_secs_f64().max(1e-9),
        );
        println!("cores had:         {k1:.2} with 1 thread, {kn:.2} with {}", many.threads);
        println!(
            "per-core scaling:  {:.2} ({unit} per cpu-second, {} threads over 1)",
            (rate(&many) / kn.max(1e-9)) / (rate(&one) / k1.max(1e-9)).max(1e-9),
            many.threads
        );
    }
    Ok(())
}
