// The lab's pure parts (labchart.js): texts by language, numbers, scales, the geometry of
// bars, heat maps and histograms, the example links, and every committed result file held
// to the format.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { translator, keys } from '../js/i18n.js';
import { parseAnalysisQuery } from '../js/analysis-tree.js';
import * as C from '../js/labchart.js';

const read = (url) => JSON.parse(readFileSync(url, 'utf8'));
const sample = read(new URL('./fixtures/lab-sample.json', import.meta.url));
const [bars, heat, hist, table] = sample.charts;
const en = translator('en');
const hu = translator('hu');

test('a text is picked in the language, English when it is missing, plain text as it is', () => {
  assert.equal(C.pick({ en: 'first player', hu: 'kezdő' }, 'hu'), 'kezdő');
  assert.equal(C.pick({ en: 'first player', hu: 'kezdő' }, 'en'), 'first player');
  assert.equal(C.pick({ en: 'only English' }, 'hu'), 'only English');
  assert.equal(C.pick('5×5', 'hu'), '5×5');
  assert.equal(C.pick(7, 'en'), '7');
  assert.equal(C.pick(null, 'en'), '');
});

test('numbers are written as the language writes them', () => {
  assert.equal(C.fmt(0.56, 'en'), '0.56');
  assert.equal(C.fmt(0.56, 'hu'), '0,56');
  assert.equal(C.fmt(812.44, 'en', 1), '812.4');
  assert.equal(C.fmt(Number.NaN, 'en'), '–');
  assert.equal(C.decimals(0, 1), 2);
  assert.equal(C.decimals(0, 200), 0);
  assert.equal(C.duration(812.4, en), '13 min 32 s');
  assert.equal(C.duration(812.4, hu), '13 perc 32 mp');
  assert.equal(C.duration(3725, en), '1 h 2 min');
  assert.equal(C.duration(4.25, en), '4.3 s');
  assert.equal(C.botWords('level:5', en), 'computer, level 5');
  assert.equal(C.botWords('random', en), 'random moves');
  assert.equal(C.botWords('level:5 (100 ms), placing centre first', en), 'computer, level 5, 100 ms a move, placing the centre first');
  assert.equal(C.botWords('level:3 (200 ms), exactly 2 GIPF pieces', hu), 'számítógép, 3. szint, lépésenként 200 ms, pontosan 2 GIPF-bábut hoz be');
  assert.equal(C.botWords('uct (50 ms), a plan unknown here', en), 'UCT search, 50 ms a move, a plan unknown here');
  assert.equal(C.botWords('someone else', hu), 'someone else');
});

test('scales map ends to ends; ticks are round and cover the range', () => {
  const x = C.scale(0, 1, 100, 500);
  assert.equal(x(0), 100);
  assert.equal(x(1), 500);
  assert.equal(x(0.25), 200);
  assert.equal(C.scale(3, 3, 0, 10)(3), 5);
  assert.deepEqual(C.niceTicks(0, 1, 5), [0, 0.2, 0.4, 0.6, 0.8, 1]);
  assert.deepEqual(C.niceTicks(20, 160, 7), [20, 40, 60, 80, 100, 120, 140, 160]);
  assert.deepEqual(C.niceTicks(0, 0.3, 3), [0, 0.1, 0.2, 0.3]);
  assert.deepEqual(C.niceTicks(2, 2), [2]);
  // Without min and max the range comes from the data, rounded out to a tick.
  assert.deepEqual(C.domain({}, [0.18, 0.9]), [0, 1]);
  assert.deepEqual(C.domain({}, [3, 47]), [0, 50]);
  assert.deepEqual(C.domain({ min: 0, max: 1 }, [3]), [0, 1]);
});

test('bars: one row each, from the base to the value, whiskers over the interval, the reference line', () => {
  const L = C.barsLayout(bars, 600);
  const x = C.scale(0, 1, L.x0, L.x1);
  assert.equal(L.rows.length, 3);
  assert.deepEqual(L.domain, [0, 1]);
  const [a, b, c] = L.rows;
  assert.ok(Math.abs(a.bar.x - L.x0) < 1e-9, 'bars start at 0');
  assert.ok(Math.abs(a.bar.w - 0.56 * (L.x1 - L.x0)) < 1e-9);
  assert.ok(b.bar.w > a.bar.w && c.bar.w < a.bar.w, 'longer for a bigger value');
  assert.ok(Math.abs(a.whisker.x0 - x(0.49)) < 1e-9 && Math.abs(a.whisker.x1 - x(0.63)) < 1e-9);
  assert.ok(a.y < b.y && b.y < c.y, 'rows go down in order');
  assert.ok(Math.abs(L.reference.x - (L.x0 + L.x1) / 2) < 1e-9, 'the reference 0.5 is in the middle');
  assert.ok(L.x1 < L.valueX && L.labelW < L.x0, 'labels left, values right of the plot');
  // Narrow (a phone): everything still inside the width.
  const N = C.barsLayout(bars, 300);
  assert.ok(N.x1 < 300 && N.x0 < N.x1 - 60, `plot ${N.x0}–${N.x1}`);
  // A value outside the range is drawn to its edge; no interval, no whisker; no reference outside.
  const out = C.barsLayout({ min: 0, max: 1, reference: 2, bars: [{ label: 'x', value: 1.4 }] }, 500);
  assert.ok(Math.abs(out.rows[0].bar.x + out.rows[0].bar.w - out.x1) < 1e-9);
  assert.equal(out.rows[0].whisker, null);
  assert.equal(out.reference, null);
  // Without min and max the range holds the data and the reference.
  const free = C.barsLayout({ reference: 60, bars: [{ label: 'a', value: 12, ci95: [8, 17] }, { label: 'b', value: 31 }] }, 500);
  assert.deepEqual(free.domain, [0, 60]);
  assert.ok(free.reference && Math.abs(free.reference.x - free.x1) < 1e-9);
  // Negative values grow left from 0.
  const neg = C.barsLayout({ min: -1, max: 1, bars: [{ label: 'x', value: -0.5 }] }, 500);
  const x0 = C.scale(-1, 1, neg.x0, neg.x1);
  assert.ok(Math.abs(neg.rows[0].bar.x - x0(-0.5)) < 1e-9 && Math.abs(neg.rows[0].bar.w - (x0(0) - x0(-0.5))) < 1e-9);
});

test('heat-map colours: pale at the reference, blue below, brown above, ink that reads on each', () => {
  const at = (v) => C.heatColour(v, { min: 0, max: 1, reference: 0.5 });
  assert.equal(at(0.5).fill, '#f7f3ec');
  assert.equal(at(0.5).ink, '#1b1712');
  const rgb = (c) => [1, 3, 5].map((i) => parseInt(c.fill.slice(i, i + 2), 16));
  const [r1, , b1] = rgb(at(1));
  const [r0, , b0] = rgb(at(0));
  assert.ok(r1 > b1 && b0 > r0, `above ${at(1).fill}, below ${at(0).fill}`);
  assert.equal(at(1).ink, '#ffffff');
  assert.equal(at(0).ink, '#ffffff');
  // Further from the reference, further from pale; beyond the range, as at its end.
  const dist = (c) => rgb(c).reduce((s, v, i) => s + Math.abs(v - [247, 243, 236][i]), 0);
  assert.ok(dist(at(0.6)) < dist(at(0.8)) && dist(at(0.8)) < dist(at(1)));
  assert.equal(at(1.7).fill, at(1).fill);
  // Every ink has a contrast of at least 4.5 to its fill (WCAG AA).
  for (let v = 0; v <= 1; v += 0.05) {
    const c = at(v);
    const [lf, li] = [C.luminance(rgb(c)), C.luminance(c.ink === '#ffffff' ? [255, 255, 255] : [27, 23, 18])];
    const ratio = (Math.max(lf, li) + 0.05) / (Math.min(lf, li) + 0.05);
    assert.ok(ratio >= 4.5, `${v}: ${c.fill} on ${c.ink} is ${ratio}`);
  }
  // Without a reference: pale at min, brown at max.
  assert.equal(C.heatColour(0, { min: 0, max: 10 }).fill, '#f7f3ec');
  assert.equal(C.heatColour(10, { min: 0, max: 10 }).fill, at(1).fill);
});

test('heat map: a cell per row and column, empty ones without colour, a wide table wider than the box', () => {
  const L = C.heatLayout(heat, 600);
  assert.equal(L.cells.length, 9);
  const empty = L.cells.filter((c) => c.value === null);
  assert.deepEqual(empty.map((c) => [c.i, c.j]), [[1, 2]]);
  assert.equal(empty[0].colour, null);
  const c01 = L.cells.find((c) => c.i === 0 && c.j === 1);
  assert.equal(c01.value, 0.21);
  assert.deepEqual(c01.ci, [0.14, 0.3]);
  assert.equal(c01.x, L.labelW + L.cellW);
  assert.equal(L.width, 600);
  // The rows' title beside them when it fits their height, else on a line above the grid.
  assert.equal(L.rowTitleTop, true, "“first player's level” is longer than three rows");
  assert.equal(L.rowTitleW, 0);
  assert.match(C.markup(C.heatmapSvg(heat, { width: 600, t: en, id: 'h' })), />↓ first player's level</);
  const tall = C.heatLayout({ ...heat, row_title: { en: 'level', hu: 'szint' } }, 600);
  assert.equal(tall.rowTitleTop, false);
  assert.ok(tall.rowTitleW > 0 && tall.top < L.top);
  assert.match(C.markup(C.heatmapSvg({ ...heat, row_title: { en: 'level', hu: 'szint' } }, { width: 600, t: en, id: 'h' })), /transform="rotate\(-90 /);
  const wide = { ...heat, cols: Array.from({ length: 20 }, (_, i) => String(i)), cells: heat.cells.map(() => Array(20).fill({ value: 0.5 })) };
  const W = C.heatLayout(wide, 360);
  assert.equal(W.cellW, 44);
  assert.ok(W.width > 360 && W.width >= W.labelW + 20 * 44);
});

test('histogram: a panel per series on one axis and one count scale', () => {
  const L = C.histLayout(hist, 600);
  assert.equal(L.panels.length, 2);
  assert.equal(L.most, 77);
  assert.deepEqual(L.panels.map((p) => p.total), [200, 200]);
  const tallest = L.panels[1].bins.find((b) => b.count === 77);
  const half = L.panels[0].bins.find((b) => b.count === 35);
  assert.ok(Math.abs(tallest.h - (L.panels[1].bottom - L.panels[1].top - 14)) < 1e-9, 'the most fills the panel');
  assert.ok(Math.abs(half.h / tallest.h - 35 / 77) < 1e-9, 'heights in proportion');
  // The same length sits at the same x in both panels.
  const at = (p, from) => L.panels[p].bins.find((b) => b.from === from).x;
  assert.equal(at(0, 60), at(1, 60));
  assert.ok(L.panels[0].bottom < L.panels[1].top);
});

test('the SVG of each chart: a bar, a cell, a bin each, named for a screen reader, in the language', () => {
  const count = (s, what) => s.split(what).length - 1;
  const b = C.markup(C.barsSvg(bars, { width: 600, t: en, id: 'b' }));
  assert.equal(count(b, 'class="bar"'), 3);
  assert.equal(count(b, 'class="whisker"'), 3);
  assert.equal(count(b, 'class="reference"'), 1);
  assert.match(b, /^<svg [^>]*role="img" aria-labelledby="b-t b-d"/);
  assert.match(b, /<title id="b-t">First player&#39;s score by board size<\/title>|<title id="b-t">First player's score by board size<\/title>/);
  assert.match(b, /5×5: 0.56 \(95% interval 0.49–0.63, n = 200\)/);
  const bh = C.markup(C.barsSvg(bars, { width: 600, t: hu, id: 'b' }));
  assert.match(bh, /7×7, szudáni: 0,47 \(95%-os intervallum: 0,40–0,54, n = 200\)/);
  assert.match(bh, />a kezdő pontszáma</);
  const h = C.markup(C.heatmapSvg(heat, { width: 600, t: en, id: 'h' }));
  assert.equal(count(h, '<g class="cell">'), 8);
  assert.equal(count(h, '<g class="cell empty">'), 1);
  assert.match(h, />0.83</, 'the value written in its cell');
  assert.match(h, /linearGradient id="h-scale"/);
  const g = C.markup(C.histogramSvg(hist, { width: 600, t: en, id: 'g' }));
  assert.equal(count(g, '<g class="bin">'), 11);
  assert.match(g, />plies</);
  assert.equal(C.chartSvg(table, { width: 600, t: en, id: 't' }), null);
  // Text from a file is escaped, never markup.
  const evil = C.markup(C.barsSvg({ title: '<script>', bars: [{ label: 'a & "b"', value: 1 }] }, { width: 400, t: en, id: 'e' }));
  assert.ok(!evil.includes('<script>') && evil.includes('&lt;script&gt;') && evil.includes('a &amp; &quot;b&quot;'));
});

test('a table cell reads in the language; an example opens the analysis board at its record', () => {
  assert.equal(C.cellText(104, 'hu'), '104');
  assert.equal(C.cellText(0.125, 'hu'), '0,125');
  assert.equal(C.cellText({ en: 'draws', hu: 'döntetlen' }, 'hu'), 'döntetlen');
  assert.deepEqual(C.optionsObject(['size=7', 'variant=basic']), { size: '7', variant: 'basic' });
  assert.deepEqual(C.optionsObject(['-o size=7']), { size: '7' });
  assert.deepEqual(C.optionsObject(undefined), {});
  const ex = sample.examples[1];
  const href = C.exampleHref(ex, 'seega');
  assert.match(href, /^\/analysis\/seega\?options=/);
  const q = parseAnalysisQuery(href.slice(href.indexOf('?')));
  assert.deepEqual(q.options, { size: '7' });
  assert.deepEqual(q.record, ex.record.split(' '));
  assert.equal(q.ply, q.record.length);
  assert.equal(C.exampleHref({ record: '' }, 'amazons'), '/analysis/amazons');
});

test('the format check finds what a result file gets wrong', () => {
  assert.deepEqual(C.problems(sample), []);
  const bad = structuredClone(sample);
  bad.title = { en: 'only English' };
  bad.verdict = 'maybe';
  bad.charts[1].cells[0].pop();
  bad.charts[0].bars[0].ci95 = [0.7, 0.2];
  bad.examples[0].options = ['size 5'];
  const found = C.problems(bad).join('\n');
  for (const says of ['title: needs', 'verdict:', 'charts[1].cells: 3 rows of 3', 'charts[0].bars[0].ci95', 'examples[0].options']) assert.ok(found.includes(says), `${says} in\n${found}`);
});

test('every result file the lab lists (web/lab/) and the test fixtures keep to the format', () => {
  for (const [dir, indexName, file] of [
    ['../lab/', 'index.json', (n) => `${n}.json`],
    ['./fixtures/', 'lab-index.json', (n) => (n === 'sample-seega-first-player' ? 'lab-sample.json' : 'lab-sample-gipf.json')],
  ]) {
    const base = new URL(dir, import.meta.url);
    const index = read(new URL(indexName, base));
    assert.ok(Array.isArray(index.experiments), `${dir}${indexName}: an "experiments" list`);
    assert.equal(new Set(index.experiments).size, index.experiments.length, `${dir}${indexName}: no name twice`);
    for (const name of index.experiments) {
      const x = read(new URL(file(name), base));
      assert.equal(x.name, name, `${dir}${file(name)}`);
      assert.deepEqual(C.problems(x), [], `${dir}${file(name)}`);
    }
  }
});

test('a long bar label goes on two lines, and what still does not fit ends with "…"', () => {
  assert.deepEqual(C.wrapLabel('5×5', 100), ['5×5']);
  const two = C.wrapLabel('seven by seven, Sudanese variant', 130, 13);
  assert.equal(two.length, 2);
  assert.ok(two.every((l) => C.textWidth(l, 13) <= 130), String(two));
  assert.equal(two.join(' '), 'seven by seven, Sudanese variant');
  const cut = C.wrapLabel('a label with far too many words for two short lines', 80, 13);
  assert.equal(cut.length, 2);
  assert.ok(cut[1].endsWith('…') && C.textWidth(cut[1], 13) <= 80, String(cut));
  assert.deepEqual(C.wrapLabel('Supercalifragilistic', 60, 10), ['Supercali…']);
  // In the chart: tspans, every word there.
  const s = C.markup(C.barsSvg({ bars: [{ label: 'first player on the seven by seven board', value: 0.5 }] }, { width: 320, t: en, id: 'w' }));
  assert.match(s, /<tspan [^>]*>[^<]+<\/tspan><tspan /);
});

test('every text key the lab uses is in both languages', () => {
  const used = new Set();
  for (const f of ['lab.js', 'labchart.js']) {
    const src = readFileSync(new URL(`../js/${f}`, import.meta.url), 'utf8');
    for (const m of src.matchAll(/'((?:lab|btn|game|lobby)\.[a-z_.]+)'/g)) used.add(m[1]);
  }
  // Keys made from a value: every verdict and its title.
  for (const v of C.VERDICTS) used.add(`lab.verdict.${v}`).add(`lab.verdict.${v}.title`);
  for (const b of ['uct', 'random', 'zero']) used.add(`lab.bot.${b}`);
  assert.ok(used.size > 40, `found only ${used.size}`);
  for (const lang of ['en', 'hu']) {
    const have = new Set(keys(lang));
    assert.deepEqual([...used].filter((k) => !have.has(k)), [], lang);
  }
});
