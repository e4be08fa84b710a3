import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyseRequest, seatValue, percent, percentExact, verdictOf, seatVerdict, turnsOf, fitsState, engineView, EngineClient } from '../js/analysis-engine.js';

const frame = {
  to_move: 'black',
  player: 'black',
  value: 0.63,
  moves: [
    { move: 'd1-d7/g7', value: 0.63, visits: 1200, pv: ['d1-d7/g7', 'a4-c4/c2'] },
    { move: 'a1-a2/a3', value: 0.5, visits: 300, pv: ['a1-a2/a3'] },
    { move: 'b1-b2/b3', value: 0.4, visits: 100, pv: ['b1-b2/b3'] },
    { move: 'c1-c2/c3', value: 0.2, visits: 10 },
  ],
  depth: 5,
  elapsed_ms: 230,
  final: false,
};

test('the request frame names the node by its record', () => {
  assert.deepEqual(analyseRequest({ game: 'amazons', options: { size: '6' }, record: ['a', 'b'] }), { game: 'amazons', options: { size: '6' }, record: 'a b', lines: 3, time_ms: 5000 });
  assert.equal(analyseRequest({ game: 'seega', position: 'P', record: [] }).position, 'P');
});

test('values are seen from the first seat', () => {
  assert.equal(seatValue(0.7, 'white', ['white', 'black']), 0.7);
  assert.ok(Math.abs(seatValue(0.7, 'black', ['white', 'black']) - 0.3) < 1e-9);
  assert.equal(seatValue(0.7, 'p2', ['p1', 'p2', 'p3']), null);
  assert.equal(seatValue(undefined, 'white', ['white', 'black']), null);
  assert.equal(percent(0.634), '63%');
  assert.equal(percent(null), '–');
});

test('a frame shows the bar, the best lines, the best move, depth and time', () => {
  const v = engineView(frame, { players: ['white', 'black'] });
  assert.ok(Math.abs(v.seat0 - 0.37) < 1e-9);
  assert.equal(v.lines.length, 3);
  assert.deepEqual(v.lines[0].pv, ['d1-d7/g7', 'a4-c4/c2']);
  assert.equal(v.all.length, 4);
  assert.equal(v.best, 'd1-d7/g7');
  assert.equal(v.depth, 5);
  assert.equal(v.elapsedMs, 230);
  assert.equal(v.final, false);
  assert.equal(engineView(null), null);
});

test('exact values and proofs are told apart from estimates', () => {
  // An estimate: nothing proven, the bar from the value.
  const est = engineView(frame, { players: ['white', 'black'] });
  assert.equal(est.exact, false);
  assert.equal(est.verdict, null);
  assert.equal(est.seat0Verdict, null);
  // Bulgarian Ur's table: exact chances, to two decimals; 1 and 0 are won and lost.
  const ur = engineView({ ...frame, exact: true, value: 0.45330 }, { players: ['black', 'yellow'] });
  assert.equal(ur.exact, true);
  assert.equal(ur.verdict, null);
  assert.equal(percentExact(0.453302), '45.33%');
  assert.equal(percentExact(undefined), '–');
  assert.equal(verdictOf({ exact: true, value: 1 }), 'won');
  assert.equal(verdictOf({ exact: true, value: 0 }), 'lost');
  assert.equal(verdictOf({ exact: false, value: 1 }), null, 'an estimate of 1 is no proof');
  // The solver's proof for the mover (black) seen from the first seat (white).
  const won = engineView({ ...frame, solved: { value: 'win', best: 'a1-a2/a3' } }, { players: ['white', 'black'] });
  assert.equal(won.verdict, 'won');
  assert.equal(won.seat0Verdict, 'lost');
  assert.equal(won.seat0, 0, 'the bar shows the proof, not the estimate');
  assert.equal(won.winning, 'a1-a2/a3');
  assert.equal(won.best, 'a1-a2/a3', 'the proven move is marked on the board');
  const lost = engineView({ ...frame, solved: { value: 'loss', best: null } }, { players: ['white', 'black'] });
  assert.equal(lost.seat0Verdict, 'won');
  assert.equal(lost.seat0, 1);
  assert.equal(lost.winning, null);
  assert.equal(lost.best, 'd1-d7/g7', 'lost: the search\'s move');
  assert.equal(lost.defence, null);
  // Lost with the turns known: the longest defence is named and marked, never as a win.
  const held = engineView({ ...frame, solved: { value: 'loss', best: null, in: 6, defence: 'b2-b3/b4' } }, { players: ['white', 'black'] });
  assert.equal(held.verdict, 'lost');
  assert.equal(held.winning, null);
  assert.equal(held.defence, 'b2-b3/b4');
  assert.equal(held.best, 'b2-b3/b4', 'the longest defence is marked on the board');
  assert.equal(held.turns, 6);
  assert.equal(seatVerdict('won', 'p2', ['p1', 'p2', 'p3']), null);
});

test('a Seega endgame table gives the turns to the end, for the position and each move', () => {
  // As the server sends it: the table's result in `solved` with "in", exact move values.
  const f = {
    to_move: 'first', player: 'first', value: 1, exact: true, final: true,
    solved: { value: 'win', best: 'c2-c1', in: 3 },
    moves: [{ move: 'c2-c1', value: 1, visits: 0, in: 3 }, { move: 'a1-a2', value: 0.5, visits: 0 }, { move: 'a1-b1', value: 0, visits: 0, in: 6 }],
  };
  const v = engineView(f, { players: ['first', 'second'] });
  assert.equal(v.verdict, 'won');
  assert.equal(v.turns, 3);
  assert.equal(v.exact, true);
  assert.deepEqual(v.all.map((m) => m.turns), [3, null, 6], 'a draw has no turns');
  // Seen from the other seat the count is the same: it counts turns, not whose they are.
  const w = engineView({ ...f, player: 'second', to_move: 'second' }, { players: ['first', 'second'] });
  assert.equal(w.seat0Verdict, 'lost');
  assert.equal(w.turns, 3);
  // The solver's proofs (Amazons) know no distance.
  assert.equal(turnsOf({ solved: { value: 'win', best: 'x' } }), null);
  assert.equal(turnsOf(null), null);
});

test('a chance node lists the outcomes with their probabilities, and no best move', () => {
  const f = { to_move: 'chance', player: 'black', value: 0.55, moves: [{ move: 'r1', value: 0.4, chance: 1 / 6 }, { move: 'r2', value: 0.6, chance: 1 / 6 }], depth: 3, elapsed_ms: 10, final: true };
  const v = engineView(f, { players: ['black', 'yellow'] });
  assert.equal(v.chance, true);
  assert.equal(v.best, null);
  assert.deepEqual(v.lines, []);
  assert.equal(v.all[1].chance, 1 / 6);
  assert.equal(v.seat0, 0.55);
});

test('errors, busy answers and frames of another position', () => {
  assert.deepEqual(engineView({ error: 'busy', retry_after_ms: 500 }), { error: 'busy', retryMs: 500 });
  assert.equal(engineView({ error: 'bad' }).retryMs, null);
  const state = { to_move: 'black', legal: frame.moves.map((m) => m.move) };
  assert.equal(fitsState(frame, state), true);
  assert.equal(fitsState(frame, { ...state, to_move: 'white' }), false);
  assert.equal(fitsState(frame, { ...state, legal: ['x'] }), false);
  assert.equal(fitsState({ error: 'x' }, state), true);
});

/** A fake socket and clock. */
function rig() {
  const sockets = [];
  const timers = [];
  const client = new EngineClient({
    url: 'ws://x/api/analyse/live',
    openSocket: (url) => {
      const ws = { url, readyState: 0, sent: [], send(s) { this.sent.push(JSON.parse(s)); }, close() { this.readyState = 3; } };
      sockets.push(ws);
      return ws;
    },
    timers: { setTimeout: (fn, ms) => timers.push({ fn, ms }) - 1, clearTimeout: (i) => (timers[i] = null) },
    onFrame: (f) => frames.push(f),
    onStatus: (s) => statuses.push(s),
  });
  const frames = [];
  const statuses = [];
  const open = (ws) => {
    ws.readyState = 1;
    ws.onopen();
  };
  const fire = () => {
    const t = timers.findLast((x) => x);
    timers[timers.indexOf(t)] = null;
    t.fn();
    return t.ms;
  };
  return { client, sockets, timers, frames, statuses, open, fire };
}

test('the socket asks once open, asks anew per node, and retries when busy', () => {
  const r = rig();
  r.client.analyse({ record: 'a' });
  assert.equal(r.sockets.length, 1);
  r.client.analyse({ record: 'a b' });
  r.open(r.sockets[0]);
  assert.deepEqual(r.sockets[0].sent, [{ record: 'a b' }]);
  r.client.analyse({ record: 'a b c' });
  assert.equal(r.sockets[0].sent.length, 2);
  r.sockets[0].onmessage({ data: JSON.stringify(frame) });
  assert.equal(r.frames.length, 1);
  r.sockets[0].onmessage({ data: JSON.stringify({ error: 'busy', retry_after_ms: 700 }) });
  assert.equal(r.client.status, 'busy');
  assert.equal(r.fire(), 700);
  assert.deepEqual(r.sockets[0].sent[2], { record: 'a b c' });
  r.sockets[0].onmessage({ data: JSON.stringify(frame) });
  assert.equal(r.client.status, 'open');
});

test('a dropped socket reconnects while wanted, waiting longer each time; stop closes it', () => {
  const r = rig();
  r.client.analyse({ record: '' });
  r.sockets[0].onclose();
  assert.equal(r.client.status, 'down');
  assert.equal(r.fire(), 1000);
  assert.equal(r.sockets.length, 2);
  r.sockets[1].onclose();
  assert.equal(r.fire(), 2000);
  r.open(r.sockets[2]);
  assert.equal(r.sockets[2].sent.length, 1);
  r.client.stop();
  assert.equal(r.sockets[2].readyState, 3);
  assert.equal(r.client.status, 'off');
  // A late close of the old socket changes nothing.
  r.sockets[2].onclose();
  assert.equal(r.sockets.length, 3);
});
