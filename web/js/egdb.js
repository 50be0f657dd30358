// egdb.js - the note on the endgame databases in the analysis board's engine card: which ones
// the engine uses, and, while the server builds those of 5 pieces in the background on its
// first start, how far it is (GET /api/egdb/events, docs/web-api.md). They hold Russian
// checkers only: the note shows for that game alone.

import { api } from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';
import './i18n_egdb.js';

/** The text of a state of /api/health's "egdb", or '' when there is nothing to say. */
export function egdbText(s) {
  if (!s) return '';
  if (s.state === 'building') return t(s.pieces ? 'egdb.building' : 'egdb.buildingNone', s);
  if (s.state === 'failed') return t('egdb.failed', { msg: s.error || '?' });
  return s.pieces ? t('egdb.ready', s) : '';
}

export class EgdbNote {
  constructor() {
    this.el = h('p.egdb-note', { hidden: true, role: 'status' });
    this.status = null;
    this.russian = true;
    // followed while the server builds; the stream ends with the build
    this.stop = api.egdbEvents((s) => {
      this.status = s;
      this.render();
      if (s.state !== 'building') this.close();
    });
  }

  /** The game on the board: the note is Russian checkers' only. */
  setVariant(name) {
    this.russian = name === 'russian';
    this.render();
  }

  render() {
    const text = this.russian ? egdbText(this.status) : '';
    this.el.textContent = text;
    this.el.hidden = !text;
    this.el.dataset.state = this.status ? this.status.state : '';
  }

  close() {
    this.stop && this.stop();
    this.stop = null;
  }
}
