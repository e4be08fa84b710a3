// Following a game live: one WebSocket per page, reconnection, catch-up, and which game
// answer is the newest.
//
// The server sends the whole game on connect and after every change, so catching up after a
// dropped connection is just reconnecting: the first frame is the whole truth. Answers to our
// own HTTP requests race with socket frames; `ply` (or `version` when the server sends one)
// decides which is newer. Browsers cannot send WebSocket pings, so the page sends a small
// message every few seconds and reconnects when nothing comes back for a while.
//
// Imports nothing from the DOM: the socket and the timers are handed in, so node tests it.

/** Waits between reconnection attempts, in ms; the last repeats. */
export const BACKOFF_MS = [250, 500, 1000, 2000, 3000, 5000];

/**
 * Whether `game` should replace `current`. `version` (a counter the server may add that grows
 * with every change, undo included) decides when both have it; otherwise the ply does, and an
 * equal ply counts as newer only when something else differs (a resignation).
 */
export function isNewer(game, current) {
  if (!current) return true;
  if (typeof game.version === 'number' && typeof current.version === 'number') {
    // Equal versions may still differ in who is connected.
    return game.version > current.version || (game.version === current.version && fingerprint(game) !== fingerprint(current));
  }
  if (game.ply !== current.ply) return game.ply > current.ply;
  return fingerprint(game) !== fingerprint(current);
}

function fingerprint(g) {
  return JSON.stringify([g.record, g.state && g.state.result, g.state && g.state.to_move, g.seats, g.connected, g.watchers, g.resigned]);
}

/**
 * What to do with a move that could not be sent (the connection was down), once a fresh game
 * arrives: send it again while the game still waits at its ply, forget it otherwise (it
 * landed before the connection dropped, or the game has moved on). The staleness check on the
 * server makes a resend harmless either way.
 * @returns {'resend' | 'drop'}
 */
export function resolvePending(pending, game) {
  if (!pending || !game) return 'drop';
  if (game.ply === pending.ply && game.state && game.state.result == null) return 'resend';
  return 'drop';
}

/**
 * A live connection to one game.
 *
 * @param {object} o
 * @param {string} o.url WebSocket address of `/api/games/{id}/live`.
 * @param {string|null} o.token A seat's token, announced first as `{"hello": token}`, or null.
 * @param {(url: string) => object} o.openSocket Makes a WebSocket-like object.
 * @param {{setTimeout: Function, clearTimeout: Function, setInterval: Function, clearInterval: Function, now: () => number}} o.timers
 * @param {(game: object, how: {catchUp: boolean}) => void} o.onGame A newer game arrived.
 * @param {(status: 'connecting'|'open'|'down') => void} [o.onStatus]
 * @param {(msg: object) => void} [o.onOther] Any frame that is not a game (presence, pong).
 */
export class Live {
  constructor({ url, token = null, openSocket, timers, onGame, onStatus = () => {}, onOther = () => {}, heartbeatMs = 4000, deadMs = 12000, backoff = BACKOFF_MS }) {
    Object.assign(this, { url, token, openSocket, timers, onGame, onStatus, onOther, heartbeatMs, deadMs, backoff });
    /** The newest game seen, from the socket or from an answer. */
    this.game = null;
    /** 'connecting' | 'open' | 'down' | 'stopped'. */
    this.status = 'stopped';
    /** Reconnection attempts since the last good connection. */
    this.attempts = 0;
    /** The last time anything came from the server. */
    this.lastHeard = 0;
    /** After an answer of ours with a higher ply than the socket's, socket frames below it are late. */
    this.floor = null;
    this.socket = null;
    this.fresh = false;
    this.pingSeq = 0;
    this.retryTimer = null;
    this.beatTimer = null;
  }

  /** Opens the connection (and keeps it open until `stop`). */
  start() {
    if (this.status !== 'stopped') return;
    this.connect();
    this.beatTimer = this.timers.setInterval(() => this.beat(), this.heartbeatMs);
  }

  /** Closes for good. */
  stop() {
    this.status = 'stopped';
    this.timers.clearInterval(this.beatTimer);
    this.timers.clearTimeout(this.retryTimer);
    this.drop();
  }

  /** Reconnects now (the browser came back online, the tab became visible). */
  kick() {
    if (this.status === 'stopped' || this.status === 'open') return;
    this.timers.clearTimeout(this.retryTimer);
    this.attempts = 0;
    this.drop();
    this.connect();
  }

  setStatus(s) {
    if (this.status === s) return;
    this.status = s;
    this.onStatus(s);
  }

  connect() {
    this.setStatus('connecting');
    let sock;
    try {
      sock = this.openSocket(this.url);
    } catch (_) {
      this.lost();
      return;
    }
    this.socket = sock;
    this.fresh = true;
    sock.onopen = () => {
      if (this.socket !== sock) return;
      this.attempts = 0;
      this.lastHeard = this.timers.now();
      if (this.token) sock.send(JSON.stringify({ hello: this.token }));
      this.setStatus('open');
    };
    sock.onmessage = (ev) => {
      if (this.socket !== sock) return;
      this.lastHeard = this.timers.now();
      let msg;
      try {
        msg = JSON.parse(typeof ev.data === 'string' ? ev.data : String(ev.data));
      } catch (_) {
        return;
      }
      if (msg && typeof msg === 'object' && msg.state && typeof msg.ply === 'number') {
        this.fromSocket(msg);
      } else {
        this.onOther(msg);
      }
    };
    sock.onclose = () => {
      if (this.socket === sock) this.lost();
    };
    sock.onerror = () => {
      if (this.socket === sock) this.lost();
    };
  }

  drop() {
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      try {
        s.close();
      } catch (_) {
        /* already closed */
      }
    }
  }

  lost() {
    this.drop();
    if (this.status === 'stopped') return;
    this.setStatus('down');
    const wait = this.backoff[Math.min(this.attempts, this.backoff.length - 1)];
    this.attempts++;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = this.timers.setTimeout(() => {
      if (this.status !== 'stopped') this.connect();
    }, wait);
  }

  beat() {
    if (this.status !== 'open' || !this.socket) return;
    if (this.timers.now() - this.lastHeard > this.deadMs) {
      this.lost();
      return;
    }
    try {
      this.socket.send(JSON.stringify({ ping: ++this.pingSeq }));
    } catch (_) {
      this.lost();
    }
  }

  fromSocket(game) {
    if (this.fresh) {
      // The first frame of a connection is the server's whole truth: catch up to it.
      this.fresh = false;
      this.floor = null;
      const changed = !this.game || isNewer(game, this.game) || game.ply !== this.game.ply;
      this.game = game;
      if (changed) this.onGame(game, { catchUp: true });
      return;
    }
    const versioned = this.game && typeof game.version === 'number' && typeof this.game.version === 'number';
    if (versioned) {
      // An answer of ours may have brought a newer version than this frame.
      if (game.version < this.game.version) return;
    } else {
      if (this.floor !== null && game.ply < this.floor) return;
      if (this.floor !== null && game.ply >= this.floor) this.floor = null;
      // Frames of one connection come in order: a lower ply is an undo, not a late frame.
    }
    if (this.game && fingerprint(game) === fingerprint(this.game) && (!versioned || game.version === this.game.version)) {
      this.game = game;
      return;
    }
    this.game = game;
    this.onGame(game, { catchUp: false });
  }

  /**
   * An answer to one of our own requests (a move, a resignation; `force` for an undo, whose
   * game is older by ply). Returns whether it was taken as the newest game.
   */
  offer(game, { force = false } = {}) {
    if (!game || !game.state) return false;
    if (!force && !isNewer(game, this.game)) return false;
    this.floor = force ? null : game.ply;
    this.game = game;
    this.onGame(game, { catchUp: false });
    return true;
  }
}
