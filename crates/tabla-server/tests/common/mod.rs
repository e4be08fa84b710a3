//! A real server on 127.0.0.1 port 0 over a real SQLite file, and a small client for it.
//!
//! With `TABLA_TEST_PG=postgres://USER@HOST:PORT/DB` set, each server gets a fresh database
//! of its own on that PostgreSQL server instead (`CREATE DATABASE t_…`, left behind for the
//! throwaway test cluster), so that the whole suite runs against PostgreSQL.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

pub struct Server {
    pub running: Option<tabla_server::Running>,
    pub base: String,
    pub ws_base: String,
    pub dir: tempfile::TempDir,
    /// Where its games are kept: start another server on it to restart, or open it with
    /// [`Server::store`] to read what is stored without asking the server.
    pub db: tabla_server::Database,
    pub http: reqwest::Client,
}

/// The PostgreSQL server the tests run against, if `TABLA_TEST_PG` names one.
pub fn test_pg() -> Option<String> {
    std::env::var("TABLA_TEST_PG").ok().filter(|u| !u.is_empty())
}

pub async fn server() -> Server {
    server_with(|_| {}).await
}

pub async fn server_with(adjust: impl FnOnce(&mut tabla_server::Config)) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let db = match test_pg() {
        Some(url) => tabla_server::Database::Postgres(
            tabla_server::store_pg::fresh_test_database(&url).await.unwrap(),
        ),
        None => tabla_server::Database::Sqlite(dir.path().join("test.sqlite3")),
    };
    let mut config =
        tabla_server::Config { addr: "127.0.0.1:0".parse().unwrap(), db, ..Default::default() };
    adjust(&mut config);
    let db = config.db.clone();
    let running = tabla_server::start(config).await.unwrap();
    let addr = running.addr;
    Server {
        running: Some(running),
        base: format!("http://{addr}"),
        ws_base: format!("ws://{addr}"),
        dir,
        db,
        http: reqwest::Client::new(),
    }
}

/// The store at `db`, opened beside any server on it, to read what is stored without asking
/// the server (whichever backend the tests run on).
pub async fn open_store(
    db: &tabla_server::Database,
) -> std::sync::Arc<dyn tabla_server::store::Store> {
    tabla_server::open_store(db).await.unwrap()
}

/// A created game: its id and each seat's token (`None` for computers).
pub struct Game {
    pub id: String,
    pub tokens: Vec<Option<String>>,
    pub players: Vec<String>,
}

impl Game {
    pub fn token_of(&self, player: &str) -> &str {
        let i = self.players.iter().position(|p| p == player).expect("a player");
        self.tokens[i].as_deref().expect("a human seat")
    }
}

impl Server {
    /// This server's store, opened beside it (see [`open_store`]).
    pub async fn store(&self) -> std::sync::Arc<dyn tabla_server::store::Store> {
        open_store(&self.db).await
    }

    pub async fn request(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<String>,
    ) -> (u16, String) {
        let mut r = self.http.request(method, format!("{}{path}", self.base));
        if let Some(t) = token {
            r = r.header("Authorization", format!("Bearer {t}"));
        }
        if let Some(b) = body {
            r = r.header("Content-Type", "application/json").body(b);
        }
        let res = r.send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.text().await.unwrap())
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: &str) -> (u16, Value) {
        let (s, text) =
            self.request(reqwest::Method::POST, path, token, Some(body.to_string())).await;
        (s, serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}")))
    }

    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        let (s, text) = self.request(reqwest::Method::GET, path, None, None).await;
        (s, serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}")))
    }

    pub async fn game(&self, id: &str) -> Value {
        let (s, v) = self.get_json(&format!("/api/games/{id}")).await;
        assert_eq!(s, 200, "{v}");
        v
    }

    /// The game's JSON text, for comparing before and after a refused request.
    pub async fn game_text(&self, id: &str) -> String {
        let (s, t) =
            self.request(reqwest::Method::GET, &format!("/api/games/{id}"), None, None).await;
        assert_eq!(s, 200, "{t}");
        t
    }

    pub async fn create(&self, body: Value) -> Game {
        let (s, v) = self.post("/api/games", None, &body.to_string()).await;
        assert_eq!(s, 201, "{v}");
        let seats = v["seats"].as_array().unwrap();
        Game {
            id: v["id"].as_str().unwrap().to_string(),
            tokens: seats.iter().map(|s| s["token"].as_str().map(str::to_string)).collect(),
            players: seats.iter().map(|s| s["player"].as_str().unwrap().to_string()).collect(),
        }
    }

    pub async fn play(&self, g: &Game, token: &str, mv: &str, ply: u64) -> (u16, Value) {
        let body = json!({"move": mv, "ply": ply}).to_string();
        self.post(&format!("/api/games/{}/moves", g.id), Some(token), &body).await
    }

    pub async fn watch(&self, id: &str) -> Watcher {
        let (ws, _) =
            tokio_tungstenite::connect_async(format!("{}/api/games/{id}/live", self.ws_base))
                .await
                .unwrap();
        Watcher { ws }
    }
}

pub struct Watcher {
    pub ws: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

impl Watcher {
    /// The next text frame as JSON (pings are answered by the library while reading).
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(30), self.ws.next())
                .await
                .expect("a frame within 30 s")?;
            match m.ok()? {
                Message::Text(t) => return Some(serde_json::from_str(&t).unwrap()),
                Message::Close(_) => return None,
                _ => {}
            }
        }
    }

    /// Game frames until one at `version` (or later), checking that the versions only go up
    /// and each record extends the one before, as long as no undo happened.
    pub async fn until_version(&mut self, version: u64, frames: &mut Vec<Value>) {
        loop {
            let f = self.next().await.expect("the socket stays open");
            if f.get("version").is_none() {
                continue;
            }
            let v = f["version"].as_u64().unwrap();
            frames.push(f);
            if v >= version {
                return;
            }
        }
    }

    pub async fn send(&mut self, v: Value) {
        self.ws.send(Message::Text(v.to_string().into())).await.unwrap();
    }
}

/// Who is to act in a game JSON: the seat index and whether it is a roll.
pub fn actor(g: &Value) -> Option<(usize, bool)> {
    let state = &g["state"];
    if !state["result"].is_null() {
        return None;
    }
    let players: Vec<&str> =
        g["seats"].as_array().unwrap().iter().map(|s| s["player"].as_str().unwrap()).collect();
    let to_move = state["to_move"].as_str()?;
    if to_move == "chance" {
        let p = g["chance_player"].as_str().expect("a roll left to a person belongs to a seat");
        return Some((players.iter().position(|n| *n == p).unwrap(), true));
    }
    Some((players.iter().position(|n| *n == to_move).unwrap(), false))
}

/// A small deterministic generator for picking moves.
pub struct Pick(pub u64);

impl Pick {
    pub fn index(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    pub fn legal(&mut self, g: &Value) -> String {
        let legal = g["state"]["legal"].as_array().unwrap();
        legal[self.index(legal.len())].as_str().unwrap().to_string()
    }
}

/// Status and error message of a refused request: the body must be `{"error":…}` with a
/// message that says something.
pub async fn refused(
    s: &Server,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> (u16, String) {
    let method: reqwest::Method = method.parse().unwrap();
    let body = (!body.is_empty()).then(|| body.to_string());
    let (status, text) = s.request(method, path, token, body).await;
    let v: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"));
    let message = v["error"].as_str().unwrap_or_else(|| panic!("{path}: no error: {text}"));
    assert!(!message.is_empty());
    (status, message.to_string())
}

/// Status wanted, method, path, token, body, a word the message must hold.
pub type Case<'a> = (u16, &'a str, String, Option<&'a str>, String, &'a str);

/// Runs refusals against game `id`, each changing nothing.
pub async fn all_refused(s: &Server, id: &str, cases: &[Case<'_>]) {
    let before = s.game_text(id).await;
    for (want, method, path, token, body, says) in cases {
        let (status, message) = refused(s, method, path, *token, body).await;
        assert_eq!(status, *want, "{method} {path} {body:.80}: {message}");
        assert!(message.contains(says), "{method} {path}: '{message}' should mention '{says}'");
        assert_eq!(s.game_text(id).await, before, "{method} {path} {body} changed the game");
    }
}
