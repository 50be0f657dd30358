// offline_games.js - the games played in the browser against its engine (browser_game.js), kept
// in localStorage until the server takes them: each {id, variant, fen, moves: [notation],
// human: 'white' | 'black', level, name, resigned, result, reason, pdn, created, stored}.
// When the server answers again the page offers to store the finished ones there, through
// the archive's PDN import (POST /api/import), and marks them stored.

const KEY = 'shashki.offlineGames';

export function offlineGames() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || '[]');
  } catch {
    return [];
  }
}

function save(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    /* storage full or off: the game lives as long as the page */
  }
}

export function offlineGame(id) {
  return offlineGames().find((g) => g.id === id) || null;
}

/** Keep a game (a new one, or the same id updated). */
export function keepOfflineGame(game) {
  const list = offlineGames().filter((g) => g.id !== game.id);
  list.push(game);
  save(list);
}

/** The finished games the server has not taken yet. */
export function unstoredGames() {
  return offlineGames().filter((g) => g.result && !g.stored && g.pdn);
}

/** Store the finished games on the server (one PDN import each); returns how many it took.
 *  importPdn: api.importPdn. */
export async function storeOfflineGames(importPdn) {
  let stored = 0;
  for (const g of unstoredGames()) {
    const r = await importPdn(g.pdn, g.variant);
    if (r && r.imported && r.imported.length) {
      keepOfflineGame({ ...g, stored: true, serverId: r.imported[0] });
      stored++;
    }
  }
  return stored;
}
