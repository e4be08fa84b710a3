//! Durability of `tabla serve`: the server is a child process, killed with SIGKILL right after
//! an acknowledged move and started again on the same SQLite file. Every acknowledged move
//! must be there, the game must go on, and a computer's turn that was cut off must resume.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Serve {
    child: Child,
    addr: String,
}

/// Starts `tabla serve` on a free port over `db` and reads the address it prints.
fn serve(db: &std::path::Path) -> Serve {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabla"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("tabla serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let start = line.find("http://").unwrap_or_else(|| panic!("no address in '{line}'")) + 7;
    let addr = line[start..].split('/').next().unwrap().to_string();
    Serve { child, addr }
}

impl Serve {
    /// One HTTP/1.1 request on its own connection; the status and the body.
    fn request(&self, method: &str, path: &str, token: Option<&str>, body: &str) -> (u16, String) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
        write!(
            s,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{auth}\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        let status = answer.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
        let body = answer.split_once("\r\n\r\n").map(|p| p.1.to_string()).unwrap_or_default();
        (status, body)
    }

    fn json(&self, method: &str, path: &str, token: Option<&str>, body: &str) -> (u16, Value) {
        let (status, text) = self.request(method, path, token, body);
        (status, serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}")))
    }

    fn game(&self, id: &str) -> Value {
        let (status, g) = self.json("GET", &format!("/api/games/{id}"), None, "");
        assert_eq!(status, 200, "{g}");
        g
    }

    /// SIGKILL: no chance to flush or close anything.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

fn seat_to_move(g: &Value) -> usize {
    let to_move = g["state"]["to_move"].as_str().unwrap();
    g["seats"].as_array().unwrap().iter().position(|s| s["player"] == to_move).unwrap()
}

#[test]
fn every_acknowledged_move_survives_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let mut server = serve(&db);
    let (status, created) =
        server.json("POST", "/api/games", None, r#"{"game":"amazons","options":{"size":"8"}}"#);
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    let mut acknowledged: Vec<String> = Vec::new();
    for round in 0..3 {
        // A few moves, the last one acknowledged just before the kill.
        let mut g = server.game(&id);
        assert_eq!(g["record"], json!(acknowledged), "round {round}: the record survived");
        for k in 0..4 {
            let legal = g["state"]["legal"].as_array().unwrap();
            let mv = legal[(round * 7 + k * 3) % legal.len()].as_str().unwrap().to_string();
            let body = json!({"move": mv, "ply": acknowledged.len()}).to_string();
            let token = &tokens[seat_to_move(&g)];
            let (status, after) =
                server.json("POST", &format!("/api/games/{id}/moves"), Some(token), &body);
            assert_eq!(status, 200, "{after}");
            acknowledged.push(mv);
            g = after;
        }
        server.kill();
        server = serve(&db);
    }
    assert_eq!(server.game(&id)["record"], json!(acknowledged));
    server.kill();
}

#[test]
fn a_computer_turn_cut_off_by_kill_9_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let server = serve(&db);
    // Level 4 on the big board thinks long enough to be cut off.
    let body = r#"{"game":"amazons","options":{"size":"10"},"seats":["human","computer:4"]}"#;
    let (status, created) = server.json("POST", "/api/games", None, body);
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["seats"][0]["token"].as_str().unwrap().to_string();
    let g = server.game(&id);
    let mv = g["state"]["legal"][0].as_str().unwrap().to_string();
    let (status, after) = server.json(
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&token),
        &json!({"move": mv, "ply": 0}).to_string(),
    );
    assert_eq!(status, 200, "{after}");
    server.kill();
    let server = serve(&db);
    let t0 = Instant::now();
    eprintln!("after the restart: ply {}", server.game(&id)["ply"]);
    loop {
        let g = server.game(&id);
        assert_eq!(g["record"][0], mv.as_str());
        if g["ply"] == 2 {
            assert_eq!(g["state"]["to_move"], "white");
            break;
        }
        assert!(t0.elapsed() < Duration::from_secs(30), "the computer did not resume: {g}");
        std::thread::sleep(Duration::from_millis(50));
    }
    server.kill();
}
