// movelist.js - the moves of a game or line, numbered in rounds, each a button that shows the
// position after it. Ply 0 is the starting position; ply k the position after the k-th move.
// A row is White's turn and Black's, numbered as PDN numbers them (a game Black begins, such as
// English, begins with "1. …"); in two-move a turn is two moves, shown side by side. In a game
// of three or four players a row is a round: a cell per player in the game's order (a player
// out of the game leaves a gap). A review's marks (?!, ?, ??, !) follow the moves they judge.

import { h, icon } from './dom.js';
import { t } from './i18n.js';
import { moveText } from './prefs.js';

/**
 * The rows of a move list: [{white, black}], each a turn {side, plies} or null. A turn is a
 * side's move and, in two-move, its second (Move.side and Move.second say which). With more
 * than two colours (the players of a game of three or four, in their order) a row is
 * {cells: [turn | null per colour]}, a new one begun when a player moves who is not after the
 * row's last.
 */
export function rowsOf(moves, startSide = 'white', colours = null) {
  if (colours && colours.length > 2) {
    const rows = [];
    let last = Infinity;
    moves.forEach((m, index) => {
      const k = Math.max(0, colours.indexOf(m.side));
      if (k <= last) rows.push({ cells: colours.map(() => null) });
      rows[rows.length - 1].cells[k] = { side: colours[k], plies: [index + 1] };
      last = k;
    });
    return rows;
  }
  const turns = [];
  let side = startSide;
  moves.forEach((m, index) => {
    const mover = m.side || side;
    const last = turns[turns.length - 1];
    if (last && m.second && last.side === mover) last.plies.push(index + 1);
    else turns.push({ side: mover, plies: [index + 1] });
    side = mover === 'white' ? 'black' : 'white';
  });
  const rows = [];
  for (const turn of turns) {
    const row = rows[rows.length - 1];
    if (turn.side === 'black' && row && !row.black) row.black = turn;
    else if (turn.side === 'black') rows.push({ white: null, black: turn });
    else rows.push({ white: turn, black: null });
  }
  return rows;
}

const turnsOf = (row) => row.cells || [row.white, row.black];

/** The number of the row that holds ply (1-based), as the list shows it. */
export function moveNumber(moves, startSide, ply, colours = null) {
  const rows = rowsOf(moves, startSide, colours);
  const r = rows.findIndex((row) => turnsOf(row).some((turn) => turn && turn.plies.includes(ply)));
  return r < 0 ? rows.length : r + 1;
}

export class MoveList {
  /** onSelect(ply) when a move or a navigation button is chosen. */
  constructor(onSelect, { navigation = true, autoplay = false } = {}) {
    this.onSelect = onSelect;
    this.moves = [];
    this.colours = null; // a game of three or four players: its colours, a column each
    this.text = moveText; // a move as the list writes it
    this.extra = null; // extra(move, ply): something to show after a move (a column's pieces)
    this.mark = null; // mark(ply): a review's mark of the move ('??', '?', '?!', '!') or null
    this.startSide = 'white';
    this.current = 0;
    this.playing = null;
    this.list = h('ol.movelist', { 'aria-label': t('game.moves') });
    this.el = h('div.movelist-wrap', this.list);
    if (navigation) {
      const nav = h('div.movenav');
      const button = (name, label, fn) =>
        h('button.btn.icon-only', { type: 'button', title: label, 'aria-label': label, dataset: { nav: name }, onclick: fn }, icon(name));
      nav.append(
        button('first', t('game.first'), () => this.go(0)),
        button('prev', t('game.prev'), () => this.go(this.current - 1)),
      );
      if (autoplay) {
        this.playButton = button('play', t('game.autoplay'), () => this.toggleAutoplay());
        nav.append(this.playButton);
      }
      nav.append(
        button('next', t('game.next'), () => this.go(this.current + 1)),
        button('last', t('game.last'), () => this.go(this.moves.length)),
      );
      this.el.append(nav);
    }
  }

  /** How the list writes a game's moves: {colours, text(move), extra(move, ply)}. */
  configure({ colours = null, text = moveText, extra = null } = {}) {
    this.colours = colours && colours.length > 2 ? colours : null;
    this.text = text;
    this.extra = extra;
  }

  /** A review's marks: mark(ply) gives the move's ('??', '?', '?!', '!') or null. */
  setMarks(mark) {
    this.mark = mark;
    this.render();
  }

  /** moves: [Move]; startSide: who moved first; current: the ply shown. */
  set(moves, startSide, current) {
    this.moves = moves;
    this.startSide = startSide || 'white';
    this.current = current;
    this.render();
  }

  select(current) {
    this.current = current;
    this.render();
  }

  go(ply) {
    const p = Math.max(0, Math.min(this.moves.length, ply));
    if (p === this.current && this.playing === null) return;
    this.onSelect(p);
  }

  toggleAutoplay() {
    if (this.playing) {
      this.stopAutoplay();
      return;
    }
    if (this.current >= this.moves.length) this.onSelect(0);
    this.playing = setInterval(() => {
      if (this.current >= this.moves.length) this.stopAutoplay();
      else this.onSelect(this.current + 1);
    }, 1100);
    this.playButton.replaceChildren(icon('pause'));
    this.playButton.title = t('game.pause');
    this.playButton.setAttribute('aria-label', t('game.pause'));
  }

  stopAutoplay() {
    clearInterval(this.playing);
    this.playing = null;
    if (this.playButton) {
      this.playButton.replaceChildren(icon('play'));
      this.playButton.title = t('game.autoplay');
      this.playButton.setAttribute('aria-label', t('game.autoplay'));
    }
  }

  render() {
    this.list.replaceChildren();
    if (this.el.querySelector('[data-nav]')) {
      for (const b of this.el.querySelectorAll('[data-nav=first],[data-nav=prev]')) b.disabled = this.current <= 0;
      for (const b of this.el.querySelectorAll('[data-nav=next],[data-nav=last]')) b.disabled = this.current >= this.moves.length;
      const play = this.el.querySelector('[data-nav=play]');
      if (play) play.disabled = this.moves.length === 0;
    }
    if (this.moves.length === 0) {
      this.list.append(h('li.movelist-empty', t('game.noMoves')));
      return;
    }
    const rows = rowsOf(this.moves, this.startSide, this.colours);
    let active = null;
    const cell = (turn) => {
      if (!turn) return h('span.move.blank', '…');
      const buttons = turn.plies.map((ply) => {
        const move = this.moves[ply - 1];
        const mark = this.mark ? this.mark(ply) : null;
        const b = h(
          'button.move',
          { type: 'button', dataset: { ply: String(ply), side: move.side || turn.side, ...(mark ? { mark } : {}) }, 'aria-current': ply === this.current ? 'true' : null, onclick: () => this.onSelect(ply) },
          this.text(move),
          mark ? h('span.move-mark', { 'aria-label': t(`review.mark.${mark}`) }, mark) : null,
          this.extra ? this.extra(move, ply) : null,
        );
        if (ply === this.current) active = b;
        return b;
      });
      return buttons.length === 1 ? buttons[0] : h('span.turn', buttons);
    };
    this.list.style.setProperty('--turns', String(this.colours ? this.colours.length : 2));
    this.list.classList.toggle('rounds', !!this.colours);
    rows.forEach((row, r) => {
      const li = h('li.move-row', h('span.move-no', `${r + 1}.`));
      if (row.cells) li.append(...row.cells.map(cell));
      else {
        li.append(cell(row.white));
        if (row.black) li.append(cell(row.black));
      }
      this.list.append(li);
    });
    if (active) {
      // keep the current move in view without scrolling the page
      const top = active.offsetTop - this.list.offsetTop;
      if (top < this.list.scrollTop || top > this.list.scrollTop + this.list.clientHeight - 30) {
        this.list.scrollTop = top - this.list.clientHeight / 2;
      }
    } else if (this.current === this.moves.length) {
      this.list.scrollTop = this.list.scrollHeight;
    }
  }

  destroy() {
    this.stopAutoplay();
  }
}
