// board.js - the board, drawn as SVG, and the person's hands on it.
//
// The board draws a position (the board string: a character per playing square of the game),
// the last move, the squares a selected piece may land on, an optional arrow, and animates moves
// landing by landing with the captured pieces left in place, marked, until the move ends (the
// Turkish strike of the rules). Each game's board is drawn its own way round (squares.js): the
// 32 dark squares, the 32 of the turned board, or all 64 squares of Turkish, where pieces go
// along files and ranks; arrows and the moving piece follow the lines from landing to landing.
// A board of any size (10x10, 12x12) keeps the squares' drawing units (SQ) and grows its
// viewBox; the frame and its coordinates grow with it, so they look the same on the page.
//
// Input: a click or a drag adds one square to the move being entered; input.js decides what
// that square means against the legal moves' paths. A drag may also drop straight onto the
// final square when the path there is forced. The keyboard works too: the arrow keys move a
// cursor over the squares, Enter or Space stands for a click, Escape drops the selection.
//
// Pieces and marks ignore the pointer; every square rectangle carries data-square, so a test
// (or a person) clicking a square always reaches the board's own handler.
//
// The column games (bashni, Lasca): a square holds a column, drawn as its top piece standing on
// the edges of the pieces under it, in their colours (four at most), with its height on a
// badge; a pointer on the square (a mouse over it, a tap, the keyboard's cursor) shows the
// whole column, top first, in a card over the board. The columns come with the position
// (setPosition's opts.columns: per square the letters of the pieces under the top, top down).

import { t } from './i18n.js';
import { FILES, RUSSIAN, between, colorOf, distance, fileRank, geometry } from './squares.js';
import * as input from './input.js';

const SQ = 100;
const M8 = 34; // the frame's margin on an 8x8 board, in the squares' units
const NS = 'http://www.w3.org/2000/svg';
const STEP_MS = 170;
// how long after a move decided early the clicks along its remaining landings still finish it
const REST_MS = 5000;
const COLUMN_EDGES = 4; // a column shows the edges of this many pieces under its top at most
const COLUMN_STEP = 10; // each edge this far below the one above it

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.append(c);
  return el;
}

let spriteDone = false;

// Gradients and piece shapes, defined once for every board and icon on the page.
export function ensureSprite() {
  if (spriteDone || typeof document === 'undefined') return;
  spriteDone = true;
  const holder = document.createElementNS(NS, 'svg');
  holder.setAttribute('width', '0');
  holder.setAttribute('height', '0');
  holder.setAttribute('aria-hidden', 'true');
  holder.style.position = 'absolute';
  holder.innerHTML = `
  <defs>
    <radialGradient id="sh-g-white" cx="40%" cy="34%" r="70%">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="0.55" stop-color="#f4ecdf"/>
      <stop offset="1" stop-color="#dccbb0"/>
    </radialGradient>
    <radialGradient id="sh-g-black" cx="40%" cy="34%" r="70%">
      <stop offset="0" stop-color="#6b625b"/>
      <stop offset="0.5" stop-color="#3a3430"/>
      <stop offset="1" stop-color="#1f1b19"/>
    </radialGradient>
    <linearGradient id="sh-g-gold" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f6d676"/>
      <stop offset="1" stop-color="#c9962b"/>
    </linearGradient>
    <g id="sh-crown">
      <path d="M-19 9 L-22 -10 L-10 -1 L0 -17 L10 -1 L22 -10 L19 9 Z" fill="url(#sh-g-gold)" stroke="#7a5612" stroke-width="2.2" stroke-linejoin="round"/>
      <rect x="-19" y="11" width="38" height="6" rx="2" fill="url(#sh-g-gold)" stroke="#7a5612" stroke-width="2"/>
      <circle cx="0" cy="-17" r="3" fill="#fbe7a6" stroke="#7a5612" stroke-width="1.5"/>
      <circle cx="-22" cy="-10" r="2.6" fill="#fbe7a6" stroke="#7a5612" stroke-width="1.5"/>
      <circle cx="22" cy="-10" r="2.6" fill="#fbe7a6" stroke="#7a5612" stroke-width="1.5"/>
    </g>
    <g id="sh-w">
      <ellipse cx="2" cy="7" rx="39" ry="37" fill="rgba(40,25,10,.28)"/>
      <circle cx="0" cy="4" r="38" fill="#b6a07c"/>
      <circle cx="0" cy="0" r="38" fill="url(#sh-g-white)" stroke="#a48e6a" stroke-width="1.5"/>
      <circle cx="0" cy="0" r="27" fill="none" stroke="#c8b592" stroke-width="2.5"/>
      <circle cx="0" cy="0" r="17" fill="none" stroke="#d9c9ab" stroke-width="1.6"/>
    </g>
    <g id="sh-b">
      <ellipse cx="2" cy="7" rx="39" ry="37" fill="rgba(20,10,5,.32)"/>
      <circle cx="0" cy="4" r="38" fill="#0f0d0c"/>
      <circle cx="0" cy="0" r="38" fill="url(#sh-g-black)" stroke="#141110" stroke-width="1.5"/>
      <circle cx="0" cy="0" r="27" fill="none" stroke="#57504a" stroke-width="2.5"/>
      <circle cx="0" cy="0" r="17" fill="none" stroke="#4a433e" stroke-width="1.6"/>
    </g>
  </defs>`;
  document.body.prepend(holder);
}

/** An SVG of one piece ('w', 'W', 'b', 'B'), for palettes and labels. */
export function pieceIcon(ch, size = 28) {
  ensureSprite();
  const el = svg('svg', { viewBox: '-45 -45 90 92', width: size, height: size, class: 'piece-icon', 'aria-hidden': 'true' });
  el.append(pieceShape(ch));
  return el;
}

function pieceShape(ch) {
  const g = svg('g');
  g.append(svg('use', { href: colorOf(ch) === 'white' ? '#sh-w' : '#sh-b' }));
  if (ch === 'W' || ch === 'B') g.append(svg('use', { href: '#sh-crown' }));
  return g;
}

/** The board string after move, played here before the server confirms it (geo: the game's board). */
export function playLocally(board, move, geo = RUSSIAN) {
  const cells = board.split('');
  const from = geo.indexOf(move.from);
  const to = geo.indexOf(move.to);
  let piece = cells[from];
  cells[from] = '.';
  for (const sq of move.captured || []) cells[geo.indexOf(sq)] = '.';
  if (move.promotes) piece = piece.toUpperCase();
  cells[to] = piece;
  return cells.join('');
}

// A taken piece stays until the move ends, faded and crossed out.
function markCaptured(g) {
  g.classList.add('captured');
  g.append(svg('circle', { r: 41, class: 'captured-ring' }), svg('path', { d: 'M-20 -20 L20 20 M20 -20 L-20 20', class: 'captured-cross' }));
}


export class Board {
  /**
   * options: onMove(move, path) when a person completes a move; onSquare(sq) in edit mode;
   * onMessage(key) for hints ('game.chooseLanding'); label for the SVG's accessible name.
   */
  constructor(options = {}) {
    ensureSprite();
    this.options = options;
    this.geo = RUSSIAN;
    this.pieceScale = 1;
    this.promotionContinues = true; // a man crowned mid-capture goes on as a king
    this.board = this.geo.empty();
    this.legal = [];
    this.interactive = false;
    this.flipped = false;
    this.numbers = false;
    this.mode = 'play';
    this.prefix = [];
    this.lastMove = null;
    this.arrows = [];
    this.cursor = 'c3';
    this.keyboard = false;
    this.press = null;
    this.anim = null;
    this.columns = null; // per square the pieces under its top ('bW'), or null: no columns
    this.animColumns = null; // the columns of the position a move is animated from
    this.tipSquare = null;

    this.svg = svg('svg', {
      class: 'board-svg',
      tabindex: '0',
      role: 'application',
      'aria-label': options.label || 'Board',
    });
    this.gSquares = svg('g', { class: 'b-squares' });
    this.gCoords = svg('g', { class: 'b-coords', 'aria-hidden': 'true' });
    this.gMarks = svg('g', { class: 'b-marks', 'aria-hidden': 'true' });
    this.gPieces = svg('g', { class: 'b-pieces', 'aria-hidden': 'true' });
    this.gArrows = svg('g', { class: 'b-arrows', 'aria-hidden': 'true' });
    this.gDrag = svg('g', { class: 'b-drag', 'aria-hidden': 'true' });
    this.frame = svg('rect', { x: 0, y: 0, rx: 18, class: 'b-frame' });
    this.inlay = svg('rect', { rx: 3, class: 'b-inlay' });
    this.svg.append(
      this.frame,
      this.inlay,
      this.gSquares,
      this.gCoords,
      this.gMarks,
      this.gPieces,
      this.gArrows,
      this.gDrag,
    );
    this.el = document.createElement('div');
    this.el.className = 'board';
    this.tip = document.createElement('div');
    this.tip.className = 'column-tip';
    this.tip.hidden = true;
    this.tip.setAttribute('role', 'tooltip');
    this.el.append(this.svg, this.tip);

    this.svg.addEventListener('pointerdown', (e) => this.onPointerDown(e));
    this.svg.addEventListener('pointermove', (e) => this.onPointerMove(e));
    this.svg.addEventListener('pointerup', (e) => this.onPointerUp(e));
    this.svg.addEventListener('pointercancel', () => this.endPress(true));
    this.svg.addEventListener('pointerleave', (e) => e.pointerType === 'mouse' && !this.press && this.showTip(null));
    this.svg.addEventListener('keydown', (e) => this.onKey(e));
    this.svg.addEventListener('focus', () => this.renderMarks());
    this.svg.addEventListener('blur', () => {
      this.keyboard = false;
      this.renderMarks();
    });
    this.svg.addEventListener('contextmenu', (e) => {
      if (this.press) e.preventDefault();
    });
    this.drawFrame();
    this.drawGrid();
    this.render();
  }

  // ---- what the owner sets ----

  /**
   * Show a position. opts.lastMove: a Move to mark; opts.animate: {move, path, before} to play
   * the move from the board `before` (and its columns, animate.beforeColumns); opts.keepInput
   * keeps a selection that is still valid; opts.columns: the column games' columns.
   */
  setPosition(board, legal = [], opts = {}) {
    if (this.anim && this.animTarget === board && !opts.animate) {
      // the same position again (a clock update, say): let the move finish its journey
      this.legal = legal || [];
      this.lastMove = opts.lastMove || this.lastMove;
      this.columns = opts.columns || null;
      return;
    }
    this.stopAnimation();
    const keep = opts.keepInput && this.prefix.length > 0 && input.candidates(legal, this.prefix).length > 0;
    this.columns = opts.columns || null;
    this.board = board;
    this.legal = legal || [];
    this.lastMove = opts.lastMove || null;
    if (!keep) this.prefix = [];
    this.pending = null;
    this.syncInteractive();
    if (opts.animate && opts.animate.before) this.animate({ ...opts.animate, after: board });
    else this.render();
    this.svg.dataset.board = board;
    if (this.tipSquare) this.showTip(this.tipSquare);
  }

  setInteractive(on) {
    this.interactive = !!on;
    if (!on) this.prefix = [];
    this.syncInteractive();
    this.render();
  }

  /** The board takes input (class .interactive) when it is the user's turn and no move of
   *  theirs is on its way to the server: a click then would be lost. */
  syncInteractive() {
    this.svg.classList.toggle('interactive', this.interactive && !this.pending);
  }

  setFlipped(on) {
    if (this.flipped === !!on) return;
    this.flipped = !!on;
    this.svg.dataset.flipped = this.flipped ? 'true' : 'false';
    this.drawGrid();
    this.render();
  }

  setNumbers(on) {
    this.numbers = !!on;
    this.drawGrid();
  }

  /** The game whose board this is: a Variant of /api/variants (or null for Russian). */
  setVariant(info) {
    const size = info && info.size ? info.size : 8;
    const geo = geometry(info ? info.board : 'diagonal', size, info && info.rows ? info.rows : size);
    this.promotionContinues = info ? info.promotion_continues !== false : true;
    this.svg.dataset.variant = info ? info.name : 'russian';
    this.svg.dataset.boardKind = geo.kind;
    if (geo === this.geo) return;
    this.geo = geo;
    // pieces on every square (Turkish) are drawn a little smaller, so the squares show
    this.pieceScale = geo.kind === 'orthogonal' ? 0.86 : 1;
    this.stopAnimation();
    this.board = geo.empty();
    this.legal = [];
    this.prefix = [];
    this.lastMove = null;
    this.arrows = [];
    this.columns = null;
    this.showTip(null);
    this.cursor = ['c3', 'd3', 'a1'].find((s) => geo.indexOf(s) >= 0);
    this.drawFrame();
    this.drawGrid();
    this.render();
  }

  setMode(mode) {
    this.mode = mode;
    this.prefix = [];
    this.svg.classList.toggle('editing', mode === 'edit');
    this.render();
  }

  /** Arrows: [{path: ['c3','d4'], kind: 'best'|'alt'}]. */
  setArrows(arrows) {
    this.arrows = arrows || [];
    this.renderArrows();
  }

  setLabel(text) {
    this.svg.setAttribute('aria-label', text);
  }

  clearInput() {
    this.prefix = [];
    this.render();
  }

  // ---- geometry ----

  xy(sq) {
    const n = this.geo.size;
    const rows = this.geo.rows;
    const m = this.margin;
    const [f, r] = fileRank(sq);
    const col = this.flipped ? n - 1 - f : f;
    const row = this.flipped ? r - 1 : rows - r;
    return [m + col * SQ, m + row * SQ];
  }

  center(sq) {
    const [x, y] = this.xy(sq);
    return [x + SQ / 2, y + SQ / 2];
  }

  squareAtPoint(clientX, clientY) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    const n = this.geo.size;
    const rows = this.geo.rows;
    const col = Math.floor((p.x - this.margin) / SQ);
    const row = Math.floor((p.y - this.margin) / SQ);
    if (col < 0 || col >= n || row < 0 || row >= rows) return null;
    const f = this.flipped ? n - 1 - col : col;
    const r = this.flipped ? row + 1 : rows - row;
    return FILES[f] + r;
  }

  svgPoint(clientX, clientY) {
    const ctm = this.svg.getScreenCTM();
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return [p.x, p.y];
  }

  // ---- drawing ----

  /** The frame of the game's board: the margin and the coordinates' size grow with the board,
   *  which the page shows at the same width whatever its size. */
  drawFrame() {
    const n = this.geo.size;
    const rows = this.geo.rows;
    const scale = n / 8;
    this.margin = Math.round(M8 * scale);
    this.extent = n * SQ + 2 * this.margin;
    this.extentY = rows * SQ + 2 * this.margin; // (10x8: wider than high)
    this.svg.setAttribute('viewBox', `0 0 ${this.extent} ${this.extentY}`);
    this.svg.style.setProperty('--board-scale', String(scale));
    this.svg.dataset.size = String(n);
    this.svg.dataset.rows = String(rows);
    this.el.style.aspectRatio = `${this.extent} / ${this.extentY}`; // board.css: 1 on square boards
    for (const [k, v] of Object.entries({ width: this.extent, height: this.extentY, rx: Math.round(18 * scale) })) this.frame.setAttribute(k, String(v));
    for (const [k, v] of Object.entries({ x: this.margin - 3, y: this.margin - 3, width: n * SQ + 6, height: rows * SQ + 6 })) this.inlay.setAttribute(k, String(v));
  }

  drawGrid() {
    this.gSquares.replaceChildren();
    this.gCoords.replaceChildren();
    const n = this.geo.size;
    const rows = this.geo.rows;
    const m = this.margin;
    const all = this.geo.kind === 'orthogonal';
    for (let r = 1; r <= rows; r++) {
      for (let f = 0; f < n; f++) {
        const sq = FILES[f] + r;
        const [x, y] = this.xy(sq);
        const play = this.geo.playable(f, r);
        const rect = svg('rect', { x, y, width: SQ, height: SQ, class: all ? 'sq play' : play ? 'sq dark' : 'sq light' });
        if (play) rect.dataset.square = sq;
        this.gSquares.append(rect);
        if (play && this.numbers) {
          this.gCoords.append(svg('text', { x: x + 7, y: y + 22, class: 'sq-number' }, document.createTextNode(String(this.geo.numberOf(sq)))));
        }
      }
    }
    this.svg.classList.toggle('all-squares', all);
    for (let i = 0; i < n; i++) {
      const file = FILES[this.flipped ? n - 1 - i : i];
      const fx = m + i * SQ + SQ / 2;
      this.gCoords.append(svg('text', { x: fx, y: this.extentY - m / 2 + 1, class: 'coord' }, document.createTextNode(file)));
    }
    for (let i = 0; i < rows; i++) {
      const rank = String(this.flipped ? i + 1 : rows - i);
      const ry = m + i * SQ + SQ / 2;
      this.gCoords.append(svg('text', { x: m / 2, y: ry + 1, class: 'coord' }, document.createTextNode(rank)));
    }
  }

  render() {
    if (!this.anim) this.renderPieces(); // a move on its way owns the pieces until it lands
    this.renderMarks();
    this.renderArrows();
    this.svg.dataset.selected = this.prefix.join(' ');
  }

  // The board as it looks during input: the piece at its latest landing, captures marked.
  displayed() {
    const cells = this.board.split('');
    const marked = new Set();
    const columns = this.columns ? [...this.columns] : null;
    // a column moves as one: what is under its top goes with it
    const carry = (from, to) => {
      if (!columns || from === to) return;
      columns[to] = columns[from];
      columns[from] = '';
    };
    if (this.pending) {
      carry(this.geo.indexOf(this.pending.from), this.geo.indexOf(this.pending.to));
      return { cells: playLocally(this.board, this.pending, this.geo).split(''), marked, columns };
    }
    if (this.prefix.length > 1) {
      const geo = this.geo;
      const from = geo.indexOf(this.prefix[0]);
      let piece = cells[from];
      cells[from] = '.';
      // crowned on the way only where the crowned man goes on as a king
      if (this.promotionContinues) for (let i = 1; i < this.prefix.length; i++) if (geo.crowns(piece, this.prefix[i])) piece = piece.toUpperCase();
      const to = geo.indexOf(this.prefix[this.prefix.length - 1]);
      cells[to] = piece;
      carry(from, to);
      for (const sq of input.capturedSoFar(this.legal, this.prefix)) marked.add(sq);
    }
    return { cells, marked, columns };
  }

  renderPieces() {
    const { cells, marked, columns } = this.displayed();
    this.gPieces.replaceChildren();
    const dragging = this.press && this.press.dragging ? this.press.sq : null;
    for (let i = 0; i < this.geo.count; i++) {
      const ch = cells[i];
      if (!ch || ch === '.') continue;
      const sq = this.geo.names[i];
      if (sq === dragging) continue;
      this.gPieces.append(this.pieceEl(ch, sq, marked.has(sq), columns ? columns[i] : ''));
    }
  }

  scaled(extra = 1) {
    const k = this.pieceScale * extra;
    return k === 1 ? '' : ` scale(${k})`;
  }

  /** How much a column's pieces are drawn smaller, so that it keeps to its square. */
  columnScale(under) {
    const layers = Math.min(under.length, COLUMN_EDGES);
    return layers ? Math.min(0.86, 48 / (layers * (COLUMN_STEP / 2) + 44)) : 1;
  }

  /** A piece, or a column: its top piece on the edges of the pieces under it (`under`, top down). */
  pieceEl(ch, sq, captured = false, under = '') {
    const [cx, cy] = this.center(sq);
    const layers = Math.min(under.length, COLUMN_EDGES);
    const g = svg('g', {
      class: `piece ${colorOf(ch)} ${ch === 'W' || ch === 'B' ? 'king' : 'man'}${captured ? ' captured' : ''}${under ? ' column' : ''}`,
      transform: `translate(${cx} ${cy})${this.scaled(this.columnScale(under))}`,
    });
    g.dataset.square = sq;
    g.dataset.piece = ch;
    if (!under) {
      g.append(pieceShape(ch));
    } else {
      // the column stands on its square: the top lifted by half the edges shown under it
      const lift = (-layers * COLUMN_STEP) / 2;
      g.dataset.column = ch + under;
      g.dataset.height = String(under.length + 1);
      const stack = svg('g', { class: 'column-under' });
      for (let k = layers; k >= 1; k--) {
        const p = under[k - 1];
        stack.append(svg('circle', { cx: 0, cy: lift + k * COLUMN_STEP + 4, r: 38, class: `layer ${colorOf(p)}${p === 'W' || p === 'B' ? ' king' : ''}` }));
      }
      const top = svg('g', { transform: `translate(0 ${lift})` }, pieceShape(ch));
      const badge = svg('g', { class: 'column-height', transform: 'translate(33 -36)' }, svg('circle', { r: 15 }), svg('text', { y: 1 }, document.createTextNode(String(under.length + 1))));
      g.append(stack, top, badge);
    }
    if (captured) markCaptured(g);
    return g;
  }

  /** The card of the column on sq (every piece, top first), or none (sq null, or no column). */
  showTip(sq) {
    const i = sq ? this.geo.indexOf(sq) : -1;
    const under = i >= 0 && this.columns && !this.anim ? this.columns[i] || '' : '';
    const top = i >= 0 ? this.board[i] : '.';
    if (!under || !top || top === '.') {
      this.tipSquare = sq && this.columns ? sq : null;
      this.tip.hidden = true;
      delete this.tip.dataset.square;
      return;
    }
    this.tipSquare = sq;
    const column = top + under;
    const rows = [...column].map((p, k) => {
      const row = document.createElement('li');
      row.dataset.piece = p;
      row.append(pieceIcon(p, 20), document.createTextNode(t('column.piece.' + (p === p.toUpperCase() ? 'king.' : 'man.') + colorOf(p)) + (k === 0 ? ` · ${t('column.top')}` : '')));
      return row;
    });
    const head = document.createElement('strong');
    head.textContent = t('column.of', { square: sq, n: column.length });
    const list = document.createElement('ol');
    list.append(...rows);
    this.tip.replaceChildren(head, list);
    this.tip.dataset.square = sq;
    this.tip.dataset.column = column;
    const [x, y] = this.xy(sq);
    const below = y < this.extentY / 3; // near the top edge the card goes under the square
    this.tip.classList.toggle('below', below);
    this.tip.style.left = `${((x + SQ / 2) / this.extent) * 100}%`;
    this.tip.style.top = `${((below ? y + SQ : y) / this.extentY) * 100}%`;
    this.tip.hidden = false;
  }

  renderMarks() {
    this.gMarks.replaceChildren();
    const add = (sq, cls) => {
      const [x, y] = this.xy(sq);
      const r = svg('rect', { x, y, width: SQ, height: SQ, class: cls });
      r.dataset.square = sq;
      this.gMarks.append(r);
    };
    if (this.lastMove && !this.pending) {
      const path = (this.lastMove.paths && this.lastMove.paths[0]) || [this.lastMove.from, this.lastMove.to];
      for (const sq of path.slice(1, -1)) add(sq, 'mark-last-via');
      add(this.lastMove.from, 'mark-last');
      add(this.lastMove.to, 'mark-last');
    }
    if (this.pending) {
      add(this.pending.from, 'mark-last');
      add(this.pending.to, 'mark-last');
    }
    if (this.prefix.length > 0 && this.mode === 'play') {
      add(this.prefix[0], 'mark-origin');
      for (const sq of this.prefix.slice(1, -1)) add(sq, 'mark-via');
      add(this.prefix[this.prefix.length - 1], 'mark-selected');
      for (const sq of input.targets(this.legal, this.prefix)) {
        const [cx, cy] = this.center(sq);
        const dot = svg('circle', { cx, cy, r: 15, class: 'mark-target' });
        dot.dataset.square = sq;
        this.gMarks.append(dot);
      }
    }
    if (this.keyboard && document.activeElement === this.svg) {
      const [x, y] = this.xy(this.cursor);
      this.gMarks.append(svg('rect', { x: x + 4, y: y + 4, width: SQ - 8, height: SQ - 8, rx: 6, class: 'mark-cursor' }));
    }
  }

  renderArrows() {
    this.gArrows.replaceChildren();
    for (const a of this.arrows) {
      const pts = a.path.map((sq) => this.center(sq));
      if (pts.length < 2) continue;
      // stop the line short of the last centre so the head sits on the square
      const [x1, y1] = pts[pts.length - 2];
      const [x2, y2] = pts[pts.length - 1];
      const len = Math.hypot(x2 - x1, y2 - y1);
      const ux = (x2 - x1) / len;
      const uy = (y2 - y1) / len;
      const tip = [x2 - ux * 6, y2 - uy * 6];
      const base = [tip[0] - ux * 30, tip[1] - uy * 30];
      const line = [...pts.slice(0, -1), base].map((p) => p.join(',')).join(' ');
      const head = [tip, [base[0] - uy * 17, base[1] + ux * 17], [base[0] + uy * 17, base[1] - ux * 17]];
      const g = svg('g', { class: `arrow ${a.kind || 'best'}` });
      g.append(
        svg('polyline', { points: line, class: 'arrow-line' }),
        svg('polygon', { points: head.map((p) => p.join(',')).join(' '), class: 'arrow-head' }),
      );
      this.gArrows.append(g);
    }
  }

  // ---- animation ----

  /** Play move from the board `before`; `after` is the board it ends on (else worked out here). */
  animate({ move, path, before, after, beforeColumns }) {
    this.board = before;
    this.animColumns = beforeColumns || null;
    const under = (i) => (this.animColumns ? this.animColumns[i] || '' : '');
    this.showTip(null);
    this.renderMarks();
    const geo = this.geo;
    const cells = before.split('');
    const from = geo.indexOf(move.from);
    const ch = cells[from];
    const route = path || (move.paths && move.paths[0]) || [move.from, move.to];
    cells[from] = '.';
    this.gPieces.replaceChildren();
    const byEl = new Map();
    for (let i = 0; i < geo.count; i++) {
      if (!cells[i] || cells[i] === '.') continue;
      const el = this.pieceEl(cells[i], geo.names[i], false, under(i));
      byEl.set(geo.names[i], el);
      this.gPieces.append(el);
    }
    const mover = this.pieceEl(ch, move.from, false, under(from));
    mover.classList.add('moving');
    this.gPieces.append(mover);
    const captured = new Set(move.captured || []);
    // the server's word on the end (a northern king taken stays as a man), else worked out
    const finalBoard = after && after.length === geo.count ? after : playLocally(before, move, geo);
    const token = {};
    this.anim = token;
    this.animTarget = finalBoard;
    const moverScale = this.scaled(this.columnScale(under(from)));
    const run = async () => {
      let at = route[0];
      for (const sq of route.slice(1)) {
        const [x0, y0] = this.center(at);
        const [x1, y1] = this.center(sq);
        // along the line from landing to landing: a diagonal, or a file or a rank
        const steps = Math.max(1, distance(at, sq));
        const a = mover.animate(
          [{ transform: `translate(${x0}px, ${y0}px)${moverScale}` }, { transform: `translate(${x1}px, ${y1}px)${moverScale}` }],
          { duration: STEP_MS + 45 * (steps - 1), easing: 'ease-in-out', fill: 'forwards' },
        );
        try {
          await a.finished;
        } catch {
          return;
        }
        if (this.anim !== token) return;
        for (const c of between(at, sq)) {
          if (captured.has(c) && byEl.has(c)) markCaptured(byEl.get(c));
        }
        at = sq;
      }
      if (this.anim !== token) return;
      await new Promise((r) => setTimeout(r, 90));
      if (this.anim !== token) return;
      this.anim = null;
      this.board = finalBoard;
      this.render();
      this.svg.dataset.board = finalBoard;
    };
    this.animDone = run();
  }

  stopAnimation() {
    if (this.anim) {
      this.anim = null;
      for (const el of this.gPieces.querySelectorAll('.moving')) el.getAnimations().forEach((a) => a.cancel());
    }
  }

  /**
   * Input that arrives while a move is on its way (a press as the engine's reply lands, on a
   * slow phone or a busy machine) is not lost: the move lands at once and the input counts.
   */
  finishAnimation() {
    if (!this.anim) return;
    this.stopAnimation();
    this.board = this.animTarget;
    this.render();
    this.svg.dataset.board = this.board;
  }

  // ---- input ----

  canPick(sq) {
    if (!this.interactive || this.mode !== 'play') return false;
    const pieces = input.movable(this.legal);
    if (this.prefix.length <= 1) return pieces.has(sq);
    return sq === this.prefix[this.prefix.length - 1];
  }

  /** A click (or key press, or drop) on square sq. */
  choose(sq) {
    if (this.mode === 'edit') {
      this.options.onSquare && this.options.onSquare(sq);
      return;
    }
    // a move is decided at the first landing that tells it from the others (input.js), but a
    // person clicking a long capture goes on along its landings: those clicks finish entering
    // the move played, and are not the next move's (they would select the piece that landed,
    // and the person's first click on it would then drop it)
    const rest = this.rest;
    this.rest = null;
    if (rest && rest[0] === sq && Date.now() - this.restAt < REST_MS) {
      if (rest.length > 1) {
        this.rest = rest.slice(1);
        this.restAt = Date.now();
      }
      return;
    }
    if (!this.interactive || this.pending) return;
    this.finishAnimation();
    const r = input.step(this.legal, this.prefix, sq);
    if (r.kind === 'ignore') return;
    if (r.kind === 'ambiguous') {
      this.options.onMessage && this.options.onMessage('game.chooseLanding');
      this.svg.classList.add('shake');
      setTimeout(() => this.svg.classList.remove('shake'), 400);
      return;
    }
    if (r.kind === 'complete') {
      const entered = r.prefix.length;
      this.rest = r.path && r.path.length > entered ? r.path.slice(entered) : null;
      this.restAt = Date.now();
      this.prefix = [];
      this.pending = r.move;
      this.syncInteractive();
      this.render();
      this.options.onMove && this.options.onMove(r.move, r.path);
      return;
    }
    this.prefix = r.prefix;
    this.render();
  }

  onPointerDown(e) {
    if (e.button !== 0) return;
    const sq = this.squareAtPoint(e.clientX, e.clientY);
    if (!sq || this.geo.indexOf(sq) < 0) return;
    if (this.interactive) this.finishAnimation();
    if (this.columns) this.showTip(sq);
    this.keyboard = false;
    this.press = { sq, x: e.clientX, y: e.clientY, id: e.pointerId, dragging: false };
    try {
      this.svg.setPointerCapture(e.pointerId);
    } catch {
      /* synthetic events have no capture */
    }
    e.preventDefault();
    this.svg.focus({ preventScroll: true });
  }

  onPointerMove(e) {
    const p = this.press;
    if (!p && this.columns && e.pointerType === 'mouse') {
      const over = this.squareAtPoint(e.clientX, e.clientY);
      if (over !== this.tipSquare) this.showTip(over);
    }
    if (!p || p.id !== e.pointerId) return;
    if (!p.dragging) {
      if (Math.hypot(e.clientX - p.x, e.clientY - p.y) < 6) return;
      if (!this.canPick(p.sq)) return;
      if (this.prefix.length === 0 || (this.prefix.length === 1 && this.prefix[0] !== p.sq)) {
        this.prefix = [p.sq];
      }
      p.dragging = true;
      this.render();
      const { cells, columns } = this.displayed();
      const ch = cells[this.geo.indexOf(p.sq)];
      p.ghost = this.pieceEl(ch, p.sq, false, columns ? columns[this.geo.indexOf(p.sq)] : '');
      p.ghost.classList.add('dragged');
      this.gDrag.append(p.ghost);
      this.svg.classList.add('dragging');
    }
    const [x, y] = this.svgPoint(e.clientX, e.clientY);
    p.ghost.setAttribute('transform', `translate(${x} ${y}) scale(${(1.08 * this.pieceScale).toFixed(3)})`);
  }

  onPointerUp(e) {
    const p = this.press;
    if (!p || p.id !== e.pointerId) return;
    const sq = this.squareAtPoint(e.clientX, e.clientY);
    this.endPress(false);
    if (p.dragging) {
      if (sq && this.geo.indexOf(sq) >= 0 && sq !== p.sq) this.choose(sq);
      else this.render();
    } else if (sq && sq === p.sq) {
      this.choose(sq);
    }
  }

  endPress(cancelled) {
    const p = this.press;
    this.press = null;
    this.gDrag.replaceChildren();
    this.svg.classList.remove('dragging');
    if (p && p.dragging && cancelled) this.render();
  }

  onKey(e) {
    const arrows = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (e.key in arrows) {
      e.preventDefault();
      e.stopPropagation();
      const [df, dr] = arrows[e.key];
      const s = this.flipped ? -1 : 1;
      const n = this.geo.size;
      let [f, r] = fileRank(this.cursor);
      f = Math.min(n - 1, Math.max(0, f + df * s));
      r = Math.min(this.geo.rows, Math.max(1, r + dr * s));
      this.cursor = FILES[f] + r;
      this.keyboard = true;
      if (this.columns) this.showTip(this.cursor);
      this.renderMarks();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      this.keyboard = true;
      if (this.geo.indexOf(this.cursor) >= 0) this.choose(this.cursor);
      this.renderMarks();
    } else if (e.key === 'Escape' && this.prefix.length) {
      e.stopPropagation();
      this.clearInput();
    }
  }
}
