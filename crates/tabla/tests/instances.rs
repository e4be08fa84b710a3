//! Several `tabla serve` instances on one PostgreSQL database (runs only when `TABLA_TEST_PG`
//! names a server; skipped otherwise). Three instances, games played through all of them at
//! once by racing clients (two moves for the same ply, through two instances, at the same
//! moment), watchers on every instance, and the instance that leads killed with SIGKILL in
//! the middle. Checks: exactly one of two racing moves wins (the other 409); no acknowledged
//! move lost; no move applied twice; every watcher ends with every move; the computer seats
//! and the clock the dead instance ran go on under another instance.

use futures_util::StreamExt;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// Games between people, each moved by racing clients.
const RACED: usize = 8;
/// Moves acknowledged in each raced game (fewer if it ends).
const RACED_MOVES: usize = 24;
/// Games against the computer.
const COMPUTER: usize = 4;
/// Moves of the person in each game against the computer.
const COMPUTER_MOVES: usize = 8;
/// The clock of the timed game (the shortest a server people play on accepts).
const CLOCK_S: u64 = 10;

/// One `tabla serve` child process.
struct Instance {
    child: Mutex<Option<Child>>,
    addr: String,
    alive: AtomicBool,
    /// When its log said it took the lead.
    leads_at: Arc<Mutex<Option<Instant>>>,
}

impl Instance {
    fn start(db: &str) -> Arc<Instance> {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabla"))
            .args(["serve", "--addr", "127.0.0.1:0", "--db", db])
            .env("RUST_LOG", "warn,tabla_server::hub=info")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("tabla serve starts");
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let start = line.find("http://").unwrap_or_else(|| panic!("no address in '{line}'")) + 7;
        let addr = line[start..].split('/').next().unwrap().to_string();
        std::thread::spawn(move || for _ in out.lines() {});
        let leads_at = Arc::new(Mutex::new(None));
        let err = BufReader::new(child.stderr.take().unwrap());
        let at = Arc::clone(&leads_at);
        let name = addr.clone();
        std::thread::spawn(move || {
            for line in err.lines().map_while(Result::ok) {
                if line.contains("this instance leads") {
                    *at.lock().unwrap() = Some(Instant::now());
                } else if !line.contains(" INFO ") {
                    eprintln!("[{name}] {line}");
                }
            }
        });
        Arc::new(Instance { child: Mutex::new(Some(child)), addr, alive: true.into(), leads_at })
    }

    fn leads(&self) -> Option<Instant> {
        *self.leads_at.lock().unwrap()
    }

    /// SIGKILL: nothing is flushed, closed or handed over.
    fn kill(&self) {
        self.alive.store(false, Ordering::SeqCst);
        if let Some(mut c) = self.child.lock().unwrap().take() {
            c.kill().unwrap();
            c.wait().unwrap();
        }
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.lock().unwrap().take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

struct Cluster {
    all: Vec<Arc<Instance>>,
    http: reqwest::Client,
}

impl Cluster {
    /// A live instance at random, other than `not`.
    fn pick(&self, rng: &mut SmallRng, not: Option<usize>) -> usize {
        let alive: Vec<usize> = (0..self.all.len())
            .filter(|&i| self.all[i].alive.load(Ordering::SeqCst) && Some(i) != not)
            .collect();
        alive[rng.random_range(0..alive.len())]
    }

    fn url(&self, i: usize, path: &str) -> String {
        format!("http://{}{path}", self.all[i].addr)
    }

    /// The game, through any live instance (another one if that one just died).
    async fn game(&self, rng: &mut SmallRng, id: &str) -> Value {
        for _ in 0..50 {
            let i = self.pick(rng, None);
            if let Ok(r) = self.http.get(self.url(i, &format!("/api/games/{id}"))).send().await {
                if r.status() == 200 {
                    return r.json().await.unwrap();
                }
                panic!("GET {id}: {}", r.status());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no instance answers");
    }

    /// A move through instance `i`: the status, or `None` when no answer came (the instance
    /// died: whether it was committed is unknown).
    async fn play(&self, i: usize, id: &str, token: &str, mv: &str, ply: u64) -> Option<u16> {
        let r = self
            .http
            .post(self.url(i, &format!("/api/games/{id}/moves")))
            .header("Authorization", format!("Bearer {token}"))
            .body(json!({"move": mv, "ply": ply}).to_string())
            .send()
            .await
            .ok()?;
        let status = r.status().as_u16();
        r.bytes().await.ok()?;
        Some(status)
    }

    async fn create(&self, rng: &mut SmallRng, body: Value) -> (String, Vec<(String, String)>) {
        let i = self.pick(rng, None);
        let r = self.http.post(self.url(i, "/api/games")).body(body.to_string()).send().await;
        let r = r.unwrap();
        assert_eq!(r.status(), 201);
        let v: Value = r.json().await.unwrap();
        let seats = v["seats"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|s| Some((s["player"].as_str()?.into(), s["token"].as_str()?.into())))
            .collect();
        (v["id"].as_str().unwrap().into(), seats)
    }
}

/// What a watcher last saw of its game.
#[derive(Default)]
struct Seen {
    version: u64,
    record: Vec<String>,
    result_reason: Option<String>,
    /// A frame older than one shown before (a stale copy served).
    went_back: Vec<String>,
}

/// Follows game `id` on instance `first`, moving to another live instance whenever its
/// socket ends (as the page reconnects), until `stop`.
async fn watcher(
    cluster: Arc<Cluster>,
    first: usize,
    id: String,
    seen: Arc<Mutex<Seen>>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let mut k = first;
    let mut rng = SmallRng::seed_from_u64(first as u64);
    loop {
        if *stop.borrow() {
            return;
        }
        if !cluster.all[k].alive.load(Ordering::SeqCst) {
            k = cluster.pick(&mut rng, None);
        }
        let url = format!("ws://{}/api/games/{id}/live", cluster.all[k].addr);
        let Ok((mut ws, _)) = tokio_tungstenite::connect_async(&url).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            k = (k + 1) % cluster.all.len();
            continue;
        };
        loop {
            tokio::select! {
                m = ws.next() => match m {
                    Some(Ok(Message::Text(t))) => {
                        let v: Value = serde_json::from_str(&t).unwrap();
                        let Some(version) = v["version"].as_u64() else { continue };
                        let mut s = seen.lock().unwrap();
                        if version < s.version {
                            let went = format!("{id}: version {version} after {}", s.version);
                            s.went_back.push(went);
                            continue;
                        }
                        s.version = version;
                        s.record = serde_json::from_value(v["record"].clone()).unwrap();
                        s.result_reason = v["result_reason"].as_str().map(str::to_string);
                    }
                    Some(Ok(_)) => {}
                    _ => break,
                },
                _ = stop.changed() => return,
            }
        }
    }
}

/// What a game's clients found.
#[derive(Default)]
struct Played {
    /// Acknowledged moves by ply.
    acked: BTreeMap<u64, String>,
    /// Plies whose move got no answer (the instance died): committed or not, unknown.
    unknown: Vec<u64>,
    /// Broken promises: two winners for one ply, or a race with no winner.
    violations: Vec<String>,
    /// Races run (two moves for one ply through two instances).
    races: usize,
    /// Each race as `PLY:I(answer)/J(answer)`, the two instances it went through: printed
    /// with a watcher's problem, to see which instance took the moves it missed.
    via: Vec<String>,
}

/// Two clients send a move each for the same ply at the same moment, through two
/// instances, until `RACED_MOVES` are acknowledged or the game ends.
async fn race(
    cluster: Arc<Cluster>,
    id: String,
    seats: Vec<(String, String)>,
    seed: u64,
) -> Played {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Played::default();
    while out.acked.len() < RACED_MOVES {
        let g = cluster.game(&mut rng, &id).await;
        if !g["result_reason"].is_null() {
            break;
        }
        let ply = g["ply"].as_u64().unwrap();
        let to_move = g["state"]["to_move"].as_str().unwrap();
        let token = &seats.iter().find(|s| s.0 == to_move).unwrap().1;
        let legal: Vec<String> = serde_json::from_value(g["state"]["legal"].clone()).unwrap();
        let m1 = legal[rng.random_range(0..legal.len())].clone();
        let m2 = legal[rng.random_range(0..legal.len())].clone();
        let i = cluster.pick(&mut rng, None);
        let j = cluster.pick(&mut rng, Some(i));
        let (a, b) = tokio::join!(
            cluster.play(i, &id, token, &m1, ply),
            cluster.play(j, &id, token, &m2, ply)
        );
        out.races += 1;
        out.via.push(format!("{ply}:{i}({a:?})/{j}({b:?})"));
        let wins = [a, b].iter().filter(|s| **s == Some(200)).count();
        if wins > 1 {
            out.violations.push(format!("{id} ply {ply}: both racing moves won"));
        }
        match (a, b) {
            (Some(x), Some(y)) if wins == 1 && (x == 409 || y == 409) => {}
            (Some(x), Some(y)) => {
                out.violations.push(format!("{id} ply {ply}: the race answered {x} and {y}"))
            }
            _ => out.unknown.push(ply),
        }
        let winner = if a == Some(200) {
            Some(m1)
        } else if b == Some(200) {
            Some(m2)
        } else {
            None
        };
        if let Some(mv) = winner {
            if out.acked.insert(ply, mv).is_some() {
                out.violations.push(format!("{id} ply {ply}: acknowledged twice"));
            }
        }
    }
    out
}

/// Plays the person's side of a game against the computer through any instance, waiting
/// for the computer (run by whichever instance leads) to answer each move; half the moves
/// before the leader is killed, half after (`killed`), so that the computer must go on.
async fn versus(
    cluster: Arc<Cluster>,
    id: String,
    seats: Vec<(String, String)>,
    seed: u64,
    mut killed: tokio::sync::watch::Receiver<bool>,
) -> Played {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Played::default();
    let mut waiting_since = Instant::now();
    while out.acked.len() < COMPUTER_MOVES {
        if out.acked.len() == COMPUTER_MOVES / 2 {
            let _ = killed.wait_for(|k| *k).await;
        }
        let g = cluster.game(&mut rng, &id).await;
        if !g["result_reason"].is_null() {
            break;
        }
        let to_move = g["state"]["to_move"].as_str().unwrap();
        let Some((_, token)) = seats.iter().find(|s| s.0 == to_move) else {
            // The computer's turn.
            if waiting_since.elapsed() > Duration::from_secs(30) {
                out.violations.push(format!("{id}: the computer never moved"));
                break;
            }
            tokio::time::sleep(Duration::from_millis(30)).await;
            continue;
        };
        let ply = g["ply"].as_u64().unwrap();
        let legal: Vec<String> = serde_json::from_value(g["state"]["legal"].clone()).unwrap();
        let mv = legal[rng.random_range(0..legal.len())].clone();
        let i = cluster.pick(&mut rng, None);
        match cluster.play(i, &id, token, &mv, ply).await {
            Some(200) => {
                out.acked.insert(ply, mv);
            }
            Some(s) => out.violations.push(format!("{id} ply {ply}: the move answered {s}")),
            None => out.unknown.push(ply),
        }
        waiting_since = Instant::now();
    }
    out
}

/// Every acknowledged move is in the final record at its ply, and every other ply of it is
/// one whose answer was lost with the dead instance or (against the computer) the computer's.
fn check_record(id: &str, played: &Played, record: &[String], computer: bool) -> Vec<String> {
    let mut bad = played.violations.clone();
    for (ply, mv) in &played.acked {
        match record.get(*ply as usize) {
            Some(r) if r == mv => {}
            other => bad.push(format!("{id}: acknowledged {mv} at ply {ply}, stored {other:?}")),
        }
    }
    if !computer {
        for (ply, mv) in record.iter().enumerate() {
            let ply = ply as u64;
            if !played.acked.contains_key(&ply) && !played.unknown.contains(&ply) {
                bad.push(format!("{id}: {mv} at ply {ply} was never acknowledged"));
            }
        }
    }
    bad
}

#[test]
fn three_instances_one_database_and_a_kill_9() {
    let Some(server) = std::env::var("TABLA_TEST_PG").ok().filter(|u| !u.is_empty()) else {
        eprintln!("three_instances_one_database_and_a_kill_9: skipped, TABLA_TEST_PG is not set");
        return;
    };
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    rt.block_on(async move {
        let db = tabla_server::store_pg::fresh_test_database(&server).await.unwrap();
        // The first instance takes the lead before the others start: it is the one killed.
        let first = Instance::start(&db);
        let t0 = Instant::now();
        while first.leads().is_none() {
            assert!(t0.elapsed() < Duration::from_secs(20), "no instance took the lead");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let all = vec![first, Instance::start(&db), Instance::start(&db)];
        let http = reqwest::Client::builder().timeout(Duration::from_secs(20)).build().unwrap();
        let cluster = Arc::new(Cluster { all, http });
        let mut rng = SmallRng::seed_from_u64(25);
        let (stop_tx, stop) = tokio::sync::watch::channel(false);
        let mut watchers = Vec::new();
        let mut watch = |id: &str, on: &[usize]| -> Vec<Arc<Mutex<Seen>>> {
            on.iter()
                .map(|&k| {
                    let seen = Arc::new(Mutex::new(Seen::default()));
                    watchers.push(tokio::spawn(watcher(
                        Arc::clone(&cluster),
                        k,
                        id.to_string(),
                        Arc::clone(&seen),
                        stop.clone(),
                    )));
                    seen
                })
                .collect()
        };

        // A timed game: one move each, then the first player's clock runs out with nobody
        // asking; its watchers sit on the instances that survive, so only a timer (the
        // leader's) can end it.
        let clock = json!({"game":"amazons","options":{"size":"6"},
                           "clock":{"initial_s":CLOCK_S,"increment_s":0}});
        let (timed, timed_seats) = cluster.create(&mut rng, clock).await;
        let timed_seen = watch(&timed, &[1, 2]);
        for _ in 0..2 {
            let g = cluster.game(&mut rng, &timed).await;
            let to_move = g["state"]["to_move"].as_str().unwrap();
            let token = &timed_seats.iter().find(|s| s.0 == to_move).unwrap().1;
            let mv = g["state"]["legal"][0].as_str().unwrap();
            let i = cluster.pick(&mut rng, None);
            let ply = g["ply"].as_u64().unwrap();
            assert_eq!(cluster.play(i, &timed, token, mv, ply).await, Some(200));
        }
        let deadline = Instant::now() + Duration::from_secs(CLOCK_S);

        let (kill_tx, killed) = tokio::sync::watch::channel(false);
        let mut games = Vec::new();
        for n in 0..RACED + COMPUTER {
            let computer = n >= RACED;
            let seats = if computer { json!(["human", "computer:1"]) } else { json!(["human", "human"]) };
            let body = json!({"game":"amazons","options":{"size":"6"},"seats":seats});
            let (id, tokens) = cluster.create(&mut rng, body).await;
            let seen = watch(&id, &[0, 1, 2]);
            let task = if computer {
                let killed = killed.clone();
                tokio::spawn(versus(Arc::clone(&cluster), id.clone(), tokens, n as u64, killed))
            } else {
                tokio::spawn(race(Arc::clone(&cluster), id.clone(), tokens, n as u64))
            };
            games.push((id, computer, seen, task));
        }

        // The leader dies in the middle of the games, its clock timer and its computers'
        // turns with it.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let killed_at = Instant::now();
        cluster.all[0].kill();
        let mut computer_ply_at_kill = BTreeMap::new();
        for (id, computer, ..) in &games {
            if *computer {
                let g = cluster.game(&mut rng, id).await;
                computer_ply_at_kill.insert(id.clone(), g["ply"].as_u64().unwrap());
            }
        }
        let _ = kill_tx.send(true);

        let mut bad = Vec::new();
        let mut races = 0;
        let mut acked = 0;
        let mut finals = Vec::new();
        for (id, computer, seen, task) in games {
            let played = task.await.unwrap();
            races += played.races;
            acked += played.acked.len();
            let g = cluster.game(&mut rng, &id).await;
            let record: Vec<String> = serde_json::from_value(g["record"].clone()).unwrap();
            bad.extend(check_record(&id, &played, &record, computer));
            if computer {
                let before = computer_ply_at_kill[&id];
                if record.len() as u64 <= before + 1 && g["result_reason"].is_null() {
                    bad.push(format!("{id}: no computer move after the kill (ply {before})"));
                }
                let to_move = g["state"]["to_move"].as_str().unwrap_or("");
                if g["result_reason"].is_null() && to_move != g["seats"][0]["player"] {
                    // The person made the last move: the computer must still answer.
                    let t = Instant::now();
                    let mut g = g.clone();
                    while g["state"]["to_move"] != g["seats"][0]["player"]
                        && g["result_reason"].is_null()
                    {
                        if t.elapsed() > Duration::from_secs(30) {
                            bad.push(format!("{id}: the computer's last turn never came"));
                            break;
                        }
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        g = cluster.game(&mut rng, &id).await;
                    }
                }
            }
            let via = played.via.iter().rev().take(6).rev().cloned().collect::<Vec<_>>();
            finals.push((id, seen, via.join(" ")));
        }

        // The clock the dead leader ran: ended by the new leader's timer, seen by watchers.
        let failover = cluster.all[1..]
            .iter()
            .filter_map(|i| i.leads())
            .min()
            .map(|t| t.saturating_duration_since(killed_at));
        let t = Instant::now();
        while timed_seen.iter().any(|s| s.lock().unwrap().result_reason.is_none()) {
            if t.elapsed() > Duration::from_secs(CLOCK_S + 20) {
                bad.push("the timed game never ended on time".into());
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let flagged_late = Instant::now().saturating_duration_since(deadline);
        for s in &timed_seen {
            let reason = s.lock().unwrap().result_reason.clone();
            if reason.as_deref().is_some_and(|r| r != "time") {
                bad.push(format!("the timed game ended by {reason:?}, not time"));
            }
        }

        // Every watcher, wherever it ended up, has every move.
        for (id, seen, via) in &finals {
            let g = cluster.game(&mut rng, id).await;
            let (version, record) = (g["version"].as_u64().unwrap(), g["record"].clone());
            let t = Instant::now();
            while seen.iter().any(|s| s.lock().unwrap().version < version)
                && t.elapsed() < Duration::from_secs(10)
            {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            for (k, s) in seen.iter().enumerate() {
                let s = s.lock().unwrap();
                bad.extend(s.went_back.iter().cloned());
                if s.version != version || json!(s.record) != record {
                    bad.push(format!(
                        "{id}: watcher {k} saw version {} ({} moves), the game is at {version} ({} moves); \
                         the last races: {via}",
                        s.version,
                        s.record.len(),
                        record.as_array().unwrap().len()
                    ));
                }
            }
        }
        let _ = stop_tx.send(true);
        for w in watchers {
            let _ = w.await;
        }
        eprintln!(
            "{races} races, {acked} moves acknowledged; lead taken over {failover:?} after the kill; \
             the timed game ended {flagged_late:?} after its deadline"
        );
        let failover = failover.expect("no surviving instance took the lead");
        assert!(failover < Duration::from_secs(5), "the lead was taken over after {failover:?}");
        assert!(bad.is_empty(), "{} problems:\n{}", bad.len(), bad.join("\n"));
    });
}
