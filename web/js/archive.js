// archive.js - the archive (#/archive?q=&result=&status=&variant=&page=): every game kept, of
// every kind (the draughts games, the column games, the other games of two, three or four
// players), each with its game and its players, searched by player, result or game, opened for
// replay in the game view on its own board (#/play/ID), reviewed by the engine (#/play/ID?review:
// review.js), deleted, imported from and exported to PDN.

import { api } from './api.js';
import { confirmDialog, errorText, h, icon, toast } from './dom.js';
import { reasonText, t } from './i18n.js';
import './i18n_review.js';
import { resultScore } from './game_panel.js';
import { session } from './session.js';
import { playerChips, playersOf, variantInfo, variantName, variantOptions } from './variants.js';

const PAGE = 20;

function when(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(document.documentElement.lang || undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export class ArchiveView {
  constructor(root, params) {
    this.root = root;
    this.closed = false;
    this.q = params.get('q') || '';
    this.result = params.get('result') || '';
    this.status = params.get('status') || '';
    this.variant = params.get('variant') ? variantInfo(params.get('variant')).name : '';
    this.page = Math.max(0, Number(params.get('page') || 0));
    this.seq = 0;

    this.search = h('input#archive-search', { type: 'search', placeholder: t('archive.search'), 'aria-label': t('archive.search'), value: this.q });
    this.searchTimer = null;
    this.search.addEventListener('input', () => {
      clearTimeout(this.searchTimer);
      this.searchTimer = setTimeout(() => {
        this.q = this.search.value.trim();
        this.page = 0;
        this.load();
      }, 250);
    });
    const select = (id, label, value, options, onchange) =>
      h(`select#${id}`, { 'aria-label': label, onchange }, options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)));
    this.resultSelect = select('archive-result', t('archive.result'), this.result, [
      ['', t('archive.any')],
      ['1-0', `1–0 · ${t('game.result.1-0')}`],
      ['0-1', `0–1 · ${t('game.result.0-1')}`],
      ['1/2-1/2', `½–½ · ${t('game.result.1/2-1/2')}`],
      ['*', `* · ${t('game.result.*')}`],
    ], () => {
      this.result = this.resultSelect.value;
      this.page = 0;
      this.load();
    });
    this.statusSelect = select('archive-status', t('archive.status'), this.status, [
      ['', t('archive.status')],
      ['playing', t('archive.playing')],
      ['finished', t('archive.finished')],
    ], () => {
      this.status = this.statusSelect.value;
      this.page = 0;
      this.load();
    });
    this.variantSelect = select('archive-variant', t('variant.label'), this.variant, [['', t('variant.any')]], () => {
      this.variant = this.variantSelect.value;
      this.page = 0;
      this.load();
    });
    this.variantSelect.append(...variantOptions(this.variant));
    this.count = h('span.muted.count-line');
    this.table = h('div.archive-list#archive-list', { role: 'list' });
    this.pager = h('div.pager');
    root.replaceChildren(
      h(
        'div.archive',
        h(
          'header.page-head',
          h('h1', t('archive.title')),
          h(
            'div.page-actions',
            session.arbiter ? h('button.btn', { type: 'button', dataset: { action: 'import' }, onclick: () => this.importDialog() }, icon('upload'), t('archive.import')) : null,
            h('a.btn', { href: api.exportUrl(), download: 'shashki-archive.pdn', dataset: { action: 'export-all' } }, icon('download'), t('archive.exportAll')),
          ),
        ),
        h('div.filters', h('label.search-box', icon('search'), this.search), this.resultSelect, this.statusSelect, this.variantSelect, this.count),
        this.table,
        this.pager,
      ),
    );
    this.load();
  }

  // A search typed just before a game is opened must not run after the view is gone: its
  // saveAddress would write #/archive over the game's address.
  destroy() {
    this.closed = true;
    clearTimeout(this.searchTimer);
  }

  saveAddress() {
    if (this.closed) return;
    const q = new URLSearchParams();
    if (this.q) q.set('q', this.q);
    if (this.result) q.set('result', this.result);
    if (this.status) q.set('status', this.status);
    if (this.variant) q.set('variant', this.variant);
    if (this.page) q.set('page', String(this.page));
    const s = q.toString();
    history.replaceState(null, '', '#/archive' + (s ? '?' + s : ''));
  }

  async load() {
    if (this.closed) return;
    this.saveAddress();
    const seq = ++this.seq;
    try {
      const r = await api.games({ q: this.q, result: this.result, status: this.status, variant: this.variant, limit: PAGE, offset: this.page * PAGE });
      if (this.closed || seq !== this.seq) return;
      this.render(r);
    } catch (e) {
      if (this.closed || seq !== this.seq) return;
      this.table.replaceChildren(h('div.empty-state', h('p', t('common.error', { msg: errorText(e) })), h('button.btn', { type: 'button', onclick: () => this.load() }, t('common.retry'))));
      this.count.textContent = '';
      this.pager.replaceChildren();
    }
  }

  render(r) {
    this.count.textContent = r.total === 1 ? t('archive.countOne') : t('archive.count', { n: r.total });
    if (!r.games.length) {
      this.table.replaceChildren(h('div.empty-state', h('p', t('archive.empty'))));
    } else {
      this.table.replaceChildren(
        h(
          'div.arow.ahead',
          { 'aria-hidden': 'true' },
          h('span', '#'),
          h('span', t('archive.date')),
          h('span', t('archive.players')),
          h('span', t('archive.result')),
          h('span', t('archive.moves')),
          h('span'),
        ),
        ...r.games.map((g) => this.row(g)),
      );
    }
    const pages = Math.ceil(r.total / PAGE);
    this.pager.replaceChildren();
    if (pages > 1) {
      this.pager.append(
        h('button.btn', { type: 'button', disabled: this.page === 0, onclick: () => this.turn(-1) }, icon('prev'), t('archive.prev')),
        h('span.muted', `${this.page + 1} / ${pages}`),
        h('button.btn', { type: 'button', disabled: this.page >= pages - 1, onclick: () => this.turn(1) }, t('archive.next'), icon('next')),
      );
    }
  }

  turn(d) {
    this.page += d;
    this.load();
  }

  row(g) {
    const winner = playersOf(g)[g.result.split('-').indexOf('1')];
    const many = g.result.split('-').length > 2;
    const outcome = g.status === 'playing' ? 'playing' : g.result === '1-0' ? 'white' : g.result === '0-1' ? 'black' : g.result === '1/2-1/2' ? 'draw' : many && winner ? winner.colour : many ? 'draw' : 'none';
    const resultLabel = g.status === 'playing' ? t('archive.playing') : resultScore(g.result);
    return h(
      'div.arow',
      { role: 'listitem', dataset: { id: String(g.id) } },
      h('span.aid', `#${g.id}`),
      h(
        'span.adate',
        when(g.created),
        g.event ? h('a.aevent', { href: `#/events/${g.event.id}`, dataset: { event: String(g.event.id) } }, t('events.ofEvent', { name: g.event.name, round: g.event.round, board: g.event.board })) : null,
      ),
      h(
        'a.aplayers',
        { href: `#/play/${g.id}`, dataset: { players: String(playersOf(g).length) } },
        playerChips(g),
        h('span.avariant', { dataset: { variant: g.variant || 'russian', family: variantInfo(g.variant || 'russian').family || 'draughts' } }, variantName(g.variant || 'russian')),
        g.opening ? h('span.aopening', g.opening) : null,
      ),

      h('span.aresult', { dataset: { outcome }, title: reasonText(g.reason, g.reason_code, g.result) }, resultLabel),
      h('span.amoves', String(g.moves)),
      h(
        'span.aactions',
        h('a.btn.small', { href: `#/play/${g.id}`, dataset: { action: 'replay' } }, icon('play'), h('span', t('archive.open'))),
        g.status === 'finished' && g.moves > 0 && variantInfo(g.variant || 'russian').engine !== false
          ? h('a.btn.small', { href: `#/play/${g.id}?review`, title: t('archive.review'), dataset: { action: 'review' } }, icon('chart'), h('span', t('archive.review')))
          : null,
        h('a.btn.small', { href: api.pdnUrl(g.id), download: `shashki-${g.id}.pdn`, title: t('archive.pdnTitle'), dataset: { action: 'pdn' } }, icon('download'), h('span', 'PDN')),
        session.arbiter
          ? h(
              'button.btn.small.danger-ghost',
              { type: 'button', title: t('archive.delete'), dataset: { action: 'delete' }, onclick: () => this.remove(g) },
              icon('trash'),
              h('span', t('archive.delete')),
            )
          : null,
      ),
    );
  }

  async remove(g) {
    const ok = await confirmDialog(
      t('archive.confirmDelete', { id: g.id, white: playersOf(g)[0].name, black: playersOf(g).slice(1).map((p) => p.name).join(', ') }),
      t('archive.delete'),
      t('new.cancel'),
      true,
    );
    if (!ok) return;
    try {
      await api.deleteGame(g.id);
      toast(t('archive.deleted', { id: g.id }));
      this.load();
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  importDialog() {
    const pdn = h('textarea#archive-pdn', { rows: '10', spellcheck: 'false', placeholder: '[Event "…"]\n[White "…"]\n[Black "…"]\n[Result "1-0"]\n\n1. c3-d4 f6-g5 2. …', 'aria-label': t('analysis.pastePdn') });
    const file = h('input', { type: 'file', accept: '.pdn,.txt,text/plain', hidden: true });
    const out = h('div.import-result', { role: 'status' });
    file.addEventListener('change', async () => {
      if (file.files[0]) pdn.value = await file.files[0].text();
    });
    const dialog = h('dialog.modal.wide', { 'aria-label': t('archive.importTitle') });
    const close = () => {
      dialog.close();
      dialog.remove();
    };
    const go = h('button.btn.primary', {
      type: 'button',
      dataset: { action: 'do-import' },
      onclick: async () => {
        go.disabled = true;
        try {
          const r = await api.importPdn(pdn.value);
          const parts = [h('p.ok', t('archive.imported', { n: r.imported.length }))];
          if (r.errors && r.errors.length) {
            parts.push(h('p.bad', t('archive.importErrors', { n: r.errors.length })), h('ul.errors', r.errors.slice(0, 20).map((e) => h('li', t('archive.importError', e)))));
          }
          out.replaceChildren(...parts);
          this.load();
        } catch (e) {
          out.replaceChildren(h('p.bad', errorText(e)));
        } finally {
          go.disabled = false;
        }
      },
    }, t('archive.importDo'));
    dialog.append(
      h('header.dialog-head', h('h2', t('archive.importTitle')), h('button.btn.icon-only.ghost', { type: 'button', 'aria-label': t('common.close'), onclick: close }, icon('close'))),
      h(
        'div.dialog-body',
        h('label.label', { for: 'archive-pdn' }, t('analysis.pastePdn')),
        pdn,
        out,
      ),
      h('footer.dialog-actions', h('button.btn', { type: 'button', onclick: () => file.click() }, icon('upload'), t('analysis.chooseFile')), file, h('span.spacer'), h('button.btn', { type: 'button', onclick: close }, t('common.close')), go),
    );
    dialog.addEventListener('close', () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
    pdn.focus();
  }
}
