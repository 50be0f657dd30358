// newgame.js - the new-game dialog, for every game the server plays: the game (a select grouped
// by family: draughts, column games, other games, each named in English and Russian), its
// settings (the other games' choices, as the Variant lists them), the players, the clock, the
// start and the names.
//
// The players: in a game of two the familiar choices (the engine at a level with the person's
// colour, or a friend at this board or on two devices, and then which seat this one takes); in
// a game of three or four a seat per player: this device, another device (by its code) or the
// engine at a level, and a name. A person logged in to an account who plays a friend on another
// device may make the game rated (`"rated": true`: the other seat then needs an account too, and
// the game a time control, which the dialog says). The start: the standard one, a ballot (the games the ballots
// open) or a FEN (the draughts and column games).
//
// It sends POST /api/games and resolves with the new Game; errors from the server are shown
// beside the field they name.

import { account } from './account.js';
import { api } from './api.js';
import { errorText, h, icon, openModal } from './dom.js';
import { colorName, t } from './i18n.js';
import './i18n_games.js';
import { pref, setPref } from './prefs.js';
import { pieceIcon } from './board.js';
import './i18n_wasm.js';
import { createBrowserGame } from './browser_game.js';
import { daysPerMove } from './clock.js';
import { wasmEngine } from './wasm_engine.js';
import { colourDot, coloursOf, familyOf, variantAbout, variantInfo, variantOptions } from './variants.js';

export const PRESETS = [
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

/** A field of choices: its label, and one of `options` ([value, label, icon]) chosen. */
function choiceField(cls, label, name, options, value, hint = null) {
  return h(cls, h('span.label', label), segmented(name, options, value), hint ? h('small.hint', hint) : null);
}

export function segmented(name, options, value) {
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

/** A settings string ("house=3x3,diagonal=yes") as {key: value}. */
export function parseSettings(text) {
  const out = {};
  for (const part of String(text || '').split(',')) {
    const [k, v] = part.split('=');
    if (k && v !== undefined) out[k.trim()] = v.trim();
  }
  return out;
}

/** The controls of a game's settings (a select each, with its help), and how to read them back:
 *  {el, value()}: value() is the settings string of the choices that differ from the defaults. */
export function settingsControls(info, chosen = {}) {
  const settings = info.settings || [];
  const selects = settings.map((s) =>
    h(
      'select',
      { name: `setting-${s.key}`, dataset: { setting: s.key }, 'aria-label': s.key },
      s.values.map((v) => h('option', { value: v, selected: v === (chosen[s.key] ?? s.default) }, v === s.default ? `${v} (${t('new.default')})` : v)),
    ),
  );
  const el = h(
    'div.settings-grid',
    settings.map((s, i) => h('label.setting', { title: s.help }, h('span.setting-key', s.key), selects[i], h('small.hint', s.help))),
  );
  const value = () =>
    selects
      .map((sel, i) => [settings[i], sel.value])
      .filter(([s, v]) => v !== s.default)
      .map(([s, v]) => `${s.key}=${v}`)
      .join(',');
  return { el, value };
}

/** Where a casual game against the engine runs: 'browser' when the player leaves it there and
 *  the browser runs the engine (ok: true, or null while that is not known yet), and its clock is
 *  not correspondence (days per move: the server keeps those); else 'server'. */
export function gameWhere(choice, ok, time) {
  return choice !== 'server' && ok !== false && !daysPerMove(time) ? 'browser' : 'server';
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
  // the settings remembered are those of the game they were chosen for
  if (!initial.settings && last.variant !== o.variant) o.settings = '';
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

    const variantSelect = h('select#ng-variant', { name: 'variant' }, variantOptions(variantInfo(o.variant).name));
    const variantHint = h('small.hint#ng-variant-about');
    const variantField = h('div.field', h('label.label', { for: 'ng-variant' }, t('variant.label')), variantSelect, variantHint);

    // the game's settings (the other games'), drawn for the game chosen
    let settings = settingsControls(variantInfo(o.variant), parseSettings(o.settings));
    const settingsField = h('fieldset.field.ng-settings', h('legend.label', t('new.settings')), settings.el);

    // a seat per player (games of three and four)
    const seatsField = h('fieldset.field.ng-players', h('legend.label', t('new.players')));
    const drawSeats = (info) => {
      const seats = pref('lastSeats') || [];
      seatsField.replaceChildren(h('legend.label', t('new.players')));
      coloursOf(info.name).forEach((c, i) => {
        const kind = h(
          'select',
          { name: `seat-${i}`, dataset: { seat: String(i) }, 'aria-label': colorName(c) },
          h('option', { value: 'here', selected: (seats[i] || (i === 0 ? 'here' : 'engine')) === 'here' }, t('new.seatHere')),
          h('option', { value: 'code', selected: seats[i] === 'code' }, t('new.seatCode')),
          info.engine ? h('option', { value: 'engine', selected: (seats[i] || (i === 0 ? 'here' : 'engine')) === 'engine' }, t('new.seatEngine')) : null,
        );
        const seatLevel = h('select', { name: `level-${i}`, dataset: { level: String(i) }, 'aria-label': t('new.level') }, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => h('option', { value: String(n), selected: n === Number(o.level) }, t('game.level', { n }))));
        const name = h('input', { type: 'text', name: `name-${i}`, dataset: { name: String(i) }, maxlength: '60', 'aria-label': t('new.playerName', { side: colorName(c) }), placeholder: `${colorName(c)} (${t('new.namePlaceholder')})` });
        const sync = () => {
          seatLevel.hidden = kind.value !== 'engine';
          name.hidden = kind.value === 'engine';
        };
        kind.addEventListener('change', sync);
        sync();
        seatsField.append(h('div.ng-seat', { dataset: { color: c } }, h('span.ng-seat-who', colourDot(info.name, c), colorName(c)), kind, seatLevel, name));
      });
    };

    const names = h('div.field');
    // (a function: each field has icons of its own)
    const colours = () => [
      ['white', t('color.white'), pieceIcon('w', 18)],
      ['black', t('color.black'), pieceIcon('b', 18)],
      ['random', t('color.random')],
    ];
    const colorField = choiceField('div.field', t('new.color'), 'color', colours(), o.color);
    const whereField = choiceField('div.field', t('new.where'), 'where', [['here', t('new.whereHere'), icon('users')], ['devices', t('new.whereDevices'), icon('user')]], o.where || 'here');
    const seatField = choiceField('div.field.sub', t('new.seat'), 'seat', [...colours(), ['none', t('new.seatNone')]], o.seat || 'white', t('new.seatHint'));
    // rated: an account's game against a friend on another device, with a clock
    const ratedBox = h('input#ng-rated', { type: 'checkbox', name: 'rated', checked: !!o.rated && !!account.me, role: 'switch' });
    const ratedHint = h('small.hint#ng-rated-hint', t('rated.hint'));
    const ratedField = h(
      'div.field.sub.ng-rated',
      h('label.switch', ratedBox, h('span.switch-track', h('span.switch-thumb')), h('span.switch-label', t('rated.option'))),
      ratedHint,
    );
    ratedBox.setAttribute('aria-describedby', 'ng-rated-hint');
    // where the engine plays a casual game: in this browser (browser_game.js, the default when
    // the WebAssembly engine loads) or on the server (the player's choice, kept)
    const whereHint = h('small.hint#ng-engine-where', { role: 'status' });
    const engineAtField = h(
      'div.field.sub.ng-engine-at',
      h('span.label', t('local.where')),
      segmented('engineAt', [
        ['browser', t('local.whereBrowser')],
        ['server', t('local.whereServer')],
      ], pref('gameEngine') === 'server' ? 'server' : 'browser'),
      whereHint,
    );
    let browserEngine = null; // whether this browser runs the engine (asked once the dialog opens)
    const drawWhere = () => {
      const browserSeg = engineAtField.querySelector('label.seg:has(input[value=browser])');
      browserSeg.hidden = browserEngine === false;
      if (browserEngine === false) form.querySelector('input[name=engineAt][value=server]').checked = true;
      const time = timeSelect.value === 'custom' ? timeText.value.trim() : timeSelect.value;
      const where = gameWhere(form.elements.engineAt.value, browserEngine, time);
      form.dataset.engineAt = where;
      whereHint.textContent = t(`local.runs.${where === 'browser' ? 'browser' : browserEngine === false ? 'noEngine' : daysPerMove(time) ? 'days' : 'server'}`);
    };
    const levelField = h(
      'div.field',
      h('label.label', { for: 'ng-level' }, t('new.level')),
      h('div.level', level, levelOut),
      h('small.hint', t('new.levelHint')),
      engineAtField,
    );
    const opponentField = choiceField('div.field', t('new.opponent'), 'opponent', [['engine', t('new.engine'), icon('cpu')], ['human', t('new.human'), icon('users')]], o.opponent);
    const startField = h(
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
    );

    const many = () => coloursOf(variantSelect.value).length > 2;
    const drawNames = () => {
      const opp = form.elements.opponent.value;
      const two = !many();
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
      opponentField.hidden = !two;
      names.hidden = !two;
      levelField.hidden = !two || opp !== 'engine';
      engineAtField.hidden = familyOf(variantSelect.value) !== 'draughts';
      colorField.hidden = !two || opp !== 'engine';
      whereField.hidden = !two || opp === 'engine';
      seatField.hidden = !two || opp === 'engine' || form.elements.where.value !== 'devices';
      seatsField.hidden = two;
      drawRated();
    };

    // the Rated switch: shown to an account playing a friend on another device; a rated game
    // takes a seat (not "none"), its names are the accounts', and it needs a clock
    const rated = () => !ratedField.hidden && ratedBox.checked;
    const drawRated = () => {
      ratedField.hidden = !account.me || seatField.hidden;
      const on = rated();
      form.dataset.rated = String(on);
      const none = form.querySelector('label.seg:has(input[name=seat][value=none])');
      if (none) none.hidden = on;
      if (on && form.elements.seat.value === 'none') form.querySelector('input[name=seat][value=white]').checked = true;
      names.hidden = many() || on;
      const noClock = timeSelect.value === '';
      ratedHint.classList.toggle('warn', on && noClock);
      timeSelect.classList.toggle('needed', on && noClock);
    };

    form.append(
      h('header.dialog-head', h('h2#newgame-title', t('new.title')), h('button.btn.icon-only.ghost', { type: 'button', 'aria-label': t('common.close'), onclick: () => finish(null) }, icon('close'))),
      h(
        'div.dialog-body',
        variantField,
        settingsField,
        opponentField,
        levelField,
        colorField,
        whereField,
        seatField,
        ratedField,
        seatsField,
        h('div.field', h('label.label', { for: 'ng-time' }, t('new.time')), timeSelect, timeCustom),
        startField,
        names,
        error,
      ),
      h(
        'footer.dialog-actions',
        h('button.btn', { type: 'button', onclick: () => finish(null) }, t('new.cancel')),
        h('button.btn.primary', { type: 'submit', dataset: { action: 'create' } }, t('new.create')),
      ),
    );

    // the starts the chosen game offers: a ballot only where the ballots fit, a FEN in the
    // draughts and column games, the standard start alone in the other games
    const showStart = () => {
      const start = form.elements.start.value;
      startOpening.hidden = start !== 'opening';
      startFen.hidden = start !== 'fen';
    };
    const drawVariant = () => {
      const info = variantInfo(variantSelect.value);
      const family = familyOf(info.name);
      variantHint.textContent = [variantAbout(info.name), coloursOf(info.name).length > 2 ? t('new.playersN', { n: coloursOf(info.name).length }) : ''].filter(Boolean).join(' ');
      form.dataset.family = family;
      form.dataset.players = String(coloursOf(info.name).length);
      settings = settingsControls(info, info.name === o.variant ? parseSettings(o.settings) : {});
      settingsField.replaceChildren(h('legend.label', t('new.settings')), settings.el);
      settingsField.hidden = !(info.settings && info.settings.length);
      drawSeats(info);
      const ballot = form.querySelector('label.seg:has(input[name=start][value=opening])');
      ballot.hidden = !info.ballots;
      startField.hidden = family === 'other';
      if ((!info.ballots && form.elements.start.value === 'opening') || family === 'other') {
        form.querySelector('input[name=start][value=normal]').checked = true;
      }
      const normal = form.querySelector('label.seg:has(input[name=start][value=normal]) span');
      normal.textContent = info.start_drawn ? t('new.startDrawn') : t('new.startNormal');
      startHint.hidden = !info.start_drawn && info.ballots;
      startHint.textContent = info.start_drawn ? t('new.startDrawnHint') : info.ballots ? '' : t('new.noBallots');
      fenText.placeholder = info.start_fen || '';
      // the engine plays every game the server says it plays
      const engine = form.querySelector('label.seg:has(input[name=opponent][value=engine])');
      engine.hidden = !info.engine;
      if (!info.engine) form.querySelector('input[name=opponent][value=human]').checked = true;
      showStart();
      drawNames();
    };
    variantSelect.addEventListener('change', drawVariant);
    drawVariant();

    form.addEventListener('change', (e) => {
      if (e.target.name === 'opponent' || e.target.name === 'where') drawNames();
      if (e.target.name === 'rated' || e.target.name === 'timePreset') drawRated();
      if (e.target.name === 'start') showStart();
      if (e.target.name === 'engineAt' || e.target.name === 'timePreset') drawWhere();
    });
    timeText.addEventListener('input', drawWhere);
    drawWhere();
    wasmEngine.available().then((ok) => {
      browserEngine = ok;
      drawWhere();
    });

    const finish = (game) => {
      dialog.close();
      dialog.remove();
      resolve(game);
    };

    const markField = (name) => {
      for (const el of form.querySelectorAll('.invalid')) el.classList.remove('invalid');
      const map = { rated: ratedBox, variant: variantSelect, time: timeSelect.value === 'custom' ? timeText : timeSelect, fen: fenText, position: fenText, opening: openingSelect, level, white: form.elements.white, black: form.elements.black, settings: settingsField.querySelector('select'), players: seatsField.querySelector('select') };
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
      const info = variantInfo(variantSelect.value);
      const chosen = settings.value();
      const body = { variant: info.name, time: time || null };
      if (chosen) body.settings = chosen;
      if (familyOf(info.name) !== 'other') {
        body.fen = start === 'fen' ? fenText.value.trim() || null : null;
        body.opening = start === 'opening' ? openingSelect.value || null : null;
      }
      if (many()) {
        const seats = [...seatsField.querySelectorAll('.ng-seat')];
        body.players = seats.map((row) => {
          const seat = row.querySelector('select[data-seat]').value;
          const player = { seat };
          if (seat === 'engine') player.level = Number(row.querySelector('select[data-level]').value);
          const name = row.querySelector('input[data-name]').value.trim();
          if (name && seat !== 'engine') player.name = name;
          return player;
        });
        setPref('lastSeats', body.players.map((p) => p.seat));
      } else if (opponent === 'engine') {
        body.opponent = 'engine';
        body.level = Number(level.value);
        // 'random' is drawn here so that the person's name can go on their colour
        body.color = f.color.value === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : f.color.value;
        const name = (f.name.value || '').trim();
        setPref('name', name);
        if (name) body[body.color] = name;
      } else {
        body.opponent = 'human';
        body.white = (f.white.value || '').trim() || null;
        body.black = (f.black.value || '').trim() || null;
        body.seats = f.where.value === 'devices' ? f.seat.value : 'both';
        if (rated()) {
          body.rated = true;
          body.white = body.black = null; // the accounts' names
        }
      }
      setPref('lastNewGame', {
        variant: info.name,
        settings: chosen,
        opponent,
        level: Number(level.value),
        color: opponent === 'engine' ? f.color.value : o.color,
        time,
        start,
        opening: openingSelect.value,
        fen: fenText.value.trim(),
        where: f.where.value,
        seat: f.seat.value,
        rated: rated(),
      });
      const submit = form.querySelector('[data-action=create]');
      // a casual game against the engine in this browser (the default), or (below) with the
      // server gone; rated games, correspondence, events and games between people: the server's
      const inBrowser = async () => {
        let opening = null;
        if (body.opening) {
          const op = (await openings().catch(() => [])).find((x) => `${x.table.split('-')[0]} ${x.code}` === body.opening);
          opening = op ? { code: body.opening, moves: op.moves, fen: op.fen } : null;
        }
        const id = await createBrowserGame({ variant: info.name, level: body.level, color: body.color, name: body[body.color] || '', fen: body.fen, time: body.time, opening });
        finish(null);
        location.hash = `#/local/${id}`;
      };
      const local = body.opponent === 'engine' && familyOf(info.name) === 'draughts';
      if (local) setPref('gameEngine', f.engineAt.value);
      const browserFailed = (err) => {
        error.textContent = errorText(err);
        error.hidden = false;
        markField(err.field);
      };
      if (local && gameWhere(f.engineAt.value, browserEngine === null ? await wasmEngine.available() : browserEngine, time) === 'browser') {
        submit.disabled = true;
        try {
          await inBrowser();
        } catch (err) {
          browserFailed(err);
        } finally {
          submit.disabled = false;
        }
        return;
      }
      submit.disabled = true;
      try {
        const game = await api.createGame(body);
        finish(game);
      } catch (err) {
        // the server does not answer: a game against the engine goes on in the browser
        if (err.status === 0 && local && !daysPerMove(time)) {
          await inBrowser().catch(browserFailed);
          return;
        }
        error.textContent = errorText(err);
        error.hidden = false;
        markField(err.field);
      } finally {
        submit.disabled = false;
      }
    });

    const first = form.querySelector('input[name=opponent]:checked');
    openModal(dialog, () => finish(null), first && !opponentField.hidden ? first : variantSelect);
  });
}
