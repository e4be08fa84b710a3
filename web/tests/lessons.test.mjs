// The lessons' data: every lesson has an id, a title, a task and a closing text in English and
// Hungarian, and a goal (the word 'any' or a list of moves); the four games each have some.
// Whether the positions and goals are right by the rules is checked against the server in
// browser/learn.spec.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LESSONS, WORDS, meetsGoal } from '../js/lessons.js';

test('every game has lessons, each complete in both languages', () => {
  assert.deepEqual(Object.keys(LESSONS).sort(), ['amazons', 'bulgarian-ur', 'gipf', 'seega']);
  for (const [game, list] of Object.entries(LESSONS)) {
    assert.ok(list.length >= 2, game);
    assert.equal(new Set(list.map((l) => l.id)).size, list.length, `${game}: ids unique`);
    for (const l of list) {
      for (const field of ['title', 'text', 'done']) {
        for (const lang of ['en', 'hu']) assert.ok(l[field] && l[field][lang] && l[field][lang].length > 3, `${game}/${l.id}: ${field}.${lang}`);
        assert.notEqual(l[field].en, l[field].hu, `${game}/${l.id}: ${field} is translated`);
      }
      assert.ok(l.goal === 'any' || (Array.isArray(l.goal) && l.goal.length > 0), `${game}/${l.id}: goal`);
      assert.equal(typeof l.options, 'object');
    }
  }
  assert.deepEqual(Object.keys(WORDS.en).sort(), Object.keys(WORDS.hu).sort());
});

test('a goal is met by its moves only', () => {
  const l = { goal: ['a2-b2'] };
  assert.equal(meetsGoal(l, 'a2-b2'), true);
  assert.equal(meetsGoal(l, 'a2-b3'), false);
  assert.equal(meetsGoal({ goal: 'any' }, 'whatever'), true);
});
