// Click matching against the server's click paths.
//
// The page knows no rules (lichess's chessground is the model): the server hands over, for
// every legal move, the click sequences that make it (`paths`), and this module only matches
// the clicks made so far against them. It imports nothing from the DOM, so node tests it.
//
// A selection is the list of clicks made so far (cell or point ids, or the words `done` and
// `pass`). The contract guarantees that no complete path of one move is a path, or a prefix of
// a path, of another move, so a complete path names exactly one move.

/** The click words that are buttons, not places on the board. */
export const WORDS = Object.freeze(['done', 'pass']);

/** Whether a click is a button word rather than a board id. */
export function isWord(click) {
  return WORDS.includes(click);
}

function startsWith(path, clicks) {
  if (path.length < clicks.length) return false;
  for (let i = 0; i < clicks.length; i++) if (path[i] !== clicks[i]) return false;
  return true;
}

/**
 * Every (move, path) whose path begins with `clicks`.
 * @param {Record<string, string[][]>} paths
 * @param {string[]} clicks
 * @returns {{move: string, path: string[]}[]}
 */
export function candidates(paths, clicks) {
  const out = [];
  for (const [move, list] of Object.entries(paths || {})) {
    for (const path of list) if (startsWith(path, clicks)) out.push({ move, path });
  }
  return out;
}

/** The distinct moves that the clicks so far still fit, in the server's order. */
export function fittingMoves(paths, clicks) {
  return [...new Set(candidates(paths, clicks).map((c) => c.move))];
}

/** The clicks that may come next: a Set of ids and words. */
export function nextTargets(paths, clicks) {
  const out = new Set();
  for (const { path } of candidates(paths, clicks)) {
    if (path.length > clicks.length) out.add(path[clicks.length]);
  }
  return out;
}

/** The move whose path the clicks complete, or null. */
export function completedMove(paths, clicks) {
  if (clicks.length === 0) return null;
  for (const { move, path } of candidates(paths, clicks)) {
    if (path.length === clicks.length) return move;
  }
  return null;
}

/** Whether `clicks` begin at least one path (the empty selection always does). */
export function isPrefix(paths, clicks) {
  return clicks.length === 0 || candidates(paths, clicks).length > 0;
}

/**
 * One click. Returns `{clicks, move, changed}`: the new selection, the move it completes (the
 * selection is then empty again) or null, and whether anything changed at all.
 *
 * - A click that may come next extends the selection (it may complete a move).
 * - A click on something already clicked takes it back: a toggled piece leaves the selection
 *   when the rest still fits a path (GIPF pieces kept or taken, a Seega pair), otherwise the
 *   selection goes back to just before it (clicking the piece again drops the whole turn).
 * - A click that could start a move starts afresh from it (another piece of one's own).
 * - Anything else changes nothing.
 */
export function click(paths, clicks, id) {
  const next = nextTargets(paths, clicks);
  if (next.has(id)) {
    const extended = [...clicks, id];
    const move = completedMove(paths, extended);
    if (move !== null) return { clicks: [], move, changed: true };
    return { clicks: extended, move: null, changed: true };
  }
  const at = clicks.lastIndexOf(id);
  if (at >= 0) {
    if (at > 0) {
      const without = clicks.slice(0, at).concat(clicks.slice(at + 1));
      if (without.length > at && isPrefix(paths, without)) {
        return { clicks: without, move: null, changed: true };
      }
    }
    return { clicks: clicks.slice(0, at), move: null, changed: true };
  }
  if (clicks.length > 0 && nextTargets(paths, []).has(id)) {
    return click(paths, [], id);
  }
  return { clicks, move: null, changed: false };
}

/** Takes back the last click (Escape). */
export function back(clicks) {
  return clicks.slice(0, -1);
}

/** The first click path of a move, or null when the move has none. */
export function firstPath(paths, move) {
  const list = paths && paths[move];
  return list && list.length ? list[0] : null;
}

/**
 * What the page shows for a selection: the ids to light as next targets, the button words
 * needed now, and the moves to offer by name when the clicks fit several moves.
 */
export function describe(paths, clicks, { maxChoices = 6 } = {}) {
  const next = nextTargets(paths, clicks);
  const targets = [...next].filter((c) => !isWord(c));
  const words = WORDS.filter((w) => next.has(w));
  const fitting = clicks.length ? fittingMoves(paths, clicks) : [];
  const choices = fitting.length > 1 && fitting.length <= maxChoices ? fitting : [];
  return { targets, words, choices, fitting };
}

/**
 * The legal move a typed text names, matched without regard to case and spaces; null when none
 * does (the page then sends the text as typed and lets the server say what is wrong).
 */
export function matchTyped(legal, text) {
  const norm = (s) => s.replace(/\s+/g, '').toLowerCase();
  const want = norm(text);
  if (!want) return null;
  for (const m of legal || []) if (norm(m) === want) return m;
  return null;
}

/** Legal moves that begin with the typed text (for suggestions). */
export function suggest(legal, text, limit = 20) {
  const norm = (s) => s.replace(/\s+/g, '').toLowerCase();
  const want = norm(text);
  const out = [];
  for (const m of legal || []) {
    if (norm(m).startsWith(want)) out.push(m);
    if (out.length >= limit) break;
  }
  return out;
}
