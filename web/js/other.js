// other.js - "More games" (#/more): the catalogue of the other games of a checkers set
// (corners, go-ban, Belarusian, Wiegman's, Stavropol, Pskov, Novgorod, Neva; docs/variants.md
// "Other games of the seeds"), each with its titles in English and Russian, its players and its
// settings, and Chapaev's link (chapaev.js).
//
// A game is played like every other: "Play" opens the new-game dialog (newgame.js) on it, and
// the game is the game view's (#/play/ID). The section's old addresses lead there:
//   #/more/ID          -> #/play/ID
//   #/more/join/CODE   -> #/join/CODE

import { h, icon } from './dom.js';
import { t } from './i18n.js';
import './i18n_games.js';
import { newGameDialog } from './newgame.js';
import { coloursOf, swatchColour, variants } from './variants.js';

function swatch(name, colour) {
  return h('span.other-swatch', { style: `background:${swatchColour(name, colour)}`, 'aria-hidden': 'true', dataset: { color: colour } });
}

/** #/more: the other games, each a card, and Chapaev. */
export class OtherListView {
  constructor(root) {
    this.root = root;
    const games = variants().filter((v) => v.family === 'other');
    const code = h('input.other-join-code', { type: 'text', placeholder: 'K7QX9M', maxlength: '9', autocomplete: 'off', 'aria-label': t('more.joinCode') });
    const joinForm = h(
      'form.join-form',
      {
        onsubmit: (e) => {
          e.preventDefault();
          const c = code.value.replace(/[\s-]/g, '').toUpperCase();
          if (c) location.hash = `#/join/${c}`;
        },
      },
      code,
      h('button.btn', { type: 'submit', dataset: { action: 'other-join' } }, t('more.join')),
    );
    root.replaceChildren(
      h(
        'div.other-page',
        h('div.page-head', h('h1', t('more.title')), h('p.muted', t('more.lead'))),
        h('div.other-join', h('span.label', t('more.joinCode')), joinForm),
        h('div.other-grid', ...games.map((g) => this.card(g)), this.chapaevCard()),
      ),
    );
  }

  chapaevCard() {
    return h(
      'section.card.other-card',
      { dataset: { game: 'chapaev' } },
      h('h2.card-title', t('more.chapaev'), h('span.other-ru', 'Чапаев')),
      h('p.muted', t('more.chapaevLead')),
      h('a.btn.primary', { href: '#/chapaev', dataset: { action: 'chapaev' } }, t('more.openChapaev')),
    );
  }

  card(g) {
    const colours = coloursOf(g.name);
    const settings = (g.settings || []).map((s) =>
      h(
        'li.other-setting',
        { dataset: { setting: s.key } },
        h('span.setting-key', s.key),
        h('span.setting-values', s.values.map((v) => h('span.setting-value', { class: v === s.default ? 'default' : null }, v))),
        h('small.muted', s.help),
      ),
    );
    const play = async () => {
      const game = await newGameDialog({ variant: g.name });
      if (game) location.hash = `#/play/${game.id}`;
    };
    return h(
      'section.card.other-card',
      { dataset: { game: g.name, players: String(colours.length) } },
      h('h2.card-title', g.title, h('span.other-ru', g.title_ru)),
      h('p.muted.other-players', colours.map((c) => swatch(g.name, c)), ' ', t('more.players', { n: colours.length })),
      h('details.other-settings-list', h('summary', t('more.settings'), ` (${settings.length})`), settings.length ? h('ul', settings) : h('p.muted', t('more.noSettings'))),
      h('button.btn.primary', { type: 'button', dataset: { action: 'other-play', game: g.name }, onclick: play }, icon('play'), t('more.play')),
    );
  }

  destroy() {}
}
