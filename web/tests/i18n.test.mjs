import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { translator, pickLanguage, keys } from '../js/i18n.js';

test('both languages have every key', () => {
  const en = new Set(keys('en'));
  const hu = new Set(keys('hu'));
  assert.deepEqual([...en].filter((k) => !hu.has(k)), []);
  assert.deepEqual([...hu].filter((k) => !en.has(k)), []);
});

test('every key the page uses exists', () => {
  const dir = new URL('../js/', import.meta.url);
  const en = new Set(keys('en'));
  const missing = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.js'))) {
    const src = readFileSync(new URL(f, dir), 'utf8');
    for (const m of src.matchAll(/\bt\('([a-z0-9_.]+)'/g)) if (!en.has(m[1])) missing.push(`${f}: ${m[1]}`);
  }
  assert.deepEqual(missing, []);
});

test('arguments fill their marks; the browser language picks the default', () => {
  assert.equal(translator('hu')('lobby.seat.computer', { level: 3 }), 'A számítógép, 3. szint');
  assert.equal(translator('en').player('yellow'), 'Yellow');
  assert.equal(translator('hu').player('p3'), '3. játékos');
  assert.equal(pickLanguage(null, ['hu-HU', 'en']), 'hu');
  assert.equal(pickLanguage(null, ['de-DE']), 'en');
  assert.equal(pickLanguage('en', ['hu']), 'en');
});

test('every end reason the engine gives has its sentence in both languages', () => {
  const games = new URL('../../crates/tabla-games/src/', import.meta.url);
  const found = new Set();
  for (const g of readdirSync(games, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const src = readFileSync(new URL(`${g.name}/position.rs`, games), 'utf8');
    for (const m of src.matchAll(/"((?:gipf|ur|seega|amazons)\.[a-z.-]+)"/g)) found.add(m[1]);
  }
  assert.ok(found.size >= 15, `found only ${[...found]}`);
  for (const lang of ['en', 'hu']) {
    const have = new Set(keys(lang));
    const missing = [...found].filter((k) => !have.has(`end.${k}`) && !have.has(`end.${k}.0`));
    assert.deepEqual(missing, [], lang);
  }
});

test('an end reason reads in the page language, with player names translated', () => {
  const few = { key: 'seega.few', args: { player: 'second', left: '1' }, text: 'second has one stone left' };
  assert.equal(translator('en').end(few), 'Second has one stone left.');
  assert.equal(translator('hu').end({ ...few, args: { player: 'second', left: '0' } }), 'Második: nem maradt köve.');
  const quiet = { key: 'ur.quiet.win', args: { player: 'black', other: 'yellow', turns: '30', more: '3', fewer: '1' }, text: '' };
  assert.equal(translator('en').end(quiet), '30 turns in a row without a capture; Black removed more discs than Yellow (3 to 1).');
  // A key this page does not know falls back to the English words the server sent.
  assert.equal(translator('hu').end({ key: 'new.rule', args: {}, text: 'something new happened' }), 'Something new happened.');
});

test('every game has its short rules in both languages, each linking to the full rules', () => {
  const dir = new URL('../js/rules/', import.meta.url);
  for (const game of ['gipf', 'bulgarian-ur', 'seega', 'amazons']) {
    for (const lang of ['en', 'hu']) {
      const text = readFileSync(new URL(`${game}.${lang}.md`, dir), 'utf8');
      assert.match(text, /^# /, `${game}.${lang}`);
      assert.match(text, /\]\(#full\)/, `${game}.${lang} links to the full rules`);
    }
  }
});
