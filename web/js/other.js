// other.js - "More games": the other games of a checkers set (corners, go-ban, Belarusian,
// Wiegman's, Stavropol, Pskov, Novgorod, Neva; docs/variants.md "Other games of the seeds")
// and a link to Chapaev (chapaev.js).
//
//   #/more              every game with its titles (English and Russian), its settings as
//                       form controls and a seat for each player: here, by code, or the engine
//   #/more/ID           a game: the board (other_board.js), whose turn it is, the result, the
//                       moves, the open seats' codes and links, the record's export
//   #/more/join/CODE    take a seat with its code, then its game
//
// The texts of this section are here (both languages), not in i18n.js.

import { api, ApiError } from './api.js';
import { qrImage } from './club.js';
import { download, errorText, h, icon, toast } from './dom.js';
import { getLang } from './i18n.js';
import { OtherBoard } from './other_board.js';
import { session } from './session.js';

const TEXT = {
  en: {
    nav: 'More games',
    title: 'More games',
    lead: 'Other games played with a checkers set: races, rows, pawns, two boards at once, hex boards for two and three, and four players. Play at one board, across devices with a code, or against the engine.',
    players: '{n} players',
    settings: 'Settings',
    seats: 'Players',
    here: 'On this device',
    code: 'Another device (code)',
    engine: 'The engine',
    level: 'Engine level',
    start: 'Start',
    notYet: 'Not playable yet',
    chapaev: 'Chapaev',
    chapaevLead: 'The flicking game: knock the other side\u2019s pieces off the board.',
    open: 'Play Chapaev',
    toMove: '{name} to move',
    you: 'you',
    yourMove: 'Your move',
    thinking: 'The engine is thinking\u2026',
    waiting: 'Waiting for {name}',
    over: 'Game over',
    wins: '{name} wins',
    draw: 'No winner',
    out: 'out',
    moves: 'Moves',
    noMoves: 'No moves yet.',
    exportPdn: 'Export the record (PDN)',
    copy: 'Copy the record',
    copied: 'The record is copied.',
    back: 'All games',
    seatOpen: '{name}: waiting for a player with the code',
    joining: 'Taking the seat of code {code}\u2026',
    badCode: 'No game waits for the code {code}.',
    stop: 'Click the same cell again to stop there.',
    pass: 'Pass',
    engineSeat: 'engine, level {level}',
    score: 'Score',
    joinCode: 'Join with a code',
    join: 'Join',
  },
  ru: {
    nav: 'Другие игры',
    title: 'Другие игры',
    lead: 'Другие игры на шашечной доске: гонки, ряды, пешки, две доски сразу, шестиугольные доски на двоих и троих и игра вчетвером. Играйте за одной доской, с разных устройств по коду или против программы.',
    players: 'игроков: {n}',
    settings: 'Настройки',
    seats: 'Игроки',
    here: 'На этом устройстве',
    code: 'С другого устройства (код)',
    engine: 'Программа',
    level: 'Уровень программы',
    start: 'Начать',
    notYet: 'Пока нельзя сыграть',
    chapaev: 'Чапаев',
    chapaevLead: 'Игра щелчками: выбейте шашки соперника с доски.',
    open: 'Играть в Чапаева',
    toMove: 'Ход: {name}',
    you: 'вы',
    yourMove: 'Ваш ход',
    thinking: 'Программа думает\u2026',
    waiting: 'Ждём: {name}',
    over: 'Игра окончена',
    wins: 'Победа: {name}',
    draw: 'Без победителя',
    out: 'выбыл',
    moves: 'Ходы',
    noMoves: 'Ходов пока нет.',
    exportPdn: 'Скачать запись (PDN)',
    copy: 'Копировать запись',
    copied: 'Запись скопирована.',
    back: 'Все игры',
    seatOpen: '{name}: ждём игрока с кодом',
    joining: 'Занимаем место по коду {code}\u2026',
    badCode: 'Ни одна игра не ждёт кода {code}.',
    stop: 'Щёлкните ту же клетку ещё раз, чтобы остановиться.',
    pass: 'Пропустить ход',
    engineSeat: 'программа, уровень {level}',
    score: 'Счёт',
    joinCode: 'Войти по коду',
    join: 'Войти',
  },
};

const COLOUR_RU = { White: 'Белые', Black: 'Чёрные', Red: 'Красные', Blue: 'Синие', Green: 'Зелёные', Yellow: 'Жёлтые' };

/** A text of this section in the page's language. */
export function tMore(key, vars = {}) {
  const table = TEXT[getLang()] || TEXT.en;
  const text = table[key] ?? TEXT.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ''));
}

function playerLabel(game, p) {
  const name = (game.player_names || [])[p] || `#${p + 1}`;
  return getLang() === 'ru' ? COLOUR_RU[name] || name : name;
}

function swatch(game, p) {
  return h('span.other-swatch', { style: `background:${(game.player_colours || [])[p] || '#888'}`, 'aria-hidden': 'true' });
}

/** #/more: the games, each with its settings and seats, and Chapaev. */
export class OtherListView {
  constructor(root) {
    this.root = root;
    this.closed = false;
    root.replaceChildren(h('div.loading', '\u2026'));
    this.load();
  }

  async load() {
    let list;
    try {
      list = await api.otherGames();
    } catch (e) {
      if (!this.closed) this.root.replaceChildren(h('p.form-error', errorText(e)));
      return;
    }
    if (this.closed) return;
    const code = h('input.other-join-code', { type: 'text', placeholder: 'K7QX9M', maxlength: '9', autocomplete: 'off', 'aria-label': tMore('joinCode') });
    const joinForm = h(
      'form.join-form',
      {
        onsubmit: (e) => {
          e.preventDefault();
          const c = code.value.replace(/[\s-]/g, '').toUpperCase();
          if (c) location.hash = `#/more/join/${c}`;
        },
      },
      code,
      h('button.btn', { type: 'submit', dataset: { action: 'other-join' } }, tMore('join')),
    );
    this.root.replaceChildren(
      h(
        'div.other-page',
        h('div.page-head', h('h1', tMore('title')), h('p.muted', tMore('lead'))),
        h('div.other-join', h('span.label', tMore('joinCode')), joinForm),
        h('div.other-grid', ...list.games.map((g) => this.card(g)), this.chapaevCard(list.chapaev)),
      ),
    );
  }

  chapaevCard(href) {
    return h(
      'section.card.other-card',
      { dataset: { game: 'chapaev' } },
      h('h2.card-title', tMore('chapaev'), h('span.other-ru', 'Чапаев')),
      h('p.muted', tMore('chapaevLead')),
      h('a.btn.primary', { href: href || '#/chapaev', dataset: { action: 'chapaev' } }, tMore('open')),
    );
  }

  card(g) {
    const form = h('form.other-form', { dataset: { game: g.name } });
    const settings = g.settings.map((s) =>
      h(
        'label.other-setting',
        { title: s.help },
        h('span.label', s.key),
        h(
          'select',
          { name: `setting-${s.key}`, dataset: { setting: s.key } },
          s.values.map((v) => h('option', { value: v, selected: v === s.default }, v)),
        ),
        h('span.other-help.muted', s.help),
      ),
    );
    const seats = [];
    for (let p = 0; p < g.players; p++) {
      const options = [h('option', { value: 'here' }, tMore('here')), h('option', { value: 'code' }, tMore('code'))];
      if (g.engine) options.push(h('option', { value: 'engine' }, tMore('engine')));
      seats.push(h('label.other-seat', swatch(g, p), h('span', playerLabel(g, p)), h('select', { name: `seat-${p}`, dataset: { seat: p } }, options)));
    }
    const level = h('select', { name: 'level', dataset: { level: '' } }, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => h('option', { value: n, selected: n === 5 }, n)));
    const error = h('p.form-error', { role: 'alert' });
    form.append(
      settings.length ? h('fieldset', h('legend', tMore('settings')), ...settings) : null,
      h('fieldset', h('legend', tMore('seats')), ...seats, g.engine ? h('label.other-seat', h('span', tMore('level')), level) : null),
      error,
      h('button.btn.primary', { type: 'submit', disabled: !g.playable, dataset: { action: 'other-start' } }, g.playable ? tMore('start') : tMore('notYet')),
    );
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      error.textContent = '';
      const chosen = [...form.querySelectorAll('select[data-setting]')]
        .filter((s) => s.value !== g.settings.find((x) => x.key === s.dataset.setting).default)
        .map((s) => `${s.dataset.setting}=${s.value}`)
        .join(',');
      const seatKinds = [...form.querySelectorAll('select[data-seat]')].map((s) => s.value);
      try {
        const game = await api.otherCreate({ game: g.name, settings: chosen, seats: seatKinds, level: Number(level.value) });
        location.hash = `#/more/${game.id}`;
      } catch (err) {
        error.textContent = errorText(err);
      }
    });
    return h(
      'section.card.other-card',
      { dataset: { game: g.name } },
      h('h2.card-title', g.title_en, h('span.other-ru', g.title_ru)),
      h('p.muted.other-players', Array.from({ length: g.players }, (_, p) => swatch(g, p)), ' ', tMore('players', { n: g.players })),
      form,
    );
  }

  destroy() {
    this.closed = true;
  }
}

/** #/more/ID: one game. */
export class OtherGameView {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.closed = false;
    this.game = null;
    this.board = new OtherBoard((m) => this.play(m), tMore('stop'));
    this.root.replaceChildren(h('div.loading', '\u2026'));
    this.start();
  }

  async start() {
    try {
      this.show(await api.otherGame(this.id));
    } catch (e) {
      if (!this.closed) this.root.replaceChildren(h('p.form-error', errorText(e)), h('a.btn', { href: '#/more' }, tMore('back')));
      return;
    }
    if (this.closed) return;
    this.source = new EventSource(api.otherEventsUrl(this.id));
    this.source.addEventListener('state', (ev) => {
      try {
        const g = JSON.parse(ev.data);
        // the stream's seats are those the device held when it connected: keep the page's
        if (this.game) g.you = this.game.you;
        this.show(g);
      } catch (err) {
        console.error('bad state event', err);
      }
    });
  }

  async play(move) {
    try {
      this.show(await api.otherMove(this.id, move.text, this.game.history.length));
    } catch (e) {
      toast(errorText(e), 'error');
      if (e instanceof ApiError && e.status === 409) this.show(await api.otherGame(this.id));
    }
  }

  myTurn(g) {
    return g.status === 'playing' && !g.thinking && g.you.includes(g.to_move) && g.seats[g.to_move].seat !== 'engine';
  }

  show(g) {
    if (this.closed) return;
    // an answer may come after the event of a later change (the engine's move): keep the later
    if (this.game && this.game.id === g.id && g.version < this.game.version) return;
    this.game = g;
    const info = g.game;
    const mine = this.myTurn(g);
    this.board.render(g, mine, `${info.title_en} / ${info.title_ru}`);
    const turn = g.status === 'finished' ? h('div.other-result', { dataset: { result: g.result.text } }, h('strong', tMore('over')), ': ', g.result.winner !== null ? tMore('wins', { name: playerLabel(info, g.result.winner) }) : tMore('draw'), h('div.muted', g.result.reason), h('div.other-result-text', g.result.text))
      : h('div.other-turn', { dataset: { toMove: g.to_move } }, swatch(info, g.to_move), ' ', g.thinking ? tMore('thinking') : mine ? tMore('yourMove') : g.you.length ? tMore('waiting', { name: playerLabel(info, g.to_move) }) : tMore('toMove', { name: playerLabel(info, g.to_move) }));
    const seats = h(
      'ul.other-players-list',
      g.seats.map((s, p) =>
        h(
          'li',
          { class: [p === g.to_move && g.status === 'playing' ? 'to-move' : '', g.result.out[p] ? 'out' : ''].join(' '), dataset: { player: p, seat: s.seat } },
          swatch(info, p),
          h('span.other-player-name', playerLabel(info, p)),
          s.seat === 'engine' ? h('span.muted', ' \u00b7 ', tMore('engineSeat', { level: s.level })) : null,
          g.you.includes(p) ? h('span.badge', tMore('you')) : null,
          g.result.out[p] ? h('span.badge.muted', tMore('out')) : null,
          h('span.other-score', String(g.result.score[p])),
        ),
      ),
    );
    const codes = (g.codes || []).map((c, p) => (c && g.seats[p].seat === 'open' ? this.codeCard(info, p, c) : null)).filter(Boolean);
    const list = h('ol.other-moves', { dataset: { count: g.history.length } }, g.history.map((m) => h('li', { dataset: { ply: m.ply } }, swatch(info, m.player), ' ', m.text)));
    const pass = mine ? g.moves.find((m) => m.kind === 'pass') : null;
    const panel = h(
      'aside.other-panel.card',
      h('h1.other-title', info.title_en, h('span.other-ru', info.title_ru)),
      g.settings ? h('p.muted.other-settings', g.settings) : null,
      turn,
      pass ? h('button.btn', { type: 'button', dataset: { action: 'pass' }, onclick: () => this.play(pass) }, tMore('pass')) : null,
      seats,
      ...codes,
      h('h2.card-title', tMore('moves')),
      g.history.length ? list : h('p.muted', tMore('noMoves')),
      h(
        'div.other-actions',
        h('button.btn.small', { type: 'button', dataset: { action: 'export' }, onclick: () => this.exportRecord() }, icon('download'), h('span', tMore('exportPdn'))),
        h('a.btn.small.ghost', { href: '#/more' }, tMore('back')),
      ),
    );
    const wrap = h('div.other-board', { dataset: { game: info.name, players: info.players } }, this.board.el, this.board.hint);
    this.root.replaceChildren(h('div.other-layout', { dataset: { status: g.status, version: g.version } }, wrap, panel));
  }

  codeCard(info, p, code) {
    const base = session.url || location.origin + '/';
    const link = `${base}j/${code}`;
    return h(
      'div.seat-open.other-code',
      { dataset: { player: p, code } },
      h('div.seat-text', h('p', tMore('seatOpen', { name: playerLabel(info, p) })), h('div.seat-code', code), h('a.seat-link', { href: link }, link)),
      qrImage(link, code),
    );
  }

  async exportRecord() {
    try {
      const text = await api.otherRecord(this.id);
      download(`${this.game.game.name}-${this.id}.pdn`, text, 'application/x-checkers-pdn');
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  destroy() {
    this.closed = true;
    if (this.source) this.source.close();
  }
}

/** #/more/join/CODE: take the seat, then open its game. */
export class OtherJoinView {
  constructor(root, code) {
    this.root = root;
    this.closed = false;
    root.replaceChildren(h('div.loading', tMore('joining', { code })));
    api
      .otherJoin(code)
      .then((g) => {
        if (!this.closed) location.replace(`#/more/${g.id}`);
      })
      .catch((e) => {
        if (this.closed) return;
        const message = e instanceof ApiError && e.status === 403 ? tMore('badCode', { code }) : errorText(e);
        root.replaceChildren(h('p.form-error.join-error', message), h('a.btn', { href: '#/more' }, tMore('back')));
      });
  }

  destroy() {
    this.closed = true;
  }
}
