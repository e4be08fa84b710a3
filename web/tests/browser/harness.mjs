// What every browser test shares: the server (started by run-browser.sh, restartable), a
// real headless Chromium (Debian's), and helpers that play a turn by clicking the page.

import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, readFileSync, writeFileSync, openSync } from 'node:fs';
import { join } from 'node:path';

export const ADDR = process.env.TABLA_ADDR || '127.0.0.1:8080';
export const BASE = `http://${ADDR}`;
/** Where pages are opened: the server itself, or (TABLA_PAGE_FROM_DISK=1) a proxy that serves web/ from disk. */
export const PAGE = process.env.TABLA_PAGE || BASE;
export const ARTIFACTS = process.env.TABLA_ARTIFACTS || new URL('../artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

/**
 * Debian's Chromium, headless. Playwright gives every launch a fresh profile of its own (it
 * passes `--user-data-dir` itself, in a new temporary folder, and refuses one in `args`).
 */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A new page with its own storage, collecting page errors (a test fails on any). */
export async function newPage(browser, { viewport = DESKTOP, locale = 'en-GB', isMobile = false } = {}) {
  const context = await browser.newContext({ viewport, locale, isMobile, hasTouch: isMobile, deviceScaleFactor: isMobile ? 2 : 1 });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e.stack || e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource|WebSocket connection/.test(m.text())) page.errors.push(m.text());
  });
  page.setDefaultTimeout(20000);
  return page;
}

/**
 * A request to the server, on a connection of its own that closes after the answer (fetch's
 * pooled keep-alive connections would hold the test process open after its tests).
 */
export function api(method, path, body, token) {
  const [host, port] = ADDR.split(':');
  const headers = { 'Content-Type': 'application/json', Connection: 'close' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const data = body === undefined ? null : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request({ host, port: Number(port), method, path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {
          json = text;
        }
        resolve({ status: res.statusCode, json });
      });
    });
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

/** The game as the page holds it (the live one). */
export const liveGame = (page) => page.evaluate(() => window.tabla && window.tabla.S.game);

/** Waits until the page is ready for my click or roll, or the game is over. */
export async function waitMyTurnOrEnd(page, timeout = 60000) {
  await page.waitForFunction(
    () => {
      const t = window.tabla;
      if (!t || !t.S.game) return false;
      const g = t.S.game;
      if (g.state.result) return true;
      if (t.S.sending || t.S.forcedTimer || t.review.isReviewing()) return false;
      if (document.querySelector('[data-action="roll"]:not([disabled])')) return true;
      const svg = document.querySelector('svg.board');
      return svg && svg.getAttribute('data-interactive') === 'true' && (g.state.legal || []).length !== 1;
    },
    null,
    { timeout, polling: 100 },
  );
}

/** Clicks a board id or a button word. */
export async function clickId(page, id) {
  if (id === 'done' || id === 'pass') await page.click(`[data-action="${id}"]`);
  else await page.click(`svg.board [data-id="${cssq(id)}"]`);
}
const cssq = (s) => String(s).replace(/["\\]/g, '\\$&');

/**
 * Plays one turn of mine by clicks: the first legal move's first path, click by click
 * (or the die). Returns what was done, or null when the game is over.
 */
export async function playTurnByClicks(page, { pick = (legal) => legal[0] } = {}) {
  await waitMyTurnOrEnd(page);
  const g = await liveGame(page);
  if (g.state.result) return null;
  const ply = g.ply;
  if (await page.$('[data-action="roll"]:not([disabled])')) {
    await page.click('[data-action="roll"]');
    await page.waitForFunction((p) => window.tabla.S.game.ply > p, ply);
    return 'roll';
  }
  const move = pick(g.state.legal);
  const path = g.state.paths[move][0];
  for (const id of path) await clickId(page, id);
  await page.waitForFunction((p) => window.tabla.S.game.ply > p || window.tabla.S.game.state.result, ply);
  return move;
}

/** Plays by clicks until the game ends (the computer answers by itself). */
export async function playToEnd(page, { maxTurns = 400, onTurn = async () => {} } = {}) {
  for (let i = 0; i < maxTurns; i++) {
    const did = await playTurnByClicks(page);
    if (did === null) return i;
    await onTurn(i, did);
  }
  throw new Error(`the game did not end in ${maxTurns} turns`);
}

/** A screenshot of the board area (or the page) into the artifacts. */
export async function shot(page, name, { full = false } = {}) {
  const path = join(ARTIFACTS, `${name}.png`);
  await page.waitForTimeout(350); // let animations finish
  if (full) await page.screenshot({ path, fullPage: true });
  else await page.screenshot({ path });
  return path;
}

/** The same page, resized to a phone and back, shot both ways. */
export async function shotBoth(page, name) {
  const vp = page.viewportSize();
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await shot(page, `${name}-phone`, { full: true });
  await page.setViewportSize(vp);
}

/** The server as started by run-browser.sh: its pid file, and restarting it on the same db. */
export const server = {
  pid() {
    return Number(readFileSync(process.env.TABLA_PIDFILE, 'utf8').trim());
  },
  kill9() {
    process.kill(this.pid(), 'SIGKILL');
  },
  async start() {
    const out = openSync(process.env.TABLA_LOG || '/dev/null', 'a');
    // The same seed again: games created after the restart go on with the next numbers.
    const seed = process.env.TABLA_SEED ? ['--seed', process.env.TABLA_SEED] : [];
    const child = spawn(process.env.TABLA_BIN, ['serve', '--addr', ADDR, '--db', process.env.TABLA_DB, ...seed], { stdio: ['ignore', out, out], detached: true });
    child.unref();
    writeFileSync(process.env.TABLA_PIDFILE, String(child.pid));
    for (let i = 0; i < 200; i++) {
      try {
        if ((await api('GET', '/api/meta')).status === 200) return;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the server did not come back');
  },
};

/** Starts a game through the lobby by clicks: game, options, seats. Returns the game id. */
export async function startFromLobby(page, { game, options = {}, seats = [] }) {
  await page.goto(`${PAGE}/`);
  await page.click(`[data-game="${game}"]`);
  for (const [k, v] of Object.entries(options)) {
    const seg = `button[data-option="${k}"][data-value="${v}"]`;
    if (await page.locator(seg).count()) await page.click(seg);
    else await page.fill(`input[data-option="${k}"]`, String(v));
  }
  // Options may change the seats (the preview): let it settle.
  await page.waitForTimeout(600);
  for (let i = 0; i < seats.length; i++) {
    const s = seats[i];
    if (!s) continue;
    const [kind, level] = s.split(':');
    await page.click(`button[data-seat="${i}"][data-kind="${kind}"]`);
    if (level) await page.selectOption(`select[data-seat-level="${i}"]`, level);
  }
  // A game with a person at another seat asks my name once: give one beforehand.
  if (seats.some((s) => s && /^(friend|open)/.test(s))) await page.evaluate(() => localStorage.getItem('tabla.pref.name') || localStorage.setItem('tabla.pref.name', JSON.stringify('Host')));
  await Promise.all([page.waitForURL(/\/g\//), page.click('[data-action="start"]')]);
  await page.waitForFunction(() => window.tabla && window.tabla.S.game);
  return page.url().match(/\/g\/([^/?#]+)/)[1];
}
