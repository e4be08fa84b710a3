// The analysis board's engine: the socket `GET /api/analyse/live` (a request frame per node;
// the server answers a frame per finished search iteration, the last one `final`) and what a
// frame shows. The socket is handed in (`openSocket`), and nothing here touches the DOM, so
// node tests it all.

export const LINES = 3;
export const TIME_MS = 5000;

/** The text frame that asks for one node. `position` only when the board starts from one. */
export function analyseRequest({ game, options, position, record, lines = LINES, timeMs = TIME_MS }) {
  const req = { game, options: options || {}, record: (record || []).join(' '), lines, time_ms: timeMs };
  if (position) req.position = position;
  return req;
}

/**
 * A value (expected score 0..1 of `player`) seen from the first seat: the bar always shows
 * one seat's side. Two players: the other's value is 1 − value. More: known only for seat 0.
 */
export function seatValue(value, player, players) {
  if (typeof value !== 'number' || !players || !players.length) return null;
  if (player === players[0]) return value;
  if (players.length === 2 && players.includes(player)) return 1 - value;
  return null;
}

/** "63%" */
export function percent(v) {
  return typeof v === 'number' ? `${Math.round(v * 100)}%` : '–';
}

/** "45.33%": an exact value, shown to two decimals so that it reads as more than an estimate. */
export function percentExact(v) {
  return typeof v === 'number' ? `${(v * 100).toFixed(2)}%` : '–';
}

const VERDICT = { win: 'won', loss: 'lost', draw: 'drawn' };
const OTHER = { won: 'lost', lost: 'won', drawn: 'drawn' };

/**
 * What is proven of a position for `player`: 'won' | 'lost' | 'drawn', or null when nothing
 * is. From the solver's proof (`solved`, Amazons) or an exact value of 1 or 0 (Bulgarian Ur's
 * table). The distance to the end is [turnsOf]'s, where the proof found it.
 */
export function verdictOf(frame) {
  if (!frame) return null;
  if (frame.solved && VERDICT[frame.solved.value]) return VERDICT[frame.solved.value];
  if (frame.exact && frame.value === 1) return 'won';
  if (frame.exact && frame.value === 0) return 'lost';
  return null;
}

/**
 * Turns to the end of the game with best play where the proof knows them (`solved.in`: Seega's
 * endgame tables, and Amazons where the solver also found the length in its time), else null. The same for both seats: it counts turns, not
 * whose they are.
 */
export function turnsOf(frame) {
  return frame && frame.solved && typeof frame.solved.in === 'number' ? frame.solved.in : null;
}

/** A verdict for `player` seen from the first seat (two players), else null. */
export function seatVerdict(verdict, player, players) {
  if (!verdict || !players || !players.length) return null;
  if (player === players[0]) return verdict;
  if (players.length === 2 && players.includes(player)) return OTHER[verdict];
  return null;
}

/**
 * Whether a frame belongs to this position: the same side to move and only its legal moves
 * (a frame of the search before may still arrive after the node changed).
 */
export function fitsState(frame, state) {
  if (!frame || !state || frame.error) return !!frame;
  if ('to_move' in frame && frame.to_move !== state.to_move) return false;
  const legal = new Set(state.legal || []);
  return (frame.moves || []).every((m) => legal.has(m.move));
}

/**
 * What the page shows of a frame:
 * - `seat0` the value for the first player (the bar), `player`/`value` as the server said;
 * - `lines` the best moves (up to `lines`) with value and principal variation;
 * - `all` every move (Bulgarian Ur lists every move's win chance; at a chance node these are
 *   the outcomes, each with its probability `chance`);
 * - `best` the best move to mark on the board (none at a chance node);
 * - `depth`, `elapsedMs`, `final`; or `error` / `retryMs` for an error frame;
 * - `exact` the values are exact (Bulgarian Ur's table, Seega's endgame tables), not
 *   estimates; `verdict` what is proven for `player` ('won' | 'lost' | 'drawn' | null) and
 *   `seat0Verdict` for the first seat (a proven result also sets the bar: 1, 0 or ½);
 *   `turns` the turns to the end where a table knows them (each move's `turns` likewise);
 *   `winning` the proven best move; `defence` in a proven loss, the longest defence.
 */
export function engineView(frame, { players, lines = LINES } = {}) {
  if (!frame) return null;
  if (frame.error) return { error: String(frame.error), retryMs: typeof frame.retry_after_ms === 'number' ? frame.retry_after_ms : null };
  const moves = (frame.moves || []).map((m) => ({ move: m.move, value: m.value, visits: m.visits, pv: m.pv || null, chance: typeof m.chance === 'number' ? m.chance : null, turns: typeof m.in === 'number' ? m.in : null }));
  const chance = frame.to_move === 'chance';
  const verdict = verdictOf(frame);
  const seat0Verdict = seatVerdict(verdict, frame.player, players);
  const proven = { won: 1, lost: 0, drawn: 0.5 }[seat0Verdict];
  return {
    error: null,
    player: frame.player || null,
    value: typeof frame.value === 'number' ? frame.value : null,
    seat0: proven ?? seatValue(frame.value, frame.player, players),
    exact: frame.exact === true,
    verdict,
    seat0Verdict,
    turns: turnsOf(frame),
    winning: (frame.solved && frame.solved.best) || null,
    defence: (frame.solved && frame.solved.defence) || null,
    chance,
    lines: chance ? [] : moves.slice(0, lines),
    all: moves,
    // A proven move (the fastest win, a draw held, the longest defence) is the one to mark,
    // before the search's favourite.
    best: chance ? null : (frame.solved && (frame.solved.best || frame.solved.defence)) || (moves.length ? moves[0].move : null),
    depth: frame.depth ?? null,
    elapsedMs: frame.elapsed_ms ?? null,
    final: !!frame.final,
  };
}

/**
 * The socket, kept open while the engine is on: `analyse(req)` asks for a node (at once when
 * open, else once connected), `stop()` closes it. It reconnects by itself after a drop (waiting
 * longer each time), and a busy answer (`retry_after_ms`) asks again after that long.
 * `onStatus` hears 'connecting' | 'open' | 'down' | 'busy' | 'off'.
 */
export class EngineClient {
  constructor({ url, openSocket, timers = globalThis, onFrame = () => {}, onStatus = () => {} }) {
    Object.assign(this, { url, openSocket, timers, onFrame, onStatus });
    this.ws = null;
    this.want = null;
    this.timer = null;
    this.delay = 1000;
    this.status = 'off';
  }

  setStatus(s) {
    if (this.status === s) return;
    this.status = s;
    this.onStatus(s);
  }

  analyse(req) {
    this.want = req;
    this.clearTimer();
    if (this.ws && this.ws.readyState === 1) this.send();
    else if (!this.ws) this.connect();
  }

  stop() {
    this.want = null;
    this.clearTimer();
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close();
    this.setStatus('off');
  }

  clearTimer() {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  later(ms, fn) {
    this.clearTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      fn();
    }, ms);
  }

  send() {
    if (this.want && this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify(this.want));
  }

  connect() {
    this.setStatus('connecting');
    let ws;
    try {
      ws = this.openSocket(this.url);
    } catch (_) {
      this.dropped();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.delay = 1000;
      this.setStatus('open');
      this.send();
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      let frame;
      try {
        frame = JSON.parse(ev.data);
      } catch (_) {
        return;
      }
      if (frame && frame.error && typeof frame.retry_after_ms === 'number') {
        // Busy: say so, and ask again for the same node after the time the server named.
        this.setStatus('busy');
        this.later(Math.max(200, frame.retry_after_ms), () => this.send());
      } else if (this.status === 'busy') this.setStatus('open');
      this.onFrame(frame);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.dropped();
    };
    ws.onerror = () => {};
  }

  dropped() {
    if (!this.want) return this.setStatus('off');
    this.setStatus('down');
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, 15000);
    this.later(wait, () => this.want && !this.ws && this.connect());
  }
}
