//! `GET /api/games/{id}/live`: the game on connect and after every change, to anyone. A seat's
//! page may say `{"hello":"TOKEN"}` to count as connected; `{"ping":X}` is answered with
//! `{"pong":X}` (browsers cannot send WebSocket pings); the server pings too and closes a
//! socket that stays silent for three heartbeats.

use crate::api::App;
use crate::error::ApiError;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use serde::Deserialize;
use std::time::{Duration, Instant};
use tokio::sync::broadcast::error::RecvError;

/// Longest a frame may take to leave; a client that does not read is dropped.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// Upgrades to a WebSocket that follows the game.
pub async fn live(
    State(app): State<App>,
    Path(id): Path<String>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    app.hub.exists(&id).await?;
    let ws = upgrade(ws)?;
    Ok(ws.max_message_size(4096).on_upgrade(move |socket| watch(app, id, socket)))
}

/// The upgrade, or the rejection in the API's error shape (a plain GET of a socket's address).
pub(crate) fn upgrade(
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<WebSocketUpgrade, ApiError> {
    ws.map_err(|e| {
        ApiError::status(e.status(), format!("this is a WebSocket endpoint: {}", e.body_text()))
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Hello {
    hello: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Ping {
    ping: serde_json::Value,
}

async fn send(socket: &mut WebSocket, m: Message) -> bool {
    matches!(tokio::time::timeout(SEND_TIMEOUT, socket.send(m)).await, Ok(Ok(())))
}

fn text(s: impl Into<String>) -> Message {
    Message::Text(s.into().into())
}

async fn watch(app: App, id: String, mut socket: WebSocket) {
    // Subscribe before reading the game, so that no change falls between the two.
    let mut rx = app.hub.fanout().subscribe(&id);
    // Counted as a watcher before the first frame, so that the first frame already says so
    // (the frame the count publishes is then the same again, and dropped below).
    app.hub.socket(&id, true).await;
    let Ok(first) = app.hub.frame(&id).await else {
        app.hub.socket(&id, false).await;
        return;
    };
    let mut shown = (first.version, first.revision);
    if !send(&mut socket, text(&*first.text)).await {
        app.hub.socket(&id, false).await;
        return;
    }
    let mut seat: Option<usize> = None;
    // The seat's token once it said hello, and whether its rematch token has been sent.
    let mut token: Option<String> = None;
    let mut told_rematch = false;
    let mut beat = tokio::time::interval(app.heartbeat);
    beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    beat.tick().await;
    let mut heard = Instant::now();
    loop {
        tokio::select! {
            frame = rx.recv() => {
                let frame = match frame {
                    Ok(f) => f,
                    // Fell behind: the whole game now is all that matters.
                    Err(RecvError::Lagged(_)) => match app.hub.frame(&id).await {
                        Ok(f) => f,
                        Err(_) => break,
                    },
                    Err(RecvError::Closed) => break,
                };
                // Not newer than what was shown (published between the subscription and the
                // first read, or a presence change that lost the race to a move): drop it.
                if (frame.version, frame.revision) <= shown {
                    continue;
                }
                shown = (frame.version, frame.revision);
                if !send(&mut socket, text(&*frame.text)).await {
                    break;
                }
                if !tell_rematch(&mut socket, &frame, &token, &mut told_rematch).await {
                    break;
                }
            }
            msg = socket.recv() => {
                let Some(Ok(msg)) = msg else { break };
                heard = Instant::now();
                match msg {
                    Message::Text(t) => {
                        let reply = answer(&app, &id, &mut seat, &mut token, t.as_str()).await;
                        if !send(&mut socket, text(reply)).await {
                            break;
                        }
                        if token.is_some() && !told_rematch {
                            let Ok(now) = app.hub.frame(&id).await else { break };
                            if !tell_rematch(&mut socket, &now, &token, &mut told_rematch).await {
                                break;
                            }
                        }
                    }
                    Message::Close(_) => break,
                    _ => {}
                }
            }
            _ = beat.tick() => {
                if heard.elapsed() > app.heartbeat * 3 {
                    tracing::info!(game = %id, "a silent live socket was closed");
                    break;
                }
                if !send(&mut socket, Message::Ping(Vec::new().into())).await {
                    break;
                }
            }
        }
    }
    if let Some(s) = seat {
        app.hub.bye(&id, s).await;
    }
    app.hub.socket(&id, false).await;
}

/// Sends a seat's socket, once, its token in the agreed rematch: `{"rematch":{"id","token",
/// "url"}}`, to that socket alone (the token is derived from the one it said hello with).
/// False when the socket is gone.
async fn tell_rematch(
    socket: &mut WebSocket,
    frame: &crate::fanout::Frame,
    token: &Option<String>,
    told: &mut bool,
) -> bool {
    let (Some(new_id), Some(t)) = (&frame.rematch, token) else { return true };
    if *told {
        return true;
    }
    *told = true;
    let new_token = crate::secret::rematch_token(t);
    let m = serde_json::json!({"rematch": {
        "id": new_id, "token": new_token, "url": format!("/g/{new_id}?token={new_token}"),
    }});
    send(socket, text(m.to_string())).await
}

/// The answer to a text frame from the client.
async fn answer(
    app: &App,
    id: &str,
    seat: &mut Option<usize>,
    token: &mut Option<String>,
    t: &str,
) -> String {
    let error = |m: String| serde_json::json!({ "error": m }).to_string();
    if let Ok(p) = serde_json::from_str::<Ping>(t) {
        return serde_json::json!({ "pong": p.ping }).to_string();
    }
    match serde_json::from_str::<Hello>(t) {
        Ok(_) if seat.is_some() => error("this socket has already said hello".into()),
        Ok(h) => match app.hub.hello(id, &h.hello).await {
            Ok((s, name)) => {
                *seat = Some(s);
                *token = Some(h.hello.clone());
                serde_json::json!({ "hello": name }).to_string()
            }
            Err(e) => error(e.message),
        },
        Err(_) => error(r#"expected {"hello":"TOKEN"} or {"ping":N}"#.into()),
    }
}

/// `GET /api/lobby/live`: the lobby (`{"open":[…]}`, as `GET /api/lobby`) on connect and
/// whenever it changes; `{"ping":X}` is answered `{"pong":X}`.
pub async fn lobby_live(
    State(app): State<App>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = upgrade(ws)?;
    Ok(ws.max_message_size(4096).on_upgrade(move |socket| watch_lobby(app, socket)))
}

async fn watch_lobby(app: App, mut socket: WebSocket) {
    let mut changes = app.hub.lobby_changes();
    let mut shown = String::new();
    let mut beat = tokio::time::interval(app.heartbeat);
    beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    beat.tick().await;
    let mut heard = Instant::now();
    let mut dirty = true;
    loop {
        if dirty {
            dirty = false;
            changes.mark_unchanged();
            let Ok(now) = app.hub.lobby().await else { break };
            if now != shown {
                if !send(&mut socket, text(now.clone())).await {
                    break;
                }
                shown = now;
            }
        }
        tokio::select! {
            changed = changes.changed() => {
                if changed.is_err() {
                    break;
                }
                dirty = true;
            }
            msg = socket.recv() => {
                let Some(Ok(msg)) = msg else { break };
                heard = Instant::now();
                match msg {
                    Message::Text(t) => {
                        let reply = match serde_json::from_str::<Ping>(t.as_str()) {
                            Ok(p) => serde_json::json!({ "pong": p.ping }),
                            Err(_) => serde_json::json!({ "error": r#"expected {"ping":N}"# }),
                        };
                        if !send(&mut socket, text(reply.to_string())).await {
                            break;
                        }
                    }
                    Message::Close(_) => break,
                    _ => {}
                }
            }
            _ = beat.tick() => {
                if heard.elapsed() > app.heartbeat * 3 {
                    break;
                }
                if !send(&mut socket, Message::Ping(Vec::new().into())).await {
                    break;
                }
            }
        }
    }
}
