// variants.js - the games the page plays (GET /api/variants): each game's facts (its family,
// players, board, who moves first, how it starts, its settings), its names in English and
// Russian, and its board geometry.
//
// Every game is played in the game view; the analysis board, its editor, the explorer and the
// puzzles take the draughts games only (the `draughts` family: the server's analysis endpoints
// refuse the column games and the other games), which analysisVariants() lists.
//
// The list is loaded once before the first view is drawn (main.js); until then, and if the
// server cannot say, the page knows Russian checkers only.

import { api } from './api.js';
import { h } from './dom.js';
import { START_BOARD, START_FEN } from './fen.js';
import { getLang, playerName, t, tIn } from './i18n.js';
import { geometry } from './squares.js';

/** The families in the order the page lists them. */
export const FAMILIES = ['draughts', 'columns', 'other'];

const RUSSIAN = {
  name: 'russian',
  title: 'Russian checkers',
  title_ru: 'Русские шашки',
  family: 'draughts',
  players: 2,
  colours: ['white', 'black'],
  settings: [],
  engine: true,
  draws: true,
  claims: true,
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

/** A game's family: 'draughts', 'columns' or 'other'. */
export function familyOf(name) {
  return variantInfo(name).family || 'draughts';
}

/** The games of the analysis board, its editor, the explorer and the puzzles: the draughts games. */
export function analysisVariants() {
  return list.filter((v) => (v.family || 'draughts') === 'draughts');
}

/** A draughts game's facts by its name; Russian's for any other name. */
export function analysisInfo(name) {
  const info = variantInfo(name);
  return (info.family || 'draughts') === 'draughts' ? info : variantInfo('russian');
}

/** The players' colours of a game, in its order ('white', 'black', 'red', 'green'). */
export function coloursOf(name) {
  const info = variantInfo(name);
  return info.colours && info.colours.length ? info.colours : ['white', 'black'];
}

/** The colour a player's pieces are drawn in (#rrggbb), for swatches. */
export function swatchColour(name, colour) {
  const info = variantInfo(name);
  const i = coloursOf(name).indexOf(colour);
  const fallback = { white: '#f4efe4', black: '#2b2623', red: '#c0392b', green: '#2e8b57' };
  return (info.player_colours && info.player_colours[i]) || fallback[colour] || '#888';
}

/** A family's name in the page's language. */
export function familyName(family) {
  return t('family.' + family);
}

/**
 * The options of a select of games, grouped by family (an optgroup each), each game named in
 * both languages; `games` the games to offer (every game by default), `selected` the chosen one.
 */
export function variantOptions(selected, games = list, label = variantLabel) {
  return FAMILIES.map((family) => {
    const members = games.filter((v) => (v.family || 'draughts') === family);
    if (!members.length) return null;
    return h('optgroup', { label: familyName(family), dataset: { family } }, members.map((v) => h('option', { value: v.name, selected: v.name === selected }, label(v.name))));
  }).filter(Boolean);
}

/** The board geometry of a game (squares.js). */
export function geometryOf(name) {
  const info = variantInfo(name);
  return geometry(info.board, info.size || 8, info.rows || info.size || 8);
}

// A game's name in a language: the page's own words where it has them, else the server's title.
function nameIn(language, name) {
  const info = variantInfo(name);
  const key = 'variant.' + info.name;
  const text = tIn(language, key);
  if (text !== key) return text;
  return (language === 'ru' && info.title_ru) || info.title;
}

/** A game's name in the page's language. */
export function variantName(name) {
  return nameIn(getLang(), name);
}

/** A game's name in both languages, the page's first ("Giveaway · Поддавки"). */
export function variantLabel(name) {
  const mine = variantName(name);
  const other = nameIn(getLang() === 'ru' ? 'en' : 'ru', name);
  return other && other !== mine ? `${mine} · ${other}` : mine;
}

/** What sets the game apart, in a sentence. */
export function variantAbout(name) {
  const key = 'variant.about.' + variantInfo(name).name;
  const text = t(key);
  return text === key ? '' : text;
}

/** A dot in a player's colour: white and black as the pieces, another colour its swatch. */
export function colourDot(variant, colour) {
  const own = colour === 'white' || colour === 'black';
  return h('span.dot', { class: colour, style: own ? null : `background:${swatchColour(variant, colour)}` });
}

/** The players of a game (a Game or a GameSummary) as [{colour, name}], in the game's order. */
export function playersOf(g) {
  const list = g.players && g.players.length ? g.players : coloursOf(g.variant).map((colour) => ({ colour, name: g[colour] }));
  return list.map((p) => ({ colour: p.colour, name: playerName(p.name ?? g[p.colour], p.colour) }));
}

/** The players of a game as the lists show them: a dot in each one's colour and the name. */
export function playerChips(g) {
  return playersOf(g).map((p) => h('span.pl', { dataset: { color: p.colour } }, colourDot(g.variant, p.colour), h('span.pname', p.name)));
}
