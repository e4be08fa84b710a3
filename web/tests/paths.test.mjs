import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as P from '../js/paths.js';

// Amazons-like: queen, destination, shot (the shot may land where the queen stood).
const amazons = {
  'b1-b4/e4': [['b1', 'b4', 'e4']],
  'b1-b4/b1': [['b1', 'b4', 'b1']],
  'b1-b2/b3': [['b1', 'b2', 'b3']],
  'e1-e2/e3': [['e1', 'e2', 'e3']],
};
// Seega-like: a pair placed in either order; a series that may stop (done) or go on.
const seegaPlace = { 'a1,b2': [['a1', 'b2'], ['b2', 'a1']], 'a1,c1': [['a1', 'c1'], ['c1', 'a1']] };
const seegaSeries = {
  'c2-c3': [['c2', 'c3', 'done']],
  'c2-c3-d4': [['c2', 'c3', 'd4']],
  'b2-b3': [['b2', 'b3']],
};
// GIPF-like: dot, entry point, then a row click, then GIPF pieces toggled, then done.
const gipf = {
  'a1-b2;xb2,b3,b4,b5': [['a1', 'b2', 'b3', 'done']],
  'a1-b2;xb3,b4,b5': [['a1', 'b2', 'b3', 'b2', 'done']],
  'a1-b2;xb4,b5': [
    ['a1', 'b2', 'b3', 'b2', 'b3x', 'done'],
  ],
  'a1-b2;xb3,b5,c5': [
    ['a1', 'b2', 'g1', 'g2', 'done'],
    ['a1', 'b2', 'g2', 'g1', 'done'],
  ],
  'a1-b2;xb3,b5,c5,g2': [['a1', 'b2', 'g1', 'done']],
};

test('candidates and targets follow the prefix', () => {
  assert.deepEqual([...P.nextTargets(amazons, [])].sort(), ['b1', 'e1']);
  assert.deepEqual([...P.nextTargets(amazons, ['b1'])].sort(), ['b2', 'b4']);
  assert.deepEqual([...P.nextTargets(amazons, ['b1', 'b4'])].sort(), ['b1', 'e4']);
  assert.deepEqual(P.fittingMoves(amazons, ['b1', 'b4']), ['b1-b4/e4', 'b1-b4/b1']);
});

test('a complete path makes its move and empties the selection', () => {
  let s = P.click(amazons, [], 'b1');
  assert.deepEqual(s, { clicks: ['b1'], move: null, changed: true });
  s = P.click(amazons, s.clicks, 'b4');
  s = P.click(amazons, s.clicks, 'e4');
  assert.equal(s.move, 'b1-b4/e4');
  assert.deepEqual(s.clicks, []);
});

test('a target wins over taking back (the shot onto the square just left)', () => {
  const s = P.click(amazons, ['b1', 'b4'], 'b1');
  assert.equal(s.move, 'b1-b4/b1');
});

test('a click that fits no path changes nothing', () => {
  assert.deepEqual(P.click(amazons, [], 'c3'), { clicks: [], move: null, changed: false });
  assert.deepEqual(P.click(amazons, ['b1'], 'c3'), { clicks: ['b1'], move: null, changed: false });
  assert.deepEqual(P.click(amazons, ['b1', 'b4'], 'done'), {
    clicks: ['b1', 'b4'],
    move: null,
    changed: false,
  });
});

test('clicking the piece again drops the half-made turn; the destination again steps back', () => {
  assert.deepEqual(P.click(amazons, ['b1'], 'b1').clicks, []);
  assert.deepEqual(P.click(amazons, ['b1', 'b4'], 'b4').clicks, ['b1']);
  assert.deepEqual(P.back(['b1', 'b4']), ['b1']);
  assert.deepEqual(P.back([]), []);
});

test('another movable piece starts afresh', () => {
  assert.deepEqual(P.click(amazons, ['b1', 'b4'], 'e1').clicks, ['e1']);
});

test('pairs in either order make the same move', () => {
  let s = P.click(seegaPlace, [], 'b2');
  s = P.click(seegaPlace, s.clicks, 'a1');
  assert.equal(s.move, 'a1,b2');
  s = P.click(seegaPlace, [], 'a1');
  assert.deepEqual([...P.nextTargets(seegaPlace, s.clicks)].sort(), ['b2', 'c1']);
});

test('done appears as a word only where a path needs it', () => {
  const d = P.describe(seegaSeries, ['c2', 'c3']);
  assert.deepEqual(d.words, ['done']);
  assert.deepEqual(d.targets, ['d4']);
  assert.deepEqual(d.choices, ['c2-c3', 'c2-c3-d4']);
  assert.deepEqual(P.describe(seegaSeries, []).words, []);
  assert.equal(P.click(seegaSeries, ['c2', 'c3'], 'done').move, 'c2-c3');
});

test('a toggled piece leaves the selection when the rest still fits', () => {
  // g1 then g2 were clicked; clicking g1 again keeps g2 selected.
  const s = P.click(gipf, ['a1', 'b2', 'g1', 'g2'], 'g1');
  assert.deepEqual(s.clicks, ['a1', 'b2', 'g2']);
  assert.equal(P.click(gipf, s.clicks, 'done').move, null);
  assert.deepEqual([...P.nextTargets(gipf, s.clicks)], ['g1']);
});

test('a toggled piece whose removal fits no path steps back to before it', () => {
  const s = P.click(gipf, ['a1', 'b2', 'b3', 'b2'], 'b3');
  // b3 is a target? no: after b2 only b3x and done. Removing b3 leaves a1,b2,b2: no path.
  assert.deepEqual(s.clicks, ['a1', 'b2']);
});

test('crossing rows told apart by the next click', () => {
  const d = P.describe(gipf, ['a1', 'b2']);
  assert.deepEqual(d.targets.sort(), ['b3', 'g1', 'g2']);
  assert.equal(P.click(gipf, ['a1', 'b2', 'b3'], 'done').move, 'a1-b2;xb2,b3,b4,b5');
});

test('typed moves match without regard to case and spaces', () => {
  assert.equal(P.matchTyped(Object.keys(amazons), ' B1-B4/E4 '), 'b1-b4/e4');
  assert.equal(P.matchTyped(Object.keys(amazons), 'z9'), null);
  assert.deepEqual(P.suggest(Object.keys(amazons), 'b1-b4'), ['b1-b4/e4', 'b1-b4/b1']);
});

test('a single-click path makes its move at once', () => {
  const ur = { '0-4': [['reserve-black']], '3-7': [['b3']] };
  assert.equal(P.click(ur, [], 'b3').move, '3-7');
  assert.equal(P.click(ur, [], 'reserve-black').move, '0-4');
});
