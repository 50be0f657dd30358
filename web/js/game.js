// game.js - the game view (#/play/ID): one view for every game the server plays, a draughts
// game, a column game or one of the other games of a checkers set, of two, three or four
// players, against the engine, at one board or across devices.
//
// The server owns the game. The page sends the person's move, offers, claims and
// resignations, and follows the game's server-sent events (falling back to polling when they
// break), redrawing from each Game it receives. The board (game_board.js) is the draughts board
// or the cells' board, as the game's family says; the panel (game_panel.js) shows the players,
// the status, the moves and the actions; the arbiter's result is game_arbiter.js's dialog; a
// finished game's review (the engine's chart and marks) is review.js's card.
//
// Who this page is in the game comes from the server: `you` lists the seats this device holds
// (their tokens are HttpOnly cookies), `codes` the open seats' codes when it may see them. A
// device moves only its own players; one holding no seat watches. Events carry neither (they
// are the same for every watcher), so the last ones the server gave this page are kept; so are
// whether the game is rated and the players' accounts, read again when a seat is taken.

import { api } from './api.js';
import { Clocks } from './clock.js';
import { onReconnect } from './connection.js';
import { confirmDialog, errorText, h, toast } from './dom.js';
import { writeFen } from './fen.js';
import { resultDialog } from './game_arbiter.js';
import { GameBoard } from './game_board.js';
import { columnExtra, renderPanel } from './game_panel.js';
import { colorName, t } from './i18n.js';
import './i18n_games.js';
import { MoveList } from './movelist.js';
import { newGameDialog } from './newgame.js';
import { moveText, pref } from './prefs.js';
import { ReviewPanel } from './review.js';
import { coloursOf, familyOf, variantName } from './variants.js';

const flips = new Map(); // game id -> the person turned the board

export class GameView {
  /** params: the address's query; `review` asks for the game's review when it is over.
   *  source: who plays the game: the server (`api`) or this browser (browser_game.js's
   *  `browserGames`, which answers the same calls with the same Games). */
  constructor(root, id, params = new URLSearchParams(), source = api) {
    this.root = root;
    this.id = id;
    this.source = source;
    this.game = null;
    this.viewing = null; // null: live; k: the position after ply k
    this.closed = false;
    this.stopFollow = null;
    this.poll = null;

    this.board = new GameBoard({
      onMove: (move) => this.play(move),
      onMessage: (key) => toast(t(key)),
      stopHint: t('game.stopHere'),
      label: t('nav.play'),
    });
    this.clocks = new Clocks(() => this.onFlag());
    this.moveList = new MoveList((ply) => this.review(ply), { autoplay: true });
    this.reviewPanel = new ReviewPanel(this);
    this.reviewPanel.autostart = params.has('review');

    this.els = {
      boardSlot: h('div.play-board'),
      top: h('div.player.top'),
      bottom: h('div.player.bottom'),
      players: h('div.card.players-card', { hidden: true }),
      status: h('div.status-card#game-status', { role: 'status', 'aria-live': 'polite' }),
      seats: h('div.seats-slot'),
      actions: h('div.actions'),
      moves: h('div.card.moves-card', h('h2.card-title', t('game.moves')), this.moveList.el),
    };
    this.layout = h(
      'div.play',
      this.els.boardSlot,
      this.reviewPanel.chartSlot,
      h('div.play-side', this.els.top, this.els.players, this.els.status, this.els.seats, this.reviewPanel.el, this.els.moves, this.els.actions, this.els.bottom),
    );
    root.replaceChildren(h('div.loading', t('game.loading')));
    this.keys = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keys);
    // the server back after a time without it: the game read again (its moves and the clocks as
    // the server keeps them) and its stream opened anew
    this.offReconnect = source === api ? onReconnect(() => this.reconnect()) : () => {};
    this.load();
  }

  async load() {
    try {
      const game = await this.source.game(this.id);
      if (this.closed) return;
      this.root.replaceChildren(this.layout);
      this.applyGame(game);
      this.follow();
      // the header names the game played here (its tagline says Russian checkers elsewhere)
      const sub = document.querySelector('.topbar .brand-sub');
      if (sub) sub.textContent = variantName(game.variant || 'russian');
    } catch (e) {
      if (this.closed) return;
      this.root.replaceChildren(
        h(
          'div.empty-state',
          h('p', e.status === 404 ? t('game.notFound') : t('common.error', { msg: errorText(e) })),
          h('a.btn.primary', { href: '#/' }, t('nav.play')),
        ),
      );
    }
  }

  follow() {
    if (!this.game || this.game.status !== 'playing' || this.stopFollow || this.poll) return;
    this.stopFollow = this.source.gameEvents(
      this.id,
      (g) => this.applyGame(g),
      (source) => {
        if (source.readyState === EventSource.CLOSED) {
          this.stopFollow && this.stopFollow();
          this.stopFollow = null;
          this.startPolling();
        }
      },
    );
  }

  reconnect() {
    if (this.closed) return;
    if (!this.game) {
      this.load();
      return;
    }
    this.stopFollow && this.stopFollow();
    this.stopFollow = null;
    clearInterval(this.poll);
    this.poll = null;
    api
      .game(this.id)
      .then((g) => {
        if (this.closed) return;
        this.applyGame(g, { force: true });
        this.follow();
      })
      .catch(() => this.startPolling());
  }

  startPolling() {
    if (this.poll || this.closed) return;
    this.poll = setInterval(async () => {
      if (!this.game) return;
      try {
        this.applyGame(await this.source.game(this.id));
      } catch {
        /* try again at the next tick */
      }
    }, 1500);
  }

  destroy() {
    this.closed = true;
    this.offReconnect();
    this.stopFollow && this.stopFollow();
    clearInterval(this.poll);
    this.clocks.stop();
    this.moveList.destroy();
    this.reviewPanel.destroy();
    document.removeEventListener('keydown', this.keys);
  }

  // ---- who is who ----

  /** The players' colours in the game's order. */
  get colours() {
    const g = this.game;
    return g && g.players && g.players.length ? g.players.map((p) => p.colour) : coloursOf(g ? g.variant : 'russian');
  }

  /** The seats this device holds: [], ['white'], ['black'], several or all. */
  get you() {
    return (this.game && this.game.you) || [];
  }

  /** The players who are people (not the engine). */
  get humans() {
    const g = this.game;
    return this.colours.filter((c) => !g.seats || g.seats[c] !== 'engine');
  }

  /** Whether the engine plays any of the game's players (from the seats: the Game's `opponent`
   *  says so only when it plays one of them). */
  get againstEngine() {
    const g = this.game;
    return !!g && (g.seats ? Object.values(g.seats).includes('engine') : g.opponent === 'engine');
  }

  /** The one player this device plays (against the engine, or on its own device), or null: a
   *  device that holds no seat watches, whoever plays. Only a Game that does not say which
   *  seats the device holds (no `you`) falls back to the one person against the engine. */
  get personColor() {
    const g = this.game;
    if (!g) return null;
    if (this.you.length === 1) return this.you[0];
    if (g.you === undefined && this.againstEngine && this.humans.length === 1) return this.humans[0];
    return null;
  }

  /** This device holds every human seat: one person, or people at one board. */
  get holdsAll() {
    const g = this.game;
    if (!g || !g.seats) return false;
    return this.colours.every((c) => g.seats[c] === 'engine' || this.you.includes(c));
  }

  get family() {
    return this.game ? familyOf(this.game.variant) : 'draughts';
  }

  /** The board seen from the person's side: in a game of two, the second player's from below. */
  get flipped() {
    if (flips.has(this.id)) return flips.get(this.id);
    return this.colours.length === 2 && this.personColor === this.colours[1];
  }

  canMove() {
    const g = this.game;
    if (!g || g.status !== 'playing' || this.viewing !== null || g.thinking || g.position.over) return false;
    return this.you.includes(g.position.side);
  }

  /** The player to move in a game of two: the other one. */
  otherOf(colour) {
    return this.colours.find((c) => c !== colour) || colour;
  }

  // ---- the game's state ----

  applyGame(g, { own = false, force = false } = {}) {
    if (this.closed) return;
    const prev = this.game;
    // Answers and events can cross: a move's answer may arrive after the event that already
    // carries the engine's reply. Never step back, except for an undo the person asked for.
    if (prev && !force) {
      if (typeof g.version === 'number' && typeof prev.version === 'number') {
        if (g.version < prev.version) return;
      } else if (g.moves.length < prev.moves.length || (prev.status !== 'playing' && g.status === 'playing')) {
        return;
      }
    }
    const pending = this.board.view ? this.board.pending : null;
    if (prev && g.you === undefined) g.you = prev.you;
    if (prev && g.event === undefined) g.event = prev.event; // the event's link comes with a GET
    // the players' accounts come with a GET and the answers, not with the events (which say
    // whether the game is rated): kept from before, and asked for when a seat is taken
    let accountsStale = false;
    if (prev && g.rated === undefined) {
      g.rated = prev.rated;
      g.speed = prev.speed;
    }
    if (prev && (g.players || []).some((p) => p.account === undefined)) {
      const before = new Map((prev.players || []).map((p) => [p.colour, p.account]));
      for (const p of g.players || []) if (p.account === undefined) p.account = before.get(p.colour) ?? null;
      accountsStale = !!prev.seats && !!g.seats && Object.keys(g.seats).some((c) => prev.seats[c] === 'open' && g.seats[c] === 'taken');
    }
    if (prev && g.codes === undefined && prev.codes) {
      g.codes = Object.fromEntries(Object.entries(prev.codes).filter(([c]) => g.seats && g.seats[c] === 'open'));
    }
    this.game = g;
    const nm = g.moves.length;
    const pm = prev ? prev.moves.length : nm;
    const same =
      prev &&
      (typeof g.version === 'number' ? g.version === prev.version : true) &&
      prev.may_claim === g.may_claim &&
      nm === pm &&
      prev.status === g.status &&
      prev.draw_offer === g.draw_offer &&
      prev.thinking === g.thinking &&
      prev.result === g.result &&
      prev.note === g.note &&
      JSON.stringify([prev.seats, prev.you, prev.codes, prev.rated, (prev.players || []).map((p) => p.account)]) ===
        JSON.stringify([g.seats, g.you, g.codes, g.rated, (g.players || []).map((p) => p.account)]) &&
      prev.position.fen === g.position.fen;

    if (accountsStale) this.refetch();
    this.clocks.setColours(this.colours);
    this.clocks.update(g.clock, g.status === 'playing');
    if (same) return;
    if (this.board.setGame(g)) {
      this.els.boardSlot.replaceChildren(this.board.el);
      this.els.boardSlot.dataset.family = this.family;
      this.moveList.configure({
        colours: this.colours,
        text: this.family === 'other' ? (m) => m.short || m.notation : moveText,
        extra: this.family === 'columns' ? (m, ply) => columnExtra(this, m, ply) : null,
      });
    }
    this.board.rebuild(g);
    this.board.setFlipped(this.flipped);
    this.board.setNumbers(pref('notation') === 'numeric');

    if (!prev) {
      this.showLive();
    } else {
      if (nm !== pm) this.viewing = null;
      if (this.viewing === null) {
        const last = nm > 0 ? g.moves[nm - 1].move : null;
        // the person's own last move is on the board already; anything newer is animated
        const mine = nm === pm + 1 && (own || (pending && last && last.notation === pending.notation));
        this.board.showLive(g, { animate: !!last && nm > pm && !mine, keepInput: nm === pm });
      }
    }
    this.board.setInteractive(this.canMove());
    this.render();
    this.reviewPanel.setGame(g);
    // a game that ends while it is watched stays followed: the arbiter may still correct it
    if (g.status !== 'playing') {
      clearInterval(this.poll);
      this.poll = null;
    }
  }

  /** The game read again (a GET: what the events leave out, the players' accounts). */
  async refetch() {
    try {
      const g = await this.source.game(this.id);
      if (!this.closed) this.applyGame(g);
    } catch {
      /* the next change tells */
    }
  }

  showLive() {
    this.board.showLive(this.game);
  }

  review(ply) {
    const g = this.game;
    if (!g) return;
    const n = g.moves.length;
    if (ply >= n) {
      this.viewing = null;
      this.showLive();
    } else {
      this.viewing = ply;
      this.board.showPly(g, ply);
    }
    this.board.setInteractive(this.canMove());
    this.render();
    this.reviewPanel.onPly();
  }

  /** The FEN of the position shown (the analysis board's link: draughts games). */
  currentFen() {
    const g = this.game;
    if (this.viewing === null) return g.position.fen;
    if (this.viewing === 0) return g.start_fen;
    const p = this.board.positions[this.viewing];
    return g.moves[this.viewing - 1].fen || writeFen({ side: p.side, board: p.board }, this.board.geo);
  }

  render() {
    renderPanel(this);
  }

  // ---- actions ----

  async play(move) {
    const g = this.game;
    const offer = this.offerArmed;
    this.offerArmed = false;
    try {
      const next = await this.source.move(this.id, move.notation, g.moves.length, offer);
      this.applyGame(next, { own: true });
    } catch (e) {
      if (e.status === 409) {
        toast(t('game.stale'));
        try {
          this.applyGame(await this.source.game(this.id), { force: true });
          return;
        } catch {
          /* fall through */
        }
      } else {
        toast(errorText(e), 'error');
      }
      this.showLive();
      this.board.setInteractive(this.canMove());
    }
  }

  async act(fn, options = {}) {
    try {
      this.applyGame(await fn(), options);
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  offerDraw() {
    const g = this.game;
    if (this.againstEngine && g.position.side === this.personColor && !g.thinking) {
      // the person's turn: the offer goes with the next move
      this.offerArmed = !this.offerArmed;
      this.render();
      return;
    }
    // the side that offers is the one that has just moved (1.9.3)
    const color = this.personColor || this.otherOf(g.position.side);
    this.act(() => this.source.draw(this.id, 'offer', color));
  }

  claimDraw() {
    this.act(() => this.source.claim(this.id));
  }

  answerDraw(action) {
    const g = this.game;
    this.act(() => this.source.draw(this.id, action, this.otherOf(g.draw_offer)));
  }

  /** A pass, where the game has one (the Move of kind `pass` among the legal moves). */
  pass() {
    const move = this.game.position.legal.find((m) => m.kind === 'pass');
    if (move) this.play(move);
  }

  async resign() {
    const g = this.game;
    const color = this.personColor || g.position.side;
    const ok = await confirmDialog(t('game.confirmResign', { side: colorName(color) }), t('game.confirmYes'), t('game.confirmNo'), true);
    if (ok) this.act(() => this.source.resign(this.id, color));
  }

  undo() {
    this.act(() => this.source.undo(this.id), { force: true });
  }

  async takeSeat(code) {
    try {
      this.applyGame(await api.join(code));
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  async freeSeat(color) {
    const ok = await confirmDialog(t('seats.confirmFree', { side: colorName(color) }), t('seats.free', { side: colorName(color) }), t('new.cancel'), true);
    if (ok) this.act(() => api.freeSeat(this.id, color));
  }

  async deleteGame() {
    const ok = await confirmDialog(t('game.confirmDelete', { id: this.id }), t('archive.delete'), t('new.cancel'), true);
    if (!ok) return;
    try {
      await api.deleteGame(this.id);
      toast(t('archive.deleted', { id: this.id }));
      location.hash = '#/archive';
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  /** The arbiter's result: for a game going on, or a correction. */
  setResult() {
    resultDialog(this.game, (result, note) => api.result(this.id, result, note), (g) => this.applyGame(g));
  }

  flip() {
    flips.set(this.id, !this.flipped);
    this.board.setFlipped(this.flipped);
    this.render();
  }

  async newGame(same) {
    const g = this.game;
    const initial = same && g ? { variant: g.variant || 'russian', time: g.time || '', settings: g.settings || '' } : {};
    if (same && g && this.colours.length === 2) Object.assign(initial, { opponent: g.opponent, level: g.level || 3, color: g.opponent === 'engine' ? this.personColor : 'white' });
    const game = await newGameDialog(initial);
    if (game) location.hash = `#/play/${game.id}`;
  }

  async onFlag() {
    for (let i = 0; i < 4 && !this.closed; i++) {
      try {
        const g = await this.source.game(this.id);
        this.applyGame(g);
        if (g.status !== 'playing' || !g.clock || g.clock[g.clock.running] > 0) return;
      } catch {
        /* ask again */
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }

  onKey(e) {
    if (e.defaultPrevented || e.target.closest('input, textarea, select, dialog')) return;
    if (!this.game) return;
    const n = this.game.moves.length;
    const at = this.viewing === null ? n : this.viewing;
    if (e.key === 'ArrowLeft') this.review(Math.max(0, at - 1));
    else if (e.key === 'ArrowRight') this.review(Math.min(n, at + 1));
    else if (e.key === 'Home') this.review(0);
    else if (e.key === 'End') this.review(n);
    else if (e.key === 'f' && !e.ctrlKey && !e.metaKey) this.flip();
    else return;
    e.preventDefault();
  }
}
