//! The `computer:perfect` seat: offered (preview's `perfect`) and accepted only where
//! perfect play is known, and playing the exact table's best move in Bulgarian Ur; the
//! analysis's proof of small Amazons positions.

mod common;

use common::*;
use serde_json::{json, Value};
use std::time::Duration;
use tabla_core::{Game as _, ToMove};
use tabla_games::AnyGame;

async fn preview(s: &Server, body: Value) -> Value {
    let (st, p) = s.post("/api/preview", None, &body.to_string()).await;
    assert_eq!(st, 200, "{p}");
    p
}

/// Waits until the game is over (computers on both seats), at most a minute.
async fn finished(s: &Server, id: &str) -> Value {
    for _ in 0..600 {
        let g = s.game(id).await;
        if !g["state"]["result"].is_null() {
            return g;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the game did not end within a minute");
}

#[tokio::test]
async fn the_perfect_seat_plays_the_best_move_of_the_exact_table() {
    let s = server().await;
    let options = json!({"discs": "1", "quiet": "off"});
    let p = preview(&s, json!({"game": "bulgarian-ur", "options": options})).await;
    assert_eq!(p["perfect"], true, "{p}");
    let (st, meta) = s.get_json("/api/meta").await;
    assert_eq!(st, 200);
    assert!(meta["seat_kinds"].as_array().unwrap().contains(&json!("computer:perfect")));

    // Games are short with one disc: play until a few real choices were made.
    let table = {
        let words = ["discs=1".to_string(), "quiet=off".to_string()];
        let AnyGame::BulgarianUr(u) = tabla_games::new_game("bulgarian-ur", &words).unwrap() else {
            panic!("not Ur")
        };
        (u, tabla_ai::ur_table::ready(tabla_ai::ur_table::Variant::of(&u)).unwrap())
    };
    let (mut moves, mut choices, mut games) = (0, 0, 0);
    while choices < 3 {
        games += 1;
        assert!(games <= 40, "{moves} moves, {choices} with a real choice in 40 games");
        let g = s
            .create(json!({"game": "bulgarian-ur", "options": options,
                           "seats": ["computer:perfect", "computer:perfect"]}))
            .await;
        let done = finished(&s, &g.id).await;
        assert_eq!(done["seats"][0]["kind"], "computer:perfect");
        // Every move was one of best exact value, by the table itself.
        let (mut u, t) = (table.0, &table.1);
        for tok in done["record"].as_array().unwrap() {
            let tok = tok.as_str().unwrap();
            if let ToMove::Player(_) = u.to_move() {
                let values = t.move_values(&u).unwrap();
                let best = values.iter().map(|m| m.1).fold(f64::MIN, f64::max);
                let worst = values.iter().map(|m| m.1).fold(f64::MAX, f64::min);
                let (_, v) = values
                    .iter()
                    .find(|(m, _)| u.format_move(*m) == tok)
                    .unwrap_or_else(|| panic!("{tok} is not a legal move"));
                assert!(best - v < 1e-6, "{tok}: {v} where the best is {best}");
                moves += 1;
                choices += usize::from(best - worst > 1e-6);
            }
            let m = u.parse_move(tok).unwrap();
            u.play(m);
        }
    }
}

#[tokio::test]
async fn the_perfect_seat_is_refused_where_perfect_play_is_not_known() {
    let s = server().await;
    // Ten discs, a 6×6 Amazons board, GIPF: not solved here; the preview says so.
    for (game, options) in [
        ("bulgarian-ur", json!({})),
        ("amazons", json!({"size": "6"})),
        ("amazons", json!({"layout": "2..2/..../..../1..1", "players": "2"})),
        ("gipf", json!({})),
    ] {
        let p = preview(&s, json!({"game": game, "options": options})).await;
        assert_eq!(p["perfect"], false, "{game} {options}: {p}");
        let n = p["players"].as_array().unwrap().len();
        let mut seats = vec![json!("human"); n];
        seats[1] = json!("computer:perfect");
        let body = json!({"game": game, "options": options, "seats": seats}).to_string();
        let (st, msg) = refused(&s, "POST", "/api/games", None, &body).await;
        assert_eq!(st, 400, "{game}: {msg}");
        assert!(msg.contains("seats[1]: computer:perfect"), "{msg}");
        assert!(msg.contains("perfect play is known here for"), "{msg}");
    }
    // A small Amazons board is offered and accepted: 8 empty cells.
    let small = json!({"layout": ".22./2..2/1..1/.11."});
    let p = preview(&s, json!({"game": "amazons", "options": small})).await;
    assert_eq!(p["perfect"], true, "{p}");
    let g = s
        .create(
            json!({"game": "amazons", "options": small, "seats": ["human", "computer:perfect"]}),
        )
        .await;
    assert_eq!(s.game(&g.id).await["seats"][1]["kind"], "computer:perfect");
    // Not rated, like every game with a computer.
    let body = json!({"game": "amazons", "options": small, "seats": ["human", "computer:perfect"],
                      "rated": true});
    let (st, _) = refused(&s, "POST", "/api/games", None, &body.to_string()).await;
    assert_eq!(st, 400);
}

#[tokio::test]
async fn the_perfect_seat_wins_a_proven_amazons_position() {
    let s = server().await;
    // White to move wins this 4×4 board with perfect play (tabla solve: win in 0.02 s).
    let options = json!({"layout": "2.2./..../1.1."});
    let g = s
        .create(json!({"game": "amazons", "options": options,
                       "seats": ["computer:perfect", "computer:1"]}))
        .await;
    let done = finished(&s, &g.id).await;
    assert_eq!(done["state"]["result"]["winners"], json!(["white"]), "{}", done["state"]["result"]);
}

#[tokio::test]
async fn the_analysis_proves_small_amazons_positions() {
    let s = server().await;
    // The request's time; the proof gets a quarter of it (at most a second). This board takes
    // about 35 ms to prove in a debug build; a 3 s request gives the proof 750 ms, room for a
    // loaded two-core CI machine (400 ms, a 100 ms proof, once came back unproven there).
    const REQUEST_MS: u64 = 3000;
    let (st, a) = s
        .post(
            "/api/analyse",
            None,
            &json!({"game": "amazons", "options": {"layout": "2.2./..../1.1."}, "time_ms": REQUEST_MS})
                .to_string(),
        )
        .await;
    assert_eq!(st, 200, "{a}");
    assert_eq!(a["solved"]["value"], "win", "{a}");
    // Won in N: the mover makes the last turn, so N is odd.
    let n = a["solved"]["in"].as_u64().expect("the turns to the end of a small board");
    assert_eq!(n % 2, 1, "{a}");
    let best = a["solved"]["best"].as_str().unwrap();
    // The winning move is legal, and after it the solver proves the other side lost.
    let (st, b) = s
        .post(
            "/api/analyse",
            None,
            &json!({"game": "amazons", "options": {"layout": "2.2./..../1.1."}, "record": best,
                    "time_ms": REQUEST_MS})
            .to_string(),
        )
        .await;
    assert_eq!(st, 200, "{b}");
    assert_eq!(b["solved"]["value"], "loss", "{b}");
    assert!(b["solved"]["best"].is_null(), "{b}");
    // The best move was a fastest win: one turn nearer the end.
    assert_eq!(b["solved"]["in"].as_u64(), Some(n - 1), "{b}");
    // Lost with the turns known: the longest defence, a legal move after which the winner
    // is one turn nearer still.
    let defence = b["solved"]["defence"].as_str().expect("the longest defence");
    let (st, d) = s
        .post(
            "/api/analyse",
            None,
            &json!({"game": "amazons", "options": {"layout": "2.2./..../1.1."},
                    "record": format!("{best} {defence}"), "time_ms": REQUEST_MS})
            .to_string(),
        )
        .await;
    assert_eq!(st, 200, "{d}");
    assert_eq!(d["solved"]["value"], "win", "{d}");
    assert_eq!(d["solved"]["in"].as_u64(), Some(n - 2), "{d}");
    assert!(d["solved"].get("defence").is_none(), "{d}");
    // A 6×6 start is too large to prove: no "solved".
    let (st, c) = s
        .post(
            "/api/analyse",
            None,
            &json!({"game": "amazons", "options": {"size": "6"}, "time_ms": 200}).to_string(),
        )
        .await;
    assert_eq!(st, 200, "{c}");
    assert!(c.get("solved").is_none(), "{c}");
}

#[tokio::test]
async fn the_analysis_gives_seega_endgames_their_exact_value_and_turns() {
    let s = server().await;
    // First's c2-c1 captures b1 and leaves Second one stone: won in one turn. Two stones a
    // side: the table is built inside the request in milliseconds.
    let position = "....O/...../...../..X../XO... first moving 0,0 0";
    let body = json!({"game": "seega", "position": position, "lines": 2, "time_ms": 300});
    let (st, a) = s.post("/api/analyse", None, &body.to_string()).await;
    assert_eq!(st, 200, "{a}");
    assert_eq!(a["solved"], json!({"value": "win", "best": "c2-c1", "in": 1}), "{a}");
    assert_eq!(a["exact"], true, "{a}");
    let moves = a["moves"].as_array().unwrap();
    assert_eq!(moves[0]["move"], "c2-c1");
    assert_eq!(moves[0]["value"], 1.0);
    assert_eq!(moves[0]["in"], 1);
    // The other moves draw: value ½, no turns.
    assert!(moves[1..].iter().all(|m| m["value"] == 0.5 && m.get("in").is_none()), "{a}");
    // Phase 1: neither a proof nor exact values.
    let body = json!({"game": "seega", "time_ms": 200});
    let (st, b) = s.post("/api/analyse", None, &body.to_string()).await;
    assert_eq!(st, 200, "{b}");
    assert!(b.get("solved").is_none() && b.get("exact").is_none(), "{b}");
}
