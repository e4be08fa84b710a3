//! Seats and names: `"human"`, `"computer:L"`, `"open"` or `{"kind":…,"name":…}` at creation;
//! joining an open seat; cancelling a game nobody joined.

use super::{guarded, state_json, Ending, Hub, Live, SeatKind};
use crate::error::ApiError;
use crate::secret;
use crate::store::Edit;
use serde_json::Value;
use std::sync::Arc;

/// A seat as asked for at creation.
#[derive(Clone, Debug)]
pub struct SeatSpec {
    /// Who sits there.
    pub kind: SeatKind,
    /// The person's name.
    pub name: Option<String>,
    /// The key of the person's player identity (ratings).
    pub player_key: Option<String>,
}

/// Longest name, in characters.
const NAME_MAX: usize = 40;

/// A name as given: trimmed, 1 to 40 characters, no control characters.
///
/// # Errors
/// What was wrong, for a 400.
pub fn check_name(v: &Value) -> Result<String, String> {
    let Some(text) = v.as_str() else { return Err(format!("the name {v} is not a string")) };
    let name = text.trim();
    let n = name.chars().count();
    if n == 0 || n > NAME_MAX {
        return Err(format!(
            "the name '{name}' has {n} characters; a name has 1 to {NAME_MAX} (spaces around it \
             do not count)"
        ));
    }
    if name.chars().any(char::is_control) {
        return Err("a name may not hold control characters (tabs, line breaks)".into());
    }
    Ok(name.to_string())
}

impl SeatSpec {
    /// Reads seat entry `i`: a kind as text, or `{"kind":KIND,"name":NAME}`.
    ///
    /// # Errors
    /// 400 naming the seat.
    pub fn parse(i: usize, v: &Value) -> Result<SeatSpec, ApiError> {
        let bad = |m: String| ApiError::bad_request(format!("seats[{i}]: {m}"));
        match v {
            Value::String(s) => Ok(SeatSpec {
                kind: SeatKind::parse(s).map_err(bad)?,
                name: None,
                player_key: None,
            }),
            Value::Object(o) => {
                if let Some(k) =
                    o.keys().find(|k| !["kind", "name", "player_key"].contains(&k.as_str()))
                {
                    return Err(bad(format!(
                        "unknown field '{k}'; expected {{\"kind\":\"human\",\"name\":\"Anna\"}}"
                    )));
                }
                let kind = match o.get("kind") {
                    None => SeatKind::Human,
                    Some(Value::String(s)) => SeatKind::parse(s).map_err(bad)?,
                    Some(k) => return Err(bad(format!("the kind {k} is not a string"))),
                };
                let name = match o.get("name") {
                    None | Some(Value::Null) => None,
                    Some(n) => Some(check_name(n).map_err(bad)?),
                };
                let player_key = match o.get("player_key") {
                    None | Some(Value::Null) => None,
                    Some(Value::String(k)) => Some(k.clone()),
                    Some(k) => return Err(bad(format!("the player_key {k} is not a string"))),
                };
                if (name.is_some() || player_key.is_some()) && kind != SeatKind::Human {
                    return Err(bad(format!(
                        "only a human seat has a name or a player_key, not a {} seat",
                        kind.label()
                    )));
                }
                Ok(SeatSpec { kind, name, player_key })
            }
            other => Err(bad(format!(
                "{other} is not a seat; expected \"human\", \"computer:L\", \"open\" or \
                 {{\"kind\":\"human\",\"name\":\"Anna\"}}"
            ))),
        }
    }
}

/// What joining answers: the seat taken and its new token.
pub struct Joined {
    /// The player name of the seat.
    pub player: &'static str,
    /// The seat's token (shown this once).
    pub token: String,
}

impl Live {
    /// Whether a seat still waits for a player (the game has not started).
    pub(super) fn has_open_seat(&self) -> bool {
        self.seats.contains(&SeatKind::Open)
    }

    /// 409 while a seat is open.
    pub(super) fn check_started(&self) -> Result<(), ApiError> {
        if self.has_open_seat() {
            return Err(ApiError::conflict("waiting for a player to take the open seat"));
        }
        Ok(())
    }
}

impl Hub {
    /// Takes the open seat of `player` (or the first open one) for a person called `name`.
    ///
    /// # Errors
    /// 400 unknown player; 409 no open seat (taken, or the game is over); 503 storage.
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        player: Option<&str>,
        name: Option<String>,
        player_key: Option<&str>,
    ) -> Result<Joined, ApiError> {
        let slot = self.slot(id).await?;
        let who = match player_key {
            Some(k) => Some(self.identity(k, "player_key").await?),
            None => None,
        };
        let mut live = slot.lock().await;
        let seat = match player {
            Some(p) => {
                let Some(i) = live.names.iter().position(|n| *n == p) else {
                    return Err(ApiError::bad_request(format!(
                        "'{p}' is not a player of this game; its players are {}",
                        live.names.join(", ")
                    )));
                };
                i
            }
            None => live.seats.iter().position(|k| *k == SeatKind::Open).ok_or_else(|| {
                ApiError::conflict("no open seat: every seat of this game is taken")
            })?,
        };
        if live.over() {
            return Err(ApiError::conflict("the game is over"));
        }
        if live.seats[seat] != SeatKind::Open {
            return Err(ApiError::conflict(format!(
                "{}'s seat is not open: someone has taken it",
                live.names[seat]
            )));
        }
        let player_id = who.as_ref().map(|w| w.id.clone());
        if live.meta.rated {
            let Some(pid) = &player_id else {
                return Err(ApiError::bad_request(
                    "this game is rated: join with your player_key (POST /api/players makes one)",
                ));
            };
            if live.seat_players.contains(&Some(pid.clone())) {
                return Err(ApiError::conflict(
                    "you are in this game already: a player cannot play themself",
                ));
            }
        }
        let name = name.or_else(|| who.map(|w| w.name));
        let rating = match &player_id {
            Some(p) => {
                self.ratings_of(live.info.id, vec![p.clone()]).await?.first().map(|r| r.rating)
            }
            None => None,
        };
        let token = secret::new_token();
        let hash = secret::hash_token(&token);
        let mut after = (live.seats.clone(), live.hashes.clone(), live.seat_names.clone());
        after.0[seat] = SeatKind::Human;
        after.1[seat] = Some(hash);
        after.2[seat] = name.clone();
        // The clock (if the game was imported mid-way) starts once the last seat is taken.
        let mut meta = live.meta.clone();
        if rating.is_some() {
            meta.ratings.resize(live.seats.len(), None);
            meta.ratings[seat] = rating;
        }
        let before = std::mem::replace(&mut live.seats, after.0.clone());
        meta.clock = live.clock_after(super::clocks::now_ms(), &live.position, &live.movers, false);
        live.seats = before;
        let edit =
            Edit::Join { seat: seat as u8, token_hash: hash, name, player_id: player_id.clone() };
        self.commit(live.change(edit, false, &meta)).await?;
        let state = live.state.clone();
        (live.seats, live.hashes, live.seat_names) = after;
        live.seat_players[seat] = player_id;
        live.meta = meta;
        tracing::info!(game = %live.id, player = live.names[seat], "a seat was taken");
        self.changed(&slot, &mut live, state);
        Ok(Joined { player: live.names[seat], token })
    }

    /// Cancels a game that waits for a player: the creator (any seated person) ends it; it
    /// leaves the lobby with no winners.
    ///
    /// # Errors
    /// 403 not a seat; 409 over, or every seat is taken (abort or resign instead).
    pub async fn cancel(self: &Arc<Self>, id: &str, token: &str) -> Result<String, ApiError> {
        let slot = self.slot(id).await?;
        let mut live = slot.lock().await;
        live.seat(token)?;
        live.check_playing()?;
        if !live.has_open_seat() {
            return Err(ApiError::conflict(
                "every seat is taken, so the game cannot be cancelled: abort it (before both \
                 sides have moved) or resign",
            ));
        }
        self.end_with(&slot, &mut live, Ending::Cancelled).await?;
        Ok(live.json())
    }

    /// Ends the game with `ending` (not a resignation): commits, stops the clock, voids the
    /// offers, publishes.
    pub(super) async fn end_with(
        self: &Arc<Self>,
        slot: &super::Slot,
        live: &mut Live,
        ending: Ending,
    ) -> Result<(), ApiError> {
        let state =
            guarded("the ending", || Ok(state_json(&live.position, &live.last, Some(&ending))))?;
        let mut meta = live.meta.clone();
        meta.clock = live.clock_stopped(super::clocks::now_ms());
        meta.offers.clear();
        tracing::info!(game = %live.id, ending = ?ending, "the game ended");
        meta.ended = Some(ending);
        let (ratings, _lock) = self.rate(live, &state, &mut meta).await?;
        let mut change = live.change(Edit::Meta, true, &meta);
        change.ratings = ratings;
        self.commit(change).await?;
        live.meta = meta;
        self.changed(slot, live, state);
        Ok(())
    }

    /// Names the seat of `token`: a friend who came by an invite link names themselves, and a
    /// player may change the name shown. Allowed while the game goes on and after it.
    ///
    /// # Errors
    /// 400 a bad name; 403 not a seat; 503 storage.
    pub async fn rename(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        name: &Value,
    ) -> Result<String, ApiError> {
        let name = check_name(name).map_err(ApiError::bad_request)?;
        let slot = self.slot(id).await?;
        let mut live = slot.lock().await;
        let seat = live.seat(token)?;
        if live.seat_names[seat].as_deref() == Some(name.as_str()) {
            return Ok(live.json());
        }
        let meta = live.meta.clone();
        let change =
            live.change(Edit::Name { seat: seat as u8, name: name.clone() }, live.over(), &meta);
        self.commit(change).await?;
        tracing::info!(game = %live.id, player = live.names[seat], "a seat was named");
        live.seat_names[seat] = Some(name);
        let state = live.state.clone();
        self.changed(&slot, &mut live, state);
        Ok(live.json())
    }
}
