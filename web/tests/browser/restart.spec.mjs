// The server is killed (kill -9) in the middle of a game and started again on the same
// database: the page notices, reconnects by itself, catches up, and the game goes on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, startFromLobby, playTurnByClicks, liveGame, shot, server } from './harness.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser && browser.close());

test('kill -9 in the middle of a game: the page reconnects and the game goes on', async () => {
  const page = await newPage(browser);
  await startFromLobby(page, { game: 'amazons', seats: [null, 'computer:1'] });
  for (let i = 0; i < 3; i++) await playTurnByClicks(page);
  const before = await liveGame(page);
  assert.ok(before.ply >= 5);

  server.kill9();
  await page.waitForSelector('.conn[data-conn="down"]', { timeout: 10000 });
  await shot(page, 'restart-down-desktop');
  await new Promise((r) => setTimeout(r, 1500));
  await server.start();
  await page.waitForSelector('.conn[data-conn="open"]', { timeout: 15000 });
  const back = await liveGame(page);
  assert.deepEqual(back.record.slice(0, before.ply), before.record, 'nothing on disk was lost');

  // The game goes on: my moves, and the computer's answers after the restart.
  for (let i = 0; i < 3; i++) await playTurnByClicks(page);
  const later = await liveGame(page);
  assert.ok(later.ply >= before.ply + 5, `ply ${later.ply} after ${before.ply}`);
  await shot(page, 'restart-after-desktop');
  assert.deepEqual(page.errors, []);
});
