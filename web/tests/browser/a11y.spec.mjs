// Accessibility: axe-core (pinned in package.json) finds no serious or critical violation on
// the lobby and on a game of each of the four games; the page follows a dark colour scheme.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, newPage, waitMyTurnOrEnd, shot, api, PAGE } from './harness.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let browser;
before(async () => (browser = await launch()));
after(async () => browser && browser.close());

async function violations(page) {
  await page.addScriptTag({ path: axePath });
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${(n.failureSummary || '').split('\n').slice(1, 2).join(' ')}`) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

test('axe: no serious or critical violations on the lobby and a game of each kind, light and dark', async () => {
  const page = await newPage(browser);
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${PAGE}/`);
    await page.waitForSelector('.seat');
    assert.deepEqual(await violations(page), [], `lobby (${scheme})`);
  }
  // Dark: the page itself is dark.
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = bg.match(/\d+/g).map(Number);
  assert.ok(r + g + b < 200, `a dark background, not ${bg}`);
  await shot(page, 'a11y-lobby-dark-desktop');
  for (const game of ['gipf', 'bulgarian-ur', 'seega', 'amazons']) {
    const created = (await api('POST', '/api/games', { game, seats: ['human', 'computer:1'] })).json;
    const token = created.seats[0].token;
    await page.emulateMedia({ colorScheme: game === 'seega' || game === 'gipf' ? 'dark' : 'light' });
    await page.goto(`${PAGE}/g/${created.id}?token=${token}`);
    await waitMyTurnOrEnd(page);
    assert.deepEqual(await violations(page), [], game);
    if (game === 'seega' || game === 'gipf') await shot(page, `a11y-${game}-dark-desktop`);
  }
  assert.deepEqual(page.errors, []);
});

test('axe: a game between people (the open seat box, clocks, an offer banner), light and dark', async () => {
  const page = await newPage(browser);
  const c = (await api('POST', '/api/games', { game: 'amazons', options: { size: '6' }, seats: [{ kind: 'human', name: 'Anna' }, 'open'], clock: { initial_s: 600, increment_s: 5 } })).json;
  const anna = c.seats[0].token;
  await page.goto(`${PAGE}${c.seats[0].url}`);
  await page.waitForSelector('[data-open-seat] [data-waiting="open"]');
  assert.deepEqual(await violations(page), [], 'the open seat box');
  const j = (await api('POST', `/api/games/${c.id}/join`, { name: 'Béla' })).json;
  const g = (await api('GET', `/api/games/${c.id}`)).json;
  await api('POST', `/api/games/${c.id}/moves`, { move: g.state.legal[0], ply: 0 }, anna);
  await api('POST', `/api/games/${c.id}/offers`, { kind: 'draw' }, j.token);
  await page.waitForSelector('[data-offer="draw"]');
  await page.waitForSelector('.player [data-clock].running');
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    assert.deepEqual(await violations(page), [], `offer banner and clocks (${scheme})`);
  }
  await shot(page, 'a11y-people-dark-desktop');
  await page.emulateMedia({ colorScheme: 'light' });
  assert.deepEqual(page.errors, []);
});
