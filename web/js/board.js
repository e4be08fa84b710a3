// The board on the page: an <svg> that draws a view (js/draw.js), reports clicks on cells
// and points by id, and animates the change from the previous view (js/animate.js).

import { boardSvg, stackOffsets } from './draw.js';
import { diffViews } from './animate.js';

const NS = 'http://www.w3.org/2000/svg';
const reduceMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * @param {HTMLElement} container
 * @param {{onClick: (id: string) => void}} handlers
 */
export function createBoard(container, { onClick }) {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('class', 'board');
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  svg.setAttribute('role', 'group');
  container.appendChild(svg);
  let geo = null;
  let current = null;
  /** The place that holds the one tab stop of the board (roving tabindex). */
  let focusId = null;

  const places = () => [...svg.querySelectorAll('.tiles [data-id]')];
  function setTabStop(id, focus = false) {
    const all = places();
    let el = all.find((e) => e.getAttribute('data-id') === id);
    if (!el) el = all.find((e) => e.classList.contains('target')) || all.find((e) => e.classList.contains('startable')) || all[0];
    for (const e of all) e.setAttribute('tabindex', e === el ? '0' : '-1');
    if (!el) return;
    focusId = el.getAttribute('data-id');
    if (focus) el.focus();
  }
  // Arrow keys walk to the nearest place in that direction (as drawn), Enter or Space clicks it.
  svg.addEventListener('keydown', (ev) => {
    const here = ev.target.closest && ev.target.closest('[data-id]');
    if (!here || !geo) return;
    const id = here.getAttribute('data-id');
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      onClick(id);
      return;
    }
    const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[ev.key];
    if (!dir) return;
    ev.preventDefault();
    ev.stopPropagation();
    const p = geo.at.get(id);
    let best = null;
    for (const [other, q] of geo.at) {
      if (other === id) continue;
      const dx = q.cx - p.cx;
      const dy = q.cy - p.cy;
      const along = dx * dir[0] + dy * dir[1];
      if (along <= 1) continue;
      const across = Math.abs(dx * dir[1] - dy * dir[0]);
      const score = along + across * 2.5;
      if (!best || score < best[1]) best = [other, score];
    }
    if (best) setTabStop(best[0], true);
  });

  svg.addEventListener('click', (ev) => {
    const place = ev.target.closest && ev.target.closest('[data-id]');
    if (place && svg.contains(place)) onClick(place.getAttribute('data-id'));
  });
  // Phones: a tap on the board never scrolls or zooms the page by accident.
  svg.style.touchAction = 'manipulation';

  return {
    svg,
    /** The layout of the last drawing (ids to screen positions). */
    get geo() {
      return geo;
    },
    /**
     * Draws `opts.view` (see draw.js boardSvg for the fields). With `animateFrom` (the view
     * drawn before), pieces slide from where they were and taken ones fade out.
     */
    draw(opts) {
      const prevGeo = geo;
      const built = boardSvg(opts);
      const hadFocus = svg.contains(document.activeElement) && document.activeElement !== svg;
      svg.innerHTML = built.svg;
      for (const e of places()) {
        e.setAttribute('role', 'button');
        e.setAttribute('tabindex', '-1');
      }
      svg.setAttribute('viewBox', built.geo.viewBox.join(' '));
      svg.setAttribute('data-rotation', String(opts.rotation || 0));
      svg.setAttribute('data-game', opts.gameId || '');
      svg.classList.toggle('interactive', !!opts.interactive);
      geo = built.geo;
      setTabStop(focusId, hadFocus);
      const from = opts.animateFrom;
      current = opts.view;
      if (from && prevGeo && prevGeo.rotation === geo.rotation && !reduceMotion()) animate(svg, from, opts.view, prevGeo, geo);
      return built;
    },
    get view() {
      return current;
    },
    destroy() {
      svg.remove();
    },
  };
}


/** Where piece `index` of place `id` sits above the place's centre (towers on cells only). */
function lift(view, id, index) {
  for (const c of view.cells || []) if (c.id === id) return stackOffsets((c.stack || []).length)[index] || 0;
  return 0;
}

function animate(svg, before, after, oldGeo, newGeo) {
  const d = diffViews(before, after);
  const dur = 260;
  for (const m of d.moved) {
    const el = svg.querySelector(`.pc[data-at="${cssEsc(m.to)}#${m.toIndex}"]`);
    const p = oldGeo.at.get(m.from);
    const q = newGeo.at.get(m.to);
    if (!el || !p || !q) continue;
    const dx = p.cx - q.cx;
    const dy = p.cy + lift(before, m.from, m.fromIndex) - (q.cy + lift(after, m.to, m.toIndex));
    el.classList.add('moving');
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0px, 0px)' }], { duration: dur, easing: 'cubic-bezier(.3,.7,.4,1)' }).finished.finally(() => el.classList.remove('moving'));
  }
  for (const a of d.added) {
    const el = svg.querySelector(`.pc[data-at="${cssEsc(a.id)}#${a.index}"]`);
    if (!el) continue;
    const p = a.from && newGeo.at.get(a.from);
    const q = newGeo.at.get(a.id);
    if (p && q) {
      el.animate([{ transform: `translate(${p.cx - q.cx}px, ${p.cy - q.cy}px)`, opacity: 0.3 }, { transform: 'translate(0px, 0px)', opacity: 1 }], { duration: dur, easing: 'ease-out' });
    } else {
      el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: dur, delay: dur * 0.6, fill: 'backwards' });
    }
  }
  if (d.removed.length) {
    // Ghosts of the taken pieces, drawn where they stood, fading away.
    const layer = svg.querySelector('.anim');
    const old = document.createElementNS(NS, 'g');
    const oldMarkup = boardSvg({ view: before, gameId: svg.getAttribute('data-game') || '', rotation: oldGeo.rotation }).svg;
    const holder = document.createElementNS(NS, 'g');
    holder.innerHTML = oldMarkup;
    for (const r of d.removed) {
      const pc = holder.querySelector(`.pc[data-at="${cssEsc(r.id)}#${r.index}"]`);
      if (pc) old.appendChild(pc);
    }
    old.setAttribute('class', 'ghosts');
    layer.appendChild(old);
    old.animate([{ opacity: 1 }, { opacity: 0 }], { duration: dur * 2.2, easing: 'ease-in', fill: 'forwards' }).finished.finally(() => old.remove());
  }
}

function cssEsc(s) {
  return typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(s) : String(s).replace(/["\\]/g, '\\$&');
}
