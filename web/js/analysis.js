// The analysis board: `/analysis` (pick a game and options) and `/analysis/GAME?options=…&
// record=…&ply=N` (or `position=…`). Moves are made by clicks exactly as in a game (the same
// board and click paths); every node's state comes from `POST /api/position` with the record
// of the line to it, so nothing is stored as a game. Chance outcomes (dice) are chosen, not
// rolled. The engine (analysis-engine.js) looks at the node shown.

import { h, fill, copyText } from './dom.js';
import { api } from './api.js';
import * as P from './paths.js';
import { createBoard } from './board.js';
import { previewMove, dieSvg, ownerColour, miniPiece } from './draw.js';
import { flipStep, norm } from './geometry.js';
import { getPref, setPref, saveGame } from './store.js';
import { defaultValue, optionApplies } from './lobby.js';
import { MoveTree, layoutLine, isChanceToken, analysisUrl, parseAnalysisQuery } from './analysis-tree.js';
import { EngineClient, analyseRequest, engineView, fitsState, percent, percentExact } from './analysis-engine.js';

const COMPUTER = 'computer:4';
const liveUrl = () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/analyse/live`;
const pieceKind = { amazons: 'queen', seega: 'stone', 'bulgarian-ur': 'blue', gipf: 'piece' };

/**
 * Redraws a box and gives the focus back to the same control (the engine's lines are drawn
 * anew on every frame: a keyboard user on a line must not lose their place).
 */
function keepFocus(box, redraw) {
  const a = document.activeElement;
  const keys = ['data-action', 'data-chance', 'data-line', 'data-pv', 'data-node'];
  const inside = a && box.contains(a) && a !== box;
  const line = inside && a.closest('[data-line]');
  const sel = inside ? keys.filter((k) => a.hasAttribute(k)).map((k) => `[${k}="${CSS.escape(a.getAttribute(k))}"]`).join('') : '';
  redraw();
  if (!inside) return;
  const scope = line ? box.querySelector(`[data-line="${CSS.escape(line.getAttribute('data-line'))}"]`) : box;
  const again = (sel && scope && scope.querySelector(sel)) || box.querySelector('[aria-current=true]');
  if (again) again.focus();
}

/** `/analysis`: the game and its options, then the board. */
export async function showAnalysisPicker(root, ctx) {
  const t = () => ctx.t;
  ctx.refresh = () => render();
  let meta;
  try {
    meta = await ctx.getMeta();
  } catch (e) {
    fill(root, ctx.topbar(t()('analysis.title')), h('p.error', { style: 'padding:1em' }, t().error(e)));
    return;
  }
  const games = meta.games;
  const S = { game: games.some((g) => g.id === getPref('lastGame')) ? getPref('lastGame') : games[0].id, options: {}, record: '', position: '' };
  const info = () => games.find((g) => g.id === S.game);
  const reset = () => (S.options = Object.fromEntries(info().options.map((o) => [o.key, defaultValue(o)])));
  const applies = (o) => optionApplies(S.game, o.key, S.options, Object.fromEntries(info().options.map((x) => [x.key, defaultValue(x)])));
  /** As the lobby sends them: only what differs from the defaults. */
  const chosen = () => Object.fromEntries(info().options.filter(applies).map((o) => [o.key, String(S.options[o.key] ?? '').trim()]).filter(([k, v]) => v !== '' && v !== defaultValue(info().options.find((o) => o.key === k))));
  const recordBox = h('textarea', { 'data-analysis': 'record', spellcheck: 'false', placeholder: 'first=black r3 0-3 …' });
  recordBox.addEventListener('input', () => (S.record = recordBox.value));
  const positionBox = h('input', { type: 'text', 'data-analysis': 'position', spellcheck: 'false', autocomplete: 'off' });
  positionBox.addEventListener('input', () => (S.position = positionBox.value.trim()));

  function optionRow(o) {
    const tr = t();
    const id = `aopt-${o.key}`;
    const control = o.choices && o.choices.length
      ? h('div.seg', { role: 'group', 'aria-labelledby': `${id}-l` }, o.choices.map((c) => h('button', { type: 'button', 'data-option': o.key, 'data-value': c, 'aria-pressed': String(S.options[o.key] === c), on: { click: () => { S.options[o.key] = c; render(); } } }, tr.value(c))))
      : h('input', { type: 'text', id, 'data-option': o.key, value: S.options[o.key] || '', placeholder: tr.value(o.default), on: { input: (e) => (S.options[o.key] = e.target.value) } });
    return h('div.option', h('label', { id: `${id}-l`, for: id }, tr.optionName(o.key)), h('div.control', control), h('div.help', tr.optionHelp(S.game, o)));
  }

  function render() {
    const tr = t();
    const open = () => location.assign(analysisUrl({ game: S.game, options: chosen(), position: S.position || null, record: S.record.split(/\s+/).filter(Boolean) }));
    fill(
      root,
      ctx.topbar(tr('analysis.title')),
      h(
        'main.analysis-pick',
        h('h1', tr('analysis.title')),
        h('p.muted', tr('analysis.pick')),
        h('div.game-picker', games.map((g) => h('button.game-card', { type: 'button', 'data-game': g.id, 'aria-pressed': String(g.id === S.game), on: { click: () => { S.game = g.id; reset(); render(); } } }, h('span.name', tr.gameName(g)), h('span.summary', tr.gameSummary(g))))),
        info().options.filter(applies).map(optionRow),
        h('label.analysis-record', tr('analysis.record'), recordBox),
        h('label.analysis-record', tr('analysis.position'), positionBox),
        h('div.start-row', h('button.primary.big', { type: 'button', 'data-action': 'analysis-open', on: { click: open } }, tr('analysis.open'))),
      ),
    );
  }
  reset();
  render();
}

/** `/analysis/GAME`: the board, the move tree, the engine. */
export async function showAnalysis(root, ctx, game) {
  const t = () => ctx.t;
  const q = parseAnalysisQuery(location.search);
  const S = {
    options: q.options,
    position: q.position,
    players: [],
    tree: new MoveTree(q.record),
    /** Answers of /api/position by record text (promises). */
    cache: new Map(),
    state: null,
    error: null,
    clicks: [],
    rotation: 0,
    engineOn: getPref('analysis.engine', true) !== false,
    engine: null,
    engineStatus: 'off',
    drawn: null,
  };
  S.tree.go(S.tree.mainAt(q.ply));
  const meta = await ctx.getMeta().catch(() => null);
  const gameMeta = (meta && meta.games.find((g) => g.id === game)) || { id: game, name: game, options: [] };

  function fetchState(record) {
    const key = record.join(' ');
    if (!S.cache.has(key)) {
      const req = { game, options: S.options, record: key };
      if (S.position) req.position = S.position;
      const p = api.position(req);
      // A refusal is not kept: the same line may be asked again (after a reconnect).
      p.catch(() => S.cache.delete(key));
      S.cache.set(key, p);
    }
    return S.cache.get(key);
  }

  /** Shows the tree's current node: its state from the server, then the engine on it. */
  async function show() {
    const node = S.tree.current;
    S.clicks = [];
    // Until the node's state comes the board keeps its drawing but takes no clicks, and no
    // engine frame of the node before is taken for this one.
    S.state = null;
    S.engine = null;
    syncUrl();
    renderMoves();
    try {
      const a = await fetchState(S.tree.record(node));
      if (S.tree.current !== node) return;
      S.players = a.players;
      S.state = a.state;
      S.error = null;
    } catch (e) {
      if (S.tree.current !== node) return;
      if (e.status === 400 && node.parent) {
        // A token the rules refuse (a mistyped record in the address): it and what follows
        // leave the tree, the reason is said, and the position before it is shown.
        say(t().error(e));
        S.tree.remove(node);
        return show();
      }
      S.state = null;
      S.error = e;
    }
    render();
    askEngine();
  }

  function syncUrl() {
    const line = S.tree.line().map((n) => n.token);
    history.replaceState(null, '', analysisUrl({ game, options: S.options, position: S.position, record: line, ply: S.tree.depth() }));
  }

  // ---------- moves ----------
  function play(token) {
    say('');
    S.tree.play(token);
    show();
  }
  /** A principal variation's moves up to `i`, played from the node shown. */
  function playLine(pv, i) {
    for (const tok of pv.slice(0, i + 1)) S.tree.play(tok);
    show();
  }
  function go(node) {
    if (!node || node === S.tree.current) return;
    S.tree.go(node);
    show();
  }
  const canClick = () => !!S.state && !S.state.result && S.state.to_move !== 'chance';
  function onBoardClick(id) {
    if (!canClick()) return;
    const r = P.click(S.state.paths || {}, S.clicks, id);
    if (!r.changed) return;
    if (r.move !== null) return play(r.move);
    S.clicks = r.clicks;
    renderBoard(false);
    renderActions();
  }

  // ---------- the engine ----------
  const engine = new EngineClient({
    url: liveUrl(),
    openSocket: (u) => new WebSocket(u),
    timers: { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (x) => clearTimeout(x) },
    onFrame: (f) => {
      if (!S.engineOn || !fitsState(f, S.state)) return;
      S.engine = engineView(f, { players: S.players });
      renderEngine();
      if (!S.clicks.length) renderBoard(false);
      renderActions();
    },
    onStatus: (s) => {
      S.engineStatus = s;
      renderEngine();
    },
  });
  function askEngine() {
    if (!S.engineOn) return engine.stop();
    if (!S.state || S.state.result) {
      // Nothing to search: the old search is left to finish unseen.
      S.engine = null;
      renderEngine();
      return;
    }
    engine.analyse(analyseRequest({ game, options: S.options, position: S.position, record: S.tree.record() }));
  }
  function toggleEngine(on) {
    S.engineOn = on;
    setPref('analysis.engine', on);
    S.engine = null;
    askEngine();
    render();
  }

  // ---------- tools ----------
  /** Whose turn a chance node leads to (Bulgarian Ur's position text says `turn=black`). */
  function roller(st) {
    const m = /\bturn=([a-z0-9_]+)/i.exec((st && st.position) || '');
    return m && S.players.includes(m[1]) ? m[1] : null;
  }
  const mover = (st) => (st.to_move === 'chance' ? roller(st) : st.to_move);
  async function continueVsComputer(btn) {
    const st = S.state;
    const me = mover(st) || S.players[0];
    const seats = S.players.map((p) => (p === me ? 'human' : COMPUTER));
    btn.disabled = true;
    try {
      const created = await api.create({ game, options: S.options, record: S.tree.record().join(' '), seats });
      const tokens = {};
      created.seats.forEach((s) => s.token && (tokens[s.player] = s.token));
      saveGame(created.id, { game, options: S.options, tokens, invites: {}, seatsAsked: seats.map((s) => (s === 'human' ? 'me' : 'computer')) });
      location.assign(`/g/${encodeURIComponent(created.id)}`);
    } catch (e) {
      btn.disabled = false;
      say(t().error(e));
    }
  }
  async function copy(btn, text) {
    if (await copyText(text)) btn.textContent = t()('btn.copied');
  }
  function say(text) {
    el.note.textContent = text;
    el.note.hidden = !text;
  }

  // ---------- drawing ----------
  const el = {};
  function layout() {
    const tr = t();
    const boardWrap = h('div.board-wrap');
    el.bar = h('div.evalbar', { 'data-evalbar': '1' });
    el.status = h('p.prompt', { 'data-analysis': 'status', 'aria-live': 'polite' });
    el.actions = h('div.actions');
    el.note = h('p.note.error', { role: 'alert', hidden: true });
    el.engine = h('section.engine', { 'aria-label': tr('analysis.engine') });
    el.moves = h('div.moves.atree');
    el.tools = h('div.toolbar');
    const side = h('aside.side', { 'aria-label': tr('analysis.title') }, el.engine, el.moves, el.tools, h('p.keys-help', tr('analysis.keys')));
    fill(root, ctx.topbar(`${tr('analysis.title')} · ${tr.gameName(gameMeta)}${tr.optionsPhrase(S.options) ? ` · ${tr.optionsPhrase(S.options)}` : ''}`), h('main.game.analysis', h('section.board-area', el.bar, boardWrap, el.status, el.actions, el.note), side));
    el.board = createBoard(boardWrap, { onClick: onBoardClick });
    el.board.svg.setAttribute('aria-label', tr('a11y.board', { game: tr.gameName(gameMeta) }));
    S.drawn = null;
  }

  function render() {
    renderBoard(true);
    renderStatus();
    renderActions();
    renderEngine();
    renderMoves();
    renderTools();
  }

  function renderBoard(animate) {
    const st = S.state;
    if (!st || !st.view) return;
    const can = canClick();
    const paths = can ? st.paths || {} : {};
    const d = P.describe(paths, S.clicks);
    const best = S.engine && S.engine.best && !S.clicks.length ? P.firstPath(st.paths, S.engine.best) : null;
    const view = can ? previewMove(st.view, S.clicks, game, st.to_move) : st.view;
    const node = S.tree.current;
    // A step to the next or previous node slides the pieces; a jump just redraws.
    const near = S.drawn && (S.drawn.node === node.parent || (node && S.drawn.node && S.drawn.node.parent === node));
    el.board.draw({
      view,
      gameId: game,
      rotation: S.rotation,
      clicks: can ? S.clicks : [],
      targets: can && S.clicks.length ? d.targets : [],
      starts: can && !S.clicks.length ? [...P.nextTargets(paths, [])].filter((x) => !P.isWord(x)) : [],
      hint: best,
      interactive: can,
      animateFrom: animate && near && S.drawn.node !== node ? S.drawn.view : null,
    });
    el.board.svg.setAttribute('data-node', String(node.id));
    el.board.svg.setAttribute('data-ply', String(S.tree.depth()));
    el.board.svg.setAttribute('data-to-move', String(st.to_move));
    el.board.svg.setAttribute('data-best', (S.engine && S.engine.best) || '');
    S.drawn = { node, view };
  }

  function renderStatus() {
    const tr = t();
    let text = '';
    if (S.error) text = tr('analysis.error', { why: tr.error(S.error) });
    else if (!S.state) text = tr('analysis.loading');
    else if (S.state.result) {
      const w = S.state.result.winners || [];
      text = `${tr('game.over')}: ${w.length ? tr(w.length > 1 ? 'game.over.wins' : 'game.over.win', { players: tr.list(w.map(tr.player)) }) : tr('game.over.draw')}`;
    } else if (S.state.to_move === 'chance') text = roller(S.state) ? tr('analysis.chance.for', { player: tr.player(roller(S.state)) }) : tr('analysis.chance');
    else text = tr('game.turn.other', { player: tr.player(S.state.to_move) });
    el.status.textContent = text;
    el.status.classList.toggle('error', !!S.error);
  }

  /** The outcome of a chance token as people read it: a die, or who starts. */
  function outcomeLabel(tok) {
    const tr = t();
    const roll = /^r(\d+)$/i.exec(tok);
    if (roll) return [h('span', { html: dieSvg(Number(roll[1]), 30) }), h('span.sr-only', tr('moves.rolled', { n: roll[1] }))];
    const first = /^first=(\w+)$/.exec(tok);
    return first ? tr('moves.first', { player: tr.player(first[1]) }) : tok;
  }

  function renderActions() {
    const tr = t();
    const st = S.state;
    const parts = [];
    if (st && !st.result && st.to_move === 'chance') {
      // Dice are chosen here, not rolled: each outcome with its chance (and value, once known).
      const probs = new Map(st.chance || []);
      const values = new Map(((S.engine && S.engine.chance && S.engine.all) || []).map((m) => [m.move, m.value]));
      parts.push(
        h(
          'div.chance-pick',
          { role: 'group', 'aria-label': tr('analysis.chance.pick') },
          h('span.muted', tr('analysis.chance.pick')),
          (st.legal || []).map((tok) =>
            h('button', { type: 'button', 'data-chance': tok, on: { click: () => play(tok) } }, outcomeLabel(tok), h('small', probs.has(tok) ? percent(probs.get(tok)) : ''), values.has(tok) ? h('small.val', { 'data-chance-value': tok }, tr('analysis.win', { pct: percent(values.get(tok)) })) : null),
          ),
        ),
      );
    } else if (st && !st.result) {
      // The roll this turn is played with, as a die (the move list shows it too).
      const roll = /^r(\d+)$/i.exec(S.tree.current.token || '');
      if (roll) parts.push(h('span.die-box', { 'data-roll': roll[1], title: tr('moves.rolled', { n: roll[1] }), html: dieSvg(Number(roll[1]), 40) }));
    }
    if (canClick()) {
      const d = P.describe(st.paths || {}, S.clicks);
      if (d.words.length) parts.push(h('div.turn-words', d.words.map((w) => h('button.primary', { type: 'button', 'data-action': w, on: { click: () => onBoardClick(w) } }, tr(`btn.${w}`)))));
      if (d.choices.length) parts.push(h('div.choices', h('span.muted', tr('choose.which')), d.choices.map((m) => h('button', { type: 'button', 'data-choice': m, on: { click: () => play(m) } }, m))));
      if (S.clicks.length) parts.push(h('button', { type: 'button', 'data-action': 'back', title: 'Esc', on: { click: () => { S.clicks = P.back(S.clicks); renderBoard(false); renderActions(); } } }, '↶ ', tr('btn.back')));
    }
    keepFocus(el.actions, () => fill(el.actions, parts));
  }

  /** The bar's words: a proven result ("White: won"), an exact chance, or the estimate. */
  function barText(tr, v, seat0, share) {
    const player = tr.player(seat0);
    if (v.seat0Verdict && v.turns !== null && v.seat0Verdict !== 'drawn') return tr(`analysis.eval.${v.seat0Verdict}.in`, { player, n: v.turns });
    if (v.seat0Verdict) return tr(`analysis.eval.${v.seat0Verdict}`, { player });
    if (v.exact) return tr('analysis.eval.exact', { player, pct: percentExact(share) });
    return tr('analysis.eval', { player, pct: percent(share) });
  }

  function renderEngine() {
    const tr = t();
    const v = S.engine;
    const seat0 = S.players[0];
    // The bar: always the first seat's win chance.
    const share = v && !v.error && typeof v.seat0 === 'number' ? v.seat0 : null;
    const colours = S.players.map((p) => ownerColour(p, S.players).fill);
    fill(
      el.bar,
      seat0 ? h('span', { html: miniPiece({ owner: seat0, kind: pieceKind[game] || 'piece' }, S.players, 20) }) : null,
      h('div.track', { style: `background:${colours[1] || '#888'}` }, h('div.fill', { style: `width:${share === null ? 50 : Math.round(share * 100)}%;background:${colours[0] || '#eee'}` })),
      h('span.pct', { 'data-eval': share === null ? '' : share.toFixed(3), 'data-exact': v && !v.error && (v.exact || v.seat0Verdict) ? '1' : null }, seat0 && share !== null ? barText(tr, v, seat0, share) : ''),
    );
    // No value yet: the bar stays in its place (nothing jumps), greyed.
    el.bar.classList.toggle('none', share === null);
    el.bar.hidden = !S.engineOn;
    const sw = h('label.switch', h('input', { type: 'checkbox', 'data-action': 'engine', checked: S.engineOn, on: { change: (e) => toggleEngine(e.target.checked) } }), ' ', tr('analysis.engine'));
    let status = '';
    if (!S.engineOn) status = tr('analysis.engine.off');
    else if (S.state && S.state.result) status = tr('analysis.engine.over');
    else if (v && v.error && v.retryMs === null) status = tr('analysis.engine.error', { why: v.error });
    else if (S.engineStatus === 'busy' || (v && v.error)) status = tr('analysis.engine.busy', { s: Math.ceil(((v && v.retryMs) || 1000) / 1000) });
    else if (S.engineStatus === 'down') status = tr('analysis.engine.down');
    else if (v && !v.error) status = tr(v.final ? 'analysis.engine.done' : 'analysis.engine.depth', { depth: v.depth ?? '–', time: ((v.elapsedMs || 0) / 1000).toFixed(1) });
    else status = tr('analysis.engine.thinking');
    const body = [];
    if (S.engineOn && v && !v.error) {
      const who = tr.player(v.player);
      if (v.chance) {
        body.push(h('p.value', { 'data-engine': 'value' }, tr('analysis.value', { player: who, pct: percent(v.value) })));
        body.push(h('h3', tr('analysis.rolls')), h('ol.lines', v.all.map((m) => h('li', { 'data-line': m.move }, h('button.mv', { type: 'button', on: { click: () => play(m.move) } }, outcomeLabel(m.move)), h('span.p', tr('analysis.chance.p', { pct: percent(m.chance) })), h('strong.v', percent(m.value))))));
      } else {
        // What is proven here (the solver, or an exact table's 1 or 0), and exact values
        // (Bulgarian Ur's table): said apart from the engine's estimates.
        if (v.verdict) {
          const proven = v.turns !== null && v.verdict !== 'drawn' ? tr(`analysis.proven.${v.verdict}.in`, { player: who, n: v.turns }) : tr(`analysis.proven.${v.verdict}`, { player: who });
          // The proven move, named for what it is, as a button that plays it.
          const offer = (label, attr, mv) => h('span', ' · ', tr(label), ' ', h('button.mv', { type: 'button', [attr]: mv, on: { click: () => play(mv) } }, mv));
          const winningLabel = v.verdict === 'drawn' ? 'analysis.proven.drawing' : v.turns !== null ? 'analysis.proven.fastest' : 'analysis.proven.best';
          body.push(h('p.value.exact', { 'data-engine': 'verdict', 'data-verdict': v.verdict, 'data-turns': v.turns === null ? null : String(v.turns) }, proven,
            v.winning ? offer(winningLabel, 'data-winning', v.winning) : null,
            v.defence && v.verdict === 'lost' ? offer('analysis.proven.defence', 'data-defence', v.defence) : null));
        } else if (v.exact) {
          body.push(h('p.value.exact', { 'data-engine': 'exact' }, tr('analysis.exact', { player: who, pct: percentExact(v.value) })));
        }
        // Seega's endgame tables: each move's result with the turns to the end ("wins in 7").
        const endgame = v.exact && game === 'seega';
        const result = (m) => (m.value === 1 ? tr('analysis.move.win.in', { n: m.turns }) : m.value === 0 ? tr('analysis.move.loss.in', { n: m.turns }) : tr('analysis.move.draw'));
        const shown = endgame ? result : v.exact ? (m) => percentExact(m.value) : (m) => percent(m.value);
        // Bulgarian Ur: every move with its win chance for the roll shown; Seega's endgames:
        // every move with its exact result; else the best lines.
        const list = game === 'bulgarian-ur' || endgame ? v.all : v.lines;
        body.push(h('h3', tr(endgame ? 'analysis.all.endgame' : game === 'bulgarian-ur' ? (v.exact ? 'analysis.all.exact' : 'analysis.all') : v.verdict ? 'analysis.lines.estimate' : 'analysis.lines', { player: who })));
        body.push(h('ol.lines', list.map((m) => h('li', { 'data-line': m.move }, h('strong.v', shown(m)), h('span.pv', (m.pv && m.pv.length ? m.pv : [m.move]).map((tok, i, pv) => h('button.mv', { type: 'button', 'data-pv': String(i), title: tr('analysis.pv.play'), on: { click: () => playLine(pv, i) } }, tok)))))));
      }
    }
    keepFocus(el.engine, () => fill(el.engine, h('div.engine-head', sw, h('span.muted', { 'data-engine': 'status' }, status)), body));
  }

  function renderMoves() {
    const tr = t();
    const tree = S.tree;
    const cur = tree.current;
    const nodeButton = (n) => {
      const chance = isChanceToken(n.token);
      const roll = /^r(\d+)$/i.exec(n.token);
      const first = /^first=(\w+)$/.exec(n.token);
      const label = roll ? h('span.die-mini', { title: tr('moves.rolled', { n: roll[1] }) }, roll[1]) : first ? h('span.meta', tr('moves.first', { player: tr.player(first[1]) })) : [h('span.n', `${tree.moveNumber(n)}.`), n.token];
      return h('button.mv', { type: 'button', 'data-node': String(n.id), 'data-token': n.token, class: chance ? 'mv chance' : 'mv', 'aria-current': String(n === cur), on: { click: () => go(n) } }, label);
    };
    const items = (list) => list.map((it) => (it.node ? nodeButton(it.node) : h('div.var', { 'data-variation': String(it.variation[0].node.id) }, items(it.variation))));
    const list = layoutLine(tree.root);
    keepFocus(el.moves, () => fill(
      el.moves,
      h(
        'div.head',
        h('strong', tr('analysis.moves')),
        h('button', { type: 'button', 'data-action': 'first', title: tr('moves.start'), disabled: cur === tree.root, on: { click: () => go(tree.root) } }, '«'),
        h('button', { type: 'button', 'data-action': 'prev', title: tr('moves.prev'), disabled: !cur.parent, on: { click: () => go(cur.parent) } }, '◀'),
        h('button', { type: 'button', 'data-action': 'next', title: tr('moves.next'), disabled: !cur.children.length, on: { click: () => go(cur.children[0]) } }, '▶'),
        h('button', { type: 'button', 'data-action': 'last', title: tr('analysis.end'), disabled: !cur.children.length, on: { click: () => go(tree.line().at(-1)) } }, '»'),
      ),
      h('div.tree', { role: 'group', 'aria-label': tr('analysis.moves') }, h('button.mv.root', { type: 'button', 'data-node': String(tree.root.id), 'aria-current': String(cur === tree.root), on: { click: () => go(tree.root) } }, tr('analysis.start')), list.length ? items(list) : h('span.muted', tr('analysis.moves.none'))),
      cur.parent
        ? h(
            'div.node-tools',
            !tree.isMain(cur) ? h('button', { type: 'button', 'data-action': 'promote', on: { click: () => { tree.promote(cur); renderMoves(); syncUrl(); } } }, tr('analysis.promote')) : null,
            h('button', { type: 'button', 'data-action': 'delete', on: { click: () => { tree.remove(cur); show(); } } }, tr('analysis.delete')),
          )
        : null,
    ));
    // The current node in view inside the list only (scrolling the page would pull a phone's
    // board away from under the finger).
    const box = el.moves.querySelector('.tree');
    const b = box.querySelector('[aria-current=true]');
    if (b && (b.offsetTop < box.scrollTop || b.offsetTop + b.offsetHeight > box.scrollTop + box.clientHeight)) box.scrollTop = b.offsetTop - box.clientHeight / 2;
  }

  function renderTools() {
    const tr = t();
    const st = S.state;
    const flip = () => {
      S.rotation = norm(S.rotation + flipStep(st.view.board, S.players.length));
      renderBoard(false);
    };
    fill(
      el.tools,
      h('button', { type: 'button', 'data-action': 'flip', disabled: !st, on: { click: flip } }, tr('btn.flip')),
      h('button', { type: 'button', 'data-action': 'copy-position', disabled: !st, on: { click: (e) => copy(e.currentTarget, st.position) } }, tr('analysis.copy.position')),
      // The record of the line shown: to this node and on along its continuation (as in the address).
      h('button', { type: 'button', 'data-action': 'copy-record', on: { click: (e) => copy(e.currentTarget, S.tree.line().map((n) => n.token).join(' ')) } }, tr('record.copy')),
      // A game is made from a record only, so a board set up from a position text cannot go on as one.
      S.position ? null : h('button.primary', { type: 'button', 'data-action': 'continue', disabled: !st || !!st.result, on: { click: (e) => continueVsComputer(e.currentTarget) } }, tr('analysis.continue')),
    );
  }

  // ---------- keys ----------
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || document.querySelector('dialog[open]')) return;
    const tree = S.tree;
    const to = { ArrowLeft: () => tree.current.parent, ArrowRight: () => tree.current.children[0], Home: () => tree.root, End: () => tree.line().at(-1) }[e.key];
    if (to) {
      e.preventDefault();
      go(to());
    } else if (e.key === 'Escape' && S.clicks.length) {
      S.clicks = P.back(S.clicks);
      renderBoard(false);
      renderActions();
    }
  });

  ctx.refresh = () => {
    layout();
    render();
  };
  layout();
  await show();
  window.tabla = { analysis: S };
}
