// Dev helper: create a game through the API (via the proxy), open it with a seat, play N
// turns by clicking the first path, screenshot desktop and phone.
// node dev/look.mjs NAME GAME 'k=v k=v' TURNS [seats]
import { chromium } from 'playwright-core';
const [name, game, opts = '', turns = '0', seatsArg = 'human,computer:1'] = process.argv.slice(2);
const base = 'http://127.0.0.1:8741';
const options = Object.fromEntries(opts.split(/\s+/).filter(Boolean).map((kv) => kv.split('=')));
const meta = await (await fetch(`${base}/api/meta`)).json();
let seats = seatsArg.split(',');
const created = await (await fetch(`${base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game, options }) })).json();
if (created.error) { console.log(created.error); process.exit(1); }
const tok = created.seats[0].token;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
// Hot seat: hold every token.
await page.goto(`${base}/`);
await page.evaluate(({ id, seats, only }) => {
  const all = JSON.parse(localStorage.getItem('tabla.games.v1') || '{}');
  all[id] = { id, tokens: Object.fromEntries(seats.filter((s, i) => s.token && (only === null || i === only)).map((s) => [s.player, s.token])), invites: {} };
  localStorage.setItem('tabla.games.v1', JSON.stringify(all));
}, { id: created.id, seats: created.seats, only: process.env.SEAT ? Number(process.env.SEAT) : null });
await page.goto(`${base}/g/${created.id}`);
await page.waitForFunction(() => window.tabla && window.tabla.S.game);
for (let i = 0; i < Number(turns); i++) {
  await page.waitForFunction(() => { const S = window.tabla.S; return S.game.state.result || (!S.sending && !S.forcedTimer && (document.querySelector('[data-action=roll]') || document.querySelector('svg.board').getAttribute('data-interactive') === 'true')); });
  const g = await page.evaluate(() => window.tabla.S.game);
  if (g.state.result) break;
  if (await page.$('[data-action=roll]')) { await page.click('[data-action=roll]'); await page.waitForFunction((p) => window.tabla.S.game.ply > p, g.ply); continue; }
  if (g.state.legal.length === 1) { await page.waitForFunction((p) => window.tabla.S.game.ply > p, g.ply); continue; }
  const m = g.state.legal[Math.floor(g.state.legal.length / 3)];
  for (const c of g.state.paths[m][0]) {
    if (c === 'done' || c === 'pass') await page.click(`[data-action=${c}]`); else await page.click(`svg.board [data-id="${c}"]`);
  }
  await page.waitForFunction((p) => window.tabla.S.game.ply > p || window.tabla.S.game.state.result, g.ply);
}
await page.waitForTimeout(600);
await page.screenshot({ path: `/tmp/look-${name}-desktop.png` });
await page.setViewportSize({ width: 390, height: 844 });
await page.waitForTimeout(300);
await page.screenshot({ path: `/tmp/look-${name}-phone.png` });
console.log(created.id, await page.evaluate(() => window.tabla.S.game.ply));
await browser.close();
