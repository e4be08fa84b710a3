// The rules dialog: first the short rules for players (`js/rules/GAME.LANG.md`: how to make
// each kind of move by clicking), then, by a link, the full specification the server sends
// (`rules` of /api/meta). Both in the page's language, with a switch to the other one.

import { h, modal } from './dom.js';
import { renderMarkdown } from './markdown.js';
import { api } from './api.js';
import { boardSvg } from './draw.js';

const cache = new Map();

/** The short rules of a game in a language, or null when there are none. */
export async function playerRules(game, lang) {
  const key = `${game}.${lang}`;
  if (!cache.has(key)) {
    cache.set(
      key,
      fetch(`/js/rules/${encodeURIComponent(game)}.${lang}.md`, { cache: 'no-cache' })
        .then((r) => (r.ok ? r.text() : null))
        .catch(() => null),
    );
  }
  return cache.get(key);
}

/**
 * Fills each diagram of rendered rules (`figure.rules-board`, from a ```board fence) with the
 * board of its position as the server sees it: real positions, drawn as in a game.
 */
export async function drawDiagrams(root, game) {
  for (const fig of root.querySelectorAll('figure.rules-board[data-board]')) {
    let spec;
    try {
      spec = JSON.parse(fig.getAttribute('data-board'));
    } catch (_) {
      continue;
    }
    try {
      const a = await api.position({ game, options: spec.options || {}, position: spec.position, record: spec.record || '' });
      const built = boardSvg({ view: a.state.view, gameId: game });
      const label = spec.caption || '';
      fig.innerHTML = `<svg class="board diagram" role="img" aria-label="${label.replace(/[<&"]/g, '')}" viewBox="${built.geo.viewBox.join(' ')}">${built.svg}</svg>`;
      if (label) fig.appendChild(h('figcaption', label));
    } catch (_) {
      fig.remove();
    }
  }
}

/**
 * Opens the rules of game `gm` (its /api/meta entry) in language `tr.lang`.
 * @param {{tr: Function, gm: object, other?: boolean}} o `other`: offer the other language too
 */
export function showRules({ tr, gm, other = false }) {
  let lang = tr.lang;
  let full = false;
  const body = h('div.rules');
  const paint = async () => {
    const spec = gm.rules && (gm.rules[lang] || gm.rules.en);
    let text = null;
    if (!full) text = await playerRules(gm.id, lang);
    if (text) {
      body.innerHTML = renderMarkdown(text);
      body.setAttribute('data-rules', 'players');
      drawDiagrams(body, gm.id);
    } else {
      body.innerHTML = spec ? renderMarkdown(spec) : `<p>${tr('rules.missing')}</p>`;
      body.setAttribute('data-rules', 'full');
      if (!full) return;
      body.insertBefore(h('p', h('a', { href: '#players', 'data-action': 'rules-short' }, tr('rules.short'))), body.firstChild);
    }
  };
  body.addEventListener('click', (e) => {
    const a = e.target.closest && e.target.closest('a[href="#full"], a[href="#players"]');
    if (!a) return;
    e.preventDefault();
    full = a.getAttribute('href') === '#full';
    paint().then(() => {
      if (body.parentElement) body.parentElement.scrollTop = 0;
    });
  });
  paint();
  const dlg = modal({ title: tr('rules.title', { game: tr.gameName(gm) }), body, className: 'rules-dlg' });
  if (other) {
    const head = dlg.querySelector('.dlg-head');
    const label = () => (lang === 'hu' ? 'English' : 'Magyar');
    const btn = h('button', { type: 'button', 'data-action': 'rules-lang', on: { click: () => { lang = lang === 'hu' ? 'en' : 'hu'; btn.textContent = label(); paint(); } } }, label());
    head.insertBefore(btn, head.lastChild);
  }
  return dlg;
}
