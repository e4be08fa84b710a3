// Record files: the record line, with comment lines naming the game and its options, so that
// a downloaded record opens again with the same game. Pure: no DOM.

/** The text of a downloaded record. */
export function recordFile({ game, options = {}, record, url = '' }) {
  const opts = Object.entries(options).map(([k, v]) => `${k}=${v}`).join(' ');
  const lines = [`# tabla ${game}${opts ? ' ' + opts : ''}`];
  if (url) lines.push(`# ${url}`);
  lines.push(record.trim());
  return lines.join('\n') + '\n';
}

/** Reads a pasted or opened record: the moves, and the game and options if the file says. */
export function parseRecordFile(text) {
  let game = null;
  const options = {};
  const moves = [];
  for (const raw of String(text).split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      const m = line.match(/^#\s*tabla\s+(\S+)(.*)$/);
      if (m && !game) {
        game = m[1];
        for (const kv of m[2].trim().split(/\s+/).filter(Boolean)) {
          const i = kv.indexOf('=');
          if (i > 0) options[kv.slice(0, i)] = kv.slice(i + 1);
        }
      }
      continue;
    }
    moves.push(line);
  }
  return { game, options, record: moves.join(' ').replace(/\s+/g, ' ').trim() };
}
