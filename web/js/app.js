// The page: the lobby at `/`, a game at `/g/{id}` (with `?token=` for an invite link), the
// lessons, the analysis board and the lab (`/lab`, `/lab/NAME`).

import { translator, pickLanguage } from './i18n.js';
import { getPref, setPref } from './store.js';
import { h, fill } from './dom.js';
import { api } from './api.js';
import { showLobby } from './lobby.js';
import { showGame } from './game.js';
import { showLearn, showLearnIndex } from './learn.js';
import { WORDS as LEARN_WORDS } from './lessons.js';
import { nameButton } from './people.js';
import { showAnalysis, showAnalysisPicker } from './analysis.js';
import { showLab } from './lab.js';

const ctx = {
  t: translator(pickLanguage(getPref('lang'), navigator.languages || [navigator.language])),
  meta: null,
  /** The current screen's way of redrawing its texts after a language switch. */
  refresh: () => {},
  setLang(lang) {
    setPref('lang', lang);
    ctx.t = translator(lang);
    document.documentElement.lang = lang;
    ctx.refresh();
  },
  /** The top bar: brand, a title, extra buttons, and the language switch. */
  topbar(title, ...buttons) {
    const t = ctx.t;
    return h(
      'header.topbar',
      h('a.brand', { href: '/' }, t('app.title')),
      h('span.title', title || ''),
      ...buttons,
      h('a.learn-link.analysis-link', { href: '/analysis', 'data-action': 'analysis' }, t('analysis.link')),
      h('a.learn-link.lab-link', { href: '/lab', 'data-action': 'lab' }, t('lab.link')),
      h('a.learn-link', { href: '/learn', 'data-action': 'learn' }, (LEARN_WORDS[t.lang] || LEARN_WORDS.en).learn),
      nameButton(ctx),
      h('button', { type: 'button', class: 'lang', title: t('lang.switch.title'), 'data-action': 'lang', on: { click: () => ctx.setLang(t.lang === 'hu' ? 'en' : 'hu') } }, t('lang.switch')),
    );
  },
  /** The games the server offers (asked once). */
  async getMeta() {
    if (!ctx.meta) ctx.meta = await api.meta();
    return ctx.meta;
  },
};

document.documentElement.lang = ctx.t.lang;

const root = document.getElementById('app');
const m = location.pathname.match(/^\/g\/([^/]+)\/?$/);
const learn = location.pathname.match(/^\/learn(?:\/([^/]+))?\/?$/);
const analysis = location.pathname.match(/^\/analysis(?:\/([^/]+))?\/?$/);
// `/lab/NAME.json` is a result file, never this page: an experiment's name has no dot.
const lab = location.pathname.match(/^\/lab(?:\/([^/.]+))?\/?$/);
// Which screen this is, for the CSS (a phone's game screen has no room for every top-bar link).
document.body.dataset.screen = m ? 'game' : learn ? 'learn' : analysis ? 'analysis' : lab ? 'lab' : 'lobby';
if (m) showGame(root, ctx, decodeURIComponent(m[1]));
else if (learn && learn[1]) showLearn(root, ctx, decodeURIComponent(learn[1]));
else if (learn) showLearnIndex(root, ctx);
else if (analysis && analysis[1]) showAnalysis(root, ctx, decodeURIComponent(analysis[1]));
else if (analysis) showAnalysisPicker(root, ctx);
else if (lab) showLab(root, ctx, lab[1] ? decodeURIComponent(lab[1]) : null);
else if (location.pathname === '/' || location.pathname === '/index.html') showLobby(root, ctx);
else fill(root, ctx.topbar(''), h('p', { style: 'padding:1em' }, '404'));
