// event.js - #/events/ID[?round=N]: one event, live through /api/events/ID/events.
//
// Everyone sees the players, the pairings board by board (a round at a time), the standings
// with their tie-breaks and the crosstable, and may print the pairings or the standings
// (events.css's @media print keeps only that section) or export the event (TRF16, PDN, CSV,
// HTML). The arbiter also registers players (people, or engine players at a level), starts the
// event and pairs each round, takes a round back, enters or corrects results, and starts a
// pairing's game in the app: its seats' codes are shown for the players to type or open
// (#/join/CODE); a game played in the app enters its own result. Engines' games are played by
// the server as soon as their round is paired.

import { api } from './api.js';
import { onReconnect } from './connection.js';
import { daysPerMove, timeControlText } from './clock.js';
import { confirmDialog, errorText, h, icon, legend, toast } from './dom.js';
import { t } from './i18n.js';
import { joinUrl } from './club.js';
import { systemName } from './events.js';
import { tableRow } from './event_tables.js';
import { matchOf, matchRow, teamStandings, tiebreakWords } from './event_teams.js';
import { session } from './session.js';
import { variantName } from './variants.js';

const RESULTS = ['*', '1-0', '1/2-1/2', '0-1', '+-', '-+', '--'];

function resultLabel(r) {
  return r === '1/2-1/2' ? '½–½' : r === '*' ? '–' : r.replace('-', '–');
}

function points(p) {
  if (p === null || p === undefined) return '';
  const whole = Math.floor(p);
  return p - whole === 0.5 ? (whole ? `${whole}½` : '½') : String(Math.round(p * 100) / 100);
}

function table(cls, head, rows) {
  return h(`table.${cls}`, h('thead', h('tr', head.map((c) => h('th', { scope: 'col' }, c)))), h('tbody', rows));
}

export class EventView {
  constructor(root, id, params) {
    this.root = root;
    this.id = id;
    this.ev = null;
    this.cross = null;
    this.round = params.get('round') ? Number(params.get('round')) : null; // null: the last
    this.codes = {}; // game id -> its seats' codes, as the server gave them to the arbiter
    this.closed = false;
    this.els = {
      head: h('section.card.event-head'),
      players: h('section.card.event-players', { dataset: { section: 'players' } }),
      pairings: h('section.card.event-pairings', { dataset: { section: 'pairings' } }),
      standings: h('section.card.event-standings', { dataset: { section: 'standings' } }),
      teams: h('section.card.event-teams', { dataset: { section: 'teams' }, hidden: true }),
      cross: h('section.card.event-cross', { dataset: { section: 'crosstable' } }),
      log: h('details.card.event-log', h('summary.card-title', t('events.log')), h('ol.log-list')),
    };
    // the change log, read when opened and again with each change while open
    this.els.log.addEventListener('toggle', () => this.els.log.open && this.loadLog());
    root.replaceChildren(
      h('div.event', this.els.head, h('div.event-grid', h('div.event-main', this.els.pairings, this.els.teams, this.els.standings, this.els.cross), h('div.event-aside', this.els.players, this.els.log))),
    );
    this.els.head.append(h('p.muted', '…'));
    this.follow();
    // the server back after a time without it: the event's stream opened anew (it sends the
    // event at once)
    this.offReconnect = onReconnect(() => this.follow());
  }

  follow() {
    if (this.stop) this.stop();
    this.stop = api.eventEvents(this.id, (ev) => this.update(ev), () => this.reconnect());
  }

  reconnect() {
    // EventSource retries by itself; a deleted event ends its stream for good
    api.event(this.id).catch((e) => {
      if (e.status === 404) {
        this.stop();
        this.els.head.replaceChildren(h('p.form-error', errorText(e)));
      }
    });
  }

  async update(ev) {
    this.ev = ev;
    try {
      this.cross = (await api.standings(this.id)).crosstable;
    } catch {
      /* the event's standings are enough */
    }
    // the arbiter sees the open seats' codes of the games in progress (after a reload too)
    if (session.arbiter) {
      const open = ev.rounds.flatMap((r) => r.pairings.flatMap((p) => p.games)).filter((g) => g.game_id && g.result === '*' && !this.codes[g.game_id]);
      await Promise.all(
        open.map((g) =>
          api
            .game(g.game_id)
            .then((game) => {
              if (game.codes && Object.keys(game.codes).length) this.codes[g.game_id] = game.codes;
            })
            .catch(() => {}),
        ),
      );
    }
    if (this.closed || this.ev !== ev) return;
    this.render();
  }

  player(id) {
    return (this.ev.players || []).find((p) => p.id === id) || { name: '?', id };
  }

  async act(fn, ok) {
    try {
      const r = await fn();
      if (ok) toast(ok);
      return r;
    } catch (e) {
      toast(errorText(e), 'error');
      return null;
    }
  }

  render() {
    const ev = this.ev;
    document.title = `${t('app.name')} · ${ev.name}`;
    this.root.dataset.event = String(ev.id);
    this.root.firstChild.dataset.started = String(ev.started);
    this.renderHead(ev);
    this.renderPlayers(ev);
    this.renderPairings(ev);
    this.renderStandings(ev);
    this.els.teams.replaceChildren(...teamStandings(ev));
    this.els.teams.hidden = !ev.team;
    this.renderCross(ev);
    if (this.els.log.open) this.loadLog();
  }

  async loadLog() {
    try {
      const r = await api.eventLog(this.id);
      this.els.log.querySelector('.log-list').replaceChildren(...r.changes.map((c) => h('li', h('time.muted', c.time.replace('T', ' ').replace('Z', '')), ' ', c.change)));
    } catch {
      /* shown again on the next change */
    }
  }

  renderHead(ev) {
    const stage = ev.stages.find((s) => s.stage === (ev.stage || 1)) || ev.stages[0];
    const game = [variantName(ev.variant), ev.settings && ev.settings['variant-settings']].filter(Boolean).join(' ');
    const facts = [ev.table_size ? t('tables.' + ev.system, { n: ev.table_size }) : systemName(ev.system), game, ev.time ? timeControlText(ev.time) : t('events.noClock'), t('events.roundsOf', { n: stage ? stage.rounds_paired : 0, of: stage ? stage.rounds : 0 })];
    const print = (what) => () => {
      document.body.dataset.print = what;
      window.print();
    };
    const link = (what, label) => h('a.btn.small', { href: api.eventExportUrl(ev.id, what), download: `event-${ev.id}.${what}`, dataset: { export: what } }, icon('download'), label);
    const tools = [];
    if (session.arbiter && !ev.finished) {
      // a correspondence event (days per move) begins all its games at once
      const correspondence = !ev.started && daysPerMove(ev.time) > 0;
      if (correspondence) {
        tools.push(h('button.btn.primary', { type: 'button', dataset: { action: 'correspondence' }, onclick: () => this.beginCorrespondence() }, icon('play'), t('events.corrBegin')));
      }
      tools.push(
        h(correspondence ? 'button.btn' : 'button.btn.primary', { type: 'button', dataset: { action: 'pair' }, disabled: !ev.can_pair, onclick: () => this.pair() }, icon('play'), ev.started ? t('events.pairNext') : t('events.start')),
      );
      if (ev.started) tools.push(h('button.btn', { type: 'button', dataset: { action: 'unpair' }, onclick: () => this.unpair() }, icon('undo'), t('events.unpair')));
    }
    this.els.head.replaceChildren(
      h('div.event-title', h('a.back', { href: '#/events' }, '← ', t('events.title')), h('h1.page-title', ev.name), h('p.muted.event-facts', { dataset: { variant: ev.variant } }, facts.join(' · ')), ev.finished ? h('p.chip', t('events.finished')) : null),
      h('div.event-tools', tools, h('button.btn.small', { type: 'button', dataset: { action: 'print-pairings' }, onclick: print('pairings') }, t('events.printPairings')), h('button.btn.small', { type: 'button', dataset: { action: 'print-standings' }, onclick: print('standings') }, t('events.printStandings')), ev.table_size ? null : link('trf', 'TRF'), link('pdn', 'PDN'), link('csv', 'CSV'), link('html', 'HTML')),
    );
  }

  renderPlayers(ev) {
    // a team event's players (and a Scheveningen match's) have their team in a column of its own
    const teams = !!ev.team || ev.system === 'scheveningen' || ev.players.some((p) => p.team);
    const rows = ev.players.map((p) =>
      h(
        'tr',
        { dataset: { player: String(p.id) }, class: p.withdrawn ? 'withdrawn' : null },
        h('td.num', String(p.id)),
        h('td.name', p.engine ? icon('cpu') : icon('user'), p.name, p.withdrawn ? h('small.muted', ` · ${t('events.withdrawn')}`) : null),
        h('td.num', p.rating ? String(p.rating) : ''),
        h('td.club', p.engine ? t('events.engineLevel', { n: p.engine }) : p.club || ''),
        teams ? h('td.team', { dataset: { team: p.team || '' } }, [p.team, p.board ? `${t('teams.board')} ${p.board}` : null].filter(Boolean).join(' · ')) : null,
        session.arbiter && !p.withdrawn && !ev.finished
          ? h('td', h('button.btn.small.ghost', { type: 'button', title: t('events.withdraw'), 'aria-label': t('events.withdraw'), dataset: { action: 'withdraw' }, onclick: () => this.withdraw(p) }, icon('close')))
          : h('td'),
      ),
    );
    // (replaceChildren writes a null as the text "null": a finished event has no form)
    this.els.players.replaceChildren(
      ...[
        h('h2.card-title', t('events.players'), ' ', h('span.muted', `(${ev.players.length})`)),
        ev.players.length ? table('event-table', ['#', t('events.playerName'), t('events.rating'), t('events.club'), ...(teams ? [t('events.team')] : []), ''], rows) : h('p.muted', t('events.noPlayers')),
        session.arbiter && !ev.finished ? this.addForm() : null,
      ].filter(Boolean),
    );
  }

  /** The arbiter's form for a new player, made once and kept through the renders: a change
   *  draws the page twice (the answer to the arbiter's request, then the stream's event), and a
   *  form made anew by the second would lose what was typed into it after the first (the race
   *  that failed teams.mjs now and then on a busy machine). */
  addForm() {
    if (!this.playerFormEl) this.playerFormEl = this.playerForm();
    return this.playerFormEl;
  }

  playerForm() {
    const name = h('input#pl-name', { type: 'text', name: 'name', maxlength: '90', placeholder: t('events.playerName') });
    const rating = h('input#pl-rating', { type: 'number', name: 'rating', min: '0', max: '4000', placeholder: t('events.rating') });
    const club = h('input#pl-club', { type: 'text', name: 'club', maxlength: '90', placeholder: t('events.club') });
    // a Scheveningen match is between two teams, and a team event's players are in teams:
    // each player says which (and, in a team event, his board in the team's order)
    const team = this.ev.system === 'scheveningen' || this.ev.team ? h('input#pl-team', { type: 'text', name: 'team', maxlength: '90', placeholder: t('events.team') }) : null;
    const board = this.ev.team && this.ev.team.boards ? h('input#pl-board', { type: 'number', name: 'board', min: '1', max: '32', placeholder: t('teams.board'), 'aria-label': t('teams.board') }) : null;
    const kind = h('select#pl-kind', { name: 'kind', 'aria-label': t('events.kind') }, h('option', { value: '0' }, t('events.person')), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => h('option', { value: String(n) }, t('events.engineLevel', { n }))));
    const form = h(
      'form.player-form',
      { novalidate: true, dataset: { form: 'add-player' } },
      h('div.player-form-grid', name, rating, club, kind, team, board),
      h('button.btn', { type: 'submit', dataset: { action: 'add-player' } }, icon('plus'), t('events.addPlayer')),
    );
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const body = { name: name.value.trim() || null, club: club.value.trim() || null };
      if (team && team.value.trim()) body.team = team.value.trim();
      if (board && board.value) body.board = Number(board.value);
      if (rating.value) body.rating = Number(rating.value);
      if (kind.value !== '0') body.engine = Number(kind.value);
      const r = await this.act(() => api.addPlayer(this.id, body));
      if (r) {
        name.value = '';
        rating.value = '';
        club.value = '';
        kind.value = '0';
        if (board) board.value = '';
        this.update(r).then(() => document.getElementById('pl-name') && document.getElementById('pl-name').focus());
      }
    });
    return form;
  }

  renderPairings(ev) {
    const rounds = ev.rounds;
    if (!rounds.length) {
      this.els.pairings.replaceChildren(h('h2.card-title', t('events.pairings')), h('p.muted', ev.players.length < 2 ? t('events.needPlayers') : t('events.notStarted')));
      return;
    }
    const shown = rounds.find((r) => r.round === this.round && r.stage === (this.stage || r.stage)) || rounds[rounds.length - 1];
    const tabs = h(
      'div.round-tabs',
      { role: 'tablist', 'aria-label': t('events.rounds') },
      rounds.map((r) =>
        h(
          'button.seg',
          {
            type: 'button',
            role: 'tab',
            'aria-selected': String(r === shown),
            dataset: { round: String(r.round), stage: String(r.stage) },
            onclick: () => {
              this.round = r.round;
              this.stage = r.stage;
              this.renderPairings(this.ev);
            },
          },
          ev.stages.length > 1 ? `${r.stage}.${r.round}` : String(r.round),
        ),
      ),
    );
    // a team event: each match's row before its boards
    const rows = [];
    let lastMatch = null;
    for (const p of shown.pairings) {
      const m = matchOf(ev, shown, p.board);
      if (m && m !== lastMatch) rows.push(matchRow(ev, m));
      lastMatch = m;
      rows.push(this.pairingRow(ev, shown, p));
    }
    this.els.pairings.replaceChildren(
      h('div.card-head', h('h2.card-title', t('events.roundN', { n: shown.round }), shown.complete ? h('span.chip', t('events.complete')) : null), tabs),
      ev.table_size
        ? table('event-table.pairings-table.tables-table', [t('tables.table'), t('tables.players'), t('events.result'), ''], rows)
        : table('event-table.pairings-table', [t('events.board'), t('color.white'), t('events.result'), t('color.black'), ''], rows),
    );
  }

  pairingRow(ev, round, p) {
    const white = this.player(p.white);
    const black = p.black ? this.player(p.black) : null;
    const game = p.games[p.next_game ?? p.games.length - 1] || p.games[0];
    const result = p.type !== 'game' ? t('events.pairing.' + p.type) : p.games.length === 1 ? resultLabel(p.games[0].result) : `${points(p.white_points)}–${points(p.black_points)}`;
    let resultCell = h('td.result', { dataset: { result: p.games[0] ? p.games[0].result : p.type } }, result);
    if (session.arbiter && p.type === 'game' && game) {
      const gi = p.games.indexOf(game);
      const sel = h(
        'select.result-select',
        { 'aria-label': t('events.resultOf', { n: p.board }), dataset: { board: String(p.board) } },
        RESULTS.map((r) => h('option', { value: r, selected: r === game.result }, resultLabel(r))),
      );
      sel.addEventListener('change', async () => {
        const r = await this.act(() => api.eventResult(this.id, { stage: round.stage, round: round.round, board: p.board, game: gi, result: sel.value }));
        if (r) this.update(r);
        else sel.value = game.result;
      });
      resultCell = h('td.result', { dataset: { result: p.games[0].result } }, p.games.length > 1 ? h('span.match-score', result) : null, sel);
    }
    const gameCell = h('td.game-cell');
    const live = p.games.filter((g) => g.game_id);
    for (const g of live) {
      const codes = this.codes[g.game_id];
      gameCell.append(h('a.btn.small.ghost', { href: `#/play/${g.game_id}`, dataset: { game: String(g.game_id) } }, icon(g.result === '*' ? 'eye' : 'play'), `#${g.game_id}`));
      if (codes && g.result === '*') {
        gameCell.append(h('span.codes', Object.entries(codes).map(([c, code]) => h('span.event-code', { title: joinUrl(code), dataset: { color: c, code } }, `${t('color.' + c)}: ${code}`))));
      }
    }
    const playing = live.some((g) => g.result === '*');
    const seated = p.seats ? p.seats.map((id) => this.player(id)) : [white, black];
    const bothEngines = seated.every((pl) => pl && pl.engine);
    if (session.arbiter && p.type === 'game' && p.next_game !== null && !playing && !bothEngines) {
      gameCell.append(h('button.btn.small', { type: 'button', title: t('events.playInApp'), 'aria-label': t('events.playInApp'), dataset: { action: 'start-game', board: String(p.board) }, onclick: () => this.startGame(round, p) }, icon('play'), h('span.btn-text', t('events.playInApp'))));
    }
    if (p.seats) {
      const onResult = async (value) => {
        const r = await this.act(() => api.eventResult(this.id, { stage: round.stage, round: round.round, board: p.board, game: 0, result: value }));
        if (r) this.update(r);
        return !!r;
      };
      return tableRow(ev, p, { player: (id) => this.player(id), points, arbiter: session.arbiter, onResult, gameCell });
    }
    return h(
      'tr',
      { dataset: { board: String(p.board) } },
      h('td.num', String(p.board)),
      h('td.name', white.engine ? icon('cpu') : null, white.name, h('small.muted', ` ${points(p.white_points)}`)),
      resultCell,
      h('td.name', black ? [black.engine ? icon('cpu') : null, black.name] : h('span.muted', '—')),
      gameCell,
    );
  }

  renderStandings(ev) {
    const tbs = ev.tiebreaks || [];
    const rows = (ev.standings || []).map((r) =>
      h(
        'tr',
        { dataset: { player: String(r.id) } },
        h('td.num', String(r.rank)),
        h('td.name', r.name),
        h('td.num.points', points(r.points)),
        r.tiebreaks.map((v) => h('td.num', String(Math.round(v * 100) / 100))),
        h('td.num', `${r.wins}/${r.draws}/${r.losses}`),
      ),
    );
    // the tie-breaks' codes head their columns, their words under the table (not only on hover)
    this.els.standings.replaceChildren(
      ...[
        h('h2.card-title', t('events.standings')),
        rows.length ? table('event-table.standings-table', ['#', t('events.playerName'), t('events.points'), ...tbs.map((b) => h('abbr', { title: tiebreakWords(b.name, b.title) }, b.name)), t('events.wdl')], rows) : h('p.muted', t('events.noPlayers')),
        rows.length && tbs.length ? legend(tbs.map((b) => [b.name, tiebreakWords(b.name, b.title)])) : null,
      ].filter(Boolean),
    );
  }

  renderCross(ev) {
    const c = this.cross;
    if (!c || !c.columns.length) {
      this.els.cross.replaceChildren();
      this.els.cross.hidden = true;
      return;
    }
    this.els.cross.hidden = false;
    const rank = new Map((ev.standings || []).map((r, i) => [r.id, i + 1]));
    const rows = c.rows.map((row) =>
      h(
        'tr',
        { dataset: { player: String(row.id) } },
        h('td.num', String(rank.get(row.id) || '')),
        h('td.name', this.player(row.id).name),
        row.cells.map((cell) =>
          h('td.cross-cell', cell ? h('span', { class: 'c-' + cell.color }, cell.table ? `t${cell.table}:${cell.score}` : `${cell.opponent_rank ?? ''}${cell.color === '-' ? '' : cell.color}${cell.score}`) : ''),
        ),
      ),
    );
    this.els.cross.replaceChildren(
      h('h2.card-title', t('events.crosstable')),
      h('div.table-scroll', table('event-table.cross-table', ['#', t('events.playerName'), ...c.columns.map((col) => (ev.stages.length > 1 ? `${col.stage}.${col.round}` : String(col.round)))], rows)),
    );
  }

  async pair() {
    const r = await this.act(() => api.pairNext(this.id));
    if (r) {
      this.round = null;
      this.update(r);
    }
  }

  async beginCorrespondence() {
    if (!(await confirmDialog(t('events.corrConfirm'), t('events.corrBegin'), t('new.cancel')))) return;
    const r = await this.act(() => api.beginCorrespondence(this.id));
    if (r) {
      toast(t('events.corrBegun', { n: r.games.length }));
      this.round = null;
      this.update(r.event);
    }
  }

  async unpair() {
    if (!(await confirmDialog(t('events.confirmUnpair'), t('events.unpair'), t('new.cancel'), true))) return;
    const r = await this.act(() => api.unpairLast(this.id));
    if (r) {
      this.round = null;
      this.update(r);
    }
  }

  async withdraw(p) {
    if (!(await confirmDialog(t('events.confirmWithdraw', { name: p.name }), t('events.withdraw'), t('new.cancel'), true))) return;
    const r = await this.act(() => api.withdrawPlayer(this.id, p.id));
    if (r) this.update(r);
  }

  async startGame(round, p) {
    const r = await this.act(() => api.startEventGame(this.id, { stage: round.stage, round: round.round, board: p.board }));
    if (r) {
      if (r.game.codes) this.codes[r.game.id] = r.game.codes;
      this.update(r.event);
    }
  }

  destroy() {
    this.closed = true;
    this.offReconnect();
    this.stop();
    delete document.body.dataset.print;
  }
}
