import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordFile, parseRecordFile } from '../js/records.js';

test('a downloaded record reads back with its game and options', () => {
  const text = recordFile({ game: 'amazons', options: { size: '8', killer: 'on' }, record: 'a3-a5/a6 c8-c6/c3', url: 'http://x/g/abc' });
  assert.equal(text, '# tabla amazons size=8 killer=on\n# http://x/g/abc\na3-a5/a6 c8-c6/c3\n');
  assert.deepEqual(parseRecordFile(text), { game: 'amazons', options: { size: '8', killer: 'on' }, record: 'a3-a5/a6 c8-c6/c3' });
});

test('a bare pasted record is just its moves', () => {
  assert.deepEqual(parseRecordFile('  first=black r3\n 0-3  r5 \n'), { game: null, options: {}, record: 'first=black r3 0-3 r5' });
});
