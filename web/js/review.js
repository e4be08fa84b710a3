// Review mode: stepping through the positions of a game without changing it.
//
// The page knows no rules, so earlier positions come from the server (`GET
// /api/games/{id}?ply=N`); this module decides which ply is shown, keeps fetched positions,
// and drops answers that arrive after the person has moved on. It imports nothing from the DOM.

/**
 * @param {{fetchPly: (ply: number) => Promise<object>, cacheSize?: number}} deps
 *   `fetchPly` answers the game as the server has it at that ply (same shape as the live game).
 */
export function createReview({ fetchPly, cacheSize = 400 }) {
  /** The ply shown, or null while following the live game. */
  let at = null;
  /** Positions already fetched, keyed by the record up to their ply (undo rewrites history). */
  const cache = new Map();
  /** Counts requests, so that only the newest answer is shown. */
  let ticket = 0;

  const keyOf = (record, ply) => `${ply}|${record.slice(0, ply).join(' ')}`;

  function remember(key, game) {
    cache.set(key, game);
    while (cache.size > cacheSize) cache.delete(cache.keys().next().value);
  }

  return {
    /** The ply being reviewed, or null when following the game. */
    get at() {
      return at;
    },
    isReviewing() {
      return at !== null;
    },
    /** The ply to show for the live game `live`. */
    shownPly(live) {
      return at === null ? live.ply : at;
    },
    /** Back to the live game. */
    exit() {
      at = null;
      ticket++;
    },
    /**
     * Shows ply `ply` of the live game `live` (clamped to 0..live.ply). Resolves to the game to
     * draw, or null when a later request superseded this one. Reaching the live ply ends review.
     */
    async go(ply, live) {
      const target = Math.max(0, Math.min(live.ply, Math.trunc(ply)));
      const mine = ++ticket;
      if (target === live.ply) {
        at = null;
        return live;
      }
      at = target;
      const key = keyOf(live.record, target);
      let game = cache.get(key);
      if (!game) {
        game = await fetchPly(target);
        if (!game || game.ply !== target) {
          // The server does not know `?ply=N` (it answered the game as it is now).
          at = null;
          const e = new Error(`asked for ply ${target}, got ${game && game.ply}`);
          e.code = 'no-ply';
          throw e;
        }
        remember(key, game);
      }
      return mine === ticket ? game : null;
    },
    /** One step back (-1) or forward (+1), or any other distance. */
    step(delta, live) {
      return this.go(this.shownPly(live) + delta, live);
    },
    /**
     * A new live game arrived while reviewing: stay on the reviewed ply unless it no longer
     * exists (an undo shortened the game), in which case follow the game again. Returns
     * whether the page should now follow the live game.
     */
    onLive(live) {
      if (at === null) return true;
      if (at >= live.ply) {
        at = null;
        return true;
      }
      return false;
    },
    /** Ply `ply` of the live game `live` from the cache or the server, without reviewing it. */
    async fetchCached(ply, live) {
      const key = keyOf(live.record, ply);
      let game = cache.get(key);
      if (!game) {
        game = await fetchPly(ply);
        if (!game || game.ply !== ply) throw new Error(`asked for ply ${ply}, got ${game && game.ply}`);
        remember(key, game);
      }
      return game;
    },
    /** Stores a position known from elsewhere (the live game as it was) for later steps. */
    remember(game) {
      if (game && Array.isArray(game.record)) remember(keyOf(game.record, game.ply), game);
    },
  };
}
