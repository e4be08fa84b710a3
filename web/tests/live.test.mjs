import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Live, isNewer, resolvePending } from '../js/live.js';

/** Fake clock and timers: time moves only when the test says so. */
function clock() {
  let now = 0;
  let seq = 0;
  const timers = new Map();
  const add = (fn, ms, every) => {
    const id = ++seq;
    timers.set(id, { at: now + ms, fn, every });
    return id;
  };
  return {
    setTimeout: (fn, ms) => add(fn, ms, 0),
    setInterval: (fn, ms) => add(fn, ms, ms),
    clearTimeout: (id) => timers.delete(id),
    clearInterval: (id) => timers.delete(id),
    now: () => now,
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let next = null;
        for (const [id, t] of timers) if (t.at <= end && (!next || t.at < next[1].at)) next = [id, t];
        if (!next) break;
        const [id, t] = next;
        now = t.at;
        if (t.every) t.at += t.every;
        else timers.delete(id);
        t.fn();
      }
      now = end;
    },
  };
}

/** A fake server: sockets it opened, whether it is up, and the game it holds. */
function fakeServer() {
  const srv = { up: true, sockets: [], game: null, answersPings: true };
  srv.open = (url) => {
    const s = {
      url,
      sent: [],
      closed: false,
      send(t) {
        if (this.closed) throw new Error('closed');
        this.sent.push(JSON.parse(t));
        const m = JSON.parse(t);
        if (m.ping && srv.answersPings) queueMicrotask(() => s.onmessage && s.onmessage({ data: JSON.stringify({ pong: m.ping }) }));
      },
      close() {
        this.closed = true;
      },
    };
    srv.sockets.push(s);
    return s;
  };
  /** The server accepts the newest socket and sends it the game. */
  srv.accept = () => {
    const s = srv.sockets[srv.sockets.length - 1];
    if (!srv.up) {
      s.onclose && s.onclose();
      return;
    }
    s.onopen && s.onopen();
    srv.push(s);
  };
  srv.push = (s = srv.sockets[srv.sockets.length - 1]) => s.onmessage && s.onmessage({ data: JSON.stringify(srv.game) });
  srv.crash = () => {
    srv.up = false;
    const s = srv.sockets[srv.sockets.length - 1];
    s.closed = true;
    s.onclose && s.onclose();
  };
  return srv;
}

const g = (ply, extra = {}) => ({ id: 'x', ply, record: Array.from({ length: ply }, (_, i) => `m${i}`), state: { to_move: 'white', result: null }, seats: [], ...extra });

function setup(opts = {}) {
  const c = clock();
  const srv = fakeServer();
  srv.game = g(0);
  const seen = [];
  const statuses = [];
  const live = new Live({
    url: 'ws://h/api/games/x/live',
    token: opts.token ?? 'T0K',
    openSocket: srv.open,
    timers: c,
    onGame: (game, how) => seen.push([game.ply, how.catchUp]),
    onStatus: (s) => statuses.push(s),
    ...opts,
  });
  return { c, srv, live, seen, statuses };
}

test('connects, says hello with the token, and takes the first frame', () => {
  const { srv, live, seen, statuses } = setup();
  live.start();
  srv.accept();
  assert.deepEqual(srv.sockets[0].sent[0], { hello: 'T0K' });
  assert.deepEqual(seen, [[0, true]]);
  assert.deepEqual(statuses, ['connecting', 'open']);
});

test('watchers say no hello', () => {
  const { srv, live } = setup({ token: null });
  live.start();
  srv.accept();
  assert.deepEqual(srv.sockets[0].sent, []);
});

test('a dropped connection reconnects with backoff and catches up by itself', () => {
  const { c, srv, live, seen, statuses } = setup();
  live.start();
  srv.accept();
  srv.crash();
  assert.equal(live.status, 'down');
  // The server is down for a while: attempts fail and wait longer each time.
  c.advance(250);
  assert.equal(srv.sockets.length, 2);
  srv.accept();
  c.advance(500);
  assert.equal(srv.sockets.length, 3);
  srv.accept();
  // The game went on meanwhile (a computer move was on disk before the crash).
  srv.up = true;
  srv.game = g(3);
  c.advance(1000);
  assert.equal(srv.sockets.length, 4);
  srv.accept();
  assert.equal(live.status, 'open');
  assert.deepEqual(seen, [[0, true], [3, true]]);
  assert.deepEqual(srv.sockets[3].sent[0], { hello: 'T0K' });
  assert.ok(statuses.includes('down'));
  // And the backoff starts again from the shortest wait.
  assert.equal(live.attempts, 0);
});

test('a silent connection is given up and reopened', async () => {
  const { c, srv, live } = setup();
  live.start();
  srv.accept();
  srv.answersPings = false;
  c.advance(4000);
  assert.deepEqual(srv.sockets[0].sent.at(-1), { ping: 1 });
  c.advance(12000);
  assert.equal(srv.sockets[0].closed, true);
  c.advance(300);
  assert.equal(srv.sockets.length, 2);
});

test('pongs keep the connection alive', async () => {
  const { c, srv, live } = setup();
  live.start();
  srv.accept();
  for (let i = 0; i < 10; i++) {
    c.advance(4000);
    await new Promise((r) => setImmediate(r));
  }
  assert.equal(srv.sockets.length, 1);
  assert.equal(live.status, 'open');
});

test('an answer newer than the socket wins; the late frame before it is dropped', () => {
  const { srv, live, seen } = setup();
  live.start();
  srv.accept();
  assert.equal(live.offer(g(1)), true);
  srv.game = g(0, { state: { to_move: 'black', result: null } });
  srv.push(); // a frame sent before our move, arriving late
  assert.equal(live.game.ply, 1);
  srv.game = g(2);
  srv.push();
  assert.deepEqual(seen.map((s) => s[0]), [0, 1, 2]);
  assert.equal(live.offer(g(1)), false, 'an old answer changes nothing');
});

test('an undo seen on the socket goes back, and our own undo answer is forced', () => {
  const { srv, live, seen } = setup();
  live.start();
  srv.game = g(4);
  srv.accept();
  srv.game = g(2);
  srv.push();
  assert.equal(live.game.ply, 2);
  assert.equal(live.offer(g(0), { force: true }), true);
  assert.deepEqual(seen.map((s) => s[0]), [4, 2, 0]);
});

test('a resignation at the same ply is newer', () => {
  assert.equal(isNewer(g(3, { state: { result: { winners: ['black'] } } }), g(3)), true);
  assert.equal(isNewer(g(3), g(3)), false);
  assert.equal(isNewer(g(2, { version: 9 }), g(3, { version: 8 })), true);
  assert.equal(isNewer(g(3, { version: 8 }), g(3, { version: 8 })), false);
  assert.equal(isNewer(g(3, { version: 8, connected: [true] }), g(3, { version: 8, connected: [false] })), true);
});

test('other frames (presence, pongs) go to onOther', () => {
  const other = [];
  const { srv, live } = setup({ onOther: (m) => other.push(m) });
  live.start();
  srv.accept();
  srv.sockets[0].onmessage({ data: '{"connected":["white"]}' });
  srv.sockets[0].onmessage({ data: 'not json' });
  assert.deepEqual(other, [{ connected: ['white'] }]);
});

test('a move that could not be sent is sent again only while the game waits for it', () => {
  const p = { move: 'a1-b2', ply: 5 };
  assert.equal(resolvePending(p, g(5)), 'resend');
  assert.equal(resolvePending(p, g(6)), 'drop');
  assert.equal(resolvePending(p, g(5, { state: { result: { winners: [] } } })), 'drop');
  assert.equal(resolvePending(null, g(5)), 'drop');
});

test('stop closes and never reconnects', () => {
  const { c, srv, live } = setup();
  live.start();
  srv.accept();
  live.stop();
  c.advance(60000);
  assert.equal(srv.sockets.length, 1);
  assert.equal(srv.sockets[0].closed, true);
});

test('with versions: presence at an equal version is shown, older versions are dropped', () => {
  const { srv, live, seen } = setup();
  live.start();
  srv.game = g(2, { version: 5, connected: [true, false] });
  srv.accept();
  srv.game = g(2, { version: 5, connected: [true, true] });
  srv.push();
  assert.deepEqual(live.game.connected, [true, true]);
  assert.equal(live.offer(g(3, { version: 6, connected: [true, true] })), true);
  srv.game = g(2, { version: 5, connected: [true, true] });
  srv.push(); // late: sent before our move
  assert.equal(live.game.ply, 3);
  srv.game = g(1, { version: 7 });
  srv.push(); // an undo: a lower ply at a higher version
  assert.equal(live.game.ply, 1);
  assert.deepEqual(seen.map((s) => s[0]), [2, 2, 3, 1]);
});
