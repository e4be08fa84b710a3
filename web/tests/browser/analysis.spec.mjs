// The analysis board (/analysis): every game's board from the start, a move by clicks, dice
// chosen (Bulgarian Ur), the engine's lines (once the server has /api/analyse), a variation
// added, promoted and deleted, the keys, continuing against the computer, a phone, Hungarian.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, newPage, clickId, shot, api, PAGE, PHONE, DESKTOP } from './harness.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let browser;
let engine = false;
before(async () => {
  browser = await launch();
  // The engine's endpoints came in a later server build: test them only when it is there.
  const r = await api('POST', '/api/analyse', {});
  engine = !/no endpoint/.test(JSON.stringify(r.json));
});
after(async () => browser && browser.close());

const A = (page) => page.evaluate(() => {
  const s = window.tabla && window.tabla.analysis;
  return s && s.state ? { state: s.state, ply: s.tree.depth(), record: s.tree.record() } : null;
});

/** Waits until the board shows `ply` tokens deep and its state has come. */
async function atPly(page, ply) {
  await page.waitForFunction((p) => {
    const s = window.tabla && window.tabla.analysis;
    const svg = document.querySelector('svg.board');
    return s && s.state && s.tree.depth() === p && svg && svg.getAttribute('data-ply') === String(p);
  }, ply);
  return A(page);
}

/** Makes a move by clicking its first click path; returns it. */
async function clickMove(page, pick = (legal) => legal[0]) {
  const { state, ply } = await A(page);
  const move = pick(state.legal);
  for (const id of state.paths[move][0]) {
    if (id === 'done' || id === 'pass') await page.click(`[data-action="${id}"]`);
    else await clickId(page, id);
  }
  await atPly(page, ply + 1);
  return move;
}

/** Chooses chance outcomes until a player is to move. */
async function choose(page, token = null) {
  for (;;) {
    const { state, ply } = await A(page);
    if (state.to_move !== 'chance') return;
    await page.click(`[data-chance="${token && state.legal.includes(token) ? token : state.legal[0]}"]`);
    await atPly(page, ply + 1);
  }
}

test('analysis board, every game: the start, a move by clicks, the engine', async () => {
  const page = await newPage(browser);
  for (const game of ['gipf', 'bulgarian-ur', 'seega', 'amazons']) {
    await page.goto(`${PAGE}/analysis/${game}`);
    await atPly(page, 0);
    await choose(page, 'r2');
    const { ply } = await A(page);
    const move = await clickMove(page);
    assert.equal(await page.locator(`.atree button.mv[aria-current=true][data-token="${move}"]`).count(), 1, `${game}: ${move} in the tree`);
    assert.match(page.url(), new RegExp(`/analysis/${game}\\?record=`));
    if (engine) {
      await choose(page, 'r3');
      await page.waitForSelector('.engine ol.lines li', { timeout: 15000 });
      const best = await page.getAttribute('svg.board', 'data-best');
      assert.ok(best, `${game}: a best move on the board`);
      assert.ok(await page.locator('svg.board .hint-path, svg.board .hint-ring').count(), `${game}: the best move drawn`);
      assert.match(await page.textContent('[data-engine=status]'), /depth \d+/);
      assert.ok(await page.getAttribute('.evalbar .pct', 'data-eval'));
      // A principal variation's move, clicked, plays the line up to it into the tree.
      const { ply: at } = await A(page);
      const pv = page.locator('.engine ol.lines li').first().locator('[data-pv]');
      const n = await pv.count();
      await pv.nth(n - 1).click();
      await atPly(page, at + n);
    }
    await shot(page, `analysis-${game}-desktop`);
    assert.ok(ply >= 0);
  }
  // The engine switched off: no lines, no bar; on again: they come back.
  await page.uncheck('[data-action=engine]');
  assert.equal(await page.locator('.engine ol.lines').count(), 0);
  assert.equal(await page.locator('.evalbar').isVisible(), false);
  assert.match(await page.textContent('[data-engine=status]'), /off/);
  await page.check('[data-action=engine]');
  if (engine) await page.waitForSelector('.engine ol.lines li', { timeout: 15000 });
  assert.deepEqual(page.errors, []);
});

test('analysis board, a variation: added at a node of the record, promoted, deleted; the keys step', async () => {
  // A record of three moves, from the server's own legal moves.
  const record = [];
  for (let i = 0; i < 3; i++) {
    const r = await api('POST', '/api/position', { game: 'amazons', options: { size: '6' }, record: record.join(' ') });
    record.push(r.json.state.legal[i]);
  }
  const page = await newPage(browser);
  const opts = encodeURIComponent(JSON.stringify({ size: '6' }));
  await page.goto(`${PAGE}/analysis/amazons?options=${opts}&record=${encodeURIComponent(record.join(' '))}&ply=1`);
  let a = await atPly(page, 1);
  assert.deepEqual(a.record, record.slice(0, 1));
  assert.equal(await page.locator('.atree button.mv[data-token]').count(), 3);
  // The record's own next move just goes there; another one adds a variation.
  await clickMove(page, () => record[1]);
  assert.equal(await page.locator('.atree .var').count(), 0);
  // The arrows step through the moves (on the board they go from place to place instead).
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.keyboard.press('ArrowLeft');
  await atPly(page, 1);
  const other = await clickMove(page, (legal) => legal.find((m) => m !== record[1]));
  assert.equal(await page.locator('.atree .var').count(), 1);
  assert.equal(await page.locator(`.atree .var button.mv[data-token="${other}"][aria-current=true]`).count(), 1);
  await shot(page, 'analysis-variation-desktop');
  // Promoted: the old continuation is now the variation.
  await page.click('[data-action=promote]');
  assert.equal(await page.locator(`.atree .var button.mv[data-token="${record[1]}"]`).count(), 1);
  assert.equal(await page.locator('[data-action=promote]').count(), 0);
  assert.match(page.url(), new RegExp(`record=${encodeURIComponent(record[0]).replace(/%2F/g, '%2F')}\\+`));
  // Deleted: back at its parent, one line again.
  await page.click('[data-action=delete]');
  a = await atPly(page, 1);
  assert.equal(await page.locator('.atree .var').count(), 0);
  assert.deepEqual(await page.$$eval('.atree button.mv[data-token]', (b) => b.map((x) => x.dataset.token)), record);
  // Copy: the position text of the node shown and the record of its line.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click('[data-action=copy-record]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), record.join(' '));
  await page.click('[data-action=copy-position]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), a.state.position);
  assert.match(await page.textContent('[data-action=copy-position]'), /Copied/);
  // Nothing serious for axe.
  await page.addScriptTag({ path: axePath });
  const bad = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')}`));
  assert.deepEqual(bad, []);
  // Keys: → along the line, Home to the start, End to its end.
  await page.keyboard.press('ArrowRight');
  await atPly(page, 2);
  await page.keyboard.press('End');
  await atPly(page, 3);
  await page.keyboard.press('Home');
  await atPly(page, 0);
  assert.deepEqual(page.errors, []);
});

test('analysis board, Bulgarian Ur: the dice are chosen, with their chances', async () => {
  const page = await newPage(browser);
  await page.goto(`${PAGE}/analysis/bulgarian-ur`);
  await atPly(page, 0);
  assert.deepEqual(await page.$$eval('[data-chance]', (b) => b.map((x) => x.dataset.chance)), ['first=black', 'first=yellow']);
  assert.match(await page.textContent('[data-chance="first=black"]'), /50%/);
  await page.click('[data-chance="first=yellow"]');
  await atPly(page, 1);
  assert.equal(await page.locator('[data-chance]').count(), 6);
  assert.match(await page.textContent('[data-analysis=status]'), /Yellow/);
  if (engine) await page.waitForSelector('[data-chance-value]', { timeout: 15000 });
  await shot(page, 'analysis-ur-roll-desktop');
  await page.click('[data-chance="r4"]');
  const a = await atPly(page, 2);
  assert.equal(a.state.to_move, 'yellow');
  assert.equal(await page.locator('.atree .die-mini', { hasText: '4' }).count(), 1);
  await clickMove(page);
  if (engine) {
    await choose(page, 'r2');
    await page.waitForSelector('.engine ol.lines li');
    // Every legal move with its win chance.
    const { state } = await A(page);
    await page.waitForFunction((n) => document.querySelectorAll('.engine ol.lines li').length === n, state.legal.length);
  }
  assert.deepEqual(page.errors, []);
});

test('analysis board: a busy engine is said and asked again; a frame of another position is not shown', async () => {
  const page = await newPage(browser);
  const start = (await api('POST', '/api/position', { game: 'seega' })).json.state;
  const asked = [];
  // The engine's socket answered here: busy first, then a frame that fits no position
  // (another side to move), then a real one.
  await page.routeWebSocket(/\/api\/analyse\/live$/, (ws) => {
    ws.onMessage((m) => {
      asked.push(JSON.parse(String(m)));
      if (asked.length === 1) return ws.send(JSON.stringify({ error: 'busy', retry_after_ms: 800 }));
      ws.send(JSON.stringify({ to_move: 'second', player: 'second', value: 0.9, moves: [{ move: 'zz', value: 0.9, pv: ['zz'] }], depth: 9, elapsed_ms: 1, final: true }));
      ws.send(JSON.stringify({ to_move: start.to_move, player: start.to_move, value: 0.6, moves: start.legal.slice(0, 2).map((m, i) => ({ move: m, value: 0.6 - i / 10, visits: 10, pv: [m] })), depth: 2, elapsed_ms: 1200, final: true }));
    });
  });
  await page.goto(`${PAGE}/analysis/seega`);
  await page.waitForFunction(() => /busy/.test((document.querySelector('[data-engine=status]') || {}).textContent));
  await page.waitForSelector('.engine ol.lines li');
  assert.equal(asked.length, 2);
  assert.deepEqual(asked[0], { game: 'seega', options: {}, record: '', lines: 3, time_ms: 5000 });
  assert.match(await page.textContent('[data-engine=status]'), /depth 2 · 1\.2 s · done/);
  assert.equal(await page.locator('.engine ol.lines li').count(), 2);
  assert.equal(await page.getAttribute('.evalbar .pct', 'data-eval'), '0.600');
  assert.equal(await page.getAttribute('svg.board', 'data-best'), start.legal[0]);
  assert.deepEqual(page.errors, []);
});

test('analysis board: continue against the computer from a node; the lobby links here; a position text', async () => {
  const page = await newPage(browser);
  // From a position text (the picker's box): the board shows it; no game can be made of it.
  const seega = 'O...O/....O/...../X.OX./....X first moving 0,0 0';
  await page.goto(`${PAGE}/analysis`);
  await page.click('.analysis-pick [data-game=seega]');
  await page.fill('[data-analysis=position]', seega);
  await page.click('[data-action=analysis-open]');
  await atPly(page, 0);
  assert.equal((await A(page)).state.position, seega);
  assert.equal(await page.locator('[data-action=continue]').count(), 0);
  await clickMove(page);
  assert.match(page.url(), /position=O.*&record=/);
  await page.goto(`${PAGE}/`);
  await page.click('[data-game=seega]');
  await page.click('[data-action=analysis-lobby]');
  await page.waitForURL(/\/analysis\/seega/);
  await atPly(page, 0);
  const move = await clickMove(page);
  await page.click('[data-action=continue]');
  await page.waitForURL(/\/g\//);
  await page.waitForFunction(() => window.tabla && window.tabla.S && window.tabla.S.game);
  const g = await page.evaluate(() => window.tabla.S.game);
  assert.equal(g.record[0], move);
  assert.ok(g.seats.some((s) => s.kind === 'computer:4'));
  assert.deepEqual(page.errors, []);
});

test('analysis board on a phone, in Hungarian: the picker and the board, nothing wider than the screen', async () => {
  const page = await newPage(browser, { viewport: PHONE, isMobile: true, locale: 'hu-HU' });
  await page.goto(`${PAGE}/analysis`);
  await page.waitForSelector('[data-action=analysis-open]');
  assert.match(await page.textContent('h1'), /Elemzőtábla/);
  await page.click('.analysis-pick [data-game=bulgarian-ur]');
  await page.fill('[data-analysis=record]', 'first=black r2 0-2 r3');
  await shot(page, 'analysis-pick-hu-phone', { full: true });
  await page.click('[data-action=analysis-open]');
  await atPly(page, 4);
  assert.match(await page.textContent('.atree .head'), /Lépések/);
  await clickMove(page);
  await choose(page, 'r1');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `the page is ${wide}px wider than the phone`);
  await shot(page, 'analysis-ur-hu-phone', { full: true });
  await page.setViewportSize(DESKTOP);
  await shot(page, 'analysis-ur-hu-desktop');
  // A token the rules refuse in the address: said, and the board stops before it.
  await page.goto(`${PAGE}/analysis/bulgarian-ur?record=${encodeURIComponent('first=black r2 0-5 r1')}`);
  await atPly(page, 2);
  assert.match(await page.textContent('.board-area .note'), /0-5/);
  // The language switch redraws the board's texts, the tree kept.
  await page.click('[data-action=lang]');
  assert.match(await page.textContent('.atree .head'), /Moves and variations/);
  assert.equal(await page.locator('.atree button.mv[data-token]').count(), 2);
  assert.deepEqual(page.errors, []);
});

test('analysis board: a Seega endgame in the table shows "won in N", exact, and each move\'s result', async () => {
  if (!engine) return;
  const page = await newPage(browser);
  // Two stones a side: the server builds the table inside the request. First's c2-c1
  // captures b1 and leaves Second one stone: won in one turn; every other move draws.
  const position = '....O/...../...../..X../XO... first moving 0,0 0';
  await page.goto(`${PAGE}/analysis/seega?position=${encodeURIComponent(position)}`);
  await atPly(page, 0);
  await page.waitForSelector('[data-engine=verdict][data-turns="1"]');
  assert.match(await page.textContent('[data-engine=verdict]'), /wins with best play: exact \(turns to the end: 1\)/);
  assert.match(await page.textContent('.evalbar .pct'), /won in 1/);
  assert.equal(await page.getAttribute('svg.board', 'data-best'), 'c2-c1');
  const first = page.locator('.engine ol.lines li').first();
  assert.equal(await first.getAttribute('data-line'), 'c2-c1');
  assert.equal(await first.locator('strong.v').textContent(), 'wins in 1');
  // Every move is listed with its exact result; the others draw.
  const { state } = await A(page);
  assert.equal(await page.locator('.engine ol.lines li').count(), state.legal.length);
  assert.equal(await page.locator('.engine ol.lines li strong.v', { hasText: 'draw' }).count(), state.legal.length - 1);
  await shot(page, 'analysis-seega-endgame');
  assert.deepEqual(page.errors, []);
});
