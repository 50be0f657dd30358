// analysis.js - the analysis board (#/analysis?fen=...&moves=...&ply=...).
//
// A line of moves from a start position, played on the board by either side, reviewed with the
// move list, and analysed live by the engine (/api/analyse, several lines at once). Positions
// with their legal moves come from /api/position. The set-up editor, FEN and PDN import and
// export live here too. The line survives a reload through the address.

import { api } from './api.js';
import { Board, playLocally } from './board.js';
import { Editor } from './editor.js';
import { download, errorText, h, icon, toast } from './dom.js';
import { START_FEN, parseFen } from './fen.js';
import { t, reasonText } from './i18n.js';
import { MoveList } from './movelist.js';
import { moveText, pref, setPref } from './prefs.js';

// kept across re-mounts (a language switch re-draws the view)
const state = { startFen: START_FEN, moves: [], ply: 0, engine: false, flipped: false };

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

function pdnText(startFen, moves, startSide) {
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, '.');
  const tags = [
    ['Event', 'Analysis'],
    ['Date', date],
    ['White', '?'],
    ['Black', '?'],
    ['Result', '*'],
    ['GameType', '25'],
  ];
  if (startFen !== START_FEN) tags.push(['SetUp', '1'], ['FEN', startFen]);
  const words = [];
  let number = 1;
  let side = startSide;
  moves.forEach((m, i) => {
    if (side === 'white') words.push(`${number}.`);
    else if (i === 0) words.push(`${number}...`);
    words.push(m.notation);
    if (side === 'black') number++;
    side = other(side);
  });
  words.push('*');
  const lines = [];
  let cur = '';
  for (const w of words) {
    if (cur.length + w.length + 1 > 78) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? cur + ' ' + w : w;
  }
  if (cur) lines.push(cur);
  return tags.map(([k, v]) => `[${k} "${v}"]`).join('\n') + '\n\n' + lines.join('\n') + '\n';
}

export class AnalysisView {
  constructor(root, params) {
    this.root = root;
    this.closed = false;
    this.positions = new Map(); // ply -> Position from the server
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
    this.engineStatus = h('div.engine-status', { role: 'status' });
    this.lines = h('ol.pv-lines#pv-lines');
    this.engineCard = h(
      'section.card.engine-card',
      h(
        'header.card-head',
        h('label.switch', this.engineToggle, h('span.switch-track', h('span.switch-thumb')), h('span.switch-label', t('analysis.engine'))),
        h('label.inline', h('span', t('analysis.lines')), this.multipv),
      ),
      this.engineStatus,
      this.lines,
    );
    this.fenField = h('input.fen-field#analysis-fen', { type: 'text', spellcheck: 'false', 'aria-label': 'FEN', onkeydown: (e) => e.key === 'Enter' && this.loadFen(this.fenField.value) });
    this.toolsCard = h(
      'section.card.tools-card',
      h('div.field', h('label.label', { for: 'analysis-fen' }, 'FEN'), h('div.input-row', this.fenField, h('button.btn.icon-only', { type: 'button', title: t('analysis.copy'), 'aria-label': t('analysis.copy'), onclick: () => this.copyFen() }, icon('copy')))),
      h(
        'div.row-buttons',
        h('button.btn', { type: 'button', dataset: { action: 'setup' }, onclick: () => this.openEditor() }, icon('edit'), t('analysis.setup')),
        h('button.btn', { type: 'button', dataset: { action: 'import' }, onclick: () => this.importDialog() }, icon('upload'), t('analysis.import')),
        h('button.btn', { type: 'button', dataset: { action: 'export-pdn' }, onclick: () => this.exportPdn() }, icon('download'), t('analysis.downloadPdn')),
        h('button.btn', { type: 'button', dataset: { action: 'reset' }, onclick: () => this.setLine(START_FEN, [], 0) }, icon('reset'), t('analysis.reset')),
        h('button.btn', { type: 'button', dataset: { action: 'flip' }, onclick: () => this.flip() }, icon('flip'), t('game.flip')),
      ),
    );
    this.lineCard = h('section.card.line-card', h('h2.card-title', t('analysis.line')), this.moveList.el);
    this.side = h('div.analysis-side', this.engineCard, this.lineCard, this.toolsCard);
    this.layout = h('div.analysis', h('div.analysis-board', this.evalBar, this.board.el), this.side);
    root.replaceChildren(this.layout);

    this.keys = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keys);
    this.board.setNumbers(pref('notation') === 'numeric');
    this.board.setFlipped(!!state.flipped);
    this.evalBar.classList.toggle('flipped', !!state.flipped);
    this.init(params);
  }

  async init(params) {
    const fen = params.get('fen');
    const moves = (params.get('moves') || '').split(/\s+/).filter(Boolean);
    const ply = params.has('ply') ? Number(params.get('ply')) : moves.length;
    const same = fen === state.startFen && moves.join(' ') === state.moves.map((m) => m.notation).join(' ');
    if (fen && !same) {
      try {
        const pos = await api.position(fen, moves);
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
    clearTimeout(this.renderTimer);
    document.removeEventListener('keydown', this.keys);
    this.editor && this.editor.destroy();
  }

  get startSide() {
    return parseFen(state.startFen).side;
  }

  sideAt(ply) {
    return ply % 2 === 0 ? this.startSide : other(this.startSide);
  }

  setLine(startFen, moves, ply) {
    state.startFen = startFen;
    state.moves = moves;
    state.ply = ply;
    this.positions.clear();
    this.show();
  }

  saveAddress() {
    const q = new URLSearchParams();
    q.set('fen', state.startFen);
    if (state.moves.length) q.set('moves', state.moves.map((m) => m.notation).join(' '));
    if (state.ply !== state.moves.length) q.set('ply', String(state.ply));
    history.replaceState(null, '', '#/analysis?' + q.toString());
  }

  async positionAt(ply) {
    if (!this.positions.has(ply)) {
      const p = api.position(state.startFen, state.moves.slice(0, ply).map((m) => m.notation));
      this.positions.set(ply, p);
      p.catch(() => this.positions.delete(ply));
    }
    return this.positions.get(ply);
  }

  boardAt(ply) {
    let b = parseFen(state.startFen).board;
    for (const m of state.moves.slice(0, ply)) b = playLocally(b, m);
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
    this.fenField.value = pos.fen;
    this.board.setPosition(pos.board, pos.legal, { lastMove: last, animate: animateMove ? { move: animateMove, before: this.boardAt(ply - 1) } : null });
    this.board.setInteractive(true);
    this.layout.dataset.fen = pos.fen;
    this.restartEngine();
  }

  play(move) {
    state.moves = state.moves.slice(0, state.ply).concat([move]);
    for (const k of [...this.positions.keys()]) if (k > state.ply) this.positions.delete(k);
    state.ply += 1;
    this.show();
  }

  playLine(moves) {
    state.moves = state.moves.slice(0, state.ply).concat(moves);
    for (const k of [...this.positions.keys()]) if (k > state.ply) this.positions.delete(k);
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
    this.stopEngine = api.analyse(fen, { multipv: Number(this.multipv.value) }, {
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
        api.position(fen, pv).then((r) => r.played),
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
      const result = pos.over_code ? (pos.side === 'white' ? '0-1' : '1-0') : null;
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
    const number0 = Math.floor((state.ply + (this.startSide === 'black' ? 1 : 0)) / 2) + 1;
    this.lines.replaceChildren(
      ...items.map(({ line, moves }, k) => {
        const words = [];
        let number = number0;
        let s = side;
        (moves || line.pv || []).forEach((m, i) => {
          if (s === 'white') words.push(h('span.pv-no', `${number}.`));
          else if (i === 0) words.push(h('span.pv-no', `${number}…`));
          const label = typeof m === 'string' ? m : moveText(m);
          words.push(
            moves
              ? h('button.pv-move', { type: 'button', onclick: () => this.playLine(moves.slice(0, i + 1)) }, label)
              : h('span.pv-move', label),
          );
          if (s === 'black') number++;
          s = other(s);
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
      const pos = await api.position(fen.trim(), []);
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

  exportPdn() {
    download('shashki-analysis.pdn', pdnText(state.startFen, state.moves, this.startSide), 'application/x-pdn');
  }

  openEditor() {
    this.stopEngine && this.stopEngine();
    this.stopEngine = null;
    this.board.setArrows([]);
    this.board.setInteractive(false);
    const ply = state.ply;
    const start = { board: this.boardAt(ply), side: this.sideAt(ply) };
    const close = () => {
      this.editor.destroy();
      this.editor = null;
      this.side.replaceChildren(this.engineCard, this.lineCard, this.toolsCard);
      this.layout.classList.remove('editing');
    };
    this.editor = new Editor(
      this.board,
      start,
      (fen) => {
        close();
        this.setLine(fen, [], 0);
      },
      () => {
        close();
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
              const pos = await api.position(fen.value.trim(), []);
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
                const r = await api.importPdn(pdn.value);
                if (!r.imported.length) {
                  const first = r.errors && r.errors[0];
                  fail(first ? t('archive.importError', first) : t('analysis.noGames'));
                  return;
                }
                const g = await api.game(r.imported[0]);
                close();
                toast(t('analysis.importedTo', { id: g.id }));
                const moves = g.moves.map((m) => m.move);
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
