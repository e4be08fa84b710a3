//! Load on a running `tabla serve`: many games at once, each played by its own client to the
//! end or a move limit, each followed by watchers on the live socket. Reports errors, lost
//! moves (acknowledged but missing from the final record, or not seen by a watcher) and the
//! latency of a move from request to acknowledgement (the server's fsync included).
//!
//! `bench/load-server.sh` starts a server and runs this against it:
//!
//!     load --addr 127.0.0.1:PORT [--games 1000] [--moves 50] [--watchers 1] [--seed 1]
//!          [--think-ms 0] [--clients 0]
//!
//! With `--think-ms 0` every client sends its next move as soon as the last is acknowledged
//! (the server saturated: latency is mostly queueing); with a think time each client waits
//! about that long between moves, as players do. `--addr A,B,…` spreads the games over
//! several instances on one database: game i is played through the i-th address (in turn)
//! and watched through the next one, so every frame a watcher gets crossed instances. With `--clients N` (N > 0) at most N moves
//! are in flight at once, as N connections taking turns would send them (the latency counts
//! from the moment a move is sent, not the wait for a free client).

use futures_util::StreamExt;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::Deserialize;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

const GAMES: [&str; 4] = ["gipf", "bulgarian-ur", "seega", "amazons"];

struct Args {
    addr: String,
    games: usize,
    moves: usize,
    watchers: usize,
    seed: u64,
    think_ms: u64,
    /// Moves in flight at once; 0: one per game.
    clients: usize,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        addr: String::new(),
        games: 1000,
        moves: 50,
        watchers: 1,
        seed: 1,
        think_ms: 0,
        clients: 0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let v = it.next().ok_or_else(|| format!("{k} needs a value"))?;
        let n = || v.parse::<usize>().map_err(|e| format!("{k} {v}: {e}"));
        match k.as_str() {
            "--addr" => a.addr = v.clone(),
            "--games" => a.games = n()?,
            "--moves" => a.moves = n()?,
            "--watchers" => a.watchers = n()?,
            "--seed" => a.seed = n()? as u64,
            "--think-ms" => a.think_ms = n()? as u64,
            "--clients" => a.clients = n()?,
            _ => return Err(format!("unknown argument {k}")),
        }
    }
    if a.addr.is_empty() {
        return Err("usage: load --addr HOST:PORT [--games N] [--moves N] [--watchers N]".into());
    }
    Ok(a)
}

#[derive(Deserialize)]
struct Seat {
    player: String,
    token: Option<String>,
}

#[derive(Deserialize)]
struct Created {
    id: String,
    seats: Vec<Seat>,
}

#[derive(Deserialize)]
struct State {
    to_move: Option<String>,
    legal: Vec<String>,
    result: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct Game {
    ply: u64,
    version: u64,
    record: Vec<String>,
    state: State,
    chance_player: Option<String>,
}

#[derive(Deserialize)]
struct Version {
    version: Option<u64>,
}

#[derive(Default)]
struct Outcome {
    latencies: Vec<Duration>,
    errors: Vec<String>,
    lost: usize,
    watchers_behind: usize,
    finished: bool,
}

async fn watcher(
    url: String,
    mut until: tokio::sync::watch::Receiver<Option<u64>>,
) -> Result<(), String> {
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.map_err(|e| e.to_string())?;
    let mut seen = 0;
    let deadline = Duration::from_secs(120);
    let done = tokio::time::timeout(deadline, async {
        loop {
            if let Some(v) = *until.borrow() {
                if seen >= v {
                    return Ok(());
                }
            }
            tokio::select! {
                m = ws.next() => match m {
                    Some(Ok(Message::Text(t))) => {
                        let v: Version = serde_json::from_str(&t).map_err(|e| e.to_string())?;
                        if let Some(v) = v.version {
                            if v < seen {
                                return Err(format!("version {v} after {seen}"));
                            }
                            seen = v;
                        }
                    }
                    Some(Ok(_)) => {}
                    other => return Err(format!("the socket ended: {other:?}")),
                },
                _ = until.changed() => {}
            }
        }
    })
    .await;
    done.map_err(|_| format!("saw version {seen}, not the last"))?
}

async fn play(
    http: reqwest::Client,
    base: String,
    ws_base: String,
    i: usize,
    a: Arc<Args>,
    start: Arc<tokio::sync::Barrier>,
    clients: Arc<tokio::sync::Semaphore>,
) -> Outcome {
    let mut out = Outcome::default();
    let kind = GAMES[i % GAMES.len()];
    let mut rng = SmallRng::seed_from_u64(a.seed.wrapping_mul(1_000_003).wrapping_add(i as u64));
    let created: Result<Created, String> = async {
        let r = http
            .post(format!("{base}/api/games"))
            .body(format!(r#"{{"game":"{kind}","seats":["human","human"]}}"#))
            .send()
            .await
            .map_err(|e| e.to_string())?;
        if r.status() != 201 {
            return Err(format!("create: {}", r.status()));
        }
        r.json().await.map_err(|e| e.to_string())
    }
    .await;
    let created = match created {
        Ok(c) => c,
        Err(e) => {
            out.errors.push(e);
            start.wait().await;
            return out;
        }
    };
    let (final_tx, final_rx) = tokio::sync::watch::channel(None);
    let watchers: Vec<_> = (0..a.watchers)
        .map(|_| {
            let url = format!("{ws_base}/api/games/{}/live", created.id);
            tokio::spawn(watcher(url, final_rx.clone()))
        })
        .collect();
    let mut game: Game = match async {
        http.get(format!("{base}/api/games/{}", created.id)).send().await?.json().await
    }
    .await
    {
        Ok(g) => g,
        Err(e) => {
            out.errors.push(format!("get: {e}"));
            start.wait().await;
            return out;
        }
    };
    start.wait().await;
    let mut acknowledged: Vec<String> = game.record.clone();
    for k in 0..a.moves {
        if a.think_ms > 0 {
            // The first pause spreads the starts; then each player thinks about as long.
            let low = if k == 0 { 0 } else { a.think_ms / 2 };
            let ms = rng.random_range(low..=a.think_ms + a.think_ms / 2);
            tokio::time::sleep(Duration::from_millis(ms)).await;
        }
        if game.state.result.is_some() {
            out.finished = true;
            break;
        }
        let Some(to_move) = game.state.to_move.as_deref() else { break };
        let (player, mv) = if to_move == "chance" {
            (game.chance_player.clone().unwrap_or_default(), "roll".to_string())
        } else {
            (
                to_move.to_string(),
                game.state.legal[rng.random_range(0..game.state.legal.len())].clone(),
            )
        };
        let Some(token) =
            created.seats.iter().find(|s| s.player == player).and_then(|s| s.token.clone())
        else {
            out.errors.push(format!("no seat for {player}"));
            break;
        };
        let body = serde_json::json!({"move": mv, "ply": game.ply}).to_string();
        let _client = clients.acquire().await.expect("semaphore open");
        let t0 = Instant::now();
        let r = http
            .post(format!("{base}/api/games/{}/moves", created.id))
            .header("Authorization", format!("Bearer {token}"))
            .body(body)
            .send()
            .await;
        let r = match r {
            Ok(r) => r,
            Err(e) => {
                out.errors.push(format!("move: {e}"));
                break;
            }
        };
        let status = r.status();
        let text = r.bytes().await;
        out.latencies.push(t0.elapsed());
        let text = match text {
            Ok(t) if status == 200 => t,
            Ok(t) => {
                out.errors.push(format!("move: {status}: {}", String::from_utf8_lossy(&t)));
                break;
            }
            Err(e) => {
                out.errors.push(format!("move body: {e}"));
                break;
            }
        };
        game = match serde_json::from_slice(&text) {
            Ok(g) => g,
            Err(e) => {
                out.errors.push(format!("move answer: {e}"));
                break;
            }
        };
        if !game.record.starts_with(&acknowledged) {
            out.lost += acknowledged.len();
        }
        acknowledged = game.record.clone();
    }
    out.finished |= game.state.result.is_some();
    // Every acknowledged move is in the stored game, and every watcher saw the last version.
    match async {
        http.get(format!("{base}/api/games/{}", created.id)).send().await?.json::<Game>().await
    }
    .await
    {
        Ok(last) => {
            let kept = acknowledged.iter().zip(&last.record).take_while(|(a, b)| a == b).count();
            out.lost += acknowledged.len() - kept;
            let _ = final_tx.send(Some(last.version));
        }
        Err(e) => {
            out.errors.push(format!("final get: {e}"));
            let _ = final_tx.send(Some(game.version));
        }
    }
    for w in watchers {
        match w.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                out.watchers_behind += 1;
                out.errors.push(format!("watcher: {e}"));
            }
            Err(e) => out.errors.push(format!("watcher task: {e}")),
        }
    }
    out
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    let a = match args() {
        Ok(a) => Arc::new(a),
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let addrs: Vec<String> = a.addr.split(',').map(str::to_string).collect();
    let base = |i: usize| format!("http://{}", addrs[i % addrs.len()]);
    let ws_base = |i: usize| format!("ws://{}", addrs[(i + 1) % addrs.len()]);
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(a.games)
        .timeout(Duration::from_secs(120))
        .build()
        .expect("client");
    let start = Arc::new(tokio::sync::Barrier::new(a.games + 1));
    let in_flight = if a.clients == 0 { a.games } else { a.clients };
    let clients = Arc::new(tokio::sync::Semaphore::new(in_flight));
    let tasks: Vec<_> = (0..a.games)
        .map(|i| {
            tokio::spawn(play(
                http.clone(),
                base(i),
                ws_base(i),
                i,
                Arc::clone(&a),
                Arc::clone(&start),
                Arc::clone(&clients),
            ))
        })
        .collect();
    start.wait().await;
    let t0 = Instant::now();
    let mut all = Vec::new();
    let (mut errors, mut lost, mut behind, mut finished) = (Vec::new(), 0, 0, 0);
    for t in tasks {
        let o = t.await.expect("game task");
        all.extend(o.latencies);
        errors.extend(o.errors);
        lost += o.lost;
        behind += o.watchers_behind;
        finished += usize::from(o.finished);
    }
    let wall = t0.elapsed();
    all.sort();
    let q = |p: f64| all.get(((all.len() as f64 * p) as usize).min(all.len().saturating_sub(1)));
    println!(
        "games: {} at once ({}), {} moves in flight at most, {} watcher(s) each, think time {} ms",
        a.games,
        in_flight,
        GAMES.join(", "),
        a.watchers,
        a.think_ms
    );
    println!(
        "moves acknowledged: {} ({} games ended, the others stopped at {} moves)",
        all.len(),
        finished,
        a.moves
    );
    println!(
        "errors: {}, lost moves: {lost}, watchers that missed a change: {behind}",
        errors.len()
    );
    for e in errors.iter().take(10) {
        println!("  {e}");
    }
    if let (Some(p50), Some(p90), Some(p99), Some(max)) = (q(0.5), q(0.9), q(0.99), all.last()) {
        println!(
            "move latency (request to acknowledgement, fsync included): median {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            ms(*p50),
            ms(*p90),
            ms(*p99),
            ms(*max)
        );
    }
    println!(
        "throughput: {:.0} moves/s over {:.1} s",
        all.len() as f64 / wall.as_secs_f64(),
        wall.as_secs_f64()
    );
    if !errors.is_empty() || lost > 0 || behind > 0 {
        std::process::exit(1);
    }
}
