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
  for (const f of readdirSync(dir)) {
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
