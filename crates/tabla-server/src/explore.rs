//! `POST /api/position`: any position of any game, with its view and click paths, without
//! storing anything. What the page's first-game lessons, the rules' board diagrams and an
//! analysis board need: the server stays the one that knows the rules, nothing is a game.

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use tabla_core::StateReport;
use tabla_games::AnyGame;

/// Most tokens a record may have here (a long game is a few hundred).
const MAX_TOKENS: usize = 5_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionBody {
    game: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
    /// Position text to start from instead of the start (as `tabla state` prints it).
    #[serde(default)]
    position: Option<String>,
    /// Move tokens played from there, chance outcomes (`r3`) included: the caller chooses
    /// the dice, as on an analysis board.
    #[serde(default)]
    record: Option<String>,
}

#[derive(Serialize)]
struct PositionAnswer<'a> {
    players: Vec<&'static str>,
    /// The record played, in canonical notation.
    record: Vec<String>,
    state: &'a RawValue,
}

/// The position after `record` (tokens, chance outcomes included) from the start of `game`
/// under `options`, or from `position` text: the position, the canonical record, and the
/// view ids the last token touched. Shared with the analysis endpoints.
pub(crate) fn play_out(
    game: &str,
    options: BTreeMap<String, String>,
    position: Option<&str>,
    record: Option<&str>,
) -> Result<(AnyGame, Vec<String>, Vec<String>), ApiError> {
    let options: Vec<(String, String)> = options.into_iter().collect();
    let (_, _, mut g) = crate::hub::new_position(game, &options)?;
    if let Some(text) = position {
        g = g.read_position(text).map_err(|e| ApiError::bad_request(format!("position: {e}")))?;
    }
    let tokens: Vec<&str> = record.unwrap_or("").split_whitespace().collect();
    if tokens.len() > MAX_TOKENS {
        return Err(ApiError::bad_request(format!(
            "record: {} tokens; at most {MAX_TOKENS}",
            tokens.len()
        )));
    }
    let mut canonical = Vec::with_capacity(tokens.len());
    let mut last = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let played = g.play_text_touched(token).map_err(|e| {
            ApiError::bad_request(format!("record: move {} ('{token}'): {e}", i + 1))
        })?;
        canonical.push(played.canonical);
        last = played.touched;
    }
    Ok((g, canonical, last))
}

/// Plays the request out: the players, the canonical record and the state
/// (`tabla state --view`'s object, the last token's cells marked).
fn answer(req: PositionBody) -> Result<String, ApiError> {
    let (position, record, last) =
        play_out(&req.game, req.options, req.position.as_deref(), req.record.as_deref())?;
    let report = StateReport::with_view(position.as_dyn(), &last);
    let state = serde_json::to_string(&report).expect("state serialises");
    let state = RawValue::from_string(state).expect("serde_json writes JSON");
    let a = PositionAnswer { players: position.player_names(), record, state: &state };
    Ok(serde_json::to_string(&a).expect("answer serialises"))
}

/// `POST /api/position`.
pub async fn position(b: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let b = crate::api::body(b)?;
    let req: PositionBody = crate::api::parse(
        &b,
        r#"{"game":"seega","options":{},"position":"TEXT","record":"TOKENS"}"#,
    )?;
    let text =
        tokio::task::spawn_blocking(move || crate::hub::guarded("the position", || answer(req)))
            .await
            .map_err(|e| ApiError::internal(format!("position: {e}")))??;
    Ok((StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], text).into_response())
}
