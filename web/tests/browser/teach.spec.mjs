// Issue 22, "a page that teaches": what confused a newcomer, each checked in real Chromium.
// Few page loads, many checks each: the lobby (words for options, a bad option marked at its
// field, Start in view, the level remembered, a refused record in the import box, Hungarian
// throughout), the game screen's feedback (undo only after a move, errors said plainly beside
// the board, a prompt for every click step, the title in words, keys and names for the board),
// a missing game, an overlong id, a bad invite link, and each game's own confusions.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, startFromLobby, playTurnByClicks, waitMyTurnOrEnd, liveGame, shot, api, PAGE, PHONE, DESKTOP } from './harness.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser && browser.close());

const inView = async (page, sel) => {
  const box = await page.locator(sel).boundingBox();
  const vp = page.viewportSize();
  return !!box && box.y >= 0 && box.y + box.height <= vp.height && box.x >= 0 && box.x + box.width <= vp.width;
};

test('the lobby: options in words, a bad value marked at its field, Start in view, the level kept, a bad record said in the import box', async () => {
  const page = await newPage(browser);
  await page.goto(`${PAGE}/`);
  await page.click('[data-game="amazons"]');
  await page.waitForSelector('.seat');
  // Start the game is in view without scrolling, with every option of Amazons shown.
  assert.ok(await inView(page, '[data-action="start"]'), 'Start is visible at 1280×860');
  // Option names are words; options of the hexagonal board only show for it.
  const labels = await page.locator('.option label').allTextContents();
  assert.ok(!labels.some((l) => /_/.test(l) || /^[a-z]+$/.test(l)), `raw keys: ${labels}`);
  assert.equal(await page.locator('[data-option="hex_diagonals"]').count(), 0, 'hex-only option hidden on a square board');
  assert.equal(await page.locator('[data-option="side"]').count(), 0);
  await page.click('button[data-option="board"][data-value="hex"]');
  await page.waitForSelector('[data-option="hex_diagonals"]');
  assert.equal(await page.locator('input[data-option="size"]').count(), 0, 'size is for square boards');
  await page.click('button[data-option="board"][data-value="square"]');
  // A size out of range: marked at its field, said plainly, Start disabled.
  await page.fill('input[data-option="size"]', '99');
  await page.waitForSelector('[data-option-error="size"]');
  assert.match(await page.locator('[data-option-error="size"]').textContent(), /whole number from 4 to 26/);
  assert.equal(await page.getAttribute('input[data-option="size"]', 'aria-invalid'), 'true');
  assert.equal(await page.locator('[data-action="start"]').isDisabled(), true);
  assert.doesNotMatch(await page.locator('main').textContent(), /server refused/i);
  await shot(page, 'teach-lobby-bad-option-desktop');
  await page.fill('input[data-option="size"]', '');
  await page.waitForFunction(() => !document.querySelector('[data-option-error]') && !document.querySelector('[data-action="start"]').disabled);
  // The level chosen is kept for the next visit.
  await page.click('button[data-seat="1"][data-kind="computer"]');
  await page.selectOption('select[data-seat-level="1"]', '5');
  await page.reload();
  await page.waitForSelector('select[data-seat-level="1"]');
  assert.equal(await page.inputValue('select[data-seat-level="1"]'), '5');
  // Each level says how far above level 1 it is rated (the figure is the game's ladder's).
  assert.match(await page.locator('select[data-seat-level="1"] option:checked').textContent(), /^Level 5 — about \d+ above level 1$/);
  // A record the game refuses: the reason in the import box, not beside Start.
  await page.click('[data-game="seega"]');
  await page.fill('[data-import="text"]', 'a1,b2 zz9');
  await page.click('[data-action="import-continue"]');
  await page.waitForSelector('section.import [data-import="refused"]');
  assert.match(await page.locator('section.import [data-import="refused"]').textContent(), /Move 2 of the record \(zz9\)/);
  assert.equal(await page.locator('.start-row .error').count(), 0);
  await shot(page, 'teach-lobby-import-desktop', { full: true });
  // Hungarian: option names and values in Hungarian, no English inside, levels as "N. szint".
  await page.click('[data-action="lang"]');
  await page.click('[data-game="amazons"]');
  const text = await page.locator('section.new').textContent();
  assert.match(text, /Táblaméret/);
  assert.match(text, /négyzetes/);
  assert.doesNotMatch(text, /set-up|the set|Level|Szint \d/);
  assert.match(await page.locator('select[data-seat-level="1"] option:checked').textContent(), /^5\. szint — kb\. \d+ Elo-ponttal az 1\. szint fölött$/);
  await shot(page, 'teach-lobby-hu-desktop');
  assert.deepEqual(page.errors, []);
});

test('a game against the computer: undo only after my move, errors beside the board, a prompt for each click, the title in words, keys', async () => {
  const page = await newPage(browser);
  await startFromLobby(page, { game: 'amazons', options: { board: 'hex', players: '3' }, seats: [null, 'computer:1', 'computer:1'] });
  await waitMyTurnOrEnd(page);
  assert.match(await page.locator('.topbar .title').textContent(), /Amazons · hex board, 3 players/);
  // Nothing of mine to undo yet: no Undo button.
  assert.equal(await page.locator('[data-action="undo"]').count(), 0);
  assert.equal(await page.locator('[data-prompt]').textContent(), 'Click one of your queens.');
  // The board is a labelled group; places have names; the keyboard plays.
  assert.match(await page.getAttribute('svg.board', 'aria-label'), /Amazons/);
  const g = await liveGame(page);
  const move = g.state.legal.find((m) => g.state.paths[m][0][2] === g.state.paths[m][0][0]) || g.state.legal[0];
  const [from, to, shotAt] = g.state.paths[move][0];
  assert.match(await page.getAttribute(`svg.board [data-id="${from}"]`, 'aria-label'), new RegExp(`^${from}, Player 1 queen`));
  await page.focus(`svg.board [data-id="${from}"]`);
  await page.keyboard.press('Enter');
  await page.waitForFunction((f) => window.tabla.S.clicks.join() === f, from);
  assert.equal(await page.locator('[data-prompt]').textContent(), 'Click the cell to move the queen to.');
  await page.keyboard.press('ArrowRight');
  assert.notEqual(await page.evaluate(() => document.activeElement.getAttribute('data-id')), from, 'arrows move between places');
  assert.equal(await page.evaluate(() => window.tabla.S.clicks.length), 1, 'arrows do not step the review');
  await page.click(`svg.board [data-id="${to}"]`);
  // The shot: the queen stands on her new cell; her old cell, empty now, may be shot at.
  await page.waitForSelector(`svg.board .pc[data-at="${to}#0"][data-kind="queen"]`);
  assert.equal(await page.locator(`svg.board .pc[data-at="${from}#0"]`).count(), 0);
  assert.match(await page.locator('[data-prompt]').textContent(), /The queen has moved/);
  if (shotAt === from) assert.equal(await page.locator(`svg.board [data-id="${from}"].target`).count(), 1, 'her old cell is a target');
  await shot(page, 'teach-amazons-shot-desktop');
  await page.click(`svg.board [data-id="${shotAt}"]`);
  await waitMyTurnOrEnd(page);
  // Now there is something to undo; the moves were announced.
  await page.waitForSelector('[data-action="undo"]');
  assert.ok((await page.locator('[data-live-region]').textContent()).length > 0);
  // A move the server refuses: said plainly beside the board.
  await page.fill('[data-action="type"]', 'zz1-zz2/zz3');
  await page.press('[data-action="type"]', 'Enter');
  await page.waitForSelector('[data-note="board"]:not([hidden])');
  const said = await page.locator('[data-note="board"]').textContent();
  assert.doesNotMatch(said, /server refused/i);
  await page.click('[data-action="undo"]');
  await page.waitForFunction(() => window.tabla.S.game.ply === 0 || window.tabla.S.game.state.to_move === 'p1');
  await page.waitForFunction(() => !document.querySelector('[data-action="undo"]'));
  // On a phone whose turn it is shows above the board.
  await page.setViewportSize(PHONE);
  assert.ok(await inView(page, '.turn-bar'), 'the turn bar is above the fold');
  assert.match(await page.locator('.turn-bar').textContent(), /Your move/);
  await shot(page, 'teach-amazons-phone');
  await page.setViewportSize(DESKTOP);
  assert.deepEqual(page.errors, []);
});

test('no such game, an overlong id, an invite link that is not valid', async () => {
  const page = await newPage(browser);
  await page.goto(`${PAGE}/g/doesnotexist`);
  await page.waitForSelector('[data-notfound]');
  assert.equal(await page.locator('[data-notfound] h1').textContent(), 'No such game');
  assert.equal(await page.getAttribute('[data-notfound] a[data-action="lobby"]', 'href'), '/');
  await page.goto(`${PAGE}/g/${'x'.repeat(5000)}`);
  await page.waitForSelector('[data-notfound]');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), 'nothing runs off the page');
  await shot(page, 'teach-notfound-desktop');
  const created = (await api('POST', '/api/games', { game: 'seega', seats: ['human', 'human'] })).json;
  await page.goto(`${PAGE}/g/${created.id}?token=garbage`);
  await page.waitForSelector('.status[data-invite="bad"]');
  assert.match(await page.locator('.status').textContent(), /invite link is not valid.*watching/);
  // My games: a finished game says its result, the opponent and the date, and opens (no Resume).
  const lost = (await api('POST', '/api/games', { game: 'amazons', seats: ['human', 'computer:2'] })).json;
  const tok = lost.seats[0].token;
  assert.equal((await api('POST', `/api/games/${lost.id}/resign`, {}, tok)).status, 200);
  await page.evaluate(([gid, token]) => {
    const all = JSON.parse(localStorage.getItem('tabla.games.v1') || '{}');
    all[gid] = { id: gid, game: 'amazons', options: {}, tokens: { white: token }, invites: {}, created: Date.UTC(2026, 11, 3, 12, 0), touched: Date.now() };
    localStorage.setItem('tabla.games.v1', JSON.stringify(all));
  }, [lost.id, tok]);
  await page.goto(`${PAGE}/`);
  const item = page.locator(`.mine-list li[data-game-id="${lost.id}"]`);
  await page.waitForFunction((gid) => document.querySelector(`.mine-list li[data-game-id="${gid}"][data-over="true"]`), lost.id);
  assert.match(await item.locator('[data-mine="status"]').textContent(), /^Lost/);
  assert.match(await item.locator('[data-mine="who"]').textContent(), /against the computer \(level 2\) · 3 Dec 2026/);
  assert.equal(await item.locator('a').textContent(), 'Open');
  await shot(page, 'teach-mine-desktop');
  assert.deepEqual(page.errors, []);
});

test('GIPF: the prompts and the GIPF flags; Bulgarian Ur: the legend, the die and the move list', async () => {
  const page = await newPage(browser);
  await startFromLobby(page, { game: 'gipf', seats: [null, 'computer:1'] });
  await waitMyTurnOrEnd(page);
  const counts = await page.locator('.player[data-player="white"] .counts').textContent();
  assert.match(counts, /must enter a GIPF piece/);
  assert.doesNotMatch(counts, /may still enter/);
  assert.match(await page.locator('[data-prompt]').textContent(), /black dot on the edge/);
  const g = await liveGame(page);
  const dot = g.state.paths[g.state.legal[0]][0][0];
  // At the start only GIPF pieces enter: the dot is clicked twice; the push targets are ringed
  // from the first click on.
  await page.click(`svg.board [data-id="${dot}"]`);
  assert.match(await page.locator('[data-prompt]').textContent(), /Only GIPF pieces may enter now: click the dot again/);
  assert.ok((await page.locator('svg.board .ahead-ring').count()) > 0, 'the push targets are marked after one click');
  await shot(page, 'teach-gipf-push-desktop');
  await page.click(`svg.board [data-id="${dot}"]`);
  assert.match(await page.locator('[data-prompt]').textContent(), /Click a target point to push the GIPF piece in/);
  assert.ok((await page.locator(`svg.board .target:not([data-id="${dot}"])`).count()) > 0, 'targets marked');
  // The rules: first how to play by clicking, then the full specification by a link, and back.
  await page.click('[data-action="rules"]');
  await page.waitForSelector('dialog .rules[data-rules="players"] h1');
  assert.equal(await page.locator('dialog .rules h1').textContent(), 'GIPF — how to play');
  assert.match(await page.locator('dialog .rules').textContent(), /click the dot\s+\*?\*?twice/i);
  // A diagram drawn from a real position (the server's view of it), with its caption.
  await page.waitForSelector('dialog .rules figure.rules-board svg.diagram [data-id="b2"]');
  assert.match(await page.locator('dialog .rules figure.rules-board figcaption').textContent(), /row of four/);
  await shot(page, 'teach-gipf-rules-desktop');
  await page.click('dialog .rules a[href="#full"]');
  await page.waitForSelector('dialog .rules[data-rules="full"]');
  assert.match(await page.locator('dialog .rules h1').textContent(), /rules as this project implements them/);
  await page.click('dialog [data-action="rules-lang"]');
  await page.waitForFunction(() => /így játszd|szabályok/i.test(document.querySelector('dialog .rules h1').textContent));
  await page.click('dialog [data-action="rules-short"]');
  await page.waitForSelector('dialog .rules[data-rules="players"]');
  assert.equal(await page.locator('dialog .rules h1').textContent(), 'GIPF — így játszd');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog[open]'));

  await startFromLobby(page, { game: 'bulgarian-ur', seats: [null, 'computer:1'] });
  assert.ok(await page.$('.ur-legend'));
  for (let i = 0; i < 6; i++) if ((await playTurnByClicks(page)) === null) break;
  await waitMyTurnOrEnd(page);
  const items = await page.locator('.moves li').allTextContents();
  assert.ok(items.length > 0);
  for (const it of items) assert.doesNotMatch(it, /^\d+\.\s*(r\d|first=)/, `a roll or the roll-off numbered as a move: ${it}`);
  assert.ok((await page.locator('.moves .die-mini').count()) > 0, 'rolls shown as dice beside the moves');
  assert.ok(await page.$('.die-box[data-roll]'), 'the last roll is on the die');
  await shot(page, 'teach-ur-desktop');
  // Undo is offered after a move of mine and works (a roll alone is nobody's move).
  const before = (await liveGame(page)).ply;
  await page.click('[data-action="undo"]');
  await page.waitForFunction((p) => window.tabla.S.game.ply < p, before);
  assert.equal(await page.locator('[data-note="tool"]:not([hidden])').count(), 0);
  assert.deepEqual(page.errors, []);
});

test('Seega: the switch from placing to moving is announced; the turns without a capture are counted', async () => {
  const page = await newPage(browser, { locale: 'hu-HU' });
  await startFromLobby(page, { game: 'seega', seats: [null, 'computer:1'] });
  await waitMyTurnOrEnd(page);
  assert.match(await page.locator('[data-prompt]').textContent(), /Lerakás/);
  for (let i = 0; i < 12; i++) {
    // Read the position only on my turn: read while the computer's last placement is still
    // coming, it says "placing", and the test would play my first moving turn by mistake.
    await waitMyTurnOrEnd(page);
    const g = await liveGame(page);
    if (/ moving /.test(g.state.position) || g.state.result) break;
    await playTurnByClicks(page);
  }
  await waitMyTurnOrEnd(page);
  await page.waitForSelector('[data-quiet]');
  // The board's gradients are defined once: a second copy (in a hidden picture) would blank the stones.
  assert.equal(await page.evaluate(() => document.querySelectorAll('[id="g-first"]').length), 1);
  assert.match(await page.locator('.legend').textContent(), /Ütés nélküli körök: \d+ \/ 50/);
  assert.match(await page.locator('[data-prompt]').textContent(), /lépések szakasza/);
  await shot(page, 'teach-seega-hu-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'teach-seega-hu-phone');
  assert.deepEqual(page.errors, []);
});
