import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CLOCK_CHOICES, clockName, choiceOf, formatMs, syncClock, remaining, clockFace, nextTick, isRealTime, clockSpec } from '../js/clock.js';

test('clock choices name themselves and are found again from a game', () => {
  assert.deepEqual(CLOCK_CHOICES.map((c) => c.id), ['none', '3+2', '10+5', '15+10', '1d', '3d']);
  assert.deepEqual(clockName({ initial_s: 180, increment_s: 2 }), { kind: 'fischer', text: '3+2' });
  assert.deepEqual(clockName({ initial_s: 30, increment_s: 0 }), { kind: 'fischer', text: '30s+0' });
  assert.deepEqual(clockName({ days: 3, remaining_ms: {}, running: null }), { kind: 'days', n: 3 });
  assert.deepEqual(clockName(null), { kind: 'none' });
  // A game's clock carries more than the choice: still found.
  assert.equal(choiceOf({ initial_s: 600, increment_s: 5, remaining_ms: { white: 1 }, running: 'white' }), '10+5');
  assert.equal(choiceOf(null), 'none');
  assert.equal(choiceOf({ initial_s: 60, increment_s: 0 }), null);
  assert.ok(isRealTime({ initial_s: 10, increment_s: 0 }));
  assert.ok(!isRealTime({ days: 1 }));
  assert.ok(!isRealTime(null));
  assert.deepEqual(clockSpec({ initial_s: 180, increment_s: 2, remaining_ms: {}, running: null }), { initial_s: 180, increment_s: 2 });
});

test('time left reads as people read a clock', () => {
  assert.equal(formatMs(300000), '5:00');
  assert.equal(formatMs(299001), '4:59');
  assert.equal(formatMs(3723000), '1:02:03');
  assert.equal(formatMs(9400), '0:09.4');
  assert.equal(formatMs(10000), '0:10');
  assert.equal(formatMs(-5), '0:00.0');
  assert.equal(formatMs(2 * 86400000 + 23 * 3600000 + 5000, { realTime: false }), '2d 23h');
  assert.equal(formatMs(5 * 3600000 + 12 * 60000, { realTime: false }), '5h 12m');
  assert.equal(formatMs(9400, { realTime: false }), '0:09');
});

test('the running clock ticks down from the frame; the other stands', () => {
  const s = syncClock({ initial_s: 180, increment_s: 2, remaining_ms: { white: 175000, black: 180000 }, running: 'white' }, 1000);
  assert.equal(remaining(s, 'white', 1000), 175000);
  assert.equal(remaining(s, 'white', 6000), 170000);
  assert.equal(remaining(s, 'black', 6000), 180000);
  assert.equal(remaining(s, 'white', 1e9), 0);
  assert.equal(remaining(s, 'nobody', 0), null);
  // A frame from before it arrived is never counted backwards.
  assert.equal(remaining(s, 'white', 500), 175000);
  const low = clockFace(s, 'white', 1000 + 160000);
  assert.deepEqual([low.text, low.low, low.running, low.out], ['0:15', true, true, false]);
  const out = clockFace(s, 'white', 1e9);
  assert.equal(out.out, true);
  const fine = clockFace(s, 'black', 1e9);
  assert.deepEqual([fine.text, fine.low, fine.running], ['3:00', false, false]);
  // Correspondence clocks never turn red.
  const d = syncClock({ days: 1, remaining_ms: { white: 5000, black: 86400000 }, running: 'white' }, 0);
  assert.equal(clockFace(d, 'white', 0).low, false);
  assert.equal(clockFace(d, 'black', 0).text, '1d 0h');
  assert.equal(syncClock(null, 0), null);
  assert.equal(clockFace(null, 'white', 0), null);
});

test('the page wakes when the text changes next', () => {
  const s = syncClock({ initial_s: 180, increment_s: 2, remaining_ms: { white: 175300, black: 1 }, running: 'white' }, 0);
  assert.equal(nextTick(s, 0), 305);
  const t = syncClock({ initial_s: 180, increment_s: 2, remaining_ms: { white: 5250, black: 1 }, running: 'white' }, 0);
  assert.equal(nextTick(t, 0), 55);
  assert.equal(nextTick(syncClock({ initial_s: 1, remaining_ms: { white: 1 }, running: null }, 0), 0), 1000);
});
