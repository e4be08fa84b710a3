import { test } from 'node:test';
import assert from 'node:assert/strict';
import { graphPoints, nearestPly, summary, markOf, isDone, byPly, percent, analysisClosed } from '../js/gamereview.js';
import { analysisUrl } from '../js/analysis-tree.js';

// An Amazons-like game of two players: white moves at plies 1 and 3, black at 2 and 4.
const two = {
  plies: [
    { ply: 1, player: 'white', move: 'd1-d7/g7', best: 'd1-d4/g4', before: 0.55, after: 0.41, loss: 0.14, class: 'mistake' },
    { ply: 2, player: 'black', move: 'a7-a5/b5', best: 'a7-a5/b5', before: 0.59, after: 0.59, loss: 0, class: null },
    { ply: 3, player: 'white', move: 'd7-e6/e2', best: 'g1-g3/g5', before: 0.41, after: 0.35, loss: 0.06, class: 'inaccuracy' },
    { ply: 4, player: 'black', move: 'a5-a2/a4', best: 'j7-j5/h5', before: 0.65, after: 0.45, loss: 0.2, class: 'blunder' },
  ],
  accuracy: { white: 88.1, black: 71.4 },
};

test('the graph shows seat 0 after each move, the other seat as the rest of 1', () => {
  const pts = graphPoints(two, ['white', 'black']);
  assert.deepEqual(
    pts.map((p) => [p.ply, Math.round(p.value * 100)]),
    [[0, 55], [1, 41], [2, 41], [3, 35], [4, 55]],
  );
  // From black's seat (black is seat 0) the same game is the mirror image.
  const mirror = graphPoints(two, ['black', 'white']);
  assert.deepEqual(mirror.map((p) => Math.round(p.value * 100)), [45, 59, 59, 65, 45]);
});

test('chance tokens have no entry: the points keep the plies of the moves (Bulgarian Ur)', () => {
  const ur = {
    plies: [
      { ply: 2, player: 'black', move: '0-3', best: '0-3', before: 0.5, after: 0.52, loss: 0, class: null },
      { ply: 4, player: 'yellow', move: 'pass', best: 'pass', before: 0.48, after: 0.48, loss: 0, class: null },
    ],
    accuracy: { black: 100, yellow: 100 },
    luck: { black: 0.12, yellow: -0.12 },
  };
  assert.deepEqual(graphPoints(ur, ['black', 'yellow']).map((p) => p.ply), [0, 2, 4]);
  assert.equal(nearestPly(graphPoints(ur, ['black', 'yellow']), 3.2), 4);
  assert.equal(nearestPly([], 3), 0);
  const s = summary(ur, ['black', 'yellow']);
  assert.equal(s[0].luck, 0.12);
  assert.equal(s[1].luck, -0.12);
});

test('three players: seat 0 after another move is read from its next turn', () => {
  const r = {
    plies: [
      { ply: 1, player: 'p1', before: 0.4, after: 0.3, loss: 0.1, class: 'mistake' },
      { ply: 2, player: 'p2', before: 0.3, after: 0.3, loss: 0, class: null },
      { ply: 3, player: 'p3', before: 0.3, after: 0.3, loss: 0, class: null },
      { ply: 4, player: 'p1', before: 0.25, after: 0.25, loss: 0, class: null },
      { ply: 5, player: 'p2', before: 0.4, after: 0.4, loss: 0, class: null },
    ],
  };
  assert.deepEqual(graphPoints(r, ['p1', 'p2', 'p3']), [
    { ply: 0, value: 0.4 },
    { ply: 1, value: 0.3 },
    { ply: 2, value: 0.25 },
    { ply: 3, value: 0.25 },
    { ply: 4, value: 0.25 },
  ]);
});

test('marks, figures and summaries per player', () => {
  assert.equal(markOf('inaccuracy'), '?!');
  assert.equal(markOf('mistake'), '?');
  assert.equal(markOf('blunder'), '??');
  assert.equal(markOf(null), '');
  const [w, b] = summary(two, ['white', 'black']);
  assert.equal(w.accuracy, 88.1);
  assert.deepEqual(w.counts, { inaccuracy: 1, mistake: 1, blunder: 0 });
  assert.equal(Math.round(w.loss * 100), 20);
  assert.equal(w.luck, null, 'no luck outside Bulgarian Ur');
  assert.deepEqual(b.counts, { inaccuracy: 0, mistake: 0, blunder: 1 });
  assert.equal(byPly(two).get(3).best, 'g1-g3/g5');
  assert.equal(isDone(two), true);
  assert.equal(isDone({ progress: 0.4 }), false);
  assert.equal(percent(0.123), '12%');
  assert.equal(percent(0.12, true), '+12%');
  assert.equal(percent(-0.12, true), '−12%');
  assert.equal(percent(0.001, true), '0%');
});

test('the analysis link carries the options, the whole record and the ply shown', () => {
  const url = analysisUrl({ game: 'amazons', options: { size: '6' }, record: ['d1-d4/g4', 'a6-a3/c3'], ply: 1 });
  const u = new URL(url, 'http://x');
  assert.equal(u.pathname, '/analysis/amazons');
  assert.deepEqual(JSON.parse(u.searchParams.get('options')), { size: '6' });
  assert.equal(u.searchParams.get('record'), 'd1-d4/g4 a6-a3/c3');
  assert.equal(u.searchParams.get('ply'), '1');
});

test('fair play: no analysis for a player during a game between people', () => {
  const game = (kinds, result = null) => ({ seats: kinds.map((kind, i) => ({ kind, player: `p${i}` })), state: { result } });
  assert.equal(analysisClosed(game(['human', 'human']), ['p0']), true);
  assert.equal(analysisClosed(game(['human', 'open']), ['p0']), true);
  assert.equal(analysisClosed(game(['human', 'human']), []), false, 'a watcher holds no seat');
  assert.equal(analysisClosed(game(['human', 'human']), ['p0', 'p1']), false, 'every seat at this screen');
  assert.equal(analysisClosed(game(['human', 'computer:3']), ['p0']), false, 'against the computer');
  assert.equal(analysisClosed(game(['human', 'human'], { winners: ['p0'] }), ['p0']), false, 'the game is over');
});
