// The lobby: every game with every option of its rules (defaults preselected, each explained),
// the seats (me here, a friend by link, the computer at a level), my games in progress, and
// importing a record.

import { h, fill, toast, modal } from './dom.js';
import { api, ApiError } from './api.js';
import { myGames, saveGame, forgetGame, getPref, setPref } from './store.js';
import { renderMarkdown } from './markdown.js';
import { miniPiece, boardSvg } from './draw.js';
import { parseRecordFile } from './records.js';

/** The value an option starts with: its default when that is one of its choices. */
export function defaultValue(opt) {
  if (opt.choices && opt.choices.length) return opt.choices.includes(opt.default) ? opt.default : opt.choices[0];
  return '';
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
    error: '',
    busy: false,
    importText: '',
    status: new Map(),
  };

  const t = () => ctx.t;
  fill(root, ctx.topbar(''), h('p', { style: 'padding:1em' }, t()('game.loading')));
  try {
    state.meta = await ctx.getMeta();
  } catch (e) {
    fill(root, ctx.topbar(''), h('p.error', { style: 'padding:1em' }, t()('err.generic', { message: e.message })));
    return;
  }
  const games = state.meta.games;
  if (!games.find((g) => g.id === state.game)) state.game = games[0].id;

  const info = () => games.find((g) => g.id === state.game);
  const levels = state.meta.levels || { min: 1, max: 7, default: 3 };

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
    state.seats = state.players.map((p, i) => old[i] || (i === 0 ? { kind: 'me', level: levels.default } : { kind: 'computer', level: levels.default }));
  }

  /** The options as sent: only the ones a person set away from their default or typed. */
  function chosenOptions() {
    const out = {};
    for (const o of info().options) {
      const v = (state.options[o.key] ?? '').trim();
      if (v === '') continue;
      if (o.choices && o.choices.length && v === defaultValue(o)) continue;
      out[o.key] = v;
    }
    return out;
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
    try {
      p = await api.preview(state.game, chosenOptions());
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) err = e.message;
    }
    if (mine !== previewTicket) return;
    state.error = err;
    state.previewOk = !err;
    if (p && Array.isArray(p.players)) {
      state.players = p.players;
      state.preview = p.state || null;
    } else if (err) {
      state.preview = null;
    }
    // Otherwise (no answer: the network) the seats stay as they were; creating will say.
    resetSeats();
    render();
  }

  async function start({ record = null, review = false } = {}) {
    if (state.busy) return;
    state.busy = true;
    state.error = '';
    render();
    // A record imported to review it: nobody moves by themselves (every seat is this
    // browser's), so the game stays as imported while it is looked at.
    const seats = state.seats.map((s) => (s.kind === 'computer' && !review ? `computer:${s.level}` : 'human'));
    const req = { game: state.game, options: chosenOptions(), seats };
    if (record) req.record = record;
    try {
      const created = await api.create(req);
      const tokens = {};
      const invites = {};
      created.seats.forEach((s, i) => {
        if (!s.token) return;
        if (state.seats[i].kind === 'friend' && !review) invites[s.player] = new URL(s.url, location.href).href;
        else tokens[s.player] = s.token;
      });
      saveGame(created.id, { game: state.game, options: req.options, tokens, invites, seatsAsked: state.seats.map((s) => s.kind) });
      setPref('lastGame', state.game);
      location.assign(`/g/${encodeURIComponent(created.id)}${review ? '?review=0' : ''}`);
    } catch (e) {
      state.busy = false;
      state.error = e.network ? t()('err.network') : e.message;
      render();
    }
  }

  function showRules(g) {
    const tr = t();
    const text = (g.rules && g.rules[tr.lang]) || (g.rules && g.rules.en);
    modal({ title: tr('rules.title', { game: tr.gameName(g) }), body: h('div.rules', { html: text ? renderMarkdown(text) : `<p>${tr('rules.missing')}</p>` }) });
  }

  function optionRow(o) {
    const tr = t();
    const id = `opt-${o.key}`;
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
      const input = h('input', { type: 'text', id, 'data-option': o.key, placeholder: o.default, value: state.options[o.key] || '', autocomplete: 'off', spellcheck: 'false' });
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
      h('label', { id: `${id}-l`, for: id }, o.key),
      h('div.control', control),
      h('div.help', tr.optionHelp(state.game, o), ' ', h('span.muted', `(${tr('lobby.default', { value: tr.value(o.default) })}${o.values && !(o.choices && o.choices.length) ? `; ${tr.optionValues(o)}` : ''})`)),
    );
  }

  function seatRow(player, i) {
    const tr = t();
    const s = state.seats[i];
    const kinds = [
      ['me', tr('lobby.seat.me')],
      ['friend', tr('lobby.seat.friend')],
      ['computer', tr('lobby.seat.computer', { level: s.level })],
    ];
    const level = h(
      'select',
      { 'data-seat-level': String(i), 'aria-label': tr('lobby.level'), title: tr('lobby.level.hint', { max: levels.max }), on: { change: (e) => { s.level = Number(e.target.value); render(); } } },
      Array.from({ length: levels.max - levels.min + 1 }, (_, k) => {
        const l = levels.min + k;
        return h('option', { value: String(l), selected: l === s.level }, `${tr('lobby.level')} ${l}`);
      }),
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

  function previewBoard() {
    if (!state.preview || !state.preview.view || !(state.preview.view.cells || []).length) return null;
    const built = boardSvg({ view: state.preview.view, gameId: state.game });
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', built.geo.viewBox.join(' '));
    svg.setAttribute('class', 'board preview');
    svg.innerHTML = built.svg;
    return h('div.preview-board', svg);
  }

  function mineSection() {
    const tr = t();
    const list = myGames();
    if (!list.length) return h('p.muted', tr('lobby.mine.none'));
    return h(
      'ul.mine-list',
      list.map((g) => {
        const meta = games.find((x) => x.id === g.game);
        const st = state.status.get(g.id);
        let line = '';
        let yours = false;
        if (st === 'gone') line = tr('lobby.mine.gone');
        else if (st) {
          const s = st.state;
          if (s.result) line = tr('lobby.mine.finished');
          else {
            const mover = s.to_move === 'chance' ? st.chance_player : s.to_move;
            yours = !!(mover && g.tokens && g.tokens[mover]);
            line = yours ? tr('game.turn.yours') : mover ? tr('game.turn.other', { player: tr.player(mover) }) : '';
          }
          line += ` · ${tr('lobby.mine.plies', { n: st.ply })}`;
        }
        const opts = Object.entries(g.options || {}).map(([k, v]) => `${k}=${v}`).join(' ');
        return h(
          'li',
          { 'data-game-id': g.id },
          h('div.what', h('strong', meta ? tr.gameName(meta) : g.game), opts ? ` ${opts}` : '', h('small', { class: yours ? 'yours' : '' }, line || '…')),
          h('a', { href: `/g/${encodeURIComponent(g.id)}` }, h('button', { type: 'button', tabindex: '-1' }, tr('lobby.mine.resume'))),
          h('button', { type: 'button', title: tr('lobby.mine.forget.title'), on: { click: () => { forgetGame(g.id); render(); } } }, tr('lobby.mine.forget')),
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
      if (!parsed.record.trim()) return;
      start({ record: parsed.record, review });
    };
    return [
      h('p.muted', tr('lobby.import.help')),
      !state.previewOk && state.error ? h('p.error', { 'data-import': 'refused' }, state.error) : null,
      ta,
      h('div.start-row', h('button', { type: 'button', 'data-action': 'import-continue', disabled: state.busy || !state.previewOk, on: { click: go(false) } }, tr('lobby.import.continue')), h('button', { type: 'button', 'data-action': 'import-review', disabled: state.busy || !state.previewOk, on: { click: go(true) } }, tr('lobby.import.review')), h('label.muted', tr('lobby.import.file'), ' ', file)),
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
  importBox.addEventListener('input', () => (state.importText = importBox.value));
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
      h('p.tagline', tr('app.tagline')),
      picker,
      h('h3', tr('lobby.options'), ' ', h('button', { type: 'button', class: 'link', 'data-action': 'rules', on: { click: () => showRules(g) } }, tr('lobby.rules'))),
      g.options.length ? g.options.map(optionRow) : h('p.muted', '—'),
      previewBoard(),
      h('h3', tr('lobby.seats'), ' ', h('span.muted', tr('lobby.players', { n: state.players.length }))),
      state.players.map(seatRow),
      h(
        'div.start-row',
        h('button.primary.big', { type: 'button', 'data-action': 'start', disabled: state.busy || !state.previewOk, on: { click: () => start() } }, state.busy ? tr('lobby.starting') : tr('lobby.start')),
        state.error ? h('span.error', { role: 'alert' }, state.error) : null,
      ),
    );
    fill(
      root,
      ctx.topbar(''),
      h('main.lobby', newGame, h('div.lobby-side', h('section.mine', h('h2', tr('lobby.mine')), mineSection()), h('section.import', h('h2', tr('lobby.import')), importSection()), h('section.watch', h('h2', tr('lobby.watch')), watchSection()))),
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

  ctx.refresh = render;
  resetOptions();
  render();
  loadStatuses();
  void toast;
}
