//! The server against its contract (`docs/http-contract.md`): a real server on 127.0.0.1
//! port 0 over a real SQLite file, driven over HTTP and WebSocket.

mod common;

use common::{actor, all_refused, refused, server, server_with, Case, Pick, Server};
use serde_json::{json, Value};
use std::time::Duration;

// ---------------------------------------------------------------------------------------
// Whole games

/// Plays a game of `game` to its end with both seats human, every move over HTTP, while a
/// watcher follows it; checks the watcher saw every change in order and the export.
async fn whole_game(s: &Server, game: &str, options: Value, seed: u64) {
    let g = s.create(json!({"game": game, "options": options, "seats": ["human", "human"]})).await;
    let mut watcher = s.watch(&g.id).await;
    let first = watcher.next().await.unwrap();
    let mut game_json = s.game(&g.id).await;
    assert_eq!(first, game_json);
    let mut pick = Pick(seed);
    let mut acts = 0;
    // The watcher reads as the game goes, as a page does: a watcher that reads nothing for
    // hundreds of moves is told it lagged and gets the whole game instead (by design).
    let mut frames = vec![first];
    while let Some((seat, roll)) = actor(&game_json) {
        let mv = if roll { "roll".to_string() } else { pick.legal(&game_json) };
        let ply = game_json["ply"].as_u64().unwrap();
        let (status, after) = s.play(&g, g.tokens[seat].as_deref().unwrap(), &mv, ply).await;
        assert_eq!(status, 200, "{game} ply {ply} {mv}: {after}");
        assert!(after["ply"].as_u64().unwrap() > ply);
        if !roll {
            assert_eq!(after["record"][ply as usize], mv.as_str(), "recorded canonically");
        }
        assert_eq!(after["end"].is_null(), actor(&after).is_some(), "{game}: a reason once over");
        watcher.until_version(after["version"].as_u64().unwrap(), &mut frames).await;
        game_json = after;
        acts += 1;
        assert!(acts < 3000, "{game}: the game did not end");
    }
    assert!(game_json["state"]["result"]["winners"].is_array(), "{game_json}");
    assert_eq!(game_json["result_reason"], "rules");
    let end = &game_json["end"];
    let key = end["key"].as_str().unwrap_or_else(|| panic!("{game}: no end reason: {end}"));
    let prefix = game.replace("bulgarian-", "");
    assert!(key.starts_with(&format!("{prefix}.")), "{game}: {key}");
    assert!(end["args"].is_object() && !end["text"].as_str().unwrap().is_empty(), "{end}");
    assert_eq!(s.game(&g.id).await, game_json);
    // The watcher saw one frame per change, in order, ending with the final game.
    assert_eq!(frames.len(), acts + 1, "{game}: one frame per change");
    for w in frames.windows(2) {
        assert_eq!(w[1]["version"].as_u64(), w[0]["version"].as_u64().map(|v| v + 1));
        let (a, b) = (w[0]["record"].as_array().unwrap(), w[1]["record"].as_array().unwrap());
        assert!(b.len() > a.len() && b[..a.len()] == a[..], "{game}: records only grow");
    }
    assert_eq!(frames.last().unwrap(), &game_json);
    // The export is the record, and imports again to the same position.
    let (status, text) =
        s.request(reqwest::Method::GET, &format!("/api/games/{}/record", g.id), None, None).await;
    assert_eq!(status, 200);
    let record: Vec<&str> =
        game_json["record"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
    assert_eq!(text.trim(), record.join(" "));
    let copy = s
        .create(json!({"game": game, "options": game_json["options"], "record": text.trim()}))
        .await;
    let copy = s.game(&copy.id).await;
    assert_eq!(copy["state"], game_json["state"], "{game}: the import replays the export");
}

#[tokio::test]
async fn whole_games_of_every_game_through_http() {
    let s = server().await;
    whole_game(&s, "amazons", json!({}), 1).await;
    whole_game(&s, "gipf", json!({"variant": "basic"}), 2).await;
    whole_game(&s, "seega", json!({}), 3).await;
    whole_game(&s, "bulgarian-ur", json!({}), 4).await;
}

/// Human against `computer:1`: the computer answers by itself, rolls included.
async fn against_computer(s: &Server, game: &str, seed: u64) {
    let g = s.create(json!({"game": game, "seats": ["human", "computer:1"]})).await;
    let mut watcher = s.watch(&g.id).await;
    let mut current = watcher.next().await.unwrap();
    let mut pick = Pick(seed);
    let mut turns = 0;
    let mut versions = vec![current["version"].as_u64().unwrap()];
    while let Some((seat, roll)) = actor(&current) {
        if seat == 1 {
            // The computer's turn: wait for it on the socket.
            current = watcher.next().await.expect("the computer moves");
            versions.push(current["version"].as_u64().unwrap());
            continue;
        }
        let mv = if roll { "roll".to_string() } else { pick.legal(&current) };
        let ply = current["ply"].as_u64().unwrap();
        let (status, after) = s.play(&g, g.tokens[0].as_deref().unwrap(), &mv, ply).await;
        assert_eq!(status, 200, "{after}");
        // The frame of this move, then maybe the computer's.
        let frame = watcher.next().await.unwrap();
        assert_eq!(frame["version"], after["version"]);
        versions.push(frame["version"].as_u64().unwrap());
        current = frame;
        turns += 1;
        assert!(turns < 2000, "{game}: the game did not end");
    }
    assert!(versions.windows(2).all(|w| w[1] == w[0] + 1), "{versions:?}");
    assert_eq!(s.game(&g.id).await["record"], current["record"]);
}

#[tokio::test]
async fn a_computer_seat_plays_by_itself() {
    let s = server().await;
    against_computer(&s, "amazons", 5).await;
    against_computer(&s, "bulgarian-ur", 6).await;
}

#[tokio::test]
async fn a_computer_plays_first_and_computers_play_each_other() {
    let s = server().await;
    let g = s.create(json!({"game": "amazons", "seats": ["computer:1", "human"]})).await;
    let mut w = s.watch(&g.id).await;
    let mut frames = Vec::new();
    w.until_version(1, &mut frames).await;
    assert_eq!(frames.last().unwrap()["ply"], 1);
    let g = s.create(json!({"game": "amazons", "seats": ["computer:1", "computer:1"]})).await;
    let mut w = s.watch(&g.id).await;
    loop {
        let f = w.next().await.unwrap();
        if !f["state"]["result"].is_null() {
            break;
        }
    }
}

// ---------------------------------------------------------------------------------------
// Dice

#[tokio::test]
async fn an_undo_brings_the_same_rolls_again() {
    let s = server().await;
    let g = s.create(json!({"game": "bulgarian-ur", "seats": ["human", "computer:1"]})).await;
    let mut w = s.watch(&g.id).await;
    let mut current = w.next().await.unwrap();
    let token = g.tokens[0].as_deref().unwrap();
    let mut pick = Pick(11);
    let mut undone_moves = 0;
    // Several times: the person rolls (when it is their die) and moves, the computer answers
    // (its rolls by themselves); then the person takes the move back and plays it again:
    // the same rolls and the same answer come, up to the person's next turn.
    'turns: for _ in 0..8 {
        // Up to the person's turn.
        while actor(&current).map(|a| a.0) == Some(1) {
            current = w.next().await.unwrap();
        }
        // The person's roll, if it is theirs and due.
        let mut mv = None;
        while mv.is_none() {
            let Some((0, roll)) = actor(&current) else { break 'turns };
            let ply = current["ply"].as_u64().unwrap();
            let m = if roll { "roll".to_string() } else { pick.legal(&current) };
            let (status, after) = s.play(&g, token, &m, ply).await;
            assert_eq!(status, 200, "{after}");
            current = w.next().await.unwrap();
            assert_eq!(current["version"], after["version"]);
            if !roll {
                mv = Some((m, ply));
            }
        }
        let (mv, ply) = mv.unwrap();
        // Up to the person's next turn (or the end).
        while actor(&current).map(|a| a.0) == Some(1) {
            current = w.next().await.unwrap();
        }
        if actor(&current).is_none() {
            break;
        }
        let before = current["record"].clone();
        let (status, undone) = s.post(&format!("/api/games/{}/undo", g.id), Some(token), "").await;
        assert_eq!(status, 200, "{undone}");
        assert_eq!(undone["ply"], ply, "back to before the person's move");
        current = w.next().await.unwrap();
        assert_eq!(current["ply"], ply);
        let (status, _) = s.play(&g, token, &mv, ply).await;
        assert_eq!(status, 200);
        current = w.next().await.unwrap();
        while actor(&current).map(|a| a.0) == Some(1) {
            current = w.next().await.unwrap();
        }
        assert_eq!(current["record"], before, "same move, same rolls, same reply");
        undone_moves += 1;
    }
    assert!(undone_moves >= 3, "only {undone_moves} moves were taken back");
}

// ---------------------------------------------------------------------------------------
// Past positions (`?ply=N`)

/// The game JSON without what belongs to the moment of asking (version, presence).
fn position_part(g: &Value) -> Value {
    let mut g = g.clone();
    let o = g.as_object_mut().unwrap();
    o.remove("version");
    o.remove("connected");
    g
}

#[tokio::test]
async fn a_past_ply_is_the_game_as_it_stood_then() {
    let s = server().await;
    // Dice, rolls by people and by themselves, and moves: every answer along the way is the
    // game at its ply, and `?ply=N` must answer the same later.
    let g = s.create(json!({"game": "bulgarian-ur", "seats": ["human", "human"]})).await;
    let mut current = s.game(&g.id).await;
    let mut seen = vec![current.clone()];
    let mut pick = Pick(11);
    for _ in 0..40 {
        let Some((seat, roll)) = actor(&current) else { break };
        let mv = if roll { "roll".to_string() } else { pick.legal(&current) };
        let ply = current["ply"].as_u64().unwrap();
        let (status, after) = s.play(&g, g.tokens[seat].as_deref().unwrap(), &mv, ply).await;
        assert_eq!(status, 200, "{after}");
        current = after;
        seen.push(current.clone());
    }
    let now = current["ply"].as_u64().unwrap();
    assert!(now > 20, "{now}");
    for then in &seen {
        let n = then["ply"].as_u64().unwrap();
        let (status, past) = s.get_json(&format!("/api/games/{}?ply={n}", g.id)).await;
        assert_eq!(status, 200, "{past}");
        assert_eq!(position_part(&past), position_part(then), "ply {n}");
        assert_eq!(past["version"], current["version"], "the version asked about");
        assert!(!past.to_string().contains(g.tokens[0].as_deref().unwrap()), "never a token");
    }
    // Every ply in between too: the record cut there, the state of that position with its
    // last move marked, as a direct replay gives it.
    let record: Vec<String> = serde_json::from_value(current["record"].clone()).unwrap();
    for n in 0..=now as usize {
        let (status, past) = s.get_json(&format!("/api/games/{}?ply={n}", g.id)).await;
        assert_eq!(status, 200, "{past}");
        assert_eq!(past["ply"], n);
        assert_eq!(past["record"], json!(record[..n]));
        let mut p = tabla_games::new_game("bulgarian-ur", &[]).unwrap();
        let mut last = Vec::new();
        for t in &record[..n] {
            last = p.play_text_touched(t).unwrap().touched;
        }
        let want = tabla_core::StateReport::with_view(p.as_dyn(), &last);
        assert_eq!(past["state"], serde_json::to_value(&want).unwrap(), "ply {n}");
    }
    // Asking changes nothing; the current ply is the game itself.
    assert_eq!(s.game(&g.id).await, current);
    let (_, at_now) = s.get_json(&format!("/api/games/{}?ply={now}", g.id)).await;
    assert_eq!(at_now, current);
    // Other parameters are ignored.
    let (_, plain) = s.get_json(&format!("/api/games/{}?view=1", g.id)).await;
    assert_eq!(plain, current);

    // A resigned game: the current ply shows the resignation, earlier ones the game going on.
    let (status, _) =
        s.post(&format!("/api/games/{}/resign", g.id), g.tokens[0].as_deref(), "").await;
    assert_eq!(status, 200);
    let (_, at_now) = s.get_json(&format!("/api/games/{}?ply={now}", g.id)).await;
    assert_eq!(at_now, s.game(&g.id).await);
    assert_eq!(at_now["result_reason"], "resigned");
    assert_eq!(at_now["end"], Value::Null, "a resignation is no rule's end");
    let (_, before) = s.get_json(&format!("/api/games/{}?ply={}", g.id, now - 1)).await;
    assert_eq!(before["resigned"], Value::Null);
    assert_eq!(before["result_reason"], Value::Null);
    assert!(before["state"]["result"].is_null());
}

// ---------------------------------------------------------------------------------------
// Resignation, hints, presence, heartbeat, reconnection

#[tokio::test]
async fn resigning_ends_the_game_for_the_others() {
    let s = server().await;
    let g = s.create(json!({"game": "amazons", "options": {"players": "3"}})).await;
    assert_eq!(g.players.len(), 3);
    let (status, after) = s
        .post(&format!("/api/games/{}/resign", g.id), Some(g.tokens[1].as_deref().unwrap()), "")
        .await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["result_reason"], "resigned");
    assert_eq!(after["resigned"], g.players[1].as_str());
    assert_eq!(after["state"]["result"]["winners"], json!([g.players[0], g.players[2]]));
    assert_eq!(after["state"]["to_move"], Value::Null);
    assert_eq!(after["state"]["legal"], json!([]));
    assert_eq!(s.game(&g.id).await, after);
}

#[tokio::test]
async fn a_hint_is_a_legal_move_for_the_seat_to_move() {
    let s = server().await;
    // (Hints are for games against the computer: between people, fair play refuses them.)
    let g = s.create(json!({"game": "seega", "seats": ["human", "computer:1"]})).await;
    let game = s.game(&g.id).await;
    let (seat, _) = actor(&game).unwrap();
    assert_eq!(seat, 0, "the person moves first");
    let (status, text) = s
        .request(
            reqwest::Method::GET,
            &format!("/api/games/{}/hint", g.id),
            g.tokens[seat].as_deref(),
            None,
        )
        .await;
    assert_eq!(status, 200, "{text}");
    let hint: Value = serde_json::from_str(&text).unwrap();
    let legal = game["state"]["legal"].as_array().unwrap();
    assert!(legal.contains(&hint["move"]), "{hint}");
    // The hint is the analysis' best move: on this 3×3 board 4 of White's 25 turns win
    // (each walls Black's queen in), the rest lose.
    let g = s
        .create(json!({"game": "amazons", "options": {"layout": "1../..#/..2"},
                       "seats": ["human", "computer:1"]}))
        .await;
    let (status, text) = s
        .request(
            reqwest::Method::GET,
            &format!("/api/games/{}/hint", g.id),
            g.tokens[0].as_deref(),
            None,
        )
        .await;
    assert_eq!(status, 200, "{text}");
    let hint: Value = serde_json::from_str(&text).unwrap();
    let winning = ["a3-b2/b1", "a3-b2/a2", "a3-b2/a1", "a3-a2/b2"];
    assert!(winning.contains(&hint["move"].as_str().unwrap()), "{hint}");
}

#[tokio::test]
async fn seats_show_as_connected_while_their_socket_is_open() {
    let s = server().await;
    let g = s.create(json!({"game": "amazons"})).await;
    assert_eq!(s.game(&g.id).await["connected"], json!([false, false]));
    let mut w = s.watch(&g.id).await;
    w.next().await.unwrap();
    w.send(json!({"hello": g.tokens[1]})).await;
    let mut saw_hello = false;
    let mut saw_presence = false;
    while !(saw_hello && saw_presence) {
        let f = w.next().await.unwrap();
        saw_hello |= f["hello"] == "black";
        saw_presence |= f["connected"] == json!([false, true]);
    }
    assert_eq!(s.game(&g.id).await["connected"], json!([false, true]));
    w.send(json!({"ping": 7})).await;
    loop {
        let f = w.next().await.unwrap();
        if f.get("pong").is_some() {
            assert_eq!(f["pong"], 7);
            break;
        }
    }
    w.send(json!({"hello": "not a token"})).await;
    loop {
        let f = w.next().await.unwrap();
        if f.get("error").is_some() {
            break;
        }
    }
    drop(w);
    for _ in 0..100 {
        if s.game(&g.id).await["connected"] == json!([false, false]) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the seat still shows as connected after its socket closed");
}

#[tokio::test]
async fn a_silent_socket_is_closed_and_a_new_one_catches_up() {
    let s = server_with(|c| c.heartbeat = Duration::from_millis(100)).await;
    let g = s.create(json!({"game": "amazons"})).await;
    let mut w = s.watch(&g.id).await;
    w.next().await.unwrap();
    // Not reading means not answering pings: the server gives up on the socket.
    tokio::time::sleep(Duration::from_millis(800)).await;
    let game = s.game(&g.id).await;
    let mv = Pick(1).legal(&game);
    assert_eq!(s.play(&g, g.tokens[0].as_deref().unwrap(), &mv, 0).await.0, 200);
    let mut closed = false;
    for _ in 0..20 {
        match tokio::time::timeout(Duration::from_secs(2), w.next()).await {
            Ok(None) | Err(_) => {
                closed = true;
                break;
            }
            Ok(Some(_)) => {}
        }
    }
    assert!(closed, "the silent socket was closed");
    // A reconnecting watcher gets the game as it is now.
    let mut again = s.watch(&g.id).await;
    let now = again.next().await.unwrap();
    assert_eq!(now["ply"], 1);
    assert_eq!(now, s.game(&g.id).await);
}

// ---------------------------------------------------------------------------------------
// Races

#[tokio::test]
async fn two_clients_racing_the_same_ply_one_wins() {
    let s = server().await;
    let g = s.create(json!({"game": "amazons", "options": {"size": "8"}})).await;
    let mut game = s.game(&g.id).await;
    let mut pick = Pick(9);
    for _ in 0..10 {
        let (seat, _) = actor(&game).unwrap();
        let token = g.tokens[seat].as_deref().unwrap();
        let ply = game["ply"].as_u64().unwrap();
        let (a, b) = (pick.legal(&game), pick.legal(&game));
        let (ra, rb) = tokio::join!(s.play(&g, token, &a, ply), s.play(&g, token, &b, ply));
        let mut statuses = [ra.0, rb.0];
        statuses.sort();
        assert_eq!(statuses, [200, 409], "{} / {}", ra.1, rb.1);
        game = s.game(&g.id).await;
        assert_eq!(game["ply"].as_u64().unwrap(), ply + 1);
        let winner = if ra.0 == 200 { &a } else { &b };
        assert_eq!(game["record"][ply as usize], winner.as_str());
    }
}

// ---------------------------------------------------------------------------------------
// Bad input: every error of the contract, each leaving the game as it was

#[tokio::test]
async fn every_error_status_changes_nothing() {
    let s = server().await;
    let g = s.create(json!({"game": "amazons"})).await;
    let mut pick = Pick(3);
    let first = pick.legal(&s.game(&g.id).await);
    assert_eq!(s.play(&g, g.token_of("white"), &first, 0).await.0, 200);
    let before = s.game_text(&g.id).await;
    let id = &g.id;
    let white = g.token_of("white");
    let black = g.token_of("black");
    let moves = format!("/api/games/{id}/moves");
    let legal = pick.legal(&s.game(id).await);

    let cases: Vec<Case> = vec![
        // Creating.
        (400, "POST", "/api/games".into(), None, "{".into(), "JSON"),
        (400, "POST", "/api/games".into(), None, r#"{"gam":"amazons"}"#.into(), "unknown field"),
        (
            400,
            "POST",
            "/api/games".into(),
            None,
            r#"{"game":"chess"}"#.into(),
            "unknown game 'chess'",
        ),
        (
            400,
            "POST",
            "/api/games".into(),
            None,
            r#"{"game":"amazons","options":{"colour":"red"}}"#.into(),
            "unknown option",
        ),
        (
            400,
            "POST",
            "/api/games".into(),
            None,
            r#"{"game":"amazons","options":{"size":"99"}}"#.into(),
            "size",
        ),
        (
            400,
            "POST",
            "/api/games".into(),
            None,
            r#"{"game":"amazons","options":{"size":10}}"#.into(),
            "string",
        ),
        (
            400,
            "POST",
            "/api/games".into(),
            None,
            r#"{"game":"amazons","seats":["human"]}"#.into(),
            "2 players",
        ),
        (
            400,
            "POST",
            "/api/games".into(),
            None,
            r#"{"game":"amazons","seats":["human","robot"]}"#.into(),
            "seats[1]",
        ),
        (
            400,
            "POST",
            "/api/games".into(),
            None,
            r#"{"game":"amazons","seats":["human","computer:9"]}"#.into(),
            "level",
        ),
        (
            400,
            "POST",
            "/api/games".into(),
            None,
            format!(r#"{{"game":"amazons","record":"{first} {first}"}}"#),
            "move 2",
        ),
        (
            400,
            "POST",
            "/api/games".into(),
            None,
            r#"{"game":"amazons","record":"zz9"}"#.into(),
            "move 1 ('zz9')",
        ),
        (
            413,
            "POST",
            "/api/games".into(),
            None,
            format!(r#"{{"game":"amazons","record":"{}"}}"#, "x ".repeat(200_000)),
            "larger",
        ),
        // Reading.
        (404, "GET", "/api/games/nosuchgame".into(), None, String::new(), "no game"),
        (404, "GET", "/api/games/..%2F..%2Fetc".into(), None, String::new(), "no game"),
        (404, "GET", "/api/games/nosuchgame/record".into(), None, String::new(), "no game"),
        (404, "GET", "/api/games/nosuchgame/live".into(), None, String::new(), "no game"),
        (400, "GET", format!("/api/games/{id}/live"), None, String::new(), "WebSocket"),
        (404, "GET", "/api/nothing".into(), None, String::new(), "no endpoint"),
        // Reading a past ply (the game is at ply 1).
        (404, "GET", "/api/games/nosuchgame?ply=0".into(), None, String::new(), "no game"),
        (400, "GET", format!("/api/games/{id}?ply=2"), None, String::new(), "not been reached"),
        (400, "GET", format!("/api/games/{id}?ply=-1"), None, String::new(), "whole number"),
        (400, "GET", format!("/api/games/{id}?ply=+1"), None, String::new(), "whole number"),
        (400, "GET", format!("/api/games/{id}?ply=0.5"), None, String::new(), "whole number"),
        (400, "GET", format!("/api/games/{id}?ply=one"), None, String::new(), "whole number"),
        (400, "GET", format!("/api/games/{id}?ply="), None, String::new(), "whole number"),
        (400, "GET", format!("/api/games/{id}?ply=0&ply=1"), None, String::new(), "more than once"),
        (
            400,
            "GET",
            format!("/api/games/{id}?ply=123456789012345678901234567890"),
            None,
            String::new(),
            "not been reached",
        ),
        (405, "DELETE", format!("/api/games/{id}"), None, String::new(), "DELETE"),
        (405, "GET", "/api/games".into(), None, String::new(), "GET"),
        // Moving.
        (
            404,
            "POST",
            "/api/games/nosuchgame/moves".into(),
            Some(white),
            format!(r#"{{"move":"{legal}","ply":1}}"#),
            "no game",
        ),
        (401, "POST", moves.clone(), None, format!(r#"{{"move":"{legal}","ply":1}}"#), "token"),
        (400, "POST", moves.clone(), Some(black), r#"{"move":"a1-a2"}"#.into(), "ply"),
        (400, "POST", moves.clone(), Some(black), r#"["a1-a2",1]"#.into(), "JSON"),
        (400, "POST", moves.clone(), Some(black), r#"{"move":"a1-a2","ply":-1}"#.into(), "ply"),
        (
            403,
            "POST",
            moves.clone(),
            Some("0123456789abcdef0123456789abcdef01234567"),
            format!(r#"{{"move":"{legal}","ply":1}}"#),
            "not a seat",
        ),
        (
            403,
            "POST",
            moves.clone(),
            Some(white),
            format!(r#"{{"move":"{legal}","ply":1}}"#),
            "black's turn",
        ),
        (
            409,
            "POST",
            moves.clone(),
            Some(black),
            format!(r#"{{"move":"{legal}","ply":0}}"#),
            "stale",
        ),
        (
            409,
            "POST",
            moves.clone(),
            Some(black),
            format!(r#"{{"move":"{legal}","ply":2}}"#),
            "not been reached",
        ),
        (
            400,
            "POST",
            moves.clone(),
            Some(black),
            r#"{"move":"hello","ply":1}"#.into(),
            "cannot read",
        ),
        (
            422,
            "POST",
            moves.clone(),
            Some(black),
            format!(r#"{{"move":"{first}","ply":1}}"#),
            "not legal",
        ),
        (422, "POST", moves.clone(), Some(black), r#"{"move":"roll","ply":1}"#.into(), "no roll"),
        // Resigning, undoing, hints.
        (401, "POST", format!("/api/games/{id}/resign"), None, String::new(), "token"),
        (
            403,
            "POST",
            format!("/api/games/{id}/resign"),
            Some("wrong"),
            String::new(),
            "not a seat",
        ),
        (
            400,
            "POST",
            format!("/api/games/{id}/resign"),
            Some(white),
            r#"{"why":1}"#.into(),
            "JSON",
        ),
        (404, "POST", "/api/games/nosuchgame/resign".into(), Some(white), String::new(), "no game"),
        (
            403,
            "POST",
            format!("/api/games/{id}/undo"),
            Some(white),
            String::new(),
            "against the computer",
        ),
        (401, "GET", format!("/api/games/{id}/hint"), None, String::new(), "token"),
        (403, "GET", format!("/api/games/{id}/hint"), Some(white), String::new(), "black's turn"),
    ];
    all_refused(&s, id, &cases).await;
    // Malformed Authorization headers are 401 too.
    let r = s
        .http
        .post(format!("{}{moves}", s.base))
        .header("Authorization", "Basic abc")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 401);
    assert_eq!(s.game_text(id).await, before);

    // Against the computer: nothing to undo yet, a stale undo.
    let c = s.create(json!({"game": "amazons", "seats": ["human", "computer:1"]})).await;
    let undo = format!("/api/games/{}/undo", c.id);
    let (status, m) = refused(&s, "POST", &undo, c.tokens[0].as_deref(), "").await;
    assert_eq!((status, m.contains("nothing to undo")), (409, true), "{m}");
    let (status, m) = refused(&s, "POST", &undo, c.tokens[0].as_deref(), r#"{"ply":5}"#).await;
    assert_eq!((status, m.contains("not been reached")), (409, true), "{m}");

    // Dice that are a player's own: only that player rolls, and only a roll will do.
    let u = s.create(json!({"game": "bulgarian-ur"})).await;
    let ur = s.game(&u.id).await;
    let (roller, roll) = actor(&ur).unwrap();
    assert!(roll, "after the roll-off, the first player's own roll: {}", ur["state"]);
    let ply = ur["ply"].as_u64().unwrap();
    let ur_before = s.game_text(&u.id).await;
    let ur_moves = format!("/api/games/{}/moves", u.id);
    let other = u.tokens[1 - roller].as_deref();
    let mine = u.tokens[roller].as_deref();
    let outcome = ur["state"]["legal"][0].as_str().unwrap();
    for (want, token, body, says) in [
        (403, other, json!({"move": "roll", "ply": ply}), "roll"),
        (422, mine, json!({"move": outcome, "ply": ply}), "die roll is due"),
    ] {
        let (status, m) = refused(&s, "POST", &ur_moves, token, &body.to_string()).await;
        assert_eq!((status, m.contains(says)), (want, true), "{m}");
        assert_eq!(s.game_text(&u.id).await, ur_before);
    }
    let (status, m) = refused(&s, "GET", &format!("/api/games/{}/hint", u.id), mine, "").await;
    assert_eq!((status, m.contains("roll")), (409, true), "{m}");

    // A game that is over: moves, resignations, hints and undo are refused.
    let (status, _) = s.post(&format!("/api/games/{id}/resign"), Some(white), "").await;
    assert_eq!(status, 200);
    let over = s.game_text(id).await;
    for (method, path, body) in [
        ("POST", moves.clone(), format!(r#"{{"move":"{legal}","ply":1}}"#)),
        ("POST", format!("/api/games/{id}/resign"), String::new()),
        ("GET", format!("/api/games/{id}/hint"), String::new()),
    ] {
        let (status, message) = refused(&s, method, &path, Some(black), &body).await;
        assert_eq!(status, 409, "{path}: {message}");
        assert!(message.contains("over"), "{message}");
        assert_eq!(s.game_text(id).await, over);
    }
}

// ---------------------------------------------------------------------------------------
// Meta and the page

#[tokio::test]
async fn meta_lists_every_game_with_options_and_players() {
    let s = server().await;
    let (status, meta) = s.get_json("/api/meta").await;
    assert_eq!(status, 200);
    let games = meta["games"].as_array().unwrap();
    assert_eq!(games.len(), tabla_games::GAMES.len());
    for (g, info) in games.iter().zip(tabla_games::GAMES) {
        assert_eq!(g["id"], info.id);
        assert_eq!(g["options"].as_array().unwrap().len(), info.options.len());
        for (o, spec) in g["options"].as_array().unwrap().iter().zip(info.options) {
            assert_eq!(
                (o["key"].as_str(), o["default"].as_str()),
                (Some(spec.key), Some(spec.default))
            );
            assert!(o["help"].is_string() && o["values"].is_string());
        }
        assert!(g["players"].as_array().unwrap().len() >= 2);
        assert!(g["rules"]["en"].as_str().unwrap().len() > 100);
    }
    assert!(meta["seat_kinds"].as_array().unwrap().contains(&json!("computer:3")));
    // Every game's levels with their measured ratings: 0 for level 1, rising with the level.
    for info in tabla_games::GAMES {
        let r = meta["levels"]["above_level_1"][info.id].as_array().unwrap();
        assert_eq!(r.len(), 7, "{}", info.id);
        assert_eq!(r[0], 0, "{}", info.id);
        assert!(r.windows(2).all(|w| w[1].as_i64() > w[0].as_i64()), "{}: {r:?}", info.id);
    }
}

#[tokio::test]
async fn a_preview_shows_the_players_and_the_start_and_refuses_as_creating_does() {
    let s = server().await;
    let (_, meta) = s.get_json("/api/meta").await;
    for g in meta["games"].as_array().unwrap() {
        let id = g["id"].as_str().unwrap();
        let (status, p) = s.post("/api/preview", None, &json!({"game": id}).to_string()).await;
        assert_eq!(status, 200, "{p}");
        assert_eq!(p["players"], g["players"], "{id}");
        let start = tabla_games::new_game(id, &[]).unwrap();
        let want = tabla_core::StateReport::with_view(start.as_dyn(), &[]);
        assert_eq!(p["state"], serde_json::to_value(&want).unwrap(), "{id}: as tabla state --view");
        // And whether the computer:perfect seat is offered: no default variant is solved.
        assert_eq!(p["perfect"], false, "{id}");
        assert_eq!(p.as_object().unwrap().len(), 3, "{p}");
    }
    // Options change the players and the board.
    for (options, words) in [
        (json!({"players": "3"}), vec!["players=3"]),
        (
            json!({"players": "4", "teams": "on", "size": "10"}),
            vec!["players=4", "teams=on", "size=10"],
        ),
    ] {
        let body = json!({"game": "amazons", "options": options}).to_string();
        let (status, p) = s.post("/api/preview", None, &body).await;
        assert_eq!(status, 200, "{p}");
        let words: Vec<String> = words.into_iter().map(String::from).collect();
        let start = tabla_games::new_game("amazons", &words).unwrap();
        assert_eq!(p["players"], json!(start.player_names()));
        assert_eq!(p["state"]["position"], json!(start.position_text()));
    }
    // A bad game or option: the 400 creating it answers, word for word.
    for body in [
        json!({"game": "chess"}),
        json!({"game": "amazons", "options": {"colour": "red"}}),
        json!({"game": "amazons", "options": {"size": "99"}}),
        json!({"game": "amazons", "options": {"teams": "on"}}),
        json!({"game": "amazons", "options": {"size": 10}}),
        json!({"game": "seega", "options": {"size": "6"}}),
    ] {
        let (ps, pm) = refused(&s, "POST", "/api/preview", None, &body.to_string()).await;
        let (cs, cm) = refused(&s, "POST", "/api/games", None, &body.to_string()).await;
        assert_eq!(ps, 400, "{body}: {pm}");
        assert_eq!(cs, 400, "{body}: {cm}");
        if body["options"]["size"].is_number() {
            // The shape shown differs (no seats or record in a preview); the reason is the same.
            assert!(pm.contains("string") && cm.contains("string"), "{pm} / {cm}");
        } else {
            assert_eq!(pm, cm, "{body}");
        }
    }
    // Only a game and options.
    for (body, says) in [
        (r#"{"game":"amazons","seats":["human","human"]}"#, "unknown field"),
        (r#"["amazons"]"#, "object"),
        (r#"{"options":{}}"#, "game"),
        ("", "JSON"),
    ] {
        let (status, m) = refused(&s, "POST", "/api/preview", None, body).await;
        assert_eq!(status, 400, "{body}: {m}");
        assert!(m.contains(says), "{body}: '{m}' should mention '{says}'");
    }
    let (status, m) = refused(&s, "GET", "/api/preview", None, "").await;
    assert_eq!(status, 405, "{m}");
}

#[tokio::test]
async fn the_page_is_served_at_root_and_game_urls() {
    let s = server().await;
    for path in ["/", "/g/abc123", "/index.html"] {
        let r = s.http.get(format!("{}{path}", s.base)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 200, "{path}");
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        assert_eq!(r.headers()["cache-control"], "no-cache");
        assert!(r.text().await.unwrap().contains("<html"));
    }
    let r = s.http.get(format!("{}/no/such/file.js", s.base)).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 404);
    // A page of the site's own look that leads back to the lobby, the path shown escaped
    // and cut short.
    let long = "x".repeat(5000);
    for path in ["/foo/bar".to_string(), format!("/{long}")] {
        let r = s.http.get(format!("{}{path}", s.base)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 404, "{path}");
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        let body = r.text().await.unwrap();
        assert!(body.contains(r#"href="/css/tabla.css""#), "{body}");
        assert!(body.contains(r#"<a class="back" href="/">"#), "{body}");
        assert!(body.contains(&path[..path.len().min(100)]), "{body}");
        assert!(body.len() < 2000, "the path is cut short: {} bytes", body.len());
    }
}

#[tokio::test]
async fn the_lab_is_a_page_and_its_results_are_files() {
    let s = server().await;
    // The page of the lab and of one experiment (deep links) are the page itself.
    for path in ["/lab", "/lab/seega-first-player"] {
        let r = s.http.get(format!("{}{path}", s.base)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 200, "{path}");
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        assert!(r.text().await.unwrap().contains("<html"), "{path}");
    }
    // The list of results is JSON, built into the binary from web/lab/.
    let r = s.http.get(format!("{}/lab/index.json", s.base)).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.headers()["content-type"], "application/json");
    let index: Value = r.json().await.unwrap();
    let names = index["experiments"].as_array().expect("an \"experiments\" list");
    // Each name it lists has its file.
    for name in names {
        let path = format!("/lab/{}.json", name.as_str().unwrap());
        let r = s.http.get(format!("{}{path}", s.base)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 200, "{path}");
        let exp: Value = r.json().await.unwrap();
        assert_eq!(exp["name"], *name, "{path}");
    }
    // A result that is not there is the site's 404 page, not the lab page.
    let r = s.http.get(format!("{}/lab/no-such-experiment.json", s.base)).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 404);
    assert!(r.text().await.unwrap().contains("no-such-experiment.json"));
}

// ---------------------------------------------------------------------------------------
// Restart on the same file (in process; the kill -9 test is in crates/tabla/tests)

#[tokio::test]
async fn a_restart_keeps_every_game_and_resumes_a_computer() {
    let mut s = server_with(|c| c.searches = Some(1)).await;
    let db = s.db.clone();
    let g = s.create(json!({"game": "amazons", "seats": ["human", "human"]})).await;
    let game = s.game(&g.id).await;
    let mv = Pick(4).legal(&game);
    assert_eq!(s.play(&g, g.tokens[0].as_deref().unwrap(), &mv, 0).await.0, 200);
    let before = s.game(&g.id).await;
    s.running.take().unwrap().stop().await;
    let s2 = server_with(|c| c.db = db).await;
    let mut after = s2.game(&g.id).await;
    after["connected"] = before["connected"].clone();
    assert_eq!(after, before);
    let (status, _) = s2.play(&g, g.tokens[1].as_deref().unwrap(), &Pick(5).legal(&after), 1).await;
    assert_eq!(status, 200);
}

// ---------------------------------------------------------------------------------------
// Seeded secrets (`tabla serve --seed`)

/// Creates a Bulgarian Ur game with `seats` and plays it by `Pick(1)` for the people, waiting
/// for the computer, until it ends or `acts` turns of people; returns the record.
async fn ur_played(s: &Server, seats: Value, acts: usize) -> Vec<String> {
    let g = s.create(json!({"game": "bulgarian-ur", "seats": seats})).await;
    let mut pick = Pick(1);
    let mut current = s.game(&g.id).await;
    let mut done = 0;
    let mut waited = 0;
    while let Some((seat, roll)) = actor(&current) {
        let Some(token) = g.tokens[seat].as_deref() else {
            // The computer's turn: it moves by itself.
            tokio::time::sleep(Duration::from_millis(20)).await;
            current = s.game(&g.id).await;
            waited += 1;
            assert!(waited < 3000, "the computer did not move");
            continue;
        };
        if done == acts {
            break;
        }
        let mv = if roll { "roll".to_string() } else { pick.legal(&current) };
        let ply = current["ply"].as_u64().unwrap();
        let (status, after) = s.play(&g, token, &mv, ply).await;
        assert_eq!(status, 200, "{after}");
        current = after;
        done += 1;
    }
    serde_json::from_value(current["record"].clone()).unwrap()
}

#[tokio::test]
async fn a_seeded_server_plays_the_same_games_every_run() {
    let people = || json!(["human", "human"]);
    let computer = || json!(["human", "computer:1"]);
    let mut runs = Vec::new();
    for seed in [Some(7), Some(7), Some(8), None] {
        let s = server_with(|c| c.seed = seed).await;
        let a = ur_played(&s, people(), 40).await;
        let b = ur_played(&s, computer(), 30).await;
        runs.push((a, b));
    }
    assert_eq!(runs[0], runs[1], "the same seed: the same rolls and computer moves");
    assert!(runs[0].0.len() > 40 && runs[0].1.len() > 30);
    assert_ne!(runs[0].0, runs[2].0, "another seed: other rolls");
    assert_ne!(runs[0].0, runs[3].0, "no seed: random rolls");
    // Games of the same run differ too (each has its own creation number).
    let s = server_with(|c| c.seed = Some(7)).await;
    assert_ne!(ur_played(&s, people(), 40).await, ur_played(&s, people(), 40).await);

    // A restart on the same file goes on numbering from the games stored: the second game
    // after a restart is the second game of a fresh run.
    let mut s = server_with(|c| c.seed = Some(7)).await;
    let first = ur_played(&s, people(), 40).await;
    assert_eq!(first, runs[0].0);
    let db = s.db.clone();
    s.running.take().unwrap().stop().await;
    let s2 = server_with(|c| {
        c.db = db;
        c.seed = Some(7);
    })
    .await;
    assert_eq!(ur_played(&s2, computer(), 30).await, runs[0].1);
}

// ---------------------------------------------------------------------------------------
// Any position, stored nowhere (`POST /api/position`)

#[tokio::test]
async fn any_position_is_answered_with_its_view_and_paths_and_nothing_is_stored() {
    let s = server().await;
    // From the start, a record with a chance token the caller chose.
    let (status, a) = s
        .post("/api/position", None, r#"{"game":"amazons","options":{"size":"6"},"record":""}"#)
        .await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["players"], json!(["white", "black"]));
    let first = a["state"]["legal"][0].as_str().unwrap().to_string();
    let (status, b) = s
        .post(
            "/api/position",
            None,
            &json!({"game": "amazons", "options": {"size": "6"}, "record": first}).to_string(),
        )
        .await;
    assert_eq!(status, 200, "{b}");
    assert_eq!(b["record"], json!([first]));
    assert_eq!(b["state"]["to_move"], "black");
    assert!(!b["state"]["view"]["last"].as_array().unwrap().is_empty(), "the last move is marked");
    assert!(b["state"]["paths"].as_object().unwrap().len() > 10);
    // From a position text: the position is played on.
    let text = b["state"]["position"].as_str().unwrap().to_string();
    let (status, c) = s
        .post(
            "/api/position",
            None,
            &json!({"game": "amazons", "options": {"size": "6"}, "position": text}).to_string(),
        )
        .await;
    assert_eq!(status, 200, "{c}");
    // The same turns (a position read from text may list its queens in another order).
    let sorted = |v: &Value| {
        let mut l: Vec<String> =
            v.as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect();
        l.sort();
        l
    };
    assert_eq!(sorted(&c["state"]["legal"]), sorted(&b["state"]["legal"]));
    // Errors say what was wrong; nothing is created.
    for (body, says) in [
        (r#"{"game":"chess"}"#, "unknown game"),
        (r#"{"game":"amazons","options":{"size":"99"}}"#, "size"),
        (r#"{"game":"amazons","record":"zz9"}"#, "record: move 1 ('zz9')"),
        (r#"{"game":"amazons","position":"nonsense"}"#, "position:"),
        (r#"{"game":"amazons","colour":"red"}"#, "colour"),
        (r#"[1]"#, "expected an object"),
    ] {
        let (status, e) = s.post("/api/position", None, body).await;
        assert_eq!(status, 400, "{body}: {e}");
        let m = e["error"].as_str().unwrap();
        assert!(m.contains(says), "{body}: '{m}' should mention '{says}'");
    }
}

// ---------------------------------------------------------------------------------------
// Several instances (PostgreSQL only)

/// Two hubs on one PostgreSQL database, as two instances. A page's socket subscribes to the
/// game before it is counted as a watcher; a change made on the other instance that comes in
/// between must still reach it. (It did not: the copy here, counted as unwatched, was
/// forgotten, the watcher's count then landed on the forgotten copy, and every later change
/// made elsewhere was dropped here: the multi-instance test's watcher missing the last
/// moves.)
#[tokio::test]
async fn a_change_made_elsewhere_reaches_a_watcher_not_yet_counted() {
    use tabla_server::fanout::{LocalFanOut, Note};
    use tabla_server::hub::{Hub, NewGame};
    let Some(url) = common::test_pg() else {
        eprintln!(
            "a_change_made_elsewhere_reaches_a_watcher_not_yet_counted: skipped (no PostgreSQL)"
        );
        return;
    };
    let db = tabla_server::Database::Postgres(
        tabla_server::store_pg::fresh_test_database(&url).await.unwrap(),
    );
    let hub = || async {
        let store = tabla_server::open_store(&db).await.unwrap();
        Hub::new(store, std::sync::Arc::new(LocalFanOut::default()), 1, None)
    };
    let (a, b) = (hub().await, hub().await);
    let created = a
        .create(NewGame {
            game: "amazons".into(),
            options: vec![("size".into(), "6".into())],
            seats: None,
            record: None,
            clock: None,
            rated: false,
            hashes: vec![],
            players: vec![],
        })
        .await
        .unwrap();
    let id = created.id;
    let token = created.seats[0].2.clone().unwrap();
    // Instance B has the game in memory; a socket there has subscribed, not yet counted.
    assert_eq!(b.frame(&id).await.unwrap().version, 0);
    let mut rx = b.fanout().subscribe(&id);
    let game: Value = serde_json::from_str(&a.frame(&id).await.unwrap().text).unwrap();
    let mv = game["state"]["legal"][0].as_str().unwrap();
    a.play(&id, &token, 0, mv).await.unwrap();
    // A's note, as B's listener hands it on.
    let note = Note::Game { id: id.clone(), version: 1, work: false, lobby: false };
    b.on_note(note).await;
    let frame = rx.try_recv().expect("the watcher on B is sent the change made on A");
    assert_eq!(frame.version, 1);
    // Counted now, on the copy B still holds: the next change made on A reaches it too.
    b.socket(&id, true).await;
    assert_eq!(rx.try_recv().expect("the count, published").version, 1);
    let game: Value = serde_json::from_str(&frame.text).unwrap();
    let token = created.seats[1].2.clone().unwrap();
    let mv = game["state"]["legal"][0].as_str().unwrap();
    a.play(&id, &token, 1, mv).await.unwrap();
    let note = Note::Game { id: id.clone(), version: 2, work: false, lobby: false };
    b.on_note(note).await;
    assert_eq!(rx.try_recv().expect("the second change").version, 2);
}
