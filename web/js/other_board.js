// other_board.js - the board of any of the other games (docs/web-api.md "More games"), drawn
// as SVG from the server's ShOtherBoard: square or hex cells (pointy- or flat-topped) at their
// centres, dark and light, the pieces in their owners' colours and drawn by kind (a plain
// piece, a man with a ring, a king with a crown, a small pawn with a dot), the last move, and
// the legal moves of the cells entered so far.
//
// Input is cell by cell, like the draughts board: a click adds a cell to the move being
// entered; a move is played when the cells entered are the whole of exactly one legal move's
// path, or its first and last cell and no other move ends there; where a move may stop or go
// on (corners' jumps), a second click on the cell reached stops it there. A placing (go-ban) is one
// click on an empty cell. Every cell's shape carries data-cell (its number) and data-name, so a
// test clicks a cell by its name.

const NS = 'http://www.w3.org/2000/svg';
const S = 100; // drawing units per cell width
const PAD = 0.15; // margin around the cells, in cell widths

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.append(c);
  return el;
}

function hexPoints(cx, cy, r, flat) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = ((flat ? 0 : 30) + 60 * i) * (Math.PI / 180);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

/** A darker shade of a CSS colour (#rgb or #rrggbb), for a piece's rim. */
function shade(colour, f = 0.55) {
  let hex = String(colour || '#888').replace('#', '');
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const n = parseInt(hex, 16);
  if (Number.isNaN(n) || hex.length !== 6) return '#444';
  const r = (n >> 16) & 255, g = (n >> 8) & 255, b = n & 255;
  const light = 0.299 * r + 0.587 * g + 0.114 * b > 150;
  const k = light ? f : 1 + (1 - f);
  const c = (v) => Math.max(0, Math.min(255, Math.round(light ? v * k : v + (255 - v) * (k - 1) * 0.6)));
  return `rgb(${c(r)},${c(g)},${c(b)})`;
}

/** The cells of entered that still fit a legal move, and what a click on `cell` does. */
export function pickCell(moves, entered, cell) {
  const starts = (m, cells) => cells.every((c, i) => m.path[i] === c);
  if (!entered.length) {
    const place = moves.filter((m) => m.path.length === 1 && m.path[0] === cell);
    if (place.length === 1) return { play: place[0] };
    return moves.some((m) => m.path[0] === cell) ? { entered: [cell] } : { entered: [] };
  }
  const same = (m) => m.path.length === entered.length && starts(m, entered);
  // the last cell again: stop there (a jump that could go on, as in corners)
  if (cell === entered[entered.length - 1] && entered.length > 1) {
    const stop = moves.find(same);
    if (stop) return { play: stop };
  }
  const next = [...entered, cell];
  const fits = moves.filter((m) => starts(m, next));
  if (fits.length) {
    const whole = fits.filter((m) => m.path.length === next.length);
    if (whole.length === 1 && fits.length === 1) return { play: whole[0] };
    if (whole.length >= 1 && fits.every((m) => m.path.length === next.length)) return { play: whole[0] };
    return { entered: next };
  }
  // the first and the last cell of one move
  const ends = moves.filter((m) => m.path[0] === entered[0] && m.path[m.path.length - 1] === cell);
  if (ends.length === 1 && entered.length === 1) return { play: ends[0] };
  if (cell === entered[entered.length - 1]) return { entered: entered.slice(0, -1) };
  return moves.some((m) => m.path[0] === cell) ? { entered: [cell] } : { entered: [] };
}

export class OtherBoard {
  /** onMove(move) is called with a legal move the person entered; stopHint is the text shown
   * when the cells entered make a move that could also go on. */
  constructor(onMove, stopHint = '') {
    this.onMove = onMove;
    this.stopHint = stopHint;
    this.hint = document.createElement('p');
    this.hint.className = 'other-hint';
    this.hint.hidden = true;
    this.entered = [];
    this.game = null;
    this.interactive = false;
    this.el = svg('svg', { class: 'other-board-svg', role: 'img' });
    this.el.addEventListener('click', (e) => {
      const target = e.target.closest('[data-cell]');
      if (target && this.interactive) this.click(Number(target.dataset.cell));
    });
  }

  click(cell) {
    const r = pickCell(this.game.moves, this.entered, cell);
    if (r.play) {
      this.entered = [];
      this.onMove(r.play);
    } else {
      this.entered = r.entered;
    }
    this.draw();
  }

  /** Draw `game` (the API's OtherGame); interactive: the person may move now. */
  render(game, interactive, label) {
    if (!this.game || this.game.version !== game.version || this.game.id !== game.id) this.entered = [];
    this.game = game;
    this.interactive = interactive;
    this.el.setAttribute('aria-label', label || game.game.title_en);
    this.draw();
  }

  draw() {
    const g = this.game;
    const b = g.board;
    const w = (b.width + 2 * PAD) * S, hgt = (b.height + 2 * PAD) * S;
    const el = this.el;
    el.setAttribute('viewBox', `${-PAD * S} ${-PAD * S} ${w} ${hgt}`);
    el.classList.toggle('interactive', this.interactive);
    el.replaceChildren();
    const fits = this.entered.length ? g.moves.filter((m) => this.entered.every((c, i) => m.path[i] === c)) : [];
    const targets = new Set();
    const captures = new Set();
    const movable = new Set();
    if (this.interactive) {
      if (!this.entered.length) for (const m of g.moves) movable.add(m.path[0]);
      for (const m of fits) {
        if (m.path.length > this.entered.length) targets.add(m.path[this.entered.length]);
        for (const c of m.captured) captures.add(c);
      }
    }
    const stop = this.entered.length > 1 && fits.some((m) => m.path.length === this.entered.length) && fits.some((m) => m.path.length > this.entered.length);
    this.hint.hidden = !stop;
    this.hint.textContent = stop ? this.stopHint : '';
    const last = g.history.length ? g.history[g.history.length - 1].path : [];
    const lastSet = new Set(last);
    const cellsLayer = svg('g', { class: 'cells' });
    const marks = svg('g', { class: 'marks', 'pointer-events': 'none' });
    const pieces = svg('g', { class: 'pieces', 'pointer-events': 'none' });
    b.cells.forEach((c, i) => {
      const cx = c.x * S, cy = c.y * S;
      const cls = ['cell', c.dark ? 'dark' : 'light'];
      if (lastSet.has(i)) cls.push('last');
      if (movable.has(i)) cls.push('movable');
      if (this.entered.includes(i)) cls.push('entered');
      if (targets.has(i)) cls.push('target');
      const attrs = { class: cls.join(' '), 'data-cell': i, 'data-name': c.name };
      let shape;
      if (c.shape === 'square') {
        shape = svg('rect', { ...attrs, x: cx - S / 2, y: cy - S / 2, width: S, height: S });
      } else {
        const flat = c.shape === 'hex_flat';
        const r = flat ? S / 2 : S / Math.sqrt(3);
        shape = svg('polygon', { ...attrs, points: hexPoints(cx, cy, r * 0.97, flat) });
      }
      shape.append(svg('title', {}, document.createTextNode(c.name)));
      cellsLayer.append(shape);
      if (targets.has(i)) marks.append(svg('circle', { class: 'target-dot', cx, cy, r: S * 0.14 }));
      if (captures.has(i)) marks.append(svg('circle', { class: 'capture-ring', cx, cy, r: S * 0.42 }));
      const p = g.pieces[i];
      if (p) pieces.append(this.piece(p, cx, cy));
    });
    // cell names on a small board help a person read the notation
    const names = svg('g', { class: 'cell-names', 'pointer-events': 'none' });
    if (b.cells.length <= 100)
      b.cells.forEach((c) => names.append(svg('text', { x: c.x * S - S * 0.44, y: c.y * S - S * 0.3 }, document.createTextNode(c.name))));
    el.append(cellsLayer, names, marks, pieces);
  }

  piece(p, cx, cy) {
    const colour = (this.game.game.player_colours || [])[p.owner] || '#888';
    const rim = shade(colour);
    const kind = p.kind;
    const gEl = svg('g', { class: `piece ${kind} owner-${p.owner}`, 'data-kind': kind, 'data-owner': p.owner });
    const r = kind === 'pawn' ? S * 0.27 : S * 0.38;
    gEl.append(svg('circle', { cx, cy: cy + S * 0.03, r, fill: 'rgba(0,0,0,0.25)' }));
    gEl.append(svg('circle', { cx, cy, r, fill: colour, stroke: rim, 'stroke-width': S * 0.04 }));
    if (kind === 'man') gEl.append(svg('circle', { cx, cy, r: r * 0.62, fill: 'none', stroke: rim, 'stroke-width': S * 0.03 }));
    if (kind === 'pawn') gEl.append(svg('circle', { cx, cy, r: r * 0.3, fill: rim }));
    if (kind === 'king') {
      const k = r * 0.55;
      const d = `M${cx - k},${cy + k * 0.5} L${cx - k},${cy - k * 0.5} L${cx - k * 0.5},${cy} L${cx},${cy - k * 0.75} L${cx + k * 0.5},${cy} L${cx + k},${cy - k * 0.5} L${cx + k},${cy + k * 0.5} Z`;
      gEl.append(svg('path', { d, fill: rim, stroke: rim, 'stroke-width': S * 0.02, 'stroke-linejoin': 'round' }));
    }
    return gEl;
  }
}
