// Dev helper: start a game from the lobby and screenshot. node dev/try.mjs GAME out.png [w h]
import { chromium } from 'playwright-core';
const [game, out, w = '1280', hh = '860', extra = ''] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(hh) } });
page.on('console', (m) => console.log('console:', m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto('http://127.0.0.1:8741/');
await page.click(`[data-game="${game}"]`);
await page.click('button[data-seat="1"][data-kind="computer"]');
await Promise.all([page.waitForURL(/\/g\//), page.click('[data-action="start"]')]);
await page.waitForTimeout(1500);
if (extra) await page.evaluate(extra);
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: true });
console.log(JSON.stringify(await page.evaluate(() => ({ s: document.querySelector('.status').textContent, g: window.tabla.S.game.state.to_move, ply: window.tabla.S.game.ply }))));
await browser.close();
