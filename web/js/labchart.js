// The lab's charts (web/lab/NAME.json, drawn by lab.js): bars with 95% whiskers, a heat map,
// length histograms. Pure: every chart is laid out as numbers and then built as a small tree
// of SVG nodes ({tag, attrs, children}), which lab.js turns into elements and the tests read
// as text. Sizes are in CSS pixels for the width the chart gets, so that its words stay
// readable on a phone instead of shrinking with a fixed viewBox.

import { analysisUrl } from './analysis-tree.js';

/** A text of the lab's files in a language: `{en, hu}` (English when the language is missing), or plain. */
export function pick(text, lang) {
  if (text === null || text === undefined) return '';
  if (typeof text !== 'object') return String(text);
  return String(text[lang] ?? text.en ?? Object.values(text)[0] ?? '');
}

/**
 * A number as people of the language write it (Hungarian has a decimal comma); `fixed` keeps
 * every decimal (0.40 beside 0.54 in a column), else trailing zeros go (axis ticks).
 */
export function fmt(x, lang, digits = 2, fixed = false) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '–';
  return new Intl.NumberFormat(lang === 'hu' ? 'hu-HU' : 'en-GB', { maximumFractionDigits: digits, minimumFractionDigits: fixed ? digits : 0, useGrouping: Math.abs(x) >= 10000 }).format(x);
}
/** A value of a chart: as many decimals as its range needs, all of them shown. */
const val = (x, lang, digits) => fmt(x, lang, digits, true);

/** How many decimals the values of a range need: a share to 0.01, a count as a whole number. */
export function decimals(min, max) {
  const span = Math.abs(max - min);
  return span <= 2 ? 2 : span <= 20 ? 1 : 0;
}

/** A linear map from [d0, d1] to [r0, r1] (a flat domain maps to the middle). */
export function scale(d0, d1, r0, r1) {
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (x) => r0 + ((x - d0) / (d1 - d0)) * (r1 - r0);
}

/** About `count` round tick values (1, 2 or 5 times a power of ten apart) from min to max. */
export function niceTicks(min, max, count = 5) {
  if (!(max > min)) return [min];
  const raw = (max - min) / Math.max(1, count);
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw * 0.999);
  const out = [];
  for (let v = Math.ceil(min / step - 1e-9) * step; v <= max + step * 1e-9; v += step) out.push(Number(v.toFixed(12)));
  return out;
}

const NEUTRAL = [247, 243, 236];
const LOW = [44, 103, 170]; // blue: below the reference
const HIGH = [176, 73, 20]; // the site's brown-orange: above it
const mix = (a, b, f) => a.map((c, i) => Math.round(c + (b[i] - c) * f));
const hex = (rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
/** Relative luminance (WCAG) of an sRGB colour. */
export function luminance(rgb) {
  const lin = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}

/**
 * A heat-map cell's colour: around a reference (if it lies inside the range) blue below and
 * brown above, pale at the reference; without one, pale to brown from min to max. Returns the
 * fill and the ink that reads on it (the value is always written in the cell too).
 */
export function heatColour(value, { min = 0, max = 1, reference = null } = {}) {
  const clamp = (f) => Math.max(0, Math.min(1, f));
  let rgb;
  if (typeof reference === 'number' && reference > min && reference < max) {
    rgb = value >= reference ? mix(NEUTRAL, HIGH, clamp((value - reference) / (max - reference))) : mix(NEUTRAL, LOW, clamp((reference - value) / (reference - min)));
  } else {
    rgb = mix(NEUTRAL, HIGH, clamp(max === min ? 0.5 : (value - min) / (max - min)));
  }
  // Black or white, whichever contrasts more with the fill.
  const l = luminance(rgb);
  const ink = (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#1b1712' : '#ffffff';
  return { fill: hex(rgb), ink };
}

/** About how wide a text is at a font size (no DOM to measure with; generous for digits and capitals). */
export const textWidth = (s, size = 13) => String(s).length * size * 0.6;

/**
 * A label cut into at most `max` lines that fit a width (by words; a word too long for the
 * last line ends it with "…"), so that a long label on a phone is not clipped at the edge.
 */
export function wrapLabel(text, width, size = 13, max = 2) {
  const fits = (s) => textWidth(s, size) <= width;
  const words = String(text).split(/\s+/).filter(Boolean);
  const lines = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (fits(next) || !line) line = next;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  if (lines.length > max) lines.splice(max - 1, lines.length, lines.slice(max - 1).join(' '));
  return lines.map((l) => {
    if (fits(l)) return l;
    let cut = l;
    while (cut.length > 1 && !fits(`${cut}…`)) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  });
}

/** The range a chart's values are drawn in: its own min and max, else the data's, rounded out. */
export function domain(chart, values) {
  let lo = typeof chart.min === 'number' ? chart.min : Math.min(0, ...values);
  let hi = typeof chart.max === 'number' ? chart.max : Math.max(...values, lo + 1e-9);
  if (typeof chart.min !== 'number' || typeof chart.max !== 'number') {
    const t = niceTicks(lo, hi, 5);
    const step = t.length > 1 ? t[1] - t[0] : 1;
    if (typeof chart.min !== 'number') lo = Math.min(lo, Math.floor(lo / step) * step);
    if (typeof chart.max !== 'number') hi = Math.max(hi, Math.ceil(hi / step) * step);
  }
  if (!(hi > lo)) hi = lo + 1;
  return [lo, hi];
}

const num = (x) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const ci = (c) => (Array.isArray(c && c.ci95) && num(c.ci95[0]) !== null && num(c.ci95[1]) !== null ? [c.ci95[0], c.ci95[1]] : null);

/**
 * Where everything of a bar chart goes at a width: one row per bar (label, bar from the base,
 * whisker over the 95% interval, value at the right), the axis ticks, the reference line.
 */
export function barsLayout(chart, width) {
  const bars = chart.bars || [];
  // The reference counts as data: its line is always in the picture.
  const values = [...bars.flatMap((b) => [num(b.value), ...(ci(b) || [])]), num(chart.reference)].filter((x) => x !== null);
  const [lo, hi] = domain(chart, values.length ? values : [0]);
  const rowH = 36;
  const top = 8;
  const labelW = Math.min(width * 0.36, Math.max(36, ...bars.flatMap((b) => [textWidth(pick(b.label, 'en'), 13), textWidth(pick(b.label, 'hu'), 13)])) + 10);
  const valueW = 64;
  const x0 = labelW + 6;
  const x1 = Math.max(x0 + 40, width - valueW - 10);
  const x = scale(lo, hi, x0, x1);
  const clampX = (v) => x(Math.max(lo, Math.min(hi, v)));
  const base = clampX(lo <= 0 && hi >= 0 ? 0 : lo);
  const rows = bars.map((b, i) => {
    const y = top + i * rowH;
    const v = num(b.value);
    const vx = v === null ? base : clampX(v);
    const c = ci(b);
    return {
      y,
      mid: y + rowH / 2,
      bar: { x: Math.min(base, vx), w: Math.abs(vx - base), y: y + 8, h: rowH - 16 },
      whisker: c ? { x0: clampX(Math.min(...c)), x1: clampX(Math.max(...c)) } : null,
      value: v,
      ci: c,
      n: num(b.n),
      label: b.label,
    };
  });
  const plotBottom = top + bars.length * rowH;
  const ref = num(chart.reference);
  return {
    width,
    height: plotBottom + 44,
    x0,
    x1,
    top,
    plotBottom,
    labelW,
    valueX: width - 6,
    domain: [lo, hi],
    digits: decimals(lo, hi),
    ticks: niceTicks(lo, hi, Math.max(2, Math.min(6, Math.floor((x1 - x0) / 60)))).map((v) => ({ v, x: x(v) })),
    reference: ref !== null && ref >= lo && ref <= hi ? { v: ref, x: x(ref) } : null,
    rows,
  };
}

/** Where a heat map's cells go: at least `minCell` wide, so a wide table scrolls rather than shrinks. */
export function heatLayout(chart, width, minCell = 44) {
  const rows = chart.rows || [];
  const cols = chart.cols || [];
  const cells = chart.cells || [];
  const values = cells.flat().map((c) => num(c && c.value)).filter((x) => x !== null);
  const [lo, hi] = typeof chart.min === 'number' && typeof chart.max === 'number' ? [chart.min, chart.max] : domain(chart, values.length ? values : [0, 1]);
  const cellH = 34;
  // The rows' title runs up beside them when it fits their height, else it goes on a line
  // of its own above the grid ("↓ title").
  const rowTitleLen = Math.max(textWidth(pick(chart.row_title, 'en'), 12), textWidth(pick(chart.row_title, 'hu'), 12));
  const rowTitleSide = Boolean(chart.row_title) && rowTitleLen <= cellH * rows.length - 4;
  const rowTitleTop = Boolean(chart.row_title) && !rowTitleSide;
  const rowTitleW = rowTitleSide ? 22 : 0;
  const labelW = rowTitleW + Math.max(24, ...rows.flatMap((r) => [textWidth(pick(r, 'en'), 12), textWidth(pick(r, 'hu'), 12)])) + 8;
  const top = (rowTitleTop ? 20 : 0) + (chart.col_title ? 22 : 0) + 22;
  const cellW = Math.max(minCell, Math.min(90, (width - labelW - 4) / Math.max(1, cols.length)));
  const gridW = labelW + cellW * cols.length;
  const legendTop = top + cellH * rows.length + 14;
  const ref = num(chart.reference);
  return {
    width: Math.max(width, gridW + 4),
    height: legendTop + 46,
    labelW,
    rowTitleW,
    rowTitleTop,
    top,
    cellW,
    cellH,
    legendTop,
    domain: [lo, hi],
    digits: decimals(lo, hi),
    reference: ref !== null && ref > lo && ref < hi ? ref : null,
    cells: rows.flatMap((r, i) =>
      cols.map((c, j) => {
        const cell = (cells[i] || [])[j] || null;
        const v = num(cell && cell.value);
        return { i, j, x: labelW + j * cellW, y: top + i * cellH, value: v, ci: ci(cell), n: num(cell && cell.n), colour: v === null ? null : heatColour(v, { min: lo, max: hi, reference: ref }) };
      }),
    ),
  };
}

/** Where a histogram's bins go: one panel per series, all on one x-axis and one count scale. */
export function histLayout(chart, width) {
  const series = chart.series || [];
  const bins = series.flatMap((s) => s.bins || []);
  const from = bins.length ? Math.min(...bins.map((b) => b.from)) : 0;
  const to = bins.length ? Math.max(...bins.map((b) => b.to)) : 1;
  const most = Math.max(1, ...bins.map((b) => b.count || 0));
  const x0 = 16;
  const x1 = width - 10;
  const x = scale(from, to, x0, x1);
  const panelH = 96;
  const labelH = 22;
  const panels = series.map((s, k) => {
    const top = k * (panelH + labelH) + labelH;
    const y = scale(0, most, top + panelH, top + 14);
    const total = (s.bins || []).reduce((a, b) => a + (b.count || 0), 0);
    return {
      top,
      bottom: top + panelH,
      label: s.label,
      total,
      bins: (s.bins || []).map((b) => ({ ...b, x: x(b.from), w: Math.max(1, x(b.to) - x(b.from) - 1), y: y(b.count || 0), h: top + panelH - y(b.count || 0) })),
    };
  });
  const axisY = series.length * (panelH + labelH) + 4;
  return {
    width,
    height: axisY + 40,
    x0,
    x1,
    axisY,
    most,
    panels,
    ticks: niceTicks(from, to, Math.max(2, Math.min(8, Math.floor((x1 - x0) / 56)))).map((v) => ({ v, x: x(v) })),
  };
}

// ---------- the SVG trees ----------

/** An SVG node: `svg('rect', {x: 1}, ...children)`; children are nodes or text. */
export const svg = (tag, attrs = {}, ...children) => ({ tag, attrs, children: children.flat().filter((c) => c !== null && c !== undefined && c !== false) });

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** A node as SVG text (tests; also usable as an image's source). */
export function markup(node) {
  if (typeof node !== 'object') return esc(node);
  const attrs = Object.entries(node.attrs || {})
    .filter(([, v]) => v !== null && v !== undefined && v !== false)
    .map(([k, v]) => ` ${k}="${esc(typeof v === 'number' ? round(v) : v)}"`)
    .join('');
  return `<${node.tag}${attrs}>${node.children.map(markup).join('')}</${node.tag}>`;
}
const round = (v) => Math.round(v * 10) / 10;
const r = (v) => round(v);

/** One sentence of numbers for a value: "0.56 (95% interval 0.49–0.63, n = 200)". */
export function valueWords(v, c, n, t, digits) {
  const lang = t.lang;
  const parts = [];
  if (c) parts.push(t('lab.chart.ci', { lo: val(c[0], lang, digits), hi: val(c[1], lang, digits) }));
  if (n !== null && n !== undefined) parts.push(t('lab.chart.n', { n: fmt(n, lang, 0) }));
  return `${val(v, lang, digits)}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

/** The frame of every chart: size, role and names for a screen reader. */
function frame(lay, id, title, desc, ...children) {
  return svg(
    'svg',
    { class: 'lab-chart', xmlns: 'http://www.w3.org/2000/svg', width: r(lay.width), height: r(lay.height), viewBox: `0 0 ${r(lay.width)} ${r(lay.height)}`, role: 'img', 'aria-labelledby': `${id}-t ${id}-d` },
    svg('title', { id: `${id}-t` }, title),
    svg('desc', { id: `${id}-d` }, desc),
    ...children,
  );
}

/** A bar's label, right-aligned before the bar, on two lines when it is too long for one. */
function labelText(text, right, mid) {
  const lines = wrapLabel(text, right - 4, 12.5);
  const first = mid - ((lines.length - 1) * 14) / 2;
  return svg('text', { class: 'label', x: right, y: first, 'text-anchor': 'end', 'dominant-baseline': 'central' }, lines.length === 1 ? lines[0] : lines.map((l, k) => svg('tspan', { x: right, y: first + k * 14 }, l)));
}

/** A bar chart: bars with whiskers and their numbers, the axis and its unit, the reference dashed. */
export function barsSvg(chart, { width, t, id }) {
  const lang = t.lang;
  const L = barsLayout(chart, width);
  const unit = pick(chart.unit, lang);
  const desc = L.rows.map((row) => `${pick(row.label, lang)}: ${valueWords(row.value, row.ci, row.n, t, L.digits)}`).join('; ');
  return frame(
    L,
    id,
    pick(chart.title, lang),
    `${unit ? `${unit}. ` : ''}${desc}${L.reference ? `. ${t('lab.chart.reference', { value: fmt(L.reference.v, lang, L.digits) })}` : ''}`,
    svg('g', { class: 'grid', 'aria-hidden': 'true' }, L.ticks.map((k) => svg('line', { x1: k.x, x2: k.x, y1: L.top, y2: L.plotBottom }))),
    L.rows.map((row) =>
      svg(
        'g',
        { class: 'bar-row' },
        svg('title', {}, `${pick(row.label, lang)}: ${valueWords(row.value, row.ci, row.n, t, L.digits)}`),
        labelText(pick(row.label, lang), L.labelW, row.mid),
        svg('rect', { class: 'bar', x: row.bar.x, y: row.bar.y, width: Math.max(row.bar.w, 1), height: row.bar.h, rx: 2 }),
        row.whisker &&
          svg(
            'g',
            { class: 'whisker' },
            svg('line', { x1: row.whisker.x0, x2: row.whisker.x1, y1: row.mid, y2: row.mid }),
            svg('line', { x1: row.whisker.x0, x2: row.whisker.x0, y1: row.mid - 7, y2: row.mid + 7 }),
            svg('line', { x1: row.whisker.x1, x2: row.whisker.x1, y1: row.mid - 7, y2: row.mid + 7 }),
          ),
        svg('text', { class: 'value', x: L.valueX, y: row.n === null ? row.mid : row.mid - 6, 'text-anchor': 'end', 'dominant-baseline': 'central' }, val(row.value, lang, L.digits)),
        row.n !== null && svg('text', { class: 'n', x: L.valueX, y: row.mid + 9, 'text-anchor': 'end', 'dominant-baseline': 'central' }, t('lab.chart.n', { n: fmt(row.n, lang, 0) })),
      ),
    ),
    L.reference && svg('line', { class: 'reference', x1: L.reference.x, x2: L.reference.x, y1: L.top - 4, y2: L.plotBottom + 4 }),
    svg(
      'g',
      { class: 'axis', 'aria-hidden': 'true' },
      svg('line', { x1: L.x0, x2: L.x1, y1: L.plotBottom, y2: L.plotBottom }),
      L.ticks.map((k) => svg('text', { x: k.x, y: L.plotBottom + 14, 'text-anchor': 'middle' }, fmt(k.v, lang, L.digits))),
      unit && svg('text', { class: 'unit', x: (L.x0 + L.x1) / 2, y: L.plotBottom + 34, 'text-anchor': 'middle' }, unit),
    ),
  );
}

/** A heat map: a coloured cell per row and column with its value written in it, and the colour scale. */
export function heatmapSvg(chart, { width, t, id }) {
  const lang = t.lang;
  const L = heatLayout(chart, width);
  const [lo, hi] = L.domain;
  const rows = chart.rows || [];
  const cols = chart.cols || [];
  const cellName = (c) => `${pick(chart.row_title, lang)} ${pick(rows[c.i], lang)}, ${pick(chart.col_title, lang)} ${pick(cols[c.j], lang)}: ${c.value === null ? t('lab.chart.nodata') : valueWords(c.value, c.ci, c.n, t, L.digits)}`;
  const legendW = Math.min(260, L.width - L.labelW - 10);
  const lx = scale(lo, hi, L.labelW, L.labelW + legendW);
  const stops = [0, 0.25, 0.5, 0.75, 1].map((f) => lo + f * (hi - lo));
  const marks = [lo, ...(L.reference !== null ? [L.reference] : []), hi];
  const gridBottom = L.top + L.cellH * rows.length;
  return frame(
    L,
    id,
    pick(chart.title, lang),
    `${pick(chart.unit, lang) ? `${pick(chart.unit, lang)}. ` : ''}${L.cells.map(cellName).join('; ')}`,
    svg('defs', {}, svg('linearGradient', { id: `${id}-scale` }, stops.map((v, k) => svg('stop', { offset: `${k * 25}%`, 'stop-color': heatColour(v, { min: lo, max: hi, reference: L.reference }).fill })))),
    L.rowTitleTop && svg('text', { class: 'axis-title', x: 0, y: 12 }, `↓ ${pick(chart.row_title, lang)}`),
    chart.col_title && svg('text', { class: 'axis-title', x: L.labelW + (cols.length * L.cellW) / 2, y: L.rowTitleTop ? 32 : 12, 'text-anchor': 'middle' }, `${pick(chart.col_title, lang)}${L.rowTitleTop ? ' →' : ''}`),
    chart.row_title && !L.rowTitleTop && svg('text', { class: 'axis-title', x: 12, y: (L.top + gridBottom) / 2, 'text-anchor': 'middle', transform: `rotate(-90 12 ${r((L.top + gridBottom) / 2)})` }, pick(chart.row_title, lang)),
    cols.map((c, j) => svg('text', { class: 'label', x: L.labelW + j * L.cellW + L.cellW / 2, y: L.top - 7, 'text-anchor': 'middle' }, pick(c, lang))),
    rows.map((rw, i) => svg('text', { class: 'label', x: L.labelW - 6, y: L.top + i * L.cellH + L.cellH / 2, 'text-anchor': 'end', 'dominant-baseline': 'central' }, pick(rw, lang))),
    L.cells.map((c) =>
      svg(
        'g',
        { class: c.value === null ? 'cell empty' : 'cell' },
        svg('title', {}, cellName(c)),
        svg('rect', { x: c.x + 1, y: c.y + 1, width: L.cellW - 2, height: L.cellH - 2, rx: 3, fill: c.colour ? c.colour.fill : null }),
        svg('text', { x: c.x + L.cellW / 2, y: c.y + L.cellH / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: c.colour ? c.colour.ink : null }, c.value === null ? '–' : val(c.value, lang, L.digits)),
      ),
    ),
    svg(
      'g',
      { class: 'legend', 'aria-hidden': 'true' },
      svg('rect', { x: L.labelW, y: L.legendTop, width: legendW, height: 10, rx: 2, fill: `url(#${id}-scale)` }),
      marks.map((v) => svg('line', { x1: lx(v), x2: lx(v), y1: L.legendTop - 2, y2: L.legendTop + 13 })),
      marks.map((v, k) => svg('text', { x: lx(v), y: L.legendTop + 26, 'text-anchor': k === 0 ? 'start' : k === marks.length - 1 ? 'end' : 'middle' }, fmt(v, lang, L.digits))),
      pick(chart.unit, lang) && svg('text', { class: 'unit', x: L.labelW, y: L.legendTop + 42 }, pick(chart.unit, lang)),
    ),
  );
}

/** Length histograms: one panel per series, bins as bars with their counts, one shared axis. */
export function histogramSvg(chart, { width, t, id }) {
  const lang = t.lang;
  const L = histLayout(chart, width);
  const unit = pick(chart.unit, lang);
  const binWords = (b) => t('lab.chart.bin', { from: fmt(b.from, lang, 1), to: fmt(b.to, lang, 1), n: fmt(b.count || 0, lang, 0) });
  return frame(
    L,
    id,
    pick(chart.title, lang),
    L.panels.map((p) => `${pick(p.label, lang)} (${t('lab.chart.n', { n: fmt(p.total, lang, 0) })}): ${p.bins.map(binWords).join(', ')}`).join('; '),
    L.panels.map((p) =>
      svg(
        'g',
        { class: 'series' },
        svg('text', { class: 'series-label', x: L.x0, y: p.top - 6 }, `${pick(p.label, lang)} · ${t('lab.chart.n', { n: fmt(p.total, lang, 0) })}`),
        svg('line', { class: 'baseline', x1: L.x0, x2: L.x1, y1: p.bottom, y2: p.bottom }),
        p.bins.map((b) =>
          svg(
            'g',
            { class: 'bin' },
            svg('title', {}, binWords(b)),
            svg('rect', { class: 'bar', x: b.x, y: b.y, width: b.w, height: Math.max(b.h, 0) }),
            b.w >= 16 && (b.count || 0) > 0 && svg('text', { class: 'count', x: b.x + b.w / 2, y: b.y - 3, 'text-anchor': 'middle' }, fmt(b.count, lang, 0)),
          ),
        ),
      ),
    ),
    svg(
      'g',
      { class: 'axis', 'aria-hidden': 'true' },
      L.ticks.map((k) => svg('text', { x: k.x, y: L.axisY + 12, 'text-anchor': 'middle' }, fmt(k.v, lang, 1))),
      unit && svg('text', { class: 'unit', x: (L.x0 + L.x1) / 2, y: L.axisY + 32, 'text-anchor': 'middle' }, unit),
    ),
  );
}

/** The tree of one chart of a known kind; null for a table (HTML) or a kind this page does not know. */
export function chartSvg(chart, opts) {
  if (chart.kind === 'bars') return barsSvg(chart, opts);
  if (chart.kind === 'heatmap') return heatmapSvg(chart, opts);
  if (chart.kind === 'histogram') return histogramSvg(chart, opts);
  return null;
}

/** A table cell's text: words in the language, a number as the language writes it. */
export function cellText(c, lang) {
  if (typeof c === 'number') return fmt(c, lang, 3);
  return pick(c, lang);
}

/** `["size=5", "variant=basic"]` → `{size: "5", variant: "basic"}` (the analysis board's options). */
export function optionsObject(options) {
  if (options && typeof options === 'object' && !Array.isArray(options)) return Object.fromEntries(Object.entries(options).map(([k, v]) => [k, String(v)]));
  return Object.fromEntries(
    (options || [])
      .map((o) => String(o).replace(/^-o\s*/, ''))
      .filter((o) => o.includes('='))
      .map((o) => [o.slice(0, o.indexOf('=')).trim(), o.slice(o.indexOf('=') + 1).trim()]),
  );
}

/** Where an example game opens: the analysis board with its options and record, at its end. */
export function exampleHref(example, game) {
  const record = String(example.record || '').split(/\s+/).filter(Boolean);
  return analysisUrl({ game: example.game || game, options: optionsObject(example.options), record });
}

/** A run time as people say it: "13 min 32 s", "1 h 5 min", "0.4 s". */
export function duration(seconds, t) {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return '–';
  const lang = t.lang;
  if (seconds < 60) return t('lab.time.s', { s: fmt(seconds, lang, seconds < 10 ? 1 : 0) });
  const s = Math.round(seconds);
  const hrs = Math.floor(s / 3600);
  const min = Math.floor((s % 3600) / 60);
  if (hrs) return t('lab.time.hmin', { h: hrs, min });
  return t('lab.time.mins', { min, s: s % 60 });
}

/** The plans a lab player keeps to besides its engine (`tabla lab`'s Role::describe), by key. */
const PLANS = { 'placing centre first': 'lab.plan.centre', 'placing edges first': 'lab.plan.edges', 'no red disc moved back': 'lab.plan.noback' };
/**
 * A player of the setup in words, as `tabla lab` describes it: "level:5 (100 ms), placing
 * centre first" → "computer, level 5, 100 ms a move, placing the centre first". What this page
 * does not know stays as written.
 */
export function botWords(bot, t) {
  const m = /^(level:(\d+)|uct|random|zero)(?: \((\d+) ms\))?(?:, (.+))?$/.exec(String(bot));
  if (!m) return String(bot);
  const parts = [m[2] ? t('game.computer', { level: m[2] }) : t(`lab.bot.${m[1]}`)];
  if (m[3]) parts.push(t('lab.bot.ms', { ms: m[3] }));
  if (m[4]) {
    const k = /^exactly (\d+) GIPF pieces?$/.exec(m[4]);
    parts.push(k ? t('lab.plan.gipf', { k: k[1] }) : PLANS[m[4]] ? t(PLANS[m[4]]) : m[4]);
  }
  return parts.join(', ');
}

/** The verdicts the files may give; anything else shows as undecided. */
export const VERDICTS = ['held', 'failed', 'undecided', 'measured'];
export const verdictOf = (v) => (VERDICTS.includes(v) ? v : 'undecided');

/**
 * What a result file gets wrong against the format lab.js reads (web/README.md, "The lab"): a list
 * of sentences, empty when it is right. The page draws what it can of a wrong file anyway;
 * the tests hold every committed file to this.
 */
export function problems(x) {
  const out = [];
  const both = (v, where) => {
    if (!v || typeof v !== 'object' || typeof v.en !== 'string' || typeof v.hu !== 'string' || !v.en.trim() || !v.hu.trim()) out.push(`${where}: needs "en" and "hu" texts`);
  };
  const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
  const interval = (c, where) => {
    if (c === undefined) return;
    if (!Array.isArray(c) || c.length !== 2 || !c.every(isNum) || c[0] > c[1]) out.push(`${where}.ci95: needs [low, high]`);
  };
  if (!x || typeof x !== 'object') return ['not an object'];
  if (typeof x.name !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(x.name)) out.push('name: lower-case letters, digits and dashes (no dot)');
  if (!['gipf', 'bulgarian-ur', 'seega', 'amazons'].includes(x.game)) out.push(`game: unknown "${x.game}"`);
  both(x.title, 'title');
  both(x.method, 'method');
  both(x.answer, 'answer');
  if (!x.claim || typeof x.claim.hu !== 'string' || !x.claim.hu.trim() || typeof x.claim.en !== 'string' || !x.claim.en.trim()) out.push('claim: needs the Hungarian words ("hu") and their translation ("en")');
  if (!VERDICTS.includes(x.verdict)) out.push(`verdict: one of ${VERDICTS.join(', ')}`);
  const s = x.setup || {};
  if (typeof s.command !== 'string' || !/^tabla lab run /.test(s.command)) out.push('setup.command: the "tabla lab run …" that made the file');
  for (const k of ['games', 'time_ms', 'duration_s']) if (s[k] !== undefined && !isNum(s[k])) out.push(`setup.${k}: a number`);
  (Array.isArray(x.charts) ? x.charts : (out.push('charts: a list'), [])).forEach((c, i) => {
    const at = `charts[${i}]`;
    both(c.title, `${at}.title`);
    if (c.kind === 'bars') {
      if (!Array.isArray(c.bars) || !c.bars.length) out.push(`${at}.bars: a non-empty list`);
      (c.bars || []).forEach((b, j) => {
        both(b.label, `${at}.bars[${j}].label`);
        if (!isNum(b.value)) out.push(`${at}.bars[${j}].value: a number`);
        interval(b.ci95, `${at}.bars[${j}]`);
      });
    } else if (c.kind === 'heatmap') {
      const rows = c.rows || [];
      const cols = c.cols || [];
      rows.forEach((r, j) => both(r, `${at}.rows[${j}]`));
      cols.forEach((r, j) => both(r, `${at}.cols[${j}]`));
      if (!Array.isArray(c.cells) || c.cells.length !== rows.length || c.cells.some((r) => !Array.isArray(r) || r.length !== cols.length)) out.push(`${at}.cells: ${rows.length} rows of ${cols.length} cells`);
      (c.cells || []).flat().forEach((cell, j) => {
        if (cell === null) return;
        if (!cell || !isNum(cell.value)) out.push(`${at}.cells: cell ${j} needs a value (or is null)`);
        else interval(cell.ci95, `${at}.cells[${j}]`);
      });
    } else if (c.kind === 'histogram') {
      if (!Array.isArray(c.series) || !c.series.length) out.push(`${at}.series: a non-empty list`);
      (c.series || []).forEach((se, j) => {
        both(se.label, `${at}.series[${j}].label`);
        (se.bins || []).forEach((b, k) => {
          if (!isNum(b.from) || !isNum(b.to) || !(b.from < b.to) || !Number.isInteger(b.count) || b.count < 0) out.push(`${at}.series[${j}].bins[${k}]: from < to and a whole count`);
        });
      });
    } else if (c.kind === 'table') {
      const n = (c.columns || []).length;
      if (!n) out.push(`${at}.columns: a non-empty list`);
      (c.rows || []).forEach((r, j) => {
        if (!Array.isArray(r) || r.length !== n) out.push(`${at}.rows[${j}]: ${n} cells`);
      });
    } else out.push(`${at}.kind: bars, heatmap, histogram or table`);
  });
  (x.examples || []).forEach((e, i) => {
    both(e.label, `examples[${i}].label`);
    if (typeof e.record !== 'string' || !e.record.trim()) out.push(`examples[${i}].record: the game's record text`);
    if (e.options !== undefined && (!Array.isArray(e.options) || e.options.some((o) => !/^[a-z_]+=\S+$/.test(String(o))))) out.push(`examples[${i}].options: a list of "key=value"`);
  });
  return out;
}
