// Friends by link: two browsers, one game. The invite link opens the friend's seat; moves
// appear on both screens at once; each side sees whether the other is connected; a watcher
// follows without a seat.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, startFromLobby, playTurnByClicks, liveGame, shot, PHONE } from './harness.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser && browser.close());

const plyOf = (page) => page.evaluate(() => window.tabla.S.game.ply);

test('an invite-link game between two browser contexts, with a watcher', async () => {
  const alice = await newPage(browser);
  const id = await startFromLobby(alice, { game: 'amazons', seats: [null, 'friend'] });
  const link = await alice.getAttribute('input[data-invite]', 'value');
  assert.match(link, /\/g\/.+\?token=/);

  // Alice sees Black not connected until the friend opens the link.
  await alice.waitForSelector('.player[data-player="black"] [data-connected="false"]');
  const bob = await newPage(browser, { viewport: PHONE, isMobile: true });
  await bob.goto(link);
  await bob.waitForFunction(() => window.tabla && window.tabla.S.game);
  // The token left the address bar; the page knows it plays Black.
  assert.doesNotMatch(bob.url(), /token=/);
  await bob.waitForFunction(() => document.querySelector('.player[data-player="black"] .kind').textContent === 'you');
  await alice.waitForSelector('.player[data-player="black"] [data-connected="true"]');
  await bob.waitForSelector('.player[data-player="white"] [data-connected="true"]');
  // Bob's board has his side at the bottom.
  assert.equal(await bob.getAttribute('svg.board', 'data-rotation'), '180');

  const watcher = await newPage(browser);
  await watcher.goto(`${new URL(link).origin}/g/${id}`);
  await watcher.waitForFunction(() => window.tabla && window.tabla.S.game);
  assert.match(await watcher.locator('.status').textContent(), /watching/);

  for (let turn = 0; turn < 4; turn++) {
    const mover = turn % 2 === 0 ? alice : bob;
    const other = turn % 2 === 0 ? bob : alice;
    const before = await plyOf(mover);
    await playTurnByClicks(mover);
    // The other screen and the watcher see it at once (no reload).
    await other.waitForFunction((p) => window.tabla.S.game.ply > p, before, { timeout: 5000 });
    await watcher.waitForFunction((p) => window.tabla.S.game.ply > p, before, { timeout: 5000 });
  }
  const a = await liveGame(alice);
  const b = await liveGame(bob);
  assert.deepEqual(a.record, b.record);
  assert.equal(a.record.length, 4);
  // The watcher cannot move: its board offers nothing.
  assert.equal(await watcher.getAttribute('svg.board', 'data-interactive'), 'false');
  await shot(alice, 'invite-alice-desktop');
  await shot(bob, 'invite-bob-phone', { full: true });
  await shot(watcher, 'invite-watcher-desktop');

  // Bob leaves: Alice sees it.
  await bob.context().close();
  await alice.waitForSelector('.player[data-player="black"] [data-connected="false"]');
  assert.deepEqual(alice.errors, []);
  assert.deepEqual(watcher.errors, []);
});
