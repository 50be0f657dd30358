// profile.js - a player's profile (#/players/NAME, GET /api/players/NAME): the name, since when,
// the roles; the ratings (one per game and speed played rated: the rating as the server shows it,
// "1662?" while provisional, its deviation, the games), each rating's history as a line chart
// (chart.js), and the latest games, each a link to its game. The profile follows the player's
// games in progress (their streams, FOLLOWED at most) and is read again when one ends, so that
// its ratings move with the game's end; and again when the server answers after a time without.

import { account, speedName } from './account.js';
import { api } from './api.js';
import { onReconnect } from './connection.js';
import { lineChart } from './chart.js';
import { errorText, h, icon } from './dom.js';
import { gameRow } from './home.js';
import { getLang, has, t } from './i18n.js';
import './i18n_accounts.js';
import { variantName } from './variants.js';

const FOLLOWED = 2; // the games in progress followed (each stream holds one of the browser's connections)
const START = 1500; // every player's first rating (docs/web-api.md "Accounts and ratings")

function date(iso) {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return iso || '';
  return d.toLocaleDateString(getLang(), { dateStyle: 'long' });
}

/** A game's row, with whether it was rated ("Rated · blitz" or "Casual"). */
function ratedRow(g) {
  const row = gameRow(g);
  row.dataset.rated = g.rated ? 'true' : 'false';
  row.append(h('span.badge.profile-rated', g.rated ? t('rated.shown', { speed: speedName(g.speed) }) : t('rated.casual')));
  return row;
}

export class ProfileView {
  constructor(root, name) {
    this.root = root;
    this.name = name;
    this.closed = false;
    this.streams = [];
    root.replaceChildren(h('div.loading', '…'));
    this.offReconnect = onReconnect(() => this.load());
    this.load();
  }

  destroy() {
    this.closed = true;
    this.offReconnect();
    this.unfollow();
    if (this.resize) this.resize.disconnect();
  }

  unfollow() {
    for (const stop of this.streams) stop();
    this.streams = [];
  }

  /** The player's games in progress followed: one that ends has the profile read again. */
  follow(p) {
    this.unfollow();
    const playing = (p.games || []).filter((g) => g.status === 'playing').slice(0, FOLLOWED);
    for (const g of playing) {
      this.streams.push(
        api.gameEvents(g.id, (state) => {
          if (state.status !== 'playing' && !this.closed) this.load();
        }),
      );
    }
  }

  async load() {
    try {
      const p = await api.player(this.name);
      if (this.closed) return;
      this.render(p);
      this.follow(p);
    } catch (e) {
      if (this.closed) return;
      this.root.replaceChildren(
        h('div.empty-state', h('p.profile-missing', e.status === 404 ? t('profile.notFound', { name: this.name }) : t('common.error', { msg: errorText(e) })), h('a.btn.primary', { href: '#/' }, t('nav.play'))),
      );
    }
  }

  render(p) {
    const mine = account.me && account.me.name === p.name;
    const roles = (p.roles || []).map((r) => h('span.chip.role', { dataset: { role: r } }, icon('shield'), has('profile.role.' + r) ? t('profile.role.' + r) : r));
    const head = h(
      'header.profile-head',
      h('span.avatar.profile-avatar', icon('user')),
      h(
        'div',
        h('h1.profile-name', p.name),
        h('p.muted.profile-since', { dataset: { created: p.created || '' } }, t('profile.since', { date: date(p.created) })),
        roles.length || mine ? h('p.profile-roles', roles, mine ? h('span.chip.you', t('profile.you')) : null) : null,
      ),
    );
    const ratings = p.ratings || [];
    const table = ratings.length
      ? h(
          'table.profile-ratings',
          h(
            'thead',
            h(
              'tr',
              h('th', { scope: 'col' }, t('profile.game')),
              h('th', { scope: 'col' }, t('profile.speed')),
              h('th.num', { scope: 'col' }, t('profile.rating')),
              h('th.num', { scope: 'col' }, t('profile.deviation')),
              h('th.num', { scope: 'col' }, t('profile.games')),
            ),
          ),
          h(
            'tbody',
            ratings.map((r) =>
              h(
                'tr',
                { dataset: { variant: r.variant, speed: r.speed } },
                h('td', variantName(r.variant)),
                h('td', speedName(r.speed)),
                h('td.num.rating', { title: r.provisional ? t('profile.provisional') : null, dataset: { rating: String(r.rating), provisional: String(!!r.provisional) } }, r.shown),
                h('td.num.deviation', `±${r.deviation}`),
                h('td.num.games', String(r.games)),
              ),
            ),
          ),
        )
      : h('p.muted.profile-none', t('profile.noRatings'));
    const charts = ratings
      .filter((r) => (r.history || []).length)
      .map((r) => {
        const game = variantName(r.variant);
        const speed = speedName(r.speed);
        const points = [{ y: START, band: 350, title: `${START} ± 350`, data: { game: 0 } }].concat(
          r.history.map((x) => ({ y: x.rating, band: x.deviation, title: t('profile.point', { game: x.game, rating: x.rating, deviation: x.deviation }), data: { game: x.game, rating: x.rating } })),
        );
        // drawn at the width it is shown at (its text at its own size), again when that changes
        const slot = h('div.profile-chart-slot');
        slot.draw = () => {
          const width = Math.round(slot.clientWidth);
          if (!width || width === slot.drawnAt) return;
          slot.drawnAt = width;
          const height = Math.max(150, Math.min(220, Math.round(width * 0.36)));
          slot.replaceChildren(lineChart(points, { label: t('profile.chart', { game, speed }), base: START, class: 'rating-chart', width, height }));
        };
        return h('figure.profile-chart', { dataset: { variant: r.variant, speed: r.speed } }, h('figcaption', h('strong', `${game} · ${speed}`), h('span.muted', r.shown)), slot);
      });
    const games = p.games || [];
    this.root.replaceChildren(
      h(
        'div.profile',
        { dataset: { player: p.name } },
        head,
        h(
          'section.card.profile-ratings-card',
          h('h2.card-title', t('profile.ratings')),
          table,
          ratings.some((r) => r.provisional) ? h('p.muted.profile-provisional-note', t('profile.provisionalNote')) : null,
        ),
        charts.length ? h('section.card.profile-history', h('h2.card-title', t('profile.history')), h('div.profile-charts', charts)) : null,
        h('section.card.profile-games', h('h2.card-title', t('profile.latest')), games.length ? h('div.game-list', games.map(ratedRow)) : h('p.muted', t('profile.noGames'))),
      ),
    );
    const slots = charts.map((c) => c.querySelector('.profile-chart-slot'));
    for (const slot of slots) slot.draw();
    if (slots.length && 'ResizeObserver' in window) {
      this.resize = new ResizeObserver(() => slots.forEach((slot) => slot.draw()));
      slots.forEach((slot) => this.resize.observe(slot));
    }
  }
}
