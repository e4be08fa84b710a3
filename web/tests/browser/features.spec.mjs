// Review (the move list, arrows), undo against the computer, a hint on the board, typing a
// move, records (copy, download, import to continue and to review), resignation, the end
// screen and a rematch.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, startFromLobby, playTurnByClicks, waitMyTurnOrEnd, liveGame, shot, BASE, PAGE } from './harness.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser && browser.close());

test('review, undo, hint, typed moves, records, resign and rematch', async () => {
  const page = await newPage(browser);
  const id = await startFromLobby(page, { game: 'amazons', seats: [null, 'computer:1'] });
  for (let i = 0; i < 3; i++) await playTurnByClicks(page);
  const g = await liveGame(page);

  // Review: step back through the move list; the game itself does not change.
  await page.click(`.moves button[data-ply="2"]`);
  await page.waitForFunction(() => document.querySelector('svg.board').getAttribute('data-ply') === '2');
  assert.ok(await page.$('.review-banner'));
  assert.equal(await page.getAttribute('svg.board', 'data-interactive'), 'false');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.querySelector('svg.board').getAttribute('data-ply') === '1');
  await shot(page, 'review-desktop');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('svg.board').getAttribute('data-ply') === '2');
  assert.equal((await liveGame(page)).ply, g.ply);
  await page.click('[data-action="live"]');
  await page.waitForFunction((p) => document.querySelector('svg.board').getAttribute('data-ply') === String(p), g.ply);

  // Undo takes back my move and the computer's reply.
  await waitMyTurnOrEnd(page);
  await page.click('[data-action="undo"]');
  await page.waitForFunction((p) => window.tabla.S.game.ply === p - 2, g.ply);

  // A hint: the computer's suggestion drawn on the board.
  await waitMyTurnOrEnd(page);
  await page.click('[data-action="hint"]');
  await page.waitForSelector('svg.board .hint-ring');
  await shot(page, 'hint-desktop');

  // Typing a move works everywhere: start typing with the board focused.
  const now = await liveGame(page);
  const typed = now.state.legal[now.state.legal.length - 1];
  await page.click('.status');
  await page.keyboard.type(typed.toUpperCase());
  await page.keyboard.press('Enter');
  await page.waitForFunction((p) => window.tabla.S.game.ply > p, now.ply);
  const after1 = await liveGame(page);
  assert.equal(after1.record[now.ply], typed);

  // Records: copy, and download with the game named.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: PAGE });
  await page.click('details.more summary');
  await page.click('[data-action="copy-record"]');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  await waitMyTurnOrEnd(page);
  const rec = (await liveGame(page)).record.join(' ');
  assert.equal(copied, rec);
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-action="download-record"]')]);
  const file = readFileSync(await dl.path(), 'utf8');
  assert.match(file, /^# tabla amazons/);
  assert.ok(file.includes(rec));

  // Import it in the lobby, to review from the start.
  await page.goto(`${PAGE}/`);
  await page.click('[data-game="amazons"]');
  await page.fill('[data-import="text"]', file);
  await Promise.all([page.waitForURL(/\/g\/.*review=0/), page.click('[data-action="import-review"]')]);
  await page.waitForFunction(() => document.querySelector('svg.board') && document.querySelector('svg.board').getAttribute('data-ply') === '0');
  assert.equal((await liveGame(page)).record.join(' '), rec);
  await shot(page, 'import-review-desktop');

  // Back to the first game: resign, the end screen, rematch.
  await page.goto(`${PAGE}/g/${id}`);
  await waitMyTurnOrEnd(page);
  page.once('dialog', (d) => d.accept());
  await page.click('[data-action="resign"]');
  await page.waitForSelector('dialog [data-end]');
  assert.match(await page.locator('dialog .result').textContent(), /lose/);
  await shot(page, 'resign-end-desktop');
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith(id)), page.click('dialog [data-action="rematch"]')]);
  await page.waitForFunction(() => window.tabla && window.tabla.S.game);
  const re = await liveGame(page);
  assert.equal(re.ply, 0);
  // Colours changed: I am Black now, the computer White.
  assert.equal(re.seats[0].kind, 'computer:1');
  assert.deepEqual(page.errors, []);
});
