// game.js - the play view (#/play/ID): a game against the engine or between two people.
//
// The server owns the game. The page sends the person's move, offers and resignations, and
// follows the game's server-sent events (falling back to polling when they break), redrawing
// from each Game it receives. Positions for review are rebuilt here from the start position and
// the moves, so a click on any move shows the board as it was.
//
// Who this page is in the game comes from the server: `you` lists the seats this device holds
// (their tokens are HttpOnly cookies), `codes` the open seats' codes when it may see them. A
// device moves only its own side; one holding no seat watches. Events carry neither (they
// are the same for every watcher), so the last ones the server gave this page are kept.
//
// The game may be any the server plays (Game.variant): the board is drawn for that game, and
// the positions for review are read from the FEN the server gives after each move.

import { api } from './api.js';
import { Board, playLocally } from './board.js';
import { Clocks } from './clock.js';
import { seatsCard } from './club.js';
import { confirmDialog, errorText, h, icon, toast } from './dom.js';
import { parseFen, writeFen } from './fen.js';
import { colorName, playerName, reasonText, t } from './i18n.js';
import { MoveList, moveNumber } from './movelist.js';
import { newGameDialog } from './newgame.js';
import { pref } from './prefs.js';
import { session } from './session.js';
import { colorOf } from './squares.js';
import { geometryOf, variantInfo, variantName } from './variants.js';

const flips = new Map(); // game id -> the person turned the board

function other(color) {
  return color === 'white' ? 'black' : 'white';
}

// A reason worth a line of its own: not a bare "White wins" of a recorded game.
function reasonShown(g) {
  if (!g.reason && !g.reason_code) return false;
  if (g.reason_code === 'recorded') return false;
  return !/^((White|Black) wins|draw)$/.test(g.reason || '');
}

function countPieces(board, color) {
  let n = 0;
  for (const ch of board) if (colorOf(ch) === color) n++;
  return n;
}

export class GameView {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.game = null;
    this.viewing = null; // null: live; k: the position after ply k
    this.boards = [];
    this.sides = [];
    this.geo = geometryOf('russian');
    this.closed = false;
    this.stopFollow = null;
    this.poll = null;

    this.board = new Board({
      onMove: (move, path) => this.play(move, path),
      onMessage: (key) => toast(t(key)),
      label: t('nav.play'),
    });
    this.clocks = new Clocks(() => this.onFlag());
    this.moveList = new MoveList((ply) => this.review(ply), { autoplay: true });

    this.els = {
      top: h('div.player.top'),
      bottom: h('div.player.bottom'),
      status: h('div.status-card#game-status', { role: 'status', 'aria-live': 'polite' }),
      seats: h('div.seats-slot'),
      actions: h('div.actions'),
      moves: h('div.card.moves-card', h('h2.card-title', t('game.moves')), this.moveList.el),
    };
    this.layout = h(
      'div.play',
      h('div.play-board', this.board.el),
      h('div.play-side', this.els.top, this.els.status, this.els.seats, this.els.moves, this.els.actions, this.els.bottom),
    );
    root.replaceChildren(h('div.loading', t('game.loading')));
    this.keys = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keys);
    this.load();
  }

  async load() {
    try {
      const game = await api.game(this.id);
      if (this.closed) return;
      this.root.replaceChildren(this.layout);
      this.applyGame(game);
      this.follow();
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
    this.stopFollow = api.gameEvents(
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

  startPolling() {
    if (this.poll || this.closed) return;
    this.poll = setInterval(async () => {
      if (!this.game) return;
      try {
        this.applyGame(await api.game(this.id));
      } catch {
        /* try again at the next tick */
      }
    }, 1500);
  }

  destroy() {
    this.closed = true;
    this.stopFollow && this.stopFollow();
    clearInterval(this.poll);
    this.clocks.stop();
    this.moveList.destroy();
    document.removeEventListener('keydown', this.keys);
  }

  /** The seats this device holds: [], ['white'], ['black'] or both. */
  get you() {
    return (this.game && this.game.you) || [];
  }

  /** The one side this device plays (against the engine, or on its own device), or null. */
  get personColor() {
    const g = this.game;
    if (!g) return null;
    if (g.opponent === 'engine') return other(g.engine_color);
    return this.you.length === 1 ? this.you[0] : null;
  }

  /** This device holds every human seat: one person, or two at one board. */
  get holdsAll() {
    const g = this.game;
    if (!g || !g.seats) return false;
    return ['white', 'black'].every((c) => g.seats[c] === 'engine' || this.you.includes(c));
  }

  get flipped() {
    if (flips.has(this.id)) return flips.get(this.id);
    return this.personColor === 'black';
  }

  canMove() {
    const g = this.game;
    if (!g || g.status !== 'playing' || this.viewing !== null || g.thinking || g.position.over) return false;
    return this.you.includes(g.position.side);
  }

  rebuildBoards() {
    const g = this.game;
    const geo = this.geo;
    const start = parseFen(g.start_fen || g.position.fen, geo);
    this.startSide = start.side;
    this.boards = [start.board];
    this.sides = [start.side];
    for (const m of g.moves) {
      let p = null;
      try {
        p = parseFen(m.fen, geo);
      } catch {
        /* played here instead */
      }
      const last = this.sides[this.sides.length - 1];
      this.boards.push(p ? p.board : playLocally(this.boards[this.boards.length - 1], m.move, geo));
      this.sides.push(p ? p.side : other(last));
    }
  }

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
    const pending = this.board.pending;
    if (prev && g.you === undefined) g.you = prev.you;
    if (prev && g.event === undefined) g.event = prev.event; // the event's link comes with a GET
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
      JSON.stringify([prev.seats, prev.you, prev.codes]) === JSON.stringify([g.seats, g.you, g.codes]) &&
      prev.position.fen === g.position.fen;

    this.clocks.update(g.clock, g.status === 'playing');
    if (same) return;
    if (!prev || prev.variant !== g.variant) {
      this.geo = geometryOf(g.variant);
      this.board.setVariant(variantInfo(g.variant));
    }
    this.rebuildBoards();
    this.board.setFlipped(this.flipped);
    this.board.setNumbers(pref('notation') === 'numeric');

    if (!prev) {
      if (g.status !== 'playing' && nm > 0) this.viewing = null;
      this.showLive();
    } else {
      if (nm !== pm) this.viewing = null;
      if (this.viewing === null) {
        const last = nm > 0 ? g.moves[nm - 1].move : null;
        // the person's own last move is on the board already; anything newer is animated
        const mine = nm === pm + 1 && (own || (pending && last && last.notation === pending.notation));
        if (last && nm > pm && !mine) {
          // animate the last move from the position before it
          const before = this.boards[nm - 1];
          this.board.setPosition(g.position.board, g.position.legal, { lastMove: last, animate: { move: last, before } });
        } else {
          this.board.setPosition(g.position.board, g.position.legal, { lastMove: last, keepInput: nm === pm });
        }
      }
    }
    this.board.setInteractive(this.canMove());
    this.renderPanel();
    // a game that ends while it is watched stays followed: the arbiter may still correct it
    if (g.status !== 'playing') {
      clearInterval(this.poll);
      this.poll = null;
    }
  }

  showLive() {
    const g = this.game;
    const last = g.moves.length ? g.moves[g.moves.length - 1].move : null;
    this.board.setPosition(g.position.board, g.position.legal, { lastMove: last });
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
      this.board.setPosition(this.boards[ply], [], { lastMove: ply > 0 ? g.moves[ply - 1].move : null });
    }
    this.board.setInteractive(this.canMove());
    this.renderPanel();
  }

  sideAt(ply) {
    return this.sides[ply] || this.startSide;
  }

  currentFen() {
    const g = this.game;
    if (this.viewing === null) return g.position.fen;
    if (this.viewing === 0) return g.start_fen;
    return g.moves[this.viewing - 1].fen || writeFen({ side: this.sideAt(this.viewing), board: this.boards[this.viewing] }, this.geo);
  }

  // ---- actions ----

  async play(move) {
    const g = this.game;
    const offer = this.offerArmed;
    this.offerArmed = false;
    try {
      const next = await api.move(this.id, move.notation, g.moves.length, offer);
      this.applyGame(next, { own: true });
    } catch (e) {
      if (e.status === 409) {
        toast(t('game.stale'));
        try {
          this.applyGame(await api.game(this.id), { force: true });
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
    if (g.opponent === 'engine' && g.position.side === this.personColor && !g.thinking) {
      // the person's turn: the offer goes with the next move
      this.offerArmed = !this.offerArmed;
      this.renderPanel();
      return;
    }
    // the side that offers is the one that has just moved (1.9.3)
    const color = this.personColor || other(g.position.side);
    this.act(() => api.draw(this.id, 'offer', color));
  }

  claimDraw() {
    this.act(() => api.claim(this.id));
  }

  answerDraw(action) {
    const g = this.game;
    this.act(() => api.draw(this.id, action, other(g.draw_offer)));
  }

  async resign() {
    const g = this.game;
    const color = this.personColor || g.position.side;
    const ok = await confirmDialog(t('game.confirmResign', { side: colorName(color) }), t('game.confirmYes'), t('game.confirmNo'), true);
    if (ok) this.act(() => api.resign(this.id, color));
  }

  undo() {
    this.act(() => api.undo(this.id), { force: true });
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

  /** The arbiter's result: a win, a draw, with a note; for a game going on or a correction. */
  setResult() {
    const g = this.game;
    const select = h(
      'select#result-select',
      { name: 'result' },
      ['1-0', '0-1', '1/2-1/2'].map((r) => h('option', { value: r, selected: r === g.result }, `${r === '1/2-1/2' ? '½–½' : r}  ${t('game.result.' + r)}`)),
    );
    const note = h('input#result-note', { type: 'text', name: 'note', maxlength: '120', placeholder: t('arbiter.notePlaceholder'), value: g.note || '' });
    const error = h('p.form-error', { role: 'alert', hidden: true });
    const form = h('form', { novalidate: true });
    const dialog = h('dialog.modal', { 'aria-labelledby': 'result-title' }, form);
    const close = () => {
      dialog.close();
      dialog.remove();
    };
    form.append(
      h('header.dialog-head', h('h2#result-title', icon('shield'), t('arbiter.setResult'))),
      h('div.dialog-body', h('p.muted', g.status === 'playing' ? t('arbiter.endsGame') : t('arbiter.corrects')), h('label.field', h('span.label', t('arbiter.result')), select), h('label.field', h('span.label', t('arbiter.note')), note), error),
      h('footer.dialog-actions', h('button.btn', { type: 'button', onclick: close }, t('new.cancel')), h('button.btn.primary', { type: 'submit', dataset: { action: 'result-submit' } }, t('arbiter.setResult'))),
    );
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      try {
        this.applyGame(await api.result(this.id, select.value, note.value.trim()));
        close();
      } catch (err) {
        error.textContent = errorText(err);
        error.hidden = false;
      }
    });
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      close();
    });
    document.body.append(dialog);
    dialog.showModal();
    select.focus();
  }

  flip() {
    flips.set(this.id, !this.flipped);
    this.board.setFlipped(this.flipped);
    this.renderPanel();
  }

  async newGame(same) {
    const g = this.game;
    const initial = same && g
      ? { opponent: g.opponent, level: g.level || 3, color: g.opponent === 'engine' ? this.personColor : 'white', time: g.time || '', variant: g.variant || 'russian' }
      : {};
    const game = await newGameDialog(initial);
    if (game) location.hash = `#/play/${game.id}`;
  }

  async onFlag() {
    for (let i = 0; i < 4 && !this.closed; i++) {
      try {
        const g = await api.game(this.id);
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

  // ---- drawing the panel ----

  renderPanel() {
    const g = this.game;
    const bottomColor = this.flipped ? 'black' : 'white';
    this.renderPlayer(this.els.bottom, bottomColor);
    this.renderPlayer(this.els.top, other(bottomColor));
    this.renderStatus();
    this.renderActions();
    this.els.seats.replaceChildren(...[seatsCard(g, (code) => this.takeSeat(code))].filter(Boolean));
    const ply = this.viewing === null ? g.moves.length : this.viewing;
    this.moveList.set(
      g.moves.map((m) => m.move),
      this.startSide,
      ply,
    );
    this.layout.dataset.status = g.status;
    this.layout.dataset.ply = String(ply);
    this.board.setLabel(`${t('nav.play')}: ${t('side.toMove.' + g.position.side)}`);
  }

  renderPlayer(el, color) {
    const g = this.game;
    const isEngine = g.opponent === 'engine' && g.engine_color === color;
    const name = playerName(g[color], color);
    const sub = [];
    if (isEngine && g.level && !(g[color] || '').includes(String(g.level))) sub.push(t('game.level', { n: g.level }));
    if (!isEngine && this.you.includes(color) && !this.holdsAll) sub.push(t('game.you'));
    else if (g.opponent === 'engine' && !isEngine) sub.push(t('game.you'));
    if (g.seats && g.seats[color] === 'open' && g.status === 'playing') sub.push(t('seats.open'));
    const board = this.viewing === null ? g.position.board : this.boards[this.viewing];
    const toMove = g.status === 'playing' && this.viewing === null && g.position.side === color;
    el.dataset.color = color;
    el.classList.toggle('to-move', toMove);
    el.classList.toggle('thinking', isEngine && g.thinking);
    const parts = [
      h('span.avatar', { class: color }, icon(isEngine ? 'cpu' : 'user')),
      h('div.who', h('div.name', name), name !== colorName(color) || sub.length ? h('div.sub', sub.join(' · ') || colorName(color)) : null),
      h('span.count', { title: colorName(color) }, h('span.dot', { class: color }), String(countPieces(board, color))),
      isEngine && g.thinking ? h('span.thinking-dots', { 'aria-label': t('game.engineThinking') }, h('i'), h('i'), h('i')) : null,
      this.clocks.els[color],
    ];
    el.replaceChildren(...parts.filter(Boolean));
  }

  renderStatus() {
    const g = this.game;
    const el = this.els.status;
    el.className = 'status-card';
    el.dataset.result = g.result;
    el.dataset.drawOffer = g.draw_offer || '';
    const parts = [];
    if (g.event) {
      parts.push(h('a.event-link', { href: `#/events/${g.event.id}`, dataset: { event: String(g.event.id) } }, icon('users'), t('events.ofEvent', { name: g.event.name, round: g.event.round, board: g.event.board })));
    }
    if (g.status !== 'playing') {
      el.classList.add('over');
      const outcome = g.result === '1/2-1/2' ? 'draw' : g.result === '1-0' ? 'white' : g.result === '0-1' ? 'black' : 'none';
      el.dataset.outcome = outcome;
      let personal = null;
      if (g.opponent === 'engine' && outcome !== 'none') {
        personal = outcome === 'draw' ? 'game.youDrew' : outcome === this.personColor ? 'game.youWon' : 'game.youLost';
      }
      parts.push(
        h('div.result-line', h('span.result-score', g.result === '1/2-1/2' ? '½–½' : g.result.replace('-', '–')), h('strong.result-text', t('game.result.' + g.result))),
        personal ? h('div.personal', { class: personal.slice(5) }, t(personal)) : null,
        reasonShown(g) ? h('div.reason', reasonText(g.reason, g.reason_code, g.result)) : null,
        g.note ? h('div.note', icon('shield'), t('arbiter.noteShown', { note: g.note })) : null,
      );
    } else if (g.draw_offer) {
      const mine = !this.holdsAll && g.draw_offer === this.personColor;
      if (mine || g.opponent === 'engine' && g.draw_offer === this.personColor) {
        parts.push(h('div.status-line', icon('handshake'), t('game.drawOfferedByYou')));
      } else if (!this.you.includes(other(g.draw_offer))) {
        parts.push(h('div.status-line', icon('handshake'), t('game.drawOffered', { side: colorName(g.draw_offer) })));
      } else {
        el.classList.add('attention');
        parts.push(
          h('div.status-line', icon('handshake'), t('game.drawOffered', { side: colorName(g.draw_offer) })),
          h(
            'div.inline-actions',
            h('button.btn.primary', { type: 'button', dataset: { action: 'accept-draw' }, onclick: () => this.answerDraw('accept') }, t('game.accept')),
            h('button.btn', { type: 'button', dataset: { action: 'decline-draw' }, onclick: () => this.answerDraw('decline') }, t('game.decline')),
          ),
        );
      }
    } else if (g.thinking) {
      parts.push(h('div.status-line', h('span.spinner'), t('game.engineThinking')));
    } else if (this.offerArmed) {
      el.classList.add('your-move');
      parts.push(h('div.status-line', icon('handshake'), t('game.offerWithMove')));
    } else if (g.position.side === this.personColor && this.you.includes(g.position.side)) {
      el.classList.add('your-move');
      parts.push(h('div.status-line', h('span.dot', { class: g.position.side }), t('game.yourMove'), g.position.second_move ? h('span.second', ` · ${t('game.secondMove')}`) : null));
    } else {
      parts.push(h('div.status-line', h('span.dot', { class: g.position.side }), t('side.toMove.' + g.position.side), g.position.second_move ? h('span.second', ` · ${t('game.secondMove')}`) : null));
    }
    if (g.status === 'playing' && g.position.capture && this.viewing === null && !g.thinking) {
      parts.push(h('div.hint', t('game.capture')));
    }
    if (this.viewing !== null) {
      parts.push(
        h(
          'div.reviewing',
          h('span', this.viewing === 0 ? t('game.first') : t('game.reviewing', { n: moveNumber(g.moves.map((m) => m.move), this.startSide, this.viewing) })),
          g.status === 'playing' ? h('button.btn.small', { type: 'button', onclick: () => this.review(g.moves.length) }, t('game.backToGame')) : null,
        ),
      );
    }
    if (!this.you.length && g.status === 'playing') parts.push(h('div.watching', icon('eye'), t('game.watching')));
    const meta = [];
    meta.push(variantName(g.variant));
    meta.push(g.time ? g.time : t('game.noClock'));
    if (g.opening) meta.push(t('game.opening', { code: g.opening }));
    else if (variantInfo(g.variant).start_drawn && g.start_fen !== variantInfo(g.variant).start_fen) meta.push(t('game.drawnSetup'));
    parts.push(h('div.meta', meta.join(' · ')));
    el.replaceChildren(...parts.filter(Boolean));
  }

  renderActions() {
    const g = this.game;
    const playing = g.status === 'playing';
    const button = (action, key, iconName, fn, opts = {}) =>
      h(
        `button.btn${opts.primary ? '.primary' : ''}${opts.danger ? '.danger-ghost' : ''}`,
        { type: 'button', dataset: { action }, onclick: fn, disabled: opts.disabled, title: t(key) },
        icon(iconName),
        h('span', t(key)),
      );
    const list = [];
    const you = this.you;
    const seated = you.length > 0;
    if (playing && seated) {
      // a person offers right after moving; against the engine also before, with the next move
      const mover = this.personColor;
      const justMoved = this.holdsAll ? g.moves.length > 0 : mover !== null && g.position.side !== mover && g.moves.length > 0;
      const canOffer = !g.draw_offer && (g.opponent === 'engine' || (justMoved && this.viewing === null));
      const offer = button('offer-draw', this.offerArmed ? 'game.offerArmed' : 'game.offerDraw', 'handshake', () => this.offerDraw(), { disabled: !canOffer && !this.offerArmed });
      if (this.offerArmed) offer.setAttribute('aria-pressed', 'true');
      list.push(offer);
      if (g.may_claim && you.includes(g.position.side)) {
        list.push(button('claim-draw', g.claim_reason === 'forty-moves' ? 'game.claimForty' : 'game.claimDraw', 'handshake', () => this.claimDraw(), { primary: true }));
      }
      if (this.holdsAll || session.arbiter) list.push(button('undo', 'game.undo', 'undo', () => this.undo(), { disabled: g.moves.length === 0 || g.thinking }));
      list.push(button('resign', 'game.resign', 'flag', () => this.resign(), { danger: true }));
    } else if (!playing && this.holdsAll) {
      list.push(button('rematch', 'game.rematch', 'plus', () => this.newGame(true), { primary: true }));
    }
    list.push(button('flip', 'game.flip', 'flip', () => this.flip()));
    // no engine lines for a game between two devices while it goes on: they would help a player
    if (!playing || this.holdsAll) {
      list.push(
        h(
          'a.btn',
          { href: `#/analysis?variant=${encodeURIComponent(g.variant || 'russian')}&fen=${encodeURIComponent(this.currentFen())}`, dataset: { action: 'analyse' }, title: t('game.analyse') },
          icon('chart'),
          h('span', t('game.analyse')),
        ),
      );
    }
    list.push(
      h('a.btn', { href: api.pdnUrl(this.id), download: `shashki-${this.id}.pdn`, dataset: { action: 'pdn' }, title: t('game.pdn') }, icon('download'), h('span', t('game.pdn'))),
    );
    if (playing && this.holdsAll) list.push(button('new-game', 'game.newGame', 'plus', () => this.newGame(false)));
    if (session.arbiter) {
      const tools = [button('set-result', 'arbiter.setResult', 'shield', () => this.setResult())];
      if (playing && g.opponent !== 'engine' && !this.holdsAll) {
        for (const c of ['white', 'black']) {
          if (g.seats && g.seats[c] === 'taken') {
            tools.push(h('button.btn', { type: 'button', dataset: { action: 'free-seat', color: c }, onclick: () => this.freeSeat(c) }, icon('users'), h('span', t('seats.free', { side: colorName(c) }))));
          }
        }
      }
      tools.push(button('delete-game', 'archive.delete', 'trash', () => this.deleteGame(), { danger: true }));
      list.push(h('div.arbiter-tools', { role: 'group', 'aria-label': t('arbiter.title') }, h('span.label', icon('shield'), t('arbiter.title')), ...tools));
    }
    this.els.actions.replaceChildren(...list);
  }
}
