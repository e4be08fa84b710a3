//! The HTTP endpoints of `docs/http-contract.md`: each handler reads and checks its request,
//! asks the [`Hub`], and answers JSON; every refusal is an [`ApiError`].

use crate::error::ApiError;
use crate::hub::{Agreed, Created, Hub, NewGame, OfferKind, PairRequest, Paired, SeatKind};
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
pub(crate) fn body(b: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
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
pub(crate) fn parse<T: DeserializeOwned>(bytes: &[u8], shape: &str) -> Result<T, ApiError> {
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
        .chain(std::iter::once(SeatKind::Computer(crate::hub::PERFECT)))
        .map(SeatKind::label)
        .collect();
    let body = serde_json::json!({
        "games": games,
        "seat_kinds": kinds,
        "levels": {
            "min": 1,
            "max": tabla_ai::MAX_LEVEL,
            "default": 3,
            // Each level's Elo above level 1, per game, from the ladder (docs/levels.md).
            "above_level_1": tabla_games::GAMES
                .iter()
                .filter_map(|g| Some((g.id.to_string(), serde_json::json!(tabla_ai::ratings::above_level_1(g.id)?))))
                .collect::<serde_json::Map<String, serde_json::Value>>(),
        },
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
    seats: Option<Vec<serde_json::Value>>,
    #[serde(default)]
    record: Option<String>,
    #[serde(default)]
    clock: Option<serde_json::Value>,
    #[serde(default)]
    rated: Option<bool>,
}

/// `POST /api/games`.
pub async fn create(
    State(app): State<App>,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let b = body(b)?;
    let req: CreateBody = parse(
        &b,
        r#"{"game":"amazons","options":{"size":"10"},"seats":["human","computer:3"],"record":"TOKENS","clock":{"initial_s":180,"increment_s":2},"rated":false}"#,
    )?;
    let created = app
        .hub
        .create(NewGame {
            game: req.game,
            options: req.options.into_iter().collect(),
            seats: req.seats,
            record: req.record,
            clock: req.clock,
            rated: req.rated.unwrap_or(false),
            hashes: vec![],
            players: vec![],
        })
        .await?;
    Ok(json(StatusCode::CREATED, created_json(&created).to_string()))
}

/// What creating answers: the id, the watch URL, and each seat with its token and invite.
fn created_json(created: &Created) -> serde_json::Value {
    let id = &created.id;
    let seats: Vec<serde_json::Value> = created
        .seats
        .iter()
        .map(|(player, kind, token, name)| {
            let mut s = match token {
                Some(t) => serde_json::json!({
                    "player": player, "kind": kind.label(), "token": t, "url": format!("/g/{id}?token={t}"),
                }),
                None => serde_json::json!({"player": player, "kind": kind.label()}),
            };
            if let Some(n) = name {
                s["name"] = serde_json::json!(n);
            }
            s
        })
        .collect();
    serde_json::json!({"id": id, "url": format!("/g/{id}"), "seats": seats})
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
    no_body(&body(b)?)?;
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

/// `GET /api/lobby`: the games waiting for players.
pub async fn lobby(State(app): State<App>) -> Result<Response, ApiError> {
    Ok(json(StatusCode::OK, app.hub.lobby().await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    #[serde(default)]
    player: Option<String>,
    #[serde(default)]
    name: Option<serde_json::Value>,
    #[serde(default)]
    player_key: Option<String>,
}

/// A name from a body: checked, or 400.
fn name_of(v: Option<serde_json::Value>) -> Result<Option<String>, ApiError> {
    match v {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(n) => crate::hub::seats::check_name(&n)
            .map(Some)
            .map_err(|e| ApiError::bad_request(format!("name: {e}"))),
    }
}

/// What joining answers.
fn joined_json(id: &str, player: &str, token: &str) -> serde_json::Value {
    serde_json::json!({
        "id": id, "player": player, "token": token, "url": format!("/g/{id}?token={token}"),
    })
}

/// `POST /api/games/{id}/join` `{"player":"black","name":"Béla"}`: takes an open seat.
pub async fn join(
    State(app): State<App>,
    Path(id): Path<String>,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    app.hub.exists(&id).await?;
    let b = body(b)?;
    let req: JoinBody = if b.iter().all(u8::is_ascii_whitespace) {
        JoinBody { player: None, name: None, player_key: None }
    } else {
        parse(&b, r#"{"player":"black","name":"Béla"} (both may be left out)"#)?
    };
    let name = name_of(req.name)?;
    let j = app.hub.join(&id, req.player.as_deref(), name, req.player_key.as_deref()).await?;
    Ok(json(StatusCode::OK, joined_json(&id, j.player, &j.token).to_string()))
}

/// A body that must be empty or `{}`.
fn no_body(b: &Bytes) -> Result<(), ApiError> {
    if !b.iter().all(u8::is_ascii_whitespace) {
        let _: Nothing = parse(b, "no body, or {}")?;
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameBody {
    name: serde_json::Value,
}

/// `POST /api/games/{id}/name` with a seat's token and `{"name":"Béla"}`: names that seat.
pub async fn name(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    app.hub.exists(&id).await?;
    let token = bearer(&headers)?;
    let req: NameBody = parse(&body(b)?, r#"{"name":"Béla"}"#)?;
    Ok(json(StatusCode::OK, app.hub.rename(&id, &token, &req.name).await?))
}

/// `POST /api/games/{id}/cancel`: ends a game that waits for a player.
pub async fn cancel(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    app.hub.exists(&id).await?;
    let token = bearer(&headers)?;
    no_body(&body(b)?)?;
    Ok(json(StatusCode::OK, app.hub.cancel(&id, &token).await?))
}

/// `POST /api/games/{id}/abort`: ends a game before every side has moved.
pub async fn abort(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    app.hub.exists(&id).await?;
    let token = bearer(&headers)?;
    no_body(&body(b)?)?;
    Ok(json(StatusCode::OK, app.hub.abort(&id, &token).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferBody {
    kind: String,
    #[serde(default)]
    ply: Option<u64>,
}

fn agreed_json(a: Agreed) -> Response {
    match a {
        Agreed::Game(text) => json(StatusCode::OK, text),
        Agreed::Rematch { id, token } => json(
            StatusCode::OK,
            serde_json::json!({"id": id, "token": token, "url": format!("/g/{id}?token={token}")})
                .to_string(),
        ),
    }
}

async fn offer_like(
    app: App,
    id: String,
    headers: HeaderMap,
    b: Result<Bytes, BytesRejection>,
    what: &str,
) -> Result<Response, ApiError> {
    app.hub.exists(&id).await?;
    let token = bearer(&headers)?;
    let b = body(b)?;
    let req: OfferBody =
        parse(&b, r#"{"kind":"draw","ply":N} (kind draw, takeback or rematch; ply optional)"#)?;
    let kind = OfferKind::parse(&req.kind)?;
    match what {
        "offer" => Ok(agreed_json(app.hub.agree(&id, &token, kind, req.ply, false).await?)),
        "accept" => Ok(agreed_json(app.hub.agree(&id, &token, kind, req.ply, true).await?)),
        _ => Ok(json(StatusCode::OK, app.hub.decline(&id, &token, kind).await?)),
    }
}

/// `POST /api/games/{id}/offers` `{"kind":"draw","ply":N}`.
pub async fn offer(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    offer_like(app, id, headers, b, "offer").await
}

/// `POST /api/games/{id}/offers/accept` `{"kind":"draw"}`.
pub async fn accept(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    offer_like(app, id, headers, b, "accept").await
}

/// `POST /api/games/{id}/offers/decline` `{"kind":"draw"}`.
pub async fn decline(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    offer_like(app, id, headers, b, "decline").await
}

/// `GET /api/games/{id}/rematch` with a seat's token: its seat in the agreed rematch.
pub async fn rematch(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    app.hub.exists(&id).await?;
    let token = bearer(&headers)?;
    let (new_id, t) = app.hub.rematch_for(&id, &token).await?;
    Ok(agreed_json(Agreed::Rematch { id: new_id, token: t }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PairBody {
    game: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
    #[serde(default)]
    clock: Option<serde_json::Value>,
    name: serde_json::Value,
    #[serde(default)]
    rated: Option<bool>,
    #[serde(default)]
    player_key: Option<String>,
}

/// `POST /api/pair`: joins a waiting game with the same settings (200, as joining, with
/// `id`) or opens one (201, as creating).
pub async fn pair(
    State(app): State<App>,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let b = body(b)?;
    let req: PairBody = parse(
        &b,
        r#"{"game":"gipf","options":{},"clock":{"initial_s":300,"increment_s":5},"name":"Anna","rated":false}"#,
    )?;
    let name = name_of(Some(req.name))?.unwrap_or_default();
    let paired = app
        .hub
        .pair(PairRequest {
            game: req.game,
            options: req.options.into_iter().collect(),
            clock: req.clock.filter(|c| !c.is_null()),
            name,
            rated: req.rated.unwrap_or(false),
            player_key: req.player_key,
        })
        .await?;
    Ok(match paired {
        Paired::Joined { id, player, token } => {
            json(StatusCode::OK, joined_json(&id, player, &token).to_string())
        }
        Paired::Created(c) => json(StatusCode::CREATED, created_json(&c).to_string()),
    })
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerBody {
    name: serde_json::Value,
}

/// `POST /api/players` `{"name":"Anna"}`: a player identity, `{"id","key"}` (the key shown
/// this once).
pub async fn new_player(
    State(app): State<App>,
    b: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let b = body(b)?;
    let req: PlayerBody = parse(&b, r#"{"name":"Anna"}"#)?;
    let name = name_of(Some(req.name))?.unwrap_or_default();
    let (id, key) = app.hub.new_player(name).await?;
    Ok(json(StatusCode::CREATED, serde_json::json!({"id": id, "key": key}).to_string()))
}

/// `GET /api/players/me` with `Authorization: Bearer KEY`.
pub async fn player_me(State(app): State<App>, headers: HeaderMap) -> Result<Response, ApiError> {
    let key = bearer(&headers)?;
    Ok(json(StatusCode::OK, app.hub.player_me(&key).await?))
}

/// `GET /api/leaderboard/{game}`: the 50 best rated players.
pub async fn leaderboard(
    State(app): State<App>,
    Path(game): Path<String>,
) -> Result<Response, ApiError> {
    Ok(json(StatusCode::OK, app.hub.leaderboard(&game).await?))
}
