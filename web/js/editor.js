// editor.js - setting up a position: place and remove men and kings, choose the side to move.
//
// The board goes into edit mode and reports clicked squares; the editor keeps the board string
// and asks the server (/api/position) whether the position can be played, after each change,
// showing its verdict. Only a position the server accepts can be taken to analysis. The board is
// the game's (32 squares, or 64 for Turkish), and so is the FEN.

import { api } from './api.js';
import { pieceIcon } from './board.js';
import { errorText, h, icon } from './dom.js';
import { writeFen } from './fen.js';
import { t } from './i18n.js';
import { analysisInfo as variantInfo, analysisVariants as variants, geometryOf, variantLabel } from './variants.js';

const TOOLS = [
  ['w', 'editor.whiteMan'],
  ['W', 'editor.whiteKing'],
  ['b', 'editor.blackMan'],
  ['B', 'editor.blackKing'],
  ['.', 'editor.erase'],
];

export class Editor {
  /**
   * board: a Board; start: {board, side}; variant: the game's name; onDone(fen, variant) with
   * the game the position was set up for (the select of games may change it); onCancel().
   */
  constructor(board, start, variant, onDone, onCancel) {
    this.boardView = board;
    this.variant = variantInfo(variant).name;
    this.geo = geometryOf(this.variant);
    this.cells = start.board.split('');
    this.side = start.side;
    this.tool = 'w';
    this.onDone = onDone;
    this.valid = null;
    this.seq = 0;

    this.verdict = h('p.verdict#editor-verdict', { role: 'status', 'aria-live': 'polite' });
    this.fenOut = h('input.fen-field#editor-fen', { type: 'text', readonly: true, 'aria-label': 'FEN', spellcheck: 'false' });
    this.palette = h(
      'div.palette',
      { role: 'radiogroup', 'aria-label': t('editor.title') },
      TOOLS.map(([ch, key]) =>
        h(
          'button.tool',
          { type: 'button', role: 'radio', title: t(key), 'aria-label': t(key), dataset: { tool: ch }, onclick: () => this.setTool(ch) },
          ch === '.' ? icon('close') : pieceIcon(ch, 34),
        ),
      ),
    );
    this.sideGroup = h(
      'div.segmented',
      { role: 'radiogroup', 'aria-label': t('editor.sideToMove') },
      ['white', 'black'].map((c) =>
        h(
          'label.seg',
          h('input', { type: 'radio', name: 'editor-side', value: c, checked: c === this.side, onchange: () => this.setSide(c) }),
          h('span', pieceIcon(c === 'white' ? 'w' : 'b', 18), t('color.' + c)),
        ),
      ),
    );
    this.variantSelect = h(
      'select#editor-variant',
      { 'aria-label': t('variant.label'), onchange: () => this.setVariant(this.variantSelect.value) },
      variants().map((v) => h('option', { value: v.name, selected: v.name === this.variant }, variantLabel(v.name))),
    );
    this.doneButton = h('button.btn.primary', { type: 'button', dataset: { action: 'editor-done' }, onclick: () => this.done() }, icon('chart'), t('editor.done'));
    this.el = h(
      'section.card.editor',
      h('h2.card-title', t('editor.title')),
      h('p.hint', t('editor.hint')),
      h('div.field', h('label.label', { for: 'editor-variant' }, t('variant.label')), this.variantSelect),
      this.palette,
      h('div.field', h('span.label', t('editor.sideToMove')), this.sideGroup),
      h(
        'div.row-buttons',
        h('button.btn', { type: 'button', dataset: { action: 'editor-clear' }, onclick: () => this.setCells(this.geo.empty()) }, t('editor.clear')),
        h('button.btn', { type: 'button', dataset: { action: 'editor-start' }, onclick: () => this.setCells(variantInfo(this.variant).start_board, variantInfo(this.variant).first) }, icon('reset'), t('editor.start')),
      ),
      h('div.field', h('span.label', 'FEN'), this.fenOut),
      this.verdict,
      h('div.row-buttons', h('button.btn', { type: 'button', onclick: onCancel }, t('editor.cancel')), this.doneButton),
    );
    board.setMode('edit');
    board.options.onSquare = (sq) => this.place(sq);
    this.setTool('w');
    this.update();
  }

  setTool(ch) {
    this.tool = ch;
    for (const b of this.palette.querySelectorAll('.tool')) b.setAttribute('aria-checked', String(b.dataset.tool === ch));
  }

  /** Another game: its board, with its start position to change. */
  setVariant(name) {
    const info = variantInfo(name);
    if (info.name === this.variant) return;
    this.variant = info.name;
    this.geo = geometryOf(info.name);
    this.boardView.setVariant(info);
    this.boardView.setMode('edit');
    this.setCells(info.start_board, info.first);
  }

  setSide(side) {
    this.side = side;
    this.update();
  }

  setCells(board, side) {
    this.cells = board.split('');
    if (side) {
      this.side = side;
      for (const r of this.sideGroup.querySelectorAll('input')) r.checked = r.value === side;
    }
    this.update();
  }

  place(sq) {
    const i = this.geo.indexOf(sq);
    if (i < 0) return;
    this.cells[i] = this.cells[i] === this.tool ? '.' : this.tool;
    this.update();
  }

  fen() {
    return writeFen({ side: this.side, board: this.cells.join('') }, this.geo);
  }

  async update() {
    const board = this.cells.join('');
    this.boardView.setPosition(board, []);
    const fen = this.fen();
    this.fenOut.value = fen;
    this.valid = null;
    this.doneButton.disabled = true;
    const seq = ++this.seq;
    try {
      const pos = await api.position(fen, [], this.variant);
      if (seq !== this.seq) return;
      this.valid = pos;
      this.verdict.className = 'verdict ok';
      this.verdict.textContent = pos.legal.length ? t('editor.valid', { n: pos.legal.length }) : t('editor.noMoves');
      this.doneButton.disabled = false;
    } catch (e) {
      if (seq !== this.seq) return;
      this.verdict.className = 'verdict bad';
      this.verdict.textContent = t('editor.invalid', { msg: errorText(e) });
    }
  }

  done() {
    if (this.valid) this.onDone(this.valid.fen, this.variant);
  }

  destroy() {
    this.boardView.setMode('play');
    this.boardView.options.onSquare = null;
  }
}
