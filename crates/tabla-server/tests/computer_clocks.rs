//! Computer seats on a running clock (issue 28): fast clocked games, computer against
//! computer, several at once on a server with one search slot, so that the computers queue
//! for it while their clocks run. No computer may lose on time, and every computer's clock
//! must really run (it is charged for its turns).
//!
//! The short version runs with the other tests; the full one (200 games) is a deep suite:
//! `cargo test --workspace --test computer_clocks -- --ignored --nocapture`.

mod common;

use common::{server_with, Server};
use serde_json::{json, Value};

/// One kind of game to play: the game, its options, its clock and the seats' levels.
struct Setup {
    game: &'static str,
    options: Value,
    initial_ms: i64,
    increment_ms: i64,
    levels: [u8; 2],
}

/// What the games showed.
#[derive(Default)]
struct Figures {
    games: usize,
    lost_on_time: Vec<String>,
    /// Turns of a computer whose clock was seen running, and of those charged nothing.
    turns: usize,
    uncharged: usize,
    /// The least time a computer had left at the moment it moved (increment not counted).
    least_left_ms: i64,
    /// Seats whose clock was never charged over a whole game.
    never_charged: Vec<String>,
    /// What turns begun with less than a second left cost (ms): the quick moves' overhead.
    short_turns: Vec<i64>,
}

/// Plays one game of `setup` to its end, watching every change: the running seat's time as
/// its turn began (as of the frame) and as its move landed.
async fn play(s: &Server, setup: &Setup, figures: &tokio::sync::Mutex<Figures>) {
    let seats: Vec<String> = setup.levels.iter().map(|l| format!("computer:{l}")).collect();
    let g = s
        .create(json!({"game": setup.game, "options": setup.options, "seats": seats,
                       "clock": {"initial_ms": setup.initial_ms,
                                 "increment_ms": setup.increment_ms}}))
        .await;
    let mut w = s.watch(&g.id).await;
    let mut prev: Option<Value> = None;
    let mut charged = [0i64; 2];
    let (mut turns, mut uncharged, mut least) = (0, 0, i64::MAX);
    let mut short_turns = Vec::new();
    let last = loop {
        let f = w.next().await.expect("the socket stays open until the game ends");
        if f.get("version").is_none() {
            continue;
        }
        if let Some(p) =
            prev.as_ref().filter(|p| p["version"].as_u64() == f["version"].as_u64().map(|v| v - 1))
        {
            // The seat whose clock ran in the frame before: its move (or its loss) is this one.
            if let Some(runner) = p["clock"]["running"].as_str() {
                if f["clock"]["running"].as_str() != Some(runner) {
                    let seat = g.players.iter().position(|x| x == runner).unwrap();
                    let before = p["clock"]["remaining_ms"][runner].as_i64().unwrap();
                    let after = f["clock"]["remaining_ms"][runner].as_i64().unwrap();
                    let left = after - setup.increment_ms;
                    least = least.min(left);
                    turns += 1;
                    if before - left <= 0 {
                        uncharged += 1;
                    }
                    charged[seat] += before - left;
                    if before < 1000 {
                        short_turns.push(before - left);
                    }
                }
            }
        }
        let over = !f["state"]["result"].is_null();
        prev = Some(f);
        if over {
            break prev.unwrap();
        }
    };
    let mut fig = figures.lock().await;
    fig.games += 1;
    fig.turns += turns;
    fig.uncharged += uncharged;
    fig.least_left_ms = fig.least_left_ms.min(least);
    fig.short_turns.extend(short_turns);
    if last["result_reason"] == "time" {
        fig.lost_on_time.push(format!("{} {}: {}", setup.game, g.id, last["clock"]));
    }
    for (seat, c) in charged.iter().enumerate() {
        if *c <= 0 {
            fig.never_charged.push(format!("{} {} {}", setup.game, g.id, g.players[seat]));
        }
    }
}

/// Plays `games` games, `at_once` at a time, cycling through `setups`, on a server with one
/// search slot.
async fn run(setups: &[Setup], games: usize, at_once: usize) -> Figures {
    let s = server_with(|c| {
        c.test_clocks = true;
        c.searches = Some(1);
    })
    .await;
    let figures =
        tokio::sync::Mutex::new(Figures { least_left_ms: i64::MAX, ..Figures::default() });
    let gate = tokio::sync::Semaphore::new(at_once);
    let all = (0..games).map(|i| {
        let (s, gate, figures) = (&s, &gate, &figures);
        async move {
            let _turn = gate.acquire().await.unwrap();
            play(s, &setups[i % setups.len()], figures).await;
        }
    });
    futures_util::future::join_all(all).await;
    let mut f = figures.into_inner();
    f.short_turns.sort_unstable();
    let at = |q: usize| f.short_turns.get(f.short_turns.len() * q / 100).copied().unwrap_or(0);
    println!(
        "turns begun under 1 s left: {}, their cost in ms: median {}, 90th percentile {}, \
         most {}",
        f.short_turns.len(),
        at(50),
        at(90),
        f.short_turns.last().copied().unwrap_or(0)
    );
    println!(
        "{} games, {} computer turns on a running clock, lost on time: {}, least time left \
         at a move: {} ms, turns charged nothing: {}",
        f.games,
        f.turns,
        f.lost_on_time.len(),
        f.least_left_ms,
        f.uncharged
    );
    f
}

fn check(f: &Figures, games: usize) {
    assert_eq!(f.games, games);
    assert!(f.lost_on_time.is_empty(), "lost on time: {:?}", f.lost_on_time);
    assert!(f.never_charged.is_empty(), "a clock that never ran: {:?}", f.never_charged);
    // Every turn but the first of each game is timed; at least a few moves a game.
    assert!(f.turns >= 4 * games, "{} timed turns in {games} games", f.turns);
    assert!(f.least_left_ms > 0);
}

/// Small boards, clocks of three or four seconds with a tenth of a second a move, levels
/// that would think longer than the clock allows (without the pacing, a level-5 seat of the
/// 8×8 games loses on time): the pacing decides. An increment larger than a move's overhead
/// (storing it, the machine's other work): sudden death that short is lost to the overhead
/// alone on a machine loaded far beyond its cores, however fast the computer plays.
fn setups() -> Vec<Setup> {
    vec![
        Setup {
            game: "amazons",
            options: json!({"size": "6"}),
            initial_ms: 3000,
            increment_ms: 100,
            levels: [5, 3],
        },
        Setup {
            game: "seega",
            options: json!({"size": "5", "quiet": "10"}),
            initial_ms: 3000,
            increment_ms: 100,
            levels: [3, 4],
        },
        Setup {
            game: "amazons",
            options: json!({"size": "8"}),
            initial_ms: 4000,
            increment_ms: 100,
            levels: [4, 5],
        },
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computers_on_a_fast_clock_never_lose_on_time() {
    let f = run(&setups(), 12, 6).await;
    check(&f, 12);
}

#[tokio::test]
async fn a_computer_whose_time_runs_out_loses_on_time() {
    // A millisecond: gone before any search ends. The person's first move is not timed.
    let s = server_with(|c| c.test_clocks = true).await;
    let g = s
        .create(json!({"game": "amazons", "options": {"size": "6"},
                       "seats": ["human", "computer:1"],
                       "clock": {"initial_ms": 1, "increment_ms": 0}}))
        .await;
    let mut w = s.watch(&g.id).await;
    let game = s.game(&g.id).await;
    let mv = game["state"]["legal"][0].as_str().unwrap().to_string();
    let (status, after) = s.play(&g, g.token_of("white"), &mv, 0).await;
    assert_eq!(status, 200, "{after}");
    let end = loop {
        let f = w.next().await.expect("the game ends");
        if !f["state"]["result"].is_null() {
            break f;
        }
    };
    assert_eq!(end["result_reason"], "time", "{end}");
    assert_eq!(end["state"]["result"]["winners"], json!(["white"]), "{end}");
    assert_eq!(end["clock"]["remaining_ms"]["black"], 0, "{end}");
    assert_eq!(end["ply"], 1, "the computer's late move was not played: {end}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "deep suite: 200 fast games, minutes: run with --ignored"]
async fn two_hundred_fast_games_lose_none_on_time() {
    let mut setups = setups();
    setups.push(Setup {
        game: "bulgarian-ur",
        options: json!({}),
        initial_ms: 3000,
        increment_ms: 100,
        levels: [1, 2],
    });
    // The strongest levels on the shortest clock: the pacing cuts their seconds a move.
    setups.push(Setup {
        game: "amazons",
        options: json!({"size": "6"}),
        initial_ms: 2500,
        increment_ms: 100,
        levels: [7, 5],
    });
    let f = run(&setups, 200, 20).await;
    check(&f, 200);
}
