// Where things go on screen: the board view's cell coordinates (cell units, y up) laid out
// in SVG user units (y down), turned for the seat that looks at the board. Pure: no DOM.

/** SVG user units per cell unit. */
export const UNIT = 100;

const SQRT3 = Math.sqrt(3);

/** The turns (in degrees) a board's shape looks the same under. */
export function symmetryStep(board) {
  switch (board && board.kind) {
    case 'hex':
      return 60;
    case 'square':
      return board.width === board.height ? 90 : 180;
    default:
      return 180;
  }
}

/**
 * How far to turn the board so that seat `seat` (0-based, of `players`) has its side at the
 * bottom: the first seat's side is at the bottom of the view as the server draws it, and the
 * seats sit round the board in order. Rounded to a turn the board's shape allows.
 */
export function seatRotation(board, players, seat) {
  if (!players || players < 2 || seat <= 0) return 0;
  const step = symmetryStep(board);
  const want = (360 / players) * seat;
  return norm(Math.round(want / step) * step);
}

/** The turn the flip button adds. */
export function flipStep(board, players) {
  const step = symmetryStep(board);
  if (!players || players <= 2) return 180;
  return Math.max(step, Math.round(360 / players / step) * step);
}

export function norm(deg) {
  return ((deg % 360) + 360) % 360;
}

/** Corner offsets (SVG units, before turning) of a cell's shape centred on 0,0. */
export function cellShape(board) {
  if (board && board.kind === 'hex') {
    const r = UNIT / SQRT3; // centres one unit apart
    const start = board.orientation === 'pointy' ? 30 : 0;
    return Array.from({ length: 6 }, (_, i) => {
      const a = ((start + 60 * i) * Math.PI) / 180;
      return [r * Math.cos(a), r * Math.sin(a)];
    });
  }
  const h = UNIT / 2;
  return [
    [-h, -h],
    [h, -h],
    [h, h],
    [-h, h],
  ];
}

function rotate([x, y], deg) {
  if (!deg) return [x, y];
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const rx = x * c - y * s;
  const ry = x * s + y * c;
  // Keep exact values exact, so that a turned square grid stays on whole numbers.
  return [Math.abs(rx - Math.round(rx)) < 1e-9 ? Math.round(rx) : rx, Math.abs(ry - Math.round(ry)) < 1e-9 ? Math.round(ry) : ry];
}

/**
 * Lays out a view.
 * @param {object} view `state.view` of the contract.
 * @param {{rotation?: number, margin?: number}} [opts]
 * @returns {{
 *   cells: {id: string, cx: number, cy: number, corners: number[][], cell: object}[],
 *   points: {id: string, cx: number, cy: number, cell: object}[],
 *   labels: {text: string, x: number, y: number}[],
 *   at: Map<string, {cx: number, cy: number}>,
 *   viewBox: number[], rotation: number,
 * }}
 */
export function layout(view, { rotation = 0, margin = 0.62 } = {}) {
  const all = [...(view.cells || []), ...(view.points || [])];
  // Turn about the middle of everything drawn.
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const c of all) {
    minX = Math.min(minX, c.x);
    maxX = Math.max(maxX, c.x);
    minY = Math.min(minY, c.y);
    maxY = Math.max(maxY, c.y);
  }
  if (!all.length) minX = maxX = minY = maxY = 0;
  const mx = (minX + maxX) / 2;
  const my = (minY + maxY) / 2;
  const place = (x, y) => {
    const [rx, ry] = rotate([(x - mx) * UNIT, -(y - my) * UNIT], rotation);
    return [rx, ry];
  };
  const shape = cellShape(view.board);
  const at = new Map();
  const box = { x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity };
  const grow = (x, y) => {
    box.x0 = Math.min(box.x0, x);
    box.x1 = Math.max(box.x1, x);
    box.y0 = Math.min(box.y0, y);
    box.y1 = Math.max(box.y1, y);
  };
  const cells = (view.cells || []).map((cell) => {
    const [cx, cy] = place(cell.x, cell.y);
    const corners = shape.map((p) => {
      const [dx, dy] = rotate(p, rotation);
      grow(cx + dx, cy + dy);
      return [cx + dx, cy + dy];
    });
    at.set(cell.id, { cx, cy });
    return { id: cell.id, cx, cy, corners, cell };
  });
  const points = (view.points || []).map((cell) => {
    const [cx, cy] = place(cell.x, cell.y);
    grow(cx - UNIT / 2, cy - UNIT / 2);
    grow(cx + UNIT / 2, cy + UNIT / 2);
    at.set(cell.id, { cx, cy });
    return { id: cell.id, cx, cy, cell };
  });
  const labels = (view.labels || []).map((l) => {
    const [x, y] = place(l.x, l.y);
    grow(x - UNIT * 0.3, y - UNIT * 0.3);
    grow(x + UNIT * 0.3, y + UNIT * 0.3);
    return { text: l.text, x, y };
  });
  if (!Number.isFinite(box.x0)) Object.assign(box, { x0: -UNIT, x1: UNIT, y0: -UNIT, y1: UNIT });
  const m = margin * UNIT * 0.5;
  const viewBox = [box.x0 - m, box.y0 - m, box.x1 - box.x0 + 2 * m, box.y1 - box.y0 + 2 * m].map((v) => Math.round(v * 100) / 100);
  return { cells, points, labels, at, viewBox, rotation };
}

/**
 * Pairs of ids one unit apart (the lines of a GIPF board are drawn between neighbours).
 * @param {{id: string, x: number, y: number}[]} places
 */
export function neighbourPairs(places, distance = 1, tolerance = 0.05) {
  const out = [];
  for (let i = 0; i < places.length; i++) {
    for (let j = i + 1; j < places.length; j++) {
      const d = Math.hypot(places[i].x - places[j].x, places[i].y - places[j].y);
      if (Math.abs(d - distance) < tolerance) out.push([places[i].id, places[j].id]);
    }
  }
  return out;
}

/** Offsets (SVG units from the cell centre) of the discs of a tower of `n`, bottom first. */
export function towerOffsets(n, { room = UNIT * 0.3 } = {}) {
  if (n <= 1) return [0];
  const step = Math.min(UNIT * 0.09, room / (n - 1));
  const top = -((n - 1) * step) / 2;
  return Array.from({ length: n }, (_, i) => -top - i * step).map((v) => Math.round(v * 100) / 100);
}
