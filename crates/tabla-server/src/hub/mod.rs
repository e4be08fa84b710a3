//! The games being played: each one in memory behind its own lock, rebuilt from storage on
//! first use, changed only through [`Hub`]'s methods, which check everything, commit to the
//! [`Store`], then update memory and tell the [`FanOut`]. Computer seats are played here too,
//! on the blocking pool.
//!
//! By concern: this file holds the games and their moves; [`seats`] names, open seats and
//! joining; [`clocks`] the clocks and their timers; [`offers`] offers between people, abort
//! and rematch; [`lobby`] the list of games waiting for players and quick pairing;
//! [`ratings`] player identities and Glicko-2 ratings.

pub mod analysis;
pub mod clocks;
pub mod lobby;
pub mod offers;
pub mod pacing;
pub mod ratings;
pub mod seats;

pub use clocks::ClockSpec;
pub use lobby::{PairRequest, Paired};
pub use offers::{Agreed, OfferKind};
pub use seats::{Joined, SeatSpec};

use crate::error::ApiError;
use crate::fanout::{FanOut, Frame, Note};
use crate::secret;
use crate::store::{Change, Edit, Store, StoreError, StoredGame, StoredSeat};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tabla_core::dyn_game::ResultReport;
use tabla_core::{GameOptions, MoveErrorKind, StateReport, ToMove};
use tabla_games::{AnyGame, GameInfo};
use tokio::sync::{Mutex, Semaphore};

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person (or an outside program) holding the seat's token.
    Human,
    /// The computer at a level of [`tabla_ai::Budget::level`], or [`PERFECT`].
    Computer(u8),
    /// Nobody yet: a person takes it by joining (`POST /api/games/{id}/join`).
    Open,
}

/// The level of the `computer:perfect` seat: perfect play where it is known (see
/// [`tabla_ai::solve::perfect`]). Below every level, so that it is a computer seat everywhere
/// a computer seat is asked about (no ratings, undo allowed, hints open).
pub const PERFECT: u8 = 0;

impl SeatKind {
    /// Reads `human`, `computer:L`, `computer:perfect` or `open`.
    ///
    /// # Errors
    /// Anything else, with what is expected.
    pub fn parse(text: &str) -> Result<SeatKind, String> {
        let expected = format!(
            "expected \"human\", \"open\", \"computer:L\" with a level L from 1 to {}, or \
             \"computer:perfect\" (solved variants only)",
            tabla_ai::MAX_LEVEL
        );
        if text == "human" {
            return Ok(SeatKind::Human);
        }
        if text == "open" {
            return Ok(SeatKind::Open);
        }
        if text == "computer:perfect" {
            return Ok(SeatKind::Computer(PERFECT));
        }
        match text.strip_prefix("computer:").map(str::parse::<u8>) {
            Some(Ok(l)) if (1..=tabla_ai::MAX_LEVEL).contains(&l) => Ok(SeatKind::Computer(l)),
            _ => Err(format!("'{text}' is not a seat: {expected}")),
        }
    }

    /// The contract's text for the kind.
    pub fn label(self) -> String {
        match self {
            SeatKind::Human => "human".into(),
            SeatKind::Computer(PERFECT) => "computer:perfect".into(),
            SeatKind::Computer(l) => format!("computer:{l}"),
            SeatKind::Open => "open".into(),
        }
    }
}

/// How long a hint thinks: the first move of an analysis (`tabla analyse`) this long, the
/// best the computer finds in a second, not a level's choice with its scatter.
const HINT_TIME: Duration = Duration::from_secs(1);

/// Longest a hint waits for a free search slot.
const HINT_WAIT: Duration = Duration::from_secs(10);

/// Most chance tokens rolled in a row by themselves (a guard; no game comes near it).
const MAX_AUTO: usize = 1_000;

/// How a game ended other than by its rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "how", rename_all = "lowercase")]
pub enum Ending {
    /// A seat resigned: the others win.
    Resigned {
        /// The seat.
        seat: u8,
    },
    /// A seat's clock ran out: the others win.
    Time {
        /// The seat.
        seat: u8,
    },
    /// Agreed: nobody wins.
    Draw,
    /// Aborted before every side had moved: nobody wins.
    Aborted,
    /// Cancelled while waiting for a player: nobody wins.
    Cancelled,
}

impl Ending {
    /// The seat the others win against, if any.
    fn loser(&self) -> Option<u8> {
        match self {
            Ending::Resigned { seat } | Ending::Time { seat } => Some(*seat),
            _ => None,
        }
    }

    /// The game JSON's `result_reason`.
    fn reason(&self) -> &'static str {
        match self {
            Ending::Resigned { .. } => "resigned",
            Ending::Time { .. } => "time",
            Ending::Draw => "draw",
            Ending::Aborted => "aborted",
            Ending::Cancelled => "cancelled",
        }
    }
}

/// What is kept with a game beside its record ([`StoredGame::meta`]).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Meta {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock: Option<clocks::Clock>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ended: Option<Ending>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    offers: Vec<offers::Offer>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rematch: Option<String>,
    #[serde(default)]
    rated: bool,
    /// Per seat, the linked player's rating in this game when the seat was taken.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    ratings: Vec<Option<f64>>,
    /// Per seat, the rating change at the end of a rated game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    rating_change: Vec<Option<f64>>,
}

/// A game in memory.
struct Live {
    /// Open live sockets of this game, seats' and watchers' alike (watchers = these less the
    /// seats' own).
    sockets: u32,
    id: String,
    info: &'static GameInfo,
    options: Vec<(String, String)>,
    seats: Vec<SeatKind>,
    hashes: Vec<Option<[u8; 32]>>,
    /// The people's names, per seat.
    seat_names: Vec<Option<String>>,
    /// The player identities linked to the seats.
    seat_players: Vec<Option<String>>,
    names: Vec<&'static str>,
    secret: [u8; 32],
    record: Vec<String>,
    /// Who chose each token of the record (`None` for chance), for undo.
    movers: Vec<Option<u8>>,
    position: AnyGame,
    /// The view ids the last token touched.
    last: Vec<String>,
    version: u64,
    /// Clock, ending (other than by the rules), offers, rematch.
    meta: Meta,
    /// Seconds since 1970.
    created_at: i64,
    /// Whether the lobby listed the game as of its last change.
    in_lobby: bool,
    /// The timer of the running clock (one per game; a change replaces it).
    timer: Option<tokio::task::AbortHandle>,
    /// `state` of the game JSON for this version.
    state: Box<RawValue>,
    /// The whole game JSON, made once per change and shared by answers and frames.
    text: Arc<str>,
    /// When `text` was last rendered (see [`Frame::revision`]).
    revision: u64,
    /// Open WebSockets that identified themselves with each seat's token.
    connected: Vec<u32>,
    /// A computer's search for this game is running or queued.
    computer_busy: bool,
    used: Instant,
}

/// The position after a record, with who moved each token and what the last one touched.
struct Replay {
    position: AnyGame,
    movers: Vec<Option<u8>>,
    last: Vec<String>,
}

/// Runs game code (rules, views) so that a bug in it answers 500 and leaves the game as it
/// was, instead of unwinding through a change half made.
pub(crate) fn guarded<T>(
    what: &str,
    f: impl FnOnce() -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|_| {
        tracing::error!(what, "the game's code panicked");
        Err(ApiError::internal(format!("{what} failed inside the game's code; nothing changed")))
    })
}

/// Builds the starting position of `info` under checked option pairs.
fn start(info: &GameInfo, options: &[(String, String)]) -> Result<AnyGame, String> {
    let opts = GameOptions::new(info.options, options).map_err(|e| e.0)?;
    (info.create)(&opts).map_err(|e| e.0)
}

/// The game `game` under `options` (pairs as on the command line), at its start, before any
/// roll: what creating a game checks first.
///
/// # Errors
/// 400 with the command line's message for an unknown game or a bad option.
pub fn new_position(
    game: &str,
    options: &[(String, String)],
) -> Result<(&'static GameInfo, GameOptions, AnyGame), ApiError> {
    let info = tabla_games::find(game).map_err(|e| ApiError::bad_request(e.0))?;
    let opts = GameOptions::new(info.options, options).map_err(|e| ApiError::bad_request(e.0))?;
    let position = (info.create)(&opts).map_err(|e| ApiError::bad_request(e.0))?;
    Ok((info, opts, position))
}

/// What `POST /api/preview` answers: the players in seat order and the start position as
/// `tabla state --view` prints it (nothing marked as the last move).
///
/// # Errors
/// As [`new_position`]; 500 when the game's code fails.
pub fn preview(game: &str, options: &[(String, String)]) -> Result<String, ApiError> {
    guarded("the preview", || {
        let (_, _, position) = new_position(game, options)?;
        let state = state_json(&position, &[], None);
        #[derive(Serialize)]
        struct Preview<'a> {
            players: Vec<&'static str>,
            state: &'a RawValue,
            perfect: bool,
            #[serde(skip_serializing_if = "std::ops::Not::not")]
            perfect_building: bool,
        }
        // Asking is what starts a table's build: the lobby previews before it offers the seat.
        let perfect = tabla_ai::solve::perfect(&position, true);
        let p = Preview {
            players: position.player_names(),
            state: &state,
            perfect: perfect == tabla_ai::solve::Perfect::Ready,
            perfect_building: perfect == tabla_ai::solve::Perfect::Building,
        };
        Ok(serde_json::to_string(&p).expect("preview serialises"))
    })
}

/// Whether seat `i` may be `computer:perfect` in a game starting at `position`.
///
/// # Errors
/// 400 naming the seat when perfect play is not known for the variant; 503 with a retry hint
/// while its table is being built (seconds).
fn perfect_seat(i: usize, position: &AnyGame) -> Result<(), ApiError> {
    match tabla_ai::solve::perfect(position, true) {
        tabla_ai::solve::Perfect::Ready => Ok(()),
        tabla_ai::solve::Perfect::Building => Err(ApiError::busy(
            format!(
                "seats[{i}]: computer:perfect: the exact table of this variant is being built \
                 (seconds); ask again in a moment"
            ),
            2000,
        )),
        tabla_ai::solve::Perfect::No(why) => {
            Err(ApiError::bad_request(format!("seats[{i}]: computer:perfect: {why}")))
        }
    }
}

/// Who decides next, as a seat index (`None` at chance or at the end).
fn mover(g: &AnyGame) -> Option<u8> {
    match g.to_move() {
        ToMove::Player(p) => Some(p.0),
        _ => None,
    }
}

fn replay(mut position: AnyGame, record: &[String]) -> Result<Replay, String> {
    let mut movers = Vec::with_capacity(record.len());
    let mut last = Vec::new();
    for (i, token) in record.iter().enumerate() {
        movers.push(mover(&position));
        last = position
            .play_text_touched(token)
            .map_err(|e| format!("record: move {} ('{token}'): {e}", i + 1))?
            .touched;
    }
    Ok(Replay { position, movers, last })
}

fn state_json(position: &AnyGame, last: &[String], ended: Option<&Ending>) -> Box<RawValue> {
    let mut report = StateReport::with_view(position.as_dyn(), last);
    if let Some(e) = ended {
        // A resignation or a time-out ends the game for everyone: the others win; a draw,
        // an abort or a cancel has no winner.
        let r = e.loser().map_or(usize::MAX, usize::from);
        let names = position.player_names();
        report.to_move = None;
        report.legal.clear();
        report.chance = None;
        report.paths = Some(BTreeMap::new());
        report.result = Some(ResultReport {
            winners: names
                .iter()
                .enumerate()
                .filter(|(i, _)| e.loser().is_some() && *i != r)
                .map(|p| *p.1)
                .collect(),
        });
    }
    let text = serde_json::to_string(&report).expect("state serialises");
    RawValue::from_string(text).expect("serde_json writes JSON")
}

#[derive(Serialize)]
struct SeatJson<'a> {
    player: &'a str,
    kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating_change: Option<i64>,
}

#[derive(Serialize)]
struct OfferJson<'a> {
    kind: OfferKind,
    by: &'a str,
    agreed: Vec<&'a str>,
}

#[derive(Serialize)]
struct GameJson<'a> {
    id: &'a str,
    game: &'a str,
    options: BTreeMap<&'a str, &'a str>,
    seats: Vec<SeatJson<'a>>,
    record: &'a [String],
    ply: usize,
    state: &'a RawValue,
    version: u64,
    connected: Vec<bool>,
    /// Live sockets that are not a seat's: the people watching.
    watchers: u32,
    chance_player: Option<&'a str>,
    result_reason: Option<&'static str>,
    /// Which rule ended the game (`null` while it goes on or after a resignation).
    end: Option<tabla_core::EndReason>,
    resigned: Option<&'a str>,
    /// The clock (`null` when untimed).
    clock: Option<serde_json::Value>,
    /// The player whose time ran out.
    timed_out: Option<&'a str>,
    /// Pending offers.
    offers: Vec<OfferJson<'a>>,
    /// The rematch's id, once agreed.
    rematch: Option<&'a str>,
    rated: bool,
}

impl Live {
    fn from_stored(g: StoredGame) -> Result<Live, String> {
        let info = tabla_games::find(&g.game).map_err(|e| e.0)?;
        let replayed = replay(start(info, &g.options)?, &g.record)?;
        let seats =
            g.seats.iter().map(|s| SeatKind::parse(&s.kind)).collect::<Result<Vec<_>, _>>()?;
        let mut meta: Meta = serde_json::from_str(&g.meta).map_err(|e| format!("meta: {e}"))?;
        if let Some(seat) = g.resigned {
            meta.ended = Some(Ending::Resigned { seat });
        }
        let names = replayed.position.player_names();
        if names.len() != seats.len() {
            return Err(format!("{} seats stored for {} players", seats.len(), names.len()));
        }
        let mut live = Live {
            id: g.id,
            info,
            options: g.options,
            hashes: g.seats.iter().map(|s| s.token_hash).collect(),
            seat_names: g.seats.iter().map(|s| s.name.clone()).collect(),
            seat_players: g.seats.iter().map(|s| s.player_id.clone()).collect(),
            connected: vec![0; seats.len()],
            sockets: 0,
            seats,
            names,
            secret: g.secret,
            record: g.record,
            movers: replayed.movers,
            state: state_json(&replayed.position, &replayed.last, meta.ended.as_ref()),
            position: replayed.position,
            last: replayed.last,
            version: g.version,
            meta,
            created_at: g.created_at,
            in_lobby: false,
            timer: None,
            computer_busy: false,
            used: Instant::now(),
            text: Arc::from(""),
            revision: 0,
        };
        live.in_lobby = live.listed();
        live.refresh();
        Ok(live)
    }

    /// Remakes the game JSON after anything in it changed.
    fn refresh(&mut self) {
        self.text = self.render().into();
        self.revision = next_revision();
    }

    /// The game JSON (a running clock as of now).
    fn json(&self) -> String {
        if self.meta.clock.as_ref().is_some_and(|c| c.running.is_some()) {
            return self.render();
        }
        self.text.to_string()
    }

    fn over(&self) -> bool {
        self.meta.ended.is_some() || self.position.to_move() == ToMove::Over
    }

    fn render(&self) -> String {
        self.render_at(&self.record, &self.position, &self.state, self.meta.ended.as_ref())
    }

    /// A change to commit, made for the current version, with `meta` after it.
    fn change(&self, edit: Edit, finished: bool, meta: &Meta) -> Change {
        Change {
            id: self.id.clone(),
            version: self.version,
            edit,
            finished,
            meta: serde_json::to_string(meta).expect("meta serialises"),
            timed: meta.clock.is_some() && !finished,
            ratings: vec![],
        }
    }

    /// The game JSON with `record`, `position` (after that record), its `state` and
    /// `resigned` in place of the current ones: the current game, or one of its past plies.
    fn render_at(
        &self,
        record: &[String],
        position: &AnyGame,
        state: &RawValue,
        ended: Option<&Ending>,
    ) -> String {
        let result_reason = match (ended, position.to_move()) {
            (Some(e), _) => Some(e.reason()),
            (None, ToMove::Over) => Some("rules"),
            _ => None,
        };
        let chance_player = match ended {
            None => position.chance_player().map(|p| self.names[p.index()]),
            Some(_) => None,
        };
        let g = GameJson {
            id: &self.id,
            game: self.info.id,
            options: self.options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect(),
            seats: self
                .seats
                .iter()
                .zip(&self.names)
                .zip(&self.seat_names)
                .enumerate()
                .map(|(i, ((s, p), n))| SeatJson {
                    player: p,
                    kind: s.label(),
                    name: n.as_deref(),
                    rating: self.meta.ratings.get(i).copied().flatten().map(|r| r.round() as i64),
                    rating_change: self
                        .meta
                        .rating_change
                        .get(i)
                        .copied()
                        .flatten()
                        .map(|r| r.round() as i64),
                })
                .collect(),
            record,
            ply: record.len(),
            state,
            version: self.version,
            connected: self.connected.iter().map(|&n| n > 0).collect(),
            watchers: self.sockets.saturating_sub(self.connected.iter().sum()),
            chance_player,
            result_reason,
            end: if ended.is_none() { position.end_reason() } else { None },
            resigned: match ended {
                Some(Ending::Resigned { seat }) => Some(self.names[*seat as usize]),
                _ => None,
            },
            clock: self.meta.clock.as_ref().map(|c| c.json(&self.names, clocks::now_ms())),
            timed_out: match ended {
                Some(Ending::Time { seat }) => Some(self.names[*seat as usize]),
                _ => None,
            },
            offers: self
                .meta
                .offers
                .iter()
                .map(|o| OfferJson {
                    kind: o.kind,
                    by: self.names[o.by as usize],
                    agreed: o.agreed.iter().map(|&a| self.names[a as usize]).collect(),
                })
                .collect(),
            rematch: self.meta.rematch.as_deref(),
            rated: self.meta.rated,
        };
        serde_json::to_string(&g).expect("game serialises")
    }

    fn frame(&self) -> Frame {
        Frame {
            version: self.version,
            text: Arc::clone(&self.text),
            revision: self.revision,
            rematch: self.meta.rematch.clone(),
        }
    }

    /// The seat a token belongs to.
    fn seat(&self, token: &str) -> Result<usize, ApiError> {
        secret::seat_of(token, &self.hashes)
            .ok_or_else(|| ApiError::forbidden("this token is not a seat of this game"))
    }

    fn check_playing(&self) -> Result<(), ApiError> {
        if self.over() {
            return Err(ApiError::conflict(match &self.meta.ended {
                Some(Ending::Time { seat }) => {
                    format!("the game is over: {}'s time ran out", self.names[*seat as usize])
                }
                _ => "the game is over".to_string(),
            }));
        }
        Ok(())
    }

    fn check_ply(&self, ply: u64) -> Result<(), ApiError> {
        let now = self.record.len() as u64;
        if ply < now {
            return Err(ApiError::conflict(format!(
                "stale move: it was for ply {ply}, but the game is at ply {now} (reload the game)"
            )));
        }
        if ply > now {
            return Err(ApiError::conflict(format!(
                "ply {ply} has not been reached: the game is at ply {now}"
            )));
        }
        Ok(())
    }

    /// Plays `first` (if any) on a copy, then the chance tokens that follow by themselves:
    /// rolls that belong to nobody, to a computer seat, or that have one outcome. Returns the
    /// copy and the tokens; `self` is untouched.
    fn continue_with(&self, first: Option<&str>) -> Result<(Replay, Vec<String>), ApiError> {
        let mut position = self.position.clone();
        let mut movers = Vec::new();
        let mut tokens = Vec::new();
        let mut last = self.last.clone();
        if let Some(token) = first {
            movers.push(mover(&position));
            let played = position.play_text_touched(token).map_err(|e| match e.kind() {
                MoveErrorKind::Unreadable => ApiError::bad_request(e.to_string()),
                MoveErrorKind::Illegal => ApiError::unprocessable(e.to_string()),
                MoveErrorKind::GameOver => ApiError::conflict("the game is over"),
            })?;
            tokens.push(played.canonical);
            last = played.touched;
        }
        while position.to_move() == ToMove::Chance && tokens.len() <= MAX_AUTO {
            let by_itself = match position.chance_player() {
                None => true,
                Some(p) => matches!(self.seats[p.index()], SeatKind::Computer(_)),
            } || position.legal().len() == 1;
            if !by_itself {
                break;
            }
            let roll = self.roll(&position, self.record.len() + tokens.len())?;
            movers.push(None);
            let played = position
                .play_text_touched(&roll)
                .map_err(|e| ApiError::internal(format!("a roll did not play: {e}")))?;
            tokens.push(played.canonical);
            last = played.touched;
        }
        Ok((Replay { position, movers, last }, tokens))
    }

    /// The roll due at `ply`, from the game's fixed sequence.
    fn roll(&self, position: &AnyGame, ply: usize) -> Result<String, ApiError> {
        position
            .roll(secret::roll_seed(&self.secret, ply))
            .ok_or_else(|| ApiError::internal("no roll is due"))
    }
}

/// The games in play and everything that changes them.
pub struct Hub {
    store: Arc<dyn Store>,
    fanout: Arc<dyn FanOut>,
    games: std::sync::Mutex<HashMap<String, Arc<Mutex<Live>>>>,
    /// Searches running at once (the blocking pool has room for many more; the cores do not).
    ai: Arc<Semaphore>,
    /// `tabla serve --seed`: new games' secrets from the seed and their creation number.
    seeded: Option<Seeded>,
    /// Clocks in milliseconds (`{"initial_ms":N}`) are accepted: for tests only.
    test_clocks: bool,
    /// Counts changes to the lobby.
    lobby_tx: tokio::sync::watch::Sender<u64>,
    /// One quick pairing at a time.
    pairing: Mutex<()>,
    /// Held while ratings are read and written at the end of a rated game.
    rating_lock: Mutex<()>,
    /// Set when the server stops: timers end the games no more (a restarted server does).
    closed: std::sync::atomic::AtomicBool,
    /// Reviews running in this process, with the share done.
    reviewing: std::sync::Mutex<HashMap<String, f64>>,
    /// Thinking per ply of a review, in ms.
    review_ply_ms: std::sync::atomic::AtomicU64,
    /// Other instances write to the same database ([`Store::shared`]): games in memory are
    /// checked against the stored version before use, and background work (computer seats,
    /// clocks' timers, reviews) is done only while this instance holds the lead.
    shared: bool,
    /// This instance holds the lead (see [`Hub::lead`]); always true when not shared.
    leading: std::sync::atomic::AtomicBool,
}

/// Secrets that repeat from run to run (`tabla serve --seed S`): the n-th game created in the
/// database gets [`secret::seeded_secret`]`(S, n)`, so its dice and its computer seats' choices
/// are the same every time.
#[derive(Debug)]
pub struct Seeded {
    seed: u64,
    /// Games created so far, those stored before the server started included.
    created: std::sync::atomic::AtomicU64,
}

impl Seeded {
    /// Seed `seed`, with `stored` games already in the database (the next is number
    /// `stored + 1`).
    pub fn new(seed: u64, stored: u64) -> Seeded {
        Seeded { seed, created: stored.into() }
    }
}

type Slot = Arc<Mutex<Live>>;

/// What `POST /api/games` answers: the id and each seat's token (shown this once).
pub struct Created {
    /// The new game's id.
    pub id: String,
    /// Per seat: player name, kind, token for people, the person's name.
    pub seats: Vec<(&'static str, SeatKind, Option<String>, Option<String>)>,
}

/// A new game as asked for, before any checks.
pub struct NewGame {
    /// Registry id.
    pub game: String,
    /// Option values by key, as on the command line.
    pub options: Vec<(String, String)>,
    /// One per player (`"human"`, `{"kind":…,"name":…}`, …); `None`: every seat human.
    pub seats: Option<Vec<serde_json::Value>>,
    /// A record to start from.
    pub record: Option<String>,
    /// The clock as asked for; `None`: untimed.
    pub clock: Option<serde_json::Value>,
    /// Whether the game is rated.
    pub rated: bool,
    /// Token hashes given in advance per seat (a rematch); empty: new tokens.
    pub hashes: Vec<Option<[u8; 32]>>,
    /// Player identities given in advance per seat (a rematch); empty: from the seats' keys.
    pub players: Vec<Option<String>>,
}

fn store_error(e: StoreError) -> ApiError {
    match e {
        StoreError::Conflict => {
            ApiError::conflict("the game changed meanwhile (reload the game and try again)")
        }
        StoreError::Backend(e) => {
            tracing::error!(error = %e, "storage failed");
            ApiError::unavailable("storage failed; nothing was changed")
        }
    }
}

impl Hub {
    /// A hub over `store` and `fanout`, searching at most `searches` positions at once; new
    /// games get random secrets, or `seeded` ones.
    pub fn new(
        store: Arc<dyn Store>,
        fanout: Arc<dyn FanOut>,
        searches: usize,
        seeded: Option<Seeded>,
    ) -> Arc<Hub> {
        Arc::new(Hub {
            fanout,
            games: std::sync::Mutex::new(HashMap::new()),
            ai: Arc::new(Semaphore::new(searches.max(1))),
            seeded,
            test_clocks: false,
            lobby_tx: tokio::sync::watch::channel(0).0,
            pairing: Mutex::new(()),
            closed: false.into(),
            rating_lock: Mutex::new(()),
            reviewing: std::sync::Mutex::new(HashMap::new()),
            review_ply_ms: (analysis::REVIEW_PLY.as_millis() as u64).into(),
            leading: (!store.shared()).into(),
            shared: store.shared(),
            store,
        })
    }

    /// As [`Hub::new`], accepting clocks in milliseconds (`{"initial_ms":N,"increment_ms":M}`)
    /// when `test_clocks`: for tests of time-outs, never for a server people play on.
    #[doc(hidden)]
    pub fn with_test_clocks(
        store: Arc<dyn Store>,
        fanout: Arc<dyn FanOut>,
        searches: usize,
        seeded: Option<Seeded>,
        test_clocks: bool,
    ) -> Arc<Hub> {
        let mut hub = Arc::into_inner(Hub::new(store, fanout, searches, seeded)).expect("new");
        hub.test_clocks = test_clocks;
        Arc::new(hub)
    }

    /// A new game's secret: random, or the next seeded one.
    fn new_secret(&self) -> [u8; 32] {
        match &self.seeded {
            None => secret::new_secret(),
            Some(s) => {
                let n = s.created.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
                secret::seeded_secret(s.seed, n)
            }
        }
    }

    /// The server stops: no timer ends a game from now on (a restarted server will).
    pub fn close(&self) {
        self.closed.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// The fan-out watchers subscribe to.
    pub fn fanout(&self) -> &dyn FanOut {
        &*self.fanout
    }

    /// The game's slot, loaded from storage and replayed on first use.
    async fn slot(self: &Arc<Self>, id: &str) -> Result<Slot, ApiError> {
        let not_found = || ApiError::not_found(format!("no game with id '{id}'"));
        if !secret::plausible_id(id) {
            return Err(not_found());
        }
        let cached = self.games.lock().expect("games").get(id).cloned();
        if let Some(s) = cached {
            if self.shared {
                self.freshen(&s, id).await?;
            }
            return Ok(s);
        }
        let stored = self.store.load(id).await.map_err(store_error)?.ok_or_else(not_found)?;
        let live = tokio::task::spawn_blocking(move || Live::from_stored(stored))
            .await
            .map_err(|e| ApiError::internal(format!("replay: {e}")))?
            .map_err(|e| {
                tracing::error!(game = id, error = %e, "a stored game does not replay");
                ApiError::internal(format!("the stored game does not replay: {e}"))
            })?;
        let (slot, fresh) = {
            let mut games = self.games.lock().expect("games");
            match games.get(id) {
                Some(s) => (Arc::clone(s), false),
                None => {
                    let s = Arc::new(Mutex::new(live));
                    games.insert(id.to_string(), Arc::clone(&s));
                    (s, true)
                }
            }
        };
        if self.shared {
            // Another instance's note that came between the load and the insertion found
            // no copy here and was dropped; or the copy found was loaded earlier than ours.
            self.freshen(&slot, id).await?;
        }
        if fresh {
            // A computer whose turn was cut off (a restart) goes on; a clock that ran out
            // meanwhile ends the game now, another one is timed again.
            let mut live = slot.lock().await;
            if let Err(e) = self.flag_if_late(&slot, &mut live).await {
                tracing::error!(game = id, error = %e.message, "cannot end the game on time");
            }
            self.schedule(&slot, &mut live);
            self.arm(&slot, &mut live);
        }
        Ok(slot)
    }

    /// Whether a game exists.
    pub async fn exists(self: &Arc<Self>, id: &str) -> Result<(), ApiError> {
        self.slot(id).await.map(|_| ())
    }

    /// Creates a game after checking game, options, seats and record.
    ///
    /// # Errors
    /// 400 with what was wrong; 503 when storage fails.
    pub async fn create(self: &Arc<Self>, req: NewGame) -> Result<Created, ApiError> {
        let (info, opts, position) = new_position(&req.game, &req.options)?;
        let names = position.player_names();
        let specs: Vec<SeatSpec> = match &req.seats {
            None => {
                vec![SeatSpec { kind: SeatKind::Human, name: None, player_key: None }; names.len()]
            }
            Some(seats) => {
                if seats.len() != names.len() {
                    return Err(ApiError::bad_request(format!(
                        "seats: this game has {} players ({}), so seats needs {} entries, not {}",
                        names.len(),
                        names.join(", "),
                        names.len(),
                        seats.len()
                    )));
                }
                seats
                    .iter()
                    .enumerate()
                    .map(|(i, s)| SeatSpec::parse(i, s))
                    .collect::<Result<_, _>>()?
            }
        };
        let mut specs = specs;
        let kinds: Vec<SeatKind> = specs.iter().map(|s| s.kind).collect();
        let mut players: Vec<Option<String>> = vec![None; specs.len()];
        for (i, spec) in specs.iter_mut().enumerate() {
            if let Some(id) = req.players.get(i).cloned().flatten() {
                players[i] = Some(id);
            } else if let Some(key) = &spec.player_key {
                let who = self.identity(key, &format!("seats[{i}].player_key")).await?;
                spec.name.get_or_insert(who.name);
                players[i] = Some(who.id);
            }
        }
        if req.rated {
            if names.len() != 2 {
                return Err(ApiError::bad_request("rated: only two-player games are rated"));
            }
            if let Some(i) =
                (0..kinds.len()).find(|&i| kinds[i] == SeatKind::Human && players[i].is_none())
            {
                return Err(ApiError::bad_request(format!(
                    "rated: seats[{i}] needs a player_key (every person in a rated game has one)"
                )));
            }
            if players[0].is_some() && players[0] == players[1] {
                return Err(ApiError::bad_request("rated: a player cannot play themself"));
            }
        }
        let linked: Vec<String> = players.iter().flatten().cloned().collect();
        let mut linked_ratings = self.ratings_of(info.id, linked).await?.into_iter();
        let seat_ratings: Vec<Option<f64>> = players
            .iter()
            .map(|p| p.as_ref().and_then(|_| linked_ratings.next()).map(|r| r.rating))
            .collect();
        let clock = match &req.clock {
            None | Some(serde_json::Value::Null) => None,
            Some(v) => {
                Some(clocks::Clock::new(ClockSpec::parse(v, self.test_clocks)?, names.len()))
            }
        };
        if let Some(i) = kinds.iter().position(|k| *k == SeatKind::Computer(PERFECT)) {
            perfect_seat(i, &position)?;
        }
        if req.rated && kinds.iter().any(|k| matches!(k, SeatKind::Computer(_))) {
            return Err(ApiError::bad_request(
                "rated: a rated game is between people; every seat must be human or open",
            ));
        }
        let record: Vec<String> =
            req.record.as_deref().unwrap_or("").split_whitespace().map(str::to_string).collect();
        let options = opts.pairs().to_vec();
        let preset = |i: usize| req.hashes.get(i).copied().flatten();
        let mut human_tokens: Vec<Option<String>> = kinds
            .iter()
            .enumerate()
            .map(|(i, k)| (*k == SeatKind::Human && preset(i).is_none()).then(secret::new_token))
            .collect();
        let stored_seats: Vec<StoredSeat> = specs
            .iter()
            .zip(&human_tokens)
            .enumerate()
            .map(|(i, (s, t))| StoredSeat {
                kind: s.kind.label(),
                token_hash: t.as_deref().map(secret::hash_token).or(preset(i)),
                name: s.name.clone(),
                player_id: players[i].clone(),
            })
            .collect();
        let ratings = if seat_ratings.iter().any(Option::is_some) { seat_ratings } else { vec![] };
        let meta = Meta { clock, rated: req.rated, ratings, ..Meta::default() };
        // Replay the import (canonicalising it), then the rolls that follow by themselves.
        let (mut live, canonical, secret) = tokio::task::spawn_blocking({
            let stored_seats = stored_seats.clone();
            let options = options.clone();
            let meta_text = serde_json::to_string(&meta).expect("meta serialises");
            let hub = Arc::clone(self);
            move || -> Result<(Live, Vec<String>, [u8; 32]), ApiError> {
                let mut canonical = Vec::with_capacity(record.len());
                let mut p = position;
                for (i, token) in record.iter().enumerate() {
                    let played = p.play_text(token).map_err(|e| {
                        ApiError::bad_request(format!("record: move {} ('{token}'): {e}", i + 1))
                    })?;
                    canonical.push(played);
                }
                // Drawn once everything asked for is known to be fine, so that a refused
                // request does not use up a creation number of `--seed`.
                let secret = hub.new_secret();
                let draft = StoredGame {
                    id: String::new(),
                    game: info.id.to_string(),
                    options,
                    seats: stored_seats,
                    secret,
                    record: canonical.clone(),
                    version: 0,
                    resigned: None,
                    finished: false,
                    meta: meta_text,
                    timed: false,
                    created_at: 0,
                };
                let mut live = Live::from_stored(draft).map_err(ApiError::internal)?;
                // A game may start (or an import end) with a roll that is nobody's.
                let (next, tokens) = live.continue_with(None)?;
                if !tokens.is_empty() {
                    live.record.extend(tokens.iter().cloned());
                    canonical.extend(tokens);
                    live.movers.extend(next.movers);
                    live.position = next.position;
                    live.last = next.last;
                    live.state = state_json(&live.position, &live.last, None);
                }
                Ok((live, canonical, secret))
            }
        })
        .await
        .map_err(|e| ApiError::internal(format!("create: {e}")))??;
        let finished = live.over();
        // An imported game between people may start its clock at once.
        live.meta.clock = live.clock_after(clocks::now_ms(), &live.position, &live.movers, false);
        let meta_text = serde_json::to_string(&live.meta).expect("meta serialises");
        let mut attempts = 0;
        let id = loop {
            let id = secret::new_id();
            let game = StoredGame {
                id: id.clone(),
                game: info.id.to_string(),
                options: options.clone(),
                seats: stored_seats.clone(),
                secret,
                record: canonical.clone(),
                version: 0,
                resigned: None,
                finished,
                meta: meta_text.clone(),
                timed: live.meta.clock.is_some() && !finished,
                created_at: 0,
            };
            match self.store.create(game).await {
                Ok(()) => break id,
                Err(StoreError::Conflict) if attempts < 5 => attempts += 1,
                Err(e) => return Err(store_error(e)),
            }
        };
        live.id = id.clone();
        live.created_at = clocks::now_ms() / 1000;
        live.refresh();
        let seats = names
            .iter()
            .zip(&specs)
            .zip(human_tokens.iter_mut())
            .map(|((n, s), t)| (*n, s.kind, t.take(), s.name.clone()))
            .collect();
        tracing::info!(game = %id, kind = info.id, ply = live.record.len(), "game created");
        let slot = Arc::new(Mutex::new(live));
        self.games.lock().expect("games").insert(id.clone(), Arc::clone(&slot));
        {
            let mut live = slot.lock().await;
            self.schedule(&slot, &mut live);
            self.arm(&slot, &mut live);
            if live.listed() {
                self.lobby_changed();
            }
        }
        Ok(Created { id, seats })
    }

    /// The game as `GET /api/games/{id}` answers.
    ///
    /// # Errors
    /// 404 unknown game; 503 storage.
    pub async fn game_json(self: &Arc<Self>, id: &str) -> Result<String, ApiError> {
        let slot = self.slot(id).await?;
        let mut live = slot.lock().await;
        live.used = Instant::now();
        self.flag_if_late(&slot, &mut live).await?;
        Ok(live.json())
    }

    /// The game as it stood after the first `ply` tokens of its record
    /// (`GET /api/games/{id}?ply=N`): the shape of [`Hub::game_json`], with the record cut to
    /// `ply` and the state of that position, its last move marked. `version` and `connected`
    /// are the current ones; at the current ply it is the current game, resignation included.
    ///
    /// # Errors
    /// 404 unknown game; 400 `ply` beyond the current ply; 500 when the record no longer
    /// replays; 503 storage.
    pub async fn game_at(self: &Arc<Self>, id: &str, ply: u64) -> Result<String, ApiError> {
        let slot = self.slot(id).await?;
        let mut live = slot.clone().lock_owned().await;
        live.used = Instant::now();
        let now = live.record.len();
        let n = match usize::try_from(ply) {
            Ok(n) if n <= now => n,
            _ => {
                return Err(ApiError::bad_request(format!(
                    "ply {ply} has not been reached: the game is at ply {now} (ask for ?ply=N with N from 0 to {now})"
                )))
            }
        };
        if n == now {
            return Ok(live.json());
        }
        // A replay of the record up to `n` (milliseconds even for long games), under the
        // game's lock so that the record cannot change meanwhile.
        tokio::task::spawn_blocking(move || {
            guarded("the replay", || {
                let start = start(live.info, &live.options).map_err(ApiError::internal)?;
                let past = replay(start, &live.record[..n]).map_err(ApiError::internal)?;
                let state = state_json(&past.position, &past.last, None);
                Ok(live.render_at(&live.record[..n], &past.position, &state, None))
            })
        })
        .await
        .map_err(|e| ApiError::internal(format!("replay: {e}")))?
    }

    /// The current frame of a game, for a watcher that connects or fell behind.
    pub async fn frame(self: &Arc<Self>, id: &str) -> Result<Frame, ApiError> {
        let slot = self.slot(id).await?;
        let live = slot.lock().await;
        Ok(live.frame())
    }

    /// The record as one line.
    ///
    /// # Errors
    /// 404 unknown game.
    pub async fn record(self: &Arc<Self>, id: &str) -> Result<String, ApiError> {
        let slot = self.slot(id).await?;
        let live = slot.lock().await;
        Ok(live.record.join(" "))
    }

    /// Plays `text` (or a roll, when `text` is `roll`) for the seat of `token` at `ply`.
    /// Returns the game after the move and the rolls that followed it.
    ///
    /// # Errors
    /// 403, 409, 400, 422 as the contract says; 503 storage.
    pub async fn play(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        ply: u64,
        text: &str,
    ) -> Result<String, ApiError> {
        let slot = self.slot(id).await?;
        let mut live = slot.lock().await;
        live.used = Instant::now();
        let seat = live.seat(token)?;
        self.flag_if_late(&slot, &mut live).await?;
        live.check_playing()?;
        live.check_started()?;
        live.check_ply(ply)?;
        let name = live.names[seat];
        let token = match live.position.to_move() {
            ToMove::Player(p) if p.index() != seat => {
                return Err(ApiError::forbidden(format!(
                    "it is {}'s turn; this token is {name}'s",
                    live.names[p.index()]
                )))
            }
            ToMove::Player(_) if text.trim() == "roll" => {
                return Err(ApiError::unprocessable(format!("no roll is due: {name} is to move")))
            }
            ToMove::Player(_) => text.to_string(),
            ToMove::Chance => {
                let owner = live.position.chance_player().map(|p| p.index());
                match owner {
                    Some(o) if o != seat => {
                        return Err(ApiError::forbidden(format!(
                            "it is {}'s roll; this token is {name}'s",
                            live.names[o]
                        )))
                    }
                    _ if text.trim() != "roll" => {
                        return Err(ApiError::unprocessable(format!(
                        "a die roll is due: send {{\"move\":\"roll\",\"ply\":{ply}}}, not '{text}'"
                    )))
                    }
                    _ => live.roll(&live.position, live.record.len())?,
                }
            }
            ToMove::Over => return Err(ApiError::conflict("the game is over")),
        };
        self.advance(&slot, &mut live, &token).await?;
        Ok(live.json())
    }

    /// Plays `token` and what follows by itself, commits, publishes, and lets a computer
    /// seat that is now to move think.
    async fn advance(
        self: &Arc<Self>,
        slot: &Slot,
        live: &mut Live,
        token: &str,
    ) -> Result<(), ApiError> {
        let (next, tokens, state) = guarded("the move", || {
            let (next, tokens) = live.continue_with(Some(token))?;
            let state = state_json(&next.position, &next.last, None);
            Ok((next, tokens, state))
        })?;
        let finished = next.position.to_move() == ToMove::Over;
        let mut meta = live.meta.clone();
        let movers: Vec<Option<u8>> = live.movers.iter().chain(&next.movers).copied().collect();
        meta.clock = live.clock_after(clocks::now_ms(), &next.position, &movers, true);
        // An offer is void after the next move.
        meta.offers.clear();
        let edit = Edit::Append { ply: live.record.len(), tokens: tokens.clone() };
        let (ratings, _lock) =
            if finished { self.rate(live, &state, &mut meta).await? } else { (vec![], None) };
        let mut change = live.change(edit, finished, &meta);
        change.ratings = ratings;
        self.commit(change).await?;
        live.meta = meta;
        for (t, m) in tokens.iter().zip(&next.movers) {
            let who = m.map_or("chance", |m| live.names[m as usize]);
            tracing::info!(game = %live.id, ply = live.record.len(), by = who, mv = %t, "move");
            live.record.push(t.clone());
        }
        live.movers.extend(next.movers);
        live.position = next.position;
        live.last = next.last;
        self.changed(slot, live, state);
        Ok(())
    }

    /// Commits a change. When storage says the game moved on without us (another server
    /// instance on a shared database), the game in memory is stale: forget it, so that the
    /// next request rebuilds it from storage.
    async fn commit(&self, change: Change) -> Result<(), ApiError> {
        let id = change.id.clone();
        self.store.commit(change).await.map_err(|e| {
            // Shared: the copy is brought up to date in place by the next use (or the
            // other instance's note), keeping its sockets' counts.
            if e == StoreError::Conflict && !self.shared {
                self.games.lock().expect("games").remove(&id);
            }
            store_error(e)
        })
    }

    /// After a committed change: new version, its state (computed before the commit, so that
    /// nothing after the commit can fail), tell the watchers, maybe think.
    fn changed(self: &Arc<Self>, slot: &Slot, live: &mut Live, state: Box<RawValue>) {
        live.version += 1;
        live.state = state;
        live.refresh();
        self.fanout.publish(&live.id, live.frame());
        self.schedule(slot, live);
        self.arm(slot, live);
        let listed = live.listed();
        if listed || live.in_lobby {
            self.lobby_changed();
        }
        live.in_lobby = listed;
    }

    /// Resigns for the seat of `token`: the game is over, the others win.
    ///
    /// # Errors
    /// 403 not a seat; 409 over.
    pub async fn resign(self: &Arc<Self>, id: &str, token: &str) -> Result<String, ApiError> {
        let slot = self.slot(id).await?;
        let mut live = slot.lock().await;
        let seat = live.seat(token)?;
        self.flag_if_late(&slot, &mut live).await?;
        live.check_playing()?;
        if live.has_open_seat() {
            return Err(ApiError::conflict(
                "waiting for a player to take the open seat: cancel the game instead",
            ));
        }
        let ending = Ending::Resigned { seat: seat as u8 };
        let state = guarded("the resignation", || {
            Ok(state_json(&live.position, &live.last, Some(&ending)))
        })?;
        let mut meta = live.meta.clone();
        meta.clock = live.clock_stopped(clocks::now_ms());
        meta.offers.clear();
        meta.ended = Some(ending);
        let (ratings, _lock) = self.rate(&live, &state, &mut meta).await?;
        let mut change = live.change(Edit::Resign { seat: seat as u8 }, true, &meta);
        change.ratings = ratings;
        self.commit(change).await?;
        tracing::info!(game = %live.id, ply = live.record.len(), by = live.names[seat], "resigned");
        live.meta = meta;
        self.changed(&slot, &mut live, state);
        Ok(live.json())
    }

    /// Takes back the last move of the seat of `token` and everything after it; only when
    /// every other seat is a computer. With `ply`, only if the game is still there.
    ///
    /// # Errors
    /// 403 not a seat, or not a game against the computer; 409 stale, resigned, or nothing
    /// to undo.
    pub async fn undo(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        ply: Option<u64>,
    ) -> Result<String, ApiError> {
        let slot = self.slot(id).await?;
        let mut live = slot.lock().await;
        let seat = live.seat(token)?;
        if live
            .seats
            .iter()
            .enumerate()
            .any(|(i, k)| i != seat && !matches!(k, SeatKind::Computer(_)))
        {
            return Err(ApiError::forbidden(
                "undo is only for games against the computer: another seat is a person",
            ));
        }
        self.flag_if_late(&slot, &mut live).await?;
        if let Some(e) = &live.meta.ended {
            return Err(ApiError::conflict(match e {
                Ending::Resigned { .. } => "the game is over: a seat resigned",
                _ => "the game is over: it did not end by its rules, so it cannot be taken back",
            }));
        }
        if let Some(ply) = ply {
            live.check_ply(ply)?;
        }
        let Some(to) = live.movers.iter().rposition(|m| *m == Some(seat as u8)) else {
            return Err(ApiError::conflict(format!(
                "nothing to undo: {} has not moved",
                live.names[seat]
            )));
        };
        self.take_back_to(&slot, &mut live, to, seat as u8, "undo").await?;
        Ok(live.json())
    }

    /// Cuts the record back to `to` tokens (an undo against the computer, an agreed takeback
    /// between people): the position replayed, pending offers void, the clock of the player
    /// to move running again; committed, then published. `by` took it back; `what` names it
    /// in the log.
    async fn take_back_to(
        self: &Arc<Self>,
        slot: &Slot,
        live: &mut Live,
        to: usize,
        by: u8,
        what: &'static str,
    ) -> Result<(), ApiError> {
        let (replayed, state) = guarded(what, || {
            let start = start(live.info, &live.options).map_err(ApiError::internal)?;
            let replayed = replay(start, &live.record[..to]).map_err(ApiError::internal)?;
            let state = state_json(&replayed.position, &replayed.last, None);
            Ok((replayed, state))
        })?;
        let finished = replayed.position.to_move() == ToMove::Over;
        let mut meta = live.meta.clone();
        meta.offers.clear();
        meta.clock =
            live.clock_after(clocks::now_ms(), &replayed.position, &replayed.movers, false);
        self.commit(live.change(Edit::Truncate { ply: to }, finished, &meta)).await?;
        let who = live.names[by as usize];
        tracing::info!(game = %live.id, from = live.record.len(), to, by = who, "{what}");
        live.meta = meta;
        live.record.truncate(to);
        live.movers = replayed.movers;
        live.position = replayed.position;
        live.last = replayed.last;
        self.changed(slot, live, state);
        Ok(())
    }

    /// A suggestion for the seat of `token`, which must be to move.
    ///
    /// # Errors
    /// 403 not a seat or not to move; 409 over or a roll is due.
    pub async fn hint(self: &Arc<Self>, id: &str, token: &str) -> Result<String, ApiError> {
        let slot = self.slot(id).await?;
        let position = {
            let live = slot.lock().await;
            let seat = live.seat(token)?;
            live.check_playing()?;
            match live.position.to_move() {
                ToMove::Player(p) if p.index() == seat => {}
                ToMove::Player(p) => {
                    return Err(ApiError::forbidden(format!(
                        "it is {}'s turn; hints are for the seat to move",
                        live.names[p.index()]
                    )))
                }
                _ => return Err(ApiError::conflict("a die roll is due, not a move")),
            }
            if !live.seats.iter().any(|k| matches!(k, SeatKind::Computer(_))) {
                return Err(ApiError::forbidden(
                    "no hints in a game between people (fair play): every seat is a person",
                ));
            }
            live.position.clone()
        };
        let permit = tokio::time::timeout(HINT_WAIT, Arc::clone(&self.ai).acquire_owned())
            .await
            .map_err(|_| ApiError::unavailable("the computer is busy; ask again in a moment"))?
            .expect("semaphore open");
        let found = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            tabla_ai::analyse(&position, HINT_TIME).moves.into_iter().next().map(|m| m.mv)
        })
        .await
        .map_err(|e| ApiError::internal(format!("hint search: {e}")))?;
        found.ok_or_else(|| ApiError::conflict("no move to suggest"))
    }

    /// Registers a watcher that showed the token of a seat; returns the seat's name.
    ///
    /// # Errors
    /// 403 not a seat.
    pub async fn hello(
        self: &Arc<Self>,
        id: &str,
        token: &str,
    ) -> Result<(usize, &'static str), ApiError> {
        let slot = self.slot(id).await?;
        let mut live = slot.lock().await;
        let seat = live.seat(token)?;
        live.connected[seat] += 1;
        if live.connected[seat] == 1 {
            live.refresh();
            self.fanout.publish(&live.id, live.frame());
        }
        Ok((seat, live.names[seat]))
    }

    /// A live socket opened (`open`) or closed on the game: the watcher count changes.
    pub async fn socket(self: &Arc<Self>, id: &str, open: bool) {
        let Ok(slot) = self.slot(id).await else { return };
        let mut live = slot.lock().await;
        live.sockets = if open { live.sockets + 1 } else { live.sockets.saturating_sub(1) };
        live.refresh();
        self.fanout.publish(&live.id, live.frame());
    }

    /// The watcher of a seat left.
    pub async fn bye(self: &Arc<Self>, id: &str, seat: usize) {
        let Ok(slot) = self.slot(id).await else { return };
        let mut live = slot.lock().await;
        live.connected[seat] = live.connected[seat].saturating_sub(1);
        if live.connected[seat] == 0 {
            live.refresh();
            self.fanout.publish(&live.id, live.frame());
        }
    }

    /// Starts the computer's search if a computer seat is to move and none is running (and
    /// this instance holds the lead).
    fn schedule(self: &Arc<Self>, slot: &Slot, live: &mut Live) {
        if live.computer_busy || live.over() || live.has_open_seat() || !self.leads() {
            return;
        }
        let Some(seat) = mover(&live.position) else { return };
        let SeatKind::Computer(level) = live.seats[seat as usize] else { return };
        live.computer_busy = true;
        let job = ComputerTurn {
            position: live.position.clone(),
            version: live.version,
            seat: seat as usize,
            level,
            seed: secret::ai_seed(&live.secret, live.record.len()),
        };
        let hub = Arc::clone(self);
        let slot = Arc::clone(slot);
        tokio::spawn(async move { hub.computer_turn(slot, job).await });
    }

    async fn computer_turn(self: Arc<Self>, slot: Slot, job: ComputerTurn) {
        // The seat's clock runs while it queues for a search slot: it waits only so long.
        let patience = {
            let live = slot.lock().await;
            live.meta.clock.as_ref().filter(|c| c.running == Some(job.seat as u8)).map(|c| {
                let now = clocks::now_ms();
                let left = c.remaining_at(now)[job.seat];
                pacing::patience(left, c.spec.increment_ms, now - c.since)
            })
        };
        let wait = Arc::clone(&self.ai).acquire_owned();
        let permit = match patience {
            None => Some(wait.await.expect("semaphore open")),
            Some(p) => tokio::time::timeout(p, wait).await.ok().map(|p| p.expect("semaphore open")),
        };
        let budget = {
            let mut live = slot.lock().await;
            if live.version != job.version {
                // Changed while queued (an undo, a resignation): think again about the new one.
                drop(permit);
                live.computer_busy = false;
                self.schedule(&slot, &mut live);
                return;
            }
            // On a clock, the time left decides (read now: the wait for a slot counted).
            // Perfect play thinks as long as the strongest level (it needs time only where
            // it proves its moves by search, and falls back to that level).
            let level = if job.level == PERFECT { tabla_ai::MAX_LEVEL } else { job.level };
            let mut budget = tabla_ai::Budget::level_in(&job.position, level);
            if let Some(clock) = live.meta.clock.as_ref().filter(|c| c.spec.days.is_none()) {
                let now = clocks::now_ms();
                let left = clock.remaining_at(now)[job.seat];
                let waited =
                    if clock.running == Some(job.seat as u8) { now - clock.since } else { 0 };
                let level_time = tabla_ai::level_time_in(&job.position, level);
                let think =
                    pacing::computer_time(level_time, left, clock.spec.increment_ms, waited);
                budget.time = Some(think);
                budget.extend = Some(pacing::critical_time(think, left));
            }
            if permit.is_none() {
                tracing::info!(game = %live.id, "no search slot in time: the computer plays a quick move");
                budget.time = budget.time.map(|t| t.min(pacing::QUICK_MOVE));
                budget.extend = None;
            }
            budget
        };
        let ComputerTurn { position, version, seed, level, .. } = job;
        let found = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            if level == PERFECT {
                let time = budget
                    .time
                    .unwrap_or_else(|| tabla_ai::level_time_in(&position, tabla_ai::MAX_LEVEL));
                return Ok(tabla_ai::solve::perfect_move_dyn(&position, time, seed));
            }
            tabla_ai::best_move_dyn(&position, budget, seed)
        })
        .await;
        let mut live = slot.lock().await;
        live.computer_busy = false;
        if live.version != version {
            self.schedule(&slot, &mut live);
            return;
        }
        // Its clock may have run out while it thought (the timer waits for this lock): then
        // the game ends on time, as a person's move that comes too late is refused.
        if let Err(e) = self.flag_if_late(&slot, &mut live).await {
            tracing::error!(game = %live.id, error = %e.message, "cannot end the game on time");
            return;
        }
        if live.version != version {
            tracing::warn!(game = %live.id, "the computer ran out of time");
            return;
        }
        match found {
            Ok(Ok(Some(mv))) => {
                if let Err(e) = self.advance(&slot, &mut live, &mv).await {
                    tracing::error!(game = %live.id, mv = %mv, error = %e.message, "the computer's move failed");
                }
            }
            Ok(Ok(None)) => tracing::error!(game = %live.id, "the computer found no move"),
            Ok(Err(e)) => {
                tracing::error!(game = %live.id, error = %e, "the computer's search failed")
            }
            Err(e) => {
                tracing::error!(game = %live.id, error = %e, "the computer's search panicked")
            }
        }
    }

    /// Loads the unfinished games with computer seats or clocks, so that a computer whose turn
    /// was cut off by a restart (or by the death of the instance that held the lead) plays
    /// it, and every running clock has its timer.
    pub async fn resume(self: &Arc<Self>) {
        self.resume_reviews().await;
        match self.store.resumable().await {
            Ok(ids) => {
                for id in ids {
                    match self.slot(&id).await {
                        Ok(slot) => {
                            // Already in memory (held while this instance did not lead):
                            // no timer, no search yet.
                            let mut live = slot.lock().await;
                            self.schedule(&slot, &mut live);
                            if live.timer.is_none() {
                                self.arm(&slot, &mut live);
                            }
                        }
                        Err(e) => tracing::error!(game = %id, error = %e.message, "cannot resume"),
                    }
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot list the games to resume"),
        }
    }

    /// Whether this instance does background work: always on one SQLite file; with several
    /// instances, only the one holding the lead.
    pub fn leads(&self) -> bool {
        self.leading.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Whether the server is stopping.
    pub fn is_closed(&self) -> bool {
        self.closed.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// This instance took the lead (`true`: it resumes every computer seat, clock and
    /// review of the database) or lost it (`false`: it starts no more background work).
    pub async fn lead(self: &Arc<Self>, leading: bool) {
        let was = self.leading.swap(leading, std::sync::atomic::Ordering::SeqCst);
        if leading && !was {
            tracing::info!("this instance leads: it runs computer seats, clocks and reviews");
            self.resume().await;
        } else if was && !leading {
            tracing::warn!("this instance lost the lead");
        }
    }

    /// Shared database: the copy of game `id` in memory is brought up to the stored version.
    async fn freshen(self: &Arc<Self>, slot: &Slot, id: &str) -> Result<(), ApiError> {
        let Some(stored) = self.store.version(id).await.map_err(store_error)? else {
            return Ok(());
        };
        let mut live = slot.lock().await;
        if stored > live.version {
            self.reload(slot, &mut live).await?;
        }
        Ok(())
    }

    /// Replaces the copy in memory by the stored game when that is newer (changed by another
    /// instance), keeping this instance's sockets; tells the watchers here, and does what
    /// the new version asks for (a computer's turn, a clock's timer) if this instance leads.
    async fn reload(self: &Arc<Self>, slot: &Slot, live: &mut Live) -> Result<(), ApiError> {
        let Some(stored) = self.store.load(&live.id).await.map_err(store_error)? else {
            return Ok(());
        };
        if stored.version <= live.version {
            return Ok(());
        }
        let id = live.id.clone();
        let mut fresh = tokio::task::spawn_blocking(move || Live::from_stored(stored))
            .await
            .map_err(|e| ApiError::internal(format!("replay: {e}")))?
            .map_err(|e| {
                tracing::error!(game = %id, error = %e, "a stored game does not replay");
                ApiError::internal(format!("the stored game does not replay: {e}"))
            })?;
        fresh.sockets = live.sockets;
        if fresh.connected.len() == live.connected.len() {
            fresh.connected = std::mem::take(&mut live.connected);
        }
        fresh.computer_busy = live.computer_busy;
        if let Some(t) = live.timer.take() {
            t.abort();
        }
        let was_listed = live.in_lobby;
        fresh.refresh();
        *live = fresh;
        self.fanout.publish(&live.id, live.frame());
        self.schedule(slot, live);
        self.arm(slot, live);
        if was_listed || live.in_lobby {
            self.lobby_changed();
        }
        Ok(())
    }

    /// What another instance told through the database: a game changed (reload the copy
    /// here, if any, so that its watchers see the change; take on its computer seats and
    /// clock when this instance leads), or a review was asked for (run it when leading).
    pub async fn on_note(self: &Arc<Self>, note: Note) {
        match note {
            Note::Game { id, version, work, lobby } => {
                if lobby {
                    self.lobby_changed();
                }
                let cached = self.games.lock().expect("games").get(&id).cloned();
                let mine = work && self.leads();
                match cached {
                    Some(slot) => {
                        let mut live = slot.lock().await;
                        if live.version >= version {
                            return;
                        }
                        if !mine && self.forget_unwatched(&id, &slot) {
                            if let Some(t) = live.timer.take() {
                                t.abort();
                            }
                            return;
                        }
                        if let Err(e) = self.reload(&slot, &mut live).await {
                            tracing::error!(game = %id, error = %e.message, "cannot reload");
                        }
                    }
                    None if mine => {
                        if let Err(e) = self.slot(&id).await {
                            tracing::error!(game = %id, error = %e.message, "cannot take on");
                        }
                    }
                    None => {}
                }
            }
            Note::Review { id } => {
                if self.leads() {
                    self.run_review(&id);
                }
            }
        }
    }

    /// Nobody here watches game `id`: forget its copy `slot` (the next use loads it) rather
    /// than replay every change made elsewhere. Decided under the map's lock, which every
    /// lookup takes: a socket subscribes before it looks the game up, so either it is seen
    /// here, or its lookup comes after the removal and loads the game afresh. (Counting
    /// `sockets` instead lost a watcher whose count landed on a copy forgotten meanwhile.)
    fn forget_unwatched(&self, id: &str, slot: &Slot) -> bool {
        let mut games = self.games.lock().expect("games");
        if self.fanout.watched(id) {
            return false;
        }
        if games.get(id).is_some_and(|s| Arc::ptr_eq(s, slot)) {
            games.remove(id);
        }
        true
    }

    /// After notes may have been missed (the listening connection was lost): every game in
    /// memory is checked against storage.
    pub async fn resync(self: &Arc<Self>) {
        let ids: Vec<(String, Slot)> = self
            .games
            .lock()
            .expect("games")
            .iter()
            .map(|(k, v)| (k.clone(), Arc::clone(v)))
            .collect();
        for (id, slot) in ids {
            if let Err(e) = self.freshen(&slot, &id).await {
                tracing::error!(game = %id, error = %e.message, "cannot check the game");
            }
        }
        self.lobby_changed();
    }

    /// Forgets games nobody has used for `idle` (they are rebuilt from storage when asked for
    /// again), keeping those with a seat connected or a computer thinking.
    pub fn sweep(&self, idle: Duration) {
        let mut games = self.games.lock().expect("games");
        games.retain(|_, slot| {
            // Held elsewhere (a request, a computer's turn): keep.
            if Arc::strong_count(slot) > 1 {
                return true;
            }
            let Ok(live) = slot.try_lock() else { return true };
            live.computer_busy
                || live.connected.iter().any(|&n| n > 0)
                || live.sockets > 0
                || live.used.elapsed() < idle
        });
    }
}

struct ComputerTurn {
    position: AnyGame,
    version: u64,
    seat: usize,
    level: u8,
    seed: u64,
}

/// A new value of the process-wide render counter: every rendering of any game gets a larger
/// one, so a socket can drop a frame older than what it showed even when both show the same
/// version (a presence change published late by another task), and even across an unload and
/// reload of the game.
fn next_revision() -> u64 {
    static REVISION: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    REVISION.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}
