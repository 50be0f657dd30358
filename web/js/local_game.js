// local_game.js - #/local: a game against the engine in the browser (wasm_engine.js), played
// with the server gone (the new-game dialog opens one when the server does not answer) or by
// choice: #/local?variant=..&level=..&color=..&fen=.. starts one, #/local/ID goes on with a
// kept one. The rules and the arbiter's verdict (no move, the draw counts, a third repetition)
// come from the WebAssembly build of the library; the game is kept in the browser
// (offline_games.js) until the server takes it.

import { Board } from './board.js';
import { h, icon, toast } from './dom.js';
import { t } from './i18n.js';
import './i18n_wasm.js';
import { MoveList } from './movelist.js';
import { moveText, pref } from './prefs.js';
import { analysisInfo, variantName } from './variants.js';
import { wasmEngine } from './wasm_engine.js';
import { keepOfflineGame, offlineGame } from './offline_games.js';

export class LocalGameView {
  constructor(root, id, params) {
    this.root = root;
    this.closed = false;
    const kept = id ? offlineGame(id) : null;
    if (kept) {
      this.game = kept;
    } else {
      const info = analysisInfo(params.get('variant') || 'russian');
      const color = params.get('color') === 'black' ? 'black' : 'white';
      this.game = {
        id: `g${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`,
        variant: info.name,
        fen: params.get('fen') || info.start_fen,
        moves: [],
        human: color,
        level: Math.min(10, Math.max(1, Number(params.get('level')) || 3)),
        name: params.get('name') || pref('name') || '',
        resigned: '',
        result: null,
        reason: null,
        pdn: null,
        created: new Date().toISOString(),
        stored: false,
      };
      keepOfflineGame(this.game);
      history.replaceState(null, '', `#/local/${this.game.id}`);
    }
    this.played = []; // Move objects of the moves, for the list
    this.board = new Board({ onMove: (move) => this.humanMove(move), onMessage: (key) => toast(t(key)), label: t('local.title') });
    this.moveList = new MoveList(() => {}, { navigation: false });
    this.status = h('p.local-status#local-status', { role: 'status' });
    this.thinking = h('p.local-thinking', { hidden: true });
    this.resignButton = h('button.btn', { type: 'button', dataset: { action: 'resign' }, onclick: () => this.resign() }, icon('flag'), t('game.resign'));
    const panel = h(
      'section.card.local-card',
      h('h2.card-title', t('local.title')),
      h('p.local-players', this.playersText()),
      this.status,
      this.thinking,
      this.moveList.el,
      h('div.btn-row', this.resignButton, h('a.btn', { href: '#/', dataset: { action: 'home' } }, t('game.newGame'))),
    );
    root.replaceChildren(h('div.analysis.local-game', { dataset: { variant: this.game.variant } }, h('div.analysis-board', this.board.el), h('div.analysis-side', panel)));
    this.board.setVariant(analysisInfo(this.game.variant));
    this.board.setNumbers(pref('notation') === 'numeric');
    this.board.setFlipped(this.game.human === 'black');
    this.update();
  }

  destroy() {
    this.closed = true;
    this.stop && this.stop();
  }

  playersText() {
    const you = this.game.name || t('local.you');
    const engine = t('local.engine', { level: this.game.level });
    const [white, black] = this.game.human === 'white' ? [you, engine] : [engine, you];
    return `${variantName(this.game.variant)} · ${white} – ${black}`;
  }

  names() {
    const you = this.game.name || 'You';
    const engine = `Shashki (level ${this.game.level}, browser)`;
    return this.game.human === 'white' ? [you, engine] : [engine, you];
  }

  // The game as the browser's library sees it, drawn; the engine moves when it is its turn.
  async update() {
    const g = this.game;
    let state;
    try {
      state = await wasmEngine.game(g.variant, g.fen, g.moves, g.resigned, ...this.names());
      if (!this.played.length && g.moves.length) this.played = (await wasmEngine.position(g.fen, g.moves, g.variant)).played;
    } catch (e) {
      this.status.textContent = t('local.noEngine', { msg: e.message });
      return;
    }
    if (this.closed) return;
    const pos = state.position;
    g.result = state.result;
    g.reason = state.reason;
    g.pdn = state.pdn;
    keepOfflineGame(g);
    this.moveList.configure({ text: moveText });
    this.moveList.set(this.played, this.played.length ? this.played[0].side : pos.side, this.played.length);
    const last = this.played.length ? this.played[this.played.length - 1] : null;
    const over = !!state.result;
    const humanTurn = !over && pos.side === g.human;
    this.board.setPosition(pos.board, humanTurn ? pos.legal : [], { lastMove: last });
    this.board.setInteractive(humanTurn);
    this.resignButton.disabled = over;
    this.root.querySelector('.local-game').dataset.result = state.result || '';
    if (over) {
      this.status.textContent = `${state.result} · ${state.reason}`;
      this.thinking.hidden = true;
    } else if (humanTurn) {
      this.status.textContent = t('game.yourMove');
    } else {
      this.status.textContent = t('local.thinking');
      this.engineMove(pos);
    }
  }

  humanMove(move) {
    if (this.game.result) return;
    this.game.moves.push(move.notation);
    this.played.push(move);
    this.update();
  }

  async engineMove(pos) {
    const g = this.game;
    const ply = g.moves.length;
    this.thinking.hidden = false;
    this.thinking.textContent = t('local.thinkingWhere');
    try {
      const r = await wasmEngine.move(g.variant, g.fen, g.moves, g.level, ply + 1, g.level >= 10 ? 2000 : 700);
      if (this.closed || g.moves.length !== ply || !r.best) return;
      this.thinking.textContent = t('local.searched', { depth: r.depth });
      g.moves.push(r.best.notation);
      this.played.push(r.best);
      this.board.setPosition(pos.board, [], {});
      this.update();
    } catch (e) {
      if (!this.closed && !e.stopped) this.status.textContent = t('local.noEngine', { msg: e.message });
    }
  }

  resign() {
    if (this.game.result) return;
    this.game.resigned = this.game.human;
    this.update();
  }
}
