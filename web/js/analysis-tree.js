// The analysis board's move tree: every node holds one record token (a move, or a chance
// outcome such as `r3` or `first=black`). A node's first child continues its line; the other
// children are variations. Pure: no DOM, so node tests it.

let nextId = 1;

function node(token, parent) {
  return { id: nextId++, token, parent, children: [] };
}

/** Chance outcomes are tokens too, but nobody's move: `r4`, `first=black`. */
export function isChanceToken(token) {
  return /^r\d+$/i.test(token || '') || /^first=/.test(token || '');
}

export class MoveTree {
  /** @param {string[]} main the main line's tokens */
  constructor(main = []) {
    this.root = node(null, null);
    this.current = this.root;
    let at = this.root;
    for (const tok of main) {
      const n = node(tok, at);
      at.children.push(n);
      at = n;
    }
  }

  /** The nodes from the root (left out) down to `n`. */
  path(n = this.current) {
    const out = [];
    for (let x = n; x && x.parent; x = x.parent) out.unshift(x);
    return out;
  }

  /** The tokens of the line up to `n`: the record that reaches it. */
  record(n = this.current) {
    return this.path(n).map((x) => x.token);
  }

  /** How many tokens deep `n` is. */
  depth(n = this.current) {
    return this.path(n).length;
  }

  /** The node `ply` tokens along the main line (the last one when the line is shorter). */
  mainAt(ply) {
    let n = this.root;
    for (let i = 0; i < ply && n.children.length; i++) n = n.children[0];
    return n;
  }

  /** The line through `n`: its path, then on along first children to the end. */
  line(n = this.current) {
    const out = this.path(n);
    for (let x = n; x.children.length; ) {
      x = x.children[0];
      out.push(x);
    }
    return out;
  }

  go(n) {
    this.current = n;
    return n;
  }

  /** ← one token back; → on along the line (the first child). Null when there is none. */
  back() {
    return this.current.parent ? this.go(this.current.parent) : null;
  }
  forward() {
    return this.current.children.length ? this.go(this.current.children[0]) : null;
  }

  /**
   * Plays `token` at the current node: goes to the child that already holds it, else adds it
   * (as the line's continuation when there is none yet, else as a new variation).
   */
  play(token) {
    const known = this.current.children.find((c) => c.token === token);
    if (known) return this.go(known);
    const n = node(token, this.current);
    this.current.children.push(n);
    return this.go(n);
  }

  /** Removes `n` and everything after it; the current node moves off it to its parent. */
  remove(n) {
    if (!n.parent) return false;
    const siblings = n.parent.children;
    siblings.splice(siblings.indexOf(n), 1);
    if (this.isAncestor(n, this.current)) this.current = n.parent;
    return true;
  }

  /** Makes the line through `n` the main line: every node on its path becomes the first child. */
  promote(n) {
    for (let x = n; x.parent; x = x.parent) {
      const siblings = x.parent.children;
      siblings.splice(siblings.indexOf(x), 1);
      siblings.unshift(x);
    }
  }

  /** Whether `a` is `b` or lies on `b`'s path. */
  isAncestor(a, b) {
    for (let x = b; x; x = x.parent) if (x === a) return true;
    return false;
  }

  /** Whether `n` is on the main line (first children all the way from the root). */
  isMain(n) {
    for (let x = n; x.parent; x = x.parent) if (x.parent.children[0] !== x) return false;
    return true;
  }

  /** Whether `n` begins a variation (is not its parent's first child). */
  startsVariation(n) {
    return !!n.parent && n.parent.children[0] !== n;
  }

  /** The move number shown before `n`: its count of moves (not chance outcomes) from the root. */
  moveNumber(n) {
    return this.path(n).filter((x) => !isChanceToken(x.token)).length;
  }

  find(id) {
    const walk = (x) => {
      if (x.id === id) return x;
      for (const c of x.children) {
        const f = walk(c);
        if (f) return f;
      }
      return null;
    };
    return walk(this.root);
  }
}

/**
 * The tree as a move list, lichess-style: after each node of a line come the variations of its
 * parent (other children), each a nested list in brackets, then the line goes on.
 * Returns items `{node}` and `{variation: items[]}` in reading order.
 */
export function layoutLine(start) {
  const items = [];
  let at = start;
  while (at.children.length) {
    const [main, ...others] = at.children;
    items.push({ node: main });
    for (const v of others) items.push({ variation: [{ node: v }, ...layoutLine(v)] });
    at = main;
  }
  return items;
}

/**
 * The analysis board's address: `/analysis/GAME?options=JSON&record=TOKENS&ply=N` (or
 * `position=TEXT` for a board set up from a position). Empty parts are left out.
 */
export function analysisUrl({ game, options = {}, record = [], ply = null, position = null }) {
  const q = new URLSearchParams();
  if (options && Object.keys(options).length) q.set('options', JSON.stringify(options));
  if (position) q.set('position', position);
  if (record && record.length) q.set('record', record.join(' '));
  if (ply !== null && ply !== undefined && record && ply !== record.length) q.set('ply', String(ply));
  const s = q.toString();
  return `/analysis/${encodeURIComponent(game)}${s ? `?${s}` : ''}`;
}

/** Reads an address's query back: {options, record, ply, position}; bad parts count as absent. */
export function parseAnalysisQuery(search) {
  const q = new URLSearchParams(search);
  let options = {};
  try {
    const o = JSON.parse(q.get('options') || '{}');
    if (o && typeof o === 'object' && !Array.isArray(o)) options = Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
  } catch (_) {
    /* not JSON: the defaults */
  }
  const record = (q.get('record') || '').split(/\s+/).filter(Boolean);
  const n = Number(q.get('ply'));
  const ply = q.has('ply') && Number.isInteger(n) && n >= 0 ? Math.min(n, record.length) : record.length;
  return { options, record, ply, position: q.get('position') || null };
}
