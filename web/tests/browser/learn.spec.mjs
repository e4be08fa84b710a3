// The first-game lessons (/learn): every lesson of every game is played by clicks along the
// server's own click path of a move that meets it (so a lesson whose position or goal the
// rules refuse fails here), a legal move that misses the goal is answered plainly, progress is
// kept, Hungarian, the phone, and axe finds nothing serious.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, newPage, clickId, shot, api, PAGE, PHONE } from './harness.mjs';
import { LESSONS } from '../../js/lessons.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let browser;
before(async () => (browser = await launch()));
after(async () => browser && browser.close());

/** The lesson's position as the server gives it. */
async function position(game, lesson, record = '') {
  const r = await api('POST', '/api/position', { game, options: lesson.options, position: lesson.position, record });
  assert.equal(r.status, 200, `${game}/${lesson.id}: ${JSON.stringify(r.json)}`);
  return r.json.state;
}

/** Clicks a path: board places by id, the words `done`/`pass` by their buttons. */
async function clickPath(page, path) {
  for (const id of path) {
    if (id === 'done' || id === 'pass') await page.click(`button[data-action="${id}"]`);
    else await clickId(page, id);
  }
}

test('every lesson of every game is met by clicking a move that does what it asks', async () => {
  const page = await newPage(browser);
  for (const [game, list] of Object.entries(LESSONS)) {
    for (const [i, lesson] of list.entries()) {
      await page.goto(`${PAGE}/learn/${game}?lesson=${i + 1}`);
      await page.waitForSelector('svg.board.interactive');
      const state = await position(game, lesson);
      const goal = lesson.goal === 'any' ? state.legal : lesson.goal;
      for (const m of goal) assert.ok(state.legal.includes(m), `${game}/${lesson.id}: goal ${m} is not legal there`);
      // A legal move that does not do what is asked (where there is one): said, and the lesson stays.
      const miss = lesson.goal === 'any' ? null : state.legal.find((m) => !goal.includes(m));
      if (miss) {
        await clickPath(page, state.paths[miss][0]);
        await page.waitForSelector('.learn-status.error');
        assert.match(await page.locator('.learn-status').textContent(), /does not do what this lesson asks/);
        assert.equal(await page.locator('svg.board.interactive').count(), 1, 'still playable');
      }
      await clickPath(page, state.paths[goal[0]][0]);
      await page.waitForSelector('.learn-status.good');
      assert.match(await page.locator('.learn-status').textContent(), /Well done/);
      if (i + 1 < list.length) assert.equal(await page.locator('[data-action="learn-next"]').count(), 1);
      else assert.equal(await page.locator('.learn-finished').count(), 1);
      if (i === list.length - 1) await shot(page, `learn-${game}-done-desktop`);
    }
  }
  // Progress is kept: the index marks every lesson done.
  await page.goto(`${PAGE}/learn`);
  const total = Object.values(LESSONS).reduce((n, l) => n + l.length, 0);
  assert.equal(await page.locator('.learn-done').count(), total);
  await shot(page, 'learn-index-desktop');
  assert.deepEqual(page.errors, []);
});

test('the lessons: reached from the top bar and the rules, Hungarian, a phone, Show me, no serious axe finding', async () => {
  const page = await newPage(browser, { viewport: PHONE, isMobile: true, locale: 'hu-HU' });
  await page.goto(`${PAGE}/`);
  await page.click('a[data-action="learn"]');
  await page.waitForSelector('a[data-learn="seega"]');
  assert.match(await page.locator('h1').textContent(), /Tanuld meg/);
  await page.click('a[data-learn="seega"]');
  await page.waitForSelector('svg.board.interactive');
  assert.match(await page.locator('.learn-task').textContent(), /két követ/);
  // Show me: the hint marks a way to do it on the board.
  await page.goto(`${PAGE}/learn/seega?lesson=2`);
  await page.waitForSelector('svg.board.interactive');
  await page.click('[data-action="learn-hint"]');
  await page.waitForSelector('svg.board .hint-ring');
  await shot(page, 'learn-seega-hint-hu-phone');
  // The board is in view on the phone, above the text.
  const box = await page.locator('svg.board').boundingBox();
  assert.ok(box && box.y < 844 && box.width > 300, `board in view: ${JSON.stringify(box)}`);
  await page.addScriptTag({ path: axePath });
  const serious = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3)}`);
  });
  assert.deepEqual(serious, []);
  // The players' rules lead to the lessons.
  const rules = await api('GET', '/js/rules/seega.hu.md');
  assert.match(rules.json, /\(\/learn\/seega\)/);
  // An unknown game's lessons fall back to the list of games.
  await page.goto(`${PAGE}/learn/chess`);
  await page.waitForSelector('a[data-learn="gipf"]');
  assert.deepEqual(page.errors, []);
});

test('GIPF in a game: after a push that makes a row, the board shows the push done and the prompt says to take the row', async () => {
  // A basic game whose next white turn makes a row on the e line (found by random play).
  const record = 'i4-h4 d1-d2 f1-e2 i2-h2 a2-b3 h1-h2 d1-d2 a3-b4 c1-d2 b1-c2';
  const created = await api('POST', '/api/games', { game: 'gipf', options: { variant: 'basic' }, seats: ['human', 'human'], record });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  const before = (await api('GET', `/api/games/${created.json.id}`)).json;
  assert.ok(before.state.legal.includes('e1-e2;xe2,e3,e4,e5'));
  const stackAt = (id) => before.state.view.cells.find((c) => c.id === id).stack.length;
  assert.equal(stackAt('e5'), 0, 'e5 is empty before the push');
  const page = await newPage(browser);
  await page.goto(`${PAGE}/g/${created.json.id}?token=${created.json.seats[0].token}`);
  await page.waitForSelector('svg.board[data-interactive="true"]');
  await clickId(page, 'e1');
  await clickId(page, 'e2');
  await page.waitForFunction(() => /Click a row to take it/.test(document.querySelector('[data-prompt]')?.textContent || ''));
  // Drawn as it will stand: the line pushed on, a white piece now on e5.
  assert.equal(await page.locator('svg.board .pc[data-at="e5#0"][data-owner="white"]').count(), 1);
  await shot(page, 'gipf-row-to-take-desktop');
  await clickId(page, 'e3');
  await page.waitForSelector('svg.board[data-ply="11"]');
  assert.deepEqual(page.errors, []);
});

test('no screen is wider than a phone: the lobby, the lessons, a game with a person on a clock, in both languages', async () => {
  const created = await api('POST', '/api/games', { game: 'gipf', seats: [{ kind: 'human', name: 'Anna Kovácsné' }, { kind: 'human', name: 'Béla' }], clock: { initial_s: 180, increment_s: 2 } });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  for (const locale of ['en-GB', 'hu-HU']) {
    const page = await newPage(browser, { viewport: PHONE, isMobile: true, locale });
    for (const path of ['/', '/learn', '/learn/gipf?lesson=2', `/g/${created.json.id}?token=${created.json.seats[0].token}`]) {
      await page.goto(`${PAGE}${path}`);
      await page.waitForSelector('.topbar');
      await page.waitForTimeout(300);
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      assert.ok(scroll <= inner + 1, `${locale} ${path}: ${scroll}px wide in a ${inner}px phone`);
    }
    if (locale === 'hu-HU') await shot(page, 'people-game-hu-phone');
    assert.deepEqual(page.errors, []);
  }
});

test('between people: a friend who came by the link is named from this browser, and both see who is watching', async () => {
  const created = await api('POST', '/api/games', { game: 'seega', seats: [{ kind: 'human', name: 'Anna' }, 'human'] });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  const { id, seats } = created.json;
  const anna = await newPage(browser);
  await anna.goto(`${PAGE}/g/${id}?token=${seats[0].token}`);
  await anna.waitForSelector('svg.board');
  // Béla's browser already has a name; he opens the invite link.
  const bela = await newPage(browser, { viewport: PHONE, isMobile: true, locale: 'hu-HU' });
  await bela.addInitScript(() => localStorage.setItem('tabla.pref.name', JSON.stringify('Béla')));
  await bela.goto(`${PAGE}/g/${id}?token=${seats[1].token}`);
  await bela.waitForSelector('svg.board');
  await anna.waitForFunction(() => /Béla/.test(document.querySelector('.player[data-player="second"]')?.textContent || ''));
  assert.equal((await api('GET', `/api/games/${id}`)).json.seats[1].name, 'Béla');
  // A third browser watches: both players see one watcher, in their languages.
  const watcher = await newPage(browser);
  await watcher.goto(`${PAGE}/g/${id}`);
  await watcher.waitForSelector('svg.board');
  await anna.waitForSelector('[data-watchers="1"]');
  assert.match(await anna.locator('[data-watchers]').textContent(), /1 person watching/);
  await bela.waitForSelector('[data-watchers="1"]');
  assert.match(await bela.locator('[data-watchers]').textContent(), /1 néző/);
  await shot(anna, 'people-watchers-desktop');
  await watcher.close();
  await anna.waitForSelector('[data-watchers]', { state: 'detached' });
  for (const p of [anna, bela]) assert.deepEqual(p.errors, []);
});
