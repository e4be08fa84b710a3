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
// Bulgarian Ur, as the ur branch draws it: rows y=0 Black, 1 centre, 2 Yellow.
for (const twin of [false, true]) {
  const cells = [];
  const col = (n) => (n <= 4 ? 4 - n : n === 13 ? 7 : 6);
  for (const p of ['b', 'y']) for (const n of [1, 2, 3, 4, 13, 14]) {
    let x = col(n);
    const y = p === 'b' ? 0 : 2;
    if (twin && p === 'y') x = 7 - x;
    cells.push({ id: `${p}${n}`, x, y, stack: [], mark: n <= 4 ? `start-${p === 'b' ? 'black' : 'yellow'}` : `base${n === 13 ? 2 : 1}-${p === 'b' ? 'black' : 'yellow'}` });
  }
  for (let n = 5; n <= 12; n++) cells.push({ id: `c${n}`, x: n - 5, y: 1, stack: [], mark: 'centre' });
  const gx = (x, other) => x + (other > x ? 1 : -1);
  const points = [
    { id: 'b0', x: 4, y: 0, stack: [], mark: 'reserve-black' },
    { id: 'y0', x: twin ? 3 : 4, y: 2, stack: [], mark: 'reserve-yellow' },
    { id: 'b-out', x: twin ? 2 : 5, y: 2, stack: [], mark: 'out-black' },
    { id: 'y-out', x: 5, y: 0, stack: [], mark: 'out-yellow' },
  ];
  void gx;
  const labels = [];
  for (const c of cells) {
    const n = c.id.startsWith('c') ? Number(c.id.slice(1)) : Number(c.id.slice(1));
    if (c.id[0] === 'b' || c.id[0] === 'c') labels.push({ text: String(n), x: c.x, y: c.y - 0.38 });
    if (c.id[0] === 'y') labels.push({ text: String(n), x: c.x, y: c.y + 0.38 });
    if (twin && c.id[0] === 'c') labels.push({ text: String(17 - n), x: c.x, y: c.y + 0.38 });
  }
  const v = { board: { kind: 'track', layout: twin ? 'ur-twin' : 'ur' }, cells, points, labels, players: [{ name: 'black', reserve: 6, removed: 1, lost: 0, prisoners: 2, free: 8, roll: 4 }, { name: 'yellow', reserve: 5, removed: 0, lost: 1, prisoners: 3, free: 6 }], last: ['c7', 'c9'] };
  const Yb = { owner: 'yellow', kind: 'blue' }, Yr = { owner: 'yellow', kind: 'red' }, Bb = { owner: 'black', kind: 'blue' }, Br = { owner: 'black', kind: 'red' };
  put(v, 'c9', Yb, Bb, Bb, Yr); put(v, 'b2', Bb); put(v, 'y1', Yb); put(v, 'c6', Br, Yb, Yb, Bb, Bb, Bb, Yb, Bb, Yr); put(v, 'b14', Br);
  for (let i = 0; i < 6; i++) put(v, 'b0', Bb);
  for (let i = 0; i < 5; i++) put(v, 'y0', Yb);
  put(v, 'b-out', { owner: 'black', kind: 'out' });
  out[twin ? 'urTwin' : 'ur'] = { game: 'bulgarian-ur', view: v, starts: ['b2', 'b0', 'b14'] };
}
console.log(JSON.stringify(out));
