// solve.js - the analysis board's "solve" card: the solver's verdict on the position on the
// board (POST /api/solve), its solution written as a composition's, the duals and cooks when
// asked for, and the main line played onto the board on request.
//
// The card follows the board: a new position clears the last answer (an answer that arrives
// for a position no longer shown is dropped). The server bounds the solver's CPU time
// (SECONDS here), so a press never waits longer than that.

import { api } from './api.js';
import { errorText, h, icon } from './dom.js';
import { colorName, t } from './i18n.js';
import './i18n_puzzles.js';
import { moveText } from './prefs.js';

const SECONDS = 10;

export class SolveCard {
  /** options: playLine(moves) plays Move objects from the position shown. */
  constructor(options) {
    this.options = options;
    this.position = null;
    this.variant = 'russian';
    this.token = 0;
    this.goal = h(
      'select#solve-goal',
      { 'aria-label': t('solve.goal') },
      ['win', 'material', 'draw'].map((g) => h('option', { value: g }, t('solve.goal.' + g))),
    );
    this.moves = h('input#solve-moves.num-field', { type: 'number', min: '1', max: '20', value: '10', 'aria-label': t('solve.moves') });
    this.sound = h('input#solve-sound', { type: 'checkbox' });
    this.button = h('button.btn.primary', { type: 'button', dataset: { action: 'solve' }, onclick: () => this.run() }, icon('puzzle'), t('solve.run'));
    this.status = h('div.solve-status', { role: 'status' }, t('solve.idle'));
    this.out = h('div.solve-out');
    this.el = h(
      'section.card.solve-card',
      { dataset: { state: 'idle' } },
      h('h2.card-title', t('solve.title')),
      h(
        'div.solve-form',
        h('label.inline', h('span', t('solve.goal')), this.goal),
        h('label.inline', h('span', t('solve.moves')), this.moves),
        h('label.inline.check', this.sound, h('span', t('solve.sound'))),
        this.button,
      ),
      this.status,
      this.out,
    );
  }

  /** The position on the board (a Position of the API) and its game. */
  setPosition(pos, variant) {
    if (this.position && pos && this.position.fen === pos.fen && this.variant === variant) return;
    this.position = pos;
    this.variant = variant;
    this.token++;
    this.setState('idle');
    this.status.textContent = t('solve.idle');
    this.out.replaceChildren();
    this.button.disabled = !pos;
  }

  setState(s) {
    this.el.dataset.state = s;
  }

  async run() {
    const pos = this.position;
    if (!pos) return;
    if (pos.over || pos.legal.length === 0) {
      this.setState('done');
      this.status.textContent = t('solve.over');
      return;
    }
    const token = ++this.token;
    const moves = Math.max(1, Math.min(20, Number(this.moves.value) || 10));
    this.setState('running');
    this.button.disabled = true;
    this.status.replaceChildren(h('span.spinner'), t('solve.running', { s: SECONDS }));
    this.out.replaceChildren();
    let r;
    try {
      r = await api.solve({ fen: pos.fen, variant: this.variant, goal: this.goal.value, moves, seconds: SECONDS, sound: this.sound.checked });
    } catch (e) {
      if (token !== this.token) return;
      this.button.disabled = false;
      this.setState('error');
      this.status.textContent = e.status === 503 ? t('solve.busy') : errorText(e);
      return;
    }
    if (token !== this.token) return;
    this.button.disabled = false;
    this.show(r, pos);
  }

  show(r, pos) {
    const side = colorName(r.solver || pos.side);
    const verdict =
      r.verdict === 'proven'
        ? t(`solve.proven.${r.goal}`, { side, n: r.moves })
        : r.verdict === 'none'
          ? t(`solve.none.${r.goal}`, { side, n: r.limits.moves })
          : t('solve.unknown', { s: r.limits.seconds });
    this.el.dataset.verdict = r.verdict;
    this.status.replaceChildren(
      h('strong.solve-verdict', verdict),
      h('span.chip', t('solve.stats', { nodes: (r.nodes || 0).toLocaleString(), s: (r.seconds || 0).toFixed(2) })),
    );
    const parts = [];
    if (r.solution) parts.push(h('p.solve-solution', r.solution));
    for (const f of r.flaws || []) {
      parts.push(h('p.solve-flaw', f.kind === 'cook' ? t('solve.cook', { alt: f.alternative }) : t('solve.dual', { move: f.move, alt: f.alternative })));
    }
    if (r.main && r.main.length) {
      parts.push(
        h('p.solve-main', r.main.map((m) => moveText(m)).join(' ')),
        h('button.btn', { type: 'button', dataset: { action: 'solve-play' }, onclick: () => this.options.playLine(r.main) }, icon('play'), t('solve.play')),
      );
    }
    this.out.replaceChildren(...parts);
    this.setState('done');
  }
}
