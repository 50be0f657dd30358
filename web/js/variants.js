// variants.js - the games the page plays (GET /api/variants): each game's facts (its board,
// who moves first, how it starts), its names in English and Russian, and its board geometry.
//
// The list is loaded once before the first view is drawn (main.js); until then, and if the
// server cannot say, the page knows Russian checkers only.

import { api } from './api.js';
import { START_BOARD, START_FEN } from './fen.js';
import { getLang, t, tIn } from './i18n.js';
import { geometry } from './squares.js';

const RUSSIAN = {
  name: 'russian',
  title: 'Russian checkers',
  board: 'diagonal',
  size: 8,
  squares: 32,
  first: 'white',
  start_fen: START_FEN,
  start_board: START_BOARD,
  pdn_game_type: 25,
  pdn_variant: null,
  ballots: true,
  start_drawn: false,
  moves_per_turn: 1,
  flying_kings: true,
  promotion_continues: true,
  goal: 'normal',
};

let list = [RUSSIAN];

/** Ask the server for its games (once; a failure keeps Russian only). */
export async function loadVariants() {
  try {
    const r = await api.variants();
    if (r && Array.isArray(r.variants) && r.variants.length) list = r.variants;
  } catch {
    /* Russian only */
  }
  return list;
}

/** Every game, in the server's order. */
export function variants() {
  return list;
}

/** The facts of a game by its name; Russian's for an unknown or missing name. */
export function variantInfo(name) {
  return list.find((v) => v.name === name) || list.find((v) => v.name === 'russian') || RUSSIAN;
}

/** The board geometry of a game (squares.js). */
export function geometryOf(name) {
  const info = variantInfo(name);
  return geometry(info.board, info.size || 8);
}

/** A game's name in the page's language. */
export function variantName(name) {
  const info = variantInfo(name);
  const key = 'variant.' + info.name;
  const text = t(key);
  return text === key ? info.title : text;
}

/** A game's name in both languages, the page's first ("Giveaway · Поддавки"). */
export function variantLabel(name) {
  const info = variantInfo(name);
  const key = 'variant.' + info.name;
  const other = tIn(getLang() === 'ru' ? 'en' : 'ru', key);
  const mine = variantName(name);
  return other && other !== key && other !== mine ? `${mine} · ${other}` : mine;
}

/** What sets the game apart, in a sentence. */
export function variantAbout(name) {
  const key = 'variant.about.' + variantInfo(name).name;
  const text = t(key);
  return text === key ? '' : text;
}
