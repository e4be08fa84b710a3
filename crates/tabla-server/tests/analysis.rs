//! The analysis endpoints and game reviews, over real HTTP and WebSockets: `POST
//! /api/analyse`, `GET /api/analyse/live`, `POST|GET /api/games/{id}/review`, with fair play,
//! a busy server, bad input, and a review that survives a restart.

mod common;

use common::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

async fn analyse(s: &Server, body: Value) -> (u16, Value) {
    s.post("/api/analyse", None, &body.to_string()).await
}

#[tokio::test]
async fn an_analysis_gives_every_move_and_the_best_lines() {
    let s = server().await;
    let (st, a) =
        analyse(&s, json!({"game":"amazons","options":{"size":"6"},"time_ms":300,"lines":2})).await;
    assert_eq!(st, 200, "{a}");
    assert_eq!(a["to_move"], "white");
    assert_eq!(a["player"], "white");
    assert_eq!(a["final"], true);
    assert!(a["depth"].as_u64().unwrap() >= 1, "{a}");
    let moves = a["moves"].as_array().unwrap();
    assert!(moves.len() > 100, "every legal move");
    assert!(moves.windows(2).all(|w| w[0]["value"].as_f64() >= w[1]["value"].as_f64()));
    assert_eq!(a["value"], moves[0]["value"]);
    // The first two carry their line, starting with the move; the others none.
    for m in &moves[..2] {
        let pv = m["pv"].as_array().unwrap();
        assert_eq!(pv[0], m["move"]);
        assert!(pv.len() <= 12);
    }
    assert!(moves[2].get("pv").is_none());
    // The line is playable: /api/position accepts it after the record.
    let pv: Vec<&str> =
        moves[0]["pv"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
    let (st, p) = s
        .post(
            "/api/position",
            None,
            &json!({"game":"amazons","options":{"size":"6"},"record":pv.join(" ")}).to_string(),
        )
        .await;
    assert_eq!(st, 200, "{p}");

    // A position given as text, and a chance node of Bulgarian Ur: each roll's chance.
    let (st, a) =
        analyse(&s, json!({"game":"bulgarian-ur","record":"first=black","time_ms":120})).await;
    assert_eq!(st, 200, "{a}");
    assert_eq!(a["to_move"], "chance");
    assert_eq!(a["player"], "black");
    let rolls = a["moves"].as_array().unwrap();
    let total: f64 = rolls.iter().map(|m| m["chance"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9, "{a}");
    let mean: f64 =
        rolls.iter().map(|m| m["chance"].as_f64().unwrap() * m["value"].as_f64().unwrap()).sum();
    assert!((mean - a["value"].as_f64().unwrap()).abs() < 0.002, "{a}");
    let text = s.game_text_of_position("seega").await;
    let (st, a) =
        analyse(&s, json!({"game":"seega","position":text,"time_ms":100,"lines":1})).await;
    assert_eq!(st, 200, "{a}");
}

impl Server {
    /// The start position text of `game` (from `POST /api/position`).
    async fn game_text_of_position(&self, game: &str) -> String {
        let (st, p) = self.post("/api/position", None, &json!({"game":game}).to_string()).await;
        assert_eq!(st, 200, "{p}");
        p["state"]["position"].as_str().unwrap().to_string()
    }
}

#[tokio::test]
async fn bad_analysis_requests_are_400s_that_say_what_was_wrong() {
    let s = server().await;
    let g = s.create(json!({"game":"seega"})).await;
    let cases: Vec<Case> = vec![
        (400, "POST", "/api/analyse".to_string(), None, "[]".to_string(), "expected an object"),
        (400, "POST", "/api/analyse".to_string(), None, "{}".to_string(), "names no game"),
        (400, "POST", "/api/analyse".to_string(), None, r#"{"game":"chess"}"#.to_string(), "chess"),
        (
            400,
            "POST",
            "/api/analyse".to_string(),
            None,
            r#"{"game":"amazons","options":{"size":"99"}}"#.to_string(),
            "size",
        ),
        (
            400,
            "POST",
            "/api/analyse".to_string(),
            None,
            r#"{"game":"amazons","record":"zz"}"#.to_string(),
            "move 1",
        ),
        (
            400,
            "POST",
            "/api/analyse".to_string(),
            None,
            r#"{"game":"amazons","position":"nonsense"}"#.to_string(),
            "position",
        ),
        (
            400,
            "POST",
            "/api/analyse".to_string(),
            None,
            r#"{"game":"amazons","time_ms":0}"#.to_string(),
            "time_ms",
        ),
        (
            400,
            "POST",
            "/api/analyse".to_string(),
            None,
            r#"{"game":"amazons","time_ms":60000}"#.to_string(),
            "1 to 5000",
        ),
        (
            400,
            "POST",
            "/api/analyse".to_string(),
            None,
            r#"{"game":"amazons","lines":0}"#.to_string(),
            "lines",
        ),
        (
            400,
            "POST",
            "/api/analyse".to_string(),
            None,
            r#"{"game":"amazons","lines":50}"#.to_string(),
            "1 to 10",
        ),
        (
            400,
            "POST",
            "/api/analyse".to_string(),
            None,
            r#"{"game":"amazons","depth":3}"#.to_string(),
            "unknown field",
        ),
        (
            400,
            "POST",
            "/api/analyse".to_string(),
            None,
            r#"{"game":"amazons","ply":3}"#.to_string(),
            "ply",
        ),
        (
            400,
            "POST",
            "/api/analyse".to_string(),
            None,
            format!(r#"{{"id":"{}","game":"seega"}}"#, g.id),
            "not both",
        ),
        (
            400,
            "POST",
            "/api/analyse".to_string(),
            None,
            format!(r#"{{"id":"{}","record":"a1"}}"#, g.id),
            "stored game",
        ),
        (
            400,
            "POST",
            "/api/analyse".to_string(),
            None,
            format!(r#"{{"id":"{}","ply":9}}"#, g.id),
            "past",
        ),
        (
            404,
            "POST",
            "/api/analyse".to_string(),
            None,
            r#"{"id":"nosuchgame"}"#.to_string(),
            "no game",
        ),
        (
            404,
            "GET",
            format!("/api/games/{}/review", "nosuchgame").to_string(),
            None,
            "".to_string(),
            "no game",
        ),
        (
            404,
            "POST",
            format!("/api/games/{}/review", "nosuchgame").to_string(),
            None,
            "".to_string(),
            "no game",
        ),
        (
            409,
            "POST",
            format!("/api/games/{}/review", g.id).to_string(),
            None,
            "".to_string(),
            "not finished",
        ),
        (
            409,
            "GET",
            format!("/api/games/{}/review", g.id).to_string(),
            None,
            "".to_string(),
            "not finished",
        ),
    ];
    all_refused(&s, &g.id, &cases).await;
}

#[tokio::test]
async fn no_analysis_for_a_seat_of_a_game_between_people_until_it_ends() {
    let s = server().await;
    let g = s.create(json!({"game":"seega"})).await;
    let token = g.tokens[0].clone().unwrap();
    let body = json!({"id": g.id, "time_ms": 50, "token": token}).to_string();
    let (st, e) = s.post("/api/analyse", None, &body).await;
    assert_eq!(st, 403, "{e}");
    assert!(e["error"].as_str().unwrap().contains("fair play"), "{e}");
    // The same by the header.
    let body = json!({"id": g.id, "time_ms": 50}).to_string();
    let (st, _) = s.post("/api/analyse", Some(&token), &body).await;
    assert_eq!(st, 403);
    // Anyone may analyse the position given as text.
    let (st, _) = analyse(&s, json!({"game":"seega","time_ms":50})).await;
    assert_eq!(st, 200);
    // Once the game is over, its seats may analyse it too.
    let (st, v) = s.post(&format!("/api/games/{}/resign", g.id), Some(&token), "{}").await;
    assert_eq!(st, 200, "{v}");
    let (st, a) = s.post("/api/analyse", Some(&token), &body).await;
    assert_eq!(st, 200, "{a}");
    // Against the computer, the seat may analyse during the game.
    let g = s.create(json!({"game":"seega","seats":["human","computer:1"]})).await;
    let body = json!({"id": g.id, "ply": 0, "time_ms": 50}).to_string();
    let (st, a) = s.post("/api/analyse", g.tokens[0].as_deref(), &body).await;
    assert_eq!(st, 200, "{a}");
}

#[tokio::test]
async fn a_busy_computer_answers_503_with_a_retry_hint() {
    let s = server_with(|c| c.searches = Some(1)).await;
    let base = s.base.clone();
    let long = tokio::spawn(async move {
        reqwest::Client::new()
            .post(format!("{base}/api/analyse"))
            .body(json!({"game":"amazons","options":{"size":"10"},"time_ms":3000}).to_string())
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    });
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (st, e) = analyse(&s, json!({"game":"seega","time_ms":50})).await;
    assert_eq!(st, 503, "{e}");
    assert!(e["retry_after_ms"].as_u64().unwrap() > 0, "{e}");
    assert!(e["error"].as_str().unwrap().contains("busy"), "{e}");
    assert_eq!(long.await.unwrap(), 200);
}

struct Socket(
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
);

impl Socket {
    async fn open(s: &Server) -> Socket {
        let (ws, _) = tokio_tungstenite::connect_async(format!("{}/api/analyse/live", s.ws_base))
            .await
            .unwrap();
        Socket(ws)
    }
    async fn send(&mut self, v: &str) {
        self.0.send(Message::Text(v.to_string().into())).await.unwrap();
    }
    async fn next(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(30), self.0.next())
                .await
                .expect("a frame within 30 s")
                .expect("open")
                .unwrap();
            if let Message::Text(t) = m {
                return serde_json::from_str(&t).unwrap();
            }
        }
    }
    /// Frames until a final one (or an error), all of them.
    async fn until_final(&mut self) -> Vec<Value> {
        let mut frames = Vec::new();
        loop {
            let f = self.next().await;
            let done = f["final"] == true || f.get("error").is_some();
            frames.push(f);
            if done {
                return frames;
            }
        }
    }
}

#[tokio::test]
async fn the_live_analysis_streams_each_iteration_and_a_new_request_replaces_the_old() {
    let s = server().await;
    let mut ws = Socket::open(&s).await;
    ws.send(
        &json!({"game":"gipf","options":{"variant":"basic"},"time_ms":800,"lines":3}).to_string(),
    )
    .await;
    let frames = ws.until_final().await;
    assert!(frames.len() >= 2, "{} frames", frames.len());
    let depths: Vec<u64> = frames.iter().map(|f| f["depth"].as_u64().unwrap()).collect();
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
    assert!(frames[..frames.len() - 1].iter().all(|f| f["final"] == false));
    assert!(frames.iter().all(|f| f["moves"][0]["pv"].is_array()));

    // Bad input: an error frame, and the socket stays open.
    ws.send("not json").await;
    let e = ws.next().await;
    assert!(e["error"].as_str().unwrap().contains("JSON"), "{e}");

    // A long search, replaced by another as soon as it has said something: the first never
    // ends with a final frame, the second does.
    ws.send(&json!({"game":"amazons","options":{"size":"6"},"time_ms":5000}).to_string()).await;
    let first = ws.next().await;
    assert_eq!(first["to_move"], "white", "{first}");
    ws.send(&json!({"game":"bulgarian-ur","record":"first=black","time_ms":100}).to_string()).await;
    let frames = ws.until_final().await;
    let last = frames.last().unwrap();
    assert_eq!(last["to_move"], "chance", "{last}");
    assert!(frames.iter().all(|f| f["final"] == false || f["to_move"] == "chance"));
    // And nothing more comes from the first.
    ws.send(r#"{"stop":true}"#).await;
    let quiet = tokio::time::timeout(Duration::from_millis(600), ws.0.next()).await;
    assert!(quiet.is_err(), "a stopped search sent {quiet:?}");
}

/// Two computers play a small Amazons game to its end.
async fn finished_game(s: &Server, options: Value) -> String {
    let g = s
        .create(json!({"game":"amazons","options":options,"seats":["computer:1","computer:1"]}))
        .await;
    for _ in 0..600 {
        if !s.game(&g.id).await["state"]["result"].is_null() {
            return g.id;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the computers did not finish");
}

async fn review_done(s: &Server, id: &str) -> Value {
    for _ in 0..1200 {
        let (st, v) = s.get_json(&format!("/api/games/{id}/review")).await;
        match st {
            200 => return v,
            202 => {
                let p = v["progress"].as_f64().unwrap();
                assert!((0.0..=1.0).contains(&p), "{v}");
            }
            _ => panic!("{st} {v}"),
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the review did not end");
}

#[tokio::test]
async fn a_finished_game_is_reviewed_once_and_stored() {
    let s = server_with(|c| c.review_ply = Some(Duration::from_millis(20))).await;
    let id = finished_game(&s, json!({"layout":"1.../..../...2"})).await;
    let (st, v) = s.get_json(&format!("/api/games/{id}/review")).await;
    assert_eq!(st, 404, "never asked: {v}");
    let (st, v) = s.post(&format!("/api/games/{id}/review"), None, "").await;
    assert_eq!(st, 202, "{v}");
    let r = review_done(&s, &id).await;
    let record = s.game(&id).await["record"].as_array().unwrap().len();
    let plies = r["plies"].as_array().unwrap();
    assert_eq!(plies.len(), record, "one entry per move (no dice in Amazons)");
    for (i, p) in plies.iter().enumerate() {
        assert_eq!(p["ply"], i + 1);
        let (b, a, l) = (
            p["before"].as_f64().unwrap(),
            p["after"].as_f64().unwrap(),
            p["loss"].as_f64().unwrap(),
        );
        assert!((l - (b - a).max(0.0)).abs() < 0.0015, "{p}");
    }
    assert!(r["accuracy"]["white"].as_f64().is_some() && r["accuracy"]["black"].as_f64().is_some());
    // Asked again: the stored answer, at once.
    let (st, again) = s.post(&format!("/api/games/{id}/review"), None, "").await;
    assert_eq!(st, 200);
    assert_eq!(again, r);
}

#[tokio::test]
async fn a_review_cut_off_by_a_restart_is_resumed() {
    let mut s = server_with(|c| c.review_ply = Some(Duration::from_millis(150))).await;
    let db = s.db.clone();
    let store = s.store().await;
    let id = finished_game(&s, json!({"size":"6"})).await;
    let (st, _) = s.post(&format!("/api/games/{id}/review"), None, "").await;
    assert_eq!(st, 202);
    s.running.take().unwrap().stop().await;
    // What is stored, read beside the server (the review was asked for: it has a row).
    let stored = || async { store.review(id.clone()).await.unwrap().expect("asked for") };
    assert_eq!(stored().await, None, "cut off before its end");
    let s2 = server_with(|c| {
        c.db = db.clone();
        c.review_ply = Some(Duration::from_millis(5));
    })
    .await;
    // The restarted server finishes it by itself, nobody asking.
    let mut waited = 0;
    while stored().await.is_none() {
        assert!(waited < 600, "the review was not resumed");
        tokio::time::sleep(Duration::from_millis(50)).await;
        waited += 1;
    }
    let r = review_done(&s2, &id).await;
    let record = s2.game(&id).await["record"].as_array().unwrap().len();
    assert_eq!(r["plies"].as_array().unwrap().len(), record);
}
