import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanName, isPeopleGame, nameOf, movesMade, canAbort, offersFor, newlyJoined, turnTitle, dotIcon, clockWords } from '../js/people.js';
import { entryWords, chosenOnly, myToken, lobbyEntry } from '../js/openlist.js';
import { translator } from '../js/i18n.js';

const en = translator('en');
const hu = translator('hu');
const game = (over = {}) => ({
  seats: [
    { player: 'white', kind: 'human', name: 'Anna' },
    { player: 'black', kind: 'human' },
  ],
  record: [],
  state: { result: null },
  offers: [],
  ...over,
});

test('names are cleaned as the server takes them', () => {
  assert.equal(cleanName('  Béla \t Kiss \n'), 'Béla Kiss');
  assert.equal(cleanName(''), '');
  assert.equal(cleanName('x'.repeat(60)).length, 40);
});

test('a game between people, its names, its abort and its offers', () => {
  const g = game();
  assert.ok(isPeopleGame(g));
  assert.ok(!isPeopleGame({ seats: [{ player: 'white', kind: 'human' }, { player: 'black', kind: 'computer:3' }] }));
  assert.ok(isPeopleGame({ seats: [{ player: 'white', kind: 'human' }, { player: 'black', kind: 'open' }] }));
  assert.equal(nameOf(g, 'white', en), 'Anna');
  assert.equal(nameOf(g, 'black', en), 'Black');
  assert.equal(nameOf(g, 'black', hu), 'Fekete');
  assert.equal(movesMade(['first=black', 'r3', 'a1-b2', 'r2', 'c3-d4']), 2);
  assert.ok(canAbort(g));
  assert.ok(canAbort(game({ record: ['d1-d7/g7'] })));
  assert.ok(!canAbort(game({ record: ['d1-d7/g7', 'a4-a5/a6'] })));
  assert.ok(!canAbort(game({ state: { result: { winners: [] } } })));
  assert.ok(!canAbort(game({ seats: [{ player: 'white', kind: 'human' }, { player: 'black', kind: 'open' }] })));
  const o = game({ offers: [{ kind: 'draw', by: 'white', agreed: ['white'] }] });
  assert.deepEqual(offersFor(o, 'black').incoming.map((x) => x.kind), ['draw']);
  assert.deepEqual(offersFor(o, 'white').incoming, []);
  assert.deepEqual(offersFor(o, 'white').mine.map((x) => x.kind), ['draw']);
});

test('who joined between two frames', () => {
  const before = game({ seats: [{ player: 'white', kind: 'human', name: 'Anna' }, { player: 'black', kind: 'open' }] });
  assert.deepEqual(newlyJoined(before, game()), ['black']);
  assert.deepEqual(newlyJoined(game(), game()), []);
  assert.deepEqual(newlyJoined(null, game()), []);
});

test('the tab says my move, in the title and the icon', () => {
  assert.equal(turnTitle('Tabla', true, en('turn.title')), '● Your move · Tabla');
  assert.equal(turnTitle('Tabla', false, en('turn.title')), 'Tabla');
  assert.equal(turnTitle('Tabla', true, hu('turn.title')), '● Te lépsz · Tabla');
  const icon = dotIcon('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
  assert.match(decodeURIComponent(icon), /^data:image\/svg\+xml,<svg.*<circle[^>]*\/><\/svg>$/);
});

test('clocks and open games in words', () => {
  assert.equal(clockWords(null, en), 'Untimed');
  assert.equal(clockWords({ initial_s: 180, increment_s: 2 }, en), '3+2');
  assert.equal(clockWords({ days: 1 }, en), '1 day a move');
  assert.equal(clockWords({ days: 3 }, hu), 'lépésenként 3 nap');
  const meta = [{ id: 'amazons', name: 'Amazons', options: [{ key: 'size', default: '10' }, { key: 'board', default: 'square' }] }];
  assert.deepEqual(chosenOnly({ size: '6', board: 'square' }, meta[0]), { size: '6' });
  const entry = { id: 'x1', game: 'amazons', options: { size: '6', board: 'square' }, clock: { initial_s: 600, increment_s: 5 }, rated: false, seats: [{ player: 'white', kind: 'human', name: 'Anna' }, { player: 'black', kind: 'open' }] };
  const w = entryWords(entry, en, meta);
  assert.deepEqual([w.game, w.options, w.clock, w.rated, w.creator, w.open], ['Amazons', '6×6', '10+5', 'casual', 'Anna', ['black']]);
  assert.equal(entryWords({ ...entry, rated: true }, hu, meta).rated, 'értékelt');
  assert.equal(myToken(entry, [{ id: 'x1', tokens: { white: 'T' } }]), 'T');
  assert.equal(myToken(entry, [{ id: 'x2', tokens: { white: 'T' } }]), null);
  // The lobby's entries as the contract has them, and as pairs [entry, names].
  assert.equal(lobbyEntry(entry), entry);
  assert.equal(lobbyEntry([entry, ['Anna', null]]), entry);
  assert.equal(lobbyEntry([]), null);
  assert.equal(lobbyEntry(null), null);
});
