// contests.js - #/contests and #/contests/ID: solving and composing contests (docs/web-api.md
// "Contests").
//
// The list and the arbiter's form for a new contest (its kind, time, the rule for another
// winning key, the code solvers sign in with). A solving contest: the arbiter adds problems (a
// position set up in the editor or typed as FEN, a puzzle of the built-in set, the compositions
// of a PDN file); a solver signs in with the code and a name on his own device and solves each
// problem on the board move by move (the defender's replies come back from the server), or
// types the whole solution; the standings follow live (the contest's stream) and print on their
// own. A composing contest: the arbiter enters the entries (checked for soundness by the server
// at once), or a composer signed in to his account sends his own; the entries are anonymous
// (no author) to all but the arbiter and their composer until the award is published; the
// arbiter enters the judges' points, chooses how they count, publishes and prints the award.
// Either kind's files (its problems or entries as PDN, its results as text) download from the
// Files card.
//
// The view's root says where it is for the tests and the styles: data-contest (the id),
// data-kind, data-solver (the solver signed in on this device, once he is) and data-problem
// (the problem on the board).

import { api } from './api.js';
import { Board } from './board.js';
import { onReconnect } from './connection.js';
import { errorText, h, icon, toast } from './dom.js';
import { Editor } from './editor.js';
import { parseFen } from './fen.js';
import { t } from './i18n.js';
import './i18n_contests.js';
import { pref } from './prefs.js';
import { session } from './session.js';
import { variantInfo } from './variants.js';

function field(id, label, input, hint) {
  return h('div.field', h('label.label', { for: id }, label), input, hint ? h('small.hint', hint) : null);
}

function select(id, options, value) {
  return h(`select#${id}`, { name: id }, options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)));
}

function clock(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// An entry's author, or "anonymous" while the award is not published (the judges' view).
function authorText(e) {
  return e.author ?? t('contests.anonymous', { id: e.id });
}

function printResults() {
  document.body.dataset.print = 'contest';
  window.print();
}

/** #/contests: the list, and the arbiter's form for a new contest. */
export class ContestsView {
  constructor(root) {
    this.root = root;
    this.list = h('ul.contest-list');
    const error = h('p.form-error', { role: 'alert', hidden: true });
    const name = h('input#ct-name', { type: 'text', required: true, maxlength: '90', placeholder: t('contests.namePlaceholder') });
    const kind = select('ct-kind', [['solving', t('contests.kind.solving')], ['composing', t('contests.kind.composing')]], 'solving');
    const minutes = h('input#ct-minutes', { type: 'number', min: '0', max: '10000', value: '60' });
    const alternative = select('ct-alternative', ['full', 'half', 'none'].map((a) => [a, t('contests.alternative.' + a)]), 'half');
    const code = h('input#ct-code', { type: 'text', maxlength: '12', placeholder: 'SPRING', autocapitalize: 'characters' });
    const create = async (e) => {
      e.preventDefault();
      error.hidden = true;
      const body = { name: name.value.trim(), kind: kind.value, minutes: Number(minutes.value || 0), alternative: alternative.value };
      if (code.value.trim()) body.code = code.value.trim();
      try {
        const c = await api.createContest(body);
        location.hash = `#/contests/${c.id}`;
      } catch (err) {
        error.textContent = errorText(err);
        error.hidden = false;
      }
    };
    this.form = h(
      'form.card.contest-form',
      { dataset: { form: 'new-contest' }, onsubmit: create, hidden: !session.arbiter },
      h('h2.card-title', t('contests.new')),
      field('ct-name', t('contests.name'), name),
      field('ct-kind', t('contests.kind'), kind),
      field('ct-minutes', t('contests.minutes'), minutes, t('contests.minutesHint')),
      field('ct-alternative', t('contests.alternative'), alternative, t('contests.alternativeHint')),
      field('ct-code', t('contests.code'), code, t('contests.codeHint')),
      error,
      h('button.btn.primary', { type: 'submit', dataset: { action: 'create-contest' } }, icon('plus'), t('contests.create')),
    );
    root.replaceChildren(
      h('div.page-head', h('h1', t('contests.title')), h('p.lead', t('contests.lead'))),
      h('div.contests', h('section.card', h('h2.card-title', t('contests.all')), this.list), this.form),
    );
    this.load();
  }

  async load() {
    try {
      const r = await api.contests();
      this.list.replaceChildren(
        ...(r.contests.length
          ? r.contests.map((c) => h('li', h('a', { href: `#/contests/${c.id}`, dataset: { contest: c.id } }, c.name), ' ', h('span.chip', t('contests.kind.' + c.kind))))
          : [h('li.muted', t('contests.none'))]),
      );
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  destroy() {}
}

/** #/contests/ID: one contest. */
export class ContestView {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.closed = false;
    this.contest = null;
    this.sheet = null; // the solver's, once signed in on this device
    this.current = 1; // the problem on the board
    this.editor = null;
    this.board = new Board({ onMove: (move) => this.answer(move), onMessage: (key) => toast(t(key)), label: t('contests.title') });
    this.board.setVariant(variantInfo('russian'));
    this.board.setNumbers(pref('notation') === 'numeric');
    this.head = h('div.page-head.contest-head');
    this.main = h('div.contest-main');
    this.side = h('div.contest-side');
    this.layout = h('div.contest', { dataset: { contest: id } }, this.main, this.side);
    root.replaceChildren(this.head, this.layout);
    this.tick = setInterval(() => this.renderClock(), 1000);
    this.stop = api.contestEvents(id, () => this.refresh());
    // the server back after a time without it: the stream opened anew, the standings read again
    this.offReconnect = onReconnect(() => {
      if (this.stop) this.stop();
      this.stop = api.contestEvents(id, () => this.refresh());
      this.refresh();
    });
    this.load();
  }

  destroy() {
    this.closed = true;
    clearInterval(this.tick);
    this.offReconnect();
    if (this.stop) this.stop();
    if (this.editor) this.editor.destroy();
    delete document.body.dataset.print;
  }

  async load() {
    try {
      this.contest = await api.contest(this.id);
    } catch (e) {
      this.head.replaceChildren(h('h1', t('contests.title')), h('p.form-error', errorText(e)));
      return;
    }
    // a visitor not signed in has no sheet: not asked for (a 401 in the console at every visit)
    if (this.contest.kind === 'solving' && this.contest.signed_in === false) {
      this.sheet = null;
    } else if (this.contest.kind === 'solving') {
      try {
        this.sheet = await api.contestSheet(this.id);
        this.sheetAt = Date.now();
      } catch {
        this.sheet = null;
      }
    }
    if (!this.closed) this.render();
  }

  /** The stream said the contest changed: the standings (and the arbiter's cards) again. */
  async refresh() {
    if (this.closed || this.editor) return;
    try {
      this.contest = await api.contest(this.id);
      if (!this.closed) this.renderCards();
    } catch {
      /* deleted, or the server went: the next event says */
    }
  }

  render() {
    const c = this.contest;
    this.layout.dataset.kind = c.kind;
    const facts = [t('contests.kind.' + c.kind)];
    if (c.kind === 'solving') {
      facts.push(c.minutes ? t('contests.minutesN', { n: c.minutes }) : t('contests.noTime'));
      facts.push(t('contests.alternativeIs', { rule: t('contests.alternative.' + c.alternative) }));
    }
    if (c.code) facts.push(t('contests.codeIs', { code: c.code }));
    this.head.replaceChildren(
      h('h1.contest-title', h('a.back', { href: '#/contests', 'aria-label': t('contests.title') }, icon('prev')), c.name),
      h('p.lead', facts.join(' · ')),
      h('div.row-buttons.contest-tools', h('button.btn', { type: 'button', dataset: { action: 'print' }, onclick: printResults }, icon('download'), c.kind === 'solving' ? t('contests.printStandings') : t('contests.printAward'))),
    );
    if (c.kind === 'solving') this.renderSolving();
    this.renderCards();
  }

  // ---- solving ----

  renderSolving() {
    const c = this.contest;
    if (!this.sheet) {
      this.board.setInteractive(false);
      this.main.replaceChildren(this.joinForm(), this.board.el);
      this.showProblem();
      return;
    }
    this.layout.dataset.solver = this.sheet.solver;
    this.message = h('p.contest-message', { role: 'status', 'aria-live': 'polite' });
    this.clockEl = h('span.chip.contest-clock');
    this.tabs = h('div.problem-tabs', { role: 'tablist' });
    // the example shows the form only: no problem's solution (the docs' example position's was)
    this.textAnswer = h('textarea#answer-text', { rows: '3', spellcheck: 'false', placeholder: t('contests.asTextExample') });
    const sendText = async () => {
      const text = this.textAnswer.value.trim();
      if (!text) return;
      await this.send({ text });
    };
    this.main.replaceChildren(
      h(
        'section.card.solver-card',
        h('header.card-head', h('h2.card-title', t('contests.you', { name: this.sheet.name })), this.clockEl),
        this.tabs,
        h('p.muted.solve-on-board', icon('play'), t('contests.onBoardHint')),
        this.message,
      ),
      this.board.el,
      h(
        'section.card.text-card',
        field('answer-text', t('contests.asText'), this.textAnswer, t('contests.asTextHint')),
        h('button.btn', { type: 'button', dataset: { action: 'send-text' }, onclick: sendText }, icon('check'), t('contests.send')),
      ),
    );
    if (!c.problems.length) this.message.textContent = t('contests.noProblems');
    this.renderSheet();
  }

  joinForm() {
    const error = h('p.form-error', { role: 'alert', hidden: true });
    const code = h('input#join-code', { type: 'text', maxlength: '12', autocapitalize: 'characters', autocomplete: 'off' });
    const name = h('input#join-name', { type: 'text', maxlength: '90' });
    const join = async (e) => {
      e.preventDefault();
      error.hidden = true;
      try {
        this.sheet = await api.joinContest(this.id, code.value.trim(), name.value.trim());
        this.sheetAt = Date.now();
        this.current = 1;
        this.renderSolving();
      } catch (err) {
        error.textContent = errorText(err);
        error.hidden = false;
      }
    };
    return h(
      'form.card.join-form',
      { dataset: { form: 'join' }, onsubmit: join },
      h('h2.card-title', t('contests.join')),
      h('p.hint', t('contests.joinHint')),
      field('join-code', t('contests.code'), code),
      field('join-name', t('contests.yourName'), name),
      error,
      h('button.btn.primary', { type: 'submit', dataset: { action: 'join' } }, icon('play'), t('contests.signIn')),
    );
  }

  renderClock() {
    if (!this.sheet || !this.clockEl) return;
    const left = this.sheet.seconds_left;
    if (left === null || left === undefined) {
      this.clockEl.textContent = t('contests.noTime');
      return;
    }
    this.clockEl.textContent = clock(left - (Date.now() - this.sheetAt) / 1000);
  }

  renderSheet() {
    const s = this.sheet;
    this.tabs.replaceChildren(
      ...s.problems.map((p) =>
        h(
          'button.problem-tab',
          { type: 'button', role: 'tab', 'aria-selected': String(p.id === this.current), dataset: { problem: p.id, state: p.state }, onclick: () => this.open(p.id) },
          String(p.id),
          p.state === 'solved' ? icon('check') : p.state === 'failed' ? icon('close') : null,
        ),
      ),
    );
    this.renderClock();
    this.showProblem();
  }

  open(k) {
    this.current = k;
    if (this.sheet) this.renderSheet();
    else this.showProblem();
  }

  /** The problem on the board: the solver's attempt where it is, else its start. */
  showProblem() {
    const c = this.contest;
    const p = (this.sheet ? this.sheet.problems : c.problems).find((x) => x.id === this.current);
    this.layout.dataset.problem = p ? p.id : '';
    if (!p) {
      this.board.setPosition('.'.repeat(32), []);
      return;
    }
    this.board.setFlipped(p.side === 'black');
    if (p.position) {
      const line = p.line || [];
      this.board.setPosition(p.position.board, p.position.legal);
      this.board.setInteractive(true);
      const task = t(`contests.task.${p.goal}.${p.side}`, { n: p.moves });
      const reply = line.length ? t('contests.reply', { line: line.map((m) => m).join(' ') }) : '';
      this.message.textContent = `${p.title} · ${task}${reply ? ' · ' + reply : ''}`;
    } else {
      const start = parseFen(p.fen);
      this.board.setPosition(start.board, []);
      this.board.setInteractive(false);
      if (this.message && this.sheet) {
        this.message.textContent =
          p.state === 'solved'
            ? t(p.alternative ? 'contests.solvedOther' : 'contests.solved', { points: p.won })
            : p.state === 'failed'
              ? t('contests.failed', { why: p.failure })
              : '';
      }
    }
  }

  async answer(move) {
    await this.send({ move: move.notation });
  }

  async send(body) {
    const k = this.current;
    try {
      this.sheet = await api.contestAnswer(this.id, k, body);
      this.sheetAt = Date.now();
      if (body.text) this.textAnswer.value = '';
    } catch (e) {
      toast(errorText(e), 'error');
      try {
        this.sheet = await api.contestSheet(this.id);
        this.sheetAt = Date.now();
      } catch {
        /* keep the last */
      }
    }
    if (!this.closed) this.renderSheet();
  }

  // ---- the cards: standings, problems (arbiter), entries, marks and the award ----

  renderCards() {
    const c = this.contest;
    const cards = [];
    if (c.kind === 'solving') {
      cards.push(this.standingsCard());
      if (c.arbiter) cards.push(this.problemsCard());
    } else {
      cards.push(this.awardCard(), this.entriesCard());
      // the forms are made once and kept through the renders: the answer to a request and the
      // stream's event each draw the cards, and a form made anew by the second lost what was
      // typed after the first (a judge's name: "a judge needs a name")
      if (c.arbiter) cards.push((this.entryFormEl ||= this.entryForm(false)), this.markForm(), this.awardSettings());
      else if (c.account && !c.published) cards.push((this.ownEntryFormEl ||= this.entryForm(true)));
    }
    cards.push(this.filesCard());
    if (c.kind === 'composing') {
      this.main.replaceChildren(...cards.slice(0, 2));
      this.side.replaceChildren(...cards.slice(2));
    } else if (!this.editor) {
      this.side.replaceChildren(...cards);
    }
  }

  standingsCard() {
    const c = this.contest;
    const problems = c.problems.map((p) => h('th', { scope: 'col', title: p.title }, String(p.id)));
    const rows = c.standings.map((r) =>
      h(
        'tr',
        { dataset: { solver: r.solver } },
        h('td.rank', String(r.rank)),
        h('td.name', r.name),
        h('td.points', String(r.points)),
        h('td.time', clock(r.time)),
        ...r.problems.map((x, i) => h('td.cell', { dataset: { problem: i + 1, state: x.state } }, x.state === 'solved' ? String(x.points) : x.state === 'failed' ? '×' : '–')),
      ),
    );
    return h(
      'section.card.contest-standings.print-area',
      h('h2.card-title', t('contests.standings')),
      h('p.print-only', c.name),
      rows.length
        ? h(
            'div.table-wrap',
            h('table.standings-table', h('thead', h('tr', h('th', '#'), h('th', t('contests.solver')), h('th', t('contests.points')), h('th', t('contests.time')), ...problems)), h('tbody', ...rows)),
          )
        : h('p.muted', t('contests.noSolvers')),
    );
  }

  problemsCard() {
    const c = this.contest;
    // the form made once and kept through the renders (see renderCards)
    const form = (this.problemFormEl ||= this.problemForm());
    const list = h(
      'ol.contest-problems',
      c.problems.map((p) =>
        h(
          'li',
          { dataset: { problem: p.id } },
          h('button.link', { type: 'button', onclick: () => this.open(p.id) }, `${p.title}`),
          ` · ${t('contests.goal.' + p.goal)} ${t('contests.inN', { n: p.moves })} · ${t('contests.pointsN', { n: p.points })} · `,
          h('small.muted', p.source),
          p.solution ? h('div.solution', p.solution) : null,
        ),
      ),
    );
    return h('section.card.contest-problems-card', h('h2.card-title', t('contests.problems')), list, form);
  }

  /** The arbiter's form for a new problem: from a FEN (or the editor), the built-in set, a PDN file. */
  problemForm() {
    const error = h('p.form-error', { role: 'alert', hidden: true });
    const source = select('pr-source', ['editor', 'puzzle', 'pdn'].map((s) => [s, t('contests.source.' + s)]), 'editor');
    const fen = h('input#pr-fen', { type: 'text', spellcheck: 'false', placeholder: 'W:Wa1,b2,c3:Ba5,e5,g7' });
    const puzzle = h('input#pr-puzzle', { type: 'text', placeholder: 'P0386' });
    const pdn = h('input#pr-pdn', { type: 'file', accept: '.pdn,.txt' });
    const goal = select('pr-goal', [['win', t('contests.goal.win')], ['draw', t('contests.goal.draw')]], 'win');
    const points = h('input#pr-points', { type: 'number', min: '0', max: '100', value: '10' });
    const moves = h('input#pr-moves', { type: 'number', min: '1', max: '20', value: '10' });
    const title = h('input#pr-title', { type: 'text', maxlength: '90' });
    const setup = h('button.btn', { type: 'button', dataset: { action: 'setup' }, onclick: () => this.openEditor(fen) }, icon('edit'), t('contests.setup'));
    const fenField = h('div.field', h('label.label', { for: 'pr-fen' }, 'FEN'), h('div.input-row', fen, setup));
    const puzzleField = field('pr-puzzle', t('contests.puzzle'), puzzle);
    const pdnField = field('pr-pdn', t('contests.pdn'), pdn, t('contests.pdnHint'));
    const show = () => {
      fenField.hidden = source.value !== 'editor';
      puzzleField.hidden = source.value !== 'puzzle';
      pdnField.hidden = source.value !== 'pdn';
    };
    source.addEventListener('change', show);
    show();
    const add = async (e) => {
      e.preventDefault();
      error.hidden = true;
      const body = { goal: goal.value, points: Number(points.value), moves: Number(moves.value), title: title.value.trim() };
      if (source.value === 'editor') body.fen = fen.value.trim();
      else if (source.value === 'puzzle') body.puzzle = puzzle.value.trim();
      else if (pdn.files[0]) body.pdn = await pdn.files[0].text();
      const button = e.submitter || form.querySelector('button[type=submit]');
      button.disabled = true;
      try {
        this.contest = await api.addContestProblem(this.id, body);
        for (const el of [fen, puzzle, pdn, title]) el.value = '';
        source.value = 'editor';
        goal.value = 'win';
        points.value = '10';
        moves.value = '10';
        show();
        this.render();
      } catch (err) {
        error.textContent = errorText(err);
        error.hidden = false;
      }
      button.disabled = false;
    };
    const form = h(
      'form.contest-problem-form',
      { dataset: { form: 'add-problem' }, onsubmit: add },
      field('pr-source', t('contests.source'), source),
      fenField,
      puzzleField,
      pdnField,
      h('div.field-row', field('pr-goal', t('contests.goal'), goal), field('pr-points', t('contests.points'), points), field('pr-moves', t('contests.moves'), moves)),
      field('pr-title', t('contests.problemTitle'), title),
      error,
      h('button.btn.primary', { type: 'submit', dataset: { action: 'add-problem' } }, icon('plus'), t('contests.addProblem')),
    );
    return form;
  }

  /** The editor on the contest's board: its FEN goes into `fenInput`. */
  openEditor(fenInput) {
    this.board.setInteractive(false);
    const here = fenInput.value.trim() ? parseFen(fenInput.value.trim()) : { board: '.'.repeat(32), side: 'white' };
    const close = () => {
      this.editor.destroy();
      this.editor = null;
      this.render();
    };
    this.editor = new Editor(
      this.board,
      { board: here.board, side: here.side },
      'russian',
      (fen) => {
        close();
        const input = this.side.querySelector('#pr-fen');
        if (input) input.value = fen;
      },
      close,
    );
    this.side.replaceChildren(this.editor.el);
  }

  entriesCard() {
    const c = this.contest;
    const rows = c.entries.map((e) =>
      h(
        'tr',
        { dataset: { entry: e.id, sound: String(e.sound) } },
        h('td', String(e.id)),
        h('td', { dataset: { author: e.author ?? '' } }, authorText(e), e.title ? h('small.muted', ` · ${e.title}`) : null),
        h('td.fen', e.fen),
        h('td', e.stated),
        h('td.report', { dataset: { sound: String(e.sound) } }, e.report),
      ),
    );
    return h(
      'section.card.contest-entries',
      h('h2.card-title', t('contests.entries')),
      rows.length
        ? h(
            'div.table-wrap',
            h('table', h('thead', h('tr', h('th', '#'), h('th', t('contests.author')), h('th', 'FEN'), h('th', t('contests.stated')), h('th', t('contests.soundness')))), h('tbody', ...rows)),
          )
        : h('p.muted', t('contests.noEntries')),
    );
  }

  awardCard() {
    const c = this.contest;
    const entry = (id) => c.entries.find((e) => e.id === id) || {};
    const rows = c.award.map((a) =>
      h(
        'tr',
        { dataset: { entry: a.entry, place: a.place ?? '' } },
        h('td.rank', a.place ? String(a.place) : '–'),
        h('td', authorText(entry(a.entry)), entry(a.entry).title ? ` · ${entry(a.entry).title}` : ''),
        h('td.points', String(a.points)),
        h('td', String(a.judges)),
        h('td.report', a.place ? entry(a.entry).stated : t('contests.notRanked', { why: entry(a.entry).report })),
      ),
    );
    return h(
      'section.card.contest-award.print-area',
      h('h2.card-title', t('contests.award')),
      h('p.print-only', c.name),
      c.marks === 'trimmed' ? h('p.muted', { dataset: { marks: 'trimmed' } }, t('contests.trimmedNote')) : null,
      rows.length
        ? h(
            'div.table-wrap',
            h('table.standings-table', h('thead', h('tr', h('th', '#'), h('th', t('contests.author')), h('th', t('contests.points')), h('th', t('contests.judges')), h('th', t('contests.solution')))), h('tbody', ...rows)),
          )
        : h('p.muted', t('contests.noEntries')),
    );
  }

  // The arbiter's (any author) or, with `own`, a composer's: the author is his account.
  entryForm(own) {
    const error = h('p.form-error', { role: 'alert', hidden: true });
    const author = h('input#en-author', { type: 'text', maxlength: '90' });
    const title = h('input#en-title', { type: 'text', maxlength: '90' });
    const fen = h('input#en-fen', { type: 'text', spellcheck: 'false' });
    const goal = select('en-goal', [['win', t('contests.goal.win')], ['draw', t('contests.goal.draw')]], 'win');
    const stated = h('textarea#en-stated', { rows: '2', spellcheck: 'false' });
    const add = async (e) => {
      e.preventDefault();
      error.hidden = true;
      const button = form.querySelector('button[type=submit]');
      button.disabled = true;
      try {
        const body = { title: title.value.trim(), fen: fen.value.trim(), goal: goal.value, stated: stated.value.trim() };
        if (!own) body.author = author.value.trim();
        this.contest = await api.addContestEntry(this.id, body);
        form.reset();
        this.render();
      } catch (err) {
        error.textContent = errorText(err);
        error.hidden = false;
      }
      button.disabled = false;
    };
    const form = h(
      'form.card.contest-entry-form',
      { dataset: { form: own ? 'send-entry' : 'add-entry' }, onsubmit: add },
      h('h2.card-title', t(own ? 'contests.sendEntry' : 'contests.addEntry')),
      own ? h('p.muted', t('contests.sendEntryHint', { name: this.contest.account })) : field('en-author', t('contests.author'), author),
      field('en-title', t('contests.problemTitle'), title),
      field('en-fen', 'FEN', fen),
      field('en-goal', t('contests.goal'), goal),
      field('en-stated', t('contests.stated'), stated, t('contests.asTextHint')),
      error,
      h('button.btn.primary', { type: 'submit', dataset: { action: 'add-entry' } }, icon('plus'), t('contests.check')),
    );
    return form;
  }

  /** The judges' form, made once (see renderCards); its entries' choice follows the contest. */
  markForm() {
    const c = this.contest;
    const choices = c.entries.filter((e) => e.sound).map((e) => [String(e.id), `${e.id}. ${authorText(e)}`]);
    if (this.markFormEl) {
      const entry = this.markFormEl.querySelector('#mk-entry');
      const kept = entry.value;
      entry.replaceChildren(...select('mk-entry', choices, kept).children);
      if (choices.some(([v]) => v === kept)) entry.value = kept;
      return this.markFormEl;
    }
    const error = h('p.form-error', { role: 'alert', hidden: true });
    const judge = h('input#mk-judge', { type: 'text', maxlength: '90' });
    const entry = select('mk-entry', choices, '');
    const points = h('input#mk-points', { type: 'number', min: '0', max: '10', step: '0.5', value: '5' });
    const mark = async (e) => {
      e.preventDefault();
      error.hidden = true;
      try {
        this.contest = await api.contestMark(this.id, { judge: judge.value.trim(), entry: Number(entry.value), points: Number(points.value) });
        judge.value = '';
        points.value = '5';
        this.render();
      } catch (err) {
        error.textContent = errorText(err);
        error.hidden = false;
      }
    };
    this.markFormEl = h(
      'form.card.contest-mark-form',
      { dataset: { form: 'mark' }, onsubmit: mark },
      h('h2.card-title', t('contests.judging')),
      field('mk-judge', t('contests.judge'), judge),
      field('mk-entry', t('contests.entry'), entry),
      field('mk-points', t('contests.pointsOf10'), points),
      error,
      h('button.btn.primary', { type: 'submit', dataset: { action: 'mark' } }, icon('check'), t('contests.give')),
    );
    return this.markFormEl;
  }

  // The arbiter's: how the marks count, and the award published (the authors named to all).
  awardSettings() {
    const c = this.contest;
    const marks = select('aw-marks', [['total', t('contests.marks.total')], ['trimmed', t('contests.marks.trimmed')]], c.marks);
    const published = h('input#aw-published', { type: 'checkbox', checked: c.published });
    const change = async (settings) => {
      try {
        this.contest = await api.contestSettings(this.id, settings);
        this.render();
      } catch (err) {
        toast(errorText(err), 'error');
      }
    };
    marks.addEventListener('change', () => change({ marks: marks.value }));
    published.addEventListener('change', () => change({ published: published.checked }));
    return h(
      'section.card.contest-award-settings',
      { dataset: { card: 'award-settings' } },
      h('h2.card-title', t('contests.awardSettings')),
      field('aw-marks', t('contests.marks'), marks, t('contests.marksHint')),
      h('label.check', published, ' ', t('contests.published')),
      h('p.muted', t('contests.publishedHint')),
    );
  }

  // The contest's files: its problems or entries as PDN, its standings or award as text.
  filesCard() {
    const base = `/api/contests/${this.id}/export`;
    return h(
      'section.card.contest-files',
      { dataset: { card: 'files' } },
      h('h2.card-title', t('contests.files')),
      h(
        'div.actions',
        h('a.btn', { href: `${base}/pdn`, download: `contest-${this.id}.pdn`, dataset: { action: 'download-pdn' } }, icon('download'), t(this.contest.kind === 'solving' ? 'contests.downloadProblems' : 'contests.downloadEntries')),
        h('a.btn', { href: `${base}/text`, download: `contest-${this.id}.txt`, dataset: { action: 'download-text' } }, icon('download'), t(this.contest.kind === 'solving' ? 'contests.downloadStandings' : 'contests.downloadAward')),
      ),
    );
  }
}
