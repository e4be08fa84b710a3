// The game screen: the board, the players, the turn by clicks, the move list with review,
// undo, hint, resign, the end of the game, invites, records and rules.
//
// The page knows no rules. It draws `state.view`, lights up what `state.paths` allow, and
// sends the move the clicks complete; the server is the one authority.

import { h, fill, toast, copyText, download, modal } from './dom.js';
import { api } from './api.js';
import { getGame, saveGame, getPref, setPref } from './store.js';
import { Live, resolvePending } from './live.js';
import { createReview } from './review.js';
import * as P from './paths.js';
import { createBoard } from './board.js';
import { seatRotation, flipStep, norm } from './geometry.js';
import { miniPiece, dieSvg, previewMove } from './draw.js';
import { recordFile } from './records.js';
import { showRules as openRules } from './rules.js';
import { createPeople, nameOf, signed } from './people.js';
import { createReviewPanel } from './reviewpanel.js';

/** How long a forced move (the only legal one, or a pass) stays visible before it is made. */
const FORCED_PAUSE_MS = 900;

/** The roll a record token shows (`r4` is a 4), or null. */
export function rollValue(token) {
  const m = /^r(\d+)$/i.exec(token || '');
  return m ? Number(m[1]) : null;
}

export async function showGame(root, ctx, id) {
  const t = () => ctx.t;
  const url = new URL(location.href);
  const invited = url.searchParams.get('token');
  const reviewAt = url.searchParams.get('review');
  if (invited) {
    // An invite link: keep the token in this browser, take it out of the address bar.
    saveGame(id, { pendingTokens: [...new Set([...(getGame(id)?.pendingTokens || []), invited])] });
    url.searchParams.delete('token');
    history.replaceState(null, '', url.pathname + (url.search || ''));
  }

  const S = {
    /** The newest game known (live). */
    game: null,
    /** The game drawn: the live one, or an earlier position while reviewing. */
    shown: null,
    /** What this browser knows of the game (tokens per player, invite links). */
    saved: getGame(id) || { tokens: {}, invites: {} },
    meta: null,
    clicks: [],
    hint: null,
    /** A move on its way to the server. */
    sending: null,
    /** A move that could not be sent (no connection), to send again once back. */
    outbox: null,
    rotation: null,
    forcedTimer: null,
    forcedFor: null,
    drawnView: null,
    drawnPly: null,
    conn: 'connecting',
    wasDown: false,
    endShownFor: null,
    lastRollPly: null,
    /** Whether my seat has a move in the record (undo needs one), by `version:ply`. */
    moved: { key: null, value: false },
    /** The invite link's token turned out not to be a seat: watching. */
    inviteBad: false,
    /** A message beside the board or the toolbar: {where, text}. */
    note: null,
  };

  fill(root, ctx.topbar(''), h('p', { style: 'padding:1em' }, t()('game.loading')));

  let first;
  try {
    [first, S.meta] = await Promise.all([api.game(id), ctx.getMeta().catch(() => null)]);
  } catch (e) {
    const tr = t();
    if (e.status === 404) {
      // A mistyped or old link: say so, and offer the way back.
      const short = id.length > 48 ? `${id.slice(0, 45)}…` : id;
      fill(
        root,
        ctx.topbar(''),
        h('main.notfound', { 'data-notfound': '1' }, h('h1', tr('game.notfound.title')), h('p', tr('game.notfound'), ' ', h('code', { title: id }, short)), h('p.muted', tr('game.notfound.help')), h('p', h('a.button.primary', { href: '/', 'data-action': 'lobby' }, tr('game.notfound.back')))),
      );
    } else fill(root, ctx.topbar(''), h('main.notfound', h('p.error', tr.error(e)), h('p', h('a.button', { href: '/' }, tr('game.notfound.back')))));
    ctx.refresh = () => showGame(root, ctx, id);
    return;
  }
  const gameMeta = () => (S.meta ? S.meta.games.find((g) => g.id === first.game) : null) || { id: first.game, name: first.game, summary: '', options: [], players: [] };
  saveGame(id, { game: first.game, options: first.options });
  S.saved = getGame(id);

  // ---------- who am I ----------
  const tokens = () => S.saved.tokens || {};
  const mySeats = () => (S.game ? S.game.seats.map((s) => s.player).filter((p) => tokens()[p]) : []);
  const seatIndex = (player) => (S.game ? S.game.seats.findIndex((s) => s.player === player) : -1);
  /** The seat whose decision it is and whether I hold it: {player, roll} or null. */
  function actor(game = S.game) {
    if (!game) return null;
    const st = game.state;
    if (st.result || !st.to_move) return null;
    if (st.to_move === 'chance') {
      const p = game.chance_player;
      return p && tokens()[p] ? { player: p, roll: true } : null;
    }
    return tokens()[st.to_move] ? { player: st.to_move, roll: false } : null;
  }
  const reviewing = () => review.isReviewing();
  const interactive = () => !!actor() && !actor().roll && !reviewing() && !S.sending && !S.outbox;

  // ---------- the live connection ----------
  const review = createReview({ fetchPly: (ply) => api.gameAt(id, ply) });
  const helloToken = () => {
    const mine = Object.values(tokens());
    return (S.saved.pendingTokens || [])[0] || mine[0] || null;
  };
  let pendingHello = (S.saved.pendingTokens || []).slice();
  const live = new Live({
    url: api.liveUrl(id),
    token: helloToken(),
    openSocket: (u) => new WebSocket(u),
    timers: { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (x) => clearTimeout(x), setInterval: (f, ms) => setInterval(f, ms), clearInterval: (x) => clearInterval(x), now: () => Date.now() },
    onGame: (g, how) => onGame(g, how),
    onStatus: (s) => onConn(s),
    onOther: (msg) => onOther(msg),
  });
  // A game between people: names, invite, offers, clocks, turn awareness (people.js).
  const people = createPeople({ ctx, id, S, live, mySeats, iMoved: () => (S.moved.key === `${S.game.version}:${S.game.ply}` ? S.moved.value : null), tokenFor: (p) => tokenFor(p), render: () => render(false), say: (w, x) => say(w, x) });

  // The computer's review of a finished game and the Analyse link, under the move list (reviewpanel.js).
  const greview = createReviewPanel({
    id,
    t,
    game: () => S.game,
    shownPly: () => (S.shown || S.game).ply,
    mySeats,
    goReview: (ply) => goReview(ply),
    // The review's marks go into the move list too.
    render: () => {
      renderMoves();
      renderGreview();
    },
  });

  function onOther(msg) {
    people.onOther(msg);
    if (msg && typeof msg.hello === 'string') {
      // The server says whose token this socket announced: an invite link's seat.
      const tok = live.token;
      if (tok && !tokens()[msg.hello]) {
        saveGame(id, { tokens: { [msg.hello]: tok }, pendingTokens: (S.saved.pendingTokens || []).filter((x) => x !== tok) });
        S.saved = getGame(id);
        pendingHello = pendingHello.filter((x) => x !== tok);
        if (S.rotation === null || S.rotationAuto) setAutoRotation();
        render();
      }
    } else if (msg && msg.error && live.token && pendingHello.includes(live.token)) {
      // Not a seat of this game: watch instead.
      saveGame(id, { pendingTokens: [] });
      S.saved = getGame(id);
      pendingHello = [];
      S.inviteBad = true;
      render();
    }
  }

  function onConn(s) {
    S.conn = s;
    if (s === 'down') S.wasDown = true;
    if (s === 'open' && S.wasDown) {
      S.wasDown = false;
      toast(t()('game.conn.back'));
    }
    renderStatus();
    if (S.game && el.players) renderPlayers();
  }

  function onGame(g, how) {
    const prev = S.game;
    S.game = g;
    const changed = !prev || prev.version !== g.version || prev.ply !== g.ply;
    if (changed && prev && g.game === 'seega') {
      const was = seegaPosition(prev);
      const now = seegaPosition(g);
      if (was && now && was.phase === 'placing' && now.phase === 'moving') {
        toast(t()('seega.phase.moving'));
      }
    }
    if (changed) {
      S.clicks = [];
      announce(prev, g);
      if (S.hint && (S.hint.ply !== g.ply || S.hint.version !== g.version)) S.hint = null;
    }
    if (S.outbox && how.catchUp) {
      const what = resolvePending(S.outbox, g);
      const out = S.outbox;
      S.outbox = null;
      if (what === 'resend') {
        sendMove(out.move, out.ply);
      }
    }
    people.onGame(prev, g);
    if (reviewing()) {
      if (review.onLive(g)) S.shown = g;
    } else S.shown = g;
    render();
    scheduleForced();
    if (g.state.result && prev && !prev.state.result && S.endShownFor !== g.id) showEnd();
  }

  // ---------- board orientation ----------
  function setAutoRotation() {
    const g = S.game;
    const mine = mySeats();
    const seat = mine.length ? seatIndex(mine[0]) : 0;
    S.rotation = seatRotation(g.state.view && g.state.view.board, g.seats.length, seat);
    S.rotationAuto = true;
  }
  function flip() {
    const g = S.game;
    S.rotation = norm((S.rotation || 0) + flipStep(g.state.view.board, g.seats.length));
    S.rotationAuto = false;
    setPref(`flip.${id}`, S.rotation);
    drawBoard(false);
  }

  // ---------- moves ----------
  function tokenFor(player) {
    return tokens()[player];
  }

  async function sendMove(move, ply = S.game.ply) {
    const a = actor();
    if (!a) return;
    const token = tokenFor(a.player);
    S.note = null;
    S.sending = { move, ply };
    S.clicks = [];
    render();
    try {
      const ans = await api.move(id, token, move, ply);
      S.sending = null;
      if (!live.offer(ans)) {
        // The socket brought this game already (while we waited): draw and go on from it.
        render();
        scheduleForced();
      }
    } catch (e) {
      S.sending = null;
      if (e.network) {
        S.outbox = { move, ply };
        render();
        return;
      }
      // Refused (stale, not our seat, illegal): say why beside the board, and show the truth.
      say('board', t().error(e));
      try {
        live.offer(await api.game(id), { force: true });
      } catch (_) {
        render();
      }
    }
  }

  function onBoardClick(clicked) {
    if (!interactive()) return;
    const paths = S.game.state.paths || {};
    const r = P.click(paths, S.clicks, clicked);
    if (!r.changed) return;
    S.clicks = r.clicks;
    if (r.move) sendMove(r.move);
    else render();
  }

  function roll() {
    const a = actor();
    if (!a || !a.roll || reviewing() || S.sending) return;
    sendMove('roll');
  }

  /** The only legal move (a pass, or a single move) is made by itself, after a visible pause. */
  function scheduleForced() {
    const g = S.game;
    const a = actor();
    const key = g && `${g.version}:${g.ply}`;
    if (S.forcedFor === key) return;
    clearTimeout(S.forcedTimer);
    S.forcedTimer = null;
    S.forcedFor = null;
    if (!a || a.roll || reviewing() || S.sending || S.outbox) return;
    const legal = g.state.legal || [];
    if (legal.length !== 1) return;
    S.forcedFor = key;
    S.forcedTimer = setTimeout(() => {
      S.forcedTimer = null;
      if (S.game === g && !reviewing() && !S.sending) sendMove(legal[0], g.ply);
    }, FORCED_PAUSE_MS);
    render();
  }

  /** A message where the action was taken: beside the board ('board') or the toolbar ('tool'). */
  function say(where, text) {
    const note = { where, text };
    S.note = note;
    renderNotes();
    setTimeout(() => {
      if (S.note === note) {
        S.note = null;
        renderNotes();
      }
    }, 12000);
  }
  function renderNotes() {
    if (!el.boardNote) return;
    for (const [where, box] of [['board', el.boardNote], ['tool', el.toolNote]]) {
      const text = S.note && S.note.where === where ? S.note.text : '';
      box.textContent = text;
      box.hidden = !text;
    }
  }

  /** Says a new move in the live region: who played what. */
  function announce(prev, g) {
    if (!prev || !el.live || g.ply <= prev.ply || g.ply > prev.ply + 6) return;
    const tr = t();
    const toks = g.record.slice(prev.ply).filter((x) => rollValue(x) === null);
    if (!toks.length) return;
    const who = prev.state.to_move && prev.state.to_move !== 'chance' ? tr.player(prev.state.to_move) : '';
    el.live.textContent = who ? tr('a11y.played', { player: who, move: toks.join(' ') }) : toks.join(' ');
  }

  /**
   * Whether my seat made a token of the record (the server's undo goes back to my last one):
   * the positions before the last tokens say who was to make each. Asked lazily, kept by version.
   */
  async function checkMoved() {
    const g = S.game;
    const mine = mySeats();
    if (!g || mine.length !== 1) return;
    const key = `${g.version}:${g.ply}`;
    if (S.moved.key === key) return;
    const me = mine[0];
    let found = false;
    let seen = 0;
    for (let k = g.ply - 1; k >= 0 && seen < 12; k--, seen++) {
      let p;
      try {
        p = await review.fetchCached(k, g);
      } catch (_) {
        found = g.ply > 0;
        break;
      }
      if (S.game !== g) return;
      // As the server counts: a roll is nobody's move (its undo goes back to my last move).
      const mover = p.state.to_move === 'chance' ? null : p.state.to_move;
      if (mover === me) {
        found = true;
        break;
      }
    }
    if (seen >= 12) found = true;
    S.moved = { key, value: found };
    renderToolbar();
  }

  async function doUndo() {
    const a = mySeats()[0];
    if (!a) return;
    try {
      live.offer(await api.undo(id, tokenFor(a), S.game.ply), { force: true });
    } catch (e) {
      say('tool', t().error(e));
    }
  }

  async function doHint() {
    const a = actor();
    if (!a || a.roll) return;
    try {
      const ans = await api.hint(id, tokenFor(a.player));
      const g = S.game;
      if (!ans || !ans.move) {
        toast(t()('hint.none'));
        return;
      }
      S.hint = { move: ans.move, path: P.firstPath(g.state.paths, ans.move) || [], ply: g.ply, version: g.version };
      toast(t()('hint.is', { move: ans.move }));
      render();
    } catch (e) {
      say('tool', t().error(e));
    }
  }

  async function doResign() {
    const mine = mySeats();
    if (!mine.length || !S.game || S.game.state.result) return;
    if (!confirm(t()('resign.confirm'))) return;
    const who = mine.includes(S.game.state.to_move) ? S.game.state.to_move : mine[0];
    try {
      live.offer(await api.resign(id, tokenFor(who)));
    } catch (e) {
      say('tool', t().error(e));
    }
  }

  async function rematch() {
    if (people.rematch()) return;
    const g = S.game;
    const asked = S.saved.seatsAsked;
    const mine = new Set(mySeats());
    // Each seat as it was seen from here, then moved one place on (colours change).
    const kinds = g.seats.map((s, i) => (s.kind !== 'human' ? s.kind : mine.has(s.player) ? 'me' : asked && asked[i] === 'me' ? 'me' : 'friend'));
    const n = kinds.length;
    const rotated = kinds.map((_, i) => kinds[(i + n - 1) % n]);
    try {
      const created = await api.create({ game: g.game, options: g.options, seats: rotated.map((k) => (k === 'me' || k === 'friend' ? 'human' : k)) });
      const tok = {};
      const inv = {};
      created.seats.forEach((s, i) => {
        if (!s.token) return;
        if (rotated[i] === 'friend') inv[s.player] = new URL(s.url, location.href).href;
        else tok[s.player] = s.token;
      });
      saveGame(created.id, { game: g.game, options: g.options, tokens: tok, invites: inv, seatsAsked: rotated });
      location.assign(`/g/${encodeURIComponent(created.id)}`);
    } catch (e) {
      say('tool', t().error(e));
    }
  }

  // ---------- review ----------
  async function goReview(ply) {
    if (!S.game) return;
    const stepping = Math.abs(ply - (S.shown ? S.shown.ply : S.game.ply)) === 1;
    S.clicks = [];
    try {
      const g = await review.go(ply, S.game);
      if (!g) return;
      S.shown = g;
      render(stepping);
    } catch (e) {
      review.exit();
      S.shown = S.game;
      toast(e.code === 'no-ply' ? t()('review.unsupported') : t().error(e), { bad: true });
      render();
    }
  }
  const step = (d) => goReview((S.shown ? S.shown.ply : S.game.ply) + d);

  // ---------- drawing ----------
  const el = {};
  function layoutScreen() {
    const tr = t();
    const boardWrap = h('div.board-wrap');
    el.actions = h('div.actions');
    // Whose turn it is, above the board on a phone (the side panel is below it there).
    el.bar = h('div.turn-bar', { 'aria-hidden': 'true' });
    el.prompt = h('p.prompt', { 'data-prompt': '1', 'aria-live': 'polite' });
    el.boardNote = h('p.note.error', { role: 'alert', 'data-note': 'board', hidden: true });
    el.toolNote = h('p.note.error', { role: 'alert', 'data-note': 'tool', hidden: true });
    el.live = h('div.sr-only', { 'aria-live': 'polite', 'data-live-region': '1' });
    el.legend = h('div.legend');
    el.status = h('div.status', { role: 'status' });
    el.conn = h('div.conn');
    el.players = h('div.players');
    el.banner = h('div');
    el.toolbar = h('div.toolbar');
    el.moves = h('div.moves');
    el.greview = h('div.greview-wrap');
    el.type = h('div.typebox');
    el.share = h('div.share');
    el.keys = h('p.keys-help', tr('key.help'));
    el.people = h('div.people-top');
    el.clocks = h('div.clock-strip-wrap');
    const side = h('aside.side', { 'aria-label': tr('moves.title') }, el.status, el.conn, el.players, el.legend, el.toolbar, el.toolNote, el.banner, el.moves, el.greview, el.type, h('details.more', h('summary', tr('record.title'), ' · ', tr('invite.title')), el.share), el.keys);
    const main = h('main.game', h('section.board-area', el.people, el.bar, el.clocks, boardWrap, el.prompt, el.actions, el.boardNote), side, el.live);
    fill(root, ctx.topbar(tr.gameName(gameMeta()) + optionText(), people.soundButton(), h('button', { type: 'button', 'data-action': 'rules', on: { click: showRules } }, tr('btn.rules'))), main);
    el.board = createBoard(boardWrap, { onClick: onBoardClick, onFocusMove: () => {} });
    el.board.svg.setAttribute('aria-label', tr('a11y.board', { game: tr.gameName(gameMeta()) }));
    buildTypebox();
  }

  function optionText() {
    const phrase = t().optionsPhrase(S.game ? S.game.options : first.options);
    return phrase ? ` · ${phrase}` : '';
  }

  function render(animate = true) {
    if (!S.game) return;
    drawBoard(animate);
    renderStatus();
    renderPlayers();
    renderActions();
    renderToolbar();
    renderBanner();
    renderMoves();
    renderGreview();
    renderShare();
    updateTypebox();
    renderPrompt();
    renderLegend();
    renderNotes();
    fill(el.people, people.top());
    fill(el.clocks, people.strip());
    // The boxes at the top take their room from the board (on a desktop, where it fills the height).
    el.people.parentNode.style.setProperty('--top-h', `${el.people.offsetHeight}px`);
  }

  function drawBoard(animate = true) {
    const g = S.shown || S.game;
    const view = g.state.view;
    if (!view) return;
    const a = interactive();
    const paths = a ? g.state.paths || {} : {};
    const d = P.describe(paths, S.clicks);
    const starts = a ? [...P.nextTargets(paths, [])].filter((x) => !P.isWord(x)) : [];
    // Nothing clicked yet: where a turn may begin is shown lightly, not as targets.
    const targets = a && S.clicks.length ? d.targets : [];
    let hintPath = S.hint && !reviewing() ? S.hint.path : null;
    // A forced move shows its clicks while it waits.
    if (S.forcedTimer && !reviewing()) {
      const only = (S.game.state.legal || [])[0];
      hintPath = P.firstPath(S.game.state.paths, only) || hintPath;
    }
    const near = S.drawnPly !== null && Math.abs(S.drawnPly - g.ply) <= 2;
    // The half-made turn as it leaves the board: Amazons' queen already on her new cell.
    const drawn = a ? previewMove(view, S.clicks, g.game, g.state.to_move) : view;
    // GIPF: where the piece can be pushed, shown already while the dot is clicked a second time
    // (a GIPF piece), so that the push targets are on the board from the first click.
    const ahead = new Set();
    const dots = new Set((view.points || []).map((p) => p.id));
    if (a && S.clicks.length && g.game === 'gipf' && dots.has(S.clicks[S.clicks.length - 1])) {
      for (const { path } of P.candidates(paths, S.clicks)) {
        const x = path[S.clicks.length];
        const y = path[S.clicks.length + 1];
        if (x === S.clicks[S.clicks.length - 1] && y && !P.isWord(y)) ahead.add(y);
      }
      for (const x of targets) ahead.delete(x);
    }
    el.board.draw({
      view: drawn,
      label: placeLabel,
      ahead: [...ahead],
      gameId: g.game,
      rotation: S.rotation || 0,
      clicks: S.clicks,
      targets,
      starts,
      hint: hintPath,
      interactive: a,
      animateFrom: animate && near && S.drawnView !== drawn ? S.drawnView : null,
    });
    el.board.svg.classList.toggle('pending', !!S.sending);
    el.board.svg.setAttribute('data-ply', String(g.ply));
    el.board.svg.setAttribute('data-live-ply', String(S.game.ply));
    el.board.svg.setAttribute('data-to-move', String(g.state.to_move));
    el.board.svg.setAttribute('data-interactive', String(a));
    S.drawnView = drawn;
    S.drawnPly = g.ply;
  }

  /** A place's accessible name: "d4, White GIPF piece", "c3, empty". */
  function placeLabel(id, cell, target) {
    const tr = t();
    const stack = (cell && cell.stack) || [];
    let text;
    if (!stack.length) text = tr('a11y.empty', { id });
    else {
      const top = stack[stack.length - 1];
      const kind = top.owner == null && top.kind === 'stone' ? 'burnt' : top.kind;
      const word = tr(`a11y.piece.${kind}`);
      const what = `${top.owner ? `${tr.player(top.owner)} ` : ''}${word.startsWith('a11y.') ? kind : word}`;
      text = `${id}, ${what}${stack.length > 1 ? `, ${tr('a11y.tower', { n: stack.length })}` : ''}`;
    }
    return target ? `${text}, ${tr('a11y.target')}` : text;
  }

  function resultText(g) {
    const tr = t();
    const r = g.state.result;
    if (!r) return '';
    if (people.result(g)) return people.result(g);
    const w = r.winners || [];
    if (!w.length) return tr('game.over.draw');
    const mine = mySeats();
    const allMine = mine.length === g.seats.length;
    if (mine.length && !allMine) return w.some((p) => mine.includes(p)) ? tr('game.over.you') : tr('game.over.youlose');
    const names = tr.list(w.map((p) => nameOf(g, p, tr)));
    return w.length > 1 ? tr('game.over.wins', { players: names }) : tr('game.over.win', { players: names });
  }
  function reasonText(g) {
    const tr = t();
    const w = (g.state.result && g.state.result.winners) || [];
    const who = w.length ? tr.list(w.map((p) => nameOf(g, p, tr))) : '';
    const base = people.reason(g) || (g.result_reason === 'resigned' && g.resigned ? tr('game.over.resigned', { player: nameOf(g, g.resigned, tr) }) : g.end ? tr.end(g.end) : tr('game.over.rules'));
    const mine = mySeats();
    return mine.length && mine.length < g.seats.length && w.length ? `${w.length > 1 ? tr('game.over.wins', { players: who }) : tr('game.over.win', { players: who })}. ${base}` : base;
  }

  function renderStatus() {
    const tr = t();
    const g = S.game;
    if (!g || !el.status) return;
    const st = g.state;
    const a = actor();
    let text = '';
    let yours = false;
    if (st.result) text = `${tr('game.over')}: ${resultText(g)}`;
    else if (S.sending) text = tr('game.sending');
    else if (S.outbox) text = tr('game.conn.pending');
    else if (a && a.roll) {
      text = tr('game.turn.roll');
      yours = true;
    } else if (a) {
      const legal = st.legal || [];
      if (S.forcedTimer) text = legal[0] === 'pass' ? tr('game.turn.pass') : tr('game.turn.forced');
      else text = mySeats().length > 1 ? tr('game.turn.yours.as', { player: tr.player(a.player) }) : tr('game.turn.yours');
      yours = true;
    } else if (st.to_move === 'chance') text = g.chance_player ? tr('game.turn.roll.other', { player: nameOf(g, g.chance_player, tr) }) : tr('game.turn.chance');
    else if (st.to_move) {
      const seat = g.seats.find((s) => s.player === st.to_move);
      text = seat && seat.kind.startsWith('computer') ? tr('game.turn.computer', { player: tr.player(st.to_move) }) : tr('game.turn.other', { player: nameOf(g, st.to_move, tr) });
    }
    if (S.inviteBad && !mySeats().length) text = `${tr('invite.bad')} ${text}`;
    else if (!mySeats().length && !st.result) text += ` — ${tr('game.watching')}`;
    el.status.setAttribute('data-invite', S.inviteBad ? 'bad' : '');
    el.status.textContent = text;
    if (el.bar) {
      const mover = st.to_move === 'chance' ? g.chance_player : st.to_move;
      fill(el.bar, mover && !st.result ? h('span', { html: miniPiece(representative(st.view, mover), g.seats.map((x) => x.player), 22) }) : null, h('span', text));
      el.bar.classList.toggle('yours', yours);
    }
    el.status.classList.toggle('yours', yours);
    people.after(yours && !st.result);
    el.status.setAttribute('data-state', st.result ? 'over' : yours ? 'yours' : 'waiting');
    const down = S.conn === 'down' || S.conn === 'connecting';
    el.conn.textContent = S.conn === 'down' ? tr('game.conn.down') : S.conn === 'connecting' ? tr('game.conn.connecting') : '';
    el.conn.setAttribute('data-conn', S.conn);
    el.conn.classList.toggle('ok', !down);
  }

  /** The piece that stands for a player all game long (never changing with the position). */
  function representative(view, owner) {
    const kind = { amazons: 'queen', seega: 'stone', 'bulgarian-ur': 'blue', gipf: 'piece' }[S.game.game] || 'piece';
    return { owner, kind };
  }

  function renderPlayers() {
    const tr = t();
    const g = S.game;
    const view = (S.shown || g).state.view;
    const names = g.seats.map((s) => s.player);
    const moverNow = (S.shown || g).state.to_move === 'chance' ? (S.shown || g).chance_player : (S.shown || g).state.to_move;
    const mine = mySeats();
    fill(
      el.players,
      g.seats.map((s, i) => {
        const pv = (view.players || []).find((p) => p.name === s.player) || {};
        const piece = representative(view, s.player);
        // Counts; yes/no facts (`may_enter_gipf`) show only when they hold.
        const isFlag = (k) => /^(may|must|loses|is|has|can)_/.test(k);
        // "must enter a GIPF piece" says all while it holds: "may still enter" would contradict it.
        const counts = Object.entries(pv).filter(([k, v]) => k !== 'name' && k !== 'roll' && typeof v === 'number' && !(isFlag(k) && !v) && !(k === 'may_enter_gipf' && pv.must_enter_gipf) && !(k === 'out' && !v));
        const reserveKey = counts.find(([k]) => k === 'reserve' || k === 'in_hand');
        let kind = '';
        if (s.kind.startsWith('computer')) kind = tr.computer(s.kind.split(':')[1]);
        else if (mine.includes(s.player)) kind = tr('game.you');
        else if (s.kind === 'open') kind = tr('people.seat.open');
        else kind = S.saved.invites && S.saved.invites[s.player] ? tr('game.friend') : tr('game.human');
        // While our own connection is down, nobody's presence is known.
        const connected = g.connected && S.conn === 'open' ? g.connected[i] : g.connected ? false : null;
        return h(
          'div.player',
          { 'data-player': s.player, class: s.player === moverNow && !(S.shown || g).state.result ? 'player to-move' : 'player' },
          h('span', { html: miniPiece(piece, names, 26) }),
          h('span.pname', tr.player(s.player)),
          s.name ? h('span.sname', { 'data-name': s.player }, s.name) : null,
          s.rating != null ? h('span.rating', { 'data-rating': s.player, title: tr('rating.title') }, String(s.rating)) : null,
          s.rating_change != null ? h('span.rchange', { class: `rchange${s.rating_change > 0 ? ' up' : s.rating_change < 0 ? ' down' : ''}`, 'data-rating-change': s.player }, signed(s.rating_change)) : null,
          h('span.kind', kind),
          s.kind === 'human' && connected !== null ? h('span', { class: `dotc${connected ? ' on' : ''}`, title: connected ? tr('game.connected') : tr('game.away'), 'data-connected': String(!!connected) }) : null,
          people.clock(s.player),
          counts.length ? h('div.counts', counts.map(([k, v]) => h('span', { 'data-count': k }, isFlag(k) ? tr.count(k) : `${tr.count(k)}: ${v}`))) : null,
          reserveKey && reserveKey[1] > 0 ? h('div.reserve', { html: Array.from({ length: Math.min(reserveKey[1], 24) }, () => miniPiece(piece, names, 15)).join('') + (reserveKey[1] > 24 ? ` +${reserveKey[1] - 24}` : '') }) : null,
        );
      }),
    );
  }

  function renderActions() {
    const tr = t();
    const g = S.game;
    const a = actor();
    const parts = [];
    // The die: the last roll shown large, the roll button when it is my die.
    const shown = S.shown || g;
    // The die to show: the view's `roll` of the player to move, else the roll just played, or
    // the roll the last move was made with (the computer rolls and moves at once).
    const rec = shown.record.slice(0, shown.ply);
    let lastTok = rec[rec.length - 1];
    if (rollValue(lastTok) === null && rollValue(rec[rec.length - 2]) !== null) lastTok = rec[rec.length - 2];
    const fromView = (shown.state.view.players || []).map((p) => p.roll).find((v) => typeof v === 'number');
    const rv = fromView !== undefined ? fromView : rollValue(lastTok);
    if (rv !== null) {
      // While the next roll is due, the last one (the computer's too) stays shown, dimmed.
      const before = shown.state.to_move === 'chance';
      const fresh = S.lastRollPly !== shown.ply && !before;
      S.lastRollPly = shown.ply;
      parts.push(h('div.die-box', { class: before ? 'die-box previous' : 'die-box', 'data-roll': String(rv), title: t()('moves.rolled', { n: rv }), html: dieSvg(rv, 64).replace('class="die"', `class="die big${fresh ? ' roll-shown' : ''}"`) }));
    }
    if (a && a.roll && !reviewing()) {
      parts.push(h('button.roll.primary', { type: 'button', 'data-action': 'roll', disabled: !!S.sending, on: { click: roll } }, h('span', { html: dieSvg('?', 34) }), tr('btn.roll')));
    }
    if (interactive()) {
      const d = P.describe(g.state.paths || {}, S.clicks);
      if (d.words.length) parts.push(h('div.turn-words', d.words.map((w) => h('button.primary', { type: 'button', 'data-action': w, on: { click: () => onBoardClick(w) } }, tr(`btn.${w}`)))));
      if (d.choices.length) {
        parts.push(h('div.choices', h('span.muted', tr('choose.which')), d.choices.map((m) => h('button', { type: 'button', 'data-choice': m, on: { click: () => sendMove(m) } }, m))));
      }
      if (S.clicks.length) parts.push(h('button', { type: 'button', 'data-action': 'back', title: 'Esc', on: { click: () => { S.clicks = P.back(S.clicks); render(false); } } }, '↶ ', tr('btn.back')));
    }
    fill(el.actions, parts);
  }

  /** One line saying what to click now. */
  function promptText() {
    const tr = t();
    const g = S.game;
    if (!g || g.state.result || reviewing()) return '';
    const a = actor();
    if (!a) return mySeats().length ? tr('prompt.wait') : '';
    if (a.roll) return tr('prompt.roll');
    if (!interactive()) return '';
    const paths = g.state.paths || {};
    const d = P.describe(paths, S.clicks);
    if (d.choices.length) return tr('prompt.choose');
    const view = g.state.view;
    const points = new Set((view.points || []).map((p) => p.id));
    const next = [...P.nextTargets(paths, S.clicks)];
    const places = next.filter((x) => !P.isWord(x));
    const cellAt = new Map(view.cells.map((c) => [c.id, c]));
    const occupied = (id) => ((cellAt.get(id) || {}).stack || []).length > 0;
    const c = S.clicks.length;
    switch (g.game) {
      case 'gipf':
        if (c === 0 && places.length && places.every((x) => points.has(x))) return tr('prompt.gipf.start');
        if (c === 1 && points.has(S.clicks[0])) {
          if (!next.includes(S.clicks[0])) return tr('prompt.gipf.push.plain');
          return places.length > 1 ? tr('prompt.gipf.push') : tr('prompt.gipf.gipfonly');
        }
        if (c === 2 && S.clicks[0] === S.clicks[1] && points.has(S.clicks[0])) return tr('prompt.gipf.push.gipf');
        if (d.words.includes('done')) return tr('prompt.gipf.gipf');
        return tr('prompt.gipf.take');
      case 'bulgarian-ur':
        if (!places.length && next.includes('pass')) return tr('prompt.ur.pass');
        return c === 0 ? tr('prompt.ur.move') : tr('prompt.ur.to');
      case 'seega': {
        const pos = seegaPosition(g);
        if (pos && pos.phase === 'placing') return tr('prompt.seega.place');
        if (c === 0) return tr('prompt.seega.move');
        if (d.words.includes('done')) return tr('prompt.seega.more');
        return tr('prompt.seega.to');
      }
      case 'amazons':
        if (c === 0) return places.length && places.every((x) => !occupied(x)) ? tr('prompt.amazons.place') : tr('prompt.amazons.queen');
        if (c === 1) return tr('prompt.amazons.to');
        return tr('prompt.amazons.shot');
      default:
        return c === 0 ? tr('prompt.generic.start') : tr('prompt.next');
    }
  }

  /** Seega's position text, read: phase and the turns without a capture. */
  function seegaPosition(g) {
    const f = String((g.state && g.state.position) || '').split(/\s+/);
    if (g.game !== 'seega' || f.length < 5) return null;
    return { phase: f[2], quiet: Number(f[4]) };
  }

  /**
   * Whether a Seega game entered its moving phase within the last two plies, read from the
   * record (a moving turn is written with '-', or is a pass): the prompt announces the switch
   * whichever frames this page happened to see, after a reload too.
   */
  function justMoving(g) {
    const pos = seegaPosition(g);
    if (!pos || pos.phase !== 'moving') return false;
    const since = g.record.findIndex((t) => t.includes('-') || t === 'pass');
    return since >= 0 ? g.ply - since <= 2 : g.ply >= 0;
  }

  function renderPrompt() {
    const tr = t();
    const g = S.shown || S.game;
    let text = promptText();
    if (justMoving(S.game) && !reviewing()) text = `${tr('seega.phase.moving')} ${text}`;
    if (el.prompt.textContent !== text) el.prompt.textContent = text;
    el.prompt.hidden = !text;
    void g;
  }

  /** What the counters mean (Bulgarian Ur), the turns without a capture (Seega). */
  function renderLegend() {
    const tr = t();
    const g = S.shown || S.game;
    if (g.game === 'bulgarian-ur') {
      if (!el.legend.firstChild) fill(el.legend, h('details.ur-legend', { open: true }, h('summary', tr('ur.legend.title')), h('p', tr('ur.legend'))));
      return;
    }
    const pos = seegaPosition(g);
    if (pos && pos.phase === 'moving') {
      const max = Number((g.options || {}).quiet || defaultOption('quiet'));
      fill(el.legend, h('p.quiet', { 'data-quiet': String(pos.quiet) }, Number.isFinite(max) && max > 0 ? tr('seega.quiet', { n: pos.quiet, max }) : tr('seega.quiet.nolimit', { n: pos.quiet })));
    } else fill(el.legend);
  }
  function defaultOption(key) {
    const o = (gameMeta().options || []).find((x) => x.key === key);
    return o ? o.default : '';
  }

  function renderToolbar() {
    const tr = t();
    const g = S.game;
    const mine = mySeats();
    const over = !!g.state.result;
    const a = actor();
    const humans = g.seats.filter((s) => s.kind === 'human');
    // Undo only when there is something of mine to undo (the server would answer "nothing to undo").
    const movedKnown = S.moved.key === `${g.version}:${g.ply}`;
    const canUndo = !over && mine.length === 1 && humans.length === 1 && g.ply > 0 && movedKnown && S.moved.value;
    // Between people: no hint, no undo (offers instead); watchers get no buttons of a player.
    const between = people.active();
    // Whether I have moved: undo against the computer, a takeback between people.
    if (!over && mine.length === 1 && (humans.length === 1 || between) && g.ply > 0 && !movedKnown) checkMoved();
    fill(
      el.toolbar,
      a && !a.roll && !over && !between ? h('button', { type: 'button', 'data-action': 'hint', disabled: reviewing(), on: { click: doHint } }, tr('btn.hint')) : null,
      canUndo ? h('button', { type: 'button', 'data-action': 'undo', disabled: reviewing() || !!S.sending, on: { click: doUndo } }, tr('btn.undo')) : null,
      h('button', { type: 'button', 'data-action': 'flip', on: { click: flip } }, tr('btn.flip')),
      people.tools(),
      mine.length && !over && !g.seats.some((s) => s.kind === 'open') ? h('button', { type: 'button', 'data-action': 'resign', on: { click: doResign } }, tr('btn.resign')) : null,
      over && people.ownRematch() ? h('button.primary', { type: 'button', 'data-action': 'rematch', on: { click: rematch } }, tr('game.rematch')) : null,
    );
  }

  function renderBanner() {
    const tr = t();
    const bad = null;
    if (!reviewing()) {
      fill(el.banner, bad);
      return;
    }
    const at = review.at;
    fill(
      el.banner,
      h('div.review-banner', { 'data-review': String(at) }, h('span', at === 0 ? tr('review.start') : tr('review.banner', { ply: at, total: S.game.ply })), h('button', { type: 'button', 'data-action': 'live', on: { click: () => goReview(S.game.ply) } }, tr('moves.live'))),
    );
  }

  function renderMoves() {
    const tr = t();
    const g = S.game;
    const shownPly = (S.shown || g).ply;
    // Rolls are not moves: each shows as its die value beside the move made with it, and a
    // roll-off (`first=black`) as who starts; only moves are numbered.
    const items = [];
    let n = 0;
    let roll = null;
    const item = (ply, current, ...content) => h('li', h('button', { type: 'button', 'data-ply': String(ply), 'aria-current': String(current), on: { click: () => goReview(ply) } }, ...content));
    const die = (r) => h('span.die-mini', { title: tr('moves.rolled', { n: r.value }), 'aria-label': tr('moves.rolled', { n: r.value }) }, String(r.value));
    g.record.forEach((tok, i) => {
      const rv = rollValue(tok);
      if (rv !== null) {
        roll = { value: rv, ply: i + 1 };
        return;
      }
      const first = /^first=(\w+)$/.exec(tok);
      if (first) {
        items.push(item(i + 1, i + 1 === shownPly, h('span.meta', tr('moves.first', { player: tr.player(first[1]) }))));
        return;
      }
      n += 1;
      items.push(item(i + 1, i + 1 === shownPly || (roll && roll.ply === shownPly), h('span.n', `${n}.`), roll ? die(roll) : null, tok, greview.marks(i + 1)));
      roll = null;
    });
    if (roll) items.push(item(roll.ply, roll.ply === shownPly, h('span.n', `${n + 1}.`), die(roll), '…'));
    const list = h('ol', { 'aria-label': tr('moves.title') }, items);
    fill(
      el.moves,
      h(
        'div.head',
        h('strong', tr('moves.title')),
        h('button', { type: 'button', 'data-action': 'first', title: tr('moves.start'), disabled: shownPly === 0, on: { click: () => goReview(0) } }, '«'),
        h('button', { type: 'button', 'data-action': 'prev', title: tr('moves.prev'), disabled: shownPly === 0, on: { click: () => step(-1) } }, '◀'),
        h('button', { type: 'button', 'data-action': 'next', title: tr('moves.next'), disabled: shownPly >= g.ply, on: { click: () => step(1) } }, '▶'),
        h('button', { type: 'button', 'data-action': 'last', title: tr('moves.live'), disabled: shownPly >= g.ply, on: { click: () => goReview(g.ply) } }, '»'),
      ),
      g.seats.some((x) => x.name) ? h('p.move-names', { 'data-move-names': '1' }, g.seats.map((x) => `${tr.player(x.player)}: ${x.name || (x.kind === 'open' ? '…' : x.kind.startsWith('computer') ? tr.computer(x.kind.split(':')[1]) : '—')}`).join(' · ')) : null,
      g.record.length ? list : h('p.muted', { style: 'padding:0 0.6em' }, tr('moves.none')),
    );
    const cur = list.querySelector('[aria-current=true]');
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
  }

  function renderGreview() {
    if (!el.greview || !S.game) return;
    // Drawn anew each time: keep the focus on the graph (or button) it was on.
    const f = document.activeElement;
    const key = f && el.greview.contains(f) ? (f.getAttribute('data-graph') ? '[data-graph]' : f.getAttribute('data-action') ? `[data-action="${f.getAttribute('data-action')}"]` : null) : null;
    fill(el.greview, greview.element());
    if (key) {
      const again = el.greview.querySelector(key);
      if (again) again.focus();
    }
  }

  function buildTypebox() {
    const tr = t();
    const input = h('input', { type: 'text', 'data-action': 'type', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false', list: 'legal-moves', 'aria-label': tr('type.send') });
    const dl = h('datalist#legal-moves');
    const send = () => {
      const text = input.value.trim();
      if (!text) return;
      const a = actor();
      if (!a || reviewing()) return;
      if (a.roll) {
        if (/^roll$/i.test(text)) {
          input.value = '';
          roll();
        }
        return;
      }
      const m = P.matchTyped(S.game.state.legal, text);
      input.value = '';
      sendMove(m || text);
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        send();
      } else if (e.key === 'Escape') {
        input.value = '';
        input.blur();
      }
      e.stopPropagation();
    });
    input.addEventListener('input', () => fillSuggestions(input.value));
    el.typeInput = input;
    el.datalist = dl;
    fill(el.type, input, dl, h('button', { type: 'button', 'data-action': 'type-send', on: { click: send } }, tr('type.send')));
  }
  function fillSuggestions(text) {
    const legal = actor() && !actor().roll ? S.game.state.legal || [] : [];
    fill(el.datalist, P.suggest(legal, text, 30).map((m) => h('option', { value: m })));
  }
  function updateTypebox() {
    const tr = t();
    const a = actor();
    const legal = S.game.state.legal || [];
    el.typeInput.disabled = !a || reviewing() || !!S.game.state.result;
    el.type.hidden = !mySeats().length;
    el.typeInput.placeholder = a ? tr('type.placeholder', { example: a.roll ? 'roll' : legal[0] || '…' }) : '';
    fillSuggestions(el.typeInput.value);
  }

  function renderShare() {
    const tr = t();
    const g = S.game;
    const rows = [];
    const inv = S.saved.invites || {};
    for (const s of g.seats) {
      if (!inv[s.player]) continue;
      const link = inv[s.player];
      rows.push(h('div', tr('invite.help', { player: tr.player(s.player) })), h('div.row', h('input', { type: 'text', readonly: true, value: link, 'data-invite': s.player, on: { focus: (e) => e.target.select() } }), h('button', { type: 'button', on: { click: async (e) => { if (await copyText(link)) e.target.textContent = tr('btn.copied'); } } }, tr('btn.copy'))));
    }
    const watch = new URL(`/g/${encodeURIComponent(id)}`, location.href).href;
    rows.push(h('div', tr('watch.link')), h('div.row', h('input', { type: 'text', readonly: true, value: watch, 'data-watch': '1', on: { focus: (e) => e.target.select() } }), h('button', { type: 'button', on: { click: async (e) => { if (await copyText(watch)) e.target.textContent = tr('btn.copied'); } } }, tr('btn.copy'))));
    rows.push(
      h(
        'div.row',
        h('button', { type: 'button', 'data-action': 'copy-record', on: { click: async (e) => { const text = (await api.record(id)).trim(); if (await copyText(text)) e.target.textContent = tr('btn.copied'); } } }, tr('record.copy')),
        h('button', { type: 'button', 'data-action': 'download-record', on: { click: async () => { const text = (await api.record(id)).trim(); download(`tabla-${g.game}-${id}.txt`, recordFile({ game: g.game, options: g.options, record: text, url: watch })); } } }, tr('record.download')),
      ),
    );
    fill(el.share, rows);
  }

  function showRules() {
    openRules({ tr: t(), gm: { ...gameMeta(), id: S.game.game }, other: true });
  }

  function showEnd() {
    const tr = t();
    const g = S.game;
    S.endShownFor = g.id;
    const body = h(
      'div.end-card',
      { 'data-end': '1' },
      h('div.result', resultText(g)),
      h('div.reason', reasonText(g)),
      g.seats.some((x) => x.rating_change != null) ? h('div.ratings', { 'data-end-ratings': '1' }, g.seats.filter((x) => x.rating != null).map((x) => `${nameOf(g, x.player, tr)} ${x.rating}${x.rating_change != null ? ` (${signed(x.rating_change)})` : ''}`).join(' · ')) : null,
      h('div.buttons', people.ownRematch() ? h('button.primary', { type: 'button', 'data-action': 'rematch', on: { click: rematch } }, tr('game.rematch')) : people.me() ? people.endPart() : null, h('button', { type: 'button', 'data-action': 'close-end', on: { click: () => dlg.close() } }, tr('game.review')), h('button', { type: 'button', 'data-action': 'end-review', on: { click: () => { dlg.close(); greview.start(); } } }, tr('review.ask')), h('a', { href: '/' }, h('button', { type: 'button', tabindex: '-1' }, tr('nav.lobby')))),
    );
    const dlg = modal({ title: tr('game.over'), body, className: 'end' });
  }

  // ---------- keys ----------
  function onKey(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    if (document.querySelector('dialog[open]')) return;
    if (e.key === 'Escape') {
      if (S.clicks.length) {
        S.clicks = P.back(S.clicks);
        render(false);
      }
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      step(-1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      step(1);
    } else if (e.key === 'Home') {
      goReview(0);
    } else if (e.key === 'End') {
      goReview(S.game.ply);
    } else if (e.key.length === 1 && /\S/.test(e.key) && el.typeInput && !el.typeInput.disabled) {
      // Typing a move works everywhere: the first key goes to the move box.
      el.typeInput.focus();
    }
  }
  document.addEventListener('keydown', onKey);
  window.addEventListener('online', () => live.kick());
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && live.kick());

  // ---------- start ----------
  S.game = first;
  S.shown = first;
  people.onGame(null, first);
  const savedTurn = getPref(`flip.${id}`, null);
  if (savedTurn !== null) S.rotation = savedTurn;
  else setAutoRotation();
  ctx.refresh = () => {
    layoutScreen();
    render(false);
  };
  layoutScreen();
  render(false);
  live.game = null;
  live.start();
  // More seats played at this screen: each says hello on its own socket, so that the others
  // see every seat of this screen connected.
  for (const tok of Object.values(tokens()).slice(1)) {
    new Live({ url: api.liveUrl(id), token: tok, openSocket: (u) => new WebSocket(u), timers: live.timers, onGame: () => {} }).start();
  }
  if (reviewAt !== null) goReview(Number(reviewAt) || 0);
  // A watcher sees a finished game's result at once.
  if (first.state.result) renderStatus();
  window.tabla = { S, live, review };
}
