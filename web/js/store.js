// What the browser keeps: my games with their seat tokens, the language, per-game board
// turns. Everything sits in localStorage; a browser that refuses it just forgets.

const KEY = 'tabla.games.v1';

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : fallback;
  } catch (_) {
    return fallback;
  }
}
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (_) {
    /* private mode or full: nothing kept */
  }
}

/** Every game this browser holds a seat of (or created), newest first. */
export function myGames() {
  const all = read(KEY, {});
  return Object.values(all).sort((a, b) => (b.touched || 0) - (a.touched || 0));
}

export function getGame(id) {
  return read(KEY, {})[id] || null;
}

/**
 * Records or updates what we know of a game: `tokens` {player: token} for seats played here,
 * `invites` {player: url} for seats a friend plays.
 */
export function saveGame(id, patch) {
  const all = read(KEY, {});
  const old = all[id] || { id, tokens: {}, invites: {}, created: Date.now() };
  const next = { ...old, ...patch, tokens: { ...old.tokens, ...(patch.tokens || {}) }, invites: { ...old.invites, ...(patch.invites || {}) }, touched: Date.now() };
  all[id] = next;
  write(KEY, all);
  return next;
}

export function forgetGame(id) {
  const all = read(KEY, {});
  delete all[id];
  write(KEY, all);
}

export function getPref(name, fallback = null) {
  return read(`tabla.pref.${name}`, fallback);
}
export function setPref(name, value) {
  write(`tabla.pref.${name}`, value);
}
