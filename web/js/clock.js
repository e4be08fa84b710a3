// Clocks on the page: the lobby's choices, how a clock reads ("3+2", "1 day"), and the time
// left as it ticks between two frames of the server. The server is the authority: every frame
// brings `remaining_ms` (as of the moment it was made) and the `running` seat; the page counts
// down from there by itself and starts again from each new frame. Pure: no DOM, no timers.

/** The lobby's clock choices: untimed, real time (minutes + seconds a move), correspondence. */
export const CLOCK_CHOICES = [
  { id: 'none', clock: null },
  { id: '3+2', clock: { initial_s: 180, increment_s: 2 } },
  { id: '10+5', clock: { initial_s: 600, increment_s: 5 } },
  { id: '15+10', clock: { initial_s: 900, increment_s: 10 } },
  { id: '1d', clock: { days: 1 } },
  { id: '3d', clock: { days: 3 } },
];

/** Below this, a real-time clock turns red. */
export const LOW_MS = 20000;

/** The clock as created, without what a game adds (`remaining_ms`, `running`). */
export function clockSpec(clock) {
  if (!clock || typeof clock !== 'object') return null;
  if (clock.days != null) return { days: clock.days };
  if (clock.initial_s != null) return { initial_s: clock.initial_s, increment_s: clock.increment_s || 0 };
  if (clock.initial_ms != null) return { initial_ms: clock.initial_ms, increment_ms: clock.increment_ms || 0 };
  return null;
}

/** Real time (a Fischer clock), as against correspondence (days a move) or none. */
export function isRealTime(clock) {
  return !!clock && clock.days == null && (clock.initial_s != null || clock.initial_ms != null);
}

/**
 * How a clock is named: `{kind:'none'}`, `{kind:'days', n}` or `{kind:'fischer', text:'3+2'}`
 * (minutes + seconds a move; a start under a minute in seconds: "30s+0").
 */
export function clockName(clock) {
  const c = clockSpec(clock);
  if (!c) return { kind: 'none' };
  if (c.days != null) return { kind: 'days', n: c.days };
  const initial = c.initial_s != null ? c.initial_s : c.initial_ms / 1000;
  const inc = c.increment_s != null ? c.increment_s : c.increment_ms / 1000;
  const start = initial % 60 === 0 ? String(initial / 60) : `${+initial.toFixed(1)}s`;
  return { kind: 'fischer', text: `${start}+${+inc.toFixed(1)}` };
}

/** The lobby choice a clock is (`'3+2'`, `'1d'`, `'none'`), or null for another clock. */
export function choiceOf(clock) {
  const c = clockSpec(clock);
  const found = CLOCK_CHOICES.find((x) => JSON.stringify(x.clock) === JSON.stringify(c));
  return found ? found.id : null;
}

const pad = (n) => String(n).padStart(2, '0');

/**
 * Time left as read: "4:59", "1:02:03"; under 10 s of real time with tenths ("0:09.4");
 * a day or more "2d 23h", an hour or more of a correspondence clock "5h 12m".
 */
export function formatMs(ms, { realTime = true } = {}) {
  const left = Math.max(0, Math.floor(ms));
  const s = Math.floor(left / 1000);
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const mins = Math.floor((s % 3600) / 60);
  const secs = s % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (!realTime && hours > 0) return `${hours}h ${mins}m`;
  if (hours > 0) return `${hours}:${pad(mins)}:${pad(secs)}`;
  if (realTime && left < 10000) return `0:${pad(secs)}.${Math.floor((left % 1000) / 100)}`;
  return `${mins}:${pad(secs)}`;
}

/** What a frame says of its clock, stamped with when it arrived (`at`, ms of a steady clock). */
export function syncClock(clock, at) {
  if (!clock || !clock.remaining_ms) return null;
  return { remaining: { ...clock.remaining_ms }, running: clock.running || null, at, realTime: isRealTime(clock), over: false };
}

/** The time `player` has left at `now`: the frame's, less what has run since if theirs runs. */
export function remaining(sync, player, now) {
  if (!sync || sync.remaining[player] == null) return null;
  const base = sync.remaining[player];
  if (sync.running !== player) return Math.max(0, base);
  return Math.max(0, base - Math.max(0, now - sync.at));
}

/**
 * One clock as shown: its text, whether it runs, whether it is low (real time, under 20 s),
 * and whether it has run out (the server ends the game; the page only shows 0:00.0 meanwhile).
 */
export function clockFace(sync, player, now) {
  const ms = remaining(sync, player, now);
  if (ms === null) return null;
  return { ms, text: formatMs(ms, { realTime: sync.realTime }), running: sync.running === player, low: sync.realTime && ms < LOW_MS, out: ms <= 0 };
}

/** How long until a clock's text next changes (for the page's ticking), at most `max` ms. */
export function nextTick(sync, now, max = 1000) {
  if (!sync || !sync.running) return max;
  const ms = remaining(sync, sync.running, now);
  if (ms <= 0) return max;
  const step = sync.realTime && ms < 10000 ? 100 : 1000;
  const wait = ms % step || step;
  return Math.max(20, Math.min(max, wait + 5));
}
