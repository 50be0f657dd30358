// puzzles.js - the Puzzles section (#/puzzles?id=P0001&theme=shot&difficulty=2).
//
// A puzzle's position is shown with the solver's side at the bottom; the player enters the
// move on the board as in play (a multi-capture square by square, board.js and input.js), the
// server says whether it is the solution's (POST /api/puzzles/ID/moves) and gives the
// defender's reply, which is animated, until the line is done. A wrong move is taken back and
// may be tried again (the puzzle is counted as failed at the first one); a move that wins as
// fast (a dual, after the first move) is taken back too, without counting, and the puzzle's
// own move asked for. Hint (the piece to
// move), the solution (played out on the board), the next puzzle of the filter; the player's
// rating and streak come with every answer that changes them. The server keeps the record, by
// the browser's own cookie.
//
// The view's root says where the puzzle is for the tests and the styles: data-puzzle (the id),
// data-step (the solver's move to find, from 0) and data-state: loading, solving, wrong,
// solved, failed (solved after a wrong move, or the solution shown), shown.

import { api } from './api.js';
import { Board, playLocally } from './board.js';
import { errorText, h, icon, toast } from './dom.js';
import { t } from './i18n.js';
import './i18n_puzzles.js';
import { moveText, pref } from './prefs.js';
import { geometryOf, variantInfo } from './variants.js';

const THEMES = ['shot', 'breakthrough', 'king', 'endgame', 'opposition'];

function resultLabel(result) {
  return result ? t('puzzles.result.' + result) : '';
}

export class PuzzlesView {
  constructor(root, params) {
    this.root = root;
    this.closed = false;
    this.theme = THEMES.includes(params.get('theme')) ? params.get('theme') : '';
    this.difficulty = /^[1-5]$/.test(params.get('difficulty') || '') ? params.get('difficulty') : '';
    this.wanted = params.get('id');
    this.list = [];
    this.puzzle = null;
    this.player = null;
    this.step = 0;
    this.ply = 0;
    this.wrongOnce = false;

    this.board = new Board({ onMove: (move) => this.play(move), onMessage: (key) => toast(t(key)), label: t('puzzles.title') });
    this.task = h('p.puzzle-task');
    this.progress = h('span.chip.puzzle-progress');
    this.message = h('p.puzzle-message', { role: 'status', 'aria-live': 'polite' });
    this.solutionText = h('p.puzzle-solution', { hidden: true });
    this.hintButton = h('button.btn', { type: 'button', dataset: { action: 'hint' }, onclick: () => this.hint() }, icon('bulb'), t('puzzles.hint'));
    this.solutionButton = h('button.btn', { type: 'button', dataset: { action: 'solution' }, onclick: () => this.solution() }, icon('eye'), t('puzzles.solution'));
    this.nextButton = h('button.btn', { type: 'button', dataset: { action: 'next' }, onclick: () => this.next() }, t('puzzles.next'), icon('next'));
    this.analyseLink = h('a.btn.ghost', { href: '#/analysis' }, icon('chart'), t('puzzles.analyse'));
    this.meta = h('div.puzzle-meta');
    this.taskCard = h(
      'section.card.puzzle-card',
      h('header.card-head', this.task, this.progress),
      this.message,
      this.solutionText,
      h('div.row-buttons.puzzle-actions', this.hintButton, this.solutionButton, this.nextButton),
      this.meta,
    );
    this.stats = h('dl.puzzle-stats');
    this.playerCard = h('section.card.player-card', h('h2.card-title', t('puzzles.you')), this.stats);
    this.themeSelect = h(
      'select#puzzle-theme',
      { onchange: () => this.filter() },
      h('option', { value: '' }, t('puzzles.any')),
      THEMES.map((th) => h('option', { value: th, selected: th === this.theme }, t('puzzles.theme.' + th))),
    );
    this.levelSelect = h(
      'select#puzzle-difficulty',
      { onchange: () => this.filter() },
      h('option', { value: '' }, t('puzzles.any')),
      [1, 2, 3, 4, 5].map((n) => h('option', { value: String(n), selected: String(n) === this.difficulty }, t('puzzles.level', { n }))),
    );
    this.count = h('span.chip');
    this.items = h('ol.puzzle-list');
    this.listCard = h(
      'section.card.list-card',
      h('header.card-head', h('h2.card-title', t('puzzles.title')), this.count),
      h(
        'div.puzzle-filters',
        h('div.field', h('label.label', { for: 'puzzle-theme' }, t('puzzles.theme')), this.themeSelect),
        h('div.field', h('label.label', { for: 'puzzle-difficulty' }, t('puzzles.difficulty')), this.levelSelect),
      ),
      this.items,
    );
    this.layout = h(
      'div.puzzles',
      { dataset: { state: 'loading' } },
      h('div.puzzles-board', this.board.el),
      h('div.puzzles-side', this.taskCard, this.playerCard, this.listCard),
    );
    root.replaceChildren(h('div.page-head.puzzles-head', h('h1', t('puzzles.title')), h('p.lead', t('puzzles.lead'))), this.layout);
    this.board.setNumbers(pref('notation') === 'numeric');
    this.load();
  }

  destroy() {
    this.closed = true;
  }

  setState(s) {
    this.layout.dataset.state = s;
    const playing = s === 'solving' || s === 'wrong';
    this.hintButton.disabled = !playing;
    this.solutionButton.disabled = s === 'loading' || s === 'shown';
    this.nextButton.classList.toggle('primary', !playing && s !== 'loading');
  }

  saveAddress() {
    const q = new URLSearchParams();
    if (this.puzzle) q.set('id', this.puzzle.id);
    if (this.theme) q.set('theme', this.theme);
    if (this.difficulty) q.set('difficulty', this.difficulty);
    history.replaceState(null, '', '#/puzzles?' + q.toString());
  }

  async load() {
    this.setState('loading');
    await this.loadList();
    if (this.closed) return;
    const id = this.wanted && (this.list.some((p) => p.id === this.wanted) || !this.list.length) ? this.wanted : this.firstOpen();
    this.wanted = null;
    if (id) await this.open(id);
    else {
      this.task.textContent = t('puzzles.none');
      this.message.textContent = '';
      this.saveAddress();
    }
  }

  async loadList() {
    try {
      const r = await api.puzzles({ theme: this.theme, difficulty: this.difficulty, limit: 1000 });
      this.list = r.puzzles;
      this.setPlayer(r.player);
      this.renderList(r.total);
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  /** The first puzzle of the list not tried yet (else the first). */
  firstOpen(after = null) {
    const at = after ? this.list.findIndex((p) => p.id === after) : -1;
    const order = this.list.slice(at + 1).concat(this.list.slice(0, at + 1));
    const open = order.find((p) => !p.result && p.id !== after);
    return (open || order[0] || {}).id || null;
  }

  renderList(total) {
    this.count.textContent = t('puzzles.count', { n: total ?? this.list.length });
    if (!this.list.length) {
      this.items.replaceChildren(h('li.puzzle-none', t('puzzles.none')));
      return;
    }
    this.items.replaceChildren(
      ...this.list.map((p) =>
        h(
          'li',
          h(
            'button.puzzle-item',
            {
              type: 'button',
              dataset: { id: p.id, result: p.result || 'open' },
              'aria-current': this.puzzle && this.puzzle.id === p.id ? 'true' : null,
              title: [t('puzzles.theme.' + p.theme), t('puzzles.level', { n: p.difficulty }), resultLabel(p.result)].filter(Boolean).join(' · '),
              onclick: () => this.open(p.id),
            },
            h('span.puzzle-id', p.id),
            h('span.puzzle-level', { 'aria-hidden': 'true' }, '●'.repeat(p.difficulty)),
            p.result && p.result !== 'hinted' ? icon(p.result === 'failed' ? 'close' : 'check') : null,
          ),
        ),
      ),
    );
  }

  setPlayer(p) {
    if (!p) return;
    const before = this.player;
    this.player = p;
    const row = (key, value, name) => [h('dt', t(key)), h('dd', { dataset: { stat: name } }, String(value))];
    const change = before && before.rating !== p.rating ? p.rating - before.rating : 0;
    this.stats.replaceChildren(
      ...row('puzzles.rating', p.rating, 'rating'),
      ...row('puzzles.streak', p.streak, 'streak'),
      ...row('puzzles.best', p.best_streak, 'best'),
      ...row('puzzles.solvedCount', `${p.solved} / ${p.attempts}`, 'solved'),
    );
    if (change) {
      this.stats.append(h('dd.rating-change', { dataset: { sign: change > 0 ? 'up' : 'down' } }, t('puzzles.change', { sign: change > 0 ? '+' : '−', delta: Math.abs(change) })));
    }
  }

  async filter() {
    this.theme = this.themeSelect.value;
    this.difficulty = this.levelSelect.value;
    this.puzzle = null;
    await this.load();
  }

  async open(id) {
    this.setState('loading');
    let p;
    try {
      p = await api.puzzle(id);
    } catch (e) {
      toast(errorText(e), 'error');
      return;
    }
    if (this.closed) return;
    this.puzzle = p;
    this.step = 0;
    this.ply = 0;
    this.wrongOnce = false;
    this.pos = p.position;
    this.layout.dataset.puzzle = p.id;
    delete this.layout.dataset.shown;
    delete this.layout.dataset.dual;
    delete this.board.svg.dataset.hint;
    this.setPlayer(p.player);
    this.board.setVariant(variantInfo(p.variant));
    this.board.setNumbers(pref('notation') === 'numeric');
    this.board.setFlipped(p.side === 'black');
    this.board.setArrows([]);
    this.board.setPosition(p.position.board, p.position.legal);
    this.board.setInteractive(true);
    this.task.textContent = t(`puzzles.find.${p.goal}.${p.side}`);
    this.message.textContent = '';
    this.solutionText.hidden = true;
    const s = p.source || {};
    const known = (x) => x && x !== '-' && x !== '?' && !x.includes('??');
    const game = [known(s.white) && known(s.black) ? `${s.white} – ${s.black}` : '', s.event, s.date].filter(known).join(', ');
    // replaceChildren writes a null as the word "null": the missing source left out
    this.meta.replaceChildren(
      ...[
        h('span.chip', t('puzzles.theme.' + p.theme)),
        h('span.chip', t('puzzles.level', { n: p.difficulty })),
        h('span.chip', `${p.id} · ${p.rating}`),
        game ? h('span.puzzle-source', t('puzzles.from', { game })) : null,
      ].filter(Boolean),
    );
    this.analyseLink.href = '#/analysis?' + new URLSearchParams({ variant: p.variant, fen: p.fen }).toString();
    this.meta.append(this.analyseLink);
    this.renderProgress();
    this.setState('solving');
    this.saveAddress();
    this.renderList();
  }

  renderProgress() {
    const p = this.puzzle;
    this.layout.dataset.step = String(this.step);
    this.progress.textContent = t('puzzles.step', { k: Math.min(this.step + 1, p.moves), n: p.moves });
  }

  async play(move) {
    const p = this.puzzle;
    if (!p) return;
    const geo = geometryOf(p.variant);
    const before = this.pos.board;
    const mine = playLocally(before, move, geo);
    let r;
    try {
      r = await api.puzzleMove(p.id, this.step, move.notation);
    } catch (e) {
      toast(errorText(e), 'error');
      this.board.setPosition(before, this.pos.legal);
      this.board.setInteractive(true);
      return;
    }
    if (this.closed || this.puzzle !== p) return;
    if (r.player) this.setPlayer(r.player);
    if (!r.right && r.dual) {
      // it wins too: not counted as wrong, but the puzzle's own line is asked for
      this.board.setPosition(before, this.pos.legal);
      this.board.setInteractive(true);
      this.message.textContent = t('puzzles.dual', { move: moveText(r.move) });
      this.layout.dataset.dual = r.move.notation;
      return;
    }
    if (!r.right) {
      this.wrongOnce = true;
      this.board.setPosition(before, this.pos.legal);
      this.board.setInteractive(true);
      this.message.textContent = t('puzzles.wrong', { move: moveText(r.move) });
      this.setState('wrong');
      this.markResult(r.result);
      return;
    }
    delete this.layout.dataset.dual;
    this.pos = r.position;
    this.ply += r.reply ? 2 : 1;
    const opts = r.reply ? { lastMove: r.reply, animate: { move: r.reply, before: mine } } : { lastMove: move };
    this.board.setPosition(r.position.board, r.done ? [] : r.position.legal, opts);
    if (r.done) {
      this.board.setInteractive(false);
      this.message.textContent = r.result === 'solved' && r.rated ? t('puzzles.solved') : r.result === 'solved-hint' ? t('puzzles.solvedHint') : t('puzzles.solvedLate');
      this.setState(r.result === 'failed' || this.wrongOnce ? 'failed' : 'solved');
      this.markResult(r.result);
      return;
    }
    this.step++;
    this.renderProgress();
    this.board.setInteractive(true);
    this.message.textContent = r.reply ? t('puzzles.right', { reply: moveText(r.reply) }) : t('puzzles.rightNoReply');
    this.setState('solving');
  }

  markResult(result) {
    const item = this.list.find((x) => x.id === this.puzzle.id);
    if (item && result) item.result = result;
    this.renderList();
  }

  async hint() {
    const p = this.puzzle;
    try {
      const r = await api.puzzleHint(p.id, this.step);
      if (this.puzzle !== p) return;
      this.message.textContent = t('puzzles.hintText', { square: this.squareText(r.from) });
      // the piece is picked up for the player: its landings show
      this.board.clearInput();
      this.board.choose(r.from);
      this.board.svg.dataset.hint = r.from;
      const item = this.list.find((x) => x.id === p.id);
      if (item && !item.result) item.result = 'hinted';
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  squareText(sq) {
    if (pref('notation') !== 'numeric') return sq;
    const n = geometryOf(this.puzzle.variant).numberOf(sq);
    return n ? String(n) : sq;
  }

  async solution() {
    const p = this.puzzle;
    let r;
    try {
      r = await api.puzzleSolution(p.id);
    } catch (e) {
      toast(errorText(e), 'error');
      return;
    }
    if (this.closed || this.puzzle !== p) return;
    if (r.player) this.setPlayer(r.player);
    this.markResult(r.result);
    this.board.setInteractive(false);
    this.setState('shown');
    this.message.textContent = t('puzzles.shown');
    this.solutionText.textContent = r.moves.map((m) => moveText(m)).join(' ');
    this.solutionText.hidden = false;
    // the rest of the line played out, move by move, from where the player is
    const geo = geometryOf(p.variant);
    let board = this.pos.board;
    for (const m of r.moves.slice(this.ply)) {
      if (this.closed || this.puzzle !== p) return;
      const after = playLocally(board, m, geo);
      this.board.setPosition(after, [], { lastMove: m, animate: { move: m, before: board } });
      await this.board.animDone;
      board = after;
    }
    this.layout.dataset.shown = 'true';
  }

  next() {
    const id = this.puzzle ? this.firstOpen(this.puzzle.id) : this.firstOpen();
    if (id) this.open(id);
  }
}
