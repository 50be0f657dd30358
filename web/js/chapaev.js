// chapaev.js - #/chapaev: Chapaev, the flicking game, in the browser only (no server). A drag
// from one of one's pieces aims it: pull back like a slingshot, the piece flies the other way,
// the longer the pull the harder (pointer events: mouse, pen and touch alike). The physics is
// chapaev_physics.js, the rules chapaev_rules.js, the computer's shot chapaev_ai.js. Against a
// friend on this device, or against the computer (which plays Black).
//
// `chapaevMount(el)` draws the game into any element and returns the view ({destroy()}); the
// router mounts it as ChapaevView. The root element says what is going on for the tests:
// data-phase (aim, moving, thinking, round-over, match-over), data-turn (w|b), data-round,
// data-rows ("w,b": the rank index each side sets out on), data-count ("w:b" pieces left),
// data-shots (shots so far), data-last-shot (JSON {id, side, angle, power}), data-from and
// data-pieces (JSON [{id, side, x, y}] before and after the last shot); the canvas says its geometry (data-span: squares
// across the picture, data-margin: squares of table around the board).

import { h } from './dom.js';
import { t } from './i18n.js';
import { chooseShotAsync } from './chapaev_ai.js';
import { BOARD, MAX_STEPS, RADIUS, createSim, halt, moving, shoot, snapshot, stepSim } from './chapaev_physics.js';
import { afterShot, count, legalShot, newMatch, nextRound } from './chapaev_rules.js';

const MARGIN = 0.7; // squares of table around the board
const SPAN = BOARD + 2 * MARGIN;
const PULL = 2.5; // squares of pull for a full-power shot
const STEPS_PER_FRAME = 2;
const CSS = '/css/chapaev.css';

function loadCss() {
  if (typeof document === 'undefined' || document.querySelector(`link[href="${CSS}"]`)) return;
  document.head.append(h('link', { rel: 'stylesheet', href: CSS }));
}

export class ChapaevView {
  constructor(root) {
    loadCss();
    this.root = root;
    this.mode = 'friend';
    this.match = newMatch();
    this.phase = 'aim';
    this.aim = null; // {id, x, y (pointer, squares)}
    this.sim = null;
    this.frame = 0;
    this.destroyed = false;
    this.totalShots = 0;
    this.canvas = h('canvas.chapaev-canvas', {
      dataset: { span: String(SPAN), margin: String(MARGIN) },
      'aria-label': t('chapaev.boardLabel'),
      role: 'img',
    });
    this.status = h('p.chapaev-status', { 'aria-live': 'polite' });
    this.facts = h('div.chapaev-facts');
    this.banner = h('div.chapaev-banner', { hidden: true });
    this.history = h('ol.chapaev-history');
    this.modeSelect = h(
      'select#chapaev-mode',
      { onchange: () => this.restart(this.modeSelect.value) },
      h('option', { value: 'friend' }, t('chapaev.friend')),
      h('option', { value: 'computer' }, t('chapaev.computer')),
    );
    this.el = h(
      'div.chapaev',
      h('div.chapaev-board', this.canvas, this.banner),
      h(
        'div.chapaev-side',
        h('h1.chapaev-title', t('chapaev.title')),
        this.status,
        this.facts,
        h(
          'div.chapaev-controls',
          h('label', { for: 'chapaev-mode' }, t('chapaev.opponent')),
          this.modeSelect,
          h('button.btn', { type: 'button', dataset: { action: 'new-match' }, onclick: () => this.restart(this.mode) }, t('chapaev.newMatch')),
        ),
        h('p.muted.chapaev-help', t('chapaev.help')),
        h('p.muted.chapaev-rules', t('chapaev.rules')),
        this.history,
      ),
    );
    root.replaceChildren(this.el);
    this.bindPointer();
    this.resize = new ResizeObserver(() => this.layout());
    this.resize.observe(this.el.querySelector('.chapaev-board'));
    this.layout();
    this.update();
  }

  destroy() {
    this.destroyed = true;
    cancelAnimationFrame(this.frame);
    this.resize.disconnect();
  }

  restart(mode) {
    cancelAnimationFrame(this.frame);
    this.mode = mode;
    this.modeSelect.value = mode;
    this.match = newMatch();
    this.phase = 'aim';
    this.sim = null;
    this.aim = null;
    this.totalShots = 0;
    this.token = (this.token || 0) + 1; // a computer still thinking about the old match gives up
    delete this.el.dataset.lastShot;
    delete this.el.dataset.from;
    this.update();
  }

  // ---- geometry: squares (x right, y up from a1's corner) and the canvas's CSS pixels

  layout() {
    const box = this.canvas.parentElement.getBoundingClientRect();
    const size = Math.max(200, Math.floor(Math.min(box.width, 720)));
    const ratio = window.devicePixelRatio || 1;
    this.size = size;
    this.canvas.style.width = `${size}px`;
    this.canvas.style.height = `${size}px`;
    this.canvas.width = Math.round(size * ratio);
    this.canvas.height = Math.round(size * ratio);
    this.ctx = this.canvas.getContext('2d');
    this.ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    this.draw();
  }

  toPx(x, y) {
    const k = this.size / SPAN;
    return [(x + MARGIN) * k, (SPAN - (y + MARGIN)) * k];
  }

  fromEvent(e) {
    const r = this.canvas.getBoundingClientRect();
    const k = SPAN / r.width;
    return [(e.clientX - r.left) * k - MARGIN, SPAN - (e.clientY - r.top) * k - MARGIN];
  }

  humanTurn() {
    return this.phase === 'aim' && !(this.mode === 'computer' && this.match.turn === 'b');
  }

  bindPointer() {
    const c = this.canvas;
    c.addEventListener('pointerdown', (e) => {
      if (!this.humanTurn()) return;
      const [x, y] = this.fromEvent(e);
      const piece = this.match.pieces
        .filter((p) => p.side === this.match.turn && Math.hypot(p.x - x, p.y - y) <= RADIUS * 1.6)
        .sort((a, b) => Math.hypot(a.x - x, a.y - y) - Math.hypot(b.x - x, b.y - y))[0];
      if (!piece) return;
      e.preventDefault();
      c.setPointerCapture(e.pointerId);
      this.aim = { id: piece.id, x, y };
      this.draw();
    });
    c.addEventListener('pointermove', (e) => {
      if (!this.aim) return;
      const [x, y] = this.fromEvent(e);
      this.aim.x = x;
      this.aim.y = y;
      this.draw();
    });
    const release = (e, cancelled) => {
      if (!this.aim) return;
      const shot = this.aimedShot();
      this.aim = null;
      if (c.hasPointerCapture(e.pointerId)) c.releasePointerCapture(e.pointerId);
      if (!cancelled && shot) this.play(shot);
      else this.draw();
    };
    c.addEventListener('pointerup', (e) => release(e, false));
    c.addEventListener('pointercancel', (e) => release(e, true));
  }

  /** The shot the drag aims now: {id, angle, power}, or null for too short a pull. */
  aimedShot() {
    const piece = this.aim && this.match.pieces.find((p) => p.id === this.aim.id);
    if (!piece) return null;
    const dx = piece.x - this.aim.x;
    const dy = piece.y - this.aim.y;
    const pull = Math.hypot(dx, dy);
    if (pull < 0.15) return null;
    return { id: piece.id, angle: Math.atan2(dy, dx), power: Math.min(1, pull / PULL) };
  }

  // ---- play

  play(shot) {
    if (!legalShot(this.match, shot)) return;
    this.sim = createSim(this.match.pieces);
    shoot(this.sim, shot);
    this.totalShots++;
    this.el.dataset.lastShot = JSON.stringify({ id: shot.id, side: this.match.turn, angle: shot.angle, power: shot.power });
    this.el.dataset.from = JSON.stringify(this.match.pieces.map((p) => ({ id: p.id, side: p.side, x: p.x, y: p.y })));
    this.phase = 'moving';
    this.update();
    const tick = () => {
      if (this.destroyed || !this.sim) return;
      for (let k = 0; k < STEPS_PER_FRAME && this.sim.steps < MAX_STEPS && moving(this.sim); k++) stepSim(this.sim);
      if (this.sim.steps >= MAX_STEPS || !moving(this.sim)) {
        if (this.sim.steps >= MAX_STEPS) halt(this.sim);
        this.finish();
        return;
      }
      this.draw();
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  finish() {
    const { match, keep, knocked, lost, roundOver } = afterShot(this.match, snapshot(this.sim), this.sim.out);
    this.sim = null;
    this.match = match;
    this.lastOutcome = { keep, knocked, lost };
    this.phase = match.winner ? 'match-over' : roundOver ? 'round-over' : 'aim';
    this.update();
    this.maybeComputer();
  }

  nextRound() {
    this.match = nextRound(this.match);
    this.phase = 'aim';
    this.lastOutcome = null;
    this.update();
    this.maybeComputer();
  }

  async maybeComputer() {
    if (this.phase !== 'aim' || this.mode !== 'computer' || this.match.turn !== 'b') return;
    this.phase = 'thinking';
    this.update();
    const token = this.token;
    const shot = await chooseShotAsync(this.match.pieces, 'b', () => new Promise((r) => requestAnimationFrame(() => r())));
    if (this.destroyed || token !== this.token || this.phase !== 'thinking') return;
    this.phase = 'aim';
    if (shot) this.play({ id: shot.id, angle: shot.angle, power: shot.power });
  }

  // ---- drawing

  update() {
    const m = this.match;
    const d = this.el.dataset;
    d.phase = this.phase;
    d.turn = m.turn;
    d.round = String(m.round);
    d.rows = `${m.rows.w},${m.rows.b}`;
    d.count = `${count(m.pieces, 'w')}:${count(m.pieces, 'b')}`;
    d.shots = String(this.totalShots);
    d.mode = this.mode;
    if (this.phase !== 'moving') d.pieces = JSON.stringify(m.pieces.map((p) => ({ id: p.id, side: p.side, x: p.x, y: p.y })));
    const side = t(m.turn === 'w' ? 'chapaev.white' : 'chapaev.black');
    const status = {
      aim: t(this.humanTurn() ? 'chapaev.yourShot' : 'chapaev.shot', { side }),
      moving: t('chapaev.moving'),
      thinking: t('chapaev.thinking'),
      'round-over': m.roundWinner === 'draw' ? t('chapaev.roundDrawn') : t('chapaev.roundWon', { side: t(m.roundWinner === 'w' ? 'chapaev.white' : 'chapaev.black') }),
      'match-over': t('chapaev.matchWon', { side: t(m.winner === 'w' ? 'chapaev.white' : 'chapaev.black') }),
    }[this.phase];
    let outcome = '';
    if (this.lastOutcome && this.phase === 'aim') {
      const o = this.lastOutcome;
      outcome = o.keep ? t('chapaev.keeps', { n: o.knocked }) : o.lost ? t('chapaev.lostOwn', { n: o.lost }) : t('chapaev.missed');
    }
    this.status.replaceChildren(...[h('span.chapaev-turn', { dataset: { side: m.turn } }), status, outcome && h('span.chapaev-outcome', ' · ', outcome)].filter(Boolean));
    this.facts.replaceChildren(
      h('span', t('chapaev.round', { n: m.round })),
      h('span', t('chapaev.rows', { w: m.rows.w + 1, b: m.rows.b + 1 })),
      h('span', t('chapaev.left', { w: count(m.pieces, 'w'), b: count(m.pieces, 'b') })),
    );
    this.history.replaceChildren(
      ...m.history.map((r) =>
        h('li', t('chapaev.historyLine', { n: r.round, who: r.winner === 'draw' ? t('chapaev.draw') : t(r.winner === 'w' ? 'chapaev.white' : 'chapaev.black') })),
      ),
    );
    const over = this.phase === 'round-over' || this.phase === 'match-over';
    this.banner.hidden = !over;
    if (over)
      this.banner.replaceChildren(
        h('p', status),
        this.phase === 'round-over'
          ? h('button.btn.primary', { type: 'button', dataset: { action: 'next-round' }, onclick: () => this.nextRound() }, t('chapaev.nextRound'))
          : h('button.btn.primary', { type: 'button', dataset: { action: 'new-match' }, onclick: () => this.restart(this.mode) }, t('chapaev.newMatch')),
      );
    this.draw();
  }

  draw() {
    const ctx = this.ctx;
    if (!ctx) return;
    const k = this.size / SPAN;
    ctx.clearRect(0, 0, this.size, this.size);
    // the table and the board's frame
    ctx.fillStyle = '#6f4f34';
    ctx.fillRect(0, 0, this.size, this.size);
    const [bx, by] = this.toPx(0, BOARD);
    for (let r = 0; r < BOARD; r++)
      for (let f = 0; f < BOARD; f++) {
        const [x, y] = this.toPx(f, r + 1);
        ctx.fillStyle = (f + r) % 2 === 0 ? '#b68a5f' : '#f1e2c6';
        ctx.fillRect(x, y, k + 0.5, k + 0.5);
      }
    ctx.strokeStyle = '#3d2a1a';
    ctx.lineWidth = 2;
    ctx.strokeRect(bx, by, BOARD * k, BOARD * k);
    // the rows the sides set out on this round
    const pieces = this.sim ? snapshot(this.sim) : this.match.pieces;
    for (const p of pieces) {
      const [x, y] = this.toPx(p.x, p.y);
      const active = this.phase === 'aim' && p.side === this.match.turn && this.humanTurn();
      ctx.beginPath();
      ctx.arc(x, y + k * 0.04, RADIUS * k, 0, Math.PI * 2);
      ctx.fillStyle = 'rgba(0,0,0,0.3)';
      ctx.fill();
      ctx.beginPath();
      ctx.arc(x, y, RADIUS * k, 0, Math.PI * 2);
      ctx.fillStyle = p.side === 'w' ? '#f6efe2' : '#2e2926';
      ctx.fill();
      ctx.lineWidth = active ? 3 : 1.5;
      ctx.strokeStyle = active ? '#e7b43c' : p.side === 'w' ? '#a8977d' : '#000';
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(x, y, RADIUS * k * 0.62, 0, Math.PI * 2);
      ctx.lineWidth = 1;
      ctx.strokeStyle = p.side === 'w' ? 'rgba(120,100,70,0.5)' : 'rgba(255,255,255,0.18)';
      ctx.stroke();
    }
    // the aim: the way the piece will go, as long as the shot is hard
    const shot = this.aim && this.aimedShot();
    if (shot) {
      const p = this.match.pieces.find((q) => q.id === shot.id);
      const len = 0.6 + shot.power * 3;
      const [x0, y0] = this.toPx(p.x, p.y);
      const [x1, y1] = this.toPx(p.x + Math.cos(shot.angle) * len, p.y + Math.sin(shot.angle) * len);
      const [px, py] = this.toPx(this.aim.x, this.aim.y);
      ctx.setLineDash([6, 6]);
      ctx.lineWidth = 2;
      ctx.strokeStyle = 'rgba(255,255,255,0.7)';
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(px, py);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.lineWidth = 4;
      ctx.strokeStyle = `hsl(${120 - 120 * shot.power}, 80%, 45%)`;
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.stroke();
    }
  }
}

/** Chapaev drawn into `el`; returns the view (call destroy() when leaving). */
export function chapaevMount(el) {
  return new ChapaevView(el);
}
