// Synthetic board views for looking at the drawing before the games' own views exist.
// Run: node fixtures.mjs > fixtures.json
const sq = (w, h, holes = []) => {
  const cells = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const id = String.fromCharCode(97 + x) + (y + 1);
    if (!holes.includes(id)) cells.push({ id, x, y, stack: [], mark: null });
  }
  const labels = [];
  for (let x = 0; x < w; x++) labels.push({ text: String.fromCharCode(97 + x), x, y: -0.8 });
  for (let y = 0; y < h; y++) labels.push({ text: String(y + 1), x: -0.8, y });
  return { board: { kind: 'square', width: w, height: h }, cells, points: [], labels, players: [], last: [] };
};
const put = (v, id, ...pieces) => { const c = [...v.cells, ...v.points].find((c) => c.id === id); c.stack.push(...pieces); };
const hex = (s) => {
  const m = s - 1;
  const cells = [];
  for (let x = 0; x < 2 * s - 1; x++) {
    const n = 2 * s - 1 - Math.abs(x - m);
    for (let r = 1; r <= n; r++) cells.push({ id: String.fromCharCode(97 + x) + r, x: x * Math.sqrt(3) / 2, y: r - (n + 1) / 2, stack: [], mark: null, file: x, n });
  }
  return cells;
};
const W = (k = 'queen') => ({ owner: 'white', kind: k });
const B = (k = 'queen') => ({ owner: 'black', kind: k });
const STONE = { owner: null, kind: 'stone' };
const out = {};

// Amazons 6x6, after one turn.
{
  const v = sq(6, 6);
  for (const id of ['a2', 'b1', 'e1', 'f2']) put(v, id, W());
  for (const id of ['a5', 'b6', 'e6', 'f5']) put(v, id, B());
  put(v, 'c4', STONE); put(v, 'd3', STONE);
  v.players = [{ name: 'white' }, { name: 'black' }];
  v.last = ['b1', 'b4', 'd3'];
  v.cells.find((c) => c.id === 'b1').stack = []; put(v, 'b4', W());
  out.amazons = { game: 'amazons', view: v, clicks: ['e1'], targets: ['e2', 'e3', 'e4', 'e5', 'd2', 'c3', 'f1'] };
}
// Amazons 8x8 with holes (ragged edge).
{
  const v = sq(8, 8, ['a1', 'a8', 'h1', 'h8', 'd4', 'e5', 'b1', 'a2']);
  for (const id of ['a3', 'c1', 'f1', 'h3']) put(v, id, W());
  for (const id of ['a6', 'c8', 'f8', 'h6']) put(v, id, B());
  v.players = [{ name: 'white' }, { name: 'black' }];
  out.amazonsHoles = { game: 'amazons', view: v };
}
// Amazons hex side 5, 3 players.
{
  const cells = hex(5);
  const v = { board: { kind: 'hex', side: 5, orientation: 'flat' }, cells, points: [], labels: [], players: [{ name: 'p1' }, { name: 'p2' }, { name: 'p3' }], last: [] };
  for (let x = 0; x < 9; x++) v.labels.push({ text: String.fromCharCode(97 + x), x: x * Math.sqrt(3) / 2, y: -(9 - Math.abs(x - 4) + 1) / 2 - 0.1 });
  put(v, 'e2', { owner: 'p1', kind: 'queen' }); put(v, 'e8', { owner: 'p1', kind: 'queen' });
  put(v, 'h2', { owner: 'p2', kind: 'queen' }); put(v, 'b5', { owner: 'p2', kind: 'queen' });
  put(v, 'h5', { owner: 'p3', kind: 'queen' }); put(v, 'b2', { owner: 'p3', kind: 'queen' });
  put(v, 'e5', STONE); put(v, 'd4', STONE);
  out.amazonsHex = { game: 'amazons', view: v, targets: ['e3', 'e4', 'f3'] };
}
// GIPF: 37 points and 24 dots.
{
  const all = hex(5);
  const isDot = (c) => c.file === 0 || c.file === 8 || c.id.endsWith('1') && c.id.length === 2 || Number(c.id.slice(1)) === c.n;
  const v = { board: { kind: 'hex', side: 5, orientation: 'flat' }, cells: all.filter((c) => !isDot(c)), points: all.filter(isDot), labels: [], players: [{ name: 'white', reserve: 12, captured: 0 }, { name: 'black', reserve: 11, captured: 1 }], last: ['a1', 'b2', 'b3'] };
  put(v, 'b5', W('gipf')); put(v, 'e2', W('gipf')); put(v, 'h5', W('gipf'));
  put(v, 'b2', B('gipf')); put(v, 'e8', B('gipf')); put(v, 'h2', B('gipf'));
  put(v, 'b3', W('piece')); put(v, 'c3', B('piece')); put(v, 'd4', W('piece')); put(v, 'e5', B('piece'));
  for (let x = 0; x < 9; x++) v.labels.push({ text: String.fromCharCode(97 + x), x: x * Math.sqrt(3) / 2, y: -(9 - Math.abs(x - 4) + 1) / 2 - 0.2 });
  out.gipf = { game: 'gipf', view: v, clicks: ['a1'], targets: ['b2', 'b1'] };
}
// Seega 5x5 in the moving phase.
{
  const v = sq(5, 5);
  v.cells.find((c) => c.id === 'c3').mark = 'centre';
  const F = { owner: 'first', kind: 'stone' };
  const S2 = { owner: 'second', kind: 'stone' };
  for (const id of ['a1', 'b1', 'c1', 'd1', 'e1', 'a2', 'b2', 'd2', 'a3', 'b3']) put(v, id, F);
  for (const id of ['a5', 'b5', 'c5', 'd5', 'e5', 'a4', 'b4', 'c4', 'd4', 'e4', 'e3', 'e2']) put(v, id, S2);
  put(v, 'c2', F);
  v.players = [{ name: 'first', in_hand: 0, on_board: 11, captured: 1 }, { name: 'second', in_hand: 0, on_board: 12, captured: 0 }];
  v.last = ['d3', 'c3'];
  out.seega = { game: 'seega', view: v, targets: ['c3', 'd3'], starts: ['c2', 'b2', 'd2', 'b3'] };
}
// Bulgarian Ur: 3 rows of 8 with the gaps, towers.
{
  const cells = [];
  for (let x = 0; x < 8; x++) for (const y of [0, 1, 2]) {
    if (y !== 1 && (x === 4 || x === 5)) continue;
    cells.push({ id: `${'byc'[y]}${x}`, x, y, stack: [], mark: y === 0 && x < 4 ? 'start-black' : y === 2 && x < 4 ? 'start-yellow' : y !== 1 ? 'base' : null });
  }
  const points = [{ id: 'reserve-black', x: 5, y: -0.9, stack: [], mark: null }, { id: 'reserve-yellow', x: 5, y: 2.9, stack: [], mark: null }];
  const v = { board: { kind: 'track', layout: 'ur' }, cells, points, labels: [], players: [{ name: 'black', reserve: 6, removed: 1 }, { name: 'yellow', reserve: 5, removed: 0 }], last: ['c3', 'c6'] };
  const Yb = { owner: 'yellow', kind: 'blue' }, Yr = { owner: 'yellow', kind: 'red' }, Bb = { owner: 'black', kind: 'blue' }, Br = { owner: 'black', kind: 'red' };
  put(v, 'c6', Yb, Bb, Bb, Yr); put(v, 'b2', Bb); put(v, 'y1', Yb); put(v, 'c2', Br, Yb, Yb, Bb, Bb, Bb, Yb, Bb, Yr); put(v, 'b7', Br);
  out.ur = { game: 'bulgarian-ur', view: v, starts: ['b2', 'c6'] };
}
console.log(JSON.stringify(out));
