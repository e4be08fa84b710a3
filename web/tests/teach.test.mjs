// The pure parts of issue 22: errors in words, options as phrases, which options apply, the
// half-made turn drawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translator } from '../js/i18n.js';
import { previewMove, boardSvg } from '../js/draw.js';
import { optionApplies } from '../js/lobby.js';

test("the server's refusals read plainly in both languages, and name their option", () => {
  const en = translator('en');
  const hu = translator('hu');
  assert.equal(en.error({ message: 'nothing to undo: white has not moved' }), 'There is nothing to undo yet: you have not moved.');
  assert.equal(hu.error({ message: 'nothing to undo: white has not moved' }), 'Még nincs mit visszavonni: nem léptél.');
  assert.equal(en.error({ message: 'option size=99: expected a whole number from 4 to 26' }), 'A whole number from 4 to 26, please.');
  assert.equal(en.errorOption({ message: 'option size=99: expected a whole number from 4 to 26' }), 'size');
  assert.equal(en.errorOption({ message: 'teams=on needs players=4' }), 'teams');
  assert.equal(hu.error({ message: 'teams=on needs players=4' }), 'Csapatok = be csak ezzel megy: Játékosok = 4.');
  assert.equal(en.error({ network: true, message: 'x' }), 'The server cannot be reached.');
  assert.match(hu.error({ message: "record: move 2 ('zz9'): 'zz9' is not legal here" }), /^A lejegyzés 2\. lépése \(zz9\) ott nem szabályos\.$/);
  assert.equal(en.error({ message: "'b1-b6/b1' is not legal here: the queen on b1 cannot reach b6" }), 'b1-b6/b1 is not allowed here: the queen on b1 cannot reach b6.');
  assert.equal(hu.error({ message: "'b1-b6/b1' is not legal here: the queen on b1 cannot reach b6" }), 'A(z) b1-b6/b1 itt nem szabályos lépés.');
  assert.equal(hu.error({ message: "cannot read 'zz1': 'zz1' is not a cell of this board" }), '„zz1” nem lépés ennek a játéknak a jelölésével.');
  assert.equal(en.error({ message: 'this token is not a seat of this game' }), 'You do not hold a seat in this game.');
  for (const t of [en, hu]) assert.doesNotMatch(t.error({ message: 'stale move: it was for ply 3' }), /server refused|elutasította/);
});

test('options read as words in a title; levels have one form', () => {
  assert.equal(translator('en').optionsPhrase({ board: 'hex', players: '3' }), 'hex board, 3 players');
  assert.equal(translator('hu').optionsPhrase({ board: 'hex', players: '3' }), 'hatszögletű tábla, 3 játékos');
  assert.equal(translator('en').optionName('hex_diagonals'), 'Diagonal lines on hex');
  assert.equal(translator('hu').value('square'), 'négyzetes');
  assert.equal(translator('hu').value("the set-up's count"), 'a kezdőállás szerinti szám');
  assert.equal(translator('hu').level(3), '3. szint');
  assert.equal(translator('en').level(3), 'Level 3');
});

test('hex-only options apply to a hexagonal board only', () => {
  assert.equal(optionApplies('amazons', 'hex_diagonals', {}, { board: 'square' }), false);
  assert.equal(optionApplies('amazons', 'hex_diagonals', { board: 'hex' }, { board: 'square' }), true);
  assert.equal(optionApplies('amazons', 'size', { board: 'hex' }, { board: 'square' }), false);
  assert.equal(optionApplies('seega', 'size', {}, {}), true);
});

test("Amazons' queen is drawn on her new cell while the shot is chosen", () => {
  const q = { owner: 'white', kind: 'queen' };
  const view = { board: { kind: 'square', width: 2, height: 1 }, cells: [{ id: 'a1', x: 0, y: 0, stack: [q] }, { id: 'b1', x: 1, y: 0, stack: [] }], points: [], labels: [], players: [{ name: 'white' }] };
  const moved = previewMove(view, ['a1', 'b1'], 'amazons');
  assert.deepEqual(moved.cells.map((c) => c.stack.length), [0, 1]);
  assert.equal(previewMove(view, ['a1'], 'amazons'), view);
  assert.equal(previewMove(view, ['a1', 'b1'], 'gipf'), view);
  // Places carry their names for screen readers.
  const { svg } = boardSvg({ view: moved, gameId: 'amazons', label: (id, c) => `${id}: ${(c.stack || []).length}` });
  assert.match(svg, /data-id="b1" aria-label="b1: 1"/);
});

test('GIPF: a push is drawn as it will stand, so the row to take is the row that will be there', async () => {
  const { readFileSync } = await import('node:fs');
  // `tabla state gipf -o variant=basic --position "ooo1/5/6/7/6/5/xxx1 w 12,12 0,0 -" --view`
  const { view, paths } = JSON.parse(readFileSync(new URL('./gipf-push-view.json', import.meta.url)));
  const path = paths['b1-b2;xb2,b3,b4,b5'][0];
  assert.deepEqual(path.slice(0, 2), ['b1', 'b2']);
  const at = (v, id) => (v.cells.find((c) => c.id === id).stack || []).map((p) => `${p.owner}:${p.kind}`);
  const pushed = previewMove(view, ['b1', 'b2'], 'gipf', 'white');
  for (const id of ['b2', 'b3', 'b4', 'b5']) assert.deepEqual(at(pushed, id), ['white:piece'], id);
  assert.deepEqual(at(view, 'b5'), [], 'the view itself is untouched');
  // A dot clicked twice enters a GIPF piece; nothing is drawn before a point is chosen.
  assert.deepEqual(at(previewMove(view, ['b1', 'b1', 'b2'], 'gipf', 'white'), 'b2'), ['white:gipf']);
  assert.equal(previewMove(view, ['b1'], 'gipf', 'white'), view);
  assert.equal(previewMove(view, ['b1', 'b1'], 'gipf', 'white'), view);
});
