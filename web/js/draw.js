// The board as SVG markup: cells, points, pieces, highlights. Builds strings only (no DOM), so
// the markup can be checked in node; js/board.js puts it on the page and animates it.
//
// Pieces are drawn by kind (the view's words): an Amazons `queen` as a crown and `stone`
// (owner none) as a burnt square, a GIPF `gipf` as a double piece, Bulgarian Ur's `blue` and
// `red` as discs with their face up and a rim in the owner's colour, anything else as a disc.

import { UNIT, layout, neighbourPairs } from './geometry.js';
import { escapeHtml as esc } from './markdown.js';

/** Colours per player name; unknown names take the next of `SPARE`. */
export const OWNER_COLOURS = {
  white: { fill: '#f7f3e8', edge: '#6b604f', ink: '#222' },
  black: { fill: '#2a2a2c', edge: '#0b0b0c', ink: '#fff' },
  p1: { fill: '#f7f3e8', edge: '#6b604f', ink: '#222' },
  p2: { fill: '#2a2a2c', edge: '#0b0b0c', ink: '#fff' },
  p3: { fill: '#c6402b', edge: '#6e1d10', ink: '#fff' },
  p4: { fill: '#2f69c8', edge: '#143a78', ink: '#fff' },
  first: { fill: '#4b2e1c', edge: '#20120a', ink: '#fff' },
  second: { fill: '#f1e4c4', edge: '#7c6a45', ink: '#222' },
  yellow: { fill: '#f3c531', edge: '#7d5e05', ink: '#222' },
};
const SPARE = [
  { fill: '#3f9a5a', edge: '#1d5230', ink: '#fff' },
  { fill: '#8e4fb5', edge: '#4b2266', ink: '#fff' },
];
const FACE = { blue: '#2d62c4', red: '#cc3a2f' };

export function ownerColour(owner, players = []) {
  if (owner && OWNER_COLOURS[owner]) return OWNER_COLOURS[owner];
  const i = Math.max(0, players.indexOf(owner));
  return SPARE[i % SPARE.length];
}

/** How each game's board looks (the page knows no rules, only how the real thing looks). */
export function boardStyle(gameId, view) {
  switch (gameId) {
    case 'gipf':
      return { family: 'lattice', background: '#efe6d2' };
    case 'seega':
      return { family: 'seega', background: '#d9b98a' };
    case 'bulgarian-ur':
      return { family: 'ur', background: '#3a2a1d' };
    case 'amazons':
      return { family: view && view.board && view.board.kind === 'hex' ? 'hextiles' : 'checker', background: '#b88b57' };
    default:
      return { family: view && view.board && view.board.kind === 'hex' && (view.points || []).length ? 'lattice' : 'checker', background: '#c9a46f' };
  }
}

const r2 = (v) => Math.round(v * 100) / 100;

/**
 * One of three shades for a hexagonal cell, so that neighbours always differ (the usual
 * three-colouring of a hex board), from its drawing position: lines of cells one unit apart,
 * the lines √3/2 apart.
 */
export function hexShade(cell, board) {
  const pointy = board && board.orientation === 'pointy';
  const across = pointy ? cell.y : cell.x;
  const along = pointy ? cell.x : cell.y;
  const q = Math.round(across / (Math.sqrt(3) / 2));
  return (((Math.round(1.5 * q - along) % 3) + 3) % 3);
}
const pts = (corners) => corners.map(([x, y]) => `${r2(x)},${r2(y)}`).join(' ');

/** Gradient definitions for the disc colours in use. */
function defs(owners, players) {
  const out = [];
  for (const o of owners) {
    const c = ownerColour(o, players);
    out.push(
      `<radialGradient id="g-${esc(o)}" cx="0.38" cy="0.32" r="0.75"><stop offset="0" stop-color="${lighten(c.fill, 0.35)}"/><stop offset="0.55" stop-color="${c.fill}"/><stop offset="1" stop-color="${darken(c.fill, 0.25)}"/></radialGradient>`,
    );
  }
  out.push(
    '<marker id="arrow-sel" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#e2a400"/></marker>',
    '<marker id="arrow-hint" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1f7bd6"/></marker>',
    '<pattern id="burnt" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="12" height="12" fill="#4a4440"/><line x1="0" y1="0" x2="0" y2="12" stroke="#5d5651" stroke-width="5"/></pattern>',
  );
  return `<defs>${out.join('')}</defs>`;
}

function hex2rgb(h) {
  const n = parseInt(h.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function rgb2hex([r, g, b]) {
  return `#${[r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')}`;
}
export function lighten(h, f) {
  return rgb2hex(hex2rgb(h).map((v) => v + (255 - v) * f));
}
export function darken(h, f) {
  return rgb2hex(hex2rgb(h).map((v) => v * (1 - f)));
}

/**
 * One piece centred on 0,0, of radius about `r` (SVG units).
 * @param {{owner: string|null, kind: string}} piece
 */
export function pieceSvg(piece, r, players = [], { flat = false, cell = null } = {}) {
  const kind = piece.kind;
  const owner = piece.owner;
  if (kind === 'stone' && owner == null && cell && cell.length !== 4) {
    // A burnt cell of a hexagonal board: the cell's own shape.
    return `<polygon points="${cell.map(([x, y]) => `${r2(x * 0.86)},${r2(y * 0.86)}`).join(' ')}" fill="url(#burnt)" stroke="#2a2522" stroke-width="${r2(r * 0.06)}"/>`;
  }
  if (kind === 'stone' && owner == null) {
    const s = r * 1.18;
    return `<rect x="${r2(-s)}" y="${r2(-s)}" width="${r2(2 * s)}" height="${r2(2 * s)}" rx="${r2(s * 0.18)}" fill="url(#burnt)" stroke="#2a2522" stroke-width="${r2(r * 0.06)}"/>`;
  }
  const c = ownerColour(owner, players);
  const fill = flat ? c.fill : `url(#g-${esc(owner)})`;
  const sw = r2(Math.max(1.5, r * 0.07));
  if (kind === 'queen') {
    const k = r / 40;
    const p = (x, y) => `${r2(x * k)},${r2(y * k)}`;
    const path = `M${p(-30, 26)} L${p(30, 26)} L${p(35, -14)} L${p(17, 4)} L${p(0, -28)} L${p(-17, 4)} L${p(-35, -14)} Z`;
    return (
      `<ellipse cx="0" cy="${r2(30 * k)}" rx="${r2(34 * k)}" ry="${r2(7 * k)}" fill="rgba(0,0,0,0.25)"/>` +
      `<path d="${path}" fill="${fill}" stroke="${c.edge}" stroke-width="${sw}" stroke-linejoin="round"/>` +
      `<rect x="${r2(-30 * k)}" y="${r2(20 * k)}" width="${r2(60 * k)}" height="${r2(9 * k)}" rx="${r2(3 * k)}" fill="${fill}" stroke="${c.edge}" stroke-width="${sw}"/>` +
      [[-35, -14], [0, -28], [35, -14]].map(([x, y]) => `<circle cx="${r2(x * k)}" cy="${r2(y * k - 4 * k)}" r="${r2(5 * k)}" fill="${fill}" stroke="${c.edge}" stroke-width="${sw}"/>`).join('')
    );
  }
  if (kind === 'blue' || kind === 'red') {
    return (
      `<circle r="${r2(r)}" fill="${fill}" stroke="${c.edge}" stroke-width="${sw}"/>` +
      `<circle r="${r2(r * 0.62)}" fill="${FACE[kind]}" stroke="rgba(0,0,0,0.35)" stroke-width="${sw}"/>` +
      `<circle r="${r2(r * 0.25)}" cx="${r2(-r * 0.18)}" cy="${r2(-r * 0.2)}" fill="rgba(255,255,255,0.25)"/>`
    );
  }
  const disc = (dy) =>
    `<circle cy="${r2(dy)}" r="${r2(r)}" fill="${fill}" stroke="${c.edge}" stroke-width="${sw}"/>` +
    `<circle cy="${r2(dy)}" r="${r2(r * 0.7)}" fill="none" stroke="${c.edge}" stroke-opacity="0.35" stroke-width="${sw}"/>`;
  if (kind === 'gipf') {
    // Two pieces stacked: the lower shows as a rim below the upper.
    return `<circle cy="${r2(r * 0.2)}" r="${r2(r)}" fill="${darken(c.fill, 0.15)}" stroke="${c.edge}" stroke-width="${sw}"/>` + disc(-r * 0.12) + `<circle cy="${r2(-r * 0.12)}" r="${r2(r * 0.32)}" fill="none" stroke="${c.edge}" stroke-width="${r2(sw * 1.4)}"/>`;
  }
  if (kind === 'stone' || kind === 'piece') return disc(0);
  if (kind === 'out') {
    // A disc out of the game: its owner's colour, no side up any more.
    return `<circle r="${r2(r)}" fill="${c.fill}" stroke="${c.edge}" stroke-width="${sw}" opacity="0.8"/><path d="M${r2(-r * 0.45)},${r2(-r * 0.45)} L${r2(r * 0.45)},${r2(r * 0.45)} M${r2(r * 0.45)},${r2(-r * 0.45)} L${r2(-r * 0.45)},${r2(r * 0.45)}" stroke="${c.edge}" stroke-width="${r2(sw * 1.5)}" opacity="0.6"/>`;
  }
  // A kind this page does not know: a disc with its initial.
  return disc(0) + `<text y="${r2(r * 0.35)}" text-anchor="middle" font-size="${r2(r)}" fill="${c.ink}">${esc(String(kind).slice(0, 1).toUpperCase())}</text>`;
}

/**
 * Where the pieces of a stack of `n` sit, bottom first, as offsets below (+) or above (-) the
 * cell centre: a tower is a column of discs seen from the side with its top disc (the guard)
 * seen from above, so that what lies under the guard reads at a glance.
 */
export function stackOffsets(n) {
  if (n <= 1) return [0];
  const bottom = UNIT * 0.4;
  const h = Math.min(UNIT * 0.11, (UNIT * 0.44) / (n - 1));
  const out = [];
  for (let i = 0; i < n - 1; i++) out.push(r2(bottom - i * h - h / 2));
  const columnTop = bottom - (n - 1) * h;
  out.push(r2(Math.max(-UNIT * 0.24, columnTop - UNIT * 0.16)));
  return out;
}

/** One disc of a tower seen from the side: a coin edge in the owner's colour, its face's colour as a stripe. */
function coinSvg(piece, w, h, players) {
  const c = ownerColour(piece.owner, players);
  const face = FACE[piece.kind];
  return (
    `<rect x="${r2(-w / 2)}" y="${r2(-h / 2)}" width="${r2(w)}" height="${r2(h)}" rx="${r2(Math.min(h / 2, 6))}" fill="${c.fill}" stroke="${c.edge}" stroke-width="1.5"/>` +
    (face ? `<rect x="${r2(-w / 2 + 3)}" y="${r2(-Math.max(1, h * 0.14))}" width="${r2(w - 6)}" height="${r2(Math.max(2, h * 0.28))}" fill="${face}" opacity="0.9"/>` : '')
  );
}

/** A stack of pieces, bottom first: one piece, or a tower whose guard sits on top. */
function stackSvg(id, stack, r, players, cx, cy, cell = null) {
  if (!stack.length) return '';
  const n = stack.length;
  const at = (i, inner) => `<g class="pc" data-at="${esc(id)}#${i}" data-owner="${esc(stack[i].owner ?? '')}" data-kind="${esc(stack[i].kind)}" transform="translate(${r2(cx)},${r2(cy + offs[i])})">${inner}</g>`;
  const offs = stackOffsets(n);
  if (n === 1) return at(0, pieceSvg(stack[0], r, players, { cell }));
  const h = Math.min(UNIT * 0.11, (UNIT * 0.44) / (n - 1));
  const parts = [];
  for (let i = 0; i < n - 1; i++) parts.push(at(i, coinSvg(stack[i], UNIT * 0.6, h, players)));
  parts.push(at(n - 1, pieceSvg(stack[n - 1], UNIT * 0.25, players)));
  parts.push(`<text class="tower-count" x="${r2(cx + UNIT * 0.38)}" y="${r2(cy - UNIT * 0.28)}" text-anchor="middle">${n}</text>`);
  return parts.join('');
}

/**
 * The pieces on a point (a reserve, the discs out of the game): not a tower but a pile, drawn
 * as its top piece with the count beside it.
 */
function pileSvg(id, stack, r, players, cx, cy) {
  if (!stack.length) return '';
  const n = stack.length;
  const top = stack[n - 1];
  const under = n > 1 ? `<g transform="translate(${r2(cx + r * 0.22)},${r2(cy + r * 0.22)})" opacity="0.85">${pieceSvg(stack[n - 2], r, players)}</g>` : '';
  return (
    under +
    `<g class="pc" data-at="${esc(id)}#${n - 1}" data-owner="${esc(top.owner ?? '')}" data-kind="${esc(top.kind)}" transform="translate(${r2(cx)},${r2(cy)})">${pieceSvg(top, r, players)}</g>` +
    `<text class="pile-count" x="${r2(cx + r * 0.95)}" y="${r2(cy + r * 1.2)}" text-anchor="middle">${n}</text>`
  );
}

/**
 * Builds the whole board.
 * @param {object} o
 * @param {object} o.view `state.view`.
 * @param {string} o.gameId
 * @param {number} [o.rotation]
 * @param {string[]} [o.clicks] the half-made turn
 * @param {string[]} [o.targets] ids that may be clicked next
 * @param {string[]} [o.starts] ids that may begin a turn (when nothing is clicked yet)
 * @param {string[]} [o.hint] a suggested click path
 * @param {boolean} [o.interactive]
 * @returns {{svg: string, geo: object}} inner markup for an `<svg>` and its layout
 */
export function boardSvg({ view, gameId, rotation = 0, clicks = [], targets = [], starts = [], hint = null, interactive = false, label = null, ahead = [] }) {
  const geo = layout(view, { rotation });
  const style = boardStyle(gameId, view);
  const players = (view.players || []).map((p) => p.name);
  const owners = new Set(players);
  for (const c of [...(view.cells || []), ...(view.points || [])]) for (const p of c.stack || []) if (p.owner) owners.add(p.owner);
  const last = new Set(view.last || []);
  const clicked = new Set(clicks);
  const tset = new Set(targets);
  const sset = new Set(interactive && !clicks.length ? starts : []);
  const occupied = (c) => (c.stack || []).length > 0;
  const name = (id, c) => esc(label ? label(id, c, tset.has(id)) : id);
  const out = [defs(owners, players)];
  const [vx, vy, vw, vh] = geo.viewBox;
  out.push(`<rect class="board-bg" x="${vx}" y="${vy}" width="${vw}" height="${vh}" rx="${UNIT * 0.2}" fill="${style.background}"/>`);

  const cellR = UNIT * 0.38;
  const tiles = [];
  const pieces = [];
  const marks = [];
  const classes = (id, c) => {
    const k = ['place'];
    if (tset.has(id)) k.push('target');
    if (sset.has(id)) k.push('startable');
    if (clicked.has(id)) k.push('clicked');
    if (last.has(id)) k.push('last');
    if (occupied(c)) k.push('occupied');
    return k.join(' ');
  };

  if (style.family === 'lattice') {
    // GIPF: lines through the points, the dots on the rim, pieces on the crossings.
    const places = [...view.cells, ...(view.points || [])];
    const lines = neighbourPairs(places).map(([a, b]) => {
      const p = geo.at.get(a);
      const q = geo.at.get(b);
      return `<line x1="${r2(p.cx)}" y1="${r2(p.cy)}" x2="${r2(q.cx)}" y2="${r2(q.cy)}"/>`;
    });
    const rim = (view.points || []).map((p) => geo.at.get(p.id));
    if (rim.length > 2) {
      const cx = rim.reduce((s, p) => s + p.cx, 0) / rim.length;
      const cy = rim.reduce((s, p) => s + p.cy, 0) / rim.length;
      const sorted = [...rim].sort((a, b) => Math.atan2(a.cy - cy, a.cx - cx) - Math.atan2(b.cy - cy, b.cx - cx));
      out.push(`<polygon class="lattice-rim" points="${sorted.map((p) => `${r2(p.cx)},${r2(p.cy)}`).join(' ')}"/>`);
    }
    out.push(`<g class="lattice">${lines.join('')}</g>`);
    for (const c of geo.cells) {
      tiles.push(`<g class="${classes(c.id, c.cell)}" data-id="${esc(c.id)}" aria-label="${name(c.id, c.cell)}"><circle class="hit" cx="${r2(c.cx)}" cy="${r2(c.cy)}" r="${r2(UNIT * 0.46)}"/><circle class="node" cx="${r2(c.cx)}" cy="${r2(c.cy)}" r="${r2(UNIT * 0.07)}"/></g>`);
    }
    for (const p of geo.points) {
      tiles.push(`<g class="${classes(p.id, p.cell)} point" data-id="${esc(p.id)}" aria-label="${name(p.id, p.cell)}"><circle class="hit" cx="${r2(p.cx)}" cy="${r2(p.cy)}" r="${r2(UNIT * 0.46)}"/><circle class="dot" cx="${r2(p.cx)}" cy="${r2(p.cy)}" r="${r2(UNIT * 0.13)}"/></g>`);
    }
  } else {
    for (const c of geo.cells) {
      const cls = ['tile'];
      if (style.family === 'checker') cls.push((Math.round(c.cell.x) + Math.round(c.cell.y)) % 2 === 0 ? 'dark' : 'light');
      if (style.family === 'hextiles') cls.push(`t${hexShade(c.cell, view.board)}`);
      if (style.family === 'seega') cls.push('sand');
      if (style.family === 'ur') cls.push('shell');
      if (c.cell.mark) cls.push(`mark-${c.cell.mark.replace(/[^a-z0-9-]/gi, '')}`);
      let deco = '';
      if (c.cell.mark === 'centre' && style.family !== 'ur') {
        const d = UNIT * 0.32;
        deco = `<path class="centre-mark" d="M${r2(c.cx - d)},${r2(c.cy - d)} L${r2(c.cx + d)},${r2(c.cy + d)} M${r2(c.cx + d)},${r2(c.cy - d)} L${r2(c.cx - d)},${r2(c.cy + d)}"/><circle class="centre-mark" cx="${r2(c.cx)}" cy="${r2(c.cy)}" r="${r2(UNIT * 0.18)}"/>`;
      } else if (style.family === 'ur') {
        const d = UNIT * 0.2;
        deco = [[0, 0], [-d, -d], [d, -d], [-d, d], [d, d]].map(([x, y]) => `<circle class="ur-eye" cx="${r2(c.cx + x)}" cy="${r2(c.cy + y)}" r="${r2(UNIT * 0.045)}"/>`).join('');
      }
      tiles.push(`<g class="${classes(c.id, c.cell)}" data-id="${esc(c.id)}" aria-label="${name(c.id, c.cell)}"><polygon class="${cls.join(' ')}" points="${pts(c.corners)}"/>${deco}</g>`);
    }
    for (const p of geo.points) {
      tiles.push(`<g class="${classes(p.id, p.cell)} point" data-id="${esc(p.id)}" aria-label="${name(p.id, p.cell)}"><circle class="hit" cx="${r2(p.cx)}" cy="${r2(p.cy)}" r="${r2(UNIT * 0.46)}"/><circle class="tray" cx="${r2(p.cx)}" cy="${r2(p.cy)}" r="${r2(UNIT * 0.42)}"/></g>`);
    }
  }

  // The last move: a tint under the pieces, the shape of the cell (a ring round a point).
  const cellAt = new Map(geo.cells.map((c) => [c.id, c]));
  for (const id of last) {
    const c = cellAt.get(id);
    const p = geo.at.get(id);
    if (c && style.family !== 'lattice') marks.push(`<polygon class="last-mark" points="${pts(c.corners)}"/>`);
    else if (p) marks.push(`<circle class="last-mark" cx="${r2(p.cx)}" cy="${r2(p.cy)}" r="${r2(UNIT * 0.44)}"/>`);
  }
  for (const c of geo.cells) {
    const rel = c.corners.map(([x, y]) => [x - c.cx, y - c.cy]);
    // Ur's discs leave room for the track numbers at the square's edges.
    pieces.push(stackSvg(c.id, c.cell.stack || [], style.family === 'lattice' ? UNIT * 0.4 : style.family === 'ur' ? UNIT * 0.3 : cellR, players, c.cx, c.cy, rel));
  }
  for (const p of geo.points) pieces.push(pileSvg(p.id, p.cell.stack || [], UNIT * 0.3, players, p.cx, p.cy));

  // Above the pieces: what was clicked, where a click may go, the hint.
  const over = [];
  const arrow = (ids, cls, marker) => {
    const ps = ids.map((id) => geo.at.get(id)).filter(Boolean);
    if (ps.length < 2) return '';
    return `<polyline class="${cls}" points="${ps.map((p) => `${r2(p.cx)},${r2(p.cy)}`).join(' ')}" marker-end="url(#${marker})"/>`;
  };
  const boardClicks = clicks.filter((c) => geo.at.has(c));
  over.push(arrow(boardClicks, 'sel-path', 'arrow-sel'));
  const byIdEarly = new Map([...view.cells, ...(view.points || [])].map((c) => [c.id, c]));
  boardClicks.forEach((id, i) => {
    const p = geo.at.get(id);
    // A piece already drawn where it went (previewMove): its start is a dashed "from" ring.
    const left = i === 0 && boardClicks.length > 1 && byIdEarly.has(id) && !occupied(byIdEarly.get(id)) && !boardClicks.slice(1).includes(id);
    over.push(`<circle class="${left ? 'from-ring' : 'sel-ring'}" cx="${r2(p.cx)}" cy="${r2(p.cy)}" r="${r2(UNIT * 0.44)}"/>`);
  });
  const byId = new Map([...view.cells, ...(view.points || [])].map((c) => [c.id, c]));
  // Where a turn may begin (lightly), and where the next click may go.
  for (const id of sset) {
    const p = geo.at.get(id);
    if (!p || tset.has(id)) continue;
    if (occupied(byId.get(id))) over.push(`<circle class="start-ring" cx="${r2(p.cx)}" cy="${r2(p.cy)}" r="${r2(UNIT * 0.45)}"/>`);
    else over.push(`<circle class="start-dot" cx="${r2(p.cx)}" cy="${r2(p.cy)}" r="${r2(UNIT * 0.12)}"/>`);
  }
  for (const id of tset) {
    const p = geo.at.get(id);
    if (!p) continue;
    if (occupied(byId.get(id))) over.push(`<circle class="target-ring" cx="${r2(p.cx)}" cy="${r2(p.cy)}" r="${r2(UNIT * 0.45)}"/>`);
    else over.push(`<circle class="target-dot" cx="${r2(p.cx)}" cy="${r2(p.cy)}" r="${r2(UNIT * 0.14)}"/>`);
  }
  // Places a later click of this turn may go to (GIPF's push after a second click on the dot).
  for (const id of ahead) {
    const p = geo.at.get(id);
    if (p) over.push(`<circle class="ahead-ring" cx="${r2(p.cx)}" cy="${r2(p.cy)}" r="${r2(UNIT * 0.3)}"/>`);
  }
  if (hint && hint.length) {
    const hs = hint.filter((c) => geo.at.has(c));
    over.push(arrow(hs, 'hint-path', 'arrow-hint'));
    for (const id of hs) {
      const p = geo.at.get(id);
      over.push(`<circle class="hint-ring" cx="${r2(p.cx)}" cy="${r2(p.cy)}" r="${r2(UNIT * 0.4)}"/>`);
    }
  }
  out.push(`<g class="tiles">${tiles.join('')}</g>`);
  const coords = `<g class="coords" aria-hidden="true">${geo.labels.map((l) => `<text class="coord" x="${r2(l.x)}" y="${r2(l.y)}" dy="0.35em" text-anchor="middle">${esc(l.text)}</text>`).join('')}</g>`;
  // Ur's track numbers stay readable above the discs; elsewhere coordinates sit outside the cells.
  if (style.family !== 'ur') out.push(coords);
  out.push(`<g class="marks">${marks.join('')}</g>`);
  out.push(`<g class="pieces">${pieces.join('')}</g>`);
  if (style.family === 'ur') out.push(coords);
  out.push(`<g class="over">${over.join('')}</g>`);
  out.push('<g class="anim"></g>');
  return { svg: out.join(''), geo, style };
}

/** A small picture of one piece, for player cards and reserves. */
export function miniPiece(piece, players = [], size = 22) {
  const r = size * 0.42;
  // Flat colours, no gradient of its own: an id defined again in a small picture (one that may
  // be hidden, like the phone's turn bar on a desktop) would take over the board's.
  return `<svg class="mini" viewBox="${-size / 2} ${-size / 2} ${size} ${size}" width="${size}" height="${size}" aria-hidden="true">${pieceSvg(piece, r, players, { flat: true })}</svg>`;
}

/** A die face with `n` pips (1–6), or the text of the roll in a square. */
export function dieSvg(n, size = 64) {
  const s = size;
  const pip = (x, y) => `<circle cx="${r2(x * s)}" cy="${r2(y * s)}" r="${r2(s * 0.085)}"/>`;
  const P = { 1: [[0.5, 0.5]], 2: [[0.27, 0.27], [0.73, 0.73]], 3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]], 4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]], 5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]], 6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]] };
  const face = P[n] ? P[n].map(([x, y]) => pip(x, y)).join('') : `<text x="${s / 2}" y="${s * 0.62}" text-anchor="middle" font-size="${s * 0.4}">${esc(String(n))}</text>`;
  return `<svg class="die" viewBox="0 0 ${s} ${s}" width="${s}" height="${s}" aria-hidden="true"><rect x="2" y="2" width="${s - 4}" height="${s - 4}" rx="${s * 0.16}" class="die-body"/><g class="die-pips">${face}</g></svg>`;
}

/**
 * The view as the half-made turn leaves it: a queen (Amazons) or a stone on its capture series
 * (Seega) drawn where it was moved to, its start empty; GIPF's entered piece (of `mover`) on its
 * point with the line pushed on, so that the rows to take are drawn as they will stand. Other
 * games and selections: the view. No rules here: only the clicks and the drawn positions.
 */
export function previewMove(view, clicks, gameId, mover = null) {
  if (!view || clicks.length < 2) return view;
  if (gameId === 'gipf') return previewPush(view, clicks, mover);
  const from = clicks[0];
  const to = gameId === 'amazons' ? clicks[1] : gameId === 'seega' ? clicks[clicks.length - 1] : null;
  if (to === null || to === from) return view;
  const a = view.cells.find((c) => c.id === from);
  const b = view.cells.find((c) => c.id === to);
  if (!a || !b || !(a.stack || []).length || (b.stack || []).length) return view;
  return { ...view, cells: view.cells.map((c) => (c.id === from ? { ...c, stack: [] } : c.id === to ? { ...c, stack: a.stack } : c)) };
}

/**
 * GIPF: once a dot and a point after it are clicked, the new piece on that point and every
 * piece in its way one step further along the dot's line (as drawn), up to the first empty
 * point. A dot clicked twice enters a GIPF piece.
 */
function previewPush(view, clicks, mover) {
  const points = view.points || [];
  const isDot = (id) => points.some((p) => p.id === id);
  const k = clicks.findIndex((c, i) => i > 0 && !isDot(c) && isDot(clicks[i - 1]));
  if (k < 0 || !mover) return view;
  const dot = points.find((p) => p.id === clicks[k - 1]);
  const first = view.cells.find((c) => c.id === clicks[k]);
  if (!dot || !first || typeof dot.x !== 'number' || typeof first.x !== 'number') return view;
  const dx = first.x - dot.x;
  const dy = first.y - dot.y;
  const line = [first];
  for (let cur = first; (cur.stack || []).length; ) {
    const next = view.cells.find((c) => Math.abs(c.x - (cur.x + dx)) < 0.01 && Math.abs(c.y - (cur.y + dy)) < 0.01);
    if (!next || line.length > 20) return view;
    line.push(next);
    cur = next;
  }
  const stacks = new Map();
  for (let i = line.length - 1; i > 0; i--) stacks.set(line[i].id, line[i - 1].stack);
  const gipf = k >= 2 && clicks[k - 2] === clicks[k - 1];
  stacks.set(first.id, [{ owner: mover, kind: gipf ? 'gipf' : 'piece' }]);
  return { ...view, cells: view.cells.map((c) => (stacks.has(c.id) ? { ...c, stack: stacks.get(c.id) } : c)) };
}
