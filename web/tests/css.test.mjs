// The style sheets parse as written: every block closed. A merge that loses a closing brace
// leaves the rest of the sheet inside an @media rule, which no browser reports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const dir = new URL('../css/', import.meta.url);

test('every style sheet closes every block it opens', () => {
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.css'))) {
    const text = readFileSync(new URL(name, dir), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(["'])(?:\\.|(?!\1).)*\1/g, '""');
    let depth = 0;
    text.split('\n').forEach((line, i) => {
      for (const ch of line) {
        if (ch === '{') depth += 1;
        if (ch === '}') depth -= 1;
        assert.ok(depth >= 0, `${name}:${i + 1}: a '}' closes nothing`);
      }
    });
    assert.equal(depth, 0, `${name}: ${depth} block(s) left open at the end`);
  }
});
