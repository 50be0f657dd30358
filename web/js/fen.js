// fen.js - reading and writing PDN FEN strings for display and the set-up editor.
//
// The server is the judge of a position (it validates every FEN the page sends through
// /api/position); this reader only turns the FENs the server returns (and the editor's own)
// into the board string the board draws, on the board of the game (squares.js: 32 squares, 64
// for Turkish, 50 on 10x10 ...). It accepts both notations, "W:Wa1,Kc3:Bb6" and "W:W21-32:B1-12", with
// optional kings and ranges, two-move's ":M2" (the second move of a turn) and other trailing
// fields (":H0", Frisian's king runs ":RWa1=3"), and the columns of the column games: a square's
// top piece followed by the pieces under it in parentheses, from the top down ("Wc3(bB)": a
// white man above a black man above a black king; docs/variants.md "Columns in FEN").

import { RUSSIAN, fileRank } from './squares.js';

export const START_BOARD = 'bbbbbbbbbbbb........wwwwwwwwwwww';
export const START_FEN = 'W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8';

function squareIndex(token, geo) {
  if (/^\d+$/.test(token)) {
    const name = geo.nameOfNumber(Number(token));
    return name ? geo.indexOf(name) : -1;
  }
  return geo.indexOf(token);
}

/**
 * Parse a FEN into {side: 'white'|'black', board: string, second: bool} on the board of geo
 * (the Russian board by default). Throws an Error whose message says what is wrong.
 */
export function parseFen(text, geo = RUSSIAN) {
  let fen = String(text || '').trim();
  if (fen.startsWith('"') && fen.endsWith('"')) fen = fen.slice(1, -1);
  fen = fen.replace(/\.$/, '');
  const parts = fen.split(':');
  const turn = parts[0].toUpperCase();
  if (turn !== 'W' && turn !== 'B') throw new Error('FEN must start with W or B (the side to move)');
  const board = Array(geo.count).fill('.');
  let second = false;
  const runs = []; // Frisian's king runs (RWa1=3), written back as they were read
  const columns = Array(geo.count).fill(''); // the pieces under each square's top, top down
  for (const part of parts.slice(1)) {
    if (!part) continue;
    const colour = part[0].toUpperCase();
    if (/^M2$/i.test(part)) {
      second = true;
      continue;
    }
    if (/^R[WB]\w+=\d$/i.test(part)) {
      runs.push(part);
      continue;
    }
    if (colour !== 'W' && colour !== 'B') {
      if (/^[A-Za-z]\w*$/.test(part)) continue; // another field (H0, F1): skipped
      throw new Error(`FEN: expected W or B before "${part}"`);
    }
    const items = part.slice(1).split(',').map((s) => s.trim()).filter(Boolean);
    for (let item of items) {
      let king = false;
      // "K" marks a king, a lower-case "k" too, except where it names a square of a board with
      // a file k (12x12: "k9" is a man on k9, "Kk9" a king there), as the server reads it
      if (item[0] === 'K' || (item[0] === 'k' && !(geo.size >= 11 && geo.indexOf(item) >= 0))) {
        king = true;
        item = item.slice(1);
      }
      let under = '';
      const column = /^(.+)\(([wWbB]*)\)$/.exec(item);
      if (column) {
        item = column[1];
        under = column[2];
      }
      const range = item.split('-');
      let list;
      if (range.length === 2 && /^\d+$/.test(range[0]) && /^\d+$/.test(range[1])) {
        list = [];
        for (let n = Number(range[0]); n <= Number(range[1]); n++) list.push(String(n));
      } else {
        list = [item];
      }
      for (const sq of list) {
        const i = squareIndex(sq, geo);
        if (i < 0) throw new Error(`FEN: "${sq}" is not a playing square`);
        const ch = colour === 'W' ? 'w' : 'b';
        board[i] = king ? ch.toUpperCase() : ch;
        columns[i] = under;
      }
    }
  }
  const pos = { side: turn === 'W' ? 'white' : 'black', board: board.join(''), second };
  if (runs.length) pos.runs = runs;
  if (columns.some(Boolean)) pos.columns = columns;
  return pos;
}

/** Write {side, board, second, runs, columns} as an algebraic FEN ("W:Wa1,Kc3:Bb6",
 *  "W:Wc3(bB)") on the board of geo. */
export function writeFen({ side, board, second, runs, columns }, geo = RUSSIAN) {
  const white = [];
  const black = [];
  const names = [];
  for (let i = 0; i < geo.count; i++) {
    const under = columns && columns[i] ? `(${columns[i]})` : '';
    names.push([fileRank(geo.nameOf(i)), geo.nameOf(i) + under, board[i]]);
  }
  // by file, then by rank as a number (a2 before a10)
  names.sort((x, y) => x[0][0] - y[0][0] || x[0][1] - y[0][1]);
  for (const [, name, ch] of names) {
    if (ch === 'w') white.push(name);
    else if (ch === 'W') white.push('K' + name);
    else if (ch === 'b') black.push(name);
    else if (ch === 'B') black.push('K' + name);
  }
  const extra = (second ? ':M2' : '') + (runs || []).map((r) => ':' + r).join('');
  return `${side === 'black' ? 'B' : 'W'}:W${white.join(',')}:B${black.join(',')}${extra}`;
}
