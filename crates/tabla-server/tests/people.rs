//! Playing people (issue 26): names, open seats, joining, the lobby, quick pairing, clocks,
//! offers, abort and rematch, fair play; each refusal leaving the game as it was.

mod common;

use common::{all_refused, refused, server, server_with, Game, Pick, Server};
use serde_json::{json, Value};
use std::time::Duration;

/// Plays a legal move (picked by `pick`) for `token` in `g`; returns the game after it.
async fn move_by(s: &Server, g: &Game, token: &str, pick: &mut Pick) -> Value {
    let game = s.game(&g.id).await;
    let mv = pick.legal(&game);
    let (status, after) = s.play(g, token, &mv, game["ply"].as_u64().unwrap()).await;
    assert_eq!(status, 200, "{after}");
    after
}

async fn lobby(s: &Server) -> Vec<Value> {
    let (status, v) = s.get_json("/api/lobby").await;
    assert_eq!(status, 200, "{v}");
    v["open"].as_array().unwrap().clone()
}

fn ids(entries: &[Value]) -> Vec<&str> {
    entries.iter().map(|e| e["id"].as_str().unwrap()).collect()
}

// ---------------------------------------------------------------------------------------
// Names, open seats, joining

#[tokio::test]
async fn an_open_seat_waits_in_the_lobby_until_a_friend_joins() {
    let s = server().await;
    let (status, created) = s
        .post(
            "/api/games",
            None,
            &json!({"game": "amazons", "seats": [{"kind": "human", "name": "  Anna "}, "open"]})
                .to_string(),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["seats"][0]["name"], "Anna", "trimmed");
    assert!(created["seats"][0]["token"].is_string());
    assert_eq!(created["seats"][1], json!({"player": "black", "kind": "open"}));
    let id = created["id"].as_str().unwrap().to_string();
    let anna = created["seats"][0]["token"].as_str().unwrap().to_string();
    let g = Game {
        id: id.clone(),
        tokens: vec![Some(anna.clone()), None],
        players: vec!["white".into(), "black".into()],
    };
    let game = s.game(&id).await;
    assert_eq!(
        game["seats"],
        json!([{"player": "white", "kind": "human", "name": "Anna"},
               {"player": "black", "kind": "open"}])
    );
    assert!(game["clock"].is_null() && game["offers"] == json!([]) && game["rematch"].is_null());
    // Listed in the lobby.
    let entries = lobby(&s).await;
    assert_eq!(ids(&entries), vec![id.as_str()]);
    let e = &entries[0];
    assert_eq!(
        (e["game"].as_str(), &e["clock"], &e["rated"]),
        (Some("amazons"), &json!(null), &json!(false))
    );
    assert_eq!(e["seats"], game["seats"]);
    assert!(e["options"].is_object() && e["created_at"].as_i64().unwrap() > 1_700_000_000);
    // The creator cannot move before the seat is taken; refusals change nothing.
    let mv = Pick(1).legal(&game);
    let join = format!("/api/games/{id}/join");
    let long = "x".repeat(41);
    all_refused(
        &s,
        &id,
        &[
            (
                409,
                "POST",
                format!("/api/games/{id}/moves"),
                Some(&anna),
                json!({"move": mv, "ply": 0}).to_string(),
                "waiting for a player",
            ),
            (409, "POST", format!("/api/games/{id}/resign"), Some(&anna), String::new(), "cancel"),
            (400, "POST", join.clone(), None, json!({"player": "red"}).to_string(), "not a player"),
            (409, "POST", join.clone(), None, json!({"player": "white"}).to_string(), "not open"),
            (400, "POST", join.clone(), None, json!({"name": long}).to_string(), "1 to 40"),
            (400, "POST", join.clone(), None, json!({"name": "  "}).to_string(), "1 to 40"),
            (400, "POST", join.clone(), None, json!({"name": "a\nb"}).to_string(), "control"),
            (400, "POST", join.clone(), None, json!({"name": 7}).to_string(), "not a string"),
            (400, "POST", join.clone(), None, json!({"seat": "black"}).to_string(), "seat"),
            (404, "POST", "/api/games/nosuchgame/join".into(), None, "{}".into(), "no game"),
            (403, "GET", format!("/api/games/{id}/hint"), Some(&anna), String::new(), "fair play"),
        ],
    )
    .await;
    // The creator's page sees the friend arrive.
    let mut w = s.watch(&id).await;
    let first = w.next().await.unwrap();
    let (status, joined) = s.post(&join, None, &json!({"name": "Béla"}).to_string()).await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["player"], "black");
    let bela = joined["token"].as_str().unwrap().to_string();
    assert_eq!(joined["url"], format!("/g/{id}?token={bela}"));
    let frame = w.next().await.unwrap();
    assert_eq!(frame["version"].as_u64(), first["version"].as_u64().map(|v| v + 1));
    assert_eq!(frame["seats"][1], json!({"player": "black", "kind": "human", "name": "Béla"}));
    assert!(lobby(&s).await.is_empty(), "a full game leaves the lobby");
    // The seat is taken: a second join is 409; now the game is played.
    let (status, _) = s.post(&join, None, "{}").await;
    assert_eq!(status, 409);
    let mut pick = Pick(3);
    move_by(&s, &g, &anna, &mut pick).await;
    move_by(&s, &g, &bela, &mut pick).await;
    // A hint between people: 403 (fair play), even to the seat to move.
    let (status, text) =
        s.request(reqwest::Method::GET, &format!("/api/games/{id}/hint"), Some(&anna), None).await;
    assert_eq!(status, 403, "{text}");
}

#[tokio::test]
async fn bad_seats_and_names_at_creation_are_refused() {
    let s = server().await;
    for (seats, says) in [
        (json!([{"kind": "human", "name": ""}, "open"]), "seats[0]"),
        (json!(["human", {"kind": "human", "name": "x".repeat(41)}]), "seats[1]"),
        (json!(["human", {"kind": "computer:2", "name": "Bot"}]), "only a human seat"),
        (json!(["human", {"kind": "nobody"}]), "seats[1]"),
        (json!(["human", {"kind": "open", "colour": "red"}]), "unknown field"),
        (json!(["human", 3]), "seats[1]"),
    ] {
        let body = json!({"game": "amazons", "seats": seats}).to_string();
        let (status, message) = refused(&s, "POST", "/api/games", None, &body).await;
        assert_eq!(status, 400, "{seats}: {message}");
        assert!(message.contains(says), "{seats}: {message}");
    }
    let body = json!({"game": "amazons", "seats": ["human", "computer:1"], "rated": true});
    let (status, message) = refused(&s, "POST", "/api/games", None, &body.to_string()).await;
    assert_eq!(status, 400, "{message}");
    assert!(lobby(&s).await.is_empty(), "nothing was created");
}

#[tokio::test]
async fn two_racing_joins_for_one_seat_one_wins() {
    let s = server().await;
    for round in 0..5 {
        let g = s.create(json!({"game": "amazons", "seats": ["human", "open"]})).await;
        let join = format!("/api/games/{}/join", g.id);
        let a = json!({"player": "black", "name": "A"}).to_string();
        let b = json!({"name": "B"}).to_string();
        let ((s1, v1), (s2, v2)) = tokio::join!(s.post(&join, None, &a), s.post(&join, None, &b));
        let mut statuses = [s1, s2];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "round {round}: {v1} {v2}");
        let winner = if s1 == 200 { "A" } else { "B" };
        assert_eq!(s.game(&g.id).await["seats"][1]["name"], winner);
    }
}

#[tokio::test]
async fn the_creator_cancels_a_game_nobody_joined() {
    let s = server().await;
    let g = s.create(json!({"game": "gipf", "seats": ["human", "open"]})).await;
    let white = g.tokens[0].clone().unwrap();
    let cancel = format!("/api/games/{}/cancel", g.id);
    all_refused(
        &s,
        &g.id,
        &[
            (401, "POST", cancel.clone(), None, String::new(), "token"),
            (403, "POST", cancel.clone(), Some("nottheseat"), String::new(), "not a seat"),
            (400, "POST", cancel.clone(), Some(&white), r#"{"why":1}"#.into(), "JSON"),
            (
                404,
                "POST",
                "/api/games/nosuchgame/cancel".into(),
                Some(&white),
                String::new(),
                "no game",
            ),
        ],
    )
    .await;
    assert_eq!(ids(&lobby(&s).await), vec![g.id.as_str()]);
    let (status, game) = s.post(&cancel, Some(&white), "").await;
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["result_reason"], "cancelled");
    assert_eq!(game["state"]["result"]["winners"], json!([]));
    assert!(lobby(&s).await.is_empty());
    all_refused(
        &s,
        &g.id,
        &[
            (409, "POST", cancel.clone(), Some(&white), String::new(), "over"),
            (409, "POST", format!("/api/games/{}/join", g.id), None, "{}".into(), "over"),
        ],
    )
    .await;
    // A full game is not cancelled (abort it instead).
    let full = s.create(json!({"game": "gipf"})).await;
    let t = full.tokens[0].clone().unwrap();
    all_refused(
        &s,
        &full.id,
        &[(
            409,
            "POST",
            format!("/api/games/{}/cancel", full.id),
            Some(&t),
            String::new(),
            "abort",
        )],
    )
    .await;
}

#[tokio::test]
async fn the_lobby_socket_sends_the_list_on_connect_and_on_every_change() {
    let s = server().await;
    let (ws, _) =
        tokio_tungstenite::connect_async(format!("{}/api/lobby/live", s.ws_base)).await.unwrap();
    let mut w = common::Watcher { ws };
    assert_eq!(w.next().await.unwrap(), json!({"open": []}));
    let older = s
        .create(json!({"game": "seega", "seats": [{"kind": "human", "name": "Anna"}, "open"]}))
        .await;
    assert_eq!(ids(w.next().await.unwrap()["open"].as_array().unwrap()), vec![older.id.as_str()]);
    // A game without an open seat does not change the list.
    s.create(json!({"game": "seega"})).await;
    let newer = s.create(json!({"game": "amazons", "seats": ["open", "human"]})).await;
    let list = w.next().await.unwrap();
    assert_eq!(
        ids(list["open"].as_array().unwrap()),
        vec![newer.id.as_str(), older.id.as_str()],
        "newest first"
    );
    let (status, _) = s.post(&format!("/api/games/{}/join", older.id), None, "{}").await;
    assert_eq!(status, 200);
    let list = w.next().await.unwrap();
    assert_eq!(ids(list["open"].as_array().unwrap()), vec![newer.id.as_str()]);
    w.send(json!({"ping": 4})).await;
    assert_eq!(w.next().await.unwrap(), json!({"pong": 4}));
}

#[tokio::test]
async fn quick_pairing_joins_a_waiting_game_or_opens_one() {
    let s = server().await;
    let ask = |name: &str, clock: Value| {
        json!({"game": "amazons", "options": {}, "clock": clock, "name": name}).to_string()
    };
    let clock = json!({"initial_s": 300, "increment_s": 5});
    let (status, first) = s.post("/api/pair", None, &ask("Anna", clock.clone())).await;
    assert_eq!(status, 201, "{first}");
    assert_eq!(first["seats"][1]["kind"], "open");
    assert_eq!(first["seats"][0]["name"], "Anna");
    // Anna again does not meet herself; another clock does not match.
    let (status, second) = s.post("/api/pair", None, &ask("anna", clock.clone())).await;
    assert_eq!(status, 201, "{second}");
    let (status, other) = s.post("/api/pair", None, &ask("Béla", json!({"days": 2}))).await;
    assert_eq!(status, 201, "{other}");
    // Béla with the same clock joins the oldest waiting game.
    let (status, joined) = s.post("/api/pair", None, &ask("Béla", clock.clone())).await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["id"], first["id"]);
    assert_eq!(joined["player"], "black");
    let game = s.game(joined["id"].as_str().unwrap()).await;
    assert_eq!(game["seats"][1]["name"], "Béla");
    assert_eq!(game["clock"]["initial_s"], 300);
    for (body, says) in [
        (json!({"game": "chess", "name": "A"}), "chess"),
        (json!({"game": "amazons"}), "name"),
        (json!({"game": "amazons", "name": ""}), "1 to 40"),
        (json!({"game": "amazons", "name": "A", "clock": {"initial_s": 1}}), "clock"),
    ] {
        let (status, message) = refused(&s, "POST", "/api/pair", None, &body.to_string()).await;
        assert_eq!(status, 400, "{body}: {message}");
        assert!(message.contains(says), "{body}: {message}");
    }
    assert_eq!(lobby(&s).await.len(), 2);
}

// ---------------------------------------------------------------------------------------
// Clocks

#[tokio::test]
async fn a_clock_runs_for_the_side_to_move_from_the_first_move() {
    let s = server().await;
    let g = s
        .create(json!({"game": "amazons", "seats": ["human", "human"],
                       "clock": {"initial_s": 180, "increment_s": 2}}))
        .await;
    let game = s.game(&g.id).await;
    assert_eq!(
        game["clock"],
        json!({"initial_s": 180, "increment_s": 2,
               "remaining_ms": {"white": 180000, "black": 180000}, "running": null})
    );
    let mut pick = Pick(7);
    let after = move_by(&s, &g, g.token_of("white"), &mut pick).await;
    // The first mover is not timed for that move, and gets no increment for it.
    assert_eq!(after["clock"]["running"], "black");
    assert_eq!(after["clock"]["remaining_ms"]["white"], 180000);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let now = s.game(&g.id).await;
    let black = now["clock"]["remaining_ms"]["black"].as_i64().unwrap();
    assert!((170_000..=179_700).contains(&black), "black's clock runs: {black}");
    let after = move_by(&s, &g, g.token_of("black"), &mut pick).await;
    assert_eq!(after["clock"]["running"], "white");
    let black = after["clock"]["remaining_ms"]["black"].as_i64().unwrap();
    assert!((172_000..=181_700).contains(&black), "the increment is added: {black}");
    // Resigning stops the clocks.
    let (status, over) =
        s.post(&format!("/api/games/{}/resign", g.id), Some(g.token_of("white")), "").await;
    assert_eq!(status, 200);
    assert!(over["clock"]["running"].is_null(), "{over}");
    // Correspondence: days.
    let d = s.create(json!({"game": "gipf", "clock": {"days": 2}})).await;
    let game = s.game(&d.id).await;
    assert_eq!(
        game["clock"],
        json!({"days": 2, "remaining_ms": {"white": 172_800_000, "black": 172_800_000},
               "running": null})
    );
    // Bounds; and milliseconds are for test servers only.
    for clock in [
        json!({"initial_s": 9}),
        json!({"initial_s": 10_801}),
        json!({"initial_s": 60, "increment_s": 181}),
        json!({"initial_s": 60, "increment_s": -1}),
        json!({"days": 0}),
        json!({"days": 15}),
        json!({"days": 1.5}),
        json!({"initial_ms": 1000}),
        json!({"increment_s": 2}),
        json!(60),
    ] {
        let body = json!({"game": "amazons", "clock": clock}).to_string();
        let (status, message) = refused(&s, "POST", "/api/games", None, &body).await;
        assert_eq!(status, 400, "{clock}: {message}");
        assert!(message.contains("clock"), "{clock}: {message}");
    }
}

/// Reads `finished` and the stored meta of a game straight from the store, without asking
/// the server (which would end a late game itself).
async fn stored(store: &dyn tabla_server::store::Store, id: &str) -> (bool, Value) {
    let g = store.load(id).await.unwrap().expect("the game is stored");
    (g.finished, serde_json::from_str(&g.meta).unwrap())
}

/// A two-person Amazons game with a clock of `ms` milliseconds each, after White's first
/// move (so Black's clock runs).
async fn timed_game(s: &Server, ms: u64) -> Game {
    let g = s
        .create(json!({"game": "amazons", "seats": ["human", "human"],
                       "clock": {"initial_ms": ms, "increment_ms": 0}}))
        .await;
    let after = move_by(s, &g, g.token_of("white"), &mut Pick(9)).await;
    assert_eq!(after["clock"]["running"], "black", "{after}");
    g
}

fn assert_lost_on_time(game: &Value, loser: &str, winner: &str) {
    assert_eq!(game["result_reason"], "time", "{game}");
    assert_eq!(game["timed_out"], loser);
    assert_eq!(game["state"]["result"]["winners"], json!([winner]));
    assert!(game["clock"]["running"].is_null());
    assert_eq!(game["clock"]["remaining_ms"][loser], 0);
}

#[tokio::test]
async fn time_runs_out_with_nobody_connected() {
    let s = server_with(|c| c.test_clocks = true).await;
    let db = s.store().await;
    let g = timed_game(&s, 800).await;
    assert!(!stored(&*db, &g.id).await.0);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // The server ended it by itself: nobody asked.
    let (finished, meta) = stored(&*db, &g.id).await;
    assert!(finished, "{meta}");
    assert_eq!(meta["ended"], json!({"how": "time", "seat": 1}));
    let game = s.game(&g.id).await;
    assert_lost_on_time(&game, "black", "white");
    // A move after the time ran out is 409, and changes nothing.
    let mv = "a1-a2/a3";
    all_refused(
        &s,
        &g.id,
        &[(
            409,
            "POST",
            format!("/api/games/{}/moves", g.id),
            Some(g.token_of("black")),
            json!({"move": mv, "ply": 1}).to_string(),
            "time ran out",
        )],
    )
    .await;
}

#[tokio::test]
async fn time_runs_out_across_a_restart() {
    let mut s = server_with(|c| c.test_clocks = true).await;
    let db = s.db.clone();
    let store = s.store().await;
    // One runs out while the server is down; the other after it is up again.
    let early = timed_game(&s, 600).await;
    let late = timed_game(&s, 2200).await;
    s.running.take().unwrap().stop().await;
    tokio::time::sleep(Duration::from_millis(900)).await;
    assert!(!stored(&*store, &early.id).await.0, "the server was down");
    let s2 = server_with(|c| {
        c.db = db.clone();
        c.test_clocks = true;
    })
    .await;
    // The restarted server ends the early one by itself, without being asked.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(stored(&*store, &early.id).await.0, "ended on start");
    assert_lost_on_time(&s2.game(&early.id).await, "black", "white");
    assert!(!stored(&*store, &late.id).await.0);
    // And times the other one: it ends at its deadline, nobody asking.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (finished, meta) = stored(&*store, &late.id).await;
    assert!(finished, "{meta}");
    assert_lost_on_time(&s2.game(&late.id).await, "black", "white");
}

// ---------------------------------------------------------------------------------------
// Offers, abort, rematch

async fn offer(s: &Server, id: &str, what: &str, token: Option<&str>, body: Value) -> (u16, Value) {
    let path = match what {
        "offer" => format!("/api/games/{id}/offers"),
        other => format!("/api/games/{id}/offers/{other}"),
    };
    s.post(&path, token, &body.to_string()).await
}

#[tokio::test]
async fn draw_offers_cross_decline_and_void_after_a_move() {
    let s = server().await;
    let g = s.create(json!({"game": "amazons", "seats": ["human", "human"]})).await;
    let (white, black) = (g.token_of("white").to_string(), g.token_of("black").to_string());
    let mut pick = Pick(11);
    move_by(&s, &g, &white, &mut pick).await;
    let offers = format!("/api/games/{}/offers", g.id);
    let draw = json!({"kind": "draw", "ply": 1}).to_string();
    all_refused(
        &s,
        &g.id,
        &[
            (401, "POST", offers.clone(), None, draw.clone(), "token"),
            (403, "POST", offers.clone(), Some("watcher"), draw.clone(), "not a seat"),
            (400, "POST", offers.clone(), Some(&white), json!({"kind": "tea"}).to_string(), "tea"),
            (400, "POST", offers.clone(), Some(&white), json!({"ply": 1}).to_string(), "kind"),
            (
                409,
                "POST",
                offers.clone(),
                Some(&white),
                json!({"kind": "draw", "ply": 0}).to_string(),
                "stale",
            ),
            (
                409,
                "POST",
                offers.clone(),
                Some(&white),
                json!({"kind": "rematch"}).to_string(),
                "not over",
            ),
            (
                409,
                "POST",
                offers.clone(),
                Some(&black),
                json!({"kind": "takeback"}).to_string(),
                "has not moved",
            ),
            (409, "POST", format!("{offers}/accept"), Some(&black), draw.clone(), "no draw offer"),
            (409, "POST", format!("{offers}/decline"), Some(&black), draw.clone(), "no draw offer"),
            (
                404,
                "POST",
                "/api/games/nosuchgame/offers".into(),
                Some(&white),
                draw.clone(),
                "no game",
            ),
        ],
    )
    .await;
    // White offers; both pages see it; Black declines.
    let mut w = s.watch(&g.id).await;
    w.next().await.unwrap();
    let (status, game) =
        offer(&s, &g.id, "offer", Some(&white), json!({"kind": "draw", "ply": 1})).await;
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["offers"], json!([{"kind": "draw", "by": "white", "agreed": ["white"]}]));
    assert_eq!(w.next().await.unwrap()["offers"], game["offers"]);
    // Offering again is harmless; accepting one's own is not possible.
    let (status, again) = offer(&s, &g.id, "offer", Some(&white), json!({"kind": "draw"})).await;
    assert_eq!((status, &again["version"]), (200, &game["version"]));
    let (status, _) = offer(&s, &g.id, "accept", Some(&white), json!({"kind": "draw"})).await;
    assert_eq!(status, 409);
    let (status, game) = offer(&s, &g.id, "decline", Some(&black), json!({"kind": "draw"})).await;
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["offers"], json!([]));
    // An offer is void after the next move.
    let (status, _) = offer(&s, &g.id, "offer", Some(&white), json!({"kind": "draw"})).await;
    assert_eq!(status, 200);
    let after = move_by(&s, &g, &black, &mut pick).await;
    assert_eq!(after["offers"], json!([]));
    // Offers that cross are agreed: a draw, nobody wins.
    let (status, _) =
        offer(&s, &g.id, "offer", Some(&black), json!({"kind": "draw", "ply": 2})).await;
    assert_eq!(status, 200);
    let (status, game) =
        offer(&s, &g.id, "offer", Some(&white), json!({"kind": "draw", "ply": 2})).await;
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["result_reason"], "draw");
    assert_eq!(game["state"]["result"]["winners"], json!([]));
    assert_eq!(game["offers"], json!([]));
    let (status, _) = offer(&s, &g.id, "offer", Some(&white), json!({"kind": "draw"})).await;
    assert_eq!(status, 409, "over");
}

#[tokio::test]
async fn an_accepted_takeback_undoes_the_requesters_move() {
    let s = server().await;
    let g = s.create(json!({"game": "amazons", "seats": ["human", "human"]})).await;
    let (white, black) = (g.token_of("white").to_string(), g.token_of("black").to_string());
    let mut pick = Pick(13);
    move_by(&s, &g, &white, &mut pick).await;
    move_by(&s, &g, &black, &mut pick).await;
    let first = move_by(&s, &g, &white, &mut pick).await;
    // Black asks to take back its move (and White's reply after it).
    let (status, game) =
        offer(&s, &g.id, "offer", Some(&black), json!({"kind": "takeback", "ply": 3})).await;
    assert_eq!(status, 200, "{game}");
    let (status, game) =
        offer(&s, &g.id, "accept", Some(&white), json!({"kind": "takeback"})).await;
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["ply"], 1);
    assert_eq!(game["record"][0], first["record"][0]);
    assert_eq!(game["state"]["to_move"], "black");
    assert_eq!(game["offers"], json!([]));
    // Undo stays for games against the computer.
    let (status, _) = s.post(&format!("/api/games/{}/undo", g.id), Some(&white), "").await;
    assert_eq!(status, 403);
    // Against the computer there is nobody to offer to.
    let c = s.create(json!({"game": "amazons", "seats": ["human", "computer:1"]})).await;
    let t = c.tokens[0].clone().unwrap();
    all_refused(
        &s,
        &c.id,
        &[(
            403,
            "POST",
            format!("/api/games/{}/offers", c.id),
            Some(&t),
            json!({"kind": "draw"}).to_string(),
            "people",
        )],
    )
    .await;
}

#[tokio::test]
async fn a_game_is_aborted_only_before_both_sides_have_moved() {
    let s = server().await;
    let g = s.create(json!({"game": "amazons", "seats": ["human", "human"]})).await;
    let (white, black) = (g.token_of("white").to_string(), g.token_of("black").to_string());
    let abort = format!("/api/games/{}/abort", g.id);
    let mut pick = Pick(17);
    move_by(&s, &g, &white, &mut pick).await;
    all_refused(
        &s,
        &g.id,
        &[
            (401, "POST", abort.clone(), None, String::new(), "token"),
            (403, "POST", abort.clone(), Some("x"), String::new(), "not a seat"),
        ],
    )
    .await;
    let (status, game) = s.post(&abort, Some(&black), "").await;
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["result_reason"], "aborted");
    assert_eq!(game["state"]["result"]["winners"], json!([]));
    all_refused(&s, &g.id, &[(409, "POST", abort.clone(), Some(&white), String::new(), "over")])
        .await;
    // Once both have moved: resign or offer a draw.
    let g = s.create(json!({"game": "amazons", "seats": ["human", "human"]})).await;
    move_by(&s, &g, g.token_of("white"), &mut pick).await;
    move_by(&s, &g, g.token_of("black"), &mut pick).await;
    let abort = format!("/api/games/{}/abort", g.id);
    all_refused(
        &s,
        &g.id,
        &[(409, "POST", abort, Some(g.token_of("white")), String::new(), "every side")],
    )
    .await;
}

#[tokio::test]
async fn a_rematch_lands_both_players_in_one_new_game() {
    let s = server_with(|c| c.test_clocks = true).await;
    let g = s
        .create(json!({"game": "amazons",
                       "seats": [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Béla"}],
                       "clock": {"initial_ms": 60000, "increment_ms": 1000}}))
        .await;
    let (anna, bela) = (g.token_of("white").to_string(), g.token_of("black").to_string());
    move_by(&s, &g, &anna, &mut Pick(19)).await;
    let (status, _) = s.post(&format!("/api/games/{}/resign", g.id), Some(&bela), "").await;
    assert_eq!(status, 200);
    // Anna's page: a socket that said hello with her token.
    let mut w = s.watch(&g.id).await;
    w.next().await.unwrap();
    w.send(json!({"hello": anna})).await;
    loop {
        let f = w.next().await.unwrap();
        if f.get("hello").is_some() {
            assert_eq!(f["hello"], "white");
            break;
        }
    }
    // A watcher (no token, or no seat's token) cannot offer.
    all_refused(
        &s,
        &g.id,
        &[
            (
                401,
                "POST",
                format!("/api/games/{}/offers", g.id),
                None,
                json!({"kind": "rematch"}).to_string(),
                "token",
            ),
            (
                403,
                "POST",
                format!("/api/games/{}/offers", g.id),
                Some("watcher"),
                json!({"kind": "rematch"}).to_string(),
                "not a seat",
            ),
            (
                409,
                "GET",
                format!("/api/games/{}/rematch", g.id),
                Some(&anna),
                String::new(),
                "no rematch",
            ),
            (401, "GET", format!("/api/games/{}/rematch", g.id), None, String::new(), "token"),
        ],
    )
    .await;
    let (status, game) = offer(&s, &g.id, "offer", Some(&anna), json!({"kind": "rematch"})).await;
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["offers"][0]["kind"], "rematch");
    let (status, mine) = offer(&s, &g.id, "accept", Some(&bela), json!({"kind": "rematch"})).await;
    assert_eq!(status, 200, "{mine}");
    let new_id = mine["id"].as_str().unwrap().to_string();
    let bela2 = mine["token"].as_str().unwrap().to_string();
    assert_eq!(mine["url"], format!("/g/{new_id}?token={bela2}"));
    // Anna's socket: the old game with the rematch's id, then her own token in it.
    let mut anna2 = None;
    while anna2.is_none() {
        let f = w.next().await.unwrap();
        if let Some(r) = f.get("rematch").filter(|r| r.is_object()) {
            assert_eq!(r["id"], new_id.as_str());
            anna2 = Some(r["token"].as_str().unwrap().to_string());
        } else if f.get("id").is_some() {
            assert!(f["rematch"].is_null() || f["rematch"] == new_id.as_str(), "{f}");
        }
    }
    let anna2 = anna2.unwrap();
    // And the same from GET …/rematch with her old token.
    let (status, text) = s
        .request(reqwest::Method::GET, &format!("/api/games/{}/rematch", g.id), Some(&anna), None)
        .await;
    assert_eq!(status, 200, "{text}");
    let fetched: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (fetched["id"].as_str(), fetched["token"].as_str()),
        (Some(new_id.as_str()), Some(anna2.as_str()))
    );
    assert_ne!(anna2, bela2);
    let old = s.game(&g.id).await;
    assert_eq!(old["rematch"], new_id.as_str());
    assert_eq!(old["offers"], json!([]));
    // One new game, seats swapped, same settings: Béla is White now.
    let new = s.game(&new_id).await;
    assert_eq!(new["seats"][0]["name"], "Béla");
    assert_eq!(new["seats"][1]["name"], "Anna");
    assert_eq!(new["game"], "amazons");
    assert_eq!(new["clock"]["initial_ms"], 60000);
    assert_eq!(new["ply"], 0);
    let ng = Game {
        id: new_id.clone(),
        tokens: vec![Some(bela2.clone()), Some(anna2.clone())],
        players: vec!["white".into(), "black".into()],
    };
    let mut pick = Pick(23);
    move_by(&s, &ng, &bela2, &mut pick).await;
    move_by(&s, &ng, &anna2, &mut pick).await;
    // A second rematch offer of the old game: 409.
    all_refused(
        &s,
        &g.id,
        &[(
            409,
            "POST",
            format!("/api/games/{}/offers", g.id),
            Some(&anna),
            json!({"kind": "rematch"}).to_string(),
            "already",
        )],
    )
    .await;
}

#[tokio::test]
async fn in_bulgarian_ur_the_clock_of_the_player_to_roll_or_move_runs() {
    let s = server().await;
    let g = s
        .create(json!({"game": "bulgarian-ur", "seats": ["human", "human"],
                       "clock": {"initial_s": 600, "increment_s": 0}}))
        .await;
    let mut game = s.game(&g.id).await;
    let mut pick = Pick(29);
    let mut moved = false;
    for _ in 0..30 {
        let Some((seat, roll)) = common::actor(&game) else { break };
        let player = game["seats"][seat]["player"].clone();
        if moved {
            assert_eq!(game["clock"]["running"], player, "{game}");
        } else {
            assert!(game["clock"]["running"].is_null(), "not before the first move: {game}");
        }
        let mv = if roll { "roll".to_string() } else { pick.legal(&game) };
        let ply = game["ply"].as_u64().unwrap();
        let (status, after) = s.play(&g, g.tokens[seat].as_deref().unwrap(), &mv, ply).await;
        assert_eq!(status, 200, "{after}");
        moved |= !roll;
        game = after;
    }
    assert!(moved);
}

// ---------------------------------------------------------------------------------------
// Ratings

async fn new_player(s: &Server, name: &str) -> (String, String) {
    let (status, v) = s.post("/api/players", None, &json!({"name": name}).to_string()).await;
    assert_eq!(status, 201, "{v}");
    (v["id"].as_str().unwrap().to_string(), v["key"].as_str().unwrap().to_string())
}

async fn me(s: &Server, key: &str) -> Value {
    let (status, text) = s.request(reqwest::Method::GET, "/api/players/me", Some(key), None).await;
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

#[tokio::test]
async fn a_rated_game_moves_both_ratings_when_it_ends() {
    let s = server().await;
    let (anna_id, anna_key) = new_player(&s, "Anna").await;
    let (_, bela_key) = new_player(&s, "Béla").await;
    assert_eq!(me(&s, &anna_key).await, json!({"id": anna_id, "name": "Anna", "ratings": {}}));
    // Refusals: bad names and keys, unrated seats in a rated game.
    for (path, body, says) in [
        ("/api/players", json!({"name": ""}), "1 to 40"),
        ("/api/players", json!({}), "name"),
        (
            "/api/games",
            json!({"game": "gipf", "rated": true, "seats": [{"player_key": anna_key}, "human"]}),
            "seats[1] needs a player_key",
        ),
        (
            "/api/games",
            json!({"game": "gipf", "rated": true, "seats": [{"player_key": anna_key}, {"player_key": anna_key}]}),
            "themself",
        ),
        (
            "/api/games",
            json!({"game": "gipf", "seats": [{"player_key": "nokey"}, "human"]}),
            "no player has this key",
        ),
        (
            "/api/games",
            json!({"game": "amazons", "options": {"players": "3"}, "rated": true}),
            "two-player",
        ),
    ] {
        let (status, message) = refused(&s, "POST", path, None, &body.to_string()).await;
        assert_eq!(status, 400, "{body}: {message}");
        assert!(message.contains(says), "{body}: {message}");
    }
    let (status, text) =
        s.request(reqwest::Method::GET, "/api/players/me", Some("nokey"), None).await;
    assert_eq!(status, 403, "{text}");
    let (status, _) = s.request(reqwest::Method::GET, "/api/players/me", None, None).await;
    assert_eq!(status, 401);
    let (status, _) = s.get_json("/api/leaderboard/chess").await;
    assert_eq!(status, 404);
    // Anna opens a rated game; Béla must join with his key.
    let (status, created) = s
        .post(
            "/api/games",
            None,
            &json!({"game": "amazons", "rated": true,
                    "seats": [{"kind": "human", "player_key": anna_key}, "open"]})
            .to_string(),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(created["seats"][0]["name"], "Anna", "the player's name by default");
    let entry = lobby(&s).await;
    assert_eq!(
        (entry[0]["rated"].clone(), entry[0]["seats"][0]["rating"].clone()),
        (json!(true), json!(1500))
    );
    let join = format!("/api/games/{id}/join");
    all_refused(
        &s,
        &id,
        &[
            (400, "POST", join.clone(), None, json!({"name": "Béla"}).to_string(), "rated"),
            (
                400,
                "POST",
                join.clone(),
                None,
                json!({"player_key": "nokey"}).to_string(),
                "no player",
            ),
            (
                409,
                "POST",
                join.clone(),
                None,
                json!({"player_key": anna_key}).to_string(),
                "themself",
            ),
        ],
    )
    .await;
    let (status, joined) = s.post(&join, None, &json!({"player_key": bela_key}).to_string()).await;
    assert_eq!(status, 200, "{joined}");
    let anna = created["seats"][0]["token"].as_str().unwrap().to_string();
    let bela = joined["token"].as_str().unwrap().to_string();
    let g = Game {
        id: id.clone(),
        tokens: vec![Some(anna.clone()), Some(bela.clone())],
        players: vec!["white".into(), "black".into()],
    };
    let game = s.game(&id).await;
    assert_eq!(game["seats"][1]["name"], "Béla");
    assert_eq!(
        (game["seats"][0]["rating"].clone(), game["seats"][1]["rating"].clone()),
        (json!(1500), json!(1500))
    );
    let mut pick = Pick(31);
    move_by(&s, &g, &anna, &mut pick).await;
    move_by(&s, &g, &bela, &mut pick).await;
    // Béla resigns: Anna gains what Béla loses (equal ratings and deviations).
    let (status, over) = s.post(&format!("/api/games/{id}/resign"), Some(&bela), "").await;
    assert_eq!(status, 200, "{over}");
    let (up, down) = (
        over["seats"][0]["rating_change"].as_i64().unwrap(),
        over["seats"][1]["rating_change"].as_i64().unwrap(),
    );
    assert!(up > 100 && up == -down, "{up} {down}");
    let mine = me(&s, &anna_key).await;
    assert_eq!(mine["ratings"]["amazons"]["games"], 1);
    assert_eq!(mine["ratings"]["amazons"]["rating"].as_i64().unwrap(), 1500 + up);
    let (status, board) = s.get_json("/api/leaderboard/amazons").await;
    assert_eq!(status, 200);
    let names: Vec<&str> =
        board["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["Anna", "Béla"]);
    assert!(board["players"][0]["deviation"].as_i64().unwrap() < 350);
    // The rematch is rated too, with the new ratings shown.
    let (status, _) = offer(&s, &id, "offer", Some(&anna), json!({"kind": "rematch"})).await;
    assert_eq!(status, 200);
    let (status, r) = offer(&s, &id, "accept", Some(&bela), json!({"kind": "rematch"})).await;
    assert_eq!(status, 200, "{r}");
    let new = s.game(r["id"].as_str().unwrap()).await;
    assert_eq!(new["rated"], true);
    assert_eq!(new["seats"][1]["rating"].as_i64().unwrap(), 1500 + up, "Anna is Black now");
    // An aborted rated game changes no rating.
    let (status, aborted) = s
        .post(
            &format!("/api/games/{}/abort", r["id"].as_str().unwrap()),
            Some(r["token"].as_str().unwrap()),
            "",
        )
        .await;
    assert_eq!(status, 200, "{aborted}");
    assert!(aborted["seats"][0].get("rating_change").is_none(), "{aborted}");
    assert_eq!(me(&s, &anna_key).await["ratings"]["amazons"]["games"], 1);
}

#[tokio::test]
async fn a_computer_seats_clock_runs_like_a_persons() {
    let s = server().await;
    let g = s
        .create(json!({"game": "amazons", "seats": ["human", "computer:1"],
                       "clock": {"initial_s": 60, "increment_s": 0}}))
        .await;
    let mut w = s.watch(&g.id).await;
    w.next().await.unwrap();
    let after = move_by(&s, &g, g.token_of("white"), &mut Pick(37)).await;
    // The computer is to move: its clock runs.
    assert_eq!(after["clock"]["running"], "black", "{after}");
    let mut frame = w.next().await.unwrap();
    while frame["ply"].as_u64() < Some(2) {
        frame = w.next().await.unwrap();
    }
    assert_eq!(frame["clock"]["running"], "white", "{frame}");
    let black = frame["clock"]["remaining_ms"]["black"].as_i64().unwrap();
    assert!((1..60_000).contains(&black), "charged for its thinking: {black}");
}

#[tokio::test]
async fn a_time_out_in_a_rated_game_rates_it() {
    let s = server_with(|c| c.test_clocks = true).await;
    let (_, anna) = new_player(&s, "Anna").await;
    let (_, bela) = new_player(&s, "Béla").await;
    let g = s
        .create(json!({"game": "gipf", "rated": true,
                       "seats": [{"player_key": anna}, {"player_key": bela}],
                       "clock": {"initial_ms": 500}}))
        .await;
    move_by(&s, &g, g.token_of("white"), &mut Pick(41)).await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let game = s.game(&g.id).await;
    assert_lost_on_time(&game, "black", "white");
    assert!(game["seats"][0]["rating_change"].as_i64().unwrap() > 0, "{game}");
    assert_eq!(me(&s, &bela).await["ratings"]["gipf"]["games"], 1);
}

#[tokio::test]
async fn a_seat_holder_names_their_seat_and_nobody_else_can() {
    let s = server().await;
    let g = s
        .create(json!({"game": "amazons", "seats": [{"kind": "human", "name": "Anna"}, "human"]}))
        .await;
    let (white, black) = (g.tokens[0].as_deref().unwrap(), g.tokens[1].as_deref().unwrap());
    let path = format!("/api/games/{}/name", g.id);
    let mut w = s.watch(&g.id).await;
    let first = w.next().await.unwrap();
    assert!(first["seats"][1]["name"].is_null(), "{first}");
    // The friend who came by the link names the seat; everyone sees it, in the game and live.
    let (status, after) = s.post(&path, Some(black), r#"{"name":"  Béla "}"#).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["seats"][1]["name"], "Béla");
    assert_eq!(after["seats"][0]["name"], "Anna");
    assert!(after["version"].as_u64().unwrap() > first["version"].as_u64().unwrap());
    loop {
        let f = w.next().await.unwrap();
        if f["seats"][1]["name"] == "Béla" {
            break;
        }
    }
    assert_eq!(s.game(&g.id).await["seats"][1]["name"], "Béla");
    // The same name again changes nothing.
    let (status, again) = s.post(&path, Some(black), r#"{"name":"Béla"}"#).await;
    assert_eq!(status, 200);
    assert_eq!(again["version"], after["version"]);
    // Refusals change nothing.
    let long = "x".repeat(41);
    all_refused(
        &s,
        &g.id,
        &[
            (401, "POST", path.clone(), None, r#"{"name":"Eve"}"#.into(), "token"),
            (
                403,
                "POST",
                path.clone(),
                Some("not-a-token"),
                r#"{"name":"Eve"}"#.into(),
                "not a seat",
            ),
            (400, "POST", path.clone(), Some(white), format!(r#"{{"name":"{long}"}}"#), "1 to 40"),
            (400, "POST", path.clone(), Some(white), r#"{"name":"a\tb"}"#.into(), "control"),
            (400, "POST", path.clone(), Some(white), r#"{"name":7}"#.into(), "not a string"),
            (400, "POST", path.clone(), Some(white), r#"{"nick":"x"}"#.into(), "nick"),
            (
                404,
                "POST",
                "/api/games/zzzzzz/name".into(),
                Some(white),
                r#"{"name":"x"}"#.into(),
                "no game",
            ),
        ],
    )
    .await;
    // The name survives a restart (it is stored with the seat).
    let db = s.db.clone();
    let mut s = s;
    s.running.take().unwrap().stop().await;
    let s2 = server_with(|c| c.db = db).await;
    assert_eq!(s2.game(&g.id).await["seats"][1]["name"], "Béla");
}

#[tokio::test]
async fn the_game_counts_its_watchers() {
    let s = server().await;
    let g = s.create(json!({"game": "seega", "seats": ["human", "human"]})).await;
    assert_eq!(s.game(&g.id).await["watchers"], 0);
    let mut a = s.watch(&g.id).await;
    a.next().await.unwrap();
    let mut b = s.watch(&g.id).await;
    b.next().await.unwrap();
    let until = |want: u64| {
        let s = &s;
        let id = g.id.clone();
        async move {
            for _ in 0..200 {
                if s.game(&id).await["watchers"] == want {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            panic!("watchers never became {want}: {}", s.game(&id).await["watchers"]);
        }
    };
    until(2).await;
    // A socket that says hello with a seat's token is that player, not a watcher.
    a.send(json!({"hello": g.tokens[0].as_deref().unwrap()})).await;
    until(1).await;
    assert_eq!(s.game(&g.id).await["connected"], json!([true, false]));
    drop(b);
    until(0).await;
    drop(a);
    until(0).await;
    assert_eq!(s.game(&g.id).await["connected"], json!([false, false]));
}
