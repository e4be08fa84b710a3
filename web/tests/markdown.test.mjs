import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { renderMarkdown, inline } from '../js/markdown.js';

test('headings, paragraphs, inline code, bold, italics', () => {
  const h = renderMarkdown('# Title\n\nSome *nice* **bold** `a<b`\ntext.\n\n## Sub');
  assert.equal(h, '<h1>Title</h1>\n<p>Some <em>nice</em> <strong>bold</strong> <code>a&lt;b</code> text.</p>\n<h2>Sub</h2>');
});

test('markup in the text is escaped, links only to safe places', () => {
  assert.equal(inline('<script>x</script>'), '&lt;script&gt;x&lt;/script&gt;');
  assert.ok(!inline('[a](javascript:alert(1))').includes('javascript'));
  assert.equal(inline('[a](https://x.y/z)'), '<a href="https://x.y/z" rel="noopener">a</a>');
  assert.equal(inline('file `shared/seeds/004_3a3d78c6ad35584a.txt` here'), 'file <code>shared/seeds/004_3a3d78c6ad35584a.txt</code> here');
});

test('nested lists with continuation lines', () => {
  const h = renderMarkdown('- one\n  more\n  - inner\n- two\n\n1. a\n2. b');
  assert.equal(h, '<ul><li>one more<ul><li>inner</li></ul></li><li>two</li></ul>\n<ol><li>a</li><li>b</li></ol>');
});

test('tables', () => {
  const h = renderMarkdown('| a | b |\n| --- | --- |\n| `x` | y |\n');
  assert.equal(h, '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td><code>x</code></td><td>y</td></tr></tbody></table>');
});

test('the real rules files render without leftover markup', () => {
  for (const f of ['amazons', 'gipf', 'seega', 'bulgarian-ur']) {
    for (const lang of ['', '.hu']) {
      const md = readFileSync(new URL(`../../crates/tabla-games/rules/${f}${lang}.md`, import.meta.url), 'utf8');
      const h = renderMarkdown(md);
      assert.ok(h.includes('<h1>'), f);
      assert.ok(h.includes('<table>') || f === 'seega' || f === 'bulgarian-ur', `${f}${lang} has its table`);
      assert.ok(!/\*\*|^\s*- /m.test(h.replace(/<code>[^<]*<\/code>/g, '')), `${f}${lang}: stray markup`);
    }
  }
});

test('a board fence becomes a diagram placeholder carrying its position, escaped', () => {
  const html = renderMarkdown('Before\n\n```board\n{"position":"a<b","caption":"x & y"}\n```\n\nAfter');
  assert.match(html, /<figure class="rules-board" data-board="\{&quot;position&quot;:&quot;a&lt;b&quot;,&quot;caption&quot;:&quot;x &amp; y&quot;\}"><\/figure>/);
  assert.match(html, /<p>After<\/p>/);
  // Other fences stay code.
  assert.match(renderMarkdown('```\nplain\n```'), /<pre><code>plain<\/code><\/pre>/);
});
