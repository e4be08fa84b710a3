// Bad input: clicks that fit no path change nothing and say nothing; a move the server
// refuses (stale, from another tab) shows the server's message and the true position.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, startFromLobby, waitMyTurnOrEnd, liveGame, shot, clickId, api } from './harness.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser && browser.close());

const snapshot = (page) =>
  page.evaluate(() => ({
    ply: window.tabla.S.game.ply,
    clicks: [...window.tabla.S.clicks],
    svg: document.querySelector('svg.board').innerHTML.length,
    toasts: document.querySelectorAll('.toast').length,
  }));

test('clicks that fit no move change nothing', async () => {
  const page = await newPage(browser);
  await startFromLobby(page, { game: 'amazons', seats: [null, 'computer:1'] });
  await waitMyTurnOrEnd(page);
  const g = await liveGame(page);
  const starts = new Set(Object.values(g.state.paths).map((p) => p[0][0]));
  const ids = g.state.view.cells.map((c) => c.id);
  const dead = ids.filter((id) => !starts.has(id));
  assert.ok(dead.length > 3);
  const before = await snapshot(page);
  for (const id of dead.slice(0, 6)) await clickId(page, id);
  // An enemy queen, an empty cell, a stone: nothing happens, nothing is said.
  assert.deepEqual(await snapshot(page), before);

  // Half a move, then a click that fits nothing: the half move stays as it was.
  const move = g.state.legal[0];
  const path = g.state.paths[move][0];
  await clickId(page, path[0]);
  const half = await snapshot(page);
  assert.deepEqual(half.clicks, [path[0]]);
  const targets = new Set(Object.values(g.state.paths).filter((p) => p[0][0] === path[0]).map((p) => p[0][1]));
  const stray = ids.find((id) => !targets.has(id) && !starts.has(id));
  await clickId(page, stray);
  assert.deepEqual((await snapshot(page)).clicks, [path[0]]);
  // Escape takes the click back; clicking the piece again does too.
  await page.keyboard.press('Escape');
  assert.deepEqual((await snapshot(page)).clicks, []);
  await clickId(page, path[0]);
  await clickId(page, path[0]);
  assert.deepEqual((await snapshot(page)).clicks, []);
  assert.equal((await snapshot(page)).toasts, 0);
  await shot(page, 'illegal-clicks-desktop');
  assert.deepEqual(page.errors, []);
});

test('a stale move shows the server message and the true position', async () => {
  const page = await newPage(browser);
  const id = await startFromLobby(page, { game: 'amazons', seats: [null, 'friend'] });
  await waitMyTurnOrEnd(page);
  const g = await liveGame(page);
  const token = await page.evaluate((gid) => JSON.parse(localStorage.getItem('tabla.games.v1'))[gid].tokens.white, id);
  // This page stops hearing the server (a stuck connection), and another tab of the same
  // seat moves first.
  await page.evaluate(() => window.tabla.live.stop());
  const r = await api('POST', `/api/games/${id}/moves`, { move: g.state.legal[0], ply: g.ply }, token);
  assert.equal(r.status, 200);
  // The page still offers the old position; a move made by clicks is refused as stale.
  const move = g.state.legal[g.state.legal.length - 1];
  for (const c of g.state.paths[move][0]) await clickId(page, c);
  await page.waitForSelector('[data-note="board"]:not([hidden])');
  assert.match(await page.locator('[data-note="board"]').textContent(), /moved on meanwhile/);
  // And the page draws the true position.
  const truth = (await api('GET', `/api/games/${id}`)).json;
  await page.waitForFunction((p) => window.tabla.S.game.ply === p, truth.ply);
  assert.deepEqual((await liveGame(page)).record, truth.record);
  await shot(page, 'illegal-stale-desktop');
  assert.deepEqual(page.errors, []);
});
