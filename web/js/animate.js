// What moved between two views of a game, so the page can slide pieces from where they were
// to where they are and fade out what was taken. Knows no rules: it compares the stacks of
// the two views place by place. Pure: no DOM.

const same = (a, b) => a.owner === b.owner && a.kind === b.kind;

/**
 * @returns {{moved: {from: string, fromIndex: number, to: string, toIndex: number, piece: object}[],
 *            removed: {id: string, index: number, piece: object}[],
 *            added: {id: string, index: number, piece: object, from?: string}[]}}
 *   Indices count from the bottom of the stack. `added` pieces with `from` slide in from a
 *   clickable point the last move touched (a GIPF dot, a reserve); the others fade in.
 */
export function diffViews(before, after) {
  const moved = [];
  const gone = [];
  const come = [];
  if (!before || !after) return { moved, removed: [], added: [] };
  const pos = new Map();
  const oldStacks = new Map();
  for (const c of [...(before.cells || []), ...(before.points || [])]) {
    oldStacks.set(c.id, c.stack || []);
    pos.set(c.id, c);
  }
  const newStacks = new Map();
  for (const c of [...(after.cells || []), ...(after.points || [])]) {
    newStacks.set(c.id, c.stack || []);
    if (!pos.has(c.id)) pos.set(c.id, c);
  }
  const ids = new Set([...oldStacks.keys(), ...newStacks.keys()]);
  for (const id of ids) {
    const a = oldStacks.get(id) || [];
    const b = newStacks.get(id) || [];
    let k = 0;
    while (k < a.length && k < b.length && same(a[k], b[k])) k++;
    for (let i = k; i < a.length; i++) gone.push({ id, index: i, piece: a[i] });
    for (let i = k; i < b.length; i++) come.push({ id, index: i, piece: b[i] });
  }
  const last = new Set(after.last || []);
  const dist = (p, q) => {
    const u = pos.get(p);
    const v = pos.get(q);
    return u && v ? Math.hypot(u.x - v.x, u.y - v.y) : Infinity;
  };
  const used = new Set();
  const pick = (c, test) => {
    let best = -1;
    let bestScore = Infinity;
    gone.forEach((g, i) => {
      if (used.has(i) || g.id === c.id || !test(g.piece, c.piece)) return;
      const score = dist(g.id, c.id) - (last.has(g.id) ? 0.5 : 0);
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    });
    return best;
  };
  const unmatched = [];
  // Same piece first, then the same owner's piece that changed its face (a disc turned red).
  for (const pass of [same, (p, q) => p.owner === q.owner && p.owner != null]) {
    const rest = pass === same ? come : unmatched.splice(0);
    for (const c of rest) {
      const i = pick(c, pass);
      if (i < 0) {
        unmatched.push(c);
        continue;
      }
      used.add(i);
      const g = gone[i];
      moved.push({ from: g.id, fromIndex: g.index, to: c.id, toIndex: c.index, piece: c.piece });
    }
  }
  const removed = gone.filter((_, i) => !used.has(i));
  const pointsTouched = (after.points || []).filter((p) => last.has(p.id)).map((p) => p.id);
  const added = unmatched.map((c) => {
    let from;
    let best = Infinity;
    for (const p of pointsTouched) {
      const d = dist(p, c.id);
      if (d < best) {
        best = d;
        from = p;
      }
    }
    return from ? { ...c, from } : c;
  });
  return { moved, removed, added };
}
