// events.js - #/events: the club's events (tournaments), and the arbiter's form for a new one:
// its system (round robin, Swiss, knockout, Scheveningen), rounds, games a pairing, scoring,
// time control, ballots, tie-breaks and game: any game of two players (a draughts game, a column
// game or an other game, with its settings; the server refuses a game of three or four with a
// message, shown beside the field). The event itself is event.js.

import { api } from './api.js';
import { errorText, h, icon, legend } from './dom.js';
import { t } from './i18n.js';
import './i18n_games.js';
import './i18n_teams.js';
import { tiebreakWords } from './event_teams.js';
import { segmented, settingsControls } from './newgame.js';
import { session } from './session.js';
import { coloursOf, variantInfo, variantLabel, variantName, variantOptions } from './variants.js';

export const SYSTEMS = ['swiss', 'round-robin', 'knockout', 'scheveningen'];
const TIEBREAKS = ['bh-c1', 'bh', 'bh-m1', 'sb', 'solkoff', 'win', 'bwg', 'de', 'ps', 'aro', 'tpr', 'ks'];

export function systemName(system) {
  return t('events.system.' + system);
}

function field(id, label, input, hint) {
  return h('div.field', h('label.label', { for: id }, label), input, hint ? h('small.hint', hint) : null);
}

function select(id, options, value) {
  return h(`select#${id}`, { name: id }, options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)));
}

/** The arbiter's form for a new event; resolves to the event created, or null. */
function newEventForm(onCreated) {
  const error = h('p.form-error', { role: 'alert', hidden: true });
  const name = h('input#ev-name', { type: 'text', name: 'name', required: true, maxlength: '90', placeholder: t('events.namePlaceholder') });
  const system = select('ev-system', SYSTEMS.map((s) => [s, systemName(s)]), 'swiss');
  const rounds = h('input#ev-rounds', { type: 'number', name: 'rounds', min: '0', max: '99', value: '0' });
  const games = h('input#ev-games', { type: 'number', name: 'games', min: '1', max: '24', value: '1' });
  const boards = h('input#ev-boards', { type: 'number', name: 'boards', min: '0', max: '32', value: '0' });
  // an individual event or a team event: the latter's teams have boards (2 unless told)
  const kind = segmented('ev-kind', [['individual', t('teams.individual')], ['team', t('teams.teamEvent')]], 'individual');
  kind.setAttribute('aria-label', t('teams.kind'));
  kind.classList.add('ev-kind');
  const boardsField = field('ev-boards', t('teams.boards'), boards, t('teams.boardsHint'));
  boardsField.hidden = true;
  kind.addEventListener('change', () => {
    const team = kind.querySelector('input:checked').value === 'team';
    boardsField.hidden = !team;
    if (team && !(Number(boards.value) > 0)) boards.value = '2';
    if (!team) boards.value = '0';
  });
  const scoring = select('ev-scoring', [['1-0.5-0', t('events.scoring.chess')], ['2-1-0', t('events.scoring.draughts')]], '1-0.5-0');
  const time = h('input#ev-time', { type: 'text', name: 'time', placeholder: '15m+5s', maxlength: '60' });
  const openings = select('ev-openings', [['free', t('events.openings.free')], ['ballot', t('events.openings.ballot')], ['ballot-round', t('events.openings.ballotRound')]], 'free');
  // every game, those of three and four players named so (played at tables: a round robin or a
  // Swiss; the server says why another system cannot be)
  const label = (name) => (coloursOf(name).length > 2 ? `${variantLabel(name)} · ${t('more.players', { n: coloursOf(name).length })}` : variantLabel(name));
  const variant = h('select#ev-variant', { name: 'ev-variant' }, variantOptions('russian', undefined, label));
  // the chosen game's settings (the other games')
  let settings = settingsControls(variantInfo('russian'));
  const settingsField = h('div.field.ev-variant-settings', { hidden: true });
  const drawSettings = () => {
    const info = variantInfo(variant.value);
    settings = settingsControls(info);
    settingsField.replaceChildren(h('span.label', t('new.settings')), settings.el);
    settingsField.hidden = !(info.settings && info.settings.length);
  };
  variant.addEventListener('change', drawSettings);
  const tiebreaks = h('input#ev-tiebreaks', { type: 'text', name: 'tiebreaks', value: 'bh-c1,bh,sb', list: 'ev-tiebreak-names' });
  const list = h('datalist#ev-tiebreak-names', TIEBREAKS.map((n) => h('option', { value: n })));
  const inputs = { name, system, rounds, games, boards, scoring, time, openings, variant, tiebreaks, 'variant-settings': settingsField };
  const form = h(
    'form.card.event-form',
    { novalidate: true, dataset: { form: 'new-event' } },
    h('h2.card-title', t('events.new')),
    field('ev-name', t('events.name'), name),
    h('div.event-form-grid',
      field('ev-system', t('events.systemLabel'), system),
      field('ev-rounds', t('events.rounds'), rounds, t('events.roundsHint')),
      field('ev-games', t('events.games'), games),
      h('div.field', h('span.label', t('teams.kind')), kind),
      boardsField,
      field('ev-scoring', t('events.scoring'), scoring),
      field('ev-time', t('events.time'), time, t('events.timeHint')),
      field('ev-openings', t('events.openings'), openings),
      field('ev-variant', t('variant.label'), variant),
      h(
        'div.field',
        h('label.label', { for: 'ev-tiebreaks' }, t('events.tiebreaks')),
        tiebreaks,
        h('details.hint.tb-help', h('summary', TIEBREAKS.join(', ')), legend(TIEBREAKS.map((n) => [n, tiebreakWords(n)]))),
      ),
    ),
    settingsField,
    list,
    error,
    h('div.row-buttons', h('button.btn.primary', { type: 'submit', dataset: { action: 'create-event' } }, icon('plus'), t('events.create'))),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.hidden = true;
    for (const el of Object.values(inputs)) el.classList.remove('invalid');
    const body = { name: name.value.trim(), system: system.value, scoring: scoring.value, openings: openings.value, variant: variant.value, games: Number(games.value) || 1 };
    if (Number(rounds.value) > 0) body.rounds = Number(rounds.value);
    if (Number(boards.value) > 0) body.boards = Number(boards.value);
    if (time.value.trim()) body.time = time.value.trim();
    if (tiebreaks.value.trim()) body.tiebreaks = tiebreaks.value.split(',').map((s) => s.trim()).filter(Boolean);
    if (!settingsField.hidden && settings.value()) body['variant-settings'] = settings.value();
    try {
      const ev = await api.createEvent(body);
      onCreated(ev);
    } catch (err) {
      error.textContent = errorText(err);
      error.hidden = false;
      const bad = err.field && inputs[err.field.replace(/^stage\.1\./, '')];
      if (bad) {
        bad.classList.add('invalid');
        bad.focus();
      }
    }
  });
  return form;
}

function eventRow(ev) {
  const state = ev.finished ? t('events.finished') : ev.stage ? t('events.roundN', { n: ev.rounds_paired }) : t('events.notStarted');
  return h(
    'a.event-row',
    { href: `#/events/${ev.id}`, dataset: { id: String(ev.id) } },
    h('span.event-row-name', ev.name),
    h('span.meta', `${systemName(ev.system)} · ${variantName(ev.variant)} · ${t('events.playersN', { n: ev.players })}`),
    h('span.event-row-state', state),
  );
}

export class EventsView {
  constructor(root) {
    this.root = root;
    this.list = h('div.event-list', h('p.muted', '…'));
    root.replaceChildren(
      h(
        'div.events',
        h('div.events-head', h('h1.page-title', t('events.title')), h('p.lead', t('events.lead'))),
        h('section.card', h('h2.card-title', t('events.all')), this.list),
        session.arbiter ? newEventForm((ev) => (location.hash = `#/events/${ev.id}`)) : h('p.muted.events-arbiter-hint', icon('shield'), t('events.arbiterOnly')),
      ),
    );
    this.load();
  }

  async load() {
    try {
      const r = await api.events();
      this.list.replaceChildren(...(r.events.length ? r.events.map(eventRow) : [h('p.muted', t('events.none'))]));
    } catch (e) {
      this.list.replaceChildren(h('p.form-error', errorText(e)));
    }
  }

  destroy() {}
}
