// home.js - the start page (#/): start a game, or go back to one in progress.

import { api } from './api.js';
import { Board } from './board.js';
import { createBrowserGame } from './browser_game.js';
import { clubCard } from './club.js';
import { onReconnect } from './connection.js';
import { errorText, h, icon, toast } from './dom.js';
import { START_BOARD } from './fen.js';
import { t } from './i18n.js';
import { newGameDialog } from './newgame.js';
import { offlineGames } from './offline_games.js';
import { pref } from './prefs.js';
import { playerChips, variantName, variants } from './variants.js';
import { wasmEngine } from './wasm_engine.js';

const SHOWN = 6; // the games in progress the start page lists

function when(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A game's row (the archive's, a profile's, the start page's); `you`: the seats this device
 *  holds in it, when known, for a game in progress ("Continue" for a player, "Watch" else);
 *  href: where it opens (a game played in this browser: #/local/ID). */
export function gameRow(g, you = null, href = `#/play/${g.id}`) {
  const chips = playerChips(g);
  const players = chips.flatMap((c, i) => (i ? [h('span.vs', '–'), c] : [c]));
  return h(
    'a.game-row',
    { href, dataset: { id: String(g.id), variant: g.variant || 'russian' } },
    h('span.players', players),
    h('span.meta', `${g.variant && g.variant !== 'russian' ? variantName(g.variant) + ' · ' : ''}${t('home.moves', { n: g.moves })} · ${when(g.updated || g.created)}`),
    h('span.result', g.status === 'playing' ? (Array.isArray(you) && !you.length ? t('home.watch') : t('home.continue')) : g.result),
  );
}

export class HomeView {
  constructor(root) {
    this.root = root;
    this.board = new Board({ label: t('app.tagline') });
    this.board.setPosition(START_BOARD, []);
    this.list = h('div.game-list', h('p.muted', '…'));
    const start = async (options) => {
      try {
        // a casual game against the engine: in this browser unless the player chose the server
        if (options.opponent === 'engine' && pref('gameEngine') !== 'server' && (await wasmEngine.available())) {
          location.hash = `#/local/${await createBrowserGame({ ...options, name: pref('name') || '' })}`;
          return;
        }
        const game = await api.createGame(options);
        location.hash = `#/play/${game.id}`;
      } catch (e) {
        toast(errorText(e), 'error');
      }
    };
    const last = pref('lastNewGame') || {};
    root.replaceChildren(
      h(
        'div.home',
        h('div.home-board', this.board.el),
        h(
          'div.home-side',
          h('h1.home-title', t('home.title')),
          h('p.lead', t('home.lead', { n: Math.max(1, variants().filter((v) => v.family !== 'other').length - 1) })),
          h(
            'div.cta',
            h(
              'button.btn.primary.big',
              {
                type: 'button',
                dataset: { action: 'new-game' },
                onclick: async () => {
                  const game = await newGameDialog();
                  if (game) location.hash = `#/play/${game.id}`;
                },
              },
              icon('plus'),
              t('home.newGame'),
            ),
            h(
              'div.quick',
              h(
                'button.btn',
                { type: 'button', dataset: { action: 'quick-engine' }, onclick: () => start({ opponent: 'engine', level: last.level || 3, color: 'white', time: null }) },
                icon('cpu'),
                t('home.quickEngine'),
              ),
              h('button.btn', { type: 'button', dataset: { action: 'quick-human' }, onclick: () => start({ opponent: 'human', time: null }) }, icon('users'), t('home.quickHuman')),
            ),
          ),
          clubCard(),
          h('section.card.in-progress', h('h2.card-title', t('home.inProgress')), this.list),
        ),
      ),
    );
    this.offReconnect = onReconnect(() => this.load());
    this.load();
  }

  /** The games in progress, this device's own first ("Continue"), then the others ("Watch"):
   *  which seats it holds only a game's own read says (its seats' cookies are the game's). */
  async load() {
    try {
      const r = await api.games({ status: 'playing', limit: 12 });
      const you = await Promise.all(r.games.map((g) => api.game(g.id).then((x) => x.you || [], () => [])));
      if (this.closed) return;
      const rows = [...this.browserRows(), ...r.games.map((g, i) => ({ g, you: you[i] }))];
      rows.sort((a, b) => Number(b.you.length > 0) - Number(a.you.length > 0));
      this.show(rows);
    } catch (e) {
      if (!this.closed) this.show(this.browserRows());
    }
  }

  show(rows) {
    const shown = rows.slice(0, SHOWN);
    this.list.replaceChildren(...(shown.length ? shown.map((x) => gameRow(x.g, x.you, x.href)) : [h('p.muted', t('home.noneInProgress'))]));
  }

  /** The games in progress played in this browser (browser_game.js), newest first: its own. */
  browserRows() {
    return offlineGames()
      .filter((g) => g.browser && !g.result && !g.end)
      .sort((a, b) => String(b.updated).localeCompare(String(a.updated)))
      .map((g) => {
        const engine = `Shashki (level ${g.level})`;
        const you = g.name || null;
        const names = g.human === 'white' ? { white: you, black: engine } : { white: engine, black: you };
        return { g: { id: g.id, variant: g.variant, ...names, moves: g.moves.length, updated: g.updated, status: 'playing' }, you: [g.human], href: `#/local/${g.id}` };
      });
  }

  destroy() {
    this.closed = true;
    this.offReconnect();
  }
}
