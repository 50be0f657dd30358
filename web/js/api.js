// api.js - the server's JSON API (docs/web-api.md), one function per endpoint.
//
// Every failure becomes an ApiError carrying the server's message, and its field, line and
// column when the server gave them, so forms can point at the wrong input. A network failure
// (the server is gone) is an ApiError with status 0, and connection.js hears of it (the page's
// banner), as it hears of every answer; a stream that breaks has it ask the server at once.
// The rules of a position and the analysis may come from the browser's engine instead
// (wasm_engine.js; `either`).

import { checkServer, serverAnswered, serverGone } from './connection.js';
import { wasmEngine } from './wasm_engine.js';

export class ApiError extends Error {
  constructor(status, message, extra = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = extra.field ?? null;
    this.line = extra.line ?? null;
    this.column = extra.column ?? null;
    this.needs = extra.needs ?? null; // the right a 401/403 says is missing
  }
}

async function request(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    serverGone();
    throw new ApiError(0, 'offline');
  }
  serverAnswered();
  const text = await res.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      if (!res.ok) throw new ApiError(res.status, text.slice(0, 300));
      return text;
    }
  }
  if (!res.ok) {
    const err = (data && data.error) || {};
    throw new ApiError(res.status, err.message || `HTTP ${res.status}`, err);
  }
  return data;
}

async function requestText(path) {
  let res;
  try {
    res = await fetch(path);
  } catch {
    serverGone();
    throw new ApiError(0, 'offline');
  }
  serverAnswered();
  const text = await res.text();
  if (!res.ok) throw errorOf(res.status, text);
  return text;
}

// The error of an answer that is not ok: the server's message, else its status.
function errorOf(status, text) {
  let message = `HTTP ${status}`;
  try {
    message = JSON.parse(text).error.message || message;
  } catch {
    /* keep the status */
  }
  return new ApiError(status, message);
}

// A POST whose answer is text (PDN), not JSON.
async function requestPost(path, body) {
  const data = await request('POST', path, body);
  return typeof data === 'string' ? data : JSON.stringify(data);
}

function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  }
  const s = q.toString();
  return s ? '?' + s : '';
}

export const api = {
  health: () => request('GET', '/api/health'),
  variants: () => request('GET', '/api/variants'),
  openings: (table) => request('GET', '/api/openings' + query({ table })),
  explorer: (fen, variant) => request('GET', '/api/explorer' + query({ fen, variant })),
  /** In the browser's engine (wasm_engine.js) when the setting says so, or the server is gone. */
  position: (fen, moves, variant) =>
    either(
      () => wasmEngine.position(fen, moves, variant),
      () => request('POST', '/api/position', { variant: variant || null, fen: fen ?? null, moves: moves ?? [] }),
    ),
  /** A line as PDN text (the game's GameType, its FEN, the moves). */
  linePdn: (variant, fen, moves, numeric) => requestPost('/api/pdn', { variant: variant || null, fen: fen ?? null, moves: moves ?? [], numeric: !!numeric }),

  createGame: (options) => request('POST', '/api/games', options),
  games: (params = {}) => request('GET', '/api/games' + query(params)),
  game: (id) => request('GET', `/api/games/${id}`),
  /** The Position of a game after ply moves (any game: its units; `legal` for the current one). */
  gamePosition: (id, ply) => request('GET', `/api/games/${id}/position` + query({ ply })),
  move: (id, move, ply, offerDraw) => request('POST', `/api/games/${id}/moves`, offerDraw ? { move, ply, offer_draw: true } : { move, ply }),
  claim: (id, move) => request('POST', `/api/games/${id}/claim`, move ? { move } : {}),
  undo: (id) => request('POST', `/api/games/${id}/undo`, {}),
  draw: (id, action, color) => request('POST', `/api/games/${id}/draw`, { action, color }),
  resign: (id, color) => request('POST', `/api/games/${id}/resign`, color ? { color } : {}),
  deleteGame: (id) => request('DELETE', `/api/games/${id}`),
  gamePdn: (id) => requestText(`/api/games/${id}/pdn`),
  pdnUrl: (id) => `/api/games/${id}/pdn`,
  result: (id, result, note) => request('POST', `/api/games/${id}/result`, { result, note: note || null }),
  /** A finished game's review (docs/web-api.md "Reviews"): asked for, read. */
  askReview: (id) => request('POST', `/api/games/${id}/review`, {}),
  review: (id) => request('GET', `/api/games/${id}/review`),
  freeSeat: (id, color) => request('DELETE', `/api/games/${id}/seats/${color}`),
  join: (code) => request('POST', '/api/join', { code }),
  club: () => request('GET', '/api/club'),
  login: (password) => request('POST', '/api/session', { password }),
  logout: () => request('DELETE', '/api/session'),
  /** Players' accounts (docs/web-api.md "Accounts and ratings"): not the arbiter's session. */
  account: () => request('GET', '/api/account'),
  signUp: (name, password) => request('POST', '/api/accounts', { name, password }),
  accountLogin: (name, password) => request('POST', '/api/account/session', { name, password }),
  accountLogout: () => request('DELETE', '/api/account/session'),
  accountPassword: (current, password) => request('POST', '/api/account/password', { current, password }),
  player: (name) => request('GET', `/api/players/${encodeURIComponent(name)}`),
  /** The lobby (docs/web-api.md "The lobby"): challenges, an account's games in progress. */
  challenges: () => request('GET', '/api/challenges'),
  challenge: (id) => request('GET', `/api/challenges/${id}`),
  offerChallenge: (body) => request('POST', '/api/challenges', body),
  acceptChallenge: (id) => request('POST', `/api/challenges/${id}/accept`, {}),
  /** Its challenger cancels it, the player it names declines it. */
  dropChallenge: (id) => request('DELETE', `/api/challenges/${id}`),
  accountGames: () => request('GET', '/api/account/games'),
  setPassword: (password, current) => request('POST', '/api/session/password', current ? { password, current } : { password }),
  qrUrl: (text) => '/api/qr' + query({ text }),
  importPdn: (pdn, variant) => request('POST', '/api/import', variant ? { pdn, variant } : { pdn }),
  exportUrl: () => '/api/export',
  exportAll: () => requestText('/api/export'),

  events: () => request('GET', '/api/events'),
  event: (id) => request('GET', `/api/events/${id}`),
  createEvent: (settings) => request('POST', '/api/events', settings),
  deleteEvent: (id) => request('DELETE', `/api/events/${id}`),
  eventSettings: (id, settings) => request('POST', `/api/events/${id}/settings`, settings),
  addPlayer: (id, player) => request('POST', `/api/events/${id}/players`, player),
  withdrawPlayer: (id, player) => request('DELETE', `/api/events/${id}/players/${player}`),
  pairNext: (id) => request('POST', `/api/events/${id}/rounds`, {}),
  unpairLast: (id) => request('DELETE', `/api/events/${id}/rounds`),
  eventResult: (id, r) => request('POST', `/api/events/${id}/results`, r),
  startEventGame: (id, r) => request('POST', `/api/events/${id}/games`, r),
  /** A correspondence event (days per move): every round paired and every game begun at once. */
  beginCorrespondence: (id) => request('POST', `/api/events/${id}/correspondence`, {}),
  eventLog: (id) => request('GET', `/api/events/${id}/log`),
  standings: (id, stage) => request('GET', `/api/events/${id}/standings` + query({ stage })),
  eventExportUrl: (id, what) => `/api/events/${id}/export/${what}`,

  contests: () => request('GET', '/api/contests'),
  contest: (id) => request('GET', `/api/contests/${id}`),
  createContest: (settings) => request('POST', '/api/contests', settings),
  deleteContest: (id) => request('DELETE', `/api/contests/${id}`),
  contestSettings: (id, settings) => request('POST', `/api/contests/${id}/settings`, settings),
  addContestProblem: (id, problem) => request('POST', `/api/contests/${id}/problems`, problem),
  addContestEntry: (id, entry) => request('POST', `/api/contests/${id}/entries`, entry),
  contestMark: (id, mark) => request('POST', `/api/contests/${id}/marks`, mark),
  joinContest: (id, code, name) => request('POST', `/api/contests/${id}/join`, { code, name }),
  contestSheet: (id) => request('GET', `/api/contests/${id}/me`),
  /** A solver's answer: {move} or {text}; the sheet after it. */
  contestAnswer: (id, problem, answer) => request('POST', `/api/contests/${id}/problems/${problem}/answer`, answer),
  /** Follow the contests: onChange() each time one changes. Returns stop(). */
  contestEvents(id, onChange) {
    const source = new EventSource(`/api/contests/${id}/events`);
    source.addEventListener('contest', () => onChange());
    return () => source.close();
  },

  /** The puzzles: the server's (it keeps the player's rating), the browser's built-in set when
   * the server does not answer (nothing counted then). */
  puzzles: (params = {}) => serverFirst(() => wasmEngine.puzzles(params), () => request('GET', '/api/puzzles' + query(params))),
  puzzle: (id) => serverFirst(() => wasmEngine.puzzle(id), () => request('GET', `/api/puzzles/${encodeURIComponent(id)}`)),
  puzzleMove: (id, step, move) =>
    serverFirst(() => wasmEngine.puzzleMove(id, step, move), () => request('POST', `/api/puzzles/${encodeURIComponent(id)}/moves`, { step, move })),
  puzzleHint: (id, step) => serverFirst(() => wasmEngine.puzzleHint(id, step), () => request('POST', `/api/puzzles/${encodeURIComponent(id)}/hint`, { step })),
  puzzleSolution: (id) => serverFirst(() => wasmEngine.puzzleSolution(id), () => request('POST', `/api/puzzles/${encodeURIComponent(id)}/solution`, {})),
  /** The solver's verdict on a position: {fen, variant, goal, moves, seconds, sound}. */
  solve: (options) => request('POST', '/api/solve', options),

  /** Follow an event: onEvent(event) for each `event` event (the whole Event). Returns stop(). */
  eventEvents(id, onEvent, onError) {
    const source = new EventSource(`/api/events/${id}/events`);
    source.addEventListener('event', (ev) => {
      try {
        onEvent(JSON.parse(ev.data));
      } catch (e) {
        console.error('bad event event', e);
      }
    });
    source.onerror = () => {
      checkServer();
      if (onError) onError(source);
    };
    return () => source.close();
  },

  /**
   * Follow a game's changes. onState(game) runs for each `state` event. Returns a function
   * that stops following. When the stream breaks, onError runs (the caller may poll).
   */
  gameEvents(id, onState, onError) {
    const source = new EventSource(`/api/games/${id}/events`);
    source.addEventListener('state', (ev) => {
      try {
        onState(JSON.parse(ev.data));
      } catch (e) {
        console.error('bad state event', e);
      }
    });
    source.onerror = () => {
      checkServer();
      if (onError) onError(source);
    };
    return () => source.close();
  },

  /** Follow the endgame databases' build: onState(egdb) for each `egdb` event. Returns stop(). */
  egdbEvents(onState) {
    const source = new EventSource('/api/egdb/events');
    source.addEventListener('egdb', (ev) => {
      try {
        onState(JSON.parse(ev.data));
      } catch (e) {
        console.error('bad egdb event', e);
      }
    });
    return () => source.close();
  },

  /** Follow a game's review: onReview(review) for each `review` event. Returns stop(). */
  reviewEvents(id, onReview, onError) {
    const source = new EventSource(`/api/games/${id}/review/events`);
    source.addEventListener('review', (ev) => {
      try {
        onReview(JSON.parse(ev.data));
      } catch (e) {
        console.error('bad review event', e);
      }
    });
    source.onerror = () => {
      checkServer();
      if (onError) onError(source);
    };
    return () => source.close();
  },

  /**
   * Analyse a position: in the browser's engine when the setting says so (and it loads), else
   * on the server, and in the browser when the server does not answer. handlers.info(data) for
   * each `info` event (with `engine`: "browser" or "server"), handlers.done(data) at the end,
   * handlers.error(ApiError) when the stream cannot start or breaks. Returns stop().
   */
  analyse(fen, options, handlers) {
    let stop = null;
    let stopped = false;
    const inBrowser = () => {
      if (!stopped) stop = wasmEngine.analyse(fen, options, { ...handlers, error: (e) => handlers.error && handlers.error(new ApiError(e.status || 0, e.message)) });
    };
    const onServer = () => {
      stop = serverAnalyse(fen, options, {
        ...handlers,
        info: (data) => handlers.info({ ...data, engine: 'server' }),
        error: async (err) => {
          if (err.status === 0 && !stopped && (await wasmEngine.available())) inBrowser();
          else if (handlers.error) handlers.error(err);
        },
      });
    };
    (async () => {
      if (wasmEngine.preferred() && (await wasmEngine.available())) inBrowser();
      else if (!stopped) onServer();
    })();
    return () => {
      stopped = true;
      stop && stop();
    };
  },
};

// The browser's engine or the server: the browser's first when the setting says so and it
// loads; the server's otherwise, and the browser's again when the server does not answer.
async function either(browser, server) {
  if (wasmEngine.preferred() && (await wasmEngine.available())) return inBrowser(browser);
  return serverFirst(browser, server);
}

async function inBrowser(browser) {
  try {
    return await browser();
  } catch (e) {
    throw new ApiError(e.status || 0, e.message, e);
  }
}

// The server's answer, or the browser's when the server does not answer.
async function serverFirst(browser, server) {
  try {
    return await server();
  } catch (e) {
    if (e.status === 0 && (await wasmEngine.available())) return inBrowser(browser);
    throw e;
  }
}

function serverAnalyse(fen, options, handlers) {
  const url = '/api/analyse' + query({ variant: options.variant, fen, multipv: options.multipv, depth: options.depth, time: options.time });
  const source = new EventSource(url);
  let finished = false;
  source.addEventListener('info', (ev) => {
    try {
      handlers.info(JSON.parse(ev.data));
    } catch (e) {
      console.error('bad info event', e);
    }
  });
  source.addEventListener('done', (ev) => {
    finished = true;
    source.close();
    let data = null;
    try {
      data = JSON.parse(ev.data);
    } catch {
      /* done without data */
    }
    handlers.done && handlers.done(data);
  });
  source.onerror = async () => {
    if (finished) return;
    source.close();
    finished = true;
    // EventSource hides the status: ask once more to learn why.
    let error = new ApiError(0, 'offline');
    try {
      const res = await fetch(url, { headers: { Accept: 'application/json' } });
      const text = await res.text();
      if (!res.ok) {
        error = errorOf(res.status, text);
      } else {
        error = new ApiError(0, 'the analysis stream broke');
      }
    } catch {
      /* offline */
    }
    handlers.error && handlers.error(error);
  };
  return () => {
    finished = true;
    source.close();
  };
}
