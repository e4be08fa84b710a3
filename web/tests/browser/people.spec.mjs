// Playing people (issue 26), in two and three browser contexts: an invite and the friend
// joining, offers (takeback, draw) and the rematch landing both in one new game, a watcher
// without buttons; an open game listed live and joined with one click; a real-time clock
// running out ("on time"); a computer's clock running; quick pairing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, playTurnByClicks, liveGame, shot, api, PAGE, PHONE, DESKTOP } from './harness.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser && browser.close());

const plyOf = (page) => page.evaluate(() => window.tabla.S.game.ply);
const ready = (page) => page.waitForFunction(() => window.tabla && window.tabla.S.game);
/** Answers the name dialog (asked once per browser). */
async function giveName(page, name) {
  await page.waitForSelector('dialog [data-name-input]');
  await page.fill('dialog [data-name-input]', name);
  await page.click('dialog [data-action="name-ok"]');
}
/** A shot in English and in Hungarian, desktop and phone. */
async function shots(page, name) {
  for (const lang of ['en', 'hu']) {
    if (lang === 'hu') await page.click('[data-action="lang"]');
    await shot(page, `${name}-${lang}-desktop`);
    await page.setViewportSize(PHONE);
    await shot(page, `${name}-${lang}-phone`, { full: true });
    await page.setViewportSize(DESKTOP);
  }
  await page.click('[data-action="lang"]');
}

test('invite a friend: the wait, the friend arrives, takeback and draw agreed, a rematch for both, a watcher without buttons', async () => {
  const anna = await newPage(browser);
  await anna.goto(`${PAGE}/`);
  await anna.click('[data-game="amazons"]');
  await anna.click('button[data-option="size"][data-value="6"]').catch(() => {});
  await anna.waitForTimeout(400);
  await anna.click('button[data-seat="1"][data-kind="friend"]');
  await anna.click('button[data-clock-choice="none"]');
  await anna.click('[data-action="start"]');
  await giveName(anna, 'Anna');
  await anna.waitForURL(/\/g\//);
  await ready(anna);
  const id = anna.url().match(/\/g\/([^/?#]+)/)[1];
  // The invite box at the top, waiting for the friend.
  await anna.waitForSelector('[data-invite-box="black"] [data-waiting="friend"]');
  const link = await anna.inputValue('[data-invite-box="black"] input');
  assert.match(link, /\?token=/);
  assert.match(await anna.locator('.topbar [data-action="name"]').textContent(), /Anna/);
  await shots(anna, 'people-invite');

  const bela = await newPage(browser, { viewport: PHONE, isMobile: true });
  await bela.goto(link);
  await ready(bela);
  await bela.waitForFunction(() => document.querySelector('.player[data-player="black"] .kind').textContent === 'you');
  // Anna sees the friend arrive; the box goes.
  await anna.waitForSelector('[data-joined]');
  assert.match(await anna.locator('[data-joined]').textContent(), /joined/);
  await anna.waitForSelector('[data-invite-box]', { state: 'detached' });
  assert.match(await bela.locator('.status').textContent(), /Anna/);

  const watcher = await newPage(browser);
  await watcher.goto(`${PAGE}/g/${id}`);
  await ready(watcher);

  // Between people: no hint, no undo; abort before both have moved.
  assert.equal(await anna.locator('[data-action="hint"]').count(), 0);
  assert.equal(await anna.locator('[data-action="abort"]').count(), 1);
  await playTurnByClicks(anna);
  await bela.waitForFunction(() => window.tabla.S.game.ply === 1);
  assert.equal(await bela.title(), '● Your move · Tabla');
  // The tab's icon carries a dot while it is my move.
  await bela.waitForFunction(() => document.querySelector('link[rel="icon"]').getAttribute('href').startsWith('data:image/svg+xml'));
  await playTurnByClicks(bela);
  await anna.waitForFunction(() => window.tabla.S.game.ply === 2);
  assert.equal(await anna.locator('[data-action="abort"]').count(), 0);
  await playTurnByClicks(anna);
  await bela.waitForFunction(() => window.tabla.S.game.ply === 3);

  // Anna asks to take her move back; Béla accepts from the banner.
  await anna.click('[data-action="offer-takeback"]');
  await anna.waitForSelector('[data-offer-mine="takeback"]');
  await bela.waitForSelector('[data-offer="takeback"]');
  await shot(bela, 'people-offer-takeback-phone');
  await bela.click('[data-offer="takeback"] [data-action="accept"]');
  await anna.waitForFunction(() => window.tabla.S.game.ply === 2);
  await bela.waitForSelector('[data-offer]', { state: 'detached' });

  // Béla offers a draw; Anna accepts: both see why it ended.
  await bela.click('[data-action="offer-draw"]');
  await anna.waitForSelector('[data-offer="draw"]');
  await shots(anna, 'people-offer');
  // The watcher sees the game, never an offer or a player's button.
  await watcher.waitForFunction(() => window.tabla.S.game.offers.length === 1);
  for (const b of ['offer-draw', 'offer-takeback', 'abort', 'resign', 'hint', 'undo', 'accept', 'rematch']) assert.equal(await watcher.locator(`[data-action="${b}"]`).count(), 0, b);
  await anna.click('[data-offer="draw"] [data-action="accept"]');
  await anna.waitForSelector('[data-end] .reason');
  assert.match(await anna.locator('[data-end] .reason').textContent(), /Drawn by agreement/);
  await bela.waitForSelector('[data-end] .reason');
  await watcher.waitForSelector('[data-end]');
  assert.equal(await watcher.locator('[data-action="rematch"]').count(), 0);

  // One rematch offer, both see it; accepting lands both in one new game, seats swapped.
  await anna.click('[data-end] [data-action="rematch"]');
  await bela.waitForSelector('[data-end] [data-rematch-line]');
  assert.match(await bela.locator('[data-end] [data-rematch-line]').textContent(), /Anna wants a rematch/);
  await bela.click('[data-end] [data-action="rematch"]');
  await anna.waitForURL((u) => !u.pathname.endsWith(id));
  await bela.waitForURL((u) => !u.pathname.endsWith(id));
  assert.equal(new URL(anna.url()).pathname, new URL(bela.url()).pathname);
  await ready(anna);
  await ready(bela);
  await anna.waitForFunction(() => document.querySelector('.player[data-player="black"] .kind').textContent === 'you');
  await bela.waitForFunction(() => document.querySelector('.player[data-player="white"] .kind').textContent === 'you');
  const g = await liveGame(anna);
  assert.deepEqual(g.seats.map((s) => s.name || null), [null, 'Anna']);
  for (const p of [anna, bela, watcher]) assert.deepEqual(p.errors, []);
  await Promise.all([anna, bela, watcher].map((p) => p.context().close()));
});

test('an open game listed live, joined with one click; the creator sees who joined; the clocks', async () => {
  const bela = await newPage(browser);
  await bela.goto(`${PAGE}/`);
  await bela.waitForSelector('[data-open] [data-open-none], [data-open] .open-list');

  const anna = await newPage(browser);
  await anna.goto(`${PAGE}/`);
  await anna.click('[data-game="gipf"]');
  await anna.waitForTimeout(400);
  await anna.click('button[data-seat="1"][data-kind="open"]');
  await anna.click('button[data-clock-choice="3+2"]');
  await anna.click('[data-action="start"]');
  await giveName(anna, 'Anna');
  await anna.waitForURL(/\/g\//);
  await ready(anna);
  const id = anna.url().match(/\/g\/([^/?#]+)/)[1];
  await anna.waitForSelector('[data-open-seat] [data-waiting="open"]');

  // Béla's lobby shows it at once, in words.
  const row = bela.locator(`[data-open-game="${id}"]`);
  await row.waitFor();
  const words = await row.textContent();
  assert.match(words, /GIPF/);
  assert.match(words, /3\+2/);
  assert.match(words, /by Anna/);
  assert.match(words, /casual/);
  await shots(bela, 'people-open-games');
  // Anna's own lobby lists it as hers, with Cancel.
  const annaLobby = await anna.context().newPage();
  await annaLobby.goto(`${PAGE}/`);
  await annaLobby.waitForSelector(`[data-open-game="${id}"][data-mine="true"] [data-action="cancel-open"]`);
  // Forgetting an unfinished game asks first, saying what is lost.
  const asked = new Promise((r) => annaLobby.once('dialog', async (d) => { r(d.message()); await d.dismiss(); }));
  await annaLobby.click(`.mine-list li[data-game-id="${id}"] [data-action="forget"]`);
  assert.match(await asked, /can no longer play it/);
  assert.equal(await annaLobby.locator(`.mine-list li[data-game-id="${id}"]`).count(), 1);
  await annaLobby.close();

  // The game's own page offers a visitor the open seat too.
  const visitor = await bela.context().newPage();
  await visitor.goto(`${PAGE}/g/${id}`);
  await visitor.waitForSelector('[data-open-seat="black"] [data-action="join"]');
  assert.match(await visitor.locator('[data-open-seat]').textContent(), /Anna is waiting for an opponent/);
  await visitor.close();

  await row.locator('[data-action="join-open"]').click();
  await giveName(bela, 'Béla');
  await bela.waitForURL(new RegExp(`/g/${id}`));
  await ready(bela);
  await anna.waitForSelector('[data-joined]');
  assert.match(await anna.locator('[data-joined]').textContent(), /Béla has joined/);
  // The clocks beside the players, and the names.
  await anna.waitForSelector('.player[data-player="white"] [data-clock]');
  assert.equal(await anna.locator('.player[data-player="black"] [data-clock]').textContent(), '3:00');
  assert.equal(await anna.locator('.player[data-player="black"] .sname').textContent(), 'Béla');
  // Gone from the open games.
  await bela.goto(`${PAGE}/`);
  await bela.waitForSelector('[data-open] [data-open-none], [data-open] .open-list');
  assert.equal(await bela.locator(`[data-open-game="${id}"]`).count(), 0);
  assert.deepEqual(anna.errors, []);
  assert.deepEqual(bela.errors, []);
  await Promise.all([anna, bela].map((p) => p.context().close()));
});

test('a rated real-time clock runs out: red under 20 s, the end says "on time" and the rating changes, the leaderboard', async () => {
  // The shortest clock the server takes (10 s), made through the API; the pages play it.
  // Rated: each with a player identity; the end shows both rating changes.
  const pa = (await api('POST', '/api/players', { name: 'Anna' })).json;
  const pb = (await api('POST', '/api/players', { name: 'Béla' })).json;
  const c = await api('POST', '/api/games', { game: 'amazons', options: { size: '6' }, seats: [{ kind: 'human', name: 'Anna', player_key: pa.key }, 'open'], clock: { initial_s: 10, increment_s: 0 }, rated: true });
  assert.equal(c.status, 201, JSON.stringify(c.json));
  const id = c.json.id;
  const j = await api('POST', `/api/games/${id}/join`, { name: 'Béla', player_key: pb.key });
  assert.equal(j.status, 200, JSON.stringify(j.json));
  const anna = await newPage(browser);
  const bela = await newPage(browser);
  await anna.addInitScript((key) => localStorage.setItem('tabla.pref.player', JSON.stringify({ key })), pa.key);
  await anna.goto(`${PAGE}${c.json.seats[0].url}`);
  await bela.goto(`${PAGE}${j.json.url}`);
  await ready(anna);
  await ready(bela);
  await anna.waitForSelector('.player[data-player="white"] [data-clock].low');
  await playTurnByClicks(anna);
  // Béla's clock runs (red: under 20 s) and ticks down on both screens.
  await anna.waitForSelector('.player[data-player="black"] [data-clock].running.low');
  const first = Number(await anna.getAttribute('.player[data-player="black"] [data-clock]', 'data-ms'));
  await anna.waitForTimeout(1200);
  const later = Number(await anna.getAttribute('.player[data-player="black"] [data-clock]', 'data-ms'));
  assert.ok(later < first - 500, `${first} then ${later}`);
  await shot(anna, 'people-clock-desktop');
  await bela.setViewportSize(PHONE);
  await shot(bela, 'people-clock-phone', { full: true });
  await anna.waitForSelector('[data-end] .reason', { timeout: 15000 });
  assert.match(await anna.locator('[data-end] .reason').textContent(), /Béla lost on time/);
  await bela.waitForSelector('[data-end] .reason');
  assert.match(await bela.locator('[data-end] .result').textContent(), /You lose/);
  assert.match(await anna.locator('[data-end] [data-end-ratings]').textContent(), /Anna 1500 \(\+\d+\) · Béla 1500 \(−\d+\)/);
  assert.match(await bela.locator('.player[data-player="black"] [data-rating-change]').textContent(), /^−\d+$/);
  await shot(anna, 'people-end-time-desktop');
  // The lobby's leaderboard of Amazons has Anna first, and says her rating.
  await anna.goto(`${PAGE}/`);
  await anna.click('[data-game="amazons"]');
  await anna.waitForSelector('[data-leaderboard="amazons"] li');
  assert.match(await anna.locator('[data-leaderboard="amazons"] li').first().textContent(), /Anna/);
  await anna.waitForSelector('[data-my-rating]');
  await shot(anna, 'people-leaderboard-desktop');
  assert.deepEqual(anna.errors, []);
  assert.deepEqual(bela.errors, []);
  await Promise.all([anna, bela].map((p) => p.context().close()));
});

test("a computer's clock runs while it thinks, and stops when it has moved", async () => {
  // The strongest level thinks seconds a move on a long clock: long enough to see its clock run.
  const c = await api('POST', '/api/games', { game: 'gipf', seats: ['human', 'computer:7'], clock: { initial_s: 600, increment_s: 0 } });
  assert.equal(c.status, 201, JSON.stringify(c.json));
  const anna = await newPage(browser);
  await anna.goto(`${PAGE}${c.json.seats[0].url}`);
  await ready(anna);
  await playTurnByClicks(anna);
  const black = '.player[data-player="black"] [data-clock]';
  await anna.waitForSelector(`${black}.running`);
  const first = Number(await anna.getAttribute(black, 'data-ms'));
  await anna.waitForTimeout(1200);
  const later = Number(await anna.getAttribute(black, 'data-ms'));
  assert.ok(later < first - 500 || !(await anna.$(`${black}.running`)), `${first} then ${later}`);
  // Its move lands: its clock stops, charged for the thinking; the person's runs.
  await anna.waitForSelector('.player[data-player="white"] [data-clock].running', { timeout: 20000 });
  assert.equal(await anna.$(`${black}.running`), null);
  assert.ok(Number(await anna.getAttribute(black, 'data-ms')) < 600000);
  assert.deepEqual(anna.errors, []);
  await anna.context().close();
});

test('quick pairing: two people asking for the same game and clock meet; the sound switch; abort before anyone moved', async () => {
  const anna = await newPage(browser);
  const bela = await newPage(browser);
  for (const [p, n] of [[anna, 'Anna'], [bela, 'Béla']]) {
    await p.goto(`${PAGE}/`);
    await p.click('[data-game="seega"]');
    await p.waitForTimeout(300);
  }
  await anna.click('[data-action="pair"][data-clock="15+10"]');
  await giveName(anna, 'Anna');
  await anna.waitForURL(/\/g\//);
  await bela.click('[data-action="pair"][data-clock="15+10"]');
  await giveName(bela, 'Béla');
  await bela.waitForURL(/\/g\//);
  assert.equal(new URL(anna.url()).pathname, new URL(bela.url()).pathname);
  await ready(anna);
  await anna.waitForSelector('[data-joined]');
  assert.match(await anna.locator('[data-joined]').textContent(), /Béla/);
  // The sound is off until switched on, and stays as set.
  assert.equal(await anna.getAttribute('[data-action="sound"]', 'aria-pressed'), 'false');
  await anna.click('[data-action="sound"]');
  assert.equal(await anna.getAttribute('[data-action="sound"]', 'aria-pressed'), 'true');
  assert.equal(await anna.evaluate(() => localStorage.getItem('tabla.pref.sound')), 'true');
  // Nobody has moved: Anna aborts (asked first); both see it end without a result.
  anna.once('dialog', (d) => d.accept());
  await anna.click('[data-action="abort"]');
  await anna.waitForSelector('[data-end] .result');
  assert.equal(await anna.locator('[data-end] .result').textContent(), 'Aborted');
  await bela.waitForSelector('[data-end] .reason');
  assert.match(await bela.locator('[data-end] .reason').textContent(), /aborted before both sides had moved/);
  assert.deepEqual(anna.errors, []);
  assert.deepEqual(bela.errors, []);
  await Promise.all([anna, bela].map((p) => p.context().close()));
});
