// game_board.js - the game view's board, for a game of any kind, and the positions of its
// history.
//
// The draughts games and the column games are drawn by board.js (squares, drag and click,
// animation, numbering, flipping; a column as its top piece on the pieces under it), the other
// games by other_board.js from the game's Geometry (square and hex cells). A position of the
// game's history (for review) comes, for a draughts or column game, from the FEN the server
// gives after each move (fen.js reads the columns too); for an other game from
// GET /api/games/ID/position?ply=K, kept once read.

import { api } from './api.js';
import { Board, playLocally } from './board.js';
import { parseFen } from './fen.js';
import { OtherBoard } from './other_board.js';
import { colorOf } from './squares.js';
import { familyOf, geometryOf, variantInfo } from './variants.js';

/** The letter of a Unit of a draughts or column game ('w', 'W', 'b', 'B'). */
function letter(unit) {
  const ch = unit.owner === 'white' ? 'w' : 'b';
  return unit.kind === 'king' ? ch.toUpperCase() : ch;
}

/** A position's columns from its Units: per square the pieces under the top, top down; null
 *  when no square holds more than one piece. */
export function columnsOf(units) {
  if (!units || !units.some((u) => u && u.column && u.column.length > 1)) return null;
  return units.map((u) => (u && u.column ? u.column.slice(1).map(letter).join('') : ''));
}

export class GameBoard {
  /** options: onMove(move), onMessage(key), stopHint, label. */
  constructor(options) {
    this.options = options;
    this.variant = null;
    this.family = 'draughts';
    this.view = null; // the Board or the OtherBoard
    this.positions = []; // draughts and column games: {side, board, columns} per ply
    this.cache = new Map(); // other games: `${ply} ${fen}` -> its Position
    this.seq = 0;
  }

  /** The board's element (after setGame). */
  get el() {
    return this.view.el;
  }

  /** Whether the board draws squares (a draughts or column game), not cells. */
  get squares() {
    return this.family !== 'other';
  }

  get pending() {
    return this.view ? this.view.pending : null;
  }

  /** The game whose board this is (its first Game, or one of another game). */
  setGame(g) {
    if (this.variant === g.variant && this.view) return false;
    this.variant = g.variant;
    this.family = familyOf(g.variant);
    this.geo = geometryOf(g.variant);
    if (this.squares) {
      this.view = new Board({ onMove: (move, path) => this.options.onMove(move, path), onMessage: this.options.onMessage, label: this.options.label });
      this.view.setVariant(variantInfo(g.variant));
    } else {
      this.view = new OtherBoard({ onMove: (move) => this.options.onMove(move), stopHint: this.options.stopHint, label: this.options.label });
      this.view.setGame(variantInfo(g.variant), g.geometry || variantInfo(g.variant).geometry);
    }
    this.cache.clear();
    return true;
  }

  /** The positions of the game's history, from its moves (draughts and column games). */
  rebuild(g) {
    if (!this.squares) return;
    const geo = this.geo;
    const read = (fen) => {
      try {
        return parseFen(fen, geo);
      } catch {
        return null;
      }
    };
    const start = read(g.start_fen || g.position.fen) || { side: g.position.side, board: g.position.board };
    this.positions = [{ side: start.side, board: start.board, columns: start.columns || null }];
    for (const m of g.moves) {
      const p = read(m.fen);
      const before = this.positions[this.positions.length - 1];
      this.positions.push(p ? { side: p.side, board: p.board, columns: p.columns || null } : { side: m.move.side, board: playLocally(before.board, m.move, geo), columns: null });
    }
  }

  /** Who moved first (the move list's numbering). */
  startSide(g) {
    if (this.squares && this.positions.length) return this.positions[0].side;
    return g.moves.length ? g.moves[0].move.side : g.position.side;
  }

  /** The live position, with the last move; opts: {animate (the move came from elsewhere),
   *  keepInput}. The board's data-ply says which position it shows. */
  showLive(g, opts = {}) {
    const n = g.moves.length;
    const last = n ? g.moves[n - 1].move : null;
    this.seq++;
    this.view.svg.dataset.ply = String(n);
    if (!this.squares) {
      this.view.setPosition(g.position.units, g.position.legal, { lastMove: last, keepInput: opts.keepInput });
      return;
    }
    const columns = columnsOf(g.position.units);
    if (opts.animate && last && this.positions[n - 1]) {
      const before = this.positions[n - 1];
      this.view.setPosition(g.position.board, g.position.legal, { lastMove: last, columns, animate: { move: last, before: before.board, beforeColumns: before.columns } });
    } else {
      this.view.setPosition(g.position.board, g.position.legal, { lastMove: last, columns, keepInput: opts.keepInput });
    }
  }

  /** The position after ply moves (0: the start), for review. */
  async showPly(g, ply) {
    const last = ply > 0 ? g.moves[ply - 1].move : null;
    const seq = ++this.seq;
    if (this.squares) {
      const p = this.positions[ply];
      this.view.setPosition(p.board, [], { lastMove: last, columns: p.columns });
      this.view.svg.dataset.ply = String(ply);
      return;
    }
    const pos = await this.positionAt(g, ply);
    if (pos && seq === this.seq) {
      this.shown = { ply, units: pos.units };
      this.view.setPosition(pos.units, [], { lastMove: last });
      this.view.svg.dataset.ply = String(ply);
    }
  }

  /** An other game's position after ply moves (read once). */
  async positionAt(g, ply) {
    const key = `${ply} ${ply > 0 ? g.moves[ply - 1].fen : g.start_fen}`;
    if (!this.cache.has(key)) {
      const ask = api.gamePosition(g.id, ply).catch((e) => {
        this.cache.delete(key);
        throw e;
      });
      this.cache.set(key, ask);
    }
    try {
      return await this.cache.get(key);
    } catch {
      return null;
    }
  }

  /** The pieces of colour on the board after ply moves (the live position when ply is null). */
  count(g, colour, ply) {
    if (this.squares) {
      const board = ply === null ? g.position.board : this.positions[ply].board;
      let n = 0;
      for (const ch of board) if (colorOf(ch) === colour) n++;
      return n;
    }
    const units = ply !== null && this.shown && this.shown.ply === ply ? this.shown.units : g.position.units;
    return (units || []).filter((u) => u && u.owner === colour).length;
  }

  /** The columns after ply moves: per square the pieces under the top (column games). */
  columnsAt(ply) {
    const p = this.positions[ply];
    return p ? p.columns : null;
  }

  setInteractive(on) {
    this.view.setInteractive(on);
  }

  setFlipped(on) {
    this.view.setFlipped(on);
  }

  setNumbers(on) {
    this.view.setNumbers(on);
  }

  setLabel(text) {
    this.view.setLabel(text);
  }
}
