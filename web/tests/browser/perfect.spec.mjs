// Perfect play (issue 23): the lobby offers the perfect computer seat only where the server
// plays the options perfectly, a game against it starts; the analysis board says exact win
// chances (Bulgarian Ur's table) and proven results (small Amazons boards) apart from the
// engine's estimates, in English and Hungarian.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, shot, startFromLobby, api, PAGE } from './harness.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => browser && browser.close());

const SMALL = '.22./2..2/1..1/.11.';

test('perfect seat: offered for a small Amazons board only, and a game against it starts', async () => {
  const page = await newPage(browser);
  await page.goto(`${PAGE}/`);
  await page.click('[data-game="amazons"]');
  await page.click('button[data-seat="1"][data-kind="computer"]');
  await page.waitForTimeout(600);
  assert.equal(await page.locator('select[data-seat-level="1"] option[value="perfect"]').count(), 0, 'no perfect seat on 6×6');
  const id = await startFromLobby(page, { game: 'amazons', options: { layout: SMALL }, seats: [null, 'computer:perfect'] });
  const g = await api('GET', `/api/games/${id}`);
  assert.equal(g.json.seats[1].kind, 'computer:perfect');
  await page.waitForFunction(() => document.body.textContent.includes('perfect play'));
  await shot(page, 'perfect-game');
});

test('analysis board: exact win chances in Bulgarian Ur with one disc', async () => {
  const page = await newPage(browser);
  const options = encodeURIComponent(JSON.stringify({ discs: '1', quiet: 'off' }));
  await page.goto(`${PAGE}/analysis/bulgarian-ur?options=${options}&record=${encodeURIComponent('first=black r2')}`);
  await page.waitForSelector('[data-engine=exact]', { timeout: 20000 });
  const said = await page.textContent('[data-engine=exact]');
  assert.match(said, /Exact win chance of Black here: \d+\.\d\d%/);
  assert.match(await page.textContent('.evalbar .pct'), /exactly \d+\.\d\d% to win/);
  assert.match(await page.textContent('.engine h3'), /exact win chance/);
  await shot(page, 'perfect-analysis-ur');
});

test('analysis board: a proven Amazons position says won in N, with the fastest win, in Hungarian too', async () => {
  const page = await newPage(browser);
  const options = encodeURIComponent(JSON.stringify({ layout: '2.2./..../1.1.' }));
  await page.goto(`${PAGE}/analysis/amazons?options=${options}`);
  await page.waitForSelector('[data-engine=verdict]', { timeout: 20000 });
  assert.equal(await page.getAttribute('[data-engine=verdict]', 'data-verdict'), 'won');
  // The solver also counts the turns to the end: won in 7 (both players' turns).
  assert.equal(await page.getAttribute('[data-engine=verdict]', 'data-turns'), '7');
  assert.match(await page.textContent('[data-engine=verdict]'), /White to move wins with best play: exact \(turns to the end: 7\) · the fastest win: \S+/);
  assert.match(await page.textContent('.evalbar .pct'), /White: won in 7/);
  assert.equal(await page.getAttribute('.evalbar .pct', 'data-eval'), '1.000');
  await shot(page, 'perfect-analysis-amazons');
  // Playing the fastest win: Black has lost in 6, and the board names the longest defence.
  await page.click('[data-winning]');
  await page.waitForSelector('[data-engine=verdict][data-verdict=lost][data-turns="6"]', { timeout: 20000 });
  assert.match(await page.textContent('[data-engine=verdict]'), /Black to move loses with best play: exact \(turns to the end: 6\) · the longest defence: \S+/);
  const defence = await page.getAttribute('[data-defence]', 'data-defence');
  await page.click('[data-defence]');
  await page.waitForSelector('[data-engine=verdict][data-verdict=won][data-turns="5"]', { timeout: 20000 });
  assert.ok(defence);
  await shot(page, 'perfect-analysis-amazons-defence');
  const hu = await newPage(browser, { locale: 'hu-HU' });
  await hu.goto(`${PAGE}/analysis/amazons?options=${options}`);
  await hu.waitForSelector('[data-engine=verdict]', { timeout: 20000 });
  assert.match(await hu.textContent('[data-engine=verdict]'), /7 lépésben nyer: pontos érték · a leggyorsabb nyerés: \S+/);
  await shot(hu, 'perfect-analysis-amazons-hu');
});
