// other_board.js - the board of any of the other games of a checkers set (corners, go-ban,
// Belarusian, Wiegman's, Stavropol, Pskov, Novgorod, Neva), drawn as SVG from the game's
// Geometry (docs/web-api.md "Shared shapes"): square or hex cells (pointy- or flat-topped) at
// their centres, dark and light; the pieces (Units) in their owners' colours and drawn by kind
// (a plain piece, a man with a ring, a king with a crown, a small pawn with a dot); the last
// move; the legal moves of the cells entered so far.
//
// Cell names: a square cell's name sits in its corner, above the pieces, where a piece leaves
// it room. A hex cell has no such corner, so its name is written in the middle of the cell
// while the cell is empty, and a pointer over any cell (a mouse, a tap, the keyboard) shows its
// name in a label above everything.
//
// Input is cell by cell, like the draughts board: a click adds a cell to the move being
// entered; a move is played when the cells entered are the whole of exactly one legal move's
// path, or its first and last cell and no other move ends there; where a move may stop or go
// on (corners' jumps), a second click on the cell reached stops it there. A placing (go-ban) is
// one click on an empty cell. Every cell's shape carries data-cell (its number) and data-name,
// so a test clicks a cell by its name.
//
// The board has the draughts board's interface as the game view uses it (setPosition,
// setInteractive, setFlipped, setLabel, pending, el), so the view drives either.

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
export function shade(colour, f = 0.55) {
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

/** The cells of entered that still fit a legal move, and what a click on `cell` does. `moves`
 *  are {path: [cell...]} (the Move's `cells`). */
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
  /** options: onMove(move) with a legal Move the person entered; stopHint: the text shown when
   *  the cells entered make a move that could also go on; label: the accessible name. */
  constructor(options = {}) {
    this.options = options;
    this.info = null; // the game's Variant (colours, player_colours)
    this.geometry = { width: 1, height: 1, cells: [] };
    this.units = [];
    this.legal = [];
    this.lastMove = null;
    this.entered = [];
    this.interactive = false;
    this.flipped = false;
    this.pending = null; // a move sent to the server, not yet answered
    this.hover = -1;
    this.svg = svg('svg', { class: 'other-board-svg', role: 'img', 'aria-label': options.label || 'Board' });
    this.hint = document.createElement('p');
    this.hint.className = 'other-hint';
    this.hint.hidden = true;
    this.frame = document.createElement('div');
    this.frame.className = 'board other-board';
    this.frame.append(this.svg);
    this.el = document.createElement('div');
    this.el.className = 'other-board-wrap';
    this.el.append(this.frame, this.hint);
    this.svg.addEventListener('click', (e) => {
      const target = e.target.closest('[data-cell]');
      if (target && this.interactive && !this.pending) this.click(Number(target.dataset.cell));
    });
    // a cell's name over everything while a pointer is on it (a tap on a phone)
    const point = (e) => {
      const target = e.target.closest('[data-cell]');
      this.setHover(target ? Number(target.dataset.cell) : -1);
    };
    this.svg.addEventListener('pointermove', point);
    this.svg.addEventListener('pointerdown', point);
    this.svg.addEventListener('pointerleave', (e) => e.pointerType === 'mouse' && this.setHover(-1));
  }

  /** The game whose board this is: its Variant and its Geometry. */
  setGame(info, geometry) {
    this.info = info;
    this.geometry = geometry;
    this.entered = [];
    this.svg.dataset.variant = info.name;
    const w = geometry.width + 2 * PAD;
    const hgt = geometry.height + 2 * PAD;
    this.frame.style.aspectRatio = `${w} / ${hgt}`;
    this.svg.setAttribute('viewBox', `${-PAD * S} ${-PAD * S} ${w * S} ${hgt * S}`);
    this.draw();
  }

  /** Show a position: units (a Unit or null per cell), its legal moves, opts.lastMove. */
  setPosition(units, legal = [], opts = {}) {
    const changed = JSON.stringify(units) !== JSON.stringify(this.units) || (legal || []).length !== this.legal.length;
    this.units = units || [];
    this.legal = legal || [];
    this.lastMove = opts.lastMove || null;
    this.pending = null;
    if (changed || !opts.keepInput) this.entered = [];
    this.draw();
  }

  setInteractive(on) {
    this.interactive = !!on;
    if (!on) this.entered = [];
    this.draw();
  }

  setFlipped(on) {
    if (this.flipped === !!on) return;
    this.flipped = !!on;
    this.svg.dataset.flipped = String(this.flipped);
    this.draw();
  }

  setNumbers() {}

  setLabel(text) {
    this.svg.setAttribute('aria-label', text);
  }

  setHover(cell) {
    if (cell === this.hover) return;
    this.hover = cell;
    this.drawHover();
  }

  // the legal moves as pickCell takes them: a path of cells
  paths() {
    return this.legal.filter((m) => m.kind !== 'pass' && m.cells && m.cells.length).map((m) => ({ path: m.cells, captured: m.taken || [], move: m }));
  }

  click(cell) {
    const r = pickCell(this.paths(), this.entered, cell);
    if (r.play) {
      this.entered = [];
      this.pending = r.play.move;
      this.draw();
      this.options.onMove && this.options.onMove(r.play.move);
      return;
    }
    this.entered = r.entered;
    this.draw();
  }

  // a cell's centre as drawn (a flipped board turned half a circle)
  at(c) {
    const g = this.geometry;
    return this.flipped ? [(g.width - c.x) * S, (g.height - c.y) * S] : [c.x * S, c.y * S];
  }

  colourOf(owner) {
    const info = this.info || {};
    const i = (info.colours || []).indexOf(owner);
    return (info.player_colours || [])[i] || '#888';
  }

  draw() {
    const g = this.geometry;
    const el = this.svg;
    el.classList.toggle('interactive', this.interactive && !this.pending);
    el.replaceChildren();
    const moves = this.paths();
    const fits = this.entered.length ? moves.filter((m) => this.entered.every((c, i) => m.path[i] === c)) : [];
    const targets = new Set();
    const captures = new Set();
    const movable = new Set();
    if (this.interactive && !this.pending) {
      if (!this.entered.length) for (const m of moves) movable.add(m.path[0]);
      for (const m of fits) {
        if (m.path.length > this.entered.length) targets.add(m.path[this.entered.length]);
        for (const c of m.captured) captures.add(c);
      }
    }
    const stop = this.entered.length > 1 && fits.some((m) => m.path.length === this.entered.length) && fits.some((m) => m.path.length > this.entered.length);
    this.hint.hidden = !stop;
    this.hint.textContent = stop ? this.options.stopHint || '' : '';
    const lastSet = new Set(this.pending ? this.pending.cells : this.lastMove ? this.lastMove.cells || [] : []);
    const cellsLayer = svg('g', { class: 'cells' });
    const under = svg('g', { class: 'cell-names', 'pointer-events': 'none' }); // hex: the empty cells' names
    const marks = svg('g', { class: 'marks', 'pointer-events': 'none' });
    const pieces = svg('g', { class: 'pieces', 'pointer-events': 'none' });
    const over = svg('g', { class: 'cell-names corner', 'pointer-events': 'none' }); // square cells' names
    const hexes = g.cells.some((c) => c.shape !== 'square');
    g.cells.forEach((c, i) => {
      const [cx, cy] = this.at(c);
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
      if (captures.has(i)) marks.append(svg('circle', { class: 'capture-ring', cx, cy, r: S * 0.4 }));
      const unit = this.shownUnit(i);
      if (unit) pieces.append(this.piece(unit, cx, cy, c.shape, i));
      if (c.shape === 'square') {
        over.append(svg('text', { x: cx - S * 0.45, y: cy - S * 0.33, 'data-name': c.name }, document.createTextNode(c.name)));
      } else if (!unit) {
        under.append(svg('text', { x: cx, y: cy, 'data-name': c.name, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, document.createTextNode(c.name)));
      }
    });
    el.classList.toggle('hex', hexes);
    this.hoverLayer = svg('g', { class: 'cell-hover', 'pointer-events': 'none' });
    el.append(cellsLayer, under, marks, pieces, over, this.hoverLayer);
    this.drawHover();
  }

  // the unit on cell i as shown: a move on its way to the server already made here
  shownUnit(i) {
    const p = this.pending;
    if (p && p.cells && p.cells.length > 1) {
      if (i === p.cells[0] && p.cells[p.cells.length - 1] !== i) return null;
      if (i === p.cells[p.cells.length - 1]) return this.units[p.cells[0]];
      if ((p.taken || []).includes(i)) return null;
    }
    return this.units[i];
  }

  drawHover() {
    if (!this.hoverLayer) return;
    this.hoverLayer.replaceChildren();
    const c = this.geometry.cells[this.hover];
    if (!c) {
      delete this.svg.dataset.hover;
      return;
    }
    const [cx, cy] = this.at(c);
    const w = S * (0.22 + 0.13 * c.name.length);
    const top = cy - S * 0.62;
    this.hoverLayer.append(
      svg('rect', { class: 'hover-pill', x: cx - w / 2, y: top, width: w, height: S * 0.34, rx: S * 0.12 }),
      svg('text', { class: 'hover-name', x: cx, y: top + S * 0.17, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'data-name': c.name }, document.createTextNode(c.name)),
    );
    this.svg.dataset.hover = c.name;
  }

  piece(unit, cx, cy, shape, cell) {
    const colour = this.colourOf(unit.owner);
    const rim = shade(colour);
    const kind = unit.kind;
    const gEl = svg('g', { class: `piece ${kind} owner-${unit.owner}`, 'data-kind': kind, 'data-owner': unit.owner, 'data-cell': cell });
    const full = shape === 'hex_flat' ? 0.34 : shape === 'hex' ? 0.36 : 0.38;
    const r = kind === 'pawn' ? S * full * 0.72 : S * full;
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
