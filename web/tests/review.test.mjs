import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createReview } from '../js/review.js';

function game(record, ply = record.length) {
  return { id: 'g', ply, record: record.slice(0, ply), state: { position: `pos${ply}:${record.slice(0, ply).join(',')}` } };
}

function server(record) {
  const asked = [];
  return {
    asked,
    fetchPly: async (ply) => {
      asked.push(ply);
      return game(record, ply);
    },
  };
}

test('stepping back and forth shows earlier positions and returns to the live game', async () => {
  const rec = ['a', 'b', 'c', 'd'];
  const live = game(rec);
  const s = server(rec);
  const r = createReview(s);
  assert.equal(r.isReviewing(), false);
  let g = await r.step(-1, live);
  assert.equal(g.ply, 3);
  assert.equal(r.at, 3);
  g = await r.step(-1, live);
  assert.equal(g.ply, 2);
  g = await r.step(+1, live);
  assert.equal(g.ply, 3);
  assert.deepEqual(s.asked, [3, 2], 'ply 3 came from the cache the second time');
  g = await r.step(+1, live);
  assert.equal(g, live);
  assert.equal(r.isReviewing(), false);
});

test('going is clamped to the game', async () => {
  const rec = ['a', 'b'];
  const live = game(rec);
  const r = createReview(server(rec));
  assert.equal((await r.go(-5, live)).ply, 0);
  assert.equal(r.at, 0);
  assert.equal(await r.go(99, live), live);
  assert.equal(r.at, null);
});

test('review never changes the game: new moves arrive and the reviewed ply stays', async () => {
  const rec = ['a', 'b', 'c'];
  const r = createReview(server(rec));
  await r.go(1, game(rec));
  const follow = r.onLive(game([...rec, 'd']));
  assert.equal(follow, false);
  assert.equal(r.at, 1);
  assert.equal(r.shownPly(game([...rec, 'd'])), 1);
});

test('an undo that removes the reviewed ply ends review', async () => {
  const rec = ['a', 'b', 'c', 'd'];
  const r = createReview(server(rec));
  await r.go(3, game(rec));
  assert.equal(r.onLive(game(['a', 'b'])), true);
  assert.equal(r.isReviewing(), false);
});

test('an answer that arrives after a newer request is dropped', async () => {
  const rec = ['a', 'b', 'c', 'd'];
  let release;
  const slow = new Promise((res) => (release = res));
  const r = createReview({
    fetchPly: async (ply) => {
      if (ply === 1) await slow;
      return game(rec, ply);
    },
  });
  const live = game(rec);
  const first = r.go(1, live);
  const second = await r.go(2, live);
  release();
  assert.equal(second.ply, 2);
  assert.equal(await first, null);
  assert.equal(r.at, 2);
});

test('positions are cached per history, so an undo and another move are fetched anew', async () => {
  const s = server(['a', 'b', 'c']);
  const r = createReview(s);
  await r.go(2, game(['a', 'b', 'c']));
  await r.go(2, game(['a', 'x', 'c']));
  assert.deepEqual(s.asked, [2, 2]);
});

test('a wrong answer from the server is an error, not a silent wrong board', async () => {
  const r = createReview({ fetchPly: async () => game(['a', 'b'], 2) });
  await assert.rejects(r.go(1, game(['a', 'b', 'c'])));
});
