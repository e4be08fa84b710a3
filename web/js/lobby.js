// The lobby: every game with every option of its rules (defaults preselected, each explained),
// the seats (me here, a friend by link, the computer at a level), my games in progress, and
// importing a record.

import { h, fill, toast } from './dom.js';
import { api, ApiError } from './api.js';
import { myGames, saveGame, forgetGame, getPref, setPref } from './store.js';
import { miniPiece, boardSvg } from './draw.js';
import { parseRecordFile } from './records.js';
import { showRules as openRules } from './rules.js';
import { createOpenList } from './openlist.js';
import { askName, clockWords, withPlayer } from './people.js';
import { CLOCK_CHOICES } from './clock.js';
import { analysisUrl } from './analysis-tree.js';

/** The value an option starts with: its default when that is one of its choices. */
export function defaultValue(opt) {
  if (opt.choices && opt.choices.length) return opt.choices.includes(opt.default) ? opt.default : opt.choices[0];
  return '';
}

/**
 * Options that mean something only with another option's value: hidden (and left at their
 * default) otherwise. Amazons' hexagonal board has a side, not a size.
 */
export const OPTION_NEEDS = {
  amazons: { side: { board: 'hex' }, hex_diagonals: { board: 'hex' }, size: { board: 'square' }, layout: { board: 'square' } },
};

/** Whether option `key` of `game` applies with these option values. */
export function optionApplies(game, key, values, defaults = {}) {
  const needs = (OPTION_NEEDS[game] || {})[key];
  if (!needs) return true;
  return Object.entries(needs).every(([k, v]) => (values[k] || defaults[k]) === v);
}

/** The representative piece of a player, for the seat list. */
function seatPiece(gameId, player) {
  const kind = { amazons: 'queen', gipf: 'piece', seega: 'stone', 'bulgarian-ur': 'blue' }[gameId] || 'piece';
  return { owner: player, kind };
}

export async function showLobby(root, ctx) {
  const state = {
    meta: null,
    game: getPref('lastGame', null),
    options: {},
    seats: [],
    players: [],
    preview: null,
    previewOk: true,
    // Whether the server plays these options perfectly: 'yes', 'building' (its table is being
    // made: asked again shortly), or '' (no; the seat is not offered).
    perfect: '',
    error: '',
    busy: false,
    importText: '',
    importError: '',
    /** The option the server's refusal is about, marked at its field. */
    badOption: null,
    status: new Map(),
    /** The clock of a game with people: an id of CLOCK_CHOICES. */
    clock: CLOCK_CHOICES.some((c) => c.id === getPref('clock', '')) ? getPref('clock', '') : '10+5',
  };

  const t = () => ctx.t;
  fill(root, ctx.topbar(''), h('p', { style: 'padding:1em' }, t()('game.loading')));
  try {
    state.meta = await ctx.getMeta();
  } catch (e) {
    fill(root, ctx.topbar(''), h('p.error', { style: 'padding:1em' }, t().error(e)));
    return;
  }
  const games = state.meta.games;
  if (!games.find((g) => g.id === state.game)) state.game = games[0].id;

  const info = () => games.find((g) => g.id === state.game);
  const levels = state.meta.levels || { min: 1, max: 7, default: 3 };
  const savedLevel = Number(getPref('level', levels.default));
  const startLevel = savedLevel >= levels.min && savedLevel <= levels.max ? savedLevel : levels.default;

  function resetOptions() {
    state.options = {};
    for (const o of info().options) state.options[o.key] = defaultValue(o);
    state.players = info().players.slice();
    resetSeats();
    state.preview = null;
    updatePreview();
  }
  function resetSeats() {
    const old = state.seats;
    state.seats = state.players.map((p, i) => old[i] || (i === 0 ? { kind: 'me', level: startLevel } : { kind: 'computer', level: startLevel }));
  }

  /** The options as sent: only the ones a person set away from their default or typed. */
  function chosenOptions() {
    const out = {};
    for (const o of info().options) {
      if (!applies(o)) continue;
      const v = (state.options[o.key] ?? '').trim();
      if (v === '') continue;
      if (o.choices && o.choices.length && v === defaultValue(o)) continue;
      out[o.key] = v;
    }
    return out;
  }

  function applies(o) {
    const defaults = Object.fromEntries(info().options.map((x) => [x.key, defaultValue(x)]));
    return optionApplies(state.game, o.key, state.options, defaults);
  }

  let previewTicket = 0;
  /**
   * Asks the server (`POST /api/preview`) which players and start position these options
   * make: the seat rows show those players, and a game or option combination the server
   * refuses is reported (with its reason) before anything is created.
   */
  async function updatePreview() {
    const mine = ++previewTicket;
    let p = null;
    let err = '';
    let bad = null;
    try {
      p = await api.preview(state.game, chosenOptions());
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        bad = t().errorOption(e);
        if (!info().options.some((o) => o.key === bad)) bad = null;
        err = e;
      }
    }
    if (mine !== previewTicket) return;
    state.error = err || '';
    state.badOption = bad;
    state.previewOk = !err;
    if (p && Array.isArray(p.players)) {
      state.players = p.players;
      state.preview = p.state || null;
      state.perfect = p.perfect ? 'yes' : p.perfect_building ? 'building' : '';
      // A table being built: ask again until it is ready (the same options only).
      if (state.perfect === 'building') setTimeout(() => mine === previewTicket && updatePreview(), 2000);
    } else if (err) {
      state.preview = null;
      state.perfect = '';
    }
    // A perfect seat where these options have no perfect play goes back to a level.
    for (const s of state.seats) if (s.level === 'perfect' && state.perfect !== 'yes') s.level = startLevel;
    // Otherwise (no answer: the network) the seats stay as they were; creating will say.
    resetSeats();
    render();
  }

  async function start({ record = null, review = false } = {}) {
    if (state.busy) return;
    state.busy = true;
    state.error = '';
    state.importError = '';
    render();
    // A record imported to review it: nobody moves by themselves (every seat is this
    // browser's), so the game stays as imported while it is looked at.
    // With a person at another seat (a friend, or anyone from the lobby): my name, the clock.
    const withPeople = !review && !record && state.seats.some((s) => s.kind === 'friend' || s.kind === 'open');
    let name = null;
    if (withPeople) {
      name = await askName(t());
      if (!name) {
        state.busy = false;
        render();
        return;
      }
    }
    const seats = state.seats.map((s) => {
      if (s.kind === 'computer' && !review) return `computer:${s.level}`;
      if (s.kind === 'open' && !review && !record) return 'open';
      if (s.kind === 'me' && name) return { kind: 'human', name };
      return 'human';
    });
    const req = { game: state.game, options: chosenOptions(), seats };
    const clock = withPeople ? CLOCK_CHOICES.find((c) => c.id === state.clock) : null;
    if (clock && clock.clock) req.clock = clock.clock;
    if (withPeople && ratedAllowed() && getPref('rated', false)) req.rated = true;
    if (record) req.record = record;
    try {
      // My seat is linked to this browser's player identity (ratings).
      const created = name
        ? await withPlayer(name, (key) => api.create({ ...req, seats: seats.map((x) => (x && x.kind === 'human' && key ? { ...x, player_key: key } : x)) }))
        : await api.create(req);
      const tokens = {};
      const invites = {};
      created.seats.forEach((s, i) => {
        if (!s.token) return;
        if (state.seats[i].kind === 'friend' && !review) invites[s.player] = new URL(s.url, location.href).href;
        else tokens[s.player] = s.token;
      });
      saveGame(created.id, { game: state.game, options: req.options, tokens, invites, seatsAsked: state.seats.map((s) => s.kind) });
      setPref('lastGame', state.game);
      const level = state.seats.find((s) => s.kind === 'computer' && s.level !== 'perfect');
      if (level) setPref('level', level.level);
      location.assign(`/g/${encodeURIComponent(created.id)}${review ? '?review=0' : ''}`);
    } catch (e) {
      state.busy = false;
      // A record's refusal is said in the import box; anything else beside Start.
      if (record) state.importError = e;
      else state.error = e;
      render();
    }
  }

  function showRules(g) {
    openRules({ tr: t(), gm: g });
  }

  /** An error as words in the page's language: a key of ours, or the server's refusal. */
  function say(x) {
    const tr = t();
    return x && x.key ? tr(x.key) : tr.error(x);
  }

  function optionRow(o) {
    const tr = t();
    const id = `opt-${o.key}`;
    const bad = state.badOption === o.key && state.error;
    let control;
    if (o.choices && o.choices.length) {
      control = h(
        'div.seg',
        { role: 'group', 'aria-labelledby': `${id}-l` },
        o.choices.map((c) =>
          h(
            'button',
            {
              type: 'button',
              'data-option': o.key,
              'data-value': c,
              'aria-pressed': String(state.options[o.key] === c),
              on: {
                click: () => {
                  state.options[o.key] = c;
                  render();
                  updatePreview();
                },
              },
            },
            tr.value(c),
          ),
        ),
      );
    } else {
      const input = h('input', { type: 'text', id, 'data-option': o.key, placeholder: tr.value(o.default), value: state.options[o.key] || '', autocomplete: 'off', spellcheck: 'false', 'aria-invalid': bad ? 'true' : null, 'aria-describedby': bad ? `${id}-err` : null });
      let timer;
      input.addEventListener('input', () => {
        state.options[o.key] = input.value;
        clearTimeout(timer);
        timer = setTimeout(updatePreview, 350);
      });
      control = input;
    }
    return h(
      'div.option',
      { class: bad ? 'option bad' : 'option', 'data-option-row': o.key },
      h('label', { id: `${id}-l`, for: id, title: o.key }, tr.optionName(o.key)),
      h('div.control', control),
      bad ? h('div.help.error', { id: `${id}-err`, role: 'alert', 'data-option-error': o.key }, say(state.error)) : null,
      h('div.help', tr.optionHelp(state.game, o), ' ', h('span.muted', `(${tr('lobby.default', { value: tr.value(o.default) })}${o.values && !(o.choices && o.choices.length) ? `; ${tr.optionValues(o)}` : ''})`)),
    );
  }

  function seatRow(player, i) {
    const tr = t();
    const s = state.seats[i];
    const kinds = [
      ['me', tr('lobby.seat.me')],
      ['friend', tr('lobby.seat.friend')],
      ['open', tr('lobby.seat.open')],
      ['computer', s.level === 'perfect' ? tr('lobby.seat.perfect') : tr('lobby.seat.computer', { level: s.level })],
    ];
    const level = h(
      'select',
      { 'data-seat-level': String(i), 'aria-label': tr('lobby.level'), title: tr('lobby.level.hint', { max: levels.max }), on: { change: (e) => { s.level = e.target.value === 'perfect' ? 'perfect' : Number(e.target.value); if (s.level !== 'perfect') setPref('level', s.level); render(); } } },
      Array.from({ length: levels.max - levels.min + 1 }, (_, k) => {
        const l = levels.min + k;
        // The level's measured rating above level 1 in this game (docs/levels.md).
        const above = ((levels.above_level_1 || {})[state.game] || [])[l - 1];
        const label = above > 0 ? `${tr.level(l)} — ${tr('lobby.level.above', { elo: above })}` : tr.level(l);
        return h('option', { value: String(l), selected: l === s.level }, label);
      }),
      // Perfect play, where the server knows it for these options (`computer:perfect`).
      state.perfect ? h('option', { value: 'perfect', 'data-perfect': state.perfect, disabled: state.perfect !== 'yes', selected: s.level === 'perfect', title: tr('lobby.level.perfect.hint') }, tr(state.perfect === 'yes' ? 'lobby.level.perfect' : 'lobby.level.perfect.building')) : null,
    );
    return h(
      'div.seat',
      h('span.who', h('span', { html: miniPiece(seatPiece(state.game, player), state.players, 24) }), tr.player(player)),
      h(
        'div.seg',
        { role: 'group' },
        kinds.map(([k, label]) =>
          h('button', { type: 'button', 'data-seat': String(i), 'data-kind': k, 'aria-pressed': String(s.kind === k), on: { click: () => { s.kind = k; render(); } } }, label),
        ),
      ),
      s.kind === 'computer' ? level : null,
    );
  }

  /** A rated game: two players, me and one open seat (a friend's invite has no identity to rate). */
  function ratedAllowed() {
    return state.seats.length === 2 && state.seats.some((s) => s.kind === 'me') && state.seats.some((s) => s.kind === 'open');
  }

  /** The clock, when another seat is a person. */
  function clockRow() {
    const tr = t();
    if (!state.seats.some((s) => s.kind === 'friend' || s.kind === 'open')) return null;
    return h(
      'div.option.clock-row',
      { 'data-option-row': 'clock' },
      h('label', { id: 'opt-clock-l' }, tr('clock.title')),
      h(
        'div.control',
        h(
          'div.seg',
          { role: 'group', 'aria-labelledby': 'opt-clock-l' },
          CLOCK_CHOICES.map((c) => h('button', { type: 'button', 'data-clock-choice': c.id, 'aria-pressed': String(state.clock === c.id), on: { click: () => { state.clock = c.id; setPref('clock', c.id); render(); } } }, c.clock ? clockWords(c.clock, tr) : tr('clock.none'))),
        ),
      ),
      h('div.help', tr('clock.help')),
      ratedAllowed()
        ? h('label.rated', { 'data-option-row': 'rated' }, h('input', { type: 'checkbox', 'data-action': 'rated', checked: !!getPref('rated', false), on: { change: (e) => { setPref('rated', e.target.checked); render(); } } }), ' ', tr('open.rated.create'))
        : null,
    );
  }

  function previewBoard() {
    if (!state.preview || !state.preview.view || !(state.preview.view.cells || []).length) return null;
    const built = boardSvg({ view: state.preview.view, gameId: state.game });
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', built.geo.viewBox.join(' '));
    svg.setAttribute('class', 'board preview');
    svg.setAttribute('aria-hidden', 'true');
    svg.innerHTML = built.svg;
    return h('div.preview-board', svg);
  }

  function mineSection() {
    const tr = t();
    const list = myGames();
    if (!list.length) return h('p.muted', tr('lobby.mine.none'));
    const when = (ms) => {
      try {
        return new Date(ms).toLocaleString(tr.lang === 'hu' ? 'hu-HU' : 'en-GB', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
      } catch (_) {
        return '';
      }
    };
    return h(
      'ul.mine-list',
      list.map((g) => {
        const meta = games.find((x) => x.id === g.game);
        const st = state.status.get(g.id);
        const mine = Object.keys(g.tokens || {});
        let line = '';
        let yours = false;
        let over = false;
        let against = '';
        if (st === 'gone') line = tr('lobby.mine.gone');
        else if (st) {
          const s = st.state;
          if (s.result) {
            over = true;
            const w = s.result.winners || [];
            const all = st.seats.every((x) => mine.includes(x.player));
            if (!w.length) line = tr('lobby.mine.drawn');
            else if (mine.length && !all) line = w.some((p) => mine.includes(p)) ? tr('lobby.mine.won') : tr('lobby.mine.lost');
            else line = tr('lobby.mine.winner', { players: tr.list(w.map(tr.player)) });
          } else if (st.seats.some((x) => x.kind === 'open')) {
            line = tr('open.yours');
          } else {
            const mover = s.to_move === 'chance' ? st.chance_player : s.to_move;
            yours = !!(mover && g.tokens && g.tokens[mover]);
            line = yours ? tr('game.turn.yours') : mover ? tr('game.turn.other', { player: tr.player(mover) }) : '';
          }
          line += ` · ${tr('lobby.mine.plies', { n: st.ply })}`;
          const others = st.seats.filter((x) => !mine.includes(x.player));
          const who = others.map((x) => (x.kind.startsWith('computer') ? (x.kind === 'computer:perfect' ? tr('lobby.mine.perfect') : tr('lobby.mine.computer', { level: x.kind.split(':')[1] })) : x.name ? x.name : x.kind === 'open' ? tr('people.seat.open') : tr('lobby.mine.friend')));
          against = !mine.length ? tr('lobby.mine.watched') : tr('lobby.mine.against', { who: who.length ? [...new Set(who)].join(', ') : tr('lobby.mine.yourself') });
        }
        const opts = tr.optionsPhrase(g.options);
        // Resume what I play and is not over; anything else is opened (to look at it).
        const open = over || !mine.length;
        const date = when(g.created || g.touched);
        return h(
          'li',
          { 'data-game-id': g.id, 'data-over': String(over) },
          h(
            'div.what',
            h('strong', meta ? tr.gameName(meta) : g.game),
            opts ? ` · ${opts}` : '',
            h('small', { class: yours ? 'yours' : '', 'data-mine': 'status' }, line || '…'),
            h('small', { 'data-mine': 'who' }, [against, date].filter(Boolean).join(' · ')),
          ),
          h('a.button', { href: `/g/${encodeURIComponent(g.id)}`, 'data-action': open ? 'open' : 'resume' }, open ? tr('lobby.mine.open') : tr('lobby.mine.resume')),
          h('button', { type: 'button', 'data-action': 'forget', title: tr('lobby.mine.forget.title'), on: { click: () => { if (!over && mine.length && st !== 'gone' && !confirm(tr('lobby.mine.forget.confirm'))) return; forgetGame(g.id); render(); } } }, tr('lobby.mine.forget')),
        );
      }),
    );
  }

  async function loadStatuses() {
    await Promise.all(
      myGames().slice(0, 30).map(async (g) => {
        try {
          state.status.set(g.id, await api.game(g.id));
        } catch (e) {
          if (e.status === 404) state.status.set(g.id, 'gone');
        }
      }),
    );
    render();
  }

  function importSection() {
    const tr = t();
    const ta = importBox;
    if (ta.value !== state.importText) ta.value = state.importText;
    const file = h('input', { type: 'file', accept: '.txt,text/plain', 'aria-label': tr('lobby.import.file') });
    file.addEventListener('change', async () => {
      const f = file.files && file.files[0];
      if (!f) return;
      const parsed = parseRecordFile(await f.text());
      state.importText = parsed.record;
      if (parsed.game && games.find((g) => g.id === parsed.game)) {
        state.game = parsed.game;
        resetOptions();
        for (const [k, v] of Object.entries(parsed.options)) state.options[k] = v;
        updatePreview();
      }
      render();
    });
    const go = (review) => () => {
      const parsed = parseRecordFile(state.importText);
      if (!parsed.record.trim()) {
        state.importError = { key: 'lobby.import.empty' };
        render();
        return;
      }
      start({ record: parsed.record, review });
    };
    // Errors are kept as they came and worded at each drawing (a language switch rewords them).
    const said = state.importError ? say(state.importError) : !state.previewOk && state.error && !state.badOption ? say(state.error) : '';
    ta.setAttribute('aria-invalid', state.importError ? 'true' : 'false');
    return [
      h('p.muted', tr('lobby.import.help')),
      ta,
      said ? h('p.error', { 'data-import': 'refused', role: 'alert' }, said) : null,
      h('div.start-row', h('button', { type: 'button', 'data-action': 'import-continue', disabled: state.busy || !state.previewOk, on: { click: go(false) } }, tr('lobby.import.continue')), h('button', { type: 'button', 'data-action': 'import-review', disabled: state.busy || !state.previewOk, on: { click: go(true) } }, tr('lobby.import.review')), h('button', { type: 'button', 'data-action': 'import-analyse', disabled: !state.previewOk, on: { click: () => location.assign(analysisUrl({ game: state.game, options: chosenOptions(), record: parseRecordFile(state.importText).record.split(/\s+/).filter(Boolean) })) } }, tr('analysis.import')), h('label.muted', tr('lobby.import.file'), ' ', file)),
    ];
  }

  function watchSection() {
    const tr = t();
    const input = watchInput;
    input.setAttribute('aria-label', tr('lobby.watch'));
    const go = () => {
      const v = input.value.trim();
      if (!v) return;
      const m = v.match(/\/g\/([^/?#\s]+)/);
      location.assign(`/g/${encodeURIComponent(m ? decodeURIComponent(m[1]) : v)}`);
    };
    input.onkeydown = (e) => e.key === 'Enter' && go();
    return [h('p.muted', tr('lobby.watch.help')), h('div.typebox', input, h('button', { type: 'button', on: { click: go } }, tr('lobby.watch.go')))];
  }

  // The boxes a person types into live across renders (a render comes whenever an answer
  // arrives), so what is typed, the caret and the focus are never lost to one.
  const importBox = h('textarea', { 'data-import': 'text', placeholder: 'first=black r3 0-3 …', spellcheck: 'false' });
  importBox.addEventListener('input', () => {
    state.importText = importBox.value;
    if (state.importError) {
      state.importError = '';
      render();
    }
  });
  const watchInput = h('input', { type: 'text', 'data-watch': 'link', placeholder: '/g/…' });

  function render() {
    const tr = t();
    const g = info();
    const active = document.activeElement;
    const kept = active === importBox || active === watchInput ? { el: active, from: active.selectionStart, to: active.selectionEnd } : null;
    const focused = active && active.getAttribute && active.getAttribute('data-option');
    const picker = h(
      'div.game-picker',
      games.map((x) =>
        h(
          'button.game-card',
          { type: 'button', 'data-game': x.id, 'aria-pressed': String(x.id === state.game), on: { click: () => { if (state.game !== x.id) { state.game = x.id; setPref('lastGame', x.id); resetOptions(); render(); } } } },
          h('span.name', tr.gameName(x)),
          h('span.summary', tr.gameSummary(x)),
        ),
      ),
    );
    const newGame = h(
      'section.new',
      h('h2', tr('lobby.new')),
      h('p.tagline', tr('app.tagline'), ' ', h('a', { href: analysisUrl({ game: state.game, options: chosenOptions() }), 'data-action': 'analysis-lobby' }, tr('analysis.lobby')), ' ', h('a', { href: '/lab', 'data-action': 'lab-lobby' }, tr('lab.lobby'))),
      picker,
      h('h3', tr('lobby.options'), ' ', h('button', { type: 'button', class: 'link', 'data-action': 'rules', on: { click: () => showRules(g) } }, tr('lobby.rules'))),
      g.options.length ? g.options.filter(applies).map(optionRow) : h('p.muted', '—'),
      previewBoard(),
      h('h3', tr('lobby.seats'), ' ', h('span.muted', tr('lobby.players', { n: state.players.length }))),
      state.players.map(seatRow),
      clockRow(),
      h(
        'div.start-row.sticky',
        h('button.primary.big', { type: 'button', 'data-action': 'start', disabled: state.busy || !state.previewOk, on: { click: () => start() } }, state.busy ? tr('lobby.starting') : tr('lobby.start')),
        state.error && !state.badOption ? h('span.error', { role: 'alert' }, say(state.error)) : null,
      ),
    );
    fill(
      root,
      ctx.topbar(''),
      h('main.lobby', newGame, h('div.lobby-side', h('section.open', { 'data-open': '1' }, h('h2', tr('open.title')), openList.pairRow(state.game, chosenOptions(), tr.gameName(g), state.players.length), h('h3', tr('open.list')), openList.render(), openList.leaderboard(state.game, tr.gameName(g))), h('section.mine', h('h2', tr('lobby.mine')), mineSection()), h('section.import', h('h2', tr('lobby.import')), importSection()), h('section.watch', h('h2', tr('lobby.watch')), watchSection()))),
    );
    if (kept && kept.el.isConnected) {
      kept.el.focus();
      kept.el.setSelectionRange(kept.from, kept.to);
    }
    if (focused) {
      const el = root.querySelector(`input[data-option="${focused}"]`);
      if (el) {
        el.focus();
        el.setSelectionRange(el.value.length, el.value.length);
      }
    }
  }

  const openList = createOpenList({ t, games, rerender: () => render() });
  ctx.refresh = render;
  resetOptions();
  render();
  loadStatuses();
  void toast;
}
