// game_arbiter.js - the arbiter's result of a game (POST /api/games/ID/result): a dialog with the
// results the game's players can have and a note. In a game of two: a win of either, or a draw;
// in a game of three or four: the point to one player, or shared by all (1-0-0, 0-1-0, 0-0-1,
// 1/3-1/3-1/3).

import { errorText, h, icon, openModal } from './dom.js';
import { colorName, t } from './i18n.js';
import { resultScore } from './game_panel.js';

/** The results the arbiter may give a game of these players: [[result, words]]. */
export function resultChoices(colours) {
  const n = colours.length;
  if (n <= 2) return ['1-0', '0-1', '1/2-1/2'].map((r) => [r, t('game.result.' + r)]);
  const choices = colours.map((c, i) => [colours.map((_, k) => (k === i ? '1' : '0')).join('-'), t('game.wins', { side: colorName(c) })]);
  choices.push([colours.map(() => `1/${n}`).join('-'), t('game.shared')]);
  return choices;
}

/** Open the dialog for game g; submit(result, note) asks the server, apply(game) shows its answer. */
export function resultDialog(g, submit, apply) {
  const colours = g.players && g.players.length ? g.players.map((p) => p.colour) : ['white', 'black'];
  const select = h(
    'select#result-select',
    { name: 'result' },
    resultChoices(colours).map(([r, words]) => h('option', { value: r, selected: r === g.result }, `${resultScore(r)}  ${words}`)),
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
      apply(await submit(select.value, note.value.trim()));
      close();
    } catch (err) {
      error.textContent = errorText(err);
      error.hidden = false;
    }
  });
  openModal(dialog, close, select);
}
