import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MoveTree, layoutLine, isChanceToken, analysisUrl, parseAnalysisQuery } from '../js/analysis-tree.js';

const toks = (items) => items.map((i) => (i.node ? i.node.token : `(${toks(i.variation).join(' ')})`));

test('a record becomes the main line; stepping follows it', () => {
  const t = new MoveTree(['a', 'b', 'c']);
  assert.equal(t.current, t.root);
  assert.deepEqual(t.record(), []);
  t.forward();
  t.forward();
  assert.deepEqual(t.record(), ['a', 'b']);
  assert.equal(t.depth(), 2);
  t.back();
  assert.deepEqual(t.record(), ['a']);
  t.go(t.mainAt(99));
  assert.deepEqual(t.record(), ['a', 'b', 'c']);
  assert.equal(t.forward(), null);
  t.go(t.root);
  assert.equal(t.back(), null);
});

test('a move already there is followed, a new one becomes a variation', () => {
  const t = new MoveTree(['a', 'b', 'c']);
  t.go(t.mainAt(1));
  const b = t.current.children[0];
  assert.equal(t.play('b'), b);
  assert.equal(t.root.children[0].children.length, 1);
  t.back();
  const x = t.play('x');
  assert.notEqual(x, b);
  assert.deepEqual(t.record(), ['a', 'x']);
  assert.equal(t.startsVariation(x), true);
  assert.equal(t.isMain(x), false);
  t.play('y');
  assert.deepEqual(t.line(t.root.children[0]).map((n) => n.token), ['a', 'b', 'c']);
  assert.deepEqual(toks(layoutLine(t.root)), ['a', 'b', '(x y)', 'c']);
  // At the end of a line a new move continues it.
  t.go(t.mainAt(3));
  t.play('d');
  assert.deepEqual(t.line(t.root).map((n) => n.token), ['a', 'b', 'c', 'd']);
});

test('promote makes a variation the main line, delete removes it and what follows', () => {
  const t = new MoveTree(['a', 'b', 'c']);
  t.go(t.mainAt(1));
  const x = t.play('x');
  const y = t.play('y');
  t.go(y);
  t.play('z');
  const z = t.current;
  t.go(t.mainAt(1));
  const y2 = (t.go(x), t.play('w'));
  // a (b c) / x (y z | w)
  assert.deepEqual(toks(layoutLine(t.root)), ['a', 'b', '(x y (w) z)', 'c']);
  t.promote(z);
  assert.equal(t.isMain(z), true);
  assert.deepEqual(t.line(t.root).map((n) => n.token), ['a', 'x', 'y', 'z']);
  assert.deepEqual(toks(layoutLine(t.root)), ['a', 'x', '(b c)', 'y', '(w)', 'z']);
  // Deleting the node shown moves to its parent.
  t.go(z);
  t.remove(y);
  assert.equal(t.current, x);
  assert.deepEqual(t.line(t.root).map((n) => n.token), ['a', 'x', 'w']);
  assert.equal(t.find(y2.id), y2);
  assert.equal(t.find(z.id), null);
  assert.equal(t.remove(t.root), false);
});

test('move numbers count moves, not chance outcomes', () => {
  const t = new MoveTree(['first=black', 'r2', '0-2', 'r3', '0-3']);
  const nums = t.line(t.root).map((n) => t.moveNumber(n));
  assert.deepEqual(nums, [0, 0, 1, 1, 2]);
  assert.equal(isChanceToken('r4'), true);
  assert.equal(isChanceToken('first=yellow'), true);
  assert.equal(isChanceToken('0-2'), false);
});

test('the address carries game, options, record and ply, and reads back', () => {
  const url = analysisUrl({ game: 'amazons', options: { size: '6' }, record: ['a1-a2/a3', 'b6-b5/b4'], ply: 1 });
  assert.equal(url, '/analysis/amazons?options=%7B%22size%22%3A%226%22%7D&record=a1-a2%2Fa3+b6-b5%2Fb4&ply=1');
  assert.deepEqual(parseAnalysisQuery(url.split('?')[1]), { options: { size: '6' }, record: ['a1-a2/a3', 'b6-b5/b4'], ply: 1, position: null });
  assert.equal(analysisUrl({ game: 'seega' }), '/analysis/seega');
  assert.equal(analysisUrl({ game: 'seega', record: ['x'], ply: 1 }), '/analysis/seega?record=x');
  // Bad parts: the defaults, the whole record, a ply no further than the record.
  assert.deepEqual(parseAnalysisQuery('options=%7Bnope&record=a%20b&ply=9'), { options: {}, record: ['a', 'b'], ply: 2, position: null });
  assert.equal(parseAnalysisQuery('ply=-1&record=a').ply, 1);
  assert.equal(parseAnalysisQuery('position=P%201').position, 'P 1');
});

test('every text key of the analysis board is in English and Hungarian', async () => {
  const { readFileSync } = await import('node:fs');
  const { keys } = await import('../js/i18n.js');
  const src = readFileSync(new URL('../js/analysis.js', import.meta.url), 'utf8');
  const used = new Set([...src.matchAll(/\b(?:tr|t|t\(\))\('([a-z0-9_.]+)'/g), ...src.matchAll(/\? '(analysis\.[a-z.]+)' : '(analysis\.[a-z.]+)'/g)].flatMap((m) => m.slice(1).filter(Boolean)));
  assert.ok(used.size > 30, `found ${used.size}`);
  for (const lang of ['en', 'hu']) {
    const have = new Set(keys(lang));
    assert.deepEqual([...used].filter((k) => !have.has(k)), [], lang);
  }
});
