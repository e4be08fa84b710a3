// The lobby: in Hungarian from the browser's language, every game with every option, the
// switch back to English; a game started from it appears in "my games".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, PAGE, shot, PHONE, DESKTOP, api, startFromLobby, waitMyTurnOrEnd } from './harness.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser && browser.close());

test('the lobby in Hungarian, then in English', async () => {
  const page = await newPage(browser, { locale: 'hu-HU' });
  await page.goto(`${PAGE}/`);
  await page.waitForSelector('[data-game]');
  const meta = (await api('GET', '/api/meta')).json;
  assert.equal(await page.locator('section.new h2').textContent(), 'Új játszma');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'hu');
  // Every game is offered, each with every option of its rules file.
  for (const g of meta.games) {
    await page.click(`[data-game="${g.id}"]`);
    // (Options of the hexagonal board show once it is chosen.)
    const missing = [];
    for (const o of g.options) if (!(await page.$(`[data-option="${o.key}"]`))) missing.push(o.key);
    if (g.id === 'amazons') {
      assert.deepEqual(missing.sort(), ['hex_diagonals', 'side']);
      await page.click('button[data-option="board"][data-value="hex"]');
      for (const k of missing) await page.waitForSelector(`[data-option="${k}"]`);
      await page.click('button[data-option="board"][data-value="square"]');
    } else assert.deepEqual(missing, [], `${g.id}: options missing`);
    // A free-text option says what it takes in Hungarian too (texts without words, like 4-26, stay).
    for (const o of g.options) {
      if (o.choices.length || !/[a-z]{2}/i.test(o.values) || missing.includes(o.key)) continue;
      const help = await page.locator(`[data-option-row="${o.key}"] .help`).last().textContent();
      assert.ok(!help.includes(o.values), `${g.id}: the values of ${o.key} are shown in English: ${help}`);
    }
    // Defaults preselected.
    for (const o of g.options.filter((o) => o.choices.length && !missing.includes(o.key))) {
      const pressed = await page.getAttribute(`button[data-option="${o.key}"][aria-pressed="true"]`, 'data-value');
      assert.equal(pressed, o.choices.includes(o.default) ? o.default : o.choices[0], `${g.id}: default of ${o.key}`);
    }
  }
  await page.click('[data-game="seega"]');
  const help = await page.locator('.option .help').first().textContent();
  assert.match(help, /tábla oldala/);
  assert.match(await page.locator('.seat').first().textContent(), /Első/);
  await shot(page, 'lobby-hu-desktop', { full: true });
  await page.setViewportSize(PHONE);
  await shot(page, 'lobby-hu-phone', { full: true });
  await page.setViewportSize(DESKTOP);
  await page.click('[data-action="lang"]');
  assert.equal(await page.locator('section.new h2').textContent(), 'New game');
  assert.deepEqual(page.errors, []);
});

test('the seats are the players the options make, and a bad combination is refused before creating', async () => {
  const page = await newPage(browser);
  await page.goto(`${PAGE}/`);
  await page.click('[data-game="amazons"]');
  const seatNames = () => page.locator('.seat .who').allTextContents();
  await page.waitForFunction(() => document.querySelectorAll('.seat').length === 2);
  assert.deepEqual(await seatNames(), ['White', 'Black']);
  // Three players: the server's preview names the seats and draws the start.
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/preview') && r.request().postData().includes('"players":"3"'));
  await page.click('button[data-option="players"][data-value="3"]');
  const preview = await (await asked).json();
  assert.deepEqual(preview.players, ['p1', 'p2', 'p3']);
  await page.waitForFunction(() => document.querySelectorAll('.seat').length === 3);
  assert.deepEqual(await seatNames(), ['Player 1', 'Player 2', 'Player 3']);
  assert.equal(await page.locator('svg.board.preview [data-id]').count(), preview.state.view.cells.length + (preview.state.view.points || []).length);
  // Teams need four players: said at once at the option, in words, and nothing can start.
  await page.click('button[data-option="teams"][data-value="on"]');
  await page.waitForSelector('[data-option-error="teams"]');
  assert.match(await page.locator('[data-option-error="teams"]').textContent(), /Teams = on needs Players = 4/);
  assert.equal(await page.locator('[data-action="start"]').isDisabled(), true);
  assert.equal(await page.locator('[data-action="import-review"]').isDisabled(), true);
  await shot(page, 'lobby-refused-desktop', { full: true });
  // Four players: fine again; the game is created with those seats.
  await page.click('button[data-option="players"][data-value="4"]');
  await page.waitForFunction(() => document.querySelectorAll('.seat').length === 4 && !document.querySelector('[data-option-error]'));
  assert.equal(await page.locator('[data-action="start"]').isDisabled(), false);
  assert.deepEqual(await seatNames(), ['Player 1', 'Player 2', 'Player 3', 'Player 4']);
  await shot(page, 'lobby-four-desktop', { full: true });
  await Promise.all([page.waitForURL(/\/g\//), page.click('[data-action="start"]')]);
  await page.waitForFunction(() => window.tabla && window.tabla.S.game);
  const g = await page.evaluate(() => window.tabla.S.game);
  assert.deepEqual(g.seats.map((s) => s.player), ['p1', 'p2', 'p3', 'p4']);
  assert.deepEqual(g.options, { players: '4', teams: 'on' });
  assert.deepEqual(page.errors, []);
});

test('what is being typed survives the lobby redrawing itself when an answer arrives', async () => {
  const page = await newPage(browser);
  await page.goto(`${PAGE}/`);
  await page.waitForSelector('[data-import="text"]');
  // Hold the server's preview answer, type meanwhile, then let it arrive: it redraws the lobby.
  let release;
  const held = new Promise((r) => (release = r));
  let asked = 0;
  await page.route('**/api/preview', async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  await page.click('[data-game="seega"]');
  await page.click('button[data-option="size"][data-value="7"]');
  await page.fill('[data-watch="link"]', '/g/some-game');
  await page.fill('[data-import="text"]', 'a1,b2 c3');
  await page.press('[data-import="text"]', 'ArrowLeft');
  assert.ok(asked > 0, 'the preview was asked');
  release();
  await page.waitForFunction(() => document.querySelector('button[data-option="size"][data-value="7"]').getAttribute('aria-pressed') === 'true' && document.querySelector('.seat'));
  await page.waitForLoadState('networkidle');
  assert.equal(await page.inputValue('[data-watch="link"]'), '/g/some-game');
  assert.equal(await page.inputValue('[data-import="text"]'), 'a1,b2 c3');
  assert.deepEqual(await page.evaluate(() => [document.activeElement.getAttribute('data-import'), document.activeElement.selectionStart]), ['text', 7]);
  // Typing goes on where the caret was.
  await page.keyboard.type('X');
  assert.equal(await page.inputValue('[data-import="text"]'), 'a1,b2 cX3');
  await page.unroute('**/api/preview');
  assert.deepEqual(page.errors, []);
});

test('the rules open from the lobby in the language of the page', async () => {
  const page = await newPage(browser, { locale: 'hu-HU' });
  await page.goto(`${PAGE}/`);
  await page.click('[data-game="amazons"]');
  await page.click('[data-action="rules"]');
  await page.waitForSelector('dialog .rules h1');
  assert.match(await page.locator('dialog .rules h1').textContent(), /Amazonok/);
  await shot(page, 'rules-hu-desktop');
  assert.deepEqual(page.errors, []);
});

test('my games in progress are listed to resume, and can be forgotten', async () => {
  const page = await newPage(browser);
  const id = await startFromLobby(page, { game: 'gipf', options: { variant: 'standard' }, seats: [null, 'computer:2'] });
  await waitMyTurnOrEnd(page);
  await page.goto(`${PAGE}/`);
  const item = page.locator(`.mine-list li[data-game-id="${id}"]`);
  await item.waitFor();
  await page.waitForFunction((gid) => /Your move/.test(document.querySelector(`.mine-list li[data-game-id="${gid}"] small`).textContent), id);
  assert.match(await item.textContent(), /GIPF · standard game/);
  assert.match(await item.locator('[data-mine="who"]').textContent(), /against the computer \(level 2\)/);
  assert.equal(await item.locator('a').textContent(), 'Resume');
  await shot(page, 'lobby-mine-desktop', { full: true });
  await Promise.all([page.waitForURL(new RegExp(`/g/${id}$`)), item.locator('a').click()]);
  await page.waitForFunction(() => window.tabla && window.tabla.S.game);
  await page.goto(`${PAGE}/`);
  // An unfinished game of mine: Forget asks first (the seat's token is lost with it).
  const asked = new Promise((r) => page.once('dialog', async (d) => { r(d.message()); await d.accept(); }));
  await page.locator(`.mine-list li[data-game-id="${id}"] button[title]`).click();
  assert.match(await asked, /no longer play it/);
  assert.equal(await page.locator(`.mine-list li[data-game-id="${id}"]`).count(), 0);
  assert.deepEqual(page.errors, []);
});
