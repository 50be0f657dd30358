// account.js - the player's account (docs/web-api.md "Accounts and ratings"), not the arbiter's
// session (session.js): who is logged in (GET /api/account), the header's control ("Log in" and
// "Sign up"; once logged in the account's name with "Profile" and "Log out"), and the dialog that
// signs up or logs in, each error shown beside the field the server names. The menu also leads
// to the account's games in progress (#/my-games, lobby.js).
//
// The account's session is an HttpOnly cookie the page never sees: it asks the server who it is
// and re-draws when that changes. An account with the role arbiter is also the arbiter, so a
// login or logout asks session.js again too.

import { api } from './api.js';
import { errorText, h, icon, openModal } from './dom.js';
import { t } from './i18n.js';
import './i18n_accounts.js';
import './i18n_lobby.js';
import { refreshSession } from './session.js';

/** account.me: the Account logged in here ({name, created, roles}) or null. */
export const account = { me: null };
const listeners = new Set();

export function onAccountChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function set(me) {
  const before = JSON.stringify(account.me);
  account.me = me || null;
  if (JSON.stringify(account.me) !== before) for (const fn of listeners) fn(account.me);
}

export async function refreshAccount() {
  try {
    set((await api.account()).account);
  } catch {
    /* offline: main.js says so */
  }
  return account.me;
}

/** A player's profile address. */
export function profileHref(name) {
  return `#/players/${encodeURIComponent(name)}`;
}

/** A rated game's speed in words: "blitz", "блиц". */
export function speedName(speed) {
  return speed ? t('speed.' + speed) : '';
}

/** Log out of the account (the arbiter's session, if any, stays as it is). */
export async function logOut() {
  const r = await api.accountLogout();
  await refreshSession();
  set(r.account);
}

/**
 * The dialog: mode 'login' or 'signup' (a link switches between them). Resolves with the
 * Account once logged in, or null when closed. An error the server gives on a field (400/409 on
 * `name` or `password`, a wrong password's 401 `password`) is shown under that field; any other
 * above the buttons.
 */
export function accountDialog(mode = 'login') {
  return new Promise((resolve) => {
    const form = h('form.account-form', { novalidate: true, dataset: { mode } });
    const dialog = h('dialog.modal', { 'aria-labelledby': 'account-title' }, form);
    const name = h('input#acc-name', { type: 'text', name: 'name', autocomplete: 'username', autocapitalize: 'off', spellcheck: 'false', maxlength: '20', required: true });
    const password = h('input#acc-password', { type: 'password', name: 'password', required: true });
    const errors = {
      name: h('p.field-error', { id: 'acc-name-error', role: 'alert', hidden: true, dataset: { field: 'name' } }),
      password: h('p.field-error', { id: 'acc-password-error', role: 'alert', hidden: true, dataset: { field: 'password' } }),
    };
    const general = h('p.form-error', { role: 'alert', hidden: true });
    const title = h('h2#account-title');
    const lead = h('p.muted.account-lead');
    const nameHint = h('small.hint');
    const passwordHint = h('small.hint');
    const submit = h('button.btn.primary', { type: 'submit', dataset: { action: 'account-submit' } });
    const other = h('button.btn.ghost.small.account-switch', { type: 'button', dataset: { action: 'account-switch' }, onclick: () => draw(mode === 'login' ? 'signup' : 'login') });
    const clear = () => {
      for (const el of [...Object.values(errors), general]) el.hidden = true;
      for (const el of [name, password]) {
        el.classList.remove('invalid');
        el.removeAttribute('aria-invalid');
      }
    };
    const draw = (next) => {
      mode = next;
      form.dataset.mode = mode;
      clear();
      const signup = mode === 'signup';
      title.replaceChildren(icon('user'), signup ? t('account.signUp') : t('account.logIn'));
      lead.textContent = signup ? t('account.signUpLead') : t('account.logInLead');
      nameHint.textContent = signup ? t('account.nameHint') : '';
      nameHint.hidden = !signup;
      passwordHint.textContent = signup ? t('account.passwordHint') : '';
      passwordHint.hidden = !signup;
      password.autocomplete = signup ? 'new-password' : 'current-password';
      submit.textContent = signup ? t('account.signUp') : t('account.logIn');
      other.textContent = signup ? t('account.haveOne') : t('account.noAccount');
    };
    const close = (me = null) => {
      dialog.close();
      dialog.remove();
      resolve(me);
    };
    form.append(
      h('header.dialog-head', title, h('button.btn.icon-only.ghost', { type: 'button', 'aria-label': t('common.close'), onclick: () => close() }, icon('close'))),
      h(
        'div.dialog-body',
        lead,
        h('div.field', h('label.label', { for: 'acc-name' }, t('account.name')), name, nameHint, errors.name),
        h('div.field', h('label.label', { for: 'acc-password' }, t('account.password')), password, passwordHint, errors.password),
        general,
        other,
      ),
      h('footer.dialog-actions', h('button.btn', { type: 'button', onclick: () => close() }, t('new.cancel')), submit),
    );
    draw(mode);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      clear();
      submit.disabled = true;
      try {
        const r = mode === 'signup' ? await api.signUp(name.value.trim(), password.value) : await api.accountLogin(name.value.trim(), password.value);
        // the arbiter's rights first (an account may hold them), then the account: the view is
        // re-drawn last with both (a join page asks for its seat once, as the account)
        await refreshSession();
        set(r.account);
        close(r.account);
      } catch (err) {
        // the field the server names; a wrong password (401) says `needs: password`
        const field = err.field || (err.needs === 'password' ? 'password' : null);
        const input = field === 'name' ? name : field === 'password' ? password : null;
        if (input) {
          errors[field].textContent = errorText(err);
          errors[field].hidden = false;
          input.classList.add('invalid');
          input.setAttribute('aria-invalid', 'true');
          input.setAttribute('aria-describedby', errors[field].id);
          input.focus();
        } else {
          general.textContent = errorText(err);
          general.hidden = false;
        }
      } finally {
        submit.disabled = false;
      }
    });
    openModal(dialog, () => close(), name);
  });
}

/**
 * The dialog that changes the account's password: the current one (checked, and paced, as a
 * login) and the new one. The account's other sessions end; this one goes on. Resolves true
 * once changed, false when closed.
 */
export function passwordDialog() {
  return new Promise((resolve) => {
    const form = h('form.account-form', { novalidate: true, dataset: { mode: 'password' } });
    const dialog = h('dialog.modal', { 'aria-labelledby': 'password-title' }, form);
    const current = h('input#acc-current', { type: 'password', name: 'current', autocomplete: 'current-password', required: true });
    const fresh = h('input#acc-new', { type: 'password', name: 'password', autocomplete: 'new-password', required: true });
    const errors = {
      current: h('p.field-error', { id: 'acc-current-error', role: 'alert', hidden: true, dataset: { field: 'current' } }),
      password: h('p.field-error', { id: 'acc-new-error', role: 'alert', hidden: true, dataset: { field: 'password' } }),
    };
    const general = h('p.form-error', { role: 'alert', hidden: true });
    const submit = h('button.btn.primary', { type: 'submit', dataset: { action: 'password-submit' } }, t('account.changePassword'));
    const close = (done = false) => {
      dialog.close();
      dialog.remove();
      resolve(done);
    };
    form.append(
      h('header.dialog-head', h('h2#password-title', icon('user'), t('account.changePassword')), h('button.btn.icon-only.ghost', { type: 'button', 'aria-label': t('common.close'), onclick: () => close() }, icon('close'))),
      h(
        'div.dialog-body',
        h('p.muted.account-lead', t('account.changeLead')),
        h('div.field', h('label.label', { for: 'acc-current' }, t('account.currentPassword')), current, errors.current),
        h('div.field', h('label.label', { for: 'acc-new' }, t('account.newPassword')), fresh, h('small.hint', t('account.passwordHint')), errors.password),
        general,
      ),
      h('footer.dialog-actions', h('button.btn', { type: 'button', onclick: () => close() }, t('new.cancel')), submit),
    );
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      for (const el of [...Object.values(errors), general]) el.hidden = true;
      submit.disabled = true;
      try {
        await api.accountPassword(current.value, fresh.value);
        close(true);
      } catch (err) {
        // a wrong current password is a 401 that needs `password`: it belongs to "current"
        const field = err.needs === 'password' || err.field === 'current' ? 'current' : err.field === 'password' ? 'password' : null;
        const box = field ? errors[field] : general;
        box.textContent = errorText(err);
        box.hidden = false;
        if (field) (field === 'current' ? current : fresh).focus();
      } finally {
        submit.disabled = false;
      }
    });
    openModal(dialog, () => close(), current);
  });
}

/** The header's control: "Log in" and "Sign up", or the account's name with its menu. */
export function accountControl() {
  const me = account.me;
  if (!me) {
    return h(
      'div.account-control',
      { dataset: { account: '' } },
      h('button.btn.small', { type: 'button', dataset: { action: 'log-in' }, onclick: () => accountDialog('login') }, icon('user'), h('span', t('account.logIn'))),
      h('button.btn.small.primary.account-signup', { type: 'button', dataset: { action: 'sign-up' }, onclick: () => accountDialog('signup') }, t('account.signUp')),
    );
  }
  const menu = h(
    'div.account-menu-list',
    { role: 'menu' },
    h('div.account-who', t('account.youAre', { name: me.name })),
    h('a.account-item', { role: 'menuitem', href: profileHref(me.name), dataset: { action: 'profile' } }, icon('chart'), t('account.profile')),
    h('a.account-item', { role: 'menuitem', href: '#/my-games', dataset: { action: 'my-games' } }, icon('play'), t('mygames.title')),
    h(
      'button.account-item',
      {
        type: 'button',
        role: 'menuitem',
        dataset: { action: 'change-password' },
        onclick: () => {
          details.open = false;
          passwordDialog();
        },
      },
      icon('user'),
      t('account.changePassword'),
    ),
    h(
      'button.account-item',
      {
        type: 'button',
        role: 'menuitem',
        dataset: { action: 'log-out' },
        onclick: async () => {
          details.open = false;
          await logOut();
        },
      },
      icon('close'),
      t('account.logOut'),
    ),
  );
  const details = h(
    'details.account-control.account-menu',
    { dataset: { account: me.name } },
    h('summary.btn.small', { title: t('account.youAre', { name: me.name }), dataset: { action: 'account-menu', initial: me.name.slice(0, 1).toUpperCase() } }, icon('user'), h('span.account-name', me.name)),
    menu,
  );
  // a choice, a click elsewhere or Escape closes the menu
  menu.addEventListener('click', (e) => {
    if (e.target.closest('a')) details.open = false;
  });
  const outside = (e) => {
    if (!details.isConnected) return document.removeEventListener('click', outside);
    if (details.open && !details.contains(e.target)) details.open = false;
  };
  document.addEventListener('click', outside);
  details.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      details.open = false;
      details.querySelector('summary').focus();
    }
  });
  return details;
}

/** A button that opens the login dialog and runs then(account) once logged in. */
export function logInButton(then) {
  return h(
    'button.btn.primary',
    {
      type: 'button',
      dataset: { action: 'log-in' },
      onclick: async () => {
        const me = await accountDialog('login');
        if (me && then) then(me);
      },
    },
    icon('user'),
    h('span', t('account.logIn')),
  );
}
