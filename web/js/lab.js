// The lab (issue 24): `/lab` lists the experiments that test what the games' Hungarian
// descriptions claim, `/lab/NAME` shows one of them: the claim quoted, the answer, the charts
// (drawn here as SVG, labchart.js), example games that open in the analysis board, the method
// and the setup with the command that made the result. The results are files committed under
// web/lab/ (index.json lists them in display order), written by `tabla lab run NAME`.

import { h, fill, copyText } from './dom.js';
import * as C from './labchart.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A chart's node tree as SVG elements. */
function toDom(node) {
  if (typeof node !== 'object') return document.createTextNode(String(node));
  const el = document.createElementNS(SVG_NS, node.tag);
  for (const [k, v] of Object.entries(node.attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    el.setAttribute(k, typeof v === 'number' ? String(Math.round(v * 10) / 10) : String(v));
  }
  for (const c of node.children) el.appendChild(toDom(c));
  return el;
}

async function getJson(path) {
  const r = await fetch(path, { cache: 'no-cache' });
  if (!r.ok) throw new Error(`${path}: ${r.status === 404 ? 'not found' : `HTTP ${r.status}`}`);
  return r.json();
}

/** `/lab` (name null) or `/lab/NAME`. */
export async function showLab(root, ctx, name = null) {
  const t = () => ctx.t;
  const S = { names: null, error: null, exps: new Map(), meta: null };
  /** Charts drawn at their box's width, redrawn when it changes (a turned phone, a resized window). */
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => entries.forEach((e) => drawChart(e.target))) : null;
  ctx.refresh = () => render();
  window.tabla = { lab: S };
  render();

  try {
    const index = await getJson('/lab/index.json');
    S.names = Array.isArray(index.experiments) ? index.experiments.map(String) : [];
  } catch (e) {
    S.error = e;
    S.names = [];
  }
  S.meta = await ctx.getMeta().catch(() => null);
  // The one asked for (also when the index does not list it yet), else all of them for the list.
  const wanted = name ? [name, ...S.names.filter((n) => n !== name)] : S.names;
  await Promise.all(
    wanted.map(async (n) => {
      try {
        S.exps.set(n, await getJson(`/lab/${encodeURIComponent(n)}.json`));
      } catch (e) {
        S.exps.set(n, { error: e });
      }
    }),
  );
  S.loaded = true;
  render();

  function gameName(id) {
    const g = S.meta && S.meta.games.find((x) => x.id === id);
    return g ? t().gameName(g) : id;
  }

  function badge(verdict) {
    const v = C.verdictOf(verdict);
    const sign = { held: '✓', failed: '✗', undecided: '?', measured: '≈' }[v];
    return h(`span.verdict.v-${v}`, { 'data-verdict': v, title: t()(`lab.verdict.${v}.title`) }, h('span', { 'aria-hidden': 'true' }, sign), ' ', t()(`lab.verdict.${v}`));
  }

  function item(n) {
    const tr = t();
    const x = S.exps.get(n);
    if (!x || x.error) return h('li.lab-item', { 'data-experiment': n }, h('a', { href: `/lab/${encodeURIComponent(n)}` }, n), x && x.error ? h('p.error', tr('lab.error', { why: x.error.message })) : null);
    return h(
      'li.lab-item',
      { 'data-experiment': n },
      h('a.lab-item-title', { href: `/lab/${encodeURIComponent(n)}` }, C.pick(x.title, tr.lang) || n),
      h('div.lab-item-meta', h('span.lab-game', gameName(x.game)), ' ', badge(x.verdict)),
      h('p.lab-item-answer', C.pick(x.answer, tr.lang)),
    );
  }

  /** The experiments but `current`, in the index's order; on the lab's own page under a heading per game. */
  function list(current, grouped = false) {
    const names = S.names.filter((n) => n !== current);
    if (!names.length) return null;
    if (!grouped) return h('ul.lab-list', names.map(item));
    const runs = [];
    for (const n of names) {
      const x = S.exps.get(n);
      const game = x && !x.error ? x.game : null;
      if (!runs.length || runs[runs.length - 1].game !== game) runs.push({ game, names: [] });
      runs[runs.length - 1].names.push(n);
    }
    return runs.map((r) => [r.game ? h('h2.lab-group', { 'data-game': r.game }, gameName(r.game)) : null, h('ul.lab-list', r.names.map(item))]);
  }

  function render() {
    const tr = t();
    const body = [];
    const x = name ? S.exps.get(name) : null;
    document.title = `${x && !x.error ? C.pick(x.title, tr.lang) : tr('lab.title')} · ${tr('app.title')}`;
    if (name) body.push(h('p.lab-crumbs', h('a', { href: '/lab', 'data-action': 'lab-all' }, tr('lab.all'))));
    if (!S.loaded) body.push(h('p.muted', { role: 'status' }, tr('lab.loading')));
    else if (name && (!x || x.error)) body.push(h('div.notfound', h('h1', tr('lab.title')), h('p', tr('lab.notfound', { name })), x && x.error && !/not found/.test(x.error.message) ? h('p.error', tr('lab.error', { why: x.error.message })) : null));
    else if (name) {
      body.push(card(x));
      const more = list(name);
      if (more) body.push(h('h2.lab-more', tr('lab.more')), more);
    } else {
      body.push(h('h1', tr('lab.title')), h('p.lab-intro', tr('lab.intro')));
      if (S.error) body.push(h('p.error', tr('lab.error', { why: S.error.message })));
      else if (!S.names.length) body.push(h('div.lab-empty', { 'data-lab': 'empty' }, h('p', tr('lab.empty')), h('pre', h('code', 'tabla lab run NAME')), h('p.muted', tr('lab.empty.more'))));
      else body.push(list(null, true));
    }
    if (observer) observer.disconnect();
    fill(root, ctx.topbar(tr('lab.title')), h('main.lab', ...body));
    root.querySelectorAll('.lab-svg').forEach((box) => {
      drawChart(box);
      if (observer) observer.observe(box);
    });
    reachable();
  }

  /** A table or chart wider than the screen scrolls in its box: then the keyboard can reach it. */
  function reachable() {
    root.querySelectorAll('.lab-svg, .lab-table-wrap').forEach((box) => {
      if (box.scrollWidth > box.clientWidth + 1) box.setAttribute('tabindex', '0');
      else box.removeAttribute('tabindex');
    });
  }
  if (!S.resizeHooked) {
    S.resizeHooked = true;
    window.addEventListener('resize', () => reachable());
  }

  /** One experiment's card: the claim, the answer, the charts, the examples, how it was made. */
  function card(x) {
    const tr = t();
    const lang = tr.lang;
    const claim = x.claim || {};
    const setup = x.setup || {};
    const section = (cls, title, ...content) => h(`section.${cls}`, h('h2', title), ...content);
    return h(
      'article.lab-card',
      { 'data-experiment': x.name },
      h('header', h('h1', C.pick(x.title, lang)), h('div.lab-item-meta', h('span.lab-game', gameName(x.game)), ' ', badge(x.verdict))),
      section(
        'lab-question',
        tr('lab.question'),
        h('blockquote', { lang: 'hu' }, h('p', `„${C.pick(claim.hu, 'hu')}”`)),
        lang !== 'hu' && claim.en ? h('p.lab-translation', { lang: 'en' }, h('span.muted', tr('lab.translation')), ' ', `“${C.pick(claim.en, 'en')}”`) : null,
        claim.seed ? h('p.lab-source.muted', tr('lab.source', { seed: claim.seed })) : null,
      ),
      section('lab-answer', tr('lab.answer'), h('p.lab-answer-text', badge(x.verdict), ' ', C.pick(x.answer, lang)), setup.quick ? h('p.lab-quick', { 'data-setup': 'quick' }, tr('lab.setup.quick')) : null),
      (x.charts || []).map((c, i) => figure(c, `${x.name}-c${i}`)),
      x.examples && x.examples.length
        ? section(
            'lab-examples',
            tr('lab.examples'),
            h(
              'ul',
              x.examples.map((e, i) => {
                const moves = String(e.record || '').split(/\s+/).filter(Boolean).length;
                return h('li', h('a.button', { href: C.exampleHref(e, x.game), 'data-example': i }, C.pick(e.label, lang)), ' ', h('span.muted', tr('lobby.mine.plies', { n: moves }), ' · ', tr('lab.example.open')));
              }),
            ),
          )
        : null,
      section('lab-method', tr('lab.method'), C.pick(x.method, lang).split(/\n\s*\n/).map((p) => h('p', p))),
      section('lab-setup', tr('lab.setup'), setupList(setup)),
    );
  }

  function setupList(setup) {
    const tr = t();
    const lang = tr.lang;
    const rows = [];
    const row = (key, value) => value !== null && value !== undefined && value !== '' && rows.push(h('dt', tr(`lab.setup.${key}`)), h('dd', { 'data-setup': key }, value));
    const n = (v, d = 0) => (typeof v === 'number' ? C.fmt(v, lang, d) : null);
    row('games', typeof setup.played === 'number' && typeof setup.cells === 'number' && typeof setup.games === 'number' ? tr('lab.setup.games.cells', { played: n(setup.played), games: n(setup.games), cells: n(setup.cells) }) : n(setup.games));
    const bots = Array.isArray(setup.bots) ? setup.bots.map((b) => C.botWords(b, tr)) : [];
    row('bots', bots.length > 1 ? h('ul.lab-bots', bots.map((b) => h('li', b))) : bots[0]);
    row('time', typeof setup.time_ms === 'number' ? tr('lab.time.ms', { ms: n(setup.time_ms) }) : null);
    row('seed', setup.seed);
    row('jobs', n(setup.jobs));
    row('repeated', n(setup.repeated_games));
    row('games_s', typeof setup.games_s === 'number' ? C.duration(setup.games_s, tr) : null);
    row('duration', typeof setup.duration_s === 'number' ? C.duration(setup.duration_s, tr) : null);
    row('date', setup.date);
    const dl = h('dl.lab-setup-list', rows);
    if (!setup.command) return dl;
    const copy = h('button', { type: 'button', 'data-action': 'copy-command', on: { click: async (e) => { const b = e.currentTarget; if (await copyText(setup.command)) b.textContent = tr('btn.copied'); } } }, tr('btn.copy'));
    return [dl, h('p.lab-command-label', tr('lab.setup.command')), h('div.lab-command', h('pre', h('code', setup.command)), copy)];
  }

  function figure(chart, id) {
    const tr = t();
    const lang = tr.lang;
    const known = ['bars', 'heatmap', 'histogram', 'table'].includes(chart.kind);
    const fig = h('figure.lab-figure', { 'data-kind': chart.kind }, h('figcaption', C.pick(chart.title, lang)));
    if (!known) fig.appendChild(h('p.muted', tr('lab.chart.unknown', { kind: String(chart.kind) })));
    else if (chart.kind === 'table') fig.appendChild(h('div.lab-table-wrap', table(chart.columns || [], (chart.rows || []).map((r) => r.map((c) => C.cellText(c, lang))))));
    else {
      const box = h('div.lab-svg', { 'data-chart': id });
      box.chart = chart;
      fig.append(box, h('details.lab-numbers', h('summary', tr('lab.chart.numbers')), h('div.lab-table-wrap', numbers(chart))));
    }
    return fig;
  }

  /** Draws (or redraws, when its width changed) the chart of a box. */
  function drawChart(box) {
    const width = Math.max(260, Math.floor(box.clientWidth || 0));
    if (!box.chart || (box.drawnAt === width && box.drawnLang === t().lang)) return;
    box.drawnAt = width;
    box.drawnLang = t().lang;
    const tree = C.chartSvg(box.chart, { width, t: t(), id: box.dataset.chart });
    box.replaceChildren(toDom(tree));
    // A heat map wider than a phone scrolls sideways: then the keyboard can scroll it too.
    if (box.scrollWidth > box.clientWidth + 1) box.setAttribute('tabindex', '0');
    else box.removeAttribute('tabindex');
  }

  function table(columns, rows) {
    const lang = t().lang;
    return h('table.lab-table', h('thead', h('tr', columns.map((c) => h('th', { scope: 'col' }, C.pick(c, lang))))), h('tbody', rows.map((r) => h('tr', r.map((c, i) => h(i === 0 ? 'th' : 'td', i === 0 ? { scope: 'row' } : {}, c))))));
  }

  /** A chart's figures as a table: what the picture shows, for a reader who wants the numbers. */
  function numbers(chart) {
    const tr = t();
    const lang = tr.lang;
    if (chart.kind === 'bars') {
      const L = C.barsLayout(chart, 600);
      return table(
        ['', C.pick(chart.unit, lang) || tr('lab.chart.value'), tr('lab.chart.interval'), 'n'],
        L.rows.map((r) => [C.pick(r.label, lang), C.fmt(r.value, lang, L.digits, true), r.ci ? `${C.fmt(r.ci[0], lang, L.digits, true)} – ${C.fmt(r.ci[1], lang, L.digits, true)}` : '–', r.n === null ? '–' : C.fmt(r.n, lang, 0)]),
      );
    }
    if (chart.kind === 'heatmap') {
      const L = C.heatLayout(chart, 600);
      const cols = chart.cols || [];
      const words = (c) => (c.value === null ? '–' : `${C.fmt(c.value, lang, L.digits, true)}${c.ci ? ` (${C.fmt(c.ci[0], lang, L.digits, true)} – ${C.fmt(c.ci[1], lang, L.digits, true)})` : ''}${c.n !== null ? ` n ${C.fmt(c.n, lang, 0)}` : ''}`);
      return table(
        [`${C.pick(chart.row_title, lang)} \\ ${C.pick(chart.col_title, lang)}`, ...cols],
        (chart.rows || []).map((rw, i) => [C.pick(rw, lang), ...L.cells.filter((c) => c.i === i).map(words)]),
      );
    }
    const series = chart.series || [];
    const edges = [...new Map(series.flatMap((s) => s.bins || []).map((b) => [`${b.from}|${b.to}`, b])).values()].sort((a, b) => a.from - b.from || a.to - b.to);
    return table(
      [C.pick(chart.unit, lang), ...series.map((s) => s.label)],
      edges.map((e) => [`${C.fmt(e.from, lang, 1)} – ${C.fmt(e.to, lang, 1)}`, ...series.map((s) => C.fmt(((s.bins || []).find((b) => b.from === e.from && b.to === e.to) || { count: 0 }).count || 0, lang, 0))]),
    );
  }
}
