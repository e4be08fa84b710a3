// The lab (/lab, /lab/NAME): the results the server has (none until some are committed), then
// the test fixtures served in their place (route interception): the list, a card with its
// claim, answer and setup, the SVG charts (bars, heat map, histogram) and the table, the
// language switch, a phone, and an example game opening in the analysis board.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { launch, newPage, shot, PAGE, PHONE, DESKTOP } from './harness.mjs';
import { exampleHref } from '../../js/labchart.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const fixture = (name) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const FILES = {
  'index.json': fixture('lab-index.json'),
  'sample-seega-first-player.json': fixture('lab-sample.json'),
  'sample-gipf-length.json': fixture('lab-sample-gipf.json'),
};
const seega = JSON.parse(FILES['sample-seega-first-player.json']);

let browser;
before(async () => {
  browser = await launch();
});
after(async () => browser && browser.close());

/** Serves the fixtures as the lab's files, whatever the server holds. */
async function withFixtures(page) {
  await page.route(/\/lab\/[^/]+\.json(\?.*)?$/, (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop();
    if (FILES[name]) route.fulfill({ status: 200, contentType: 'application/json', body: FILES[name] });
    else route.fulfill({ status: 404, contentType: 'text/html', body: 'no such file' });
  });
}

const noSideScroll = (page) => page.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth + 1);

async function axe(page) {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')}`));
}

test('the lab as the server has it: its list, or the words for no results yet', async () => {
  const page = await newPage(browser);
  const index = await (await page.request.get(`${PAGE}/lab/index.json`)).json();
  await page.goto(`${PAGE}/`);
  // The lobby leads to the lab (the top bar too, where there is room).
  assert.equal(await page.getAttribute('[data-action="lab-lobby"]', 'href'), '/lab');
  assert.equal(await page.getAttribute('.topbar [data-action="lab"]', 'href'), '/lab');
  await page.goto(`${PAGE}/lab`);
  await page.waitForFunction(() => window.tabla && window.tabla.lab && window.tabla.lab.loaded);
  if (index.experiments.length === 0) {
    assert.match(await page.textContent('[data-lab="empty"]'), /No results yet[\s\S]*tabla lab run NAME/);
    await shot(page, 'lab-empty-desktop');
  } else {
    assert.equal(await page.locator('.lab-item').count(), index.experiments.length);
    assert.equal(await page.locator('.lab-item .error').count(), 0, 'every listed result is there');
  }
  assert.match(await page.textContent('h1'), /The lab/);
  assert.deepEqual(page.errors, []);
});

test('the lab with results: the list, a card and its charts, Hungarian, a phone, an example game', async () => {
  const page = await newPage(browser);
  await withFixtures(page);
  await page.goto(`${PAGE}/lab`);
  await page.waitForSelector('.lab-item');
  // The list: each experiment's title, game and verdict, in the index's order.
  const items = page.locator('.lab-item');
  assert.equal(await items.count(), 2);
  assert.deepEqual(await page.locator('h2.lab-group').allTextContents(), ['Seega', 'GIPF'], 'a heading for each game');
  assert.deepEqual(await items.evaluateAll((li) => li.map((x) => x.dataset.experiment)), ['sample-seega-first-player', 'sample-gipf-length']);
  assert.match(await items.nth(0).textContent(), /Sample: does the first player of Seega win more often\?[\s\S]*Seega[\s\S]*Held/);
  assert.equal(await items.nth(1).locator('.verdict').getAttribute('data-verdict'), 'failed');
  assert.deepEqual(await axe(page), []);
  await shot(page, 'lab-list-desktop');

  // A card, by its deep link from the list.
  await Promise.all([page.waitForURL(/\/lab\/sample-seega-first-player$/), items.nth(0).locator('a').click()]);
  await page.waitForSelector('.lab-card svg.lab-chart');
  assert.equal(await page.textContent('.lab-card h1'), seega.title.en);
  assert.equal(await page.getAttribute('.lab-question blockquote', 'lang'), 'hu');
  assert.match(await page.textContent('.lab-question blockquote'), /aki egy kőre leüti ellenfelét/);
  assert.match(await page.textContent('.lab-translation'), /captures the opponent down to one stone/);
  assert.match(await page.textContent('.lab-answer'), /Held[\s\S]*0\.56 on 5×5/);
  assert.equal(await page.textContent('[data-setup="games"]'), '600 (200 in each of 3 set-ups)');
  assert.equal(await page.textContent('[data-setup="bots"]'), 'computer, level 5, 100 ms a move');
  assert.equal(await page.locator('[data-setup="quick"]').count(), 0);
  assert.equal(await page.textContent('[data-setup="duration"]'), '13 min 32 s');
  assert.equal(await page.textContent('.lab-command code'), seega.setup.command);
  // The charts: as many bars, whiskers, cells and bins as the file has, each chart named.
  const bars = page.locator('[data-kind="bars"] svg');
  assert.equal(await bars.locator('rect.bar').count(), 3);
  assert.equal(await bars.locator('g.whisker').count(), 3);
  assert.equal(await bars.locator('line.reference').count(), 1);
  assert.equal(await bars.getAttribute('role'), 'img');
  assert.equal(await bars.locator('title').first().textContent(), "First player's score by board size");
  assert.deepEqual(await bars.locator('text.value').allTextContents(), ['0.56', '0.61', '0.47']);
  // Longer for a bigger value, as drawn.
  const widths = await bars.locator('rect.bar').evaluateAll((r) => r.map((x) => x.getBBox().width));
  assert.ok(widths[1] > widths[0] && widths[0] > widths[2], String(widths));
  const heat = page.locator('[data-kind="heatmap"] svg');
  assert.equal(await heat.locator('g.cell').count(), 9);
  assert.equal(await heat.locator('g.cell.empty').count(), 1);
  assert.ok((await heat.locator('g.cell text').allTextContents()).includes('0.83'), 'values written in the cells');
  assert.equal(await page.locator('[data-kind="histogram"] svg g.bin').count(), 11);
  assert.equal(await page.locator('[data-kind="table"] tbody tr').count(), 2);
  // The numbers behind a chart, as a table.
  await page.click('[data-kind="bars"] details summary');
  assert.match(await page.textContent('[data-kind="bars"] details table'), /0\.49 – 0\.63/);
  // The examples open the analysis board at the game's record.
  const links = page.locator('.lab-examples a');
  assert.equal(await links.count(), 2);
  assert.equal(await links.nth(1).getAttribute('href'), exampleHref(seega.examples[1], 'seega'));
  assert.match(await links.nth(1).getAttribute('href'), /^\/analysis\/seega\?options=%7B%22size%22%3A%227%22%7D&record=/);
  assert.deepEqual(await axe(page), []);
  assert.ok(await noSideScroll(page), 'no sideways scrolling on the desktop');
  await shot(page, 'lab-card-desktop', { full: true });

  // Hungarian: every text of the card and the charts, numbers with a decimal comma.
  await page.click('[data-action="lang"]');
  await page.waitForFunction(() => document.documentElement.lang === 'hu');
  assert.equal(await page.textContent('.lab-card h1'), seega.title.hu);
  assert.equal(await page.locator('.lab-translation').count(), 0, 'no translation of Hungarian into Hungarian');
  assert.match(await page.textContent('.lab-answer'), /Beigazolódott[\s\S]*0,56 pontot/);
  assert.deepEqual(await bars.locator('text.value').allTextContents(), ['0,56', '0,61', '0,47']);
  assert.equal(await bars.locator('title').first().textContent(), 'A kezdő pontszáma táblaméret szerint');
  assert.equal(await page.textContent('[data-setup="duration"]'), '13 perc 32 mp');
  assert.match(await page.textContent('.lab-examples'), /Példajátszmák[\s\S]*az elemzőtáblán nyílik meg/);
  assert.match(await page.textContent('.lab-crumbs'), /Minden kísérlet/);
  await shot(page, 'lab-card-hu-desktop', { full: true });

  // A phone: the charts are drawn again for its width, nothing sticks out sideways.
  await page.setViewportSize(PHONE);
  await page.waitForFunction(() => {
    const svg = document.querySelector('[data-kind="bars"] svg');
    return svg && Number(svg.getAttribute('width')) <= 390;
  });
  assert.ok(await noSideScroll(page), 'no sideways scrolling on a phone');
  const textSize = await bars.locator('text.label').first().evaluate((el) => el.getBoundingClientRect().height);
  assert.ok(textSize >= 11, `the labels stay readable (${textSize}px)`);
  await shot(page, 'lab-card-hu-phone', { full: true });
  await page.setViewportSize(DESKTOP);
  await page.click('[data-action="lang"]');
  await page.waitForFunction(() => document.documentElement.lang === 'en');

  // The example opens on the analysis board, every move of its record played.
  const n = seega.examples[1].record.split(' ').length;
  await Promise.all([page.waitForURL(/\/analysis\/seega\?/), links.nth(1).click()]);
  await page.waitForFunction((want) => {
    const s = window.tabla && window.tabla.analysis;
    return s && s.state && s.tree.depth() === want;
  }, n);
  assert.deepEqual(page.errors, []);
});

test('the lab on a phone: the list, and an experiment that is not there', async () => {
  const page = await newPage(browser, { viewport: PHONE, isMobile: true });
  await withFixtures(page);
  await page.goto(`${PAGE}/lab`);
  await page.waitForSelector('.lab-item');
  assert.ok(await noSideScroll(page));
  await shot(page, 'lab-list-phone', { full: true });
  // A heat map wider than the phone scrolls in its own box (which the keyboard can reach),
  // not the page.
  await page.goto(`${PAGE}/lab/sample-gipf-length`);
  const wide = page.locator('[data-kind="heatmap"] .lab-svg');
  await wide.locator('svg').waitFor();
  assert.equal(await wide.locator('g.cell').count(), 36);
  assert.equal(await wide.getAttribute('tabindex'), '0');
  assert.ok(await wide.evaluate((el) => el.scrollWidth > el.clientWidth));
  assert.ok(await noSideScroll(page));
  assert.deepEqual(await axe(page), []);
  await shot(page, 'lab-wide-heatmap-phone', { full: true });
  await page.goto(`${PAGE}/lab/no-such-experiment`);
  await page.waitForFunction(() => window.tabla && window.tabla.lab && window.tabla.lab.loaded);
  assert.match(await page.textContent('main'), /There is no experiment named “no-such-experiment”/);
  assert.equal(await page.getAttribute('.lab-crumbs a', 'href'), '/lab');
  assert.deepEqual(page.errors, []);
});
