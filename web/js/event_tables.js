// event_tables.js - an event of a game of three or four players (Novgorod, Neva): its tables
// in the pairings (each seat's player in the game's colours, the points each scored there) and
// the arbiter's result of a table, a share of the point for each seat (docs/tournaments.md
// "Tables"). event.js calls tableRow for a pairing with seats.

import { h, icon } from './dom.js';
import { t } from './i18n.js';
import './i18n_tables.js';
import { coloursOf, swatchColour } from './variants.js';

/** The results a table of n can have: '*' and, for each group sharing the point, its shares
 * ('1-0-0-0', '1/2-0-1/2-0' ...), as the game writes them. */
export function tableResults(n) {
  const out = ['*'];
  const share = { 1: '1', 2: '1/2', 3: '1/3', 4: '1/4' };
  for (let size = 1; size <= n; size++) {
    for (let mask = 1; mask < 1 << n; mask++) {
      const members = [...Array(n).keys()].filter((i) => mask & (1 << i));
      if (members.length !== size) continue;
      out.push([...Array(n).keys()].map((i) => (mask & (1 << i) ? share[size] : '0')).join('-'));
    }
  }
  return out;
}

function shareLabel(r) {
  return r === '*' ? '–' : r.replaceAll('1/2', '½').replaceAll('1/3', '⅓').replaceAll('1/4', '¼').replaceAll('-', '–');
}

/** A table's row: its number, each seat (colour, player, points), the result (a select for the
 * arbiter), then gameCell (the game's link, codes and "play in the app"). */
export function tableRow(ev, p, { player, points, arbiter, onResult, gameCell }) {
  const colours = coloursOf(ev.variant);
  const result = p.games[0] ? p.games[0].result : '*';
  const seats = p.seats.map((id, k) => {
    const pl = player(id);
    return h(
      'span.table-seat',
      { dataset: { player: String(id), seat: String(k + 1) } },
      h('span.seat-swatch', { style: `background:${swatchColour(ev.variant, colours[k])}`, title: t('color.' + colours[k]) }),
      pl.engine ? icon('cpu') : null,
      pl.name,
      h('small.muted', ` ${points(p.seat_points[k])}`),
    );
  });
  let resultCell = h('td.result', { dataset: { result } }, shareLabel(result));
  if (arbiter) {
    const sel = h(
      'select.result-select',
      { 'aria-label': t('tables.resultOf', { n: p.board }), dataset: { board: String(p.board) } },
      tableResults(p.seats.length).map((r) => h('option', { value: r, selected: r === result }, shareLabel(r))),
    );
    sel.addEventListener('change', async () => {
      if (!(await onResult(sel.value))) sel.value = result;
    });
    resultCell = h('td.result', { dataset: { result } }, sel);
  }
  return h('tr.table-row', { dataset: { board: String(p.board), seats: String(p.seats.length) } }, h('td.num', String(p.board)), h('td.name', h('div.table-seats', seats)), resultCell, gameCell);
}
