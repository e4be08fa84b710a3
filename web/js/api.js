// The server's HTTP API (docs/http-contract.md). Every call resolves to the answer's JSON or
// rejects with an ApiError carrying the status and the server's message.

export class ApiError extends Error {
  constructor(status, message, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
  /** No answer at all: the server is down or the network is. */
  get network() {
    return this.status === 0;
  }
}

async function call(method, path, { body, token, text = false } = {}) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  } catch (e) {
    throw new ApiError(0, String(e && e.message ? e.message : e));
  }
  const raw = await res.text().catch(() => '');
  if (!res.ok) {
    let message = raw || res.statusText;
    try {
      const j = JSON.parse(raw);
      if (j && j.error) message = j.error;
    } catch (_) {
      /* not JSON */
    }
    throw new ApiError(res.status, message);
  }
  if (text) return raw;
  try {
    return JSON.parse(raw);
  } catch (_) {
    throw new ApiError(res.status, `the server answered something that is not JSON: ${raw.slice(0, 80)}`);
  }
}

const enc = encodeURIComponent;

export const api = {
  meta: () => call('GET', '/api/meta'),
  create: (req) => call('POST', '/api/games', { body: req }),
  game: (id) => call('GET', `/api/games/${enc(id)}`),
  /** The game as it was after `ply` tokens of its record (for review). */
  gameAt: (id, ply) => call('GET', `/api/games/${enc(id)}?ply=${enc(ply)}`),
  /** The computer's review of a finished game: `{progress}` while it runs, then the review. */
  review: (id) => call('GET', `/api/games/${enc(id)}/review`),
  startReview: (id) => call('POST', `/api/games/${enc(id)}/review`),
  record: (id) => call('GET', `/api/games/${enc(id)}/record`, { text: true }),
  move: (id, token, move, ply) => call('POST', `/api/games/${enc(id)}/moves`, { token, body: { move, ply } }),
  resign: (id, token) => call('POST', `/api/games/${enc(id)}/resign`, { token, body: {} }),
  undo: (id, token, ply) => call('POST', `/api/games/${enc(id)}/undo`, { token, body: { ply } }),
  hint: (id, token) => call('GET', `/api/games/${enc(id)}/hint`, { token }),
  /** Players and start position for a game and options, without creating anything. */
  preview: (game, options) => call('POST', '/api/preview', { body: { game, options } }),
  /** Any position (from `position` text and/or a `record`), with its view and click paths. */
  position: (req) => call('POST', '/api/position', { body: req }),
  // Playing people (docs/http-contract.md, "Open seats and joining", "Clocks", offers).
  lobby: () => call('GET', '/api/lobby'),
  join: (id, name, playerKey) => call('POST', `/api/games/${enc(id)}/join`, { body: { ...(name ? { name } : {}), ...(playerKey ? { player_key: playerKey } : {}) } }),
  /** Names this seat (`POST /api/games/{id}/name`). */
  name: (id, token, name) => call('POST', `/api/games/${enc(id)}/name`, { token, body: { name } }),
  cancel: (id, token) => call('POST', `/api/games/${enc(id)}/cancel`, { token, body: {} }),
  abort: (id, token) => call('POST', `/api/games/${enc(id)}/abort`, { token, body: {} }),
  /** `kind` draw, takeback or rematch; `how` offer, accept or decline (the offerer's decline withdraws). */
  offer: (id, token, kind, how = 'offer', ply) => call('POST', `/api/games/${enc(id)}/offers${how === 'offer' ? '' : `/${how}`}`, { token, body: ply === undefined || how === 'decline' ? { kind } : { kind, ply } }),
  /** This seat's token in the agreed rematch: {id, token, url}. */
  rematchOf: (id, token) => call('GET', `/api/games/${enc(id)}/rematch`, { token }),
  pair: (req) => call('POST', '/api/pair', { body: req }),
  /** A player identity for ratings: {id, key} (the key shown this once). */
  newPlayer: (name) => call('POST', '/api/players', { body: { name } }),
  playerMe: (key) => call('GET', '/api/players/me', { token: key }),
  leaderboard: (game) => call('GET', `/api/leaderboard/${enc(game)}`),
  lobbyLiveUrl: () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/lobby/live`,
  liveUrl: (id) => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/api/games/${enc(id)}/live`;
  },
};
