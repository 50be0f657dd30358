// explorer.js - the opening explorer card of the analysis board (GET /api/explorer).
//
// For the board's position: the opening book's moves with the search's score and depth, and
// the moves played in the shipped master games and in this server's archive, each with its
// number of games and how they ended (White wins, draws, Black wins, in percent). A move
// clicked is played on the board.

import { api } from './api.js';
import { errorText, h } from './dom.js';
import { t } from './i18n.js';
import { moveText } from './prefs.js';

function percent(x) {
  return Math.round(x);
}

export class Explorer {
  /** onPlay(move) plays one of the position's legal moves. scoreText(line, side) as the engine card writes scores. */
  constructor({ onPlay, scoreText }) {
    this.onPlay = onPlay;
    this.scoreText = scoreText;
    this.asked = null;
    this.book = h('ol.explorer-list#explorer-book');
    this.collections = h('ol.explorer-list#explorer-collections');
    this.archive = h('ol.explorer-list#explorer-archive');
    this.status = h('div.explorer-status', { role: 'status' });
    this.collectionsHead = h('h3.explorer-head', t('explorer.collections'));
    this.archiveHead = h('h3.explorer-head', t('explorer.archive'));
    this.el = h(
      'section.card.explorer-card#explorer',
      h('h2.card-title', t('explorer.title')),
      this.status,
      h('h3.explorer-head', t('explorer.book')),
      this.book,
      this.collectionsHead,
      this.collections,
      this.archiveHead,
      this.archive,
    );
  }

  /** Show the explorer for a Position (from /api/position) of the game `variant`. */
  async show(pos, variant) {
    const key = variant + '|' + pos.fen;
    this.asked = key;
    this.el.dataset.state = 'loading';
    this.status.textContent = t('explorer.loading');
    let data;
    try {
      data = await api.explorer(pos.fen, variant);
    } catch (e) {
      if (this.asked !== key) return;
      this.el.dataset.state = 'error';
      this.status.textContent = errorText(e);
      return;
    }
    if (this.asked !== key) return;
    this.status.textContent = '';
    const legal = (notation) => (pos.legal || []).find((m) => m.notation === notation);
    const button = (move) => {
      const m = legal(move.notation);
      return m ? h('button.explorer-move', { type: 'button', onclick: () => this.onPlay(m) }, moveText(m)) : h('span.explorer-move', move.notation);
    };
    this.book.replaceChildren(
      ...(data.book.length
        ? data.book.map((line) =>
            h('li.explorer-row', { dataset: { move: line.move.notation } }, button(line.move), h('span.score', this.scoreText(line, pos.side)), h('span.explorer-depth', t('explorer.depth', { d: line.depth }))),
          )
        : [h('li.explorer-empty', t('explorer.noBook'))]),
    );
    const tallies = (list, part) =>
      list.replaceChildren(
        ...(part.moves.length
          ? part.moves.map((row) =>
              h(
                'li.explorer-row',
                { dataset: { move: row.move.notation, games: String(row.games) } },
                button(row.move),
                h('span.explorer-games', t('explorer.games', { n: row.games })),
                h('span.explorer-bar', { 'aria-hidden': 'true' }, h('span.bar-white', { style: `width:${row.percent.white}%` }), h('span.bar-draw', { style: `width:${row.percent.draw}%` }), h('span.bar-black', { style: `width:${row.percent.black}%` })),
                h('span.explorer-results', t('explorer.results', { w: percent(row.percent.white), d: percent(row.percent.draw), b: percent(row.percent.black) })),
              ),
            )
          : [h('li.explorer-empty', t('explorer.none'))]),
      );
    tallies(this.collections, data.collections);
    tallies(this.archive, data.archive);
    this.collectionsHead.textContent = `${t('explorer.collections')} · ${t('explorer.games', { n: data.collections.games })}`;
    this.archiveHead.textContent = `${t('explorer.archive')} · ${t('explorer.games', { n: data.archive.games })}`;
    this.el.dataset.state = 'ready';
  }
}
