// Each of the four games, played to its end by clicks against a computer seat: every turn the
// first legal move's first click path is clicked on the board (and the die when it is ours).
// run-browser.sh starts the server with --seed, so these games (dice and the computer's
// replies) are the same every run; each record is saved as artifacts/<game>-record.txt.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, newPage, startFromLobby, playToEnd, shotBoth, liveGame, shot, api, ARTIFACTS } from './harness.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser && browser.close());

const GAMES = [
  { game: 'amazons', options: {}, name: 'amazons' },
  { game: 'seega', options: { quiet: '12' }, name: 'seega' },
  { game: 'gipf', options: { variant: 'basic' }, name: 'gipf' },
  { game: 'bulgarian-ur', options: { discs: '3', quiet: '30' }, name: 'bulgarian-ur' },
];

for (const g of GAMES) {
  test(`${g.name}: a whole game by clicks against the computer`, async () => {
    const page = await newPage(browser);
    const meta = (await api('GET', '/api/meta')).json;
    const known = new Set(meta.games.find((x) => x.id === g.game).options.map((o) => o.key));
    const options = Object.fromEntries(Object.entries(g.options).filter(([k]) => known.has(k)));
    await startFromLobby(page, { game: g.game, options, seats: [null, 'computer:1'] });
    let midShot = false;
    const turns = await playToEnd(page, {
      onTurn: async (i) => {
        if (!midShot && i === 6) {
          midShot = true;
          await shot(page, `${g.name}-middle-desktop`);
        }
      },
    });
    const end = await liveGame(page);
    assert.ok(end.state.result, 'the game is over');
    writeFileSync(join(ARTIFACTS, `${g.name}-record.txt`), `${end.record.join(' ')}\n`);
    assert.ok(turns > 0);
    // The end screen says so, with a rematch button.
    await page.waitForSelector('dialog [data-end]');
    await shot(page, `${g.name}-end-dialog`);
    // It says which rule ended the game, in the words the server's reason gives.
    const reason = (await page.locator('dialog .reason').textContent()).toLowerCase();
    assert.ok(end.end && end.end.text, 'the server says why the game ended');
    assert.ok(reason.includes(end.end.text.toLowerCase()), `${reason} / ${end.end.text}`);
    await page.click('[data-action="close-end"]');
    await shotBoth(page, `${g.name}-end`);
    assert.deepEqual(page.errors, []);
  });
}
