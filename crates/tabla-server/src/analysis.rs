//! The engine's judgement over HTTP: `POST /api/analyse` (one answer), `GET
//! /api/analyse/live` (a WebSocket streaming each completed search iteration, for the
//! analysis board), and `POST|GET /api/games/{id}/review`. Nothing here is a game: positions
//! come as text or records, or from a stored game (then fair play applies).

use crate::api::App;
use crate::error::ApiError;
use crate::hub::analysis::ReviewState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tabla_games::AnyGame;

/// Longest analysis asked for, and the default.
const MAX_TIME_MS: u64 = 5000;
const DEFAULT_TIME_MS: u64 = 1000;
/// Most lines asked for, and the default.
const MAX_LINES: usize = 10;
const DEFAULT_LINES: usize = 3;
/// How long a request waits for the computer before it is told the server is busy.
const WAIT_FOR_AI: Duration = Duration::from_millis(300);
/// The hint given with a 503.
const RETRY_MS: u64 = 1000;

/// What an analysis request says (the HTTP contract's body).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalyseBody {
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    options: BTreeMap<String, String>,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    record: Option<String>,
    /// A stored game instead of `game`: its position after `ply` tokens (all without).
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    ply: Option<usize>,
    /// The asker's seat token in that game, if any (a WebSocket has no headers to send).
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    time_ms: Option<u64>,
    #[serde(default)]
    lines: Option<usize>,
}

const SHAPE: &str = r#"{"game":"amazons","options":{"size":"6"},"record":"TOKENS","time_ms":1000,"lines":3} (or "position":"TEXT", or "id":"GAME","ply":N)"#;

/// A checked request: the position and what to ask of the engine.
struct Job {
    position: AnyGame,
    request: tabla_ai::Request,
}

/// Checks the body and finds its position.
async fn job(app: &App, body: AnalyseBody, bearer: Option<String>) -> Result<Job, ApiError> {
    let time_ms = body.time_ms.unwrap_or(DEFAULT_TIME_MS);
    if !(1..=MAX_TIME_MS).contains(&time_ms) {
        return Err(ApiError::bad_request(format!(
            "time_ms: {time_ms}; expected 1 to {MAX_TIME_MS}"
        )));
    }
    let lines = body.lines.unwrap_or(DEFAULT_LINES);
    if !(1..=MAX_LINES).contains(&lines) {
        return Err(ApiError::bad_request(format!("lines: {lines}; expected 1 to {MAX_LINES}")));
    }
    let position = match (&body.id, &body.game) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request(
                "give either a stored game's \"id\" or a \"game\" with its record, not both",
            ))
        }
        (Some(id), None) => {
            if body.record.is_some() || body.position.is_some() || !body.options.is_empty() {
                return Err(ApiError::bad_request(
                    "with \"id\" the record, position and options are the stored game's",
                ));
            }
            let token = body.token.or(bearer);
            app.hub.position_at(id, body.ply, token.as_deref()).await?
        }
        (None, Some(game)) => {
            if body.ply.is_some() {
                return Err(ApiError::bad_request("\"ply\" goes with \"id\""));
            }
            let (game, options) = (game.clone(), body.options);
            let (position, record) = (body.position, body.record);
            tokio::task::spawn_blocking(move || {
                crate::hub::guarded("the position", || {
                    crate::explore::play_out(&game, options, position.as_deref(), record.as_deref())
                        .map(|(g, ..)| g)
                })
            })
            .await
            .map_err(|e| ApiError::internal(format!("position: {e}")))??
        }
        (None, None) => {
            return Err(ApiError::bad_request(format!("the body names no game: {SHAPE}")))
        }
    };
    let request = tabla_ai::Request { time: Duration::from_millis(time_ms), lines, stop: None };
    Ok(Job { position, request })
}

/// A search slot shared with the computer seats, or 503 when none frees up soon.
async fn permit(app: &App) -> Result<tokio::sync::OwnedSemaphorePermit, ApiError> {
    match tokio::time::timeout(WAIT_FOR_AI, app.hub.ai_permit()).await {
        Ok(p) => Ok(p),
        Err(_) => Err(ApiError::busy(
            "the computer is busy with other searches; ask again in a moment",
            RETRY_MS,
        )),
    }
}

fn frame(a: &tabla_ai::Analysis, proof: Option<&serde_json::Value>, last: bool) -> String {
    let mut v = serde_json::to_value(a).expect("analysis serialises");
    if let Some(p) = proof {
        v["solved"] = p.clone();
    }
    v["final"] = serde_json::Value::Bool(last);
    v.to_string()
}

/// Longest time an analysis spends trying to prove its position.
const PROVE_MS: u64 = 1000;

/// The solver's proof of the position where it finds one quickly (small two-player Amazons
/// positions; Seega endgames from a table at hand, with `"in"`: the turns to the end):
/// `{"value":"win"|"loss"|"draw","best":MOVE|null}` for the player to move, and when lost
/// with its turns known, `"defence"`: the longest defence. Its time (at
/// most a quarter of the request's, and a second) comes off the search's.
fn proof(job: &mut Job) -> Option<serde_json::Value> {
    let t = (job.request.time / 4).min(Duration::from_millis(PROVE_MS));
    let s = tabla_ai::solve::prove(&job.position, t)?;
    job.request.time = job.request.time.saturating_sub(s.elapsed).max(Duration::from_millis(1));
    let value = s.value?;
    let mut v = serde_json::json!({"value": value.word(), "best": s.best});
    if let Some(n) = s.turns {
        v["in"] = n.into();
    }
    if let Some(d) = s.defence {
        v["defence"] = d.into();
    }
    Some(v)
}

/// `POST /api/analyse`.
pub async fn analyse(
    State(app): State<App>,
    headers: HeaderMap,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let b = crate::api::body(b)?;
    let body: AnalyseBody = crate::api::parse(&b, SHAPE)?;
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_string());
    let mut job = job(&app, body, bearer).await?;
    let permit = permit(&app).await?;
    let text = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        crate::hub::guarded("the analysis", || {
            let proof = proof(&mut job);
            let a = tabla_ai::analyse_with(&job.position, &job.request, &mut |_| {});
            Ok(frame(&a, proof.as_ref(), true))
        })
    })
    .await
    .map_err(|e| ApiError::internal(format!("analysis: {e}")))??;
    Ok((StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], text).into_response())
}

/// `GET /api/analyse/live`.
pub async fn live(
    State(app): State<App>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = crate::live::upgrade(ws)?;
    Ok(ws.max_message_size(64 * 1024).on_upgrade(move |socket| stream(app, socket)))
}

fn error_frame(e: &ApiError) -> String {
    match e.retry_after_ms {
        Some(ms) => serde_json::json!({ "error": e.message, "retry_after_ms": ms }),
        None => serde_json::json!({ "error": e.message }),
    }
    .to_string()
}

/// One socket: each request stops the search before it; frames go out as iterations end.
async fn stream(app: App, mut socket: WebSocket) {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    let mut running: Option<Arc<AtomicBool>> = None;
    loop {
        tokio::select! {
            out = rx.recv() => {
                let Some(text) = out else { break };
                if socket.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            msg = socket.recv() => {
                let Some(Ok(msg)) = msg else { break };
                let text = match msg {
                    Message::Text(t) => t.to_string(),
                    Message::Close(_) => break,
                    _ => continue,
                };
                if let Some(stop) = running.take() {
                    stop.store(true, Ordering::Relaxed);
                }
                if text.trim() == r#"{"stop":true}"# {
                    continue;
                }
                let checked = match crate::api::parse::<AnalyseBody>(text.as_bytes(), SHAPE) {
                    Ok(body) => job(&app, body, None).await,
                    Err(e) => Err(e),
                };
                let mut job = match checked {
                    Ok(j) => j,
                    Err(e) => {
                        let _ = tx.send(error_frame(&e));
                        continue;
                    }
                };
                let stop = Arc::new(AtomicBool::new(false));
                job.request.stop = Some(Arc::clone(&stop));
                running = Some(Arc::clone(&stop));
                let (tx, app) = (tx.clone(), app.clone());
                tokio::spawn(async move {
                    let permit = match permit(&app).await {
                        Ok(p) => p,
                        Err(e) => {
                            let _ = tx.send(error_frame(&e));
                            return;
                        }
                    };
                    let _ = tokio::task::spawn_blocking(move || {
                        let _permit = permit;
                        let mut proven = None;
                        let r = crate::hub::guarded("the analysis", || {
                            proven = proof(&mut job);
                            let p = proven.as_ref();
                            let a = tabla_ai::analyse_with(&job.position, &job.request, &mut |a| {
                                if !stop.load(Ordering::Relaxed) {
                                    let _ = tx.send(frame(a, p, false));
                                }
                            });
                            Ok(a)
                        });
                        // A search that was replaced says nothing more.
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let _ = tx.send(match r {
                            Ok(a) => frame(&a, proven.as_ref(), true),
                            Err(e) => error_frame(&e),
                        });
                    })
                    .await;
                });
            }
        }
    }
    if let Some(stop) = running {
        stop.store(true, Ordering::Relaxed);
    }
}

fn review_answer(state: ReviewState) -> Response {
    match state {
        ReviewState::Done(json) => {
            (StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], json).into_response()
        }
        ReviewState::Running(p) => (
            StatusCode::ACCEPTED,
            [(header::CONTENT_TYPE, "application/json")],
            serde_json::json!({ "progress": p }).to_string(),
        )
            .into_response(),
    }
}

/// `POST /api/games/{id}/review`.
pub async fn ask_review(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    Ok(review_answer(app.hub.ask_review(&id).await?))
}

/// `GET /api/games/{id}/review`.
pub async fn review(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    Ok(review_answer(app.hub.review_state(&id).await?))
}
