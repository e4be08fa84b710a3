// A small Markdown reader for the rules texts: headings, paragraphs, lists (nested by
// indentation), tables, block quotes, fenced code, and inline code, bold, italics and links.
// Everything is escaped first, so the text can hold no markup of its own. Pure: returns HTML.

export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** Inline spans of one line of text. */
export function inline(text) {
  const codes = [];
  let s = String(text).replace(/`([^`]+)`/g, (_, c) => {
    codes.push(c);
    return `\u0000${codes.length - 1}\u0000`;
  });
  s = escapeHtml(s);
  s = s.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, t, href) => {
    const safe = /^(https?:|#|\/|\.)/i.test(href) ? href : '#';
    return `<a href="${safe}" rel="noopener">${t}</a>`;
  });
  s = s.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  s = s.replace(/(^|[^\w*])\*([^*\s][^*]*?)\*(?!\w)/g, '$1<em>$2</em>');
  s = s.replace(/(^|[^\w])_([^_\s][^_]*?)_(?!\w)/g, '$1<em>$2</em>');
  s = s.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${escapeHtml(codes[+i])}</code>`);
  return s;
}

const isTableRow = (l) => /^\s*\|.*\|\s*$/.test(l);
const isRule = (l) => /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(l);
const listItem = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;

function cells(row) {
  return row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

/** Renders a Markdown text to HTML. */
export function renderMarkdown(md) {
  const lines = String(md).replace(/\r\n?/g, '\n').split('\n');
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^\s*$/.test(line)) {
      i++;
      continue;
    }
    const fence = line.match(/^\s*```/);
    if (fence) {
      const body = [];
      i++;
      while (i < lines.length && !/^\s*```/.test(lines[i])) body.push(lines[i++]);
      i++;
      if (/^\s*```board\s*$/.test(line)) {
        // A board diagram: the position as JSON (`position`, `record`, `options`, `caption`);
        // the page draws it from the server's view of that position (rules.js).
        out.push(`<figure class="rules-board" data-board="${escapeHtml(body.join(' '))}"></figure>`);
        continue;
      }
      out.push(`<pre><code>${escapeHtml(body.join('\n'))}</code></pre>`);
      continue;
    }
    const h = line.match(/^(#{1,6})\s+(.*?)\s*#*\s*$/);
    if (h) {
      const n = h[1].length;
      out.push(`<h${n}>${inline(h[2])}</h${n}>`);
      i++;
      continue;
    }
    if (isTableRow(line) && i + 1 < lines.length && isRule(lines[i + 1])) {
      const head = cells(line);
      i += 2;
      const rows = [];
      while (i < lines.length && isTableRow(lines[i])) rows.push(cells(lines[i++]));
      out.push(
        `<table><thead><tr>${head.map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead><tbody>` +
          rows.map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`).join('') +
          '</tbody></table>',
      );
      continue;
    }
    if (/^\s*>/.test(line)) {
      const body = [];
      while (i < lines.length && /^\s*>/.test(lines[i])) body.push(lines[i++].replace(/^\s*>\s?/, ''));
      out.push(`<blockquote>${renderMarkdown(body.join('\n'))}</blockquote>`);
      continue;
    }
    if (listItem.test(line)) {
      const [html, next] = list(lines, i);
      out.push(html);
      i = next;
      continue;
    }
    if (/^\s{0,3}(-{3,}|\*{3,})\s*$/.test(line)) {
      out.push('<hr>');
      i++;
      continue;
    }
    const para = [];
    while (i < lines.length && !/^\s*$/.test(lines[i]) && !/^(#{1,6})\s/.test(lines[i]) && !listItem.test(lines[i]) && !/^\s*```/.test(lines[i]) && !(isTableRow(lines[i]) && isRule(lines[i + 1] || ''))) {
      para.push(lines[i++].trim());
    }
    out.push(`<p>${inline(para.join(' '))}</p>`);
  }
  return out.join('\n');
}

/** A list starting at line `start`; items continue on more-indented lines. */
function list(lines, start) {
  const first = lines[start].match(listItem);
  const indent = first[1].length;
  const ordered = /\d/.test(first[2]);
  const items = [];
  let i = start;
  while (i < lines.length) {
    const m = lines[i].match(listItem);
    if (!m || m[1].length !== indent || /\d/.test(m[2]) !== ordered) break;
    const text = [m[3]];
    const sub = [];
    i++;
    while (i < lines.length && !/^\s*$/.test(lines[i])) {
      const mm = lines[i].match(listItem);
      const ind = lines[i].match(/^\s*/)[0].length;
      if (mm && mm[1].length <= indent) break;
      if (mm) {
        const [html, next] = list(lines, i);
        sub.push(html);
        i = next;
        continue;
      }
      if (ind <= indent && !mm) break;
      text.push(lines[i].trim());
      i++;
    }
    items.push(`<li>${inline(text.join(' '))}${sub.join('')}</li>`);
    // A blank line between items of the same list keeps the list going.
    if (i < lines.length && /^\s*$/.test(lines[i])) {
      let j = i;
      while (j < lines.length && /^\s*$/.test(lines[j])) j++;
      const mm = j < lines.length && lines[j].match(listItem);
      if (mm && mm[1].length === indent && /\d/.test(mm[2]) === ordered) i = j;
    }
  }
  const tag = ordered ? 'ol' : 'ul';
  return [`<${tag}>${items.join('')}</${tag}>`, i];
}
