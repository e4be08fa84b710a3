//! Offers between people (draw, takeback, rematch), abort, and the rematch's new game.
//! An offer stands until the other people accept it (then it takes effect), one of them
//! declines it, or the next move voids it. Offers that cross (both offer a draw) are agreed.

use super::{Ending, Hub, Live, NewGame, SeatKind, Slot};
use crate::error::ApiError;
use crate::secret;
use crate::store::Edit;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// What is offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OfferKind {
    /// End the game with no winner.
    Draw,
    /// Take back the offering seat's last move (and the replies after it).
    Takeback,
    /// A new game with the same settings, seats rotated (after the game is over).
    Rematch,
}

impl OfferKind {
    /// Reads `draw`, `takeback` or `rematch`.
    ///
    /// # Errors
    /// 400 otherwise.
    pub fn parse(text: &str) -> Result<OfferKind, ApiError> {
        match text {
            "draw" => Ok(OfferKind::Draw),
            "takeback" => Ok(OfferKind::Takeback),
            "rematch" => Ok(OfferKind::Rematch),
            _ => Err(ApiError::bad_request(format!(
                "'{text}' is not an offer; expected \"draw\", \"takeback\" or \"rematch\""
            ))),
        }
    }

    fn label(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::Takeback => "takeback",
            OfferKind::Rematch => "rematch",
        }
    }
}

/// A pending offer.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Offer {
    /// What.
    pub kind: OfferKind,
    /// The seat that offered.
    pub by: u8,
    /// The seats that agree so far (the offering one first).
    pub agreed: Vec<u8>,
    /// For a rematch, per agreeing seat: the hash of its token in the new game (hex).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hashes: Vec<String>,
}

/// What an offer or an acceptance answers.
pub enum Agreed {
    /// The game after it (the offer stands, or took effect).
    Game(String),
    /// A rematch was agreed: the new game's id and this seat's token in it.
    Rematch {
        /// The new game.
        id: String,
        /// This seat's token in it.
        token: String,
    },
}

fn hex(h: &[u8; 32]) -> String {
    h.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<[u8; 32]> {
    let bytes: Option<Vec<u8>> = (0..s.len())
        .step_by(2)
        .map(|i| s.get(i..i + 2).and_then(|b| u8::from_str_radix(b, 16).ok()))
        .collect();
    bytes?.try_into().ok()
}

impl Live {
    fn people(&self) -> Vec<u8> {
        (0..self.seats.len() as u8).filter(|&i| self.seats[i as usize] == SeatKind::Human).collect()
    }

    /// Seats that have made a move (not a roll) in the game.
    fn moved(&self) -> Vec<u8> {
        let mut m: Vec<u8> = self.movers.iter().flatten().copied().collect();
        m.sort_unstable();
        m.dedup();
        m
    }
}

impl Hub {
    /// Offers `kind` for the seat of `token` (with `accept_only`, accepts a pending one).
    ///
    /// # Errors
    /// 403 not a seat or nobody to offer to; 409 stale, over, not over (rematch), no such
    /// offer to accept; 503 storage.
    pub async fn agree(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        kind: OfferKind,
        ply: Option<u64>,
        accept_only: bool,
    ) -> Result<Agreed, ApiError> {
        let slot = self.slot(id).await?;
        let mut live = slot.lock().await;
        let seat = live.seat(token)? as u8;
        let people = live.people();
        if people.len() < 2 {
            return Err(ApiError::forbidden(
                "offers are between people: no other seat of this game is a person (against \
                 the computer, use undo)",
            ));
        }
        match kind {
            OfferKind::Draw | OfferKind::Takeback => {
                live.check_playing()?;
                live.check_started()?;
                if let Some(p) = ply {
                    live.check_ply(p)?;
                }
            }
            OfferKind::Rematch => {
                if !live.over() {
                    return Err(ApiError::conflict(
                        "the game is not over: a rematch is offered once it has ended",
                    ));
                }
                if live.meta.ended == Some(Ending::Cancelled) {
                    return Err(ApiError::conflict("the game was cancelled: nothing to rematch"));
                }
                if let Some(r) = &live.meta.rematch {
                    return Err(ApiError::conflict(format!(
                        "the rematch has been agreed already: game {r}"
                    )));
                }
            }
        }
        let existing = live.meta.offers.iter().position(|o| o.kind == kind);
        if kind == OfferKind::Takeback && existing.is_none() && !live.moved().contains(&seat) {
            return Err(ApiError::conflict(format!(
                "nothing to take back: {} has not moved",
                live.names[seat as usize]
            )));
        }
        let mut meta = live.meta.clone();
        let offer = match existing {
            None if accept_only => {
                return Err(ApiError::conflict(format!(
                    "there is no {} offer to accept",
                    kind.label()
                )))
            }
            None => {
                meta.offers.push(Offer { kind, by: seat, agreed: vec![], hashes: vec![] });
                meta.offers.len() - 1
            }
            Some(i) if meta.offers[i].agreed.contains(&seat) => {
                if accept_only {
                    return Err(ApiError::conflict(format!(
                        "this {} offer is yours: the others accept it",
                        kind.label()
                    )));
                }
                // Offered again (a double click): nothing changes.
                return Ok(Agreed::Game(live.json()));
            }
            Some(i) => i,
        };
        meta.offers[offer].agreed.push(seat);
        if kind == OfferKind::Rematch {
            let h = secret::hash_token(&secret::rematch_token(token));
            meta.offers[offer].hashes.push(hex(&h));
        }
        let agreed = meta.offers[offer].clone();
        if !people.iter().all(|p| agreed.agreed.contains(p)) {
            tracing::info!(game = %live.id, offer = kind.label(), by = live.names[seat as usize], "offer");
            let finished = live.over();
            self.commit(live.change(Edit::Meta, finished, &meta)).await?;
            live.meta = meta;
            let state = live.state.clone();
            self.changed(&slot, &mut live, state);
            return Ok(Agreed::Game(live.json()));
        }
        match kind {
            OfferKind::Draw => {
                self.end_with(&slot, &mut live, Ending::Draw).await?;
                Ok(Agreed::Game(live.json()))
            }
            OfferKind::Takeback => {
                self.take_back(&slot, &mut live, agreed.by).await?;
                Ok(Agreed::Game(live.json()))
            }
            OfferKind::Rematch => {
                let new_id = self.rematch(&live, &agreed).await?;
                meta.offers.clear();
                meta.rematch = Some(new_id.clone());
                self.commit(live.change(Edit::Meta, true, &meta)).await?;
                tracing::info!(game = %live.id, rematch = %new_id, "rematch");
                live.meta = meta;
                let state = live.state.clone();
                self.changed(&slot, &mut live, state);
                Ok(Agreed::Rematch { id: new_id, token: secret::rematch_token(token) })
            }
        }
    }

    /// Declines (or, by the offering seat, withdraws) the pending offer of `kind`.
    ///
    /// # Errors
    /// 403 not a seat; 409 no such offer.
    pub async fn decline(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        kind: OfferKind,
    ) -> Result<String, ApiError> {
        let slot = self.slot(id).await?;
        let mut live = slot.lock().await;
        let seat = live.seat(token)?;
        let Some(i) = live.meta.offers.iter().position(|o| o.kind == kind) else {
            return Err(ApiError::conflict(format!(
                "there is no {} offer to decline",
                kind.label()
            )));
        };
        let mut meta = live.meta.clone();
        meta.offers.remove(i);
        let finished = live.over();
        self.commit(live.change(Edit::Meta, finished, &meta)).await?;
        tracing::info!(game = %live.id, offer = kind.label(), by = live.names[seat], "declined");
        live.meta = meta;
        let state = live.state.clone();
        self.changed(&slot, &mut live, state);
        Ok(live.json())
    }

    /// Aborts the game for the seat of `token`: only before every side has moved.
    ///
    /// # Errors
    /// 403 not a seat; 409 over or every side has moved.
    pub async fn abort(self: &Arc<Self>, id: &str, token: &str) -> Result<String, ApiError> {
        let slot = self.slot(id).await?;
        let mut live = slot.lock().await;
        live.seat(token)?;
        live.check_playing()?;
        if live.moved().len() >= live.seats.len() {
            return Err(ApiError::conflict(
                "every side has moved, so the game can no longer be aborted: resign or offer a \
                 draw",
            ));
        }
        self.end_with(&slot, &mut live, Ending::Aborted).await?;
        Ok(live.json())
    }

    /// The rematch of a finished game for the seat of `token`: the new game's id and that
    /// seat's token in it.
    ///
    /// # Errors
    /// 403 not a seat; 409 no rematch agreed (yet).
    pub async fn rematch_for(
        self: &Arc<Self>,
        id: &str,
        token: &str,
    ) -> Result<(String, String), ApiError> {
        let slot = self.slot(id).await?;
        let live = slot.lock().await;
        live.seat(token)?;
        match &live.meta.rematch {
            Some(r) => Ok((r.clone(), secret::rematch_token(token))),
            None => Err(ApiError::conflict("no rematch has been agreed for this game (yet)")),
        }
    }

    /// Takes back the last move of `seat` and everything after it (an agreed takeback).
    async fn take_back(
        self: &Arc<Self>,
        slot: &Slot,
        live: &mut Live,
        seat: u8,
    ) -> Result<(), ApiError> {
        let Some(to) = live.movers.iter().rposition(|m| *m == Some(seat)) else {
            return Err(ApiError::conflict("nothing to take back"));
        };
        self.take_back_to(slot, live, to, seat, "takeback").await
    }

    /// Creates the rematch of `live`: same game, options, clock and rating, seats rotated
    /// (the second seat's player sits first), each person's token the rematch token of their
    /// old one.
    async fn rematch(self: &Arc<Self>, live: &Live, offer: &Offer) -> Result<String, ApiError> {
        let n = live.seats.len();
        let mut seats = Vec::with_capacity(n);
        let mut hashes = Vec::with_capacity(n);
        let mut players = Vec::with_capacity(n);
        for i in 0..n {
            let old = (i + 1) % n;
            let kind = live.seats[old];
            seats.push(serde_json::json!({"kind": kind.label(), "name": live.seat_names[old]}));
            let hash = offer
                .agreed
                .iter()
                .position(|&s| s as usize == old)
                .and_then(|k| offer.hashes.get(k))
                .and_then(|h| unhex(h));
            hashes.push(hash);
            players.push(live.seat_players[old].clone());
        }
        let created = self
            .create(NewGame {
                game: live.info.id.to_string(),
                options: live.options.clone(),
                seats: Some(seats),
                record: None,
                clock: live.meta.clock.as_ref().map(|c| c.spec.shown.clone()),
                rated: live.meta.rated,
                hashes,
                players,
            })
            .await?;
        Ok(created.id)
    }
}
