// club.js - a club's evening: the address players type (with its QR code), joining a game
// with a seat's code (#/join/CODE), and the card of a game's open seats. A rated game's seat
// needs an account: without one the server's message is shown with "Log in" (the login re-draws
// the view, which asks for the seat again).

import { accountDialog, logInButton } from './account.js';
import { api, ApiError } from './api.js';
import { errorText, h, icon } from './dom.js';
import { colorName, t } from './i18n.js';
import { session } from './session.js';

/** A QR code picture of text (drawn by the server with libqrencode). */
export function qrImage(text, label) {
  return h('img.qr', { src: api.qrUrl(text), alt: label, width: '168', height: '168', dataset: { text } });
}

/** The home page's card: where players connect, and a field for a seat's code. */
export function clubCard() {
  const code = h('input#join-code', { type: 'text', name: 'code', placeholder: 'K7QX9M', maxlength: '9', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', 'aria-label': t('club.code') });
  const form = h(
    'form.join-form',
    {
      onsubmit: (e) => {
        e.preventDefault();
        const c = code.value.replace(/[\s-]/g, '').toUpperCase();
        if (c) location.hash = `#/join/${c}`;
      },
    },
    code,
    h('button.btn.primary', { type: 'submit', dataset: { action: 'join' } }, t('club.join')),
  );
  const parts = [h('h2.card-title', t('club.title'))];
  if (session.network) {
    parts.push(
      h('p.muted', t('club.lead')),
      h('div.club-address', h('div', h('span.label', t('club.address')), h('strong.club-url', { dataset: { url: session.url } }, session.url)), qrImage(session.url, t('club.qrAddress'))),
    );
  } else {
    // the command in one piece (a line never breaks it at its hyphens)
    const [before, after = ''] = t('club.localOnly').split('{cmd}');
    parts.push(h('p.muted.club-local', before, h('code.command', 'shashki serve --host 0.0.0.0'), after));
  }
  parts.push(h('span.label', t('club.haveCode')), form);
  return h('section.card.club-card', ...parts);
}

/** #/join/CODE: take the seat, then open its game. */
export class JoinView {
  constructor(root, code) {
    this.root = root;
    this.closed = false;
    root.replaceChildren(h('div.loading', t('club.joining', { code })));
    this.join(code);
  }

  async join(code) {
    try {
      const game = await api.join(code);
      if (this.closed) return;
      location.replace(`#/play/${game.id}`);
    } catch (e) {
      if (this.closed) return;
      const message = e instanceof ApiError && e.status === 403 ? t('club.badCode', { code }) : errorText(e);
      if (e instanceof ApiError && e.status === 401 && e.needs === 'account') {
        // a rated game: log in (or sign up), and the page asks for the seat again
        this.root.replaceChildren(
          h(
            'div.empty-state.join-account',
            h('p.form-error.join-error', { dataset: { needs: 'account' } }, message),
            h('p.muted', t('account.needed')),
            h(
              'div.inline-actions',
              logInButton(),
              h('button.btn', { type: 'button', dataset: { action: 'sign-up' }, onclick: () => accountDialog('signup') }, t('account.signUp')),
            ),
          ),
        );
        return;
      }
      this.root.replaceChildren(h('div.empty-state', h('p.form-error.join-error', message), clubCard()));
    }
  }

  destroy() {
    this.closed = true;
  }
}

/** The join link of a code, as players type it. */
export function joinUrl(code) {
  const base = session.url || location.origin + '/';
  return `${base}j/${code}`;
}

/** A game's open seats: each code, its link and QR code, and a button to take it here. */
export function seatsCard(game, onTake) {
  const open = Object.entries(game.codes || {});
  if (!open.length || game.status !== 'playing') return null;
  return h(
    'div.card.seats-card',
    h('h2.card-title', icon('users'), t('seats.title')),
    ...open.map(([color, code]) =>
      h(
        'div.seat-open',
        { dataset: { color, code } },
        h('div.seat-text', h('p', t('seats.waiting', { side: colorName(color) })), h('div.seat-code', code), h('a.seat-link', { href: joinUrl(code) }, joinUrl(code))),
        qrImage(joinUrl(code), t('seats.qr', { side: colorName(color) })),
        h('button.btn.small', { type: 'button', dataset: { action: 'take-seat', color }, onclick: () => onTake(code) }, t('seats.takeHere', { side: colorName(color) })),
      ),
    ),
  );
}
