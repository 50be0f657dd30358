// event_teams.js - a team event's and an individual-team event's parts of the event page
// (event.js): the match heading each table's boards in the pairings, the team standings and
// the board prizes (docs/web-api.md "Team events"). The words are i18n_teams.js's.

import { h, legend } from './dom.js';
import { has, t } from './i18n.js';
import './i18n_teams.js';

function points(p) {
  if (p === null || p === undefined) return '';
  const whole = Math.floor(p);
  return p - whole === 0.5 ? (whole ? `${whole}½` : '½') : String(Math.round(p * 100) / 100);
}

function table(cls, head, rows) {
  return h(`table.${cls}`, h('thead', h('tr', head.map((c) => h('th', { scope: 'col' }, c)))), h('tbody', rows));
}

/** A table that scrolls sideways inside its card rather than past it (a phone). */
function tableScroll(cls, head, rows) {
  return h('div.table-scroll', table(cls, head, rows));
}

/** A tie-break's name in words (its code: bh-c1, sb ...); `title`: the server's, for a code the
 *  page has no words for. */
export function tiebreakWords(code, title) {
  return has('tb.' + code) ? t('tb.' + code) : title || code;
}

export function teamName(ev, number) {
  const team = ev.team && ev.team.teams.find((x) => x.number === number);
  return team ? team.name : '';
}

/** The match of a round whose boards include `board`, or null. */
export function matchOf(ev, round, board) {
  if (!ev.team || !ev.team.boards) return null;
  return ev.team.matches.find((m) => m.stage === round.stage && m.round === round.round && board >= m.first_board && board <= m.last_board) || null;
}

/** The row heading a match's boards in the pairings table (5 columns). */
export function matchRow(ev, m) {
  const away = m.away ? teamName(ev, m.away) : null;
  const score = m.away ? `${points(m.home_points)}–${points(m.away_points)}` : t(m.home_mp ? 'teams.bye' : 'teams.free');
  return h(
    'tr.match-row',
    { dataset: { table: String(m.table), home: String(m.home), away: String(m.away ?? ''), complete: String(m.complete) } },
    h('td.num', t('teams.tableN', { n: m.table })),
    h('td.name.match-home', teamName(ev, m.home), m.winner === m.home && m.away ? h('span.chip', '✓') : null),
    h('td.result.match-score', score),
    h('td.name.match-away', away || '', m.winner && m.winner === m.away ? h('span.chip', '✓') : null),
    h('td', m.tiebreak_needed ? h('small.muted', t('teams.armageddon')) : null),
  );
}

/** The team standings card's contents, and the board prizes. */
export function teamStandings(ev) {
  const team = ev.team;
  if (!team) return [];
  const individual = !team.boards;
  const rows = team.standings.map((r) =>
    h(
      'tr',
      { dataset: { team: String(r.team) } },
      h('td.num', String(r.rank)),
      h('td.name', r.name, r.out ? h('small.muted', ` · ${t('teams.out')}`) : null),
      h('td.num.points', points(r.match_points)),
      individual || team.tiebreaks.includes('gp') ? null : h('td.num', points(r.game_points)),
      r.tiebreaks.map((v) => h('td.num', String(Math.round(v * 100) / 100))),
      individual ? h('td.num', String(r.matches)) : h('td.num', `${r.wins}/${r.draws}/${r.losses}`),
    ),
  );
  const tbWords = (n) => (has('teams.tb.' + n) ? t('teams.tb.' + n) : n);
  const head = individual
    ? ['#', t('teams.team'), t('teams.bestPoints', { n: team.best }), t('teams.tb.places'), t('teams.members')]
    : [
        '#',
        t('teams.team'),
        h('abbr', { title: t('teams.mpTitle') }, t('teams.mp')),
        ...(team.tiebreaks.includes('gp') ? [] : [h('abbr', { title: t('teams.gpTitle') }, t('teams.gp'))]),
        ...team.tiebreaks.map((n) => h('abbr', { title: tbWords(n) }, n.toUpperCase())),
        t('teams.matches'),
      ];
  const explained = individual
    ? []
    : [[t('teams.mp'), t('teams.mpTitle')], ...(team.tiebreaks.includes('gp') ? [] : [[t('teams.gp'), t('teams.gpTitle')]]), ...team.tiebreaks.map((n) => [n.toUpperCase(), tbWords(n)])];
  const out = [
    h('h2.card-title', individual ? t('teams.standingBest', { n: team.best }) : t('teams.standings')),
    rows.length ? h('div.table-scroll', table('event-table.team-standings-table', head, rows)) : h('p.muted', t('teams.none')),
    rows.length && explained.length ? legend(explained) : null,
  ].filter(Boolean);
  (team.board_prizes || []).forEach((list, i) => {
    if (!list.length) return;
    out.push(
      h('h3.card-subtitle', t('teams.boardN', { n: i + 1 })),
      tableScroll(
        'event-table.board-prizes-table',
        ['#', t('events.playerName'), t('teams.team'), t('events.points'), t('teams.games'), '%', t('teams.performance')],
        list.map((r) =>
          h(
            'tr',
            { dataset: { player: String(r.id), board: String(i + 1) } },
            h('td.num', String(r.rank)),
            h('td.name', r.name),
            h('td', r.team),
            h('td.num', points(r.points)),
            h('td.num', String(r.games)),
            h('td.num', (Math.round(r.percentage * 10) / 10).toFixed(1)),
            h('td.num', r.performance ? String(Math.round(r.performance)) : ''),
          ),
        ),
      ),
    );
  });
  return out;
}
