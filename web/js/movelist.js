// movelist.js - the moves of a game or line, numbered in pairs, each a button that shows the
// position after it. Ply 0 is the starting position; ply k the position after the k-th move.

import { h, icon } from './dom.js';
import { t } from './i18n.js';
import { moveText } from './prefs.js';

export class MoveList {
  /** onSelect(ply) when a move or a navigation button is chosen. */
  constructor(onSelect, { navigation = true, autoplay = false } = {}) {
    this.onSelect = onSelect;
    this.moves = [];
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
    const offset = this.startSide === 'black' ? 1 : 0;
    const rows = Math.ceil((this.moves.length + offset) / 2);
    let active = null;
    for (let r = 0; r < rows; r++) {
      const li = h('li.move-row', h('span.move-no', `${r + 1}.`));
      for (let c = 0; c < 2; c++) {
        const index = r * 2 + c - offset;
        if (index < 0) {
          li.append(h('span.move.blank', '…'));
          continue;
        }
        if (index >= this.moves.length) break;
        const ply = index + 1;
        const b = h(
          'button.move',
          { type: 'button', dataset: { ply: String(ply) }, 'aria-current': ply === this.current ? 'true' : null, onclick: () => this.onSelect(ply) },
          moveText(this.moves[index]),
        );
        if (ply === this.current) active = b;
        li.append(b);
      }
      this.list.append(li);
    }
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
