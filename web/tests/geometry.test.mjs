import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layout, seatRotation, flipStep, neighbourPairs, towerOffsets, UNIT } from '../js/geometry.js';
import { diffViews } from '../js/animate.js';

const sq = {
  board: { kind: 'square', width: 2, height: 2 },
  cells: [
    { id: 'a1', x: 0, y: 0, stack: [] },
    { id: 'b1', x: 1, y: 0, stack: [] },
    { id: 'a2', x: 0, y: 1, stack: [] },
  ],
  points: [],
  labels: [{ text: 'a', x: 0, y: -0.7 }],
};

test('y grows upwards in the view and downwards on screen', () => {
  const l = layout(sq);
  const a1 = l.at.get('a1');
  const a2 = l.at.get('a2');
  assert.ok(a2.cy < a1.cy);
  assert.equal(a1.cy - a2.cy, UNIT);
  assert.equal(l.at.get('b1').cx - a1.cx, UNIT);
});

test('turned half round, the first rank is at the top and files run right to left', () => {
  const l = layout(sq, { rotation: 180 });
  assert.ok(l.at.get('a2').cy > l.at.get('a1').cy);
  assert.ok(l.at.get('b1').cx < l.at.get('a1').cx);
});

test('holes leave no cell; the box holds every cell and label', () => {
  const l = layout(sq);
  assert.equal(l.cells.length, 3);
  const [x, y, w, h] = l.viewBox;
  for (const c of l.cells) for (const [px, py] of c.corners) assert.ok(px >= x && px <= x + w && py >= y && py <= y + h);
  for (const t of l.labels) assert.ok(t.y <= y + h);
});

test('hex cells: neighbours one unit apart share an edge', () => {
  const hex = { board: { kind: 'hex', side: 2, orientation: 'flat' }, cells: [{ id: 'a', x: 0, y: 0 }, { id: 'b', x: 0, y: 1 }], points: [] };
  const l = layout(hex);
  const [a, b] = l.cells;
  const shared = a.corners.filter(([x, y]) => b.corners.some(([u, v]) => Math.hypot(x - u, y - v) < 1e-6));
  assert.equal(shared.length, 2);
});

test('each seat sees its side at the bottom, in steps the board allows', () => {
  const sqb = { kind: 'square', width: 10, height: 10 };
  const hexb = { kind: 'hex', side: 5 };
  assert.equal(seatRotation(sqb, 2, 0), 0);
  assert.equal(seatRotation(sqb, 2, 1), 180);
  assert.equal(seatRotation(sqb, 4, 1), 90);
  assert.equal(seatRotation(sqb, 4, 3), 270);
  assert.equal(seatRotation(hexb, 3, 1), 120);
  assert.equal(seatRotation(hexb, 3, 2), 240);
  assert.equal(seatRotation({ kind: 'track', layout: 'ur' }, 2, 1), 180);
  assert.equal(seatRotation({ kind: 'square', width: 5, height: 7 }, 2, 1), 180);
  assert.equal(flipStep(hexb, 3), 120);
  assert.equal(flipStep(sqb, 2), 180);
});

test('neighbour pairs at unit distance', () => {
  const pts = [{ id: 'a', x: 0, y: 0 }, { id: 'b', x: 0, y: 1 }, { id: 'c', x: 0.866, y: 0.5 }, { id: 'd', x: 0, y: 2.5 }];
  assert.deepEqual(neighbourPairs(pts), [['a', 'b'], ['a', 'c'], ['b', 'c']]);
});

test('a tower stacks upwards, bottom first', () => {
  const o = towerOffsets(4);
  assert.equal(o.length, 4);
  for (let i = 1; i < 4; i++) assert.ok(o[i] < o[i - 1]);
  assert.deepEqual(towerOffsets(1), [0]);
});

const v = (cells, last = [], points = []) => ({ cells: cells.map(([id, x, y, stack]) => ({ id, x, y, stack })), points, last });
const W = { owner: 'white', kind: 'queen' };
const S = { owner: null, kind: 'stone' };

test('a queen move slides the queen and fades in the stone', () => {
  const d = diffViews(v([['a1', 0, 0, [W]], ['a2', 0, 1, []], ['a3', 0, 2, []]]), v([['a1', 0, 0, []], ['a2', 0, 1, [W]], ['a3', 0, 2, [S]]], ['a1', 'a2', 'a3']));
  assert.deepEqual(d.moved, [{ from: 'a1', fromIndex: 0, to: 'a2', toIndex: 0, piece: W }]);
  assert.deepEqual(d.added, [{ id: 'a3', index: 0, piece: S }]);
  assert.deepEqual(d.removed, []);
});

test('a captured piece fades out', () => {
  const B = { owner: 'second', kind: 'stone' };
  const F = { owner: 'first', kind: 'stone' };
  const d = diffViews(v([['a1', 0, 0, [F]], ['b1', 1, 0, []], ['c1', 2, 0, [B]]]), v([['a1', 0, 0, []], ['b1', 1, 0, [F]], ['c1', 2, 0, []]]));
  assert.equal(d.moved.length, 1);
  assert.deepEqual(d.removed, [{ id: 'c1', index: 0, piece: B }]);
});

test('a tower moves with its prisoners; a disc that turned red still slides', () => {
  const Yb = { owner: 'yellow', kind: 'blue' };
  const Yr = { owner: 'yellow', kind: 'red' };
  const Bb = { owner: 'black', kind: 'blue' };
  const d = diffViews(v([['p', 0, 0, [Yb, Bb, Yb]], ['q', 3, 0, []]]), v([['p', 0, 0, [Yb]], ['q', 3, 0, [Bb, Yr]]]));
  assert.equal(d.moved.length, 2);
  assert.deepEqual(d.moved.map((m) => [m.from, m.fromIndex, m.to, m.toIndex]).sort(), [['p', 1, 'q', 0], ['p', 2, 'q', 1]]);
  assert.deepEqual(d.removed, []);
});

test('a piece entering from a dot slides in from the dot', () => {
  const P = { owner: 'white', kind: 'piece' };
  const before = v([['b2', 0, 0, []]], [], [{ id: 'a1', x: -1, y: 0, stack: [] }]);
  const after = v([['b2', 0, 0, [P]]], ['a1', 'b2'], [{ id: 'a1', x: -1, y: 0, stack: [] }]);
  assert.deepEqual(diffViews(before, after).added, [{ id: 'b2', index: 0, piece: P, from: 'a1' }]);
});

import { hexShade } from '../js/draw.js';

test('hex shades: neighbours never share a shade', () => {
  const cells = [];
  const s = 5;
  const m = s - 1;
  for (let x = 0; x < 2 * s - 1; x++) {
    const n = 2 * s - 1 - Math.abs(x - m);
    for (let r = 1; r <= n; r++) cells.push({ x: (x * Math.sqrt(3)) / 2, y: r - (n + 1) / 2 });
  }
  const board = { kind: 'hex', orientation: 'flat' };
  let pairs = 0;
  for (const a of cells) for (const b of cells) {
    const d = Math.hypot(a.x - b.x, a.y - b.y);
    if (Math.abs(d - 1) < 0.01) {
      pairs++;
      assert.notEqual(hexShade(a, board), hexShade(b, board));
    }
  }
  assert.ok(pairs > 300);
});
