// Playing people (issue 26): a display name per browser, the invite box and the wait for a
// friend, offers (draw, takeback, abort, rematch) and their banner, the clocks beside the
// players, and turn awareness (the tab's title and icon, an optional sound).
//
// The pure helpers come first (node tests them); `createPeople` is what the game screen hooks
// in at a few places.

import { h, fill, toast, copyText, modal } from './dom.js';
import { api } from './api.js';
import { getPref, setPref, saveGame, getGame } from './store.js';
import { syncClock, clockFace, nextTick, clockName } from './clock.js';

// ---------- pure ----------

/** Longest name the server takes. */
export const NAME_MAX = 40;

/** A name as typed: spaces squeezed, control characters dropped, at most 40 characters. */
export function cleanName(text) {
  return Array.from(
    String(text || '')
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  )
    .slice(0, NAME_MAX)
    .join('')
    .trim();
}

/** Seats of people (taken or open). */
const personSeat = (s) => s.kind === 'human' || s.kind === 'open';

/** A game between people: two or more seats for persons (the computer plays none of them). */
export function isPeopleGame(g) {
  return !!g && g.seats.filter(personSeat).length >= 2;
}

/** How a seat is called: the person's name when there is one, else the colour. */
export function nameOf(g, player, tr) {
  const s = g && g.seats.find((x) => x.player === player);
  return s && s.name ? s.name : tr.player(player);
}

/** Moves in a record (rolls and a roll-off's `first=` are no one's move). */
export function movesMade(record) {
  return (record || []).filter((x) => !/^r\d+$/i.test(x) && !/^first=/.test(x)).length;
}

/** Whether the game may still be aborted: going on, and not every side has moved yet. */
export function canAbort(g) {
  return !!g && !g.state.result && !g.result_reason && !g.seats.some((s) => s.kind === 'open') && movesMade(g.record) < g.seats.length;
}

/** The pending offers as seen by seat `me`: the others' (to answer) and mine (to wait on). */
export function offersFor(g, me) {
  const all = (g && g.offers) || [];
  return { incoming: all.filter((o) => o.by !== me && !(o.agreed || []).includes(me)), mine: all.filter((o) => (o.agreed || []).includes(me)) };
}

/** Players whose open seat was taken between two frames. */
export function newlyJoined(prev, g) {
  if (!prev || !g) return [];
  return g.seats.filter((s, i) => s.kind === 'human' && prev.seats[i] && prev.seats[i].kind === 'open').map((s) => s.player);
}

/** The tab's title: "● Your move · …" while it is my move. */
export function turnTitle(base, yours, label) {
  return yours ? `● ${label} · ${base}` : base;
}

/** The tab's icon with a dot in its corner (my move), as a data URL. */
export function dotIcon(svg) {
  const dotted = String(svg).replace('</svg>', '<circle cx="50" cy="14" r="13" fill="#e5322d" stroke="#fff" stroke-width="3"/></svg>');
  return `data:image/svg+xml,${encodeURIComponent(dotted)}`;
}

/** A clock in words: "untimed", "3+2", "1 day a move". */
export function clockWords(clock, tr) {
  const c = clockName(clock);
  if (c.kind === 'none') return tr('clock.none');
  if (c.kind === 'days') return tr(c.n === 1 ? 'clock.day' : 'clock.days', { n: c.n });
  return tr('clock.fischer', { text: c.text });
}

// ---------- names ----------

export const myName = () => getPref('name', '') || '';

/**
 * The display name of this browser: the saved one, or asked in a small dialog (also when
 * `change`). Resolves to the name, or null when the dialog was closed without one.
 */
export function askName(tr, { change = false } = {}) {
  const had = myName();
  if (had && !change) return Promise.resolve(had);
  return new Promise((resolve) => {
    let done = false;
    const input = h('input', { type: 'text', maxlength: String(NAME_MAX), value: had, 'data-name-input': '1', autocomplete: 'nickname', 'aria-label': tr('name.title') });
    const err = h('p.error', { role: 'alert', hidden: true });
    const ok = () => {
      const n = cleanName(input.value);
      if (!n) {
        err.textContent = tr('name.empty');
        err.hidden = false;
        input.focus();
        return;
      }
      setPref('name', n);
      done = true;
      dlg.close();
      resolve(n);
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        ok();
      }
    });
    const body = h('div.name-card', h('p', tr('name.help')), input, err, h('div.buttons', h('button.primary', { type: 'button', 'data-action': 'name-ok', on: { click: ok } }, tr('name.ok')), h('button', { type: 'button', 'data-action': 'name-cancel', on: { click: () => dlg.close() } }, tr('name.cancel'))));
    const dlg = modal({
      title: tr('name.title'),
      body,
      className: 'name',
      onClose: () => {
        if (!done) resolve(null);
      },
    });
    input.focus();
    input.select();
  });
}

// ---------- a player identity (ratings) ----------

/** This browser's player identity for ratings, {id, key}, or null. */
export const myPlayer = () => getPref('player', null);

/** The identity's key, made once (with the name) when there is none; null when the server has none. */
export async function ensurePlayer(name) {
  const p = myPlayer();
  if (p && p.key) return p.key;
  try {
    const ans = await api.newPlayer(name);
    setPref('player', { id: ans.id, key: ans.key });
    return ans.key;
  } catch (_) {
    return null;
  }
}

/**
 * Runs `fn(key)` with this browser's player key; when the server no longer knows the key (a
 * new database), a new identity is made and `fn` runs once more.
 */
export async function withPlayer(name, fn) {
  const key = await ensurePlayer(name);
  try {
    return await fn(key);
  } catch (e) {
    if (!(key && e && e.status === 400 && /player_key/.test(String(e.message)))) throw e;
    setPref('player', null);
    return fn(await ensurePlayer(name));
  }
}

/** A rating change as read: "+12", "−8", "±0". */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
}

/** The top bar's name button: who I am here, and the way to change it. */
export function nameButton(ctx) {
  const tr = ctx.t;
  const n = myName();
  return h('button.namebtn', { type: 'button', 'data-action': 'name', title: tr('name.change'), on: { click: async () => { if (await askName(ctx.t, { change: true })) ctx.refresh(); } } }, n ? `${n} ✎` : tr('name.set'));
}

// ---------- sound ----------

let audio = null;
/** A short knock (Web Audio, nothing to download). */
export function knock() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const o = audio.createOscillator();
    const g = audio.createGain();
    o.type = 'triangle';
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.0001, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.25, audio.currentTime + 0.01);
    g.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.18);
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.2);
  } catch (_) {
    /* no sound here */
  }
}

// ---------- the game screen's part ----------

/**
 * What a game between people adds to the game screen.
 *
 * @param {object} o
 * @param {object} o.ctx  the page's context (t, topbar)
 * @param {string} o.id   the game
 * @param {object} o.S    the game screen's state (S.game, S.saved)
 * @param {object} o.live the live connection (its `offer` takes answers)
 * @param {() => string[]} o.mySeats players this browser holds
 * @param {() => boolean|null} o.iMoved whether my seat has a move in the record (null: not known yet)
 * @param {(player: string) => string} o.tokenFor
 * @param {() => void} o.render
 * @param {(where: string, text: string) => void} o.say
 */
export function createPeople({ ctx, id, S, live, mySeats, iMoved = () => null, tokenFor, render, say }) {
  const t = () => ctx.t;
  const P = {
    sync: null,
    timer: null,
    /** "Béla has joined", shown a while in the box at the top. */
    joined: null,
    following: false,
    busy: false,
    sound: !!getPref('sound', false),
    baseTitle: document.title,
    icon: null,
  };

  const g = () => S.game;
  /** My one seat in a game between people (offers need one), or null. */
  const me = () => {
    const mine = mySeats();
    const humans = g().seats.filter(personSeat);
    return isPeopleGame(g()) && mine.length === 1 && humans.length > mine.length ? mine[0] : null;
  };
  const active = () => isPeopleGame(g());
  /**
   * A rematch made here as a new game (as against the computer): not between people, or every
   * person's seat played at this screen. Watchers of a game between people get none.
   */
  const ownRematch = () => {
    if (!active()) return true;
    const mine = mySeats();
    return mine.length > 0 && g().seats.filter(personSeat).every((s) => mine.includes(s.player));
  };

  function saved() {
    return getGame(id) || S.saved;
  }

  /** Seats invited by link from here that nobody has opened yet. */
  function waitingInvites() {
    const gm = g();
    const inv = S.saved.invites || {};
    const joined = S.saved.joined || {};
    return gm.seats.filter((s) => inv[s.player] && !joined[s.player]);
  }

  // ----- frames -----
  function onGame(prev, gm) {
    P.sync = syncClock(gm.clock, performance.now());
    schedule();
    const tr = t();
    // An open seat taken, or an invited friend here for the first time.
    const arrived = newlyJoined(prev, gm);
    const inv = S.saved.invites || {};
    const joined = { ...(S.saved.joined || {}) };
    gm.seats.forEach((s, i) => {
      if (inv[s.player] && !joined[s.player] && ((gm.connected || [])[i] || s.name)) {
        joined[s.player] = true;
        if (prev) arrived.push(s.player);
      }
    });
    if (Object.keys(joined).length !== Object.keys(S.saved.joined || {}).length) {
      saveGame(id, { joined });
      S.saved = saved();
    }
    if (arrived.length && mySeats().length) {
      const who = [...new Set(arrived)].map((p) => (gm.seats.find((s) => s.player === p).name ? nameOf(gm, p, tr) : null));
      P.joined = { names: who, until: Date.now() + 15000 };
      toast(who.every(Boolean) ? tr('people.joined', { name: tr.list(who) }) : tr('people.joined.friend'));
      setTimeout(render, 15100);
    }
    // The opponent moved: a knock, when asked for.
    if (prev && gm.ply > prev.ply && P.sound && mySeats().length && active()) {
      const mover = prev.state.to_move === 'chance' ? prev.chance_player : prev.state.to_move;
      if (mover && !mySeats().includes(mover)) knock();
    }
    // A rematch agreed by the other: this page follows by itself.
    if (gm.rematch && mySeats().length && !P.following) follow(gm.rematch);
  }

  /** Frames that are not a game: this seat's token in the agreed rematch. */
  function onOther(msg) {
    if (msg && msg.rematch && msg.rematch.id && msg.rematch.token) go(msg.rematch.id, msg.rematch.token);
  }

  async function follow(newId) {
    P.following = true;
    const mine = mySeats();
    try {
      const ans = await api.rematchOf(id, tokenFor(mine[0]));
      go(ans.id || newId, ans.token);
    } catch (_) {
      P.following = false;
    }
  }

  function go(newId, token) {
    if (P.gone) return;
    P.gone = true;
    const old = g();
    const asked = (S.saved.seatsAsked || []).slice();
    saveGame(newId, { game: old.game, options: old.options, pendingTokens: [token], rematchOf: id, seatsAsked: asked.length ? [...asked.slice(1), asked[0]] : undefined });
    location.assign(`/g/${encodeURIComponent(newId)}`);
  }

  // ----- actions -----
  async function act(what, fn) {
    if (P.busy) return;
    P.busy = true;
    render();
    try {
      const ans = await fn();
      if (ans && ans.token && ans.id) go(ans.id, ans.token);
      else if (ans && ans.state) live.offer(ans, { force: true });
    } catch (e) {
      say('tool', t().error(e));
    } finally {
      P.busy = false;
      render();
    }
    void what;
  }
  const tok = () => tokenFor(me() || mySeats()[0]);
  const offer = (kind) => act(kind, () => api.offer(id, tok(), kind, 'offer', kind === 'rematch' ? undefined : g().ply));
  const accept = (kind) => act(kind, () => api.offer(id, tok(), kind, 'accept'));
  const decline = (kind) => act(kind, () => api.offer(id, tok(), kind, 'decline'));
  const abort = () => {
    if (!confirm(t()('people.abort.confirm'))) return;
    act('abort', () => api.abort(id, tok()));
  };
  const cancel = () => act('cancel', () => api.cancel(id, tok()));
  async function joinHere() {
    const name = await askName(t());
    if (!name) return;
    try {
      const j = await api.join(id, name);
      saveGame(id, { tokens: { [j.player]: j.token } });
      location.reload();
    } catch (e) {
      say('tool', t().error(e));
    }
  }

  /** The rematch between people: accept the other's offer, or offer it. */
  function rematch() {
    const mine = me();
    if (!mine) return false;
    const { incoming } = offersFor(g(), mine);
    if (incoming.some((o) => o.kind === 'rematch')) accept('rematch');
    else offer('rematch');
    return true;
  }

  // ----- drawing -----
  /**
   * A seat of mine without a name (I came by an invite link) gets the name this browser uses,
   * once per name, so that the other player and the watchers see who joined.
   */
  function nameMySeat() {
    const gm = g();
    const name = myName();
    if (!gm || !name || P.naming === name || !active()) return;
    const seat = gm.seats.find((s) => s.kind === 'human' && !s.name && mySeats().includes(s.player));
    const token = seat && tokenFor(seat.player);
    if (!token) return;
    P.naming = name;
    api.name(id, token, name).catch(() => {});
  }

  /** The box at the top of the board: invite and wait, an open seat, who joined, an offer. */
  function top() {
    fillEnd();
    nameMySeat();
    const tr = t();
    const gm = g();
    const parts = [];
    if (active() && gm.watchers > 0) parts.push(h('p.watchers', { 'data-watchers': String(gm.watchers) }, tr(gm.watchers === 1 ? 'people.watchers.one' : 'people.watchers', { n: gm.watchers })));
    const over = !!gm.state.result;
    const mine = mySeats();
    const waiting = over ? [] : waitingInvites();
    if (waiting.length && mine.length) {
      for (const s of waiting) {
        const link = S.saved.invites[s.player];
        const share = navigator.share
          ? h('button', { type: 'button', 'data-action': 'share', on: { click: () => navigator.share({ title: tr('app.title'), text: tr('people.invite.text'), url: link }).catch(() => {}) } }, tr('people.share'))
          : null;
        parts.push(
          h(
            'section.invite-box',
            { 'data-invite-box': s.player },
            h('h2', tr('people.invite.title')),
            h('p', tr('invite.help', { player: tr.player(s.player) })),
            h('div.row', h('input', { type: 'text', readonly: true, value: link, 'aria-label': tr('people.invite.title'), on: { focus: (e) => e.target.select() } }), h('button.primary', { type: 'button', 'data-action': 'copy-invite', on: { click: async (e) => { if (await copyText(link)) e.target.textContent = tr('btn.copied'); } } }, tr('btn.copy')), share),
            h('p.waiting', { 'data-waiting': 'friend' }, h('span.spinner', { 'aria-hidden': 'true' }), h('span.wait-words', tr('people.waiting.friend'))),
          ),
        );
      }
    }
    const open = gm.seats.filter((s) => s.kind === 'open');
    if (open.length && !over) {
      if (mine.length) {
        const watch = new URL(`/g/${encodeURIComponent(id)}`, location.href).href;
        parts.push(
          h(
            'section.invite-box',
            { 'data-open-seat': open[0].player },
            h('h2', tr('people.open.title')),
            h('p', tr('people.open.help')),
            h('div.row', h('input', { type: 'text', readonly: true, value: watch, 'aria-label': tr('watch.link'), on: { focus: (e) => e.target.select() } }), h('button', { type: 'button', on: { click: async (e) => { if (await copyText(watch)) e.target.textContent = tr('btn.copied'); } } }, tr('btn.copy'))),
            h('p.waiting', { 'data-waiting': 'open' }, h('span.spinner', { 'aria-hidden': 'true' }), h('span.wait-words', tr('people.waiting.open')), ' ', h('button', { type: 'button', 'data-action': 'cancel', disabled: P.busy, on: { click: cancel } }, tr('people.cancel'))),
          ),
        );
      } else {
        parts.push(h('section.invite-box', { 'data-open-seat': open[0].player }, h('p', tr('people.open.visitor', { name: nameOf(gm, gm.seats.find((s) => s.kind === 'human')?.player, tr) })), h('button.primary', { type: 'button', 'data-action': 'join', on: { click: joinHere } }, tr('people.join.as', { player: tr.player(open[0].player) }))));
      }
    }
    if (P.joined && P.joined.until > Date.now() && !over) {
      const names = P.joined.names;
      parts.push(h('p.joined', { 'data-joined': '1', role: 'status' }, names.every(Boolean) ? tr('people.joined', { name: tr.list(names) }) : tr('people.joined.friend')));
    }
    const my = me();
    if (my) {
      const { incoming, mine: mineOffers } = offersFor(gm, my);
      for (const o of incoming) {
        parts.push(
          h(
            'div.offer-banner',
            { 'data-offer': o.kind, role: 'alert' },
            h('span', tr(`offer.${o.kind}.incoming`, { name: nameOf(gm, o.by, tr) })),
            h('button.primary', { type: 'button', 'data-action': 'accept', disabled: P.busy, on: { click: () => accept(o.kind) } }, tr('offer.accept')),
            h('button', { type: 'button', 'data-action': 'decline', disabled: P.busy, on: { click: () => decline(o.kind) } }, tr('offer.decline')),
          ),
        );
      }
      for (const o of mineOffers) {
        const others = gm.seats.filter((s) => personSeat(s) && s.player !== my && !(o.agreed || []).includes(s.player)).map((s) => nameOf(gm, s.player, tr));
        parts.push(h('div.offer-banner.mine', { 'data-offer-mine': o.kind }, h('span', tr(`offer.${o.kind}.sent`, { name: tr.list(others) })), h('button', { type: 'button', 'data-action': 'withdraw', disabled: P.busy, on: { click: () => decline(o.kind) } }, tr('offer.withdraw'))));
      }
    }
    return parts;
  }

  /** The end dialog's rematch part: the offer's line and its button, kept up to date. */
  function endPart() {
    P.endBox = h('div.end-rematch');
    fillEnd();
    return P.endBox;
  }
  function fillEnd() {
    if (!P.endBox) return;
    // Drawn once before the dialog shows it; gone once the dialog closed.
    if (!P.endBox.isConnected && P.endBox.dataset.shown) {
      P.endBox = null;
      return;
    }
    P.endBox.dataset.shown = '1';
    const tr = t();
    const gm = g();
    const my = me();
    if (!my || gm.result_reason === 'cancelled') {
      fill(P.endBox);
      return;
    }
    const { incoming, mine } = offersFor(gm, my);
    const asked = incoming.find((o) => o.kind === 'rematch');
    const sent = mine.find((o) => o.kind === 'rematch');
    const others = gm.seats.filter((s) => personSeat(s) && s.player !== my).map((s) => nameOf(gm, s.player, tr));
    fill(
      P.endBox,
      asked ? h('p', { 'data-rematch-line': 'incoming' }, tr('offer.rematch.incoming', { name: nameOf(gm, asked.by, tr) })) : sent ? h('p', { 'data-rematch-line': 'sent' }, tr('offer.rematch.sent', { name: tr.list(others) })) : null,
      h('button.primary', { type: 'button', 'data-action': 'rematch', disabled: P.busy || !!sent || !!gm.rematch, on: { click: rematch } }, asked ? tr('offer.rematch.accept') : sent ? tr('offer.rematch.waiting') : tr('game.rematch')),
    );
  }

  /** The toolbar's buttons for a game between people (my seat only). */
  function tools() {
    const tr = t();
    const gm = g();
    const my = me();
    if (!my) return [];
    const over = !!gm.state.result;
    const started = !gm.seats.some((s) => s.kind === 'open');
    if (over) {
      if (gm.result_reason === 'cancelled' || gm.rematch) return [];
      const { incoming, mine } = offersFor(gm, my);
      const asked = incoming.some((o) => o.kind === 'rematch');
      const sent = mine.some((o) => o.kind === 'rematch');
      return [h('button.primary', { type: 'button', 'data-action': 'rematch', disabled: P.busy || sent, on: { click: rematch } }, asked ? tr('offer.rematch.accept') : sent ? tr('offer.rematch.waiting') : tr('game.rematch'))];
    }
    if (!started) return [];
    const pending = (kind) => (gm.offers || []).some((o) => o.kind === kind);
    return [
      canAbort(gm) ? h('button', { type: 'button', 'data-action': 'abort', disabled: P.busy, on: { click: abort } }, tr('people.abort')) : null,
      h('button', { type: 'button', 'data-action': 'offer-draw', disabled: P.busy || pending('draw'), on: { click: () => offer('draw') } }, tr('offer.draw')),
      movesMade(gm.record) > 0 && iMoved() ? h('button', { type: 'button', 'data-action': 'offer-takeback', disabled: P.busy || pending('takeback'), on: { click: () => offer('takeback') } }, tr('offer.takeback')) : null,
    ];
  }

  /** A player's clock, beside the player (filled by the ticking). */
  function clock(player) {
    if (!g().clock) return null;
    const span = h('span.clock', { 'data-clock': player });
    paintOne(span, performance.now());
    return span;
  }

  function paintOne(span, now) {
    const f = clockFace(P.sync, span.getAttribute('data-clock'), now);
    if (!f) return;
    if (span.textContent !== f.text) span.textContent = f.text;
    span.classList.toggle('running', f.running && !g().state.result);
    span.classList.toggle('low', f.low);
    span.setAttribute('data-ms', String(Math.round(f.ms)));
  }
  function paint() {
    const now = performance.now();
    for (const span of document.querySelectorAll('[data-clock]')) paintOne(span, now);
  }
  function schedule() {
    clearTimeout(P.timer);
    if (!P.sync || !P.sync.running || g().state.result) return;
    P.timer = setTimeout(() => {
      paint();
      schedule();
    }, nextTick(P.sync, performance.now()));
  }

  /** The clocks above the board on a phone: the same clocks, both at once. */
  function strip() {
    const gm = g();
    if (!gm.clock) return null;
    const tr = t();
    return h(
      'div.clock-strip',
      gm.seats.map((s) => h('div.clock-cell', { class: `clock-cell${mySeats().includes(s.player) ? ' me' : ''}` }, h('span.cname', nameOf(gm, s.player, tr)), clock(s.player))),
    );
  }

  /** After each drawing: the tab's title and icon say when it is my move. */
  function after(yours) {
    const tr = t();
    const base = P.baseTitle;
    document.title = turnTitle(base, yours, tr('turn.title'));
    const link = document.querySelector('link[rel="icon"]');
    if (!link) return;
    if (!P.icon) {
      P.icon = { plain: link.getAttribute('href'), dot: null };
      fetch(P.icon.plain)
        .then((r) => r.text())
        .then((svg) => {
          P.icon.dot = dotIcon(svg);
          after(P.yours);
        })
        .catch(() => {});
    }
    P.yours = yours;
    const want = yours && P.icon.dot ? P.icon.dot : P.icon.plain;
    if (link.getAttribute('href') !== want) link.setAttribute('href', want);
    link.setAttribute('data-yours', String(!!yours));
  }

  /** The top bar's sound switch (off by default). */
  function soundButton() {
    const tr = t();
    return h(
      'button',
      {
        type: 'button',
        'data-action': 'sound',
        'aria-pressed': String(P.sound),
        title: tr('sound.title'),
        on: {
          click: (e) => {
            P.sound = !P.sound;
            setPref('sound', P.sound);
            if (P.sound) knock();
            e.currentTarget.setAttribute('aria-pressed', String(P.sound));
            e.currentTarget.lastChild.textContent = P.sound ? tr('sound.on') : tr('sound.off');
          },
        },
      },
      h('span.ico', { 'aria-hidden': 'true' }, '♪'),
      h('span.lbl', P.sound ? tr('sound.on') : tr('sound.off')),
    );
  }

  /** Why the game ended, when it was not the rules or a resignation. */
  function reason(gm) {
    const tr = t();
    switch (gm.result_reason) {
      case 'time':
        return gm.timed_out ? tr('over.time', { name: nameOf(gm, gm.timed_out, tr) }) : tr('over.time.plain');
      case 'draw':
        return tr('over.draw');
      case 'aborted':
        return tr('over.aborted');
      case 'cancelled':
        return tr('over.cancelled');
      default:
        return null;
    }
  }
  /** The result line for endings without a winner that are no draw. */
  function result(gm) {
    const tr = t();
    if (gm.result_reason === 'aborted') return tr('over.aborted.short');
    if (gm.result_reason === 'cancelled') return tr('over.cancelled.short');
    return null;
  }

  return { onGame, onOther, top, endPart, ownRematch, tools, clock, strip, after, soundButton, reason, result, rematch, me, active, paint };
}
