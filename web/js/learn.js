// The first-game lessons (`/learn`, `/learn/GAME`): lichess's "learn" is the model. Each
// lesson is a position with one thing to do; the turn is made by clicks exactly as in a game
// (the same board and click paths), the server gives every position (`POST /api/position`),
// and nothing is stored as a game. Progress is kept in this browser.

import { h, fill } from './dom.js';
import { api } from './api.js';
import * as P from './paths.js';
import { createBoard } from './board.js';
import { previewMove } from './draw.js';
import { getPref, setPref } from './store.js';
import { LESSONS, WORDS, meetsGoal } from './lessons.js';

const words = (ctx) => WORDS[ctx.t.lang] || WORDS.en;
const say = (ctx, text) => text[ctx.t.lang] || text.en;

/** The lessons done in this browser, as "game/lesson" keys. */
function doneSet() {
  return new Set(getPref('learned') || []);
}
function markDone(game, id) {
  const s = doneSet();
  s.add(`${game}/${id}`);
  setPref('learned', [...s]);
}

/** `/learn`: every game's lessons. */
export async function showLearnIndex(root, ctx) {
  const w = words(ctx);
  ctx.refresh = () => showLearnIndex(root, ctx);
  const meta = await ctx.getMeta().catch(() => null);
  const name = (id) => (meta && meta.games.find((g) => g.id === id)?.name) || id;
  const done = doneSet();
  fill(
    root,
    ctx.topbar(w.learn),
    h(
      'main.learn-index',
      h('h1', w.learn),
      h('p', w.intro),
      h(
        'ul.learn-games',
        Object.entries(LESSONS).map(([game, list]) =>
          h(
            'li',
            h('a', { href: `/learn/${game}`, 'data-learn': game }, name(game)),
            ' ',
            h('span.learn-count', `${list.filter((l) => done.has(`${game}/${l.id}`)).length} / ${list.length}`),
            h('ol', list.map((l) => h('li', say(ctx, l.title), done.has(`${game}/${l.id}`) ? h('span.learn-done', ` ✓ ${w.doneMark}`) : null))),
          ),
        ),
      ),
    ),
  );
}

/** `/learn/GAME`, optionally `?lesson=N` (1-based). */
export async function showLearn(root, ctx, game) {
  const list = LESSONS[game];
  if (!list) return showLearnIndex(root, ctx);
  const meta = await ctx.getMeta().catch(() => null);
  const gameName = (meta && meta.games.find((g) => g.id === game)?.name) || game;
  const asked = Number(new URL(location.href).searchParams.get('lesson'));
  let index = Number.isInteger(asked) && asked >= 1 && asked <= list.length ? asked - 1 : 0;

  const S = { state: null, clicks: [], solved: false, message: null, bad: false, hint: null, busy: false };
  const el = {};

  async function load() {
    const lesson = list[index];
    S.clicks = [];
    S.solved = false;
    S.message = null;
    S.bad = false;
    S.hint = null;
    S.state = null;
    render();
    try {
      const a = await api.position({ game, options: lesson.options, position: lesson.position, record: '' });
      S.state = a.state;
    } catch (e) {
      S.message = words(ctx).failed + e.message;
      S.bad = true;
    }
    render();
  }

  async function play(move) {
    const lesson = list[index];
    if (!meetsGoal(lesson, move)) {
      S.clicks = [];
      S.message = words(ctx).wrong;
      S.bad = true;
      render();
      return;
    }
    S.busy = true;
    try {
      const before = S.state;
      const a = await api.position({ game, options: lesson.options, position: before.position, record: move });
      S.state = a.state;
      S.solved = true;
      S.message = `${words(ctx).well} ${say(ctx, lesson.done)}`;
      S.bad = false;
      markDone(game, lesson.id);
      render(before.view);
      el.status.focus();
    } catch (e) {
      S.message = words(ctx).failed + e.message;
      S.bad = true;
      render();
    } finally {
      S.busy = false;
    }
  }

  function onClick(id) {
    if (!S.state || S.solved || S.busy) return;
    const r = P.click(S.state.paths || {}, S.clicks, id);
    if (!r.changed) return;
    S.hint = null;
    S.message = null;
    if (r.move !== null) {
      S.clicks = [];
      play(r.move);
      return;
    }
    S.clicks = r.clicks;
    render();
  }

  function showHint() {
    const lesson = list[index];
    const paths = (S.state && S.state.paths) || {};
    const goal = lesson.goal === 'any' ? Object.keys(paths) : lesson.goal;
    S.clicks = [];
    S.hint = goal.length ? P.firstPath(paths, goal[0]) : null;
    render();
  }

  function render(animateFrom = null) {
    const w = words(ctx);
    const lesson = list[index];
    ctx.refresh = () => render();
    const st = S.state;
    const paths = (st && st.paths) || {};
    const d = st && !S.solved ? P.describe(paths, S.clicks) : { targets: [], words: [], choices: [] };
    const starts = st && !S.solved && S.clicks.length === 0 ? [...P.nextTargets(paths, [])].filter((x) => !P.isWord(x)) : [];
    if (!el.board) {
      el.boardWrap = h('div.board-wrap');
      el.board = createBoard(el.boardWrap, { onClick });
    }
    if (st) {
      el.board.draw({
        view: S.solved ? st.view : previewMove(st.view, S.clicks, game, st.to_move),
        gameId: game,
        clicks: S.solved ? [] : S.clicks,
        targets: S.clicks.length ? d.targets : [],
        starts,
        hint: S.hint,
        interactive: !S.solved,
        animateFrom,
      });
      el.board.svg.setAttribute('aria-label', `${gameName}: ${say(ctx, lesson.title)}`);
    }
    el.status = h('p.learn-status', { tabindex: '-1', role: 'status', 'aria-live': 'polite', class: S.bad ? 'learn-status error' : S.solved ? 'learn-status good' : 'learn-status' }, S.message || '');
    const buttons = [];
    if (!S.solved && d.words.length) for (const word of d.words) buttons.push(h('button', { type: 'button', 'data-action': word, on: { click: () => onClick(word) } }, ctx.t(`btn.${word}`)));
    if (!S.solved && d.choices.length) buttons.push(h('div.choices', h('span.muted', w.which), d.choices.map((m) => h('button', { type: 'button', 'data-choice': m, on: { click: () => play(m) } }, m))));
    const nav = h(
      'div.learn-nav',
      !S.solved ? h('button', { type: 'button', 'data-action': 'learn-hint', on: { click: showHint } }, w.hint) : null,
      h('button', { type: 'button', 'data-action': 'learn-again', on: { click: load } }, w.again),
      S.solved && index + 1 < list.length
        ? h('button.primary', { type: 'button', 'data-action': 'learn-next', on: { click: () => go(index + 1) } }, w.next)
        : null,
      S.solved && index + 1 === list.length ? h('p.learn-finished', w.finished, ' ', h('a', { href: '/' }, w.play)) : null,
    );
    fill(
      root,
      ctx.topbar(`${w.learn} · ${gameName}`),
      h(
        'main.learn',
        h(
          'section.learn-text',
          h('p.learn-crumbs', h('a', { href: '/learn' }, w.back), ' · ', w.lesson(index + 1, list.length)),
          h('h1', say(ctx, lesson.title)),
          h('p.learn-task', say(ctx, lesson.text)),
          el.status,
          buttons,
          nav,
        ),
        h('section.learn-board', el.boardWrap),
      ),
    );
  }

  function go(i) {
    index = i;
    const u = new URL(location.href);
    u.searchParams.set('lesson', String(i + 1));
    history.replaceState(null, '', u.pathname + u.search);
    load();
  }

  await load();
}
