// The lobby's open games (issue 26): the games waiting for a player, live from the server
// (`/api/lobby/live`, `GET /api/lobby` as it first stands), each in words with a one-click
// Join; my own with Cancel; and quick pairing ("Play someone") per game and clock.

import { h } from './dom.js';
import { api } from './api.js';
import { myGames, saveGame } from './store.js';
import { askName, clockWords, withPlayer, myPlayer } from './people.js';
import { getPref, setPref } from './store.js';
import { CLOCK_CHOICES, clockSpec } from './clock.js';

/** Options that differ from the game's defaults (the lobby lists every option the server keeps). */
export function chosenOnly(options, meta) {
  const out = {};
  for (const [k, v] of Object.entries(options || {})) {
    const o = meta && (meta.options || []).find((x) => x.key === k);
    if (o && String(o.default) === String(v)) continue;
    out[k] = v;
  }
  return out;
}

/**
 * One entry of the server's `open` list. (The server of this writing sends each as a pair
 * `[entry, names]`; the contract says the entry alone: both are read.)
 */
export function lobbyEntry(x) {
  const e = Array.isArray(x) ? x[0] : x;
  return e && typeof e === 'object' && typeof e.id === 'string' && Array.isArray(e.seats) ? e : null;
}

/** An open game in words: {game, options, clock, rated, creator, open}. */
export function entryWords(entry, tr, games) {
  const meta = (games || []).find((g) => g.id === entry.game);
  const creator = entry.seats.find((s) => s.kind === 'human' && s.name) || entry.seats.find((s) => s.kind === 'human');
  const open = entry.seats.filter((s) => s.kind === 'open');
  return {
    game: meta ? tr.gameName(meta) : entry.game,
    options: tr.optionsPhrase(chosenOnly(entry.options, meta)),
    clock: clockWords(entry.clock, tr),
    rated: entry.rated ? tr('open.rated') : tr('open.casual'),
    creator: creator ? creator.name || tr('open.someone') : tr('open.someone'),
    rating: creator && creator.rating != null ? String(creator.rating) : '',
    open: open.map((s) => s.player),
  };
}

/** My seat's token in an open game this browser created, or null. */
export function myToken(entry, list = myGames()) {
  const g = list.find((x) => x.id === entry.id);
  if (!g) return null;
  const seat = entry.seats.find((s) => g.tokens && g.tokens[s.player]);
  return seat ? g.tokens[seat.player] : null;
}

/** Saves a seat taken by joining or pairing and opens the game. */
function enter({ id, game, options, player, token }) {
  saveGame(id, { game, options: options || {}, tokens: { [player]: token }, seatsAsked: null });
  location.assign(`/g/${encodeURIComponent(id)}`);
}

/**
 * The open games' list, kept live. `rerender` is called when the list changed; `render()`
 * gives the section's content; `pairRow(game, options)` the quick pairing buttons.
 */
export function createOpenList({ t, games, rerender }) {
  const L = { entries: null, error: '', busy: null, socket: null, retry: 0, stopped: false };

  function take(data) {
    if (!data || !Array.isArray(data.open)) return;
    L.entries = data.open.map(lobbyEntry).filter(Boolean);
    L.error = '';
    rerender();
  }

  function connect() {
    let sock;
    try {
      sock = new WebSocket(api.lobbyLiveUrl());
    } catch (_) {
      return;
    }
    L.socket = sock;
    sock.onmessage = (ev) => {
      L.retry = 0;
      try {
        take(JSON.parse(ev.data));
      } catch (_) {
        /* not ours */
      }
    };
    sock.onclose = () => {
      if (L.stopped || L.socket !== sock) return;
      L.socket = null;
      const wait = [500, 1000, 2000, 5000][Math.min(L.retry++, 3)];
      setTimeout(connect, wait);
    };
  }

  api
    .lobby()
    .then((d) => L.entries === null && take(d))
    .catch((e) => {
      L.error = e;
      rerender();
    });
  connect();
  window.addEventListener('pagehide', () => {
    L.stopped = true;
    if (L.socket) L.socket.close();
  });

  async function join(entry) {
    const tr = t();
    const name = await askName(tr);
    if (!name) return;
    L.busy = entry.id;
    rerender();
    try {
      const j = await withPlayer(name, (key) => api.join(entry.id, name, key));
      enter({ id: entry.id, game: entry.game, options: entry.options, player: j.player, token: j.token });
    } catch (e) {
      L.busy = null;
      L.error = e;
      rerender();
    }
  }

  async function cancel(entry, token) {
    L.busy = entry.id;
    rerender();
    try {
      await api.cancel(entry.id, token);
      L.entries = (L.entries || []).filter((x) => x.id !== entry.id);
    } catch (e) {
      L.error = e;
    }
    L.busy = null;
    rerender();
  }

  /** Quick pairing: joins a waiting game with the same game, options and clock, or opens one. */
  async function pair(game, options, choice) {
    const tr = t();
    const name = await askName(tr);
    if (!name) return;
    L.busy = `pair:${choice.id}`;
    rerender();
    const clock = clockSpec(choice.clock);
    try {
      const rated = !!getPref('rated', false);
      const ans = await withPlayer(name, (key) => api.pair({ game, options, clock, name, ...(key ? { player_key: key } : {}), ...(rated ? { rated } : {}) }));
      if (ans.token) enter({ id: ans.id, game, options, player: ans.player, token: ans.token });
      else {
        const mine = ans.seats.find((s) => s.token);
        enter({ id: ans.id, game, options, player: mine.player, token: mine.token });
      }
    } catch (e) {
      L.busy = null;
      L.error = e;
      rerender();
    }
  }

  function render() {
    const tr = t();
    const parts = [];
    if (L.error) parts.push(h('p.error', { role: 'alert' }, tr.error(L.error)));
    if (L.entries === null) parts.push(h('p.muted', tr('game.loading')));
    else if (!L.entries.length) parts.push(h('p.muted', { 'data-open-none': '1' }, tr('open.none')));
    else {
      const mine = myGames();
      parts.push(
        h(
          'ul.open-list',
          L.entries.map((e) => {
            const w = entryWords(e, tr, games);
            const token = myToken(e, mine);
            return h(
              'li',
              { 'data-open-game': e.id, 'data-mine': String(!!token) },
              h(
                'div.what',
                h('strong', w.game),
                w.options ? ` · ${w.options}` : '',
                h('small', h('span.clock-tag', w.clock), ' · ', w.rated),
                h('small', { 'data-open-by': '1' }, token ? tr('open.yours') : tr('open.by', { name: w.creator }), w.rating ? ` (${w.rating})` : ''),
              ),
              token
                ? h('button', { type: 'button', 'data-action': 'cancel-open', disabled: L.busy === e.id, on: { click: () => cancel(e, token) } }, tr('people.cancel'))
                : h('button.primary', { type: 'button', 'data-action': 'join-open', disabled: L.busy === e.id, on: { click: () => join(e) } }, tr('open.join')),
            );
          }),
        ),
      );
    }
    return parts;
  }

  function pairRow(game, options, gameName, players = 2) {
    const tr = t();
    const rated = !!getPref('rated', false) && players === 2;
    return h(
      'div.pair',
      h('p.muted', tr('open.pair.help', { game: gameName })),
      players === 2
        ? h('label.rated', h('input', { type: 'checkbox', 'data-action': 'rated', checked: rated, on: { change: (e) => { setPref('rated', e.target.checked); rerender(); } } }), ' ', tr('open.rated.pair'))
        : null,
      h(
        'div.pair-grid',
        CLOCK_CHOICES.map((c) => h('button', { type: 'button', 'data-action': 'pair', 'data-clock': c.id, disabled: !!L.busy, on: { click: () => pair(game, options, c) } }, h('strong', !c.clock ? tr('clock.none') : c.clock.days ? tr(c.clock.days === 1 ? 'clock.day.short' : 'clock.days.short', { n: c.clock.days }) : clockWords(c.clock, tr)), h('small', L.busy === `pair:${c.id}` ? tr('lobby.starting') : tr('open.pair')))),
      ),
    );
  }

  /** The best rated players of a game, and my rating there (asked when the game is picked). */
  const boards = new Map();
  function leaderboard(game, gameName) {
    const tr = t();
    if (!boards.has(game)) {
      boards.set(game, { players: null, me: null });
      api
        .leaderboard(game)
        .then((d) => {
          boards.get(game).players = d.players || [];
          rerender();
        })
        .catch(() => {
          boards.get(game).players = [];
          rerender();
        });
      const me = myPlayer();
      if (me && me.key)
        api
          .playerMe(me.key)
          .then((d) => {
            boards.get(game).me = (d.ratings || {})[game] || null;
            rerender();
          })
          .catch(() => {});
    }
    const b = boards.get(game);
    return h(
      'div.leaderboard',
      { 'data-leaderboard': game },
      h('h3', tr('rating.board', { game: gameName })),
      b.me ? h('p', { 'data-my-rating': '1' }, tr('rating.mine', { rating: b.me.rating, games: b.me.games })) : null,
      b.players === null ? h('p.muted', tr('game.loading')) : !b.players.length ? h('p.muted', tr('rating.none')) : h('ol', b.players.slice(0, 10).map((p) => h('li', h('span.lname', p.name), h('span.lrating', String(p.rating)), h('small.muted', p.games === 1 ? tr('rating.game1') : tr('rating.games', { n: p.games }))))),
    );
  }

  return { render, pairRow, leaderboard, L };
}
