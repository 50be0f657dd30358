// main.js - the page's frame: header, settings, and the hash router.
//
//   #/ or #/play        start page          #/analysis?fen=..   analysis board
//   #/play/ID           a game (?review: its review asked for)   #/archive?q=..   the archive
//   #/join/CODE         take a seat with its code, then its game
//   #/events            the events (tournaments)   #/events/ID   one event
//   #/contests          solving and composing contests   #/contests/ID   one contest
//   #/puzzles?id=..     the puzzles (theme=, difficulty= filter them)
//   #/more              more games (other.js); the old #/more/ID and #/more/join/CODE lead to
//                       #/play/ID and #/join/CODE (every game is played in the game view)
//   #/chapaev           Chapaev, the flicking game (in the browser only)
//   #/players/NAME      a player's profile: ratings, their history, the latest games
//   #/lobby             the lobby: open and direct challenges, the form that offers one
//   #/my-games          an account's games in progress, "your move" first (the lobby's section)
//   #/local?variant=..  a game against the engine in the browser (browser_game.js); #/local/ID
//                       one kept in the browser (offline_games.js)
//
// A view is a class constructed with (root, params, ...) and torn down with destroy(). Changing
// the language or the notation re-draws the header and the current view, and so does a login or
// logout, the arbiter's (session.js) or a player's account (account.js). The first view waits
// for both sessions and the list of games (variants.js).

import { accountControl, onAccountChange, refreshAccount } from './account.js';
import { AnalysisView } from './analysis.js';
import { ArchiveView } from './archive.js';
import { ChapaevView } from './chapaev.js';
import { ContestView, ContestsView } from './contests.js';
import { JoinView } from './club.js';
import { LobbyView, MyGamesView } from './lobby.js';
import { watchServer } from './connection.js';
import { browserGames, createBrowserGame } from './browser_game.js';
import { offerOfflineGames, registerServiceWorker } from './offline.js';
import { h, icon } from './dom.js';
import { EventView } from './event.js';
import { EventsView } from './events.js';
import { GameView } from './game.js';
import { HomeView } from './home.js';
import { ProfileView } from './profile.js';
import { PuzzlesView } from './puzzles.js';
import { OtherListView } from './other.js';
import { getLang, onLangChange, setLang, t } from './i18n.js';
import './i18n_games.js';
import './i18n_contests.js';
import './i18n_lobby.js';
import { onPrefChange, pref, setPref } from './prefs.js';
import { arbiterDialog, onSessionChange, refreshSession, session } from './session.js';
import { loadVariants } from './variants.js';

const root = document.getElementById('view');
const topbar = document.getElementById('topbar');
let view = null;
let section = '';

function route() {
  const raw = location.hash.replace(/^#\/?/, '');
  const [path, query = ''] = raw.split('?');
  return { parts: path.split('/').filter(Boolean), params: new URLSearchParams(query) };
}

function mount() {
  if (view) view.destroy();
  view = null;
  const { parts, params } = route();
  // More games' old addresses: its games are the game view's now
  if (parts[0] === 'more' && parts[1]) {
    location.replace(parts[1] === 'join' ? `#/join/${parts[2] || ''}` : `#/play/${parts[1]}`);
    return;
  }
  const name = parts[0] || 'play';
  section = name;
  root.dataset.view = name;
  if (name === 'play' && parts[1]) {
    const id = Number(parts[1]);
    view = new GameView(root, id, params);
    document.title = `${t('app.name')} · #${id}`;
  } else if (name === 'join' && parts[1]) {
    section = 'play';
    view = new JoinView(root, decodeURIComponent(parts[1]));
    document.title = `${t('app.name')} · ${t('club.join')}`;
  } else if (name === 'events' && parts[1]) {
    view = new EventView(root, Number(parts[1]), params);
    document.title = `${t('app.name')} · ${t('events.title')}`;
  } else if (name === 'events') {
    view = new EventsView(root);
    document.title = `${t('app.name')} · ${t('events.title')}`;
  } else if (name === 'contests' && parts[1]) {
    view = new ContestView(root, Number(parts[1]));
    document.title = `${t('app.name')} · ${t('contests.title')}`;
  } else if (name === 'contests') {
    view = new ContestsView(root);
    document.title = `${t('app.name')} · ${t('contests.title')}`;
  } else if (name === 'players' && parts[1]) {
    const player = decodeURIComponent(parts[1]);
    view = new ProfileView(root, player);
    document.title = `${t('app.name')} · ${player}`;
  } else if (name === 'lobby') {
    view = new LobbyView(root);
    document.title = `${t('app.name')} · ${t('lobby.title')}`;
  } else if (name === 'my-games') {
    section = 'lobby';
    view = new MyGamesView(root);
    document.title = `${t('app.name')} · ${t('mygames.title')}`;
  } else if (name === 'puzzles') {
    view = new PuzzlesView(root, params);
    document.title = `${t('app.name')} · ${t('nav.puzzles')}`;
  } else if (name === 'more') {
    view = new OtherListView(root);
    document.title = `${t('app.name')} · ${t('more.nav')}`;
  } else if (name === 'local') {
    section = 'play';
    if (parts[1]) {
      view = new GameView(root, decodeURIComponent(parts[1]), params, browserGames);
    } else {
      // #/local?variant=..&level=..&color=..&time=..&fen=..: a new game in the browser
      createBrowserGame(Object.fromEntries(params)).then(
        (id) => location.replace(`#/local/${id}`),
        (e) => root.replaceChildren(h('div.empty-state', h('p', t('local.noEngine', { msg: e.message })))),
      );
    }
    document.title = `${t('app.name')} · ${t('local.title')}`;
  } else if (name === 'analysis') {
    view = new AnalysisView(root, params);
    document.title = `${t('app.name')} · ${t('nav.analysis')}`;
  } else if (name === 'chapaev') {
    view = new ChapaevView(root);
    section = 'more'; // the More games section links it
    document.title = `${t('app.name')} · ${t('chapaev.title')}`;
  } else if (name === 'archive') {
    view = new ArchiveView(root, params);
    document.title = `${t('app.name')} · ${t('nav.archive')}`;
  } else {
    section = 'play';
    view = new HomeView(root);
    document.title = `${t('app.name')} · ${t('app.tagline')}`;
  }
  renderHeader();
}

function toggle(name, label, options, value, onChange) {
  return h(
    'div.toggle',
    { role: 'radiogroup', 'aria-label': label, title: label },
    options.map(([v, text, title]) =>
      h(
        'button',
        { type: 'button', role: 'radio', 'aria-checked': String(v === value), title, dataset: { [name]: v }, onclick: () => onChange(v) },
        text,
      ),
    ),
  );
}

function renderHeader() {
  const link = (id, key, text) =>
    h('a.nav-link', { href: `#/${id === 'play' ? '' : id}`, 'aria-current': section === id ? 'page' : null, dataset: { nav: id } }, text ?? t(key));
  topbar.replaceChildren(
    h(
      'div.topbar-inner',
      h(
        'a.brand',
        { href: '#/', 'aria-label': t('app.name') },
        h('img.brand-mark', { src: '/favicon.svg', alt: '', width: '30', height: '30' }),
        h('span.brand-text', h('span.brand-name', t('app.name')), h('span.brand-sub', t('app.tagline'))),
      ),
      h('nav.nav', { 'aria-label': t('nav.main') }, link('play', 'nav.play'), link('lobby', 'nav.lobby'), link('events', 'nav.events'), link('puzzles', 'nav.puzzles'), link('contests', 'contests.nav'), link('analysis', 'nav.analysis'), link('archive', 'nav.archive'), link('more', 'more.nav')),
      h(
        'div.settings',
        toggle('notation', t('settings.notation'), [
          ['algebraic', 'c3-d4', t('notation.algebraic')],
          ['numeric', '22-18', t('notation.numeric')],
        ], pref('notation'), (v) => setPref('notation', v)),
        toggle('lang', t('settings.language'), [
          ['en', 'EN', 'English'],
          ['ru', 'RU', 'Русский'],
        ], getLang(), (v) => setLang(v)),
        accountControl(),
        h(
          'button.btn.small.arbiter-button',
          {
            type: 'button',
            dataset: { action: 'arbiter', arbiter: String(session.arbiter) },
            title: session.arbiter ? t('arbiter.youAre') : t('arbiter.login'),
            onclick: async () => {
              await arbiterDialog();
              await refreshSession();
            },
          },
          icon('shield'),
          h('span', session.arbiter ? t('arbiter.badge') : t('arbiter.title')),
        ),
      ),
    ),
  );
}

document.documentElement.lang = getLang();
window.addEventListener('hashchange', mount);
onLangChange(mount);
onPrefChange((name) => {
  if (name === 'notation') mount();
});
// the first view waits for the session (what it may offer); a login or logout re-draws it
let ready = false;
onSessionChange(() => {
  if (ready) mount();
});
onAccountChange(() => {
  if (ready) mount();
});
Promise.all([refreshSession().catch(() => {}), refreshAccount(), loadVariants()]).finally(() => {
  ready = true;
  mount();
});
watchServer();
registerServiceWorker();
offerOfflineGames();
