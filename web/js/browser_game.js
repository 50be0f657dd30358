// browser_game.js - a game against the engine played in this browser, answering as the server
// answers a game (docs/web-api.md "Games"), so that the game view (game.js, game_panel.js,
// game_board.js, clock.js, movelist.js) plays it as it plays the server's: `browserGames` has
// the methods of `api` the view calls (game, gameEvents, move, draw, claim, resign, undo,
// pdnUrl), each answering a Game.
//
// What the server's game does, done here (server/live_engine.c, web_play.c):
// - the rules, the arbiter's verdicts (no move, no pieces, the draw counts, a third repetition:
//   automatic, as in games against programs) and the PDN from the WebAssembly library
//   (wasm/api.c shw_game);
// - the clock of the time control chosen (read by the library, shw_clock): the mover's time
//   charged at each move, the increment (or a delay) after it, a period's time added when its
//   moves are made; a flag falls when the page's count reaches zero or at the next move;
// - the engine's move time from its level and its clock, shared out by the engine's own time
//   manager as on the server (1 s a move without a clock, 2 s at level 10);
// - a draw offered to the engine (with a move, or while it thinks) is answered by its search:
//   accepted when it does not expect to win, else declined by its move;
// - take-back to the person's last turn (not past a ballot's moves), resignation;
// - a ballot's opening (the Russian match openings) played as the game's first moves.
// The games are kept in localStorage (offline_games.js), the clocks with the time they were
// true, so a reload finds the game and its clocks as the server would; finished, they are
// offered to the server's archive (offline.js) like the games played offline.

import { keepOfflineGame, offlineGame } from './offline_games.js';
import { analysisInfo, variantName } from './variants.js';
import { wasmEngine } from './wasm_engine.js';

const ENGINE_NAME = (level) => `Shashki (level ${level})`; // the server's (live.c)

function otherColour(c) {
  return c === 'white' ? 'black' : 'white';
}

// The opening's moves as the ballot lists them ("1. c3-d4 b6-a5 2. d4-c5"), one a move.
export function openingMoves(text) {
  return String(text || '')
    .split(/\s+/)
    .filter((w) => w && !/^\d+\.+$/.test(w));
}

/** A new game in the browser: {variant, level, color, name, fen, time, opening: {code, moves}}.
 *  Resolves with its id (the time control checked by the library first: its error as a 400's). */
export async function createBrowserGame(o) {
  const info = analysisInfo(o.variant || 'russian');
  const control = o.time ? await wasmEngine.clock(o.time) : null;
  if (control && control.days) {
    const e = new Error('correspondence games are played on the server');
    e.status = 400;
    e.field = 'time';
    throw e;
  }
  const human = o.color === 'black' ? 'black' : 'white';
  // a ballot: its moves played from the start (or its set-up, for a ballot of a position)
  const opening = o.opening && (o.opening.moves || o.opening.fen) ? o.opening : null;
  const moves = opening ? openingMoves(opening.moves) : [];
  const start = o.fen || (opening && !moves.length && opening.fen) || info.start_fen;
  // the moves are checked by the library (an error is the server's 400 "moves")
  await wasmEngine.position(start, moves, info.name);
  const now = Date.now();
  const game = {
    id: `b${now.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`,
    browser: true, // a game of the game view (not the old offline board)
    variant: info.name,
    fen: start,
    moves,
    opening: opening ? opening.code : null,
    openingPlies: moves.length,
    human,
    level: Math.min(10, Math.max(1, Number(o.level) || 3)),
    name: o.name || '',
    time: control ? control.time : '',
    control,
    clock: null,
    end: '',
    draw_offer: null,
    result: null,
    reason: null,
    reason_code: null,
    pdn: null,
    version: 1,
    created: new Date(now).toISOString(),
    updated: new Date(now).toISOString(),
    stored: false,
  };
  if (control) {
    const first = control.periods[0].ms;
    game.clock = { white: first, black: first, period: { white: 0, black: 0 }, moves: { white: 0, black: 0 }, running: null, at: now };
    game.clocks = []; // the clocks before each move the person may take back
  }
  keepOfflineGame(game);
  return game.id;
}

class BrowserGames {
  constructor() {
    this.listeners = new Map(); // id -> Set of onState
    this.thinking = new Map(); // id -> the ply the engine searches at
    this.last = new Map(); // id -> the last Game answered (its Position, for the next)
    this.played = new Map(); // id -> the played Moves (from the library), by ply
  }

  // ---- the kept game ----

  record(id) {
    const g = offlineGame(id);
    if (!g || !g.browser) {
      const e = new Error('no such game in this browser');
      e.status = 404;
      throw e;
    }
    return g;
  }

  save(g) {
    g.version++;
    g.updated = new Date().toISOString();
    keepOfflineGame(g);
  }

  names(g) {
    const you = g.name || (g.human === 'white' ? 'White' : 'Black');
    const engine = ENGINE_NAME(g.level);
    return g.human === 'white' ? { white: you, black: engine } : { white: engine, black: you };
  }

  /** The mover's time left now (ms), the clock not charged. */
  left(g, colour, now = Date.now()) {
    const c = g.clock;
    if (!c) return Infinity;
    return c[colour] - (c.running === colour ? now - c.at : 0);
  }

  /** Charge the mover's clock for a move made now: the time spent, the increment or delay,
   *  the next period's time once the period's moves are made. Returns false when its flag had
   *  fallen (the move is then not played: the game is lost on time). */
  charge(g, colour, now) {
    const c = g.clock;
    if (!c || c.running !== colour) return true;
    const spent = now - c.at;
    c[colour] -= spent;
    if (c[colour] <= 0) {
      c[colour] = 0;
      c.at = now;
      return false;
    }
    const k = g.control;
    if (k.delay_ms) c[colour] += Math.min(spent, k.delay_ms);
    c[colour] += k.increment_ms;
    c.moves[colour]++;
    const period = k.periods[c.period[colour]];
    if (period && period.moves && c.moves[colour] >= period.moves && c.period[colour] + 1 < k.periods.length) {
      c.period[colour]++;
      c.moves[colour] = 0;
      c[colour] += k.periods[c.period[colour]].ms;
    }
    return true;
  }

  /** The running flag fallen by now: the game ends ("White lost on time"). */
  flagFell(g, now = Date.now()) {
    const c = g.clock;
    if (!c || !c.running || g.result || this.left(g, c.running, now) > 0) return false;
    c[c.running] = 0;
    g.end = `time ${c.running}`;
    c.running = null;
    c.at = now;
    return true;
  }

  // ---- the Game ----

  /** The Game as the server writes it, from the library's verdict of the kept game. */
  async state(g) {
    if (this.flagFell(g)) this.save(g);
    const names = this.names(g);
    const v = await wasmEngine.game(g.variant, g.fen, g.moves, g.end, { ...names, time: g.time, event: 'Shashki (browser)' });
    let played = this.played.get(g.id);
    if (!played || played.length !== g.moves.length || played.some((m, i) => m.notation !== g.moves[i])) {
      played = g.moves.length ? (await wasmEngine.position(g.fen, g.moves, g.variant)).played : [];
      this.played.set(g.id, played);
    }
    const over = !!v.result;
    if (over !== !!g.result || g.pdn !== v.pdn) {
      g.result = v.result;
      g.reason = v.reason;
      g.reason_code = v.reason_code;
      g.pdn = v.pdn;
      if (over && g.clock && g.clock.running) {
        g.clock[g.clock.running] = Math.max(0, this.left(g, g.clock.running));
        g.clock.running = null;
        g.clock.at = Date.now();
      }
      if (over) g.draw_offer = null;
      this.save(g);
    }
    const pos = v.position;
    const engine = otherColour(g.human);
    // the mover's clock runs from the game's start, as on the server
    if (g.clock && !over && !g.clock.running) {
      g.clock.running = pos.side;
      g.clock.at = Date.now();
      this.save(g);
    }
    const seconds = (c) => (g.clock ? Math.round(Math.max(0, this.left(g, c))) / 1000 : null);
    const fens = [];
    // each move's FEN: the positions after them, read once
    const after = await this.fens(g);
    for (let i = 0; i < played.length; i++) {
      fens.push({ ply: i + 1, move: { ...played[i], kind: played[i].captured && played[i].captured.length ? 'capture' : 'step' }, fen: after[i], opening: i < (g.openingPlies || 0) });
    }
    if (!over && pos.side === engine && !this.thinking.has(g.id)) this.think(g);
    const thinking = !over && pos.side === engine && this.thinking.get(g.id) === g.moves.length;
    const game = {
      id: g.id,
      browser: true,
      variant: g.variant,
      title: variantName(g.variant),
      family: 'draughts',
      settings: '',
      players_count: 2,
      players: ['white', 'black'].map((c) => ({
        colour: c,
        title: c === 'white' ? 'White' : 'Black',
        name: names[c],
        seat: c === engine ? 'engine' : 'taken',
        level: c === engine ? g.level : null,
        clock: seconds(c),
        out: false,
        points: null,
        account: null,
      })),
      opponent: 'engine',
      level: g.level,
      engine_color: engine,
      time: g.time,
      start_fen: g.fen,
      opening: g.opening,
      position: { ...pos, variant: g.variant, text: pos.fen, ply: g.moves.length, legal: over || pos.side !== g.human ? [] : pos.legal },
      moves: fens,
      clock: g.clock ? { white: seconds('white'), black: seconds('black'), running: over ? null : g.clock.running } : null,
      status: over ? 'finished' : 'playing',
      result: v.result || '*',
      white: names.white,
      black: names.black,
      reason: v.reason,
      reason_code: v.reason_code,
      winner: v.result === '1-0' ? 'white' : v.result === '0-1' ? 'black' : null,
      draw_offer: over ? null : g.draw_offer,
      thinking,
      may_claim: false,
      claim_reason: null,
      draws: true,
      claims: false,
      engine: true,
      version: g.version,
      seats: { [g.human]: 'taken', [engine]: 'engine' },
      note: null,
      created: g.created,
      updated: g.updated,
      you: [g.human],
      codes: {},
      event: null,
      review: null,
      rated: false,
      speed: null,
      pdn: v.pdn,
    };
    this.last.set(g.id, game);
    return game;
  }

  /** The FEN after each move (the library's positions), kept per game. */
  async fens(g) {
    const key = `${g.variant} ${g.fen} ${g.moves.map((m) => `${m} `).join('')}`;
    this.fenCache = this.fenCache || new Map();
    const kept = this.fenCache.get(g.id);
    if (kept && kept.key === key) return kept.fens;
    if (kept && kept.key.startsWith(key)) return kept.fens.slice(0, g.moves.length);
    const fens = kept && key.startsWith(kept.key) ? kept.fens.slice() : [];
    for (let i = fens.length; i < g.moves.length; i++) fens.push((await wasmEngine.position(g.fen, g.moves.slice(0, i + 1), g.variant)).fen);
    this.fenCache.set(g.id, { key, fens });
    return fens;
  }

  async publish(id) {
    const set = this.listeners.get(id);
    if (!set || !set.size) return;
    const game = await this.state(this.record(id));
    for (const fn of set) fn(game);
  }

  // ---- the engine ----

  /** The engine's move, searched in the browser's worker: played if the game is still where
   *  the search began, answering a draw offered to it first (live_engine.c engine_answer). */
  async think(g) {
    const ply = g.moves.length;
    this.thinking.set(g.id, ply);
    const engine = otherColour(g.human);
    let clock = null;
    if (g.clock) {
      const k = g.control;
      const period = k.periods[g.clock.period[engine]];
      clock = {
        left: Math.max(0, this.left(g, engine)),
        increment: k.increment_ms + k.delay_ms,
        movesToGo: period && period.moves ? period.moves - g.clock.moves[engine] : 0,
      };
    }
    let r = null;
    try {
      const seed = [...g.id].reduce((a, ch) => (a * 31 + ch.charCodeAt(0)) >>> 0, 7) * 1000003 + ply;
      r = await wasmEngine.move(g.variant, g.fen, g.moves, g.level, seed % 0x7fffffff, g.level >= 10 ? 2000 : 1000, clock);
    } catch (e) {
      r = null;
    }
    if (this.thinking.get(g.id) !== ply) return; // taken back, resigned: another search or none
    this.thinking.delete(g.id);
    const now = offlineGame(g.id);
    if (!now || now.result || now.end || now.moves.length !== ply || !r || !r.best) {
      this.publish(g.id);
      return;
    }
    const at = Date.now();
    if (now.draw_offer === now.human && r.score <= 0) {
      now.end = 'draw';
      if (now.clock) this.charge(now, engine, at);
    } else if (!now.clock || this.charge(now, engine, at)) {
      now.moves.push(r.best.notation);
      now.draw_offer = null; // declined by the move
      if (now.clock) {
        now.clock.running = now.human;
        now.clock.at = at;
      }
    } else {
      now.end = `time ${engine}`;
      now.clock.running = null;
    }
    this.save(now);
    this.publish(g.id);
  }

  stopThinking(id) {
    if (this.thinking.has(id)) {
      this.thinking.delete(id);
      wasmEngine.stop();
    }
  }

  // ---- the API the game view calls (api.js's names) ----

  async game(id) {
    return this.state(this.record(id));
  }

  gameEvents(id, onState) {
    if (!this.listeners.has(id)) this.listeners.set(id, new Set());
    this.listeners.get(id).add(onState);
    return () => this.listeners.get(id).delete(onState);
  }

  async move(id, move, ply, offerDraw) {
    const g = this.record(id);
    const conflict = (message) => {
      const e = new Error(message);
      e.status = 409;
      return e;
    };
    if (g.result || g.end) throw conflict('the game is over');
    if (ply !== g.moves.length) throw conflict('the game has moved on');
    const pos = this.last.get(id) ? this.last.get(id).position : null;
    if (pos && pos.side !== g.human) throw conflict('it is not your move');
    const at = Date.now();
    if (g.clock && !this.charge(g, g.human, at)) {
      g.end = `time ${g.human}`;
      g.clock.running = null;
      this.save(g);
      return this.state(g);
    }
    if (g.clock) g.clocks.push({ ...g.clock, period: { ...g.clock.period }, moves: { ...g.clock.moves }, ply: g.moves.length });
    g.moves.push(move);
    if (offerDraw) g.draw_offer = g.human;
    else if (g.draw_offer && g.draw_offer !== g.human) g.draw_offer = null;
    if (g.clock) {
      g.clock.running = otherColour(g.human);
      g.clock.at = at;
    }
    this.save(g);
    try {
      const game = await this.state(g);
      this.publish(id);
      return game;
    } catch (e) {
      // an illegal move: not kept (the server's 400)
      g.moves.pop();
      this.save(g);
      throw e;
    }
  }

  async draw(id, action, color) {
    const g = this.record(id);
    if (action === 'offer' && !g.result && !g.end && color === g.human) {
      g.draw_offer = g.human;
      this.save(g);
    }
    return this.state(g);
  }

  async claim(id) {
    return this.state(this.record(id));
  }

  async resign(id, color) {
    const g = this.record(id);
    if (!g.result && !g.end) {
      this.stopThinking(id);
      g.end = color || g.human;
      if (g.clock && g.clock.running) {
        g.clock[g.clock.running] = Math.max(0, this.left(g, g.clock.running));
        g.clock.running = null;
        g.clock.at = Date.now();
      }
      this.save(g);
    }
    const game = await this.state(g);
    this.publish(id);
    return game;
  }

  /** Back to the person's last turn, past the engine's reply (web_play.c on_undo); the clocks
   *  as they were then. */
  async undo(id) {
    const g = this.record(id);
    const floor = g.openingPlies || 0;
    if (g.result || g.end || g.moves.length <= floor) {
      const e = new Error('there is no move to take back');
      e.status = 409;
      throw e;
    }
    this.stopThinking(id);
    const pos = await wasmEngine.position(g.fen, g.moves, g.variant);
    // the person's last move: one ply back when the engine is to move, two when the person is
    let target = g.moves.length - (pos.side === g.human ? 2 : 1);
    if (target < floor) target = pos.side === g.human ? g.moves.length : floor;
    if (target === g.moves.length) {
      const e = new Error('there is no move to take back');
      e.status = 409;
      throw e;
    }
    g.moves = g.moves.slice(0, target);
    g.draw_offer = null;
    if (g.clock) {
      while (g.clocks.length && g.clocks[g.clocks.length - 1].ply > target) g.clocks.pop();
      const before = g.clocks.length && g.clocks[g.clocks.length - 1].ply === target ? g.clocks.pop() : null;
      if (before) {
        const { ply, ...clock } = before;
        g.clock = clock;
      }
      g.clock.running = g.human;
      g.clock.at = Date.now();
    }
    this.save(g);
    const game = await this.state(g);
    this.publish(id);
    return game;
  }

  /** The game's PDN as a download (the library's record of it). */
  pdnUrl(id) {
    const game = this.last.get(id);
    const pdn = (game && game.pdn) || (offlineGame(id) || {}).pdn || '';
    return `data:application/x-chess-pdn;charset=utf-8,${encodeURIComponent(pdn)}`;
  }
}

export const browserGames = new BrowserGames();
