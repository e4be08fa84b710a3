// The computer's review of a finished game, read for the page: the graph's points, the marks
// of the move list, each player's figures. Pure (no DOM, no fetching): the server's review
// object (docs/http-contract.md, "Game review") and the players in seat order go in.

/** How much expected score (win chance in Bulgarian Ur) a move must lose for each mark. */
export const THRESHOLDS = { inaccuracy: 0.05, mistake: 0.1, blunder: 0.15 };
export const CLASSES = ['inaccuracy', 'mistake', 'blunder'];
const MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** The mark a move's class gets in the move list: `?!`, `?`, `??`, or ''. */
export const markOf = (cls) => MARKS[cls] || '';

/** Whether an answer of GET/POST /review is the finished review (else it is `{progress}`). */
export const isDone = (ans) => !!ans && Array.isArray(ans.plies);

/** The review's entries by ply (the 1-based index of the move in the record). */
export function byPly(review) {
  return new Map(((review && review.plies) || []).map((e) => [e.ply, e]));
}

/**
 * Seat 0's chance after each move, from its own seat's view, as points `{ply, value}` from the
 * start (ply 0) on. With two players the other's score is the rest of 1; with more, seat 0's
 * chance after another's move is only known at seat 0's next turn (`before` of that move), so
 * moves after seat 0's last one get no point.
 */
export function graphPoints(review, players) {
  const list = ((review && review.plies) || []).slice().sort((a, b) => a.ply - b.ply);
  const me = players[0];
  const two = players.length === 2;
  const mine = (e, v) => (e.player === me ? v : two ? 1 - v : null);
  const points = [];
  if (!list.length) return points;
  // The start: what the first mover expected before moving, seen from seat 0.
  const first = list[0];
  const start = first.player === me ? first.before : two ? 1 - first.before : (list.find((e) => e.player === me) || {}).before;
  if (start != null) points.push({ ply: 0, value: clamp(start) });
  list.forEach((e, i) => {
    let v = mine(e, e.after);
    if (v == null) {
      const next = list.slice(i + 1).find((x) => x.player === me);
      v = next ? next.before : null;
    }
    if (v != null) points.push({ ply: e.ply, value: clamp(v) });
  });
  return points;
}
const clamp = (v) => Math.max(0, Math.min(1, Number(v) || 0));

/** The point nearest to ply `ply` (a click on the graph lands between moves). */
export function nearestPly(points, ply) {
  let best = null;
  for (const p of points) if (!best || Math.abs(p.ply - ply) < Math.abs(best.ply - ply)) best = p;
  return best ? best.ply : 0;
}

/**
 * Each player's figures, in seat order: accuracy (0–100, or null), how many moves got each
 * mark, the expected score their own choices lost (sum of `loss`), and their luck (Ur's dice,
 * or null).
 */
export function summary(review, players) {
  const list = (review && review.plies) || [];
  return players.map((player) => {
    const own = list.filter((e) => e.player === player);
    const counts = Object.fromEntries(CLASSES.map((c) => [c, own.filter((e) => e.class === c).length]));
    const acc = review && review.accuracy ? review.accuracy[player] : null;
    const luck = review && review.luck && player in review.luck ? review.luck[player] : null;
    return { player, accuracy: acc == null ? null : acc, counts, loss: own.reduce((s, e) => s + Math.max(0, Number(e.loss) || 0), 0), luck };
  });
}

/** A share of 1 as whole percent: 0.123 → "12%"; signed: "+12%", "−12%". */
export function percent(x, signed = false) {
  const n = Math.round((Number(x) || 0) * 100);
  if (!signed) return `${n}%`;
  return n > 0 ? `+${n}%` : n < 0 ? `−${-n}%` : '0%';
}

/**
 * Fair play: no analysis (nor review) for a player during a game between people. Analysis is
 * closed when the game is not over, every seat is a person's (or open for one), and this
 * browser holds some seats but not all (all seats here: nobody to be unfair to).
 */
export function analysisClosed(game, mySeats) {
  if (!game || (game.state && game.state.result)) return false;
  const people = game.seats.every((s) => s.kind === 'human' || s.kind === 'open');
  return people && mySeats.length > 0 && mySeats.length < game.seats.length;
}
