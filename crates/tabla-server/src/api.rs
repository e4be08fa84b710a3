//! The HTTP endpoints of `docs/http-contract.md`: each handler reads and checks its request,
//! asks the [`Hub`], and answers JSON; every refusal is an [`ApiError`].

use crate::error::ApiError;
use crate::hub::{Hub, NewGame, SeatKind};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

/// What every handler shares.
#[derive(Clone)]
pub struct App {
    /// The games.
    pub hub: Arc<Hub>,
    /// How often a live socket is pinged; three silent periods close it.
    pub heartbeat: Duration,
}

/// Largest request body: a long imported record fits many times over.
pub const BODY_LIMIT: usize = 256 * 1024;

fn json(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// The request body, or the status the limit or the connection gave, as our error shape.
fn body(b: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    b.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::status(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the body is larger than {} KiB", BODY_LIMIT / 1024),
            )
        } else {
            ApiError::status(e.status(), format!("cannot read the body: {}", e.body_text()))
        }
    })
}

/// Parses a JSON object body of shape `T`; `shape` shows what was expected. (An array is
/// refused, though serde would read a struct from one.)
fn parse<T: DeserializeOwned>(bytes: &[u8], shape: &str) -> Result<T, ApiError> {
    let wrong = |e: String| {
        ApiError::bad_request(format!("the body is not the JSON expected ({shape}): {e}"))
    };
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| wrong(e.to_string()))?;
    if !value.is_object() {
        return Err(wrong("expected an object".into()));
    }
    serde_json::from_value(value).map_err(|e| wrong(e.to_string()))
}

/// The seat token of `Authorization: Bearer TOKEN`.
fn bearer(headers: &HeaderMap) -> Result<String, ApiError> {
    let missing = || {
        ApiError::unauthorized(
            "this needs a seat's token: send the header Authorization: Bearer TOKEN",
        )
    };
    let value = headers.get(header::AUTHORIZATION).ok_or_else(missing)?;
    let text = value.to_str().map_err(|_| missing())?;
    let token = text.strip_prefix("Bearer ").map(str::trim).ok_or_else(missing)?;
    if token.is_empty() {
        return Err(missing());
    }
    Ok(token.to_string())
}

/// `GET /api/meta`: every game with its players, options and rules, and the seat kinds.
pub async fn meta() -> Response {
    let games: Vec<serde_json::Value> = tabla_games::GAMES
        .iter()
        .map(|g| {
            let players =
                tabla_games::new_game(g.id, &[]).map(|p| p.player_names()).unwrap_or_default();
            serde_json::json!({
                "id": g.id,
                "name": g.name,
                "summary": g.summary,
                "players": players,
                "options": g.options.iter().map(|o| serde_json::json!({
                    "key": o.key,
                    "values": o.values,
                    "default": o.default,
                    "help": o.help,
                    "choices": o.choices,
                })).collect::<Vec<_>>(),
                "rules": {"en": g.rules_en, "hu": g.rules_hu},
            })
        })
        .collect();
    let kinds: Vec<String> = std::iter::once(SeatKind::Human)
        .chain((1..=tabla_ai::MAX_LEVEL).map(SeatKind::Computer))
        .map(SeatKind::label)
        .collect();
    let body = serde_json::json!({
        "games": games,
        "seat_kinds": kinds,
        "levels": {"min": 1, "max": tabla_ai::MAX_LEVEL, "default": 3},
    });
    json(StatusCode::OK, body.to_string())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    game: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
    #[serde(default)]
    seats: Option<Vec<String>>,
    #[serde(default)]
    record: Option<String>,
}

/// `POST /api/games`.
pub async fn create(
    State(app): State<App>,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let b = body(b)?;
    let req: CreateBody = parse(
        &b,
        r#"{"game":"amazons","options":{"size":"10"},"seats":["human","computer:3"],"record":"TOKENS"}"#,
    )?;
    let created = app
        .hub
        .create(NewGame {
            game: req.game,
            options: req.options.into_iter().collect(),
            seats: req.seats,
            record: req.record,
        })
        .await?;
    let id = &created.id;
    let seats: Vec<serde_json::Value> = created
        .seats
        .iter()
        .map(|(player, kind, token)| match token {
            Some(t) => serde_json::json!({
                "player": player, "kind": kind.label(), "token": t, "url": format!("/g/{id}?token={t}"),
            }),
            None => serde_json::json!({"player": player, "kind": kind.label()}),
        })
        .collect();
    let body = serde_json::json!({"id": id, "url": format!("/g/{id}"), "seats": seats});
    Ok(json(StatusCode::CREATED, body.to_string()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PreviewBody {
    game: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
}

/// `POST /api/preview`: the players and the start position a game and options make, without
/// creating anything; a bad game or option is the 400 that creating it would answer.
pub async fn preview(b: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let b = body(b)?;
    let req: PreviewBody = parse(&b, r#"{"game":"amazons","options":{"size":"10"}}"#)?;
    let options: Vec<(String, String)> = req.options.into_iter().collect();
    let text = tokio::task::spawn_blocking(move || crate::hub::preview(&req.game, &options))
        .await
        .map_err(|e| ApiError::internal(format!("preview: {e}")))??;
    Ok(json(StatusCode::OK, text))
}

/// `GET /api/games/{id}`, and `GET /api/games/{id}?ply=N` for the game as it stood after
/// N tokens of its record. Other query parameters are ignored.
pub async fn game(
    State(app): State<App>,
    Path(id): Path<String>,
    uri: Uri,
) -> Result<Response, ApiError> {
    app.hub.exists(&id).await?;
    let text = match ply_param(&uri)? {
        None => app.hub.game_json(&id).await?,
        Some(ply) => app.hub.game_at(&id, ply).await?,
    };
    Ok(json(StatusCode::OK, text))
}

/// The `ply` of the query, when there is one: a whole number in decimal digits.
fn ply_param(uri: &Uri) -> Result<Option<u64>, ApiError> {
    let expected = "expected ?ply=N with N a whole number from 0 to the game's ply";
    let pairs: Query<Vec<(String, String)>> = Query::try_from_uri(uri)
        .map_err(|e| ApiError::bad_request(format!("cannot read the query: {e}; {expected}")))?;
    let mut plies = pairs.0.into_iter().filter(|(k, _)| k == "ply").map(|(_, v)| v);
    let Some(text) = plies.next() else { return Ok(None) };
    if plies.next().is_some() {
        return Err(ApiError::bad_request(format!("ply is given more than once; {expected}")));
    }
    let whole = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    if !whole {
        return Err(ApiError::bad_request(format!(
            "ply '{text}' is not a whole number; {expected}"
        )));
    }
    // Too many digits for a u64 is still a whole number, one no game has reached.
    Ok(Some(text.parse::<u64>().unwrap_or(u64::MAX)))
}

/// `GET /api/games/{id}/record`: the record as one line of text.
pub async fn record(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let line = app.hub.record(&id).await? + "\n";
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], line).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
    ply: u64,
}

/// `POST /api/games/{id}/moves`.
pub async fn play(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    app.hub.exists(&id).await?;
    let token = bearer(&headers)?;
    let b = body(b)?;
    let m: MoveBody = parse(&b, r#"{"move":"b1-b4/e4","ply":1}"#)?;
    Ok(json(StatusCode::OK, app.hub.play(&id, &token, m.ply, &m.mv).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Nothing {}

/// `POST /api/games/{id}/resign`.
pub async fn resign(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    app.hub.exists(&id).await?;
    let token = bearer(&headers)?;
    let b = body(b)?;
    if !b.iter().all(u8::is_ascii_whitespace) {
        let _: Nothing = parse(&b, "no body, or {}")?;
    }
    Ok(json(StatusCode::OK, app.hub.resign(&id, &token).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    #[serde(default)]
    ply: Option<u64>,
}

/// `POST /api/games/{id}/undo`, optionally with `{"ply":N}` (refused as stale when the game
/// is no longer at ply N, so that a double click undoes once).
pub async fn undo(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    app.hub.exists(&id).await?;
    let token = bearer(&headers)?;
    let b = body(b)?;
    let ply = if b.iter().all(u8::is_ascii_whitespace) {
        None
    } else {
        parse::<UndoBody>(&b, r#"no body, or {"ply":N}"#)?.ply
    };
    Ok(json(StatusCode::OK, app.hub.undo(&id, &token, ply).await?))
}

/// `GET /api/games/{id}/hint`: `{"move":"..."}` for the seat to move.
pub async fn hint(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    app.hub.exists(&id).await?;
    let token = bearer(&headers)?;
    let mv = app.hub.hint(&id, &token).await?;
    Ok(json(StatusCode::OK, serde_json::json!({ "move": mv }).to_string()))
}

/// Any `/api/...` path that is not an endpoint.
pub async fn no_endpoint(uri: axum::http::Uri) -> ApiError {
    ApiError::not_found(format!("no endpoint {} (see docs/http-contract.md)", uri.path()))
}

/// An endpoint asked with the wrong method.
pub async fn wrong_method(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::status(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} does not take {method} (see docs/http-contract.md)", uri.path()),
    )
}
