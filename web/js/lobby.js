// lobby.js - #/lobby: the lobby (docs/web-api.md "The lobby"), and #/my-games: an account's
// games in progress.
//
// The lobby lists the open challenges (GET /api/challenges: each one's game, time control and
// speed, rated or casual, the challenger and the colour he plays, the rating range), with
// "Accept" where the server says this account may (may_accept); the challenges addressed to this
// account with "Accept" and "Decline"; the account's own with "Cancel". Its form offers a
// challenge (POST /api/challenges: a game of two players, a time control with presets up to
// correspondence's days per move, rated, colour, an optional rating range and an optional
// opponent's name for a direct challenge); the server's error is shown beside the field it names.
//
// While the lobby is open it asks for the challenges every few seconds: a challenge of this
// account's that has left the list is asked for (GET /api/challenges/ID), and once accepted its
// game opens by itself, as an accepted one opens on the accepter's page.
//
// "My games" (GET /api/account/games) lists the account's games in progress, those where it is
// its move first, each with the opponent, the game and the time left on the clock of the side to
// move (days and hours for a correspondence game); a card of the lobby, and a page of its own
// from the account's menu.

import { account, accountDialog, logInButton, profileHref, speedName } from './account.js';
import { api } from './api.js';
import { pieceIcon } from './board.js';
import { daysPerMove, formatClock, timeControlText } from './clock.js';
import { errorText, h, icon, toast } from './dom.js';
import { colorName, t } from './i18n.js';
import './i18n_accounts.js';
import './i18n_lobby.js';
import { PRESETS, segmented } from './newgame.js';
import { pref, setPref } from './prefs.js';
import { colourDot, coloursOf, variantInfo, variantName, variantOptions, variants } from './variants.js';

const POLL_MS = 3000; // how often an open lobby asks for the challenges and the account's games
const DAYS = [1, 2, 3, 7, 14]; // correspondence's presets: days per move

/** The speed of a time control as the server classifies it (base + 40 × increment: under 3
 *  minutes bullet, under 8 blitz, under 25 rapid, else classical; days per move correspondence),
 *  for the form's hint; '' for what it cannot read (the server says). */
export function speedOf(time) {
  if (daysPerMove(time)) return 'correspondence';
  const m = /^\s*(?:(\d+)h)?\s*(?:(\d+)m)?\s*(?:(\d+)s)?\s*(?:\+\s*(\d+)\s*(s|m)?)?\s*$/i.exec(time || '');
  if (!m || !(m[1] || m[2] || m[3])) return '';
  const base = Number(m[1] || 0) * 3600 + Number(m[2] || 0) * 60 + Number(m[3] || 0);
  const inc = Number(m[4] || 0) * (m[5] && m[5].toLowerCase() === 'm' ? 60 : 1);
  const total = base + 40 * inc;
  return total < 180 ? 'bullet' : total < 480 ? 'blitz' : total < 1500 ? 'rapid' : 'classical';
}

/** A challenge's rating range as people write it: "1400–1800", "1600+", "≤ 1800"; '' for none. */
export function rangeText(min, max) {
  if (min && max) return `${min}–${max}`;
  if (min) return `${min}+`;
  if (max) return `≤ ${max}`;
  return '';
}

function sameName(a, b) {
  return String(a || '').toLowerCase() === String(b || '').toLowerCase();
}

/** A challenge as the lobby lists it, with its actions (buttons given by the view). */
function challengeRow(c, actions) {
  const speed = c.speed ? speedName(c.speed) : '';
  const colour =
    c.color === 'white' || c.color === 'black'
      ? h('span.challenge-colour', { dataset: { color: c.color } }, pieceIcon(c.color === 'white' ? 'w' : 'b', 16), t('lobby.plays', { color: colorName(c.color) }))
      : h('span.challenge-colour', { dataset: { color: 'random' } }, t('lobby.playsRandom'));
  const range = rangeText(c.min_rating, c.max_rating);
  return h(
    'div.challenge',
    { dataset: { id: String(c.id), variant: c.variant, time: c.time, status: c.status, mine: String(!!c.mine), forMe: String(!!c.for_me), from: c.from, to: c.to || '' } },
    h(
      'div.challenge-what',
      h('strong.challenge-game', variantName(c.variant)),
      h('span.challenge-time', { dataset: { speed: c.speed || '' } }, icon('clock'), [timeControlText(c.time), speed].filter(Boolean).join(' · ')),
      c.rated ? h('span.rated-chip', { dataset: { speed: c.speed || '' } }, icon('chart'), t('rated.label')) : h('span.chip.casual-chip', t('lobby.casual')),
    ),
    h(
      'div.challenge-who',
      h('span.challenge-from', icon('user'), c.mine ? h('strong', c.from) : h('a.player-link', { href: profileHref(c.from), dataset: { account: c.from } }, c.from)),
      c.to ? h('span.challenge-to', '→ ', c.for_me ? h('strong', c.to) : h('a.player-link', { href: profileHref(c.to), dataset: { account: c.to } }, c.to)) : null,
      colour,
      range ? h('span.challenge-range', t('lobby.rangeShown', { range })) : null,
    ),
    actions.length ? h('div.challenge-actions', actions) : null,
  );
}

/** The side of a game an account plays and its opponent, from a GameSummary of its games. */
function sidesOf(g, me) {
  const players = g.players && g.players.length ? g.players : coloursOf(g.variant).map((colour) => ({ colour, name: g[colour] }));
  let mine = players.find((p) => me && sameName(p.name, me));
  // a name the account does not go by: the side to move is its own when it is its move
  if (!mine) mine = players.find((p) => (g.your_move ? p.colour === g.to_move : p.colour !== g.to_move));
  const others = players.filter((p) => p !== mine);
  return { mine, others };
}

/** A game of the account's list: the opponent, the game, the time left, whose move. */
export function myGameRow(g) {
  const { mine, others } = sidesOf(g, account.me && account.me.name);
  const left = typeof g.time_left === 'number' ? t('mygames.left', { time: formatClock(g.time_left) }) : t('mygames.noClock');
  const meta = [variantName(g.variant), t('home.moves', { n: g.moves }), left];
  if (g.event && g.event.name) meta.unshift(g.event.name);
  return h(
    'a.game-row.my-game',
    { href: `#/play/${g.id}`, dataset: { id: String(g.id), variant: g.variant || 'russian', yourMove: String(!!g.your_move), toMove: g.to_move || '' } },
    h(
      'span.players',
      mine ? colourDot(g.variant, mine.colour) : null,
      h('span.pname', t('mygames.vs', { name: others.map((p) => p.name || colorName(p.colour)).join(', ') })),
    ),
    h('span.meta', h('span.time-left', { dataset: { seconds: g.time_left === null || g.time_left === undefined ? '' : String(Math.round(g.time_left)) } }, meta.join(' · '))),
    h('span.result.turn', { class: g.your_move ? 'yours' : 'theirs' }, g.your_move ? t('mygames.yourMove') : t('mygames.theirMove')),
  );
}

/** The list of the account's games, asked for again with update(). */
class MyGamesList {
  constructor() {
    this.el = h('div.game-list.my-games', h('p.muted', '…'));
    this.drawn = null;
  }

  async load() {
    try {
      this.update((await api.accountGames()).games);
    } catch (e) {
      this.el.replaceChildren(h('p.form-error', errorText(e)));
      this.drawn = null;
    }
  }

  update(games) {
    const key = JSON.stringify(games);
    if (key === this.drawn) return;
    this.drawn = key;
    this.el.dataset.count = String(games.length);
    this.el.replaceChildren(...(games.length ? games.map(myGameRow) : [h('p.muted.my-games-none', t('mygames.none'))]));
  }
}

/** A guest's invitation: log in or sign up. */
function guestCard(text) {
  return h(
    'section.card.lobby-guest',
    h('p', text),
    h('div.row-buttons', logInButton(), h('button.btn', { type: 'button', dataset: { action: 'sign-up' }, onclick: () => accountDialog('signup') }, t('account.signUp'))),
  );
}

export class MyGamesView {
  constructor(root) {
    this.root = root;
    this.timer = null;
    if (!account.me) {
      root.replaceChildren(h('div.lobby', h('header.lobby-head', h('h1.page-title', t('mygames.title'))), guestCard(t('mygames.needAccount'))));
      return;
    }
    this.list = new MyGamesList();
    root.replaceChildren(
      h(
        'div.lobby.my-games-page',
        h('header.lobby-head', h('h1.page-title', t('mygames.title')), h('p.muted.lead', t('mygames.lead'))),
        h('section.card.lobby-games', h('div.card-head', h('h2.card-title', t('mygames.title')), h('a.btn.small', { href: '#/lobby', dataset: { action: 'lobby' } }, icon('users'), t('lobby.title'))), this.list.el),
      ),
    );
    this.list.load();
    this.timer = setInterval(() => this.list.load(), POLL_MS);
  }

  destroy() {
    clearInterval(this.timer);
  }
}

export class LobbyView {
  constructor(root) {
    this.root = root;
    this.closed = false;
    this.busy = false;
    this.again = false;
    this.drawn = null;
    this.waiting = new Map(); // this account's open challenges: id -> Challenge
    const me = account.me;
    this.els = {
      forYou: h('section.card.lobby-for-you', { hidden: true }),
      open: h('section.card.lobby-open', h('h2.card-title', t('lobby.open')), h('p.muted', '…')),
      yours: h('section.card.lobby-yours', { hidden: true }),
    };
    this.games = me ? new MyGamesList() : null;
    root.replaceChildren(
      h(
        'div.lobby',
        h('header.lobby-head', h('h1.page-title', t('lobby.title')), h('p.muted.lead', t('lobby.lead'))),
        h(
          'div.lobby-grid',
          h(
            'div.lobby-main',
            this.els.forYou,
            this.els.yours,
            this.games
              ? h('section.card.lobby-games', h('div.card-head', h('h2.card-title', t('mygames.title')), h('a.btn.small.ghost', { href: '#/my-games', dataset: { action: 'my-games' } }, t('mygames.all'))), this.games.el)
              : null,
            this.els.open,
          ),
          h('div.lobby-aside', me ? this.offerForm() : guestCard(t('lobby.guest'))),
        ),
      ),
    );
    this.refresh();
    this.timer = setInterval(() => this.refresh(), POLL_MS);
  }

  destroy() {
    this.closed = true;
    clearInterval(this.timer);
  }

  /** Ask for the challenges (and the account's games); once at a time, again if asked meanwhile. */
  async refresh() {
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    try {
      const [r, g] = await Promise.all([api.challenges(), this.games ? api.accountGames().catch(() => null) : null]);
      if (this.closed) return;
      if (await this.notice(r.challenges)) return;
      this.render(r.challenges);
      if (g && this.games) this.games.update(g.games);
    } catch (e) {
      if (!this.closed) this.els.open.replaceChildren(h('h2.card-title', t('lobby.open')), h('p.form-error', errorText(e)));
      this.drawn = null;
    } finally {
      this.busy = false;
      if (this.again && !this.closed) {
        this.again = false;
        this.refresh();
      }
    }
  }

  /** This account's challenges that left the list: accepted (its game opens: true), declined. */
  async notice(list) {
    const listed = new Set(list.map((c) => c.id));
    for (const [id, mine] of [...this.waiting]) {
      if (listed.has(id)) continue;
      this.waiting.delete(id);
      let now;
      try {
        now = await api.challenge(id);
      } catch {
        continue;
      }
      if (this.closed) return true;
      if (now.status === 'accepted' && now.game) {
        toast(t('lobby.acceptedYours'));
        location.hash = `#/play/${now.game}`;
        return true;
      }
      if (now.status === 'declined') toast(t('lobby.declinedYours', { name: now.to || mine.to || '?' }));
    }
    for (const c of list) if (c.mine && c.status === 'open') this.waiting.set(c.id, c);
    return false;
  }

  render(list) {
    const key = JSON.stringify(list);
    if (key === this.drawn) return;
    this.drawn = key;
    const forYou = list.filter((c) => c.for_me && !c.mine);
    const yours = list.filter((c) => c.mine);
    const open = list.filter((c) => !c.mine && !c.for_me && !c.to);
    const me = account.me;
    const button = (cls, action, text, fn) => h(cls, { type: 'button', dataset: { action }, onclick: fn }, text);
    const accept = (c) => button('button.btn.primary.small', 'accept-challenge', t('lobby.accept'), (e) => this.accept(c, e.currentTarget));
    this.els.forYou.hidden = !forYou.length;
    this.els.forYou.replaceChildren(
      h('h2.card-title', t('lobby.forYou')),
      h('div.challenge-list', forYou.map((c) => challengeRow(c, [accept(c), button('button.btn.small', 'decline-challenge', t('lobby.decline'), (e) => this.drop(c, e.currentTarget, 'lobby.declined'))]))),
    );
    this.els.yours.hidden = !yours.length;
    this.els.yours.replaceChildren(
      h('h2.card-title', t('lobby.yours')),
      h(
        'div.challenge-list',
        yours.map((c) =>
          challengeRow(c, [
            h('span.challenge-waiting', icon('clock'), c.to ? t('lobby.waitingFor', { name: c.to }) : t('lobby.waiting')),
            button('button.btn.small', 'cancel-challenge', t('lobby.cancel'), (e) => this.drop(c, e.currentTarget, 'lobby.cancelled')),
          ]),
        ),
      ),
    );
    this.els.open.replaceChildren(
      h('h2.card-title', t('lobby.open')),
      open.length
        ? h(
            'div.challenge-list',
            open.map((c) => challengeRow(c, !me ? [] : c.may_accept ? [accept(c)] : [h('span.muted.challenge-out', { title: t('lobby.outOfRange') }, t('lobby.outOfRange'))])),
          )
        : h('p.muted.lobby-none', t('lobby.noOpen')),
    );
  }

  async accept(c, btn) {
    btn.disabled = true;
    try {
      const game = await api.acceptChallenge(c.id);
      location.hash = `#/play/${game.id}`;
    } catch (e) {
      btn.disabled = false;
      toast(e.status === 409 ? `${t('lobby.gone')}: ${errorText(e)}` : errorText(e), 'error');
      this.refresh();
    }
  }

  async drop(c, btn, done) {
    btn.disabled = true;
    this.waiting.delete(c.id);
    try {
      await api.dropChallenge(c.id);
      toast(t(done));
    } catch (e) {
      toast(errorText(e), 'error');
    }
    this.refresh();
  }

  /** The form that offers a challenge: each field with its own error line. */
  offerForm() {
    const last = pref('lastChallenge') || {};
    const twoPlayers = variants().filter((v) => coloursOf(v.name).length === 2);
    const variant = h('select#ch-variant', { name: 'variant' }, variantOptions(variantInfo(last.variant || 'russian').name, twoPlayers));
    const presets = PRESETS.filter(([v]) => v).map(([v]) => v);
    const corr = DAYS.map((n) => `${n}d`);
    const time0 = last.time || '5m+3s';
    const custom = !presets.includes(time0) && !corr.includes(time0);
    const timeSelect = h(
      'select#ch-time',
      { name: 'timePreset' },
      h('optgroup', { label: t('lobby.realTime') }, PRESETS.filter(([v]) => v).map(([v, key]) => h('option', { value: v, selected: !custom && v === time0 }, `${t(key)}  ·  ${v}`))),
      h('optgroup', { label: t('lobby.correspondence'), dataset: { speed: 'correspondence' } }, corr.map((v) => h('option', { value: v, selected: !custom && v === time0 }, timeControlText(v)))),
      h('option', { value: 'custom', selected: custom }, t('new.timeCustom')),
    );
    const timeText = h('input#ch-time-text', { type: 'text', name: 'time', placeholder: '10m+5s, 3d', value: custom ? time0 : '', autocomplete: 'off', spellcheck: 'false' });
    const timeCustom = h('div.field.sub', { hidden: !custom }, timeText, h('small.hint', t('lobby.timeHint')));
    const speedHint = h('small.hint.ch-speed');
    const time = () => (timeSelect.value === 'custom' ? timeText.value.trim() : timeSelect.value);
    const showSpeed = () => {
      const s = speedOf(time());
      speedHint.textContent = s ? speedName(s) : '';
      speedHint.dataset.speed = s;
    };
    timeSelect.addEventListener('change', () => {
      timeCustom.hidden = timeSelect.value !== 'custom';
      if (!timeCustom.hidden) timeText.focus();
      showSpeed();
    });
    timeText.addEventListener('input', showSpeed);
    showSpeed();
    const rated = h('input#ch-rated', { type: 'checkbox', name: 'rated', role: 'switch', checked: !!last.rated });
    const colours = [
      ['white', t('color.white'), pieceIcon('w', 18)],
      ['black', t('color.black'), pieceIcon('b', 18)],
      ['random', t('color.random')],
    ];
    const colour = segmented('color', colours, last.color || 'random');
    const min = h('input#ch-min', { type: 'number', name: 'min_rating', min: '0', max: '4000', step: '1', inputmode: 'numeric', placeholder: t('lobby.min'), 'aria-label': `${t('lobby.range')}: ${t('lobby.min')}` });
    const max = h('input#ch-max', { type: 'number', name: 'max_rating', min: '0', max: '4000', step: '1', inputmode: 'numeric', placeholder: t('lobby.max'), 'aria-label': `${t('lobby.range')}: ${t('lobby.max')}` });
    const to = h('input#ch-to', { type: 'text', name: 'to', maxlength: '20', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false', placeholder: t('lobby.toPlaceholder') });
    const errorLine = (field) => h('p.field-error', { id: `ch-${field}-error`, role: 'alert', hidden: true, dataset: { field } });
    const errors = { variant: errorLine('variant'), time: errorLine('time'), rated: errorLine('rated'), color: errorLine('color'), rating: errorLine('rating'), to: errorLine('to') };
    const general = h('p.form-error', { role: 'alert', hidden: true });
    const submit = h('button.btn.primary', { type: 'submit', dataset: { action: 'offer-challenge' } }, icon('plus'), t('lobby.send'));
    const form = h(
      'form.card.lobby-form',
      { novalidate: true },
      h('h2.card-title', t('lobby.offer')),
      h('div.field', { dataset: { field: 'variant' } }, h('label.label', { for: 'ch-variant' }, t('lobby.game')), variant, errors.variant),
      h('div.field', { dataset: { field: 'time' } }, h('label.label', { for: 'ch-time' }, t('lobby.time')), timeSelect, timeCustom, speedHint, errors.time),
      h('div.field.ch-rated', { dataset: { field: 'rated' } }, h('label.switch', rated, h('span.switch-track', h('span.switch-thumb')), h('span.switch-label', t('lobby.rated'))), errors.rated),
      h('div.field', { dataset: { field: 'color' } }, h('span.label', t('lobby.color')), colour, errors.color),
      h('div.field', { dataset: { field: 'rating' } }, h('span.label', t('lobby.range')), h('div.two', min, max), h('small.hint', t('lobby.rangeHint')), errors.rating),
      h('div.field', { dataset: { field: 'to' } }, h('label.label', { for: 'ch-to' }, t('lobby.to')), to, h('small.hint', t('lobby.toHint')), errors.to),
      general,
      h('div.row-buttons', submit),
    );
    const inputs = { variant: [variant], time: [timeSelect.value === 'custom' ? timeText : timeSelect], rated: [rated], color: [], rating: [min, max], to: [to] };
    const clear = () => {
      for (const el of [...Object.values(errors), general]) el.hidden = true;
      for (const el of form.querySelectorAll('.invalid')) {
        el.classList.remove('invalid');
        el.removeAttribute('aria-invalid');
      }
    };
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      clear();
      const body = { variant: variant.value, time: time(), rated: rated.checked, color: form.elements.color.value };
      if (min.value.trim()) body.min_rating = Number(min.value);
      if (max.value.trim()) body.max_rating = Number(max.value);
      if (to.value.trim()) body.to = to.value.trim();
      setPref('lastChallenge', { variant: body.variant, time: body.time, rated: body.rated, color: body.color });
      submit.disabled = true;
      try {
        const c = await api.offerChallenge(body);
        this.waiting.set(c.id, c);
        toast(t('lobby.offered'));
        to.value = '';
        this.refresh();
      } catch (err) {
        // the field the server names (min_rating and max_rating share the range's line)
        const field = err.field === 'min_rating' || err.field === 'max_rating' ? 'rating' : err.field;
        if (field && errors[field]) {
          errors[field].textContent = errorText(err);
          errors[field].hidden = false;
          inputs.time = [timeSelect.value === 'custom' ? timeText : timeSelect];
          const marked = err.field === 'min_rating' ? [min] : err.field === 'max_rating' ? [max] : inputs[field];
          for (const el of marked) {
            el.classList.add('invalid');
            el.setAttribute('aria-invalid', 'true');
            el.setAttribute('aria-describedby', errors[field].id);
          }
          if (marked[0]) marked[0].focus();
        } else {
          general.textContent = errorText(err);
          general.hidden = false;
        }
      } finally {
        submit.disabled = false;
      }
    });
    return form;
  }
}
