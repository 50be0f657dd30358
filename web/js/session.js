// session.js - who this page is to the server: the arbiter or not, and the club's address.
//
// The server keeps the arbiter's session in an HttpOnly cookie and each seat's token in a
// cookie on its game's path, so the page never sees a secret: it asks GET /api/club what it
// may do and re-draws when that changes (a login, a logout).

import { api } from './api.js';
import { errorText, h, icon, openModal } from './dom.js';
import { t } from './i18n.js';

export const session = { arbiter: false, password_set: false, local: false, network: false, url: '' };
const listeners = new Set();

export function onSessionChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export async function refreshSession() {
  try {
    const before = JSON.stringify(session);
    Object.assign(session, await api.club());
    if (JSON.stringify(session) !== before) for (const fn of listeners) fn(session);
  } catch {
    /* offline: main.js says so */
  }
  return session;
}

function field(label, input) {
  return h('label.field', h('span.label', label), input);
}

/** The arbiter's dialog: log in, log out, set or change the password. */
export function arbiterDialog() {
  return new Promise((resolve) => {
    const error = h('p.form-error', { role: 'alert', hidden: true });
    const form = h('form.arbiter-form', { novalidate: true });
    const dialog = h('dialog.modal', { 'aria-labelledby': 'arbiter-title' }, form);
    const close = () => {
      dialog.close();
      dialog.remove();
      resolve(session.arbiter);
    };
    const fail = (e) => {
      error.textContent = errorText(e);
      error.hidden = false;
    };
    const password = h('input#arbiter-password', { type: 'password', name: 'password', autocomplete: 'current-password', required: true });
    const fresh = h('input#arbiter-new', { type: 'password', name: 'new', autocomplete: 'new-password', minlength: '6' });
    const body = h('div.dialog-body');
    let submit;
    if (session.arbiter && session.password_set) {
      body.append(h('p', t('arbiter.loggedIn')), field(t('arbiter.current'), password), field(t('arbiter.newPassword'), fresh));
      submit = async () => {
        if (fresh.value) {
          await api.setPassword(fresh.value, password.value);
          close();
        } else {
          await api.logout();
          await refreshSession();
          close();
        }
      };
    } else if (session.arbiter) {
      body.append(h('p', t('arbiter.openHere')), field(t('arbiter.newPassword'), fresh));
      submit = async () => {
        await api.setPassword(fresh.value, null);
        await refreshSession();
        close();
      };
    } else if (!session.password_set) {
      body.append(h('p', t('arbiter.noPassword')));
      submit = async () => close();
    } else {
      body.append(h('p', t('arbiter.loginLead')), field(t('arbiter.password'), password));
      submit = async () => {
        await api.login(password.value);
        await refreshSession();
        close();
      };
    }
    body.append(error);
    const label = session.arbiter && session.password_set ? t('arbiter.logoutOrChange') : session.arbiter ? t('arbiter.setPassword') : session.password_set ? t('arbiter.login') : t('common.close');
    form.append(
      h('header.dialog-head', h('h2#arbiter-title', icon('shield'), t('arbiter.title')), h('button.btn.icon-only.ghost', { type: 'button', 'aria-label': t('common.close'), onclick: close }, icon('close'))),
      body,
      h('footer.dialog-actions', h('button.btn', { type: 'button', onclick: close }, t('new.cancel')), h('button.btn.primary', { type: 'submit', dataset: { action: 'arbiter-submit' } }, label)),
    );
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      error.hidden = true;
      const button = form.querySelector('[data-action=arbiter-submit]');
      button.disabled = true;
      try {
        await submit();
      } catch (err) {
        fail(err);
      } finally {
        button.disabled = false;
      }
    });
    openModal(dialog, close, form.querySelector('input') || form.querySelector('[data-action=arbiter-submit]'));
  });
}
