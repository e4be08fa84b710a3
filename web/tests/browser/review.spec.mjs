// The computer's review of a finished game (a record imported through the lobby): the Review
// button, its progress, the graph (a click jumps to a move), the marks and best moves in the
// move list, accuracy, the legend; Bulgarian Ur's luck against skill; the Analyse link, and
// its fair-play lock during a game between people. English and Hungarian, desktop and phone.
//
// A server without the review yet (POST /api/games/{id}/review answering "no endpoint") is
// stood in for by a fake review of the same shape (docs: the contract), made here
// from the game's own record, so that the page is tested either way.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, newPage, shot, api, startFromLobby, playToEnd, PAGE, PHONE, DESKTOP } from './harness.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let browser;
before(async () => (browser = await launch()));
after(async () => browser && browser.close());

/** Plays a whole game through the API, every seat a person's, always the first legal move. */
async function finishedRecord(game, options) {
  const c = (await api('POST', '/api/games', { game, options, seats: ['human', 'human'] })).json;
  for (let i = 0; i < 400; i++) {
    const g = (await api('GET', `/api/games/${c.id}`)).json;
    if (g.state.result) return g.record.join(' ');
    const who = g.state.to_move === 'chance' ? g.chance_player : g.state.to_move;
    const move = g.state.to_move === 'chance' ? 'roll' : g.state.legal[0];
    const ans = await api('POST', `/api/games/${c.id}/moves`, { move, ply: g.ply }, c.seats.find((s) => s.player === who).token);
    assert.equal(ans.status, 200, JSON.stringify(ans.json));
  }
  throw new Error('the game did not end');
}

/** Whether this server reviews games (else the page is given a fake review; TABLA_FAKE_REVIEW=1 always). */
async function serverReviews(id) {
  if (process.env.TABLA_FAKE_REVIEW === '1') return false;
  const a = await api('GET', `/api/games/${id}/review`);
  return !(a.status === 404 && /no endpoint/.test(JSON.stringify(a.json)));
}

/** A review of the contract's shape for game `id`: marks at some moves, luck in Ur. */
async function fakeReview(id) {
  const g = (await api('GET', `/api/games/${id}`)).json;
  const plies = [];
  const classes = [null, 'mistake', null, 'inaccuracy', 'blunder'];
  let before = 0.5;
  for (let k = 0; k < g.ply; k++) {
    const at = (await api('GET', `/api/games/${id}?ply=${k}`)).json;
    const mover = at.state.to_move;
    if (mover === 'chance' || /^first=/.test(g.record[k])) continue;
    const cls = classes[plies.length % classes.length];
    const loss = { null: 0.01, inaccuracy: 0.06, mistake: 0.12, blunder: 0.2 }[cls];
    const after = Math.max(0, before - loss);
    plies.push({ ply: k + 1, player: mover, move: g.record[k], best: cls ? (at.state.legal || []).find((m) => m !== g.record[k]) || g.record[k] : g.record[k], before, after, loss, class: cls });
    before = Math.min(1, 1 - after + 0.03);
  }
  const players = g.seats.map((s) => s.player);
  const review = { plies, accuracy: Object.fromEntries(players.map((p, i) => [p, i ? 71.4 : 88.1])) };
  if (g.game === 'bulgarian-ur') review.luck = { [players[0]]: 0.12, [players[1]]: -0.12 };
  return review;
}

/** Stands in for the server's review on this page: 202 twice (progress shown), then the review. */
async function fakeServer(page, id) {
  const review = await fakeReview(id);
  let asked = 0;
  await page.route(`**/api/games/${id}/review`, (route) => {
    const req = route.request();
    if (req.method() === 'POST') asked = 1;
    const json = !asked ? { status: 404, body: { error: 'no review of this game was asked' } } : asked++ < 3 ? { status: 202, body: { progress: (asked - 1) * 0.3 } } : { status: 200, body: review };
    route.fulfill({ status: json.status, contentType: 'application/json', body: JSON.stringify(json.body) });
  });
  return review;
}

const boardPly = (page) => page.getAttribute('svg.board', 'data-ply').then(Number);
const noOverflow = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

async function reviewShots(page, name) {
  await page.locator('.greview').scrollIntoViewIfNeeded();
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  assert.ok(await noOverflow(page), `${name}: no horizontal overflow on a phone`);
  await page.locator('.greview').scrollIntoViewIfNeeded();
  await shot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('review: an imported finished game, its graph, marks, accuracy and the Analyse link', async () => {
  const rec = await finishedRecord('amazons', { size: '4' });
  const page = await newPage(browser);
  await page.goto(`${PAGE}/`);
  await page.click('[data-game="amazons"]');
  await page.fill('input[data-option="size"]', '4');
  await page.waitForTimeout(600);
  await page.fill('[data-import="text"]', rec);
  await Promise.all([page.waitForURL(/\/g\/.*review=0/), page.click('[data-action="import-review"]')]);
  await page.waitForFunction(() => window.tabla && window.tabla.S.game && window.tabla.S.game.state.result);
  const id = page.url().match(/\/g\/([^/?#]+)/)[1];
  const real = await serverReviews(id);
  const fake = real ? null : await fakeServer(page, id);

  // Ask for it: progress, then the review.
  await page.click('[data-action="review"]');
  if (fake) {
    // The progress while it runs (the fake answers "running" twice).
    await page.waitForSelector('.greview [data-review-progress] progress');
    await page.locator('.greview').scrollIntoViewIfNeeded();
    await shot(page, 'review-progress-desktop');
  }
  await page.waitForSelector('.greview[data-review-phase="done"]', { timeout: 40000 });
  const review = fake || (await api('GET', `/api/games/${id}/review`)).json;
  assert.ok(review.plies.length > 0);

  // The graph: a click in its middle shows a move near the middle of the game.
  const box = await page.locator('[data-graph]').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  // (The imported game opened at its start, ply 0.)
  await page.waitForFunction(() => window.tabla.review.isReviewing() && document.querySelector('svg.board').getAttribute('data-ply') !== '0');
  const mid = await boardPly(page);
  const total = rec.split(' ').length;
  assert.ok(Math.abs(mid - total / 2) <= 1.5, `clicked the middle, got ply ${mid} of ${total}`);
  assert.equal(await page.getAttribute('[data-graph]', 'aria-valuenow'), String(mid));
  // Keyboard: from the graph, the arrows go from move to move.
  await page.focus('[data-graph]');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((p) => document.querySelector('svg.board').getAttribute('data-ply') === String(p + 1), mid);
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('data-graph')), '1', 'the graph keeps the focus');

  // Marks and best moves in the move list, as the review has them.
  const marked = review.plies.filter((e) => e.class);
  for (const e of marked) {
    const cls = await page.getAttribute(`.moves button[data-ply="${e.ply}"] [data-mark]`, 'data-mark');
    assert.equal(cls, e.class, `move ${e.ply}`);
    if (e.best !== e.move) assert.ok(await page.$(`.moves button[data-ply="${e.ply}"] [data-best="${e.best}"]`));
  }
  if (fake) assert.deepEqual(await page.$$eval('.moves [data-mark]', (xs) => [...new Set(xs.map((x) => x.textContent))].sort()), ['?', '?!', '??']);
  // Accuracy of each player, and the legend.
  for (const p of Object.keys(review.accuracy)) assert.match(await page.locator(`[data-accuracy="${p}"]`).textContent(), /accuracy \d+\.\d/);
  assert.match(await page.locator('[data-review-legend]').textContent(), /5%.*10%.*15%/);

  // The Analyse link: the game, its options, the whole record, the ply shown.
  const shown = await boardPly(page);
  const href = await page.getAttribute('a[data-action="analyse"]', 'href');
  const u = new URL(href, PAGE);
  assert.equal(u.pathname, '/analysis/amazons');
  assert.deepEqual(JSON.parse(u.searchParams.get('options')), { size: '4' });
  assert.equal(u.searchParams.get('record'), rec);
  // (The ply is left out at the end of the record, where the board opens anyway.)
  assert.equal(u.searchParams.get('ply') ?? String(rec.split(' ').length), String(shown));

  // A move with a mark shown: its line under the graph names the better move.
  const m = marked.find((e) => e.best !== e.move) || review.plies.find((e) => e.best !== e.move);
  if (m) {
    await page.click(`.moves button[data-ply="${m.ply}"]`);
    await page.waitForSelector(`[data-review-at="${m.ply}"]`);
    assert.ok((await page.locator('[data-review-at]').textContent()).includes(`best: ${m.best}`));
    if (m.class) {
      // "Try the better move": the analysis board at the position before it, where the
      // engine shows its own choice.
      const tryHref = await page.getAttribute('[data-review-at] a[data-action="try-best"]', 'href');
      assert.equal(new URL(tryHref, PAGE).searchParams.get('ply'), String(m.ply - 1));
      const board = await newPage(browser);
      await board.goto(`${PAGE}${tryHref}`);
      await board.waitForFunction((p) => document.querySelector('svg.board')?.getAttribute('data-ply') === String(p), m.ply - 1);
      await board.waitForSelector('.engine ol.lines li', { timeout: 15000 });
      assert.ok(await board.getAttribute('svg.board', 'data-best'), 'the engine marks its move');
      await shot(board, 'review-try-best-desktop');
      assert.deepEqual(board.errors, []);
      await board.close();
    }
  }
  await reviewShots(page, 'review-en');
  await page.click('[data-action="lang"]');
  await page.waitForFunction(() => /pontosság/.test(document.querySelector('.greview').textContent));
  await reviewShots(page, 'review-hu');
  assert.deepEqual(page.errors, []);
});

test('review: Bulgarian Ur says luck against skill', async () => {
  const options = { discs: '1' };
  const rec = await finishedRecord('bulgarian-ur', options);
  const c = (await api('POST', '/api/games', { game: 'bulgarian-ur', options, seats: ['human', 'human'], record: rec })).json;
  const page = await newPage(browser);
  const real = await serverReviews(c.id);
  if (!real) await fakeServer(page, c.id);
  await page.goto(`${PAGE}/g/${c.id}`);
  await page.click('[data-action="review"]');
  await page.waitForSelector('.greview[data-review-phase="done"]', { timeout: 40000 });
  const lines = await page.locator('[data-luck-player]').allTextContents();
  assert.equal(lines.length, 2);
  for (const l of lines) assert.match(l, /the dice were worth [+−]?\d+% of win chance; their own moves gave away \d+% in all/);
  await reviewShots(page, 'review-ur-en');
  // The review panel passes axe (serious and critical), light and dark.
  await page.addScriptTag({ path: axePath });
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    const bad = await page.evaluate(async () => (await window.axe.run(document.querySelector('.greview'), { resultTypes: ['violations'] })).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
    assert.deepEqual(bad, [], scheme);
  }
  await page.locator('.greview').scrollIntoViewIfNeeded();
  await shot(page, 'review-ur-dark-desktop');
  assert.deepEqual(page.errors, []);
});

test('analyse and review: closed for a player during a game between people, open to all after', async () => {
  const c = (await api('POST', '/api/games', { game: 'amazons', options: { size: '4' }, seats: ['human', 'human'] })).json;
  const page = await newPage(browser);
  await page.goto(`${PAGE}${c.seats[0].url}`);
  await page.waitForFunction(() => window.tabla && Object.keys(window.tabla.S.saved.tokens || {}).length === 1);
  await page.waitForSelector('button[data-action="analyse"][disabled]');
  assert.equal(await page.locator('[data-action="review"]').isDisabled(), true);
  assert.match(await page.locator('.g-why').textContent(), /between people/);
  await shot(page, 'review-fairplay-desktop');
  // A watcher of the same game may analyse it (the link, at the ply shown).
  const watcher = await newPage(browser);
  await watcher.goto(`${PAGE}/g/${c.id}`);
  await watcher.waitForSelector('a[data-action="analyse"]');
  const watched = new URL(await watcher.getAttribute('a[data-action="analyse"]', 'href'), PAGE);
  assert.equal(watched.pathname, '/analysis/amazons');
  assert.equal(watched.searchParams.get('record'), null, 'no moves yet');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(watcher.errors, []);
});

test('review: the end of a game against the computer offers it', async () => {
  const page = await newPage(browser);
  const id = await startFromLobby(page, { game: 'amazons', options: { size: '4' }, seats: [null, 'computer:1'] });
  const real = await serverReviews(id);
  await playToEnd(page);
  if (!real) await fakeServer(page, id);
  await page.click('dialog [data-action="end-review"]');
  await page.waitForSelector('.greview[data-review-phase="done"]', { timeout: 40000 });
  assert.ok(await page.$('[data-graph]'));
  assert.deepEqual(page.errors, []);
});
