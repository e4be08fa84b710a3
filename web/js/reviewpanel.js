// The game screen's review panel, under the move list: the computer's review of a finished
// game (asked with POST /api/games/{id}/review, then GET every half second while it runs),
// its evaluation graph, each player's accuracy (and in Bulgarian Ur luck against skill), the
// marks of the move list, and the Analyse link to the analysis board.
//
// game.js owns the screen: it asks this panel for its element on every render, and for the
// marks of each move of its move list. Reading the review is gamereview.js's (pure).

import { h } from './dom.js';
import { api } from './api.js';
import { nameOf, movesMade } from './people.js';
import * as R from './gamereview.js';
import { analysisUrl } from './analysis-tree.js';

const POLL_MS = 500;
const W = 320;
const H = 100;
const PAD = 6;

/**
 * @param {{id: string, t: () => Function, game: () => object, shownPly: () => number,
 *   mySeats: () => string[], goReview: (ply: number) => void, render: () => void}} deps
 */
export function createReviewPanel({ id, t, game, shownPly, mySeats, goReview, render }) {
  const st = {
    /** idle (not asked), asking, running, done, or error. */
    phase: 'idle',
    progress: 0,
    review: null,
    plies: new Map(),
    error: null,
    /** Whether the server was asked once what it has (a review may be there already). */
    checked: false,
    timer: null,
  };
  const over = () => !!game().state.result;

  function take(ans) {
    if (R.isDone(ans)) {
      st.phase = 'done';
      st.review = ans;
      st.plies = R.byPly(ans);
    } else {
      st.phase = 'running';
      st.progress = Number((ans && ans.progress) || 0);
      clearTimeout(st.timer);
      st.timer = setTimeout(poll, POLL_MS);
    }
    render();
  }
  function fail(e) {
    st.phase = 'error';
    st.error = e;
    render();
  }
  async function poll() {
    st.timer = null;
    try {
      take(await api.review(id));
    } catch (e) {
      fail(e);
    }
  }
  /** A finished game: is a review there already (or running)? Quietly nothing otherwise. */
  async function check() {
    st.checked = true;
    try {
      take(await api.review(id));
    } catch (_) {
      /* 404: never asked (the button asks); 409: not over */
    }
  }
  async function start() {
    if (st.phase === 'asking' || st.phase === 'running' || st.phase === 'done') return;
    st.phase = 'asking';
    st.error = null;
    render();
    try {
      take(await api.startReview(id));
    } catch (e) {
      fail(e);
    }
  }

  // ---------- the graph ----------
  function graph(tr, g) {
    const total = Math.max(1, g.record.length);
    const pts = R.graphPoints(st.review, g.seats.map((s) => s.player));
    if (pts.length < 2) return null;
    // A margin all round, so that the dots at the ends (and at 0% or 100%) and the cursor show whole.
    const X = (ply) => (PAD + (ply / total) * (W - 2 * PAD)).toFixed(1);
    const Y = (v) => (PAD + (1 - v) * (H - 2 * PAD)).toFixed(1);
    const line = pts.map((p) => `${X(p.ply)},${Y(p.value)}`).join(' ');
    const area = `${X(pts[0].ply)},${H} ${line} ${X(pts[pts.length - 1].ply)},${H}`;
    const dots = pts
      .map((p) => ({ p, e: st.plies.get(p.ply) }))
      .filter(({ e }) => e && e.class)
      .map(({ p, e }) => `<circle class="g-mark m-${e.class}" cx="${X(p.ply)}" cy="${Y(p.value)}" r="4"><title>${esc(`${e.move} ${R.markOf(e.class)}`)}</title></circle>`)
      .join('');
    const at = shownPly();
    const seat0 = nameOf(g, g.seats[0].player, tr);
    const other = g.seats.length === 2 ? nameOf(g, g.seats[1].player, tr) : '';
    const here = pts.find((p) => p.ply === at) || pts.filter((p) => p.ply <= at).pop() || pts[0];
    const svg = h('div.g-graph', {
      role: 'slider',
      tabindex: '0',
      'data-graph': '1',
      'aria-label': tr('review.graph', { player: seat0 }),
      'aria-valuemin': '0',
      'aria-valuemax': String(g.record.length),
      'aria-valuenow': String(at),
      'aria-valuetext': tr('review.graph.at', { n: movesMade(g.record.slice(0, at)), player: seat0, pct: R.percent(here.value) }),
      html:
        `<svg viewBox="0 0 ${W} ${H}" aria-hidden="true">` +
        `<polygon class="g-area" points="${area}"/>` +
        `<line class="g-mid" x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}"/>` +
        `<line class="g-at" x1="${X(at)}" y1="0" x2="${X(at)}" y2="${H}"/>` +
        `<polyline class="g-line" points="${line}"/>${dots}</svg>` +
        `<span class="g-top">${esc(seat0)}</span>${other ? `<span class="g-bottom">${esc(other)}</span>` : ''}`,
      on: {
        click: (e) => {
          const box = e.currentTarget.getBoundingClientRect();
          goReview(R.nearestPly(pts, (((e.clientX - box.left) / box.width) * W - PAD) / (W - 2 * PAD) * total));
        },
        // From point to point (Bulgarian Ur's rolls have none); the screen's own keys step by token.
        keydown: (e) => {
          const i = pts.indexOf(here);
          const to = { ArrowLeft: pts[Math.max(0, here.ply < at ? i : i - 1)], ArrowRight: pts[Math.min(pts.length - 1, i + 1)], Home: pts[0], End: pts[pts.length - 1] }[e.key];
          if (!to) return;
          e.preventDefault();
          e.stopPropagation();
          goReview(to.ply);
        },
      },
    });
    return svg;
  }

  /** The shown move, read: who played what, its mark, the chance before and after, the best move. */
  function atLine(tr, g) {
    const e = st.plies.get(shownPly());
    if (!e) return null;
    const n = movesMade(g.record.slice(0, e.ply));
    const cls = e.class ? ` ${R.markOf(e.class)} ${tr(`review.class.${e.class}`)}` : '';
    const best = e.best && e.best !== e.move ? tr('review.best', { move: e.best }) : '';
    return h(
      'p.g-atline',
      { 'data-review-at': String(e.ply) },
      tr('review.at', { n, player: nameOf(g, e.player, tr), move: e.move }),
      e.class ? h('span', { class: `mark m-${e.class}` }, cls) : null,
      ` · ${tr('review.chance', { before: R.percent(e.before), after: R.percent(e.after) })}`,
      best ? ` · ${best}` : '',
      // Where a move lost something: try the engine's move from the position before it.
      e.class && best
        ? [' · ', h('a', { href: analysisUrl({ game: g.game, options: g.options, record: g.record, ply: e.ply - 1 }), 'data-action': 'try-best', title: tr('review.try.title') }, tr('review.try', { move: e.best }))]
        : null,
    );
  }

  function players(tr, g) {
    const rows = R.summary(st.review, g.seats.map((s) => s.player));
    return h(
      'div.g-players',
      rows.map((r) =>
        h(
          'div.g-player',
          { 'data-accuracy': r.player },
          h('span.pname', nameOf(g, r.player, tr)),
          r.accuracy != null ? h('span.acc', tr('review.accuracy', { n: Number(r.accuracy).toFixed(1) })) : null,
          h('span.counts', { 'aria-label': R.CLASSES.map((c) => `${tr(`review.class.${c}`)}: ${r.counts[c]}`).join(', ') }, R.CLASSES.map((c) => h('span', { class: `mark m-${c}`, title: tr(`review.class.${c}`) }, `${R.markOf(c)} ${r.counts[c]}`))),
        ),
      ),
    );
  }

  /** Bulgarian Ur: how much the dice gave each player, against what their own moves lost. */
  function luck(tr, g) {
    if (!st.review.luck) return null;
    const rows = R.summary(st.review, g.seats.map((s) => s.player)).filter((r) => r.luck != null);
    return h(
      'div.g-luck',
      { 'data-luck': '1' },
      h('strong', tr('review.luck.title')),
      rows.map((r) => h('p', { 'data-luck-player': r.player }, tr('review.luck.line', { player: nameOf(g, r.player, tr), luck: R.percent(r.luck, true), loss: R.percent(r.loss) }))),
      h('p.muted', tr('review.luck.help')),
    );
  }

  return {
    /** The panel for the game as it is now. */
    element() {
      const tr = t();
      const g = game();
      if (over() && !st.checked) check();
      const closed = R.analysisClosed(g, mySeats());
      const reasonId = 'greview-why';
      const analyse = closed
        ? h('button', { type: 'button', 'data-action': 'analyse', disabled: true, 'aria-describedby': reasonId }, tr('review.analyse'))
        : h('a.button', { href: analysisUrl({ game: g.game, options: g.options, record: g.record, ply: shownPly() }), 'data-action': 'analyse', title: tr('review.analyse.title') }, tr('review.analyse'));
      const reviewBtn =
        st.phase === 'done' || st.phase === 'running'
          ? null
          : h('button', { type: 'button', 'data-action': 'review', disabled: !over() || st.phase === 'asking', 'aria-describedby': over() ? null : reasonId, on: { click: start } }, tr('review.ask'));
      const why = !over() ? h('p.muted.g-why', { id: reasonId }, closed ? tr('review.fair') : tr('review.finished')) : null;
      const body = [];
      if (st.phase === 'running' || st.phase === 'asking') {
        const pct = Math.round(st.progress * 100);
        body.push(h('div.g-progress', { 'data-review-progress': String(pct) }, h('label', { for: 'greview-progress' }, tr('review.running', { pct })), h('progress#greview-progress', { max: '100', value: String(pct) })));
      }
      if (st.phase === 'error') body.push(h('p.error', { role: 'alert' }, tr.error(st.error)));
      if (st.phase === 'done') {
        body.push(
          h('strong.g-title', tr('review.title')),
          graph(tr, g),
          atLine(tr, g),
          players(tr, g),
          luck(tr, g),
          h('p.muted.g-legend', { 'data-review-legend': '1' }, tr('review.legend')),
        );
      }
      return h('section.greview', { 'data-review-phase': st.phase, 'aria-label': tr('review.title') }, h('div.g-tools', reviewBtn, analyse), why, body);
    },
    /** The mark and the better move beside move `ply` in the move list (nothing without a review). */
    marks(ply) {
      const e = st.plies.get(ply);
      if (!e || !e.class) return null;
      const tr = t();
      return [
        h('span', { class: `mark m-${e.class}`, 'data-mark': e.class, title: tr(`review.class.${e.class}`) }, R.markOf(e.class)),
        e.best && e.best !== e.move ? h('span.best', { 'data-best': e.best }, tr('review.best', { move: e.best })) : null,
      ];
    },
    /** Starts the review (the end-of-game card offers it). */
    start,
    get phase() {
      return st.phase;
    },
  };
}

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
