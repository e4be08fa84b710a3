// Small helpers for building the page.

/** h('div.class#id', {attrs, on: {click}}, children...) */
export function h(tag, attrs = {}, ...children) {
  const m = tag.match(/^([a-z0-9-]+)((?:[.#][\w-]+)*)$/i);
  const el = document.createElement(m ? m[1] : 'div');
  if (m && m[2]) {
    for (const part of m[2].match(/[.#][\w-]+/g)) {
      if (part[0] === '.') el.classList.add(part.slice(1));
      else el.id = part.slice(1);
    }
  }
  if (attrs && (typeof attrs !== 'object' || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = {};
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'on') for (const [ev, fn] of Object.entries(v)) el.addEventListener(ev, fn);
    else if (k === 'html') el.innerHTML = v;
    else if (k === 'text') el.textContent = v;
    else if (k === 'class') el.className = v;
    else if (k in el && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  add(el, children);
  return el;
}

function add(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) add(el, c);
    else el.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Replaces an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  add(el, children);
  return el;
}

/** A short message at the bottom of the screen. */
export function toast(text, { bad = false, ms = 4000 } = {}) {
  const area = document.getElementById('toasts');
  if (!area) return;
  const t = h('div.toast', { role: bad ? 'alert' : 'status' }, text);
  if (bad) t.classList.add('bad');
  area.appendChild(t);
  setTimeout(() => t.remove(), ms);
}

/** Copies text; falls back to selecting it in a hidden field. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (_) {
    const ta = h('textarea', { style: 'position:fixed;left:-9999px' });
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch (_) {
      ok = false;
    }
    ta.remove();
    return ok;
  }
}

/** Offers text as a file download. */
export function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = h('a', { href: url, download: name, style: 'display:none' });
  document.body.appendChild(a);
  a.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
    a.remove();
  }, 1000);
}

/** A modal dialog with a title and a body; returns the <dialog>, already open. */
export function modal({ title, body, className = '', onClose, closeLabel = '×' }) {
  const dlg = h(`dialog${className ? '.' + className : ''}`);
  const close = h('button', { type: 'button', 'aria-label': 'close', on: { click: () => dlg.close() } }, closeLabel);
  if (title) dlg.appendChild(h('div.dlg-head', h('h2', title), close));
  dlg.appendChild(h('div.dlg-body', body));
  dlg.addEventListener('close', () => {
    dlg.remove();
    if (onClose) onClose();
  });
  document.body.appendChild(dlg);
  dlg.showModal();
  return dlg;
}
