// Review (the move list, arrow keys), undo against the computer, a hint on the board, typing a
// move, records (copy, download, import to continue and to review), resignation, the end
// screen and a rematch.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, startFromLobby, playTurnByClicks, waitMyTurnOrEnd, liveGame, shot, api, PAGE } from './harness.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser && browser.close());

const boardPly = (page, p) => page.waitForFunction((q) => document.querySelector('svg.board').getAttribute('data-ply') === String(q), p);

test('review: the move list and the arrow keys step through the game, which does not change', async () => {
  const page = await newPage(browser);
  const id = await startFromLobby(page, { game: 'amazons', seats: [null, 'computer:1'] });
  for (let i = 0; i < 3; i++) await playTurnByClicks(page);
  await waitMyTurnOrEnd(page);
  const g = await liveGame(page);
  await page.click('.moves button[data-ply="2"]');
  await boardPly(page, 2);
  assert.ok(await page.$('.review-banner'));
  assert.equal(await page.getAttribute('svg.board', 'data-interactive'), 'false');
  const at2 = (await api('GET', `/api/games/${id}?ply=2`)).json;
  const drawn = await page.evaluate(() => window.tabla.S.shown.state.position);
  assert.equal(drawn, at2.state.position);
  // The move that led there is marked on the board.
  assert.ok(at2.state.view.last.length > 0);
  for (const c of at2.state.view.last) assert.ok(await page.$(`svg.board .last[data-id="${c}"], svg.board [data-id="${c}"].last`), `ply 2 marks ${c}`);
  await page.keyboard.press('ArrowLeft');
  await boardPly(page, 1);
  await shot(page, 'review-desktop');
  await page.keyboard.press('Home');
  await boardPly(page, 0);
  assert.match(await page.locator('.review-banner').textContent(), /start position/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await boardPly(page, 2);
  assert.equal((await liveGame(page)).ply, g.ply, 'the game itself did not change');
  await page.click('[data-action="live"]');
  await boardPly(page, g.ply);
  assert.equal(await page.getAttribute('svg.board', 'data-interactive'), 'true');
  assert.deepEqual(page.errors, []);
});

test('undo against the computer, a hint on the board, a move typed in notation', async () => {
  const page = await newPage(browser);
  await startFromLobby(page, { game: 'amazons', seats: [null, 'computer:1'] });
  for (let i = 0; i < 2; i++) await playTurnByClicks(page);
  await waitMyTurnOrEnd(page);
  const g = await liveGame(page);
  // Undo takes back my move and the computer's reply.
  await page.click('[data-action="undo"]');
  await page.waitForFunction((p) => window.tabla.S.game.ply === p - 2, g.ply);
  // A hint: the computer's suggestion drawn on the board.
  await waitMyTurnOrEnd(page);
  await page.click('[data-action="hint"]');
  await page.waitForSelector('svg.board .hint-ring');
  await shot(page, 'hint-desktop');
  // Typing a move works everywhere: start typing with nothing focused.
  const now = await liveGame(page);
  const typed = now.state.legal[now.state.legal.length - 1];
  await page.click('.status');
  await page.keyboard.type(typed.toUpperCase());
  await page.keyboard.press('Enter');
  await page.waitForFunction((p) => window.tabla.S.game.ply > p, now.ply);
  assert.equal((await liveGame(page)).record[now.ply], typed);
  // A typed move that is not legal: said beside the board, nothing changes.
  await waitMyTurnOrEnd(page);
  const before = (await liveGame(page)).ply;
  await page.fill('input[data-action="type"]', 'z9-z9/z9');
  await page.press('input[data-action="type"]', 'Enter');
  await page.waitForSelector('[data-note="board"]:not([hidden])');
  assert.equal((await liveGame(page)).ply, before);
  assert.deepEqual(page.errors, []);
});

test('records: copy, download, import to continue and to review', async () => {
  const page = await newPage(browser);
  const id = await startFromLobby(page, { game: 'seega', options: { size: '5' }, seats: [null, 'computer:1'] });
  for (let i = 0; i < 3; i++) await playTurnByClicks(page);
  await waitMyTurnOrEnd(page);
  const rec = (await liveGame(page)).record.join(' ');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: PAGE });
  await page.click('details.more summary');
  await page.click('[data-action="copy-record"]');
  await page.waitForFunction(() => document.querySelector('[data-action="copy-record"]').textContent === 'Copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), rec);
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-action="download-record"]')]);
  const file = readFileSync(await dl.path(), 'utf8');
  assert.match(file, /^# tabla seega/);
  assert.ok(file.includes(rec));

  // Import to continue: the lobby picks the game from the file; the game goes on from there.
  await page.goto(`${PAGE}/`);
  await page.setInputFiles('input[type=file]', { name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
  await page.waitForFunction(() => document.querySelector('[data-game="seega"]').getAttribute('aria-pressed') === 'true');
  await page.click('button[data-seat="1"][data-kind="computer"]');
  await page.selectOption('select[data-seat-level="1"]', '1');
  await Promise.all([page.waitForURL(/\/g\//), page.click('[data-action="import-continue"]')]);
  await page.waitForFunction(() => window.tabla && window.tabla.S.game);
  const cont = await liveGame(page);
  assert.equal(cont.record.slice(0, rec.split(' ').length).join(' '), rec);
  await playTurnByClicks(page);
  assert.ok((await liveGame(page)).ply > rec.split(' ').length);

  // Import to review: the game opens at its start, every seat this browser's (nobody moves
  // by themselves), and steps forward through the imported moves.
  await page.goto(`${PAGE}/`);
  await page.click('[data-game="seega"]');
  await page.click('button[data-option="size"][data-value="5"]');
  await page.fill('[data-import="text"]', rec);
  await Promise.all([page.waitForURL(/\/g\/.*review=0/), page.click('[data-action="import-review"]')]);
  await page.waitForFunction(() => window.tabla && window.tabla.S.game);
  const newId = page.url().match(/\/g\/([^/?#]+)/)[1];
  assert.notEqual(newId, id);
  await boardPly(page, 0);
  await page.waitForSelector('.review-banner[data-review="0"]');
  const start = (await api('GET', `/api/games/${newId}?ply=0`)).json;
  assert.equal(await page.evaluate(() => window.tabla.S.shown.state.position), start.state.position);
  await shot(page, 'import-review-desktop');
  await page.keyboard.press('ArrowRight');
  await boardPly(page, 1);
  await page.waitForSelector('.review-banner[data-review="1"]');
  const imported = await liveGame(page);
  assert.equal(imported.record.join(' '), rec, 'the imported game is not played on');
  assert.deepEqual(imported.seats.map((s) => s.kind), ['human', 'human']);
  assert.deepEqual(page.errors, []);
});

test('resign: the end screen, then a rematch with the colours changed', async () => {
  const page = await newPage(browser);
  await startFromLobby(page, { game: 'gipf', options: { variant: 'basic' }, seats: [null, 'computer:1'] });
  await playTurnByClicks(page);
  await waitMyTurnOrEnd(page);
  page.once('dialog', (d) => d.accept());
  await page.click('[data-action="resign"]');
  await page.waitForSelector('dialog [data-end]');
  assert.match(await page.locator('dialog .result').textContent(), /lose/);
  assert.match(await page.locator('dialog .reason').textContent(), /resigned/);
  await shot(page, 'resign-end-desktop');
  const old = page.url();
  await Promise.all([page.waitForURL((u) => u.href !== old), page.click('dialog [data-action="rematch"]')]);
  await page.waitForFunction(() => window.tabla && window.tabla.S.game);
  const re = await liveGame(page);
  assert.ok(re.ply <= 1, 'a new game (the computer may have moved already)');
  assert.equal(re.seats[0].kind, 'computer:1');
  assert.equal(re.seats[1].kind, 'human');
  // I play Black now: my side at the bottom.
  assert.equal(await page.getAttribute('svg.board', 'data-rotation'), '180');
  assert.deepEqual(page.errors, []);
});
