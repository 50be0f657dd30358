// newgame.js - the new-game dialog: the game (Russian checkers or any other the server plays),
// opponent, level, colour, clock, start, names, and for two people whether they share this
// board or play on two devices (then which seat this one takes). The ballot openings are
// offered only for the games they fit; a game that draws its start by lot says so.
//
// It sends POST /api/games and resolves with the new Game; errors from the server are shown
// beside the field they name.

import { api } from './api.js';
import { errorText, h, icon } from './dom.js';
import { t } from './i18n.js';
import { pref, setPref } from './prefs.js';
import { pieceIcon } from './board.js';
import { variantAbout, variantInfo, variantLabel, variants } from './variants.js';

const PRESETS = [
  ['', 'new.timeNone'],
  ['3m+2s', 'new.preset.blitz3'],
  ['5m+3s', 'new.preset.blitz5'],
  ['10m+5s', 'new.preset.rapid10'],
  ['20m+10s', 'new.preset.rapid20'],
  ['45m', 'new.preset.classic45'],
  ['1h', 'new.preset.classic60'],
  ['1h10m/35+15m', 'new.preset.classic70'],
];

let openingsCache = null;

async function openings() {
  if (!openingsCache) openingsCache = api.openings().then((r) => r.openings);
  try {
    return await openingsCache;
  } catch (e) {
    openingsCache = null;
    throw e;
  }
}

function segmented(name, options, value) {
  return h(
    'div.segmented',
    { role: 'radiogroup' },
    options.map(([v, label, extra]) =>
      h(
        'label.seg',
        h('input', { type: 'radio', name, value: v, checked: v === value }),
        h('span', extra || null, label),
      ),
    ),
  );
}

/** Open the dialog; resolves with the created Game, or null when cancelled. */
export function newGameDialog(initial = {}) {
  const last = pref('lastNewGame') || {};
  const o = {
    variant: 'russian',
    opponent: 'engine',
    level: 3,
    color: 'white',
    time: '',
    start: 'normal',
    opening: '',
    fen: '',
    ...last,
    ...initial,
  };
  return new Promise((resolve) => {
    const form = h('form.newgame', { method: 'dialog', novalidate: true });
    const dialog = h('dialog.modal.wide', { 'aria-labelledby': 'newgame-title' }, form);
    const error = h('p.form-error', { role: 'alert', hidden: true });

    const level = h('input#ng-level', { type: 'range', min: '1', max: '10', step: '1', name: 'level', value: String(o.level) });
    const levelOut = h('output.level-out', { for: 'ng-level' }, String(o.level));
    level.addEventListener('input', () => (levelOut.textContent = level.value));

    const presetValues = PRESETS.map((p) => p[0]);
    const isPreset = presetValues.includes(o.time || '');
    const timeSelect = h(
      'select#ng-time',
      { name: 'timePreset' },
      PRESETS.map(([v, key]) => h('option', { value: v, selected: isPreset && v === (o.time || '') }, key === 'new.timeNone' ? t(key) : `${t(key)}  ·  ${v}`)),
      h('option', { value: 'custom', selected: !isPreset }, t('new.timeCustom')),
    );
    const timeText = h('input#ng-time-text', { type: 'text', name: 'time', placeholder: '10m+5s', value: isPreset ? '' : o.time, autocomplete: 'off', spellcheck: 'false' });
    const timeCustom = h('div.field.sub', { hidden: isPreset }, timeText, h('small.hint', t('new.timeHint')));
    timeSelect.addEventListener('change', () => {
      timeCustom.hidden = timeSelect.value !== 'custom';
      if (!timeCustom.hidden) timeText.focus();
    });

    const openingSelect = h('select#ng-opening', { name: 'opening' }, h('option', { value: '' }, '…'));
    openings()
      .then((list) => {
        openingSelect.replaceChildren();
        const groups = new Map();
        for (const op of list) {
          if (!groups.has(op.table)) groups.set(op.table, h('optgroup', { label: op.table }));
          const code = `${op.table.split('-')[0]} ${op.code}`;
          groups.get(op.table).append(h('option', { value: code, selected: code === o.opening }, `${op.code}  ${op.moves || op.setup}`));
        }
        openingSelect.append(...groups.values());
      })
      .catch((e) => {
        openingSelect.replaceChildren(h('option', { value: '' }, errorText(e)));
      });
    const fenText = h('textarea#ng-fen', { name: 'fen', rows: '2', spellcheck: 'false', placeholder: 'W:Wc3,e3:Bd6,Kh8' }, o.fen || '');

    const startOpening = h('div.field.sub', { hidden: o.start !== 'opening' }, openingSelect);
    const startFen = h('div.field.sub', { hidden: o.start !== 'fen' }, fenText);
    const startHint = h('small.hint', { hidden: true });

    const variantSelect = h(
      'select#ng-variant',
      { name: 'variant' },
      variants().map((v) => h('option', { value: v.name, selected: v.name === o.variant }, variantLabel(v.name))),
    );
    const variantHint = h('small.hint#ng-variant-about');
    const variantField = h('div.field', h('label.label', { for: 'ng-variant' }, t('variant.label')), variantSelect, variantHint);

    const names = h('div.field');
    const colorField = h(
      'div.field',
      h('span.label', t('new.color')),
      segmented('color', [
        ['white', t('color.white'), pieceIcon('w', 18)],
        ['black', t('color.black'), pieceIcon('b', 18)],
        ['random', t('color.random')],
      ], o.color),
    );
    const whereField = h(
      'div.field',
      h('span.label', t('new.where')),
      segmented('where', [
        ['here', t('new.whereHere'), icon('users')],
        ['devices', t('new.whereDevices'), icon('user')],
      ], o.where || 'here'),
    );
    const seatField = h(
      'div.field.sub',
      h('span.label', t('new.seat')),
      segmented('seat', [
        ['white', t('color.white'), pieceIcon('w', 18)],
        ['black', t('color.black'), pieceIcon('b', 18)],
        ['random', t('color.random')],
        ['none', t('new.seatNone')],
      ], o.seat || 'white'),
      h('small.hint', t('new.seatHint')),
    );
    const levelField = h('div.field', h('label.label', { for: 'ng-level' }, t('new.level')), h('div.level', level, levelOut), h('small.hint', t('new.levelHint')));

    const drawNames = () => {
      const opp = form.elements.opponent.value;
      names.replaceChildren(h('span.label', t('new.names')));
      if (opp === 'engine') {
        names.append(h('input', { type: 'text', name: 'name', 'aria-label': t('new.yourName'), placeholder: `${t('new.yourName')} (${t('new.namePlaceholder')})`, value: pref('name') || '', maxlength: '60' }));
      } else {
        names.append(
          h(
            'div.two',
            h('input', { type: 'text', name: 'white', 'aria-label': t('new.whiteName'), placeholder: `${t('new.whiteName')} (${t('new.namePlaceholder')})`, maxlength: '60' }),
            h('input', { type: 'text', name: 'black', 'aria-label': t('new.blackName'), placeholder: `${t('new.blackName')} (${t('new.namePlaceholder')})`, maxlength: '60' }),
          ),
        );
      }
      levelField.hidden = opp !== 'engine';
      colorField.hidden = opp !== 'engine';
      whereField.hidden = opp === 'engine';
      seatField.hidden = opp === 'engine' || form.elements.where.value !== 'devices';
    };

    form.append(
      h('header.dialog-head', h('h2#newgame-title', t('new.title')), h('button.btn.icon-only.ghost', { type: 'button', 'aria-label': t('common.close'), onclick: () => finish(null) }, icon('close'))),
      h(
        'div.dialog-body',
        variantField,
        h(
          'div.field',
          h('span.label', t('new.opponent')),
          segmented('opponent', [
            ['engine', t('new.engine'), icon('cpu')],
            ['human', t('new.human'), icon('users')],
          ], o.opponent),
        ),
        levelField,
        colorField,
        whereField,
        seatField,
        h('div.field', h('label.label', { for: 'ng-time' }, t('new.time')), timeSelect, timeCustom),
        h(
          'div.field',
          h('span.label', t('new.start')),
          segmented('start', [
            ['normal', t('new.startNormal')],
            ['opening', t('new.startOpening')],
            ['fen', t('new.startFen')],
          ], o.start),
          startOpening,
          startFen,
          startHint,
        ),
        names,
        error,
      ),
      h(
        'footer.dialog-actions',
        h('button.btn', { type: 'button', onclick: () => finish(null) }, t('new.cancel')),
        h('button.btn.primary', { type: 'submit', dataset: { action: 'create' } }, t('new.create')),
      ),
    );
    drawNames();

    // the starts the chosen game offers: a ballot only where the ballots fit
    const showStart = () => {
      const start = form.elements.start.value;
      startOpening.hidden = start !== 'opening';
      startFen.hidden = start !== 'fen';
    };
    const drawVariant = () => {
      const info = variantInfo(variantSelect.value);
      variantHint.textContent = variantAbout(info.name);
      const ballot = form.querySelector('label.seg:has(input[name=start][value=opening])');
      ballot.hidden = !info.ballots;
      if (!info.ballots && form.elements.start.value === 'opening') {
        form.querySelector('input[name=start][value=normal]').checked = true;
      }
      const normal = form.querySelector('label.seg:has(input[name=start][value=normal]) span');
      normal.textContent = info.start_drawn ? t('new.startDrawn') : t('new.startNormal');
      startHint.hidden = !info.start_drawn && info.ballots;
      startHint.textContent = info.start_drawn ? t('new.startDrawnHint') : info.ballots ? '' : t('new.noBallots');
      fenText.placeholder = info.start_fen;
      showStart();
    };
    variantSelect.addEventListener('change', drawVariant);
    drawVariant();

    form.addEventListener('change', (e) => {
      if (e.target.name === 'opponent' || e.target.name === 'where') drawNames();
      if (e.target.name === 'start') showStart();
    });

    const finish = (game) => {
      dialog.close();
      dialog.remove();
      resolve(game);
    };

    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      finish(null);
    });

    const markField = (name) => {
      for (const el of form.querySelectorAll('.invalid')) el.classList.remove('invalid');
      const map = { variant: variantSelect, time: timeSelect.value === 'custom' ? timeText : timeSelect, fen: fenText, opening: openingSelect, level, white: form.elements.white, black: form.elements.black };
      const el = map[name];
      if (el) {
        el.classList.add('invalid');
        el.focus();
      }
    };

    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      error.hidden = true;
      const f = form.elements;
      const opponent = f.opponent.value;
      const start = f.start.value;
      const time = timeSelect.value === 'custom' ? timeText.value.trim() : timeSelect.value;
      const body = {
        variant: variantSelect.value,
        opponent,
        time: time || null,
        fen: start === 'fen' ? fenText.value.trim() || null : null,
        opening: start === 'opening' ? openingSelect.value || null : null,
      };
      if (opponent === 'engine') {
        body.level = Number(level.value);
        // 'random' is drawn here so that the person's name can go on their colour
        body.color = f.color.value === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : f.color.value;
        const name = (f.name.value || '').trim();
        setPref('name', name);
        if (name) body[body.color] = name;
      } else {
        body.white = (f.white.value || '').trim() || null;
        body.black = (f.black.value || '').trim() || null;
        body.seats = f.where.value === 'devices' ? f.seat.value : 'both';
      }
      setPref('lastNewGame', {
        variant: variantSelect.value,
        opponent,
        level: Number(level.value),
        color: opponent === 'engine' ? f.color.value : o.color,
        time,
        start,
        opening: openingSelect.value,
        fen: fenText.value.trim(),
        where: f.where.value,
        seat: f.seat.value,
      });
      const submit = form.querySelector('[data-action=create]');
      submit.disabled = true;
      try {
        const game = await api.createGame(body);
        finish(game);
      } catch (err) {
        error.textContent = errorText(err);
        error.hidden = false;
        markField(err.field);
      } finally {
        submit.disabled = false;
      }
    });

    document.body.append(dialog);
    dialog.showModal();
    const first = form.querySelector('input[name=opponent]:checked');
    if (first) first.focus();
  });
}

/** Start a game right away with the options given (no dialog). */
export function quickGame(options) {
  return api.createGame(options);
}
