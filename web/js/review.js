// review.js - a finished game's review in the game view (docs/web-api.md "Reviews"). The server
// reviews the game in the background (every position searched by the engine); this card asks for
// it, shows its progress, then draws the evaluation chart of the whole game (a point per
// position; a click goes to that move), puts the marks (?!, ?, ??, !) in the move list, tells the
// verdict on the move shown with the better move, shows the better line on the board, and sums
// up each player (mistakes, blunders, average loss).
//
// The review is the server's, kept with the game: a game reviewed once shows its review at once,
// on any device, after any restart. While it is made the card follows the review's events (or
// asks again every few seconds when they break).

import { api } from './api.js';
import { svg } from './chart.js';
import { errorText, h, icon, legend } from './dom.js';
import { parseFen } from './fen.js';
import { colorName, playerName, t } from './i18n.js';
import './i18n_review.js';
import { moveNumber } from './movelist.js';
import { swatchColour } from './variants.js';

const W = 640; // the chart's size in its own units (it scales to the board's width)
const H = 110;
const NAMES = { '??': 'blunder', '?': 'mistake', '?!': 'inaccuracy', '!': 'only' };

/** A score as the card writes it: "+0.35" (White's view), "White wins in 7", a database win. */
export function scoreText(p) {
  if (p.win) {
    const side = p.win.side ? colorName(p.win.side) : '?';
    if (p.win.database) return t('review.winDb', { side });
    return t('review.win', { side, n: Math.ceil(p.win.plies / 2) });
  }
  if (p.white_cp === null || p.white_cp === undefined) return `${p.chance}%`;
  const v = p.white_cp / 100;
  return (v > 0 ? '+' : v < 0 ? '−' : '') + Math.abs(v).toFixed(2);
}

export class ReviewPanel {
  /** view: the GameView whose game this reviews. */
  constructor(view) {
    this.view = view;
    this.review = null;
    this.stopFollow = null;
    this.poll = null;
    this.line = null; // {ply, step}: the better line of move `ply` shown on the board
    this.autostart = false;
    this.el = h('section.card.review-card#review', { hidden: true, 'aria-label': t('review.title') });
    // the chart, under the board (the game view places it; on a phone above this card)
    this.chartSlot = h('div.review-chart-slot', { hidden: true });
  }

  destroy() {
    this.unfollow();
  }

  /** Whether the game can be reviewed: over, and a game the engine plays. */
  reviewable(g) {
    // a game played in the browser is reviewed once the server's archive has it
    return !!g && !g.browser && g.status !== 'playing' && g.engine !== false && g.moves.length > 0;
  }

  /** The game (re)drawn: show what its review is, asking for it when the page was opened so. */
  setGame(g) {
    this.el.hidden = !this.reviewable(g);
    if (this.el.hidden) {
      this.chartSlot.hidden = true;
      delete this.view.layout.dataset.review;
      return;
    }
    const brief = g.review;
    if (!this.review && brief && brief.status !== 'none' && !this.loading) {
      this.loading = true;
      api
        .review(g.id)
        .then((r) => this.apply(r))
        .catch(() => {})
        .finally(() => (this.loading = false));
    } else if (!this.review && !brief && this.autostart) {
      this.autostart = false;
      this.start();
    }
    if (!this.review) this.render();
  }

  async start() {
    try {
      this.apply(await api.askReview(this.view.id));
    } catch (e) {
      this.error = errorText(e);
      this.render();
    }
  }

  follow() {
    if (this.stopFollow || this.poll) return;
    this.stopFollow = api.reviewEvents(
      this.view.id,
      (r) => this.apply(r),
      (source) => {
        if (source.readyState === EventSource.CLOSED) {
          this.unfollow();
          this.poll = setInterval(async () => {
            try {
              this.apply(await api.review(this.view.id));
            } catch {
              /* ask again at the next tick */
            }
          }, 2000);
        }
      },
    );
  }

  unfollow() {
    if (this.stopFollow) this.stopFollow();
    this.stopFollow = null;
    clearInterval(this.poll);
    this.poll = null;
  }

  apply(r) {
    if (this.view.closed) return;
    this.review = r;
    this.error = null;
    if (r.status === 'queued' || r.status === 'running') this.follow();
    else this.unfollow();
    const marks = new Map();
    for (const m of r.moves || []) if (m.mark) marks.set(m.ply, m.mark);
    this.view.moveList.setMarks(marks.size ? (ply) => marks.get(ply) || null : null);
    this.render();
  }

  /** The game view moved to another position: the chart's cursor, the verdict of its move. */
  onPly() {
    if (this.line) this.leaveLine();
    this.render();
  }

  get ply() {
    const v = this.view;
    return v.viewing === null ? v.game.moves.length : v.viewing;
  }

  // ---- drawing ----

  render() {
    const r = this.review;
    const g = this.view.game;
    if (!g || this.el.hidden) return;
    const head = h('h2.card-title', icon('chart'), t('review.title'));
    this.el.dataset.status = r ? r.status : 'none';
    this.view.layout.dataset.review = this.el.dataset.status;
    this.chartSlot.hidden = !r || r.status !== 'done';
    if (!r || r.status === 'none' || r.status === 'failed') {
      const why = this.error || (r && r.status === 'failed' ? r.error : null);
      // replaceChildren writes a null as the word "null": no error, no paragraph
      this.el.replaceChildren(
        ...[
          head,
          h('p.review-lead', t('review.lead')),
          why ? h('p.review-error', t('review.failed', { msg: why })) : null,
          h('button.btn.primary', { type: 'button', dataset: { action: 'start-review' }, onclick: () => this.start() }, icon('chart'), h('span', why ? t('review.retry') : t('review.start'))),
        ].filter(Boolean),
      );
      return;
    }
    if (r.status !== 'done') {
      const total = Math.max(1, r.total);
      this.el.replaceChildren(
        head,
        h(
          'div.review-progress',
          { role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': String(total), 'aria-valuenow': String(r.done) },
          h('span.review-progress-fill', { style: `width:${Math.round((100 * r.done) / total)}%` }),
        ),
        h('p.review-state', r.status === 'queued' ? t('review.queued', { n: r.place }) : t('review.running', { done: r.done, total: r.total })),
      );
      return;
    }
    this.chartSlot.replaceChildren(this.figure(r));
    this.el.replaceChildren(head, this.verdict(r), this.summary(r), this.summaryLegend());
  }

  /** x of a ply on the chart. */
  x(ply) {
    const r = this.review;
    const span = Math.max(1, r.plies - r.first);
    return ((ply - r.first) / span) * W;
  }

  /** The chart with its axes (the chances in percent up the side, the moves along the bottom)
   *  and its legend in words under it. */
  figure(r) {
    const two = r.positions.length > 0 && r.positions[0].white !== null;
    const g = this.view.game;
    const swatch = (cls, style) => h('span.review-swatch', { class: cls, style });
    const items = two
      ? [
          [swatch('white'), t('review.legendWhite')],
          [swatch('black'), t('review.legendBlack')],
          [swatch('mid'), t('review.legendMid')],
        ]
      : this.view.colours.map((c) => [swatch('player', `background:${swatchColour(g.variant, c)}`), t('review.legendPlayer', { player: playerName(g[c], c) })]);
    items.push([swatch('mark'), t('review.legendMarks')]);
    return h(
      'figure.review-figure',
      h('div.review-axis-y', { 'aria-hidden': 'true' }, h('span', '100%'), h('span', '50%'), h('span', '0%')),
      this.chart(r),
      h('div.review-axis-x', { 'aria-hidden': 'true' }, h('span', r.first > 0 ? this.moveLabel(r.first) : t('game.first')), h('span.review-axis-name', t('review.axisMoves')), h('span', this.moveLabel(r.plies))),
      h('figcaption.review-legend', items.map(([sw, text]) => h('span.review-legend-item', sw, text))),
    );
  }

  chart(r) {
    const y = (percent) => (1 - percent / 100) * H;
    const two = r.positions.length > 0 && r.positions[0].white !== null;
    const el = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'review-chart', role: 'img', 'aria-label': two ? t('review.chart') : t('review.chartMany') });
    el.append(svg('rect', { x: 0, y: 0, width: W, height: H, class: two ? 'chart-black' : 'chart-back' }));
    if (two) {
      const pts = r.positions.map((p) => [this.x(p.ply), y(p.white)]);
      const area = [[pts[0][0], H], ...pts, [pts[pts.length - 1][0], H]];
      el.append(svg('polygon', { points: area.map((p) => p.join(',')).join(' '), class: 'chart-white' }));
      el.append(svg('polyline', { points: pts.map((p) => p.join(',')).join(' '), class: 'chart-line' }));
    } else {
      // each player's chances after each of their moves, a line in their colour
      const colours = this.view.colours;
      for (const c of colours) {
        const pts = r.moves.filter((m) => m.side === c && m.judged).map((m) => [this.x(m.ply), y(m.after)]);
        if (pts.length) el.append(svg('polyline', { points: pts.map((p) => p.join(',')).join(' '), class: 'chart-player', stroke: swatchColour(this.view.game.variant, c), 'data-colour': c }));
      }
    }
    el.append(svg('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'chart-mid' }));
    // the marks, at the position each marked move led to
    const byPly = new Map(r.positions.map((p) => [p.ply, p]));
    for (const m of r.moves) {
      if (!m.mark || m.mark === '!') continue;
      const p = byPly.get(m.ply);
      const at = two ? (p ? p.white : null) : m.after;
      if (at === null || at === undefined) continue;
      el.append(svg('circle', { cx: this.x(m.ply), cy: y(at), r: 3.6, class: `chart-mark ${NAMES[m.mark]}`, 'data-mark': m.mark }));
    }
    const cursor = this.x(Math.max(r.first, Math.min(r.plies, this.ply)));
    el.append(svg('line', { x1: cursor, x2: cursor, y1: 0, y2: H, class: 'chart-cursor' }));
    // a column per position to click: the game view goes there
    const step = W / Math.max(1, r.plies - r.first);
    for (let ply = r.first; ply <= r.plies; ply++) {
      const hit = svg('rect', { x: this.x(ply) - step / 2, y: 0, width: step, height: H, class: 'chart-hit', 'data-ply': ply });
      const title = svg('title');
      const p = byPly.get(ply);
      title.textContent = p ? `${this.moveLabel(ply)} ${scoreText(p)}` : this.moveLabel(ply);
      hit.append(title);
      hit.addEventListener('click', () => this.view.review(ply));
      el.append(hit);
    }
    return el;
  }

  /** "12. c3-d4" or "12... f6-g5" for the move that led to position ply; the start for 0. */
  moveLabel(ply) {
    const g = this.view.game;
    if (ply === 0) return t('game.first');
    const moves = g.moves.map((m) => m.move);
    const n = moveNumber(moves, this.view.board.startSide(g), ply, this.view.colours);
    const m = moves[ply - 1];
    const black = this.view.colours.length === 2 && m.side === this.view.colours[1];
    return `${n}${black ? '...' : '.'} ${this.view.moveList.text(m)}`;
  }

  verdict(r) {
    const ply = this.ply;
    const parts = [];
    const m = ply > 0 ? r.moves.find((x) => x.ply === ply) : null;
    const p = r.positions.find((x) => x.ply === ply);
    const el = h('div.review-move', { dataset: { ply: String(ply), mark: (m && m.mark) || '' } });
    if (m) {
      parts.push(h('div.review-move-head', h('strong', this.moveLabel(ply)), m.mark ? h('span.review-badge', { class: NAMES[m.mark] }, `${m.mark} ${t('review.name.' + NAMES[m.mark])}`) : null));
      if (m.judged && m.mark && m.mark !== '!') {
        parts.push(h('p.review-loss', t('review.loss', { loss: m.loss, before: m.before, after: m.after })));
      }
      if (m.mark === '!' && m.second) parts.push(h('p.review-loss', t('review.onlyText', { move: m.second })));
      if (m.best) {
        const showing = this.line && this.line.ply === ply;
        parts.push(
          h(
            'div.review-better',
            h('span', t('review.better', { move: this.view.moveList.text(m.best) })),
            showing ? null : h('button.btn.small', { type: 'button', dataset: { action: 'show-line' }, onclick: () => this.showLine(ply, -1) }, icon('eye'), h('span', t('review.showLine'))),
          ),
          showing ? this.lineControls(m) : null,
        );
      }
    } else {
      parts.push(h('div.review-move-head', h('strong', this.moveLabel(ply))));
    }
    if (p) {
      parts.push(h('p.review-eval', t('review.eval', { score: scoreText(p), depth: p.depth })));
      if (p.pv && p.pv.length) parts.push(h('p.review-pv', t('review.line', { line: p.pv.slice(0, 8).join(' ') })));
    }
    el.append(...parts.filter(Boolean));
    return el;
  }

  /** What the summary's columns mean, in sight under it. */
  summaryLegend() {
    return legend(
      [['?!', t('review.inaccuracies')], ['?', t('review.mistakes')], ['??', t('review.blunders')], ['!', t('review.only')], [t('review.averageLoss'), t('review.averageLossLong')]],
      '.review-summary-legend',
    );
  }

  summary(r) {
    const g = this.view.game;
    const cols = ['inaccuracies', 'mistakes', 'blunders', 'only'];
    const glyph = { inaccuracies: '?!', mistakes: '?', blunders: '??', only: '!' };
    return h(
      'table.review-summary',
      h(
        'thead',
        h('tr', h('th', { scope: 'col' }, t('review.player')), ...cols.map((c) => h('th', { scope: 'col', title: t('review.' + c) }, glyph[c])), h('th', { scope: 'col', title: t('review.averageLossLong') }, t('review.averageLoss'))),
      ),
      h(
        'tbody',
        this.view.colours.map((c) => {
          const s = r.summary[c] || {};
          const player = (g.players || []).find((p) => p.colour === c) || {};
          return h(
            'tr',
            { dataset: { colour: c } },
            h('th', { scope: 'row' }, h('span.dot', { class: c, style: c === 'white' || c === 'black' ? null : `background:${swatchColour(g.variant, c)}` }), playerName(g[c] ?? player.name, c)),
            ...cols.map((k) => h('td', { dataset: { count: k } }, String(s[k] ?? 0))),
            h('td', { dataset: { count: 'average_loss' } }, `${s.average_loss ?? 0}%`),
          );
        }),
      ),
    );
  }

  // ---- the better line on the board ----

  lineControls(m) {
    const step = this.line.step;
    const n = m.line.length;
    const at = step < 0 ? t('review.lineStart') : t('review.lineStep', { k: step + 1, n, move: this.view.moveList.text(m.line[step].move) });
    return h(
      'div.review-line',
      { title: t('review.lineHint') },
      h('button.btn.small.icon-only', { type: 'button', 'aria-label': t('game.prev'), dataset: { action: 'line-prev' }, disabled: step < 0, onclick: () => this.showLine(this.line.ply, step - 1) }, icon('prev')),
      h('span.review-line-at', at),
      h('button.btn.small.icon-only', { type: 'button', 'aria-label': t('game.next'), dataset: { action: 'line-next' }, disabled: step >= n - 1, onclick: () => this.showLine(this.line.ply, step + 1) }, icon('next')),
      h('button.btn.small', { type: 'button', dataset: { action: 'hide-line' }, onclick: () => this.leaveLine(true) }, t('review.hideLine')),
    );
  }

  /** Show the better line of move `ply` on the board: -1 the position before it, with the better
   *  move's arrow; k the position after the line's k+1 moves. */
  showLine(ply, step) {
    const v = this.view;
    const m = this.review.moves.find((x) => x.ply === ply);
    if (!m || !m.best) return;
    this.line = { ply, step };
    const board = v.board;
    if (step < 0) {
      board.showPly(v.game, ply - 1);
      if (board.squares) board.view.setArrows([{ path: m.best.paths[0] || [m.best.from, m.best.to], kind: 'best' }]);
    } else if (board.squares) {
      const s = m.line[step];
      const pos = parseFen(s.fen, board.geo);
      board.view.setArrows([]);
      board.view.setPosition(pos.board, [], { lastMove: s.move, columns: pos.columns || null });
      board.view.svg.dataset.ply = `line-${step + 1}`;
    }
    this.el.dataset.line = String(step);
    this.render();
  }

  /** Back to the game's own position (redraw: the card's button). */
  leaveLine(redraw = false) {
    const v = this.view;
    this.line = null;
    delete this.el.dataset.line;
    if (v.board.squares) v.board.view.setArrows([]);
    if (redraw) {
      v.review(this.ply);
    }
  }
}
