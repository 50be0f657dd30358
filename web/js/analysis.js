// analysis.js - the analysis board (#/analysis?fen=...&moves=...&ply=...).
//
// A line of moves from a start position, played on the board by either side, reviewed with the
// move list, and analysed live by the engine (/api/analyse, several lines at once). Positions
// with their legal moves come from /api/position. The set-up editor, FEN and PDN import and
// export live here too, and the solver's card (solve.js). The board plays any game the server
// knows (#/analysis?variant=turkish, or the select of games): positions, moves and the engine's
// lines are that game's. The line survives a reload through the address. The opening explorer's
// card (explorer.js) shows the book's and the games' moves for the position.

import { api } from './api.js';
import { Board, playLocally } from './board.js';
import { Editor } from './editor.js';
import { EgdbNote } from './egdb.js';
import { Explorer } from './explorer.js';
import { download, errorText, h, icon, toast } from './dom.js';
import { START_FEN, parseFen } from './fen.js';
import { t, reasonText } from './i18n.js';
import { MoveList, moveNumber } from './movelist.js';
import { moveText, pref, setPref } from './prefs.js';
import { SolveCard } from './solve.js';
import './i18n_wasm.js';
// the analysis board takes the draughts games only (variants.js): another game's name is Russian here
import { analysisInfo as variantInfo, analysisVariants as variants, geometryOf, variantLabel, variantName } from './variants.js';

// kept across re-mounts (a language switch re-draws the view)
const state = { variant: 'russian', startFen: START_FEN, moves: [], ply: 0, engine: false, flipped: false };

function other(color) {
  return color === 'white' ? 'black' : 'white';
}

// A line's value from White's side in centi-men: white_cp, else the side to move's score turned.
function whiteCp(line, sideToMove) {
  if (typeof line.white_cp === 'number') return line.white_cp;
  return sideToMove === 'white' ? line.score : -line.score;
}

/** A score as a person reads it, from White's side: "+1.25", "−0.40", "+#4" (White wins in 4),
 * "+ win by database" (the endgame databases prove it, with no count of moves). */
export function scoreText(line, sideToMove) {
  if (line.win && line.win.database) return (line.win.side === 'white' ? '+ ' : '− ') + t('analysis.dbWin');
  if (line.win) {
    const moves = Math.ceil(line.win.plies / 2);
    return (line.win.side === 'white' ? '+' : '−') + '#' + moves;
  }
  const v = whiteCp(line, sideToMove) / 100;
  return (v > 0 ? '+' : v < 0 ? '−' : '') + Math.abs(v).toFixed(2);
}

function whiteShare(line, sideToMove) {
  if (!line) return 0.5;
  if (line.win) return line.win.side === 'white' ? 1 : 0;
  return 1 / (1 + Math.exp(-whiteCp(line, sideToMove) / 250));
}

export class AnalysisView {
  constructor(root, params) {
    this.root = root;
    this.closed = false;
    this.positions = new Map(); // ply -> Position from the server
    this.boards = new Map(); // ply -> its board string, once the server has given it
    this.stopEngine = null;
    this.info = null;
    this.pvCache = new Map();
    this.editor = null;
    this.renderTimer = null;

    this.board = new Board({ onMove: (move) => this.play(move), onMessage: (key) => toast(t(key)), label: t('analysis.title') });
    this.moveList = new MoveList((ply) => this.goto(ply));
    this.evalFill = h('div.eval-fill');
    this.evalText = h('div.eval-text');
    this.evalBar = h('div.eval-bar', { 'aria-hidden': 'true', hidden: !state.engine }, this.evalFill, this.evalText);

    this.engineToggle = h('input#engine-toggle', { type: 'checkbox', role: 'switch', checked: state.engine, onchange: () => this.setEngine(this.engineToggle.checked) });
    this.multipv = h(
      'select#multipv',
      { 'aria-label': t('analysis.lines'), onchange: () => {
        setPref('multipv', Number(this.multipv.value));
        this.restartEngine();
      } },
      [1, 2, 3, 4, 5].map((n) => h('option', { value: String(n), selected: n === (pref('multipv') || 3) }, String(n))),
    );
    // where the engine thinks: the browser's WebAssembly engine or the server's (wasm_engine.js)
    this.enginePlace = h(
      'select#engine-place',
      { 'aria-label': t('wasm.where'), onchange: () => {
        setPref('engine', this.enginePlace.value);
        this.restartEngine();
      } },
      ['browser', 'server'].map((v) => h('option', { value: v, selected: (pref('engine') || 'browser') === v }, t(`wasm.${v}`))),
    );
    this.engineStatus = h('div.engine-status', { role: 'status' });
    this.egdbNote = new EgdbNote();
    this.lines = h('ol.pv-lines#pv-lines');
    this.engineCard = h(
      'section.card.engine-card',
      h(
        'header.card-head',
        h('label.switch', this.engineToggle, h('span.switch-track', h('span.switch-thumb')), h('span.switch-label', t('analysis.engine'))),
        h('label.inline', h('span', t('analysis.lines')), this.multipv),
        h('label.inline', h('span', t('wasm.where')), this.enginePlace),
      ),
      this.engineStatus,
      this.lines,
      this.egdbNote.el,
    );
    this.fenField = h('input.fen-field#analysis-fen', { type: 'text', spellcheck: 'false', 'aria-label': 'FEN', onkeydown: (e) => e.key === 'Enter' && this.loadFen(this.fenField.value) });
    this.variantSelect = h(
      'select#analysis-variant',
      { 'aria-label': t('variant.label'), onchange: () => this.setVariant(this.variantSelect.value) },
      variants().map((v) => h('option', { value: v.name, selected: v.name === state.variant }, variantLabel(v.name))),
    );
    this.toolsCard = h(
      'section.card.tools-card',
      h('div.field', h('label.label', { for: 'analysis-variant' }, t('variant.label')), this.variantSelect),
      h('div.field', h('label.label', { for: 'analysis-fen' }, 'FEN'), h('div.input-row', this.fenField, h('button.btn.icon-only', { type: 'button', title: t('analysis.copy'), 'aria-label': t('analysis.copy'), onclick: () => this.copyFen() }, icon('copy')))),
      h(
        'div.row-buttons',
        h('button.btn', { type: 'button', dataset: { action: 'setup' }, onclick: () => this.openEditor() }, icon('edit'), t('analysis.setup')),
        h('button.btn', { type: 'button', dataset: { action: 'import' }, onclick: () => this.importDialog() }, icon('upload'), t('analysis.import')),
        h('button.btn', { type: 'button', dataset: { action: 'export-pdn' }, onclick: () => this.exportPdn() }, icon('download'), t('analysis.downloadPdn')),
        h('button.btn', { type: 'button', dataset: { action: 'reset' }, onclick: () => this.setLine(variantInfo(state.variant).start_fen, [], 0) }, icon('reset'), t('analysis.reset')),
        h('button.btn', { type: 'button', dataset: { action: 'flip' }, onclick: () => this.flip() }, icon('flip'), t('game.flip')),
      ),
    );
    this.lineCard = h('section.card.line-card', h('h2.card-title', t('analysis.line')), this.moveList.el);
    this.solveCard = new SolveCard({ playLine: (moves) => this.playLine(moves) });
    this.explorer = new Explorer({ onPlay: (move) => this.play(move), scoreText });
    this.side = h('div.analysis-side', this.engineCard, this.solveCard.el, this.lineCard, this.explorer.el, this.toolsCard);
    this.layout = h('div.analysis', h('div.analysis-board', this.evalBar, this.board.el), this.side);
    root.replaceChildren(this.layout);

    this.keys = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keys);
    this.board.setVariant(variantInfo(state.variant));
    this.egdbNote.setVariant(state.variant);
    this.board.setNumbers(pref('notation') === 'numeric');
    this.board.setFlipped(!!state.flipped);
    this.evalBar.classList.toggle('flipped', !!state.flipped);
    this.init(params);
  }

  async init(params) {
    const fen = params.get('fen');
    // the game: the address's, else (a FEN of the Russian board) Russian, else the last one
    const variant = variantInfo(params.get('variant') || (fen ? 'russian' : state.variant)).name;
    if (variant !== state.variant) {
      state.variant = variant;
      state.startFen = variantInfo(variant).start_fen;
      state.moves = [];
      state.ply = 0;
      this.applyVariant();
    }
    const moves = (params.get('moves') || '').split(/\s+/).filter(Boolean);
    const ply = params.has('ply') ? Number(params.get('ply')) : moves.length;
    const same = fen === state.startFen && moves.join(' ') === state.moves.map((m) => m.notation).join(' ');
    if (fen && !same) {
      try {
        const pos = await api.position(fen, moves, state.variant);
        this.setLine(fen, pos.played, Math.min(ply, moves.length));
        return;
      } catch (e) {
        toast(errorText(e), 'error');
      }
    }
    this.show();
  }

  destroy() {
    this.closed = true;
    this.stopEngine && this.stopEngine();
    this.egdbNote.close();
    clearTimeout(this.renderTimer);
    document.removeEventListener('keydown', this.keys);
    this.editor && this.editor.destroy();
  }

  get geo() {
    return geometryOf(state.variant);
  }

  get startSide() {
    return parseFen(state.startFen, this.geo).side;
  }

  sideAt(ply) {
    if (ply === state.ply && this.current) return this.current.side;
    const m = state.moves[ply];
    if (m && m.side) return m.side;
    return ply % 2 === 0 ? this.startSide : other(this.startSide);
  }

  /** The board drawn for the game of the line, and the game's name in the select. */
  applyVariant() {
    this.board.setVariant(variantInfo(state.variant));
    this.board.setNumbers(pref('notation') === 'numeric');
    this.variantSelect.value = state.variant;
    this.layout.dataset.variant = state.variant;
    this.egdbNote.setVariant(state.variant);
  }

  /** Another game: its start position, an empty line. */
  setVariant(name) {
    const info = variantInfo(name);
    if (info.name === state.variant) return;
    state.variant = info.name;
    this.applyVariant();
    this.setLine(info.start_fen, [], 0);
    toast(t('analysis.switched', { game: variantName(info.name) }));
  }

  setLine(startFen, moves, ply) {
    state.startFen = startFen;
    state.moves = moves;
    state.ply = ply;
    this.positions.clear();
    this.boards.clear();
    this.show();
  }

  saveAddress() {
    const q = new URLSearchParams();
    if (state.variant !== 'russian') q.set('variant', state.variant);
    q.set('fen', state.startFen);
    if (state.moves.length) q.set('moves', state.moves.map((m) => m.notation).join(' '));
    if (state.ply !== state.moves.length) q.set('ply', String(state.ply));
    history.replaceState(null, '', '#/analysis?' + q.toString());
  }

  async positionAt(ply) {
    if (!this.positions.has(ply)) {
      const p = api.position(state.startFen, state.moves.slice(0, ply).map((m) => m.notation), state.variant);
      this.positions.set(ply, p);
      p.then((pos) => this.positions.get(ply) === p && this.boards.set(ply, pos.board)).catch(() => this.positions.delete(ply));
    }
    return this.positions.get(ply);
  }

  /** The board after ply moves: the server's once known, else played here. */
  boardAt(ply) {
    if (this.boards.has(ply)) return this.boards.get(ply);
    const geo = this.geo;
    let b = parseFen(state.startFen, geo).board;
    for (const m of state.moves.slice(0, ply)) b = playLocally(b, m, geo);
    return b;
  }

  async show(animateMove = null) {
    if (this.closed) return;
    const ply = state.ply;
    this.saveAddress();
    this.moveList.set(state.moves, this.startSide, ply);
    const last = ply > 0 ? state.moves[ply - 1] : null;
    // draw at once from what is known, then add the legal moves
    if (!animateMove) this.board.setPosition(this.boardAt(ply), [], { lastMove: last });
    this.board.setInteractive(false);
    this.info = null;
    this.renderEngine();
    let pos;
    try {
      pos = await this.positionAt(ply);
    } catch (e) {
      toast(errorText(e), 'error');
      return;
    }
    if (this.closed || ply !== state.ply || this.editor) return;
    this.current = pos;
    this.currentPly = ply;
    this.fenField.value = pos.fen;
    this.board.setPosition(pos.board, pos.legal, { lastMove: last, animate: animateMove ? { move: animateMove, before: this.boardAt(ply - 1) } : null });
    this.board.setInteractive(true);
    this.layout.dataset.fen = pos.fen;
    this.solveCard.setPosition(pos, state.variant);
    this.explorer.show(pos, state.variant);
    this.restartEngine();
  }

  play(move) {
    state.moves = state.moves.slice(0, state.ply).concat([move]);
    for (const k of [...this.positions.keys()]) if (k > state.ply) this.positions.delete(k);
    for (const k of [...this.boards.keys()]) if (k > state.ply) this.boards.delete(k);
    state.ply += 1;
    this.show();
  }

  playLine(moves) {
    state.moves = state.moves.slice(0, state.ply).concat(moves);
    for (const k of [...this.positions.keys()]) if (k > state.ply) this.positions.delete(k);
    for (const k of [...this.boards.keys()]) if (k > state.ply) this.boards.delete(k);
    const first = moves[0];
    state.ply += moves.length;
    this.show(moves.length === 1 ? first : null);
  }

  goto(ply) {
    state.ply = Math.max(0, Math.min(state.moves.length, ply));
    this.show();
  }

  onKey(e) {
    if (e.defaultPrevented || this.editor || e.target.closest('input, textarea, select, dialog')) return;
    if (e.key === 'ArrowLeft') this.goto(state.ply - 1);
    else if (e.key === 'ArrowRight') this.goto(state.ply + 1);
    else if (e.key === 'Home') this.goto(0);
    else if (e.key === 'End') this.goto(state.moves.length);
    else return;
    e.preventDefault();
  }

  flip() {
    state.flipped = !state.flipped;
    this.board.setFlipped(state.flipped);
    this.evalBar.classList.toggle('flipped', state.flipped);
  }

  // ---- engine ----

  setEngine(on) {
    state.engine = on;
    this.evalBar.hidden = !on;
    this.restartEngine();
  }

  restartEngine() {
    this.stopEngine && this.stopEngine();
    this.stopEngine = null;
    this.info = null;
    this.board.setArrows([]);
    const pos = this.current;
    if (!state.engine || !pos || this.editor) {
      this.renderEngine();
      return;
    }
    if (pos.over || pos.legal.length === 0) {
      this.renderEngine();
      return;
    }
    const fen = pos.fen;
    this.engineState = 'waiting';
    this.renderEngine();
    this.stopEngine = api.analyse(fen, { variant: state.variant, multipv: Number(this.multipv.value) }, {
      info: (data) => {
        if (this.closed || !this.current || this.current.fen !== fen) return;
        this.info = data;
        this.engineState = 'running';
        this.scheduleRender();
      },
      done: () => {
        this.engineState = 'done';
        this.scheduleRender();
      },
      error: (err) => {
        if (this.closed) return;
        this.engineState = 'error';
        this.engineError = errorText(err);
        this.renderEngine();
      },
    });
  }

  scheduleRender() {
    if (this.renderTimer) return;
    this.renderTimer = setTimeout(() => {
      this.renderTimer = null;
      this.renderEngine();
    }, 150);
  }

  async pvMoves(fen, pv) {
    const key = fen + '|' + pv.join(' ');
    if (!this.pvCache.has(key)) {
      if (this.pvCache.size > 400) this.pvCache.clear();
      this.pvCache.set(
        key,
        api.position(fen, pv, state.variant).then((r) => r.played),
      );
    }
    return this.pvCache.get(key);
  }

  async renderEngine() {
    const pos = this.current;
    const status = this.engineStatus;
    this.engineCard.dataset.state = state.engine ? this.engineState || 'waiting' : 'off';
    if (!state.engine) {
      status.textContent = t('analysis.idle');
      this.lines.replaceChildren();
      return;
    }
    if (pos && (pos.over || pos.legal.length === 0)) {
      const result = pos.over_result || (pos.over_code ? (pos.side === 'white' ? '0-1' : '1-0') : null);
      status.textContent = t('analysis.over', { reason: reasonText(pos.over, pos.over_code, result) || '—' });
      this.lines.replaceChildren();
      this.setEval(null);
      return;
    }
    if (this.engineState === 'error') {
      status.textContent = t('analysis.unavailable', { msg: this.engineError });
      this.lines.replaceChildren();
      return;
    }
    const info = this.info;
    if (!info || !pos) {
      status.replaceChildren(h('span.spinner'), t('analysis.waiting'));
      this.lines.replaceChildren();
      return;
    }
    const fen = pos.fen;
    const side = pos.side;
    status.replaceChildren(
      h('span.chip.engine-where', { 'data-engine': info.engine || 'server' }, t(info.engine === 'browser' ? 'wasm.thinkingBrowser' : 'wasm.thinkingServer')),
      h('span.chip', t('analysis.depth', { d: info.seldepth > info.depth ? `${info.depth}/${info.seldepth}` : info.depth })),
      h('span.chip', t('analysis.nps', { n: Math.round((info.nps || 0) / 1000).toLocaleString() })),
      h('span.chip', t('analysis.nodes', { n: (info.nodes || 0).toLocaleString() })),
    );
    const lines = info.lines || [];
    this.setEval(lines[0], side);
    const items = await Promise.all(
      lines.map(async (line) => {
        let moves = null;
        try {
          moves = await this.pvMoves(fen, line.pv || []);
        } catch {
          /* show the server's words as they are */
        }
        return { line, moves };
      }),
    );
    if (this.closed || this.editor || !this.current || this.current.fen !== fen || this.info !== info) return;
    const before = state.moves.slice(0, state.ply);
    this.lines.replaceChildren(
      ...items.map(({ line, moves }, k) => {
        const words = [];
        // numbered as the move list numbers them: a number where White's turn begins
        const first = moves && moves[0] ? moves[0] : { side, second: !!pos.second_move };
        let number = moveNumber(before.concat([first]), this.startSide, state.ply + 1);
        let s = side;
        (moves || line.pv || []).forEach((m, i) => {
          const mover = (m && m.side) || s;
          const turnStarts = !(m && m.second);
          if (mover === 'white' && turnStarts) {
            if (i > 0) number++;
            words.push(h('span.pv-no', `${number}.`));
          } else if (i === 0) words.push(h('span.pv-no', `${number}…`));
          const label = typeof m === 'string' ? m : moveText(m);
          words.push(
            moves
              ? h('button.pv-move', { type: 'button', onclick: () => this.playLine(moves.slice(0, i + 1)) }, label)
              : h('span.pv-move', label),
          );
          s = other(mover);
        });
        return h('li.pv-line', { dataset: { rank: String(k + 1) } }, h('span.score', scoreText(line, side)), h('span.pv', words));
      }),
    );
    const arrows = [];
    items.forEach(({ moves }, k) => {
      if (moves && moves[0] && k < 2) arrows.push({ path: moves[0].paths[0], kind: k === 0 ? 'best' : 'alt' });
    });
    this.board.setArrows(arrows.reverse());
  }

  setEval(line, side) {
    const share = line ? whiteShare(line, side) : 0.5;
    // the bar shows White's share from the bottom when White is at the bottom
    this.evalFill.style.height = `${(share * 100).toFixed(1)}%`;
    this.evalText.textContent = line ? scoreText(line, side) : '';
  }

  // ---- tools ----

  async loadFen(fen) {
    try {
      const pos = await api.position(fen.trim(), [], state.variant);
      this.setLine(pos.fen, [], 0);
    } catch (e) {
      toast(errorText(e), 'error');
      return false;
    }
    return true;
  }

  async copyFen() {
    const text = this.fenField.value;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      this.fenField.select();
      document.execCommand('copy');
    }
    toast(t('analysis.copied'));
  }

  async exportPdn() {
    try {
      const text = await api.linePdn(state.variant, state.startFen, state.moves.map((m) => m.notation), pref('notation') === 'numeric');
      download('shashki-analysis.pdn', text, 'application/x-pdn');
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  openEditor() {
    this.stopEngine && this.stopEngine();
    this.stopEngine = null;
    this.board.setArrows([]);
    this.board.setInteractive(false);
    const ply = state.ply;
    const here = this.current && this.currentPly === ply ? this.current : null;
    const start = here ? { board: here.board, side: here.side } : { board: this.boardAt(ply), side: this.sideAt(ply) };
    const close = () => {
      this.editor.destroy();
      this.editor = null;
      this.side.replaceChildren(this.engineCard, this.solveCard.el, this.lineCard, this.explorer.el, this.toolsCard);
      this.layout.classList.remove('editing');
    };
    this.editor = new Editor(
      this.board,
      start,
      state.variant,
      (fen, variant) => {
        close();
        if (variant !== state.variant) {
          state.variant = variant;
          this.applyVariant();
        }
        this.setLine(fen, [], 0);
      },
      () => {
        close();
        this.applyVariant(); // the editor may have shown another game's board
        this.show();
      },
    );
    this.layout.classList.add('editing');
    this.side.replaceChildren(this.editor.el);
  }

  importDialog() {
    const error = h('p.form-error', { role: 'alert', hidden: true });
    const fen = h('input.fen-field#import-fen', { type: 'text', spellcheck: 'false', placeholder: 'W:Wa1,c3:Bb6,Kh8', 'aria-label': t('analysis.pasteFen') });
    const pdn = h('textarea#import-pdn', { rows: '8', spellcheck: 'false', placeholder: '[White "…"]\n1. c3-d4 d6-c5 2. b2-c3 …', 'aria-label': t('analysis.pastePdn') });
    const file = h('input', { type: 'file', accept: '.pdn,.txt,text/plain', hidden: true });
    file.addEventListener('change', async () => {
      if (file.files[0]) pdn.value = await file.files[0].text();
    });
    const dialog = h('dialog.modal.wide', { 'aria-label': t('analysis.import') });
    const close = () => {
      dialog.close();
      dialog.remove();
    };
    const fail = (msg) => {
      error.textContent = msg;
      error.hidden = false;
    };
    dialog.append(
      h('header.dialog-head', h('h2', t('analysis.import')), h('button.btn.icon-only.ghost', { type: 'button', 'aria-label': t('common.close'), onclick: close }, icon('close'))),
      h(
        'div.dialog-body',
        h('div.field', h('label.label', { for: 'import-fen' }, t('analysis.pasteFen')), h('div.input-row', fen, h('button.btn', {
          type: 'button',
          dataset: { action: 'load-fen' },
          onclick: async () => {
            try {
              const pos = await api.position(fen.value.trim(), [], state.variant);
              close();
              this.setLine(pos.fen, [], 0);
            } catch (e) {
              fail(errorText(e));
            }
          },
        }, t('analysis.loadFen')))),
        h('div.field', h('label.label', { for: 'import-pdn' }, t('analysis.pastePdn')), pdn),
        h(
          'div.row-buttons',
          h('button.btn', { type: 'button', onclick: () => file.click() }, icon('upload'), t('analysis.chooseFile')),
          file,
          h('button.btn.primary', {
            type: 'button',
            dataset: { action: 'load-pdn' },
            onclick: async () => {
              try {
                const r = await api.importPdn(pdn.value, state.variant);
                if (!r.imported.length) {
                  const first = r.errors && r.errors[0];
                  fail(first ? t('archive.importError', first) : t('analysis.noGames'));
                  return;
                }
                const g = await api.game(r.imported[0]);
                close();
                toast(t('analysis.importedTo', { id: g.id }));
                const moves = g.moves.map((m) => m.move);
                if (g.variant && g.variant !== state.variant) {
                  state.variant = variantInfo(g.variant).name;
                  this.applyVariant();
                }
                this.setLine(g.start_fen, moves, moves.length);
              } catch (e) {
                fail(errorText(e));
              }
            },
          }, t('analysis.loadPdn')),
        ),
        error,
      ),
    );
    dialog.addEventListener('close', () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
    fen.focus();
  }
}
