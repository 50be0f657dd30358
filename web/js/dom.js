// dom.js - a small helper to build elements, and a few shared widgets (toast, confirm).

import { t } from './i18n.js';

/**
 * h('button.primary', {onclick, disabled: true, 'aria-label': 'x'}, 'text', child, ...)
 * Tag with optional .classes and #id; attributes: on* functions become listeners, `dataset`
 * an object, true/false toggle boolean attributes, null/undefined are skipped.
 */
export function h(spec, attrs, ...children) {
  const m = /^([a-z0-9-]+)?((?:[.#][\w-]+)*)$/i.exec(spec);
  const el = document.createElement((m && m[1]) || 'div');
  if (m && m[2]) {
    for (const part of m[2].match(/[.#][\w-]+/g)) {
      if (part[0] === '.') el.classList.add(part.slice(1));
      else el.id = part.slice(1);
    }
  }
  if (attrs && (typeof attrs !== 'object' || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'class') el.className += (el.className ? ' ' : '') + v;
    else if (k === 'value') el.value = v;
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Under a table, what its abbreviated columns mean, in sight (not only on hover):
 *  items [[abbr, words]]; extra classes as h's ('.review-summary-legend'). */
export function legend(items, cls = '') {
  return h(`dl.table-legend${cls}`, { 'aria-label': t('common.legend') }, items.map(([abbr, words]) => h('div', h('dt', abbr), h('dd', words))));
}

/** An inline SVG icon from the sprite-less set below. */
export function icon(name) {
  const paths = ICONS[name] || '';
  const span = document.createElement('span');
  span.className = 'icon';
  span.setAttribute('aria-hidden', 'true');
  span.innerHTML = `<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>`;
  return span;
}

const ICONS = {
  flip: '<path d="M7 4v16M7 4l-3 3M7 4l3 3M17 20V4M17 20l-3-3M17 20l3-3"/>',
  flag: '<path d="M5 21V4M5 4h11l-2 4 2 4H5"/>',
  handshake: '<path d="M8 12l3 3 6-6"/><circle cx="12" cy="12" r="9"/>',
  undo: '<path d="M9 14L4 9l5-5"/><path d="M4 9h10a6 6 0 010 12h-3"/>',
  plus: '<path d="M12 5v14M5 12h14"/>',
  first: '<path d="M18 18l-7-6 7-6M7 6v12"/>',
  prev: '<path d="M15 18l-6-6 6-6"/>',
  next: '<path d="M9 18l6-6-6-6"/>',
  last: '<path d="M6 18l7-6-7-6M17 6v12"/>',
  play: '<path d="M7 5l12 7-12 7z"/>',
  pause: '<path d="M8 5v14M16 5v14"/>',
  download: '<path d="M12 4v11M7 10l5 5 5-5M5 20h14"/>',
  upload: '<path d="M12 20V9M7 14l5-5 5 5M5 4h14"/>',
  trash: '<path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13"/>',
  search: '<circle cx="11" cy="11" r="7"/><path d="M20 20l-4-4"/>',
  chart: '<path d="M4 19h16M7 16v-5M12 16V6M17 16v-8"/>',
  edit: '<path d="M4 20h4L19 9l-4-4L4 16z"/>',
  copy: '<rect x="8" y="8" width="12" height="12" rx="2"/><path d="M16 8V5a1 1 0 00-1-1H5a1 1 0 00-1 1v10a1 1 0 001 1h3"/>',
  close: '<path d="M6 6l12 12M18 6L6 18"/>',
  cpu: '<rect x="6" y="6" width="12" height="12" rx="2"/><path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4"/>',
  user: '<circle cx="12" cy="8" r="4"/><path d="M4 21c1-4 4-6 8-6s7 2 8 6"/>',
  users: '<circle cx="9" cy="8" r="3.5"/><path d="M2 20c.8-3.5 3.4-5.5 7-5.5s6.2 2 7 5.5"/><path d="M16 4.5a3.5 3.5 0 010 7M18 14.7c2 .8 3.4 2.6 4 5.3"/>',
  reset: '<path d="M4 12a8 8 0 108-8H8"/><path d="M11 1L8 4l3 3"/>',
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>',
  shield: '<path d="M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6z"/>',
  bulb: '<path d="M9 18h6M10 21h4"/><path d="M12 3a6 6 0 00-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0012 3z"/>',
  puzzle: '<path d="M4 8h4a2 2 0 114 0h4v4a2 2 0 110 4v4H4z"/>',
  check: '<path d="M5 12l5 5 9-10"/>',
  eye: '<path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/>',
};

let toastTimer = null;

/** A short message at the bottom of the screen. kind: 'info' | 'error'. */
export function toast(message, kind = 'info') {
  let el = document.getElementById('toast');
  if (!el) {
    el = h('div#toast', { role: 'status', 'aria-live': 'polite' });
    document.body.append(el);
  }
  el.textContent = message;
  el.className = 'toast show ' + kind;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove('show'), kind === 'error' ? 6000 : 3000);
}

/** A modal question; resolves true or false. */
/** Show a modal dialog (appended to the page): Escape runs onCancel, which closes it; `focus`
 *  takes the focus. */
export function openModal(dialog, onCancel, focus) {
  dialog.addEventListener('cancel', (e) => {
    e.preventDefault();
    onCancel();
  });
  document.body.append(dialog);
  dialog.showModal();
  if (focus) focus.focus();
}

export function confirmDialog(message, yes = t('common.yes'), no = t('common.no'), danger = false) {
  return new Promise((resolve) => {
    const dialog = h('dialog.modal.confirm', { 'aria-label': message });
    const done = (answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    dialog.append(
      h('p.confirm-text', message),
      h(
        'div.dialog-actions',
        h('button.btn', { type: 'button', onclick: () => done(false) }, no),
        h(danger ? 'button.btn.danger' : 'button.btn.primary', { type: 'button', onclick: () => done(true) }, yes),
      ),
    );
    openModal(dialog, () => done(false), dialog.querySelector('.dialog-actions button:last-child'));
  });
}

/** The message to show for an error from the API. */
export function errorText(err) {
  if (err && err.status === 0 && err.message === 'offline') return t('common.offline');
  return (err && err.message) || String(err);
}

/** Save text as a file download. */
export function download(filename, text, type = 'text/plain') {
  const blob = new Blob([text], { type: type + ';charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
