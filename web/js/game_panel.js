// game_panel.js - the game view's panel, drawn from its GameView (game.js): the players (two
// above and below the board's side; three or four in a card of their own), each with name,
// colour, seat (taken, open, the engine), clock, pieces, who is to move, who is out; the status
// (whose move, the engine thinking, a draw offered, the result and the arbiter's verdict in
// words); the open seats' codes (club.js); the move list; the game's own actions (a draw offer
// where the game has them, a claim where one may be made, a pass where the game has one,
// resignation everywhere, take-back, the arbiter's tools).

import { profileHref, speedName } from './account.js';
import { timeControlText } from './clock.js';
import { seatsCard } from './club.js';
import { h, icon } from './dom.js';
import { colorName, playerName, reasonText, t } from './i18n.js';
import './i18n_wasm.js';
import { moveNumber } from './movelist.js';
import { session } from './session.js';
import { colorOf } from './squares.js';
import { swatchColour, variantInfo, variantName } from './variants.js';

/** A result as the page writes it: 1–0, ½–½, 1–0–0, ⅓–⅓–⅓. */
export function resultScore(result) {
  if (!result || result === '*') return '*';
  const parts = { '1/2': '½', '1/3': '⅓', '1/4': '¼' };
  return result
    .split('-')
    .map((p) => parts[p] || p)
    .join('–');
}

/** A result in words: who won, a draw, or a point shared. */
export function resultWords(g) {
  const n = (g.result || '').split('-').length;
  if (n <= 2 || g.result === '*') return t('game.result.' + g.result);
  return g.winner ? t('game.wins', { side: colorName(g.winner) }) : t('game.shared');
}

// A reason worth a line of its own: not a bare "White wins" of a recorded game.
function reasonShown(g) {
  if (!g.reason && !g.reason_code) return false;
  if (g.reason_code === 'recorded') return false;
  return !/^((White|Black|Red|Green) wins|draw)$/.test(g.reason || '');
}

/** The avatar of a player: white and black as the pieces, any other colour its swatch. */
function avatar(g, colour, engine) {
  const own = colour === 'white' || colour === 'black';
  return h('span.avatar', { class: own ? colour : 'swatch', style: own ? null : `background:${swatchColour(g.variant, colour)}` }, icon(engine ? 'cpu' : 'user'));
}

function renderPlayer(view, el, colour) {
  const g = view.game;
  const p = (g.players || []).find((x) => x.colour === colour) || {};
  const seat = g.seats ? g.seats[colour] : null;
  const isEngine = seat ? seat === 'engine' : g.opponent === 'engine' && g.engine_color === colour;
  const name = playerName(g[colour] ?? p.name, colour);
  const level = p.level || (isEngine ? g.level : null);
  const sub = [];
  if (isEngine && level && !String(g[colour] ?? p.name ?? '').includes(String(level))) sub.push(t('game.level', { n: level }));
  if (!isEngine && view.you.includes(colour) && !view.holdsAll) sub.push(t('game.you'));
  else if (!isEngine && view.personColor === colour && view.againstEngine) sub.push(t('game.you'));
  if (seat === 'open' && g.status === 'playing') sub.push(t('seats.open'));
  if (p.out) sub.push(t('game.out'));
  if (g.status !== 'playing' && typeof p.points === 'number' && view.colours.length > 2) sub.push(t('game.points', { n: resultScore(String(pointsText(p.points))) }));
  const toMove = g.status === 'playing' && view.viewing === null && g.position.side === colour;
  el.dataset.color = colour;
  el.dataset.seat = seat || '';
  el.classList.toggle('to-move', toMove);
  el.classList.toggle('out', !!p.out);
  el.classList.toggle('thinking', isEngine && g.thinking && toMove);
  const parts = [
    avatar(g, colour, isEngine),
    h('div.who', p.account ? h('a.name.player-link', { href: profileHref(p.account), dataset: { account: p.account }, title: t('account.profile') }, name) : h('div.name', name), name !== colorName(colour) || sub.length ? h('div.sub', sub.join(' · ') || colorName(colour)) : null),
    h('span.count', { title: colorName(colour) }, h('span.dot', { class: colour, style: colour === 'white' || colour === 'black' ? null : `background:${swatchColour(g.variant, colour)}` }), String(view.board.count(g, colour, view.viewing))),
    isEngine && g.thinking && toMove ? h('span.thinking-dots', { 'aria-label': t('game.engineThinking') }, h('i'), h('i'), h('i')) : null,
    view.clocks.els[colour],
  ];
  el.replaceChildren(...parts.filter(Boolean));
}

// points as a result writes them: 1, 1/2, 1/3 ...
function pointsText(p) {
  for (const d of [2, 3, 4]) if (Math.abs(p * d - 1) < 1e-6) return `1/${d}`;
  return String(Math.round(p * 100) / 100);
}

function renderPlayers(view) {
  const { top, bottom, players } = view.els;
  const colours = view.colours;
  if (colours.length === 2) {
    const bottomColour = view.flipped ? colours[1] : colours[0];
    renderPlayer(view, bottom, bottomColour);
    renderPlayer(view, top, colours.find((c) => c !== bottomColour));
    top.hidden = bottom.hidden = false;
    players.hidden = true;
    return;
  }
  top.hidden = bottom.hidden = true;
  players.hidden = false;
  const rows = colours.map((c) => {
    const row = h('div.player.row');
    renderPlayer(view, row, c);
    return row;
  });
  players.replaceChildren(h('h2.card-title', icon('users'), t('game.players', { n: colours.length })), ...rows);
}

function outcomeOf(g) {
  if (g.status === 'playing') return 'none';
  if (g.winner) return g.winner;
  if (g.result === '1/2-1/2' || /^1\/\d/.test(g.result || '') || /-1\/\d/.test(g.result || '')) return 'draw';
  return g.result === '1-0' ? 'white' : g.result === '0-1' ? 'black' : 'none';
}

function renderStatus(view) {
  const g = view.game;
  const el = view.els.status;
  el.className = 'status-card';
  el.dataset.result = g.result;
  el.dataset.drawOffer = g.draw_offer || '';
  el.dataset.toMove = g.status === 'playing' ? g.position.side : '';
  const parts = [];
  if (g.event) {
    parts.push(h('a.event-link', { href: `#/events/${g.event.id}`, dataset: { event: String(g.event.id) } }, icon('users'), t('events.ofEvent', { name: g.event.name, round: g.event.round, board: g.event.board })));
  }
  const side = g.position.side;
  const secondMove = g.position.second_move ? h('span.second', ` · ${t('game.secondMove')}`) : null;
  if (g.status !== 'playing') {
    el.classList.add('over');
    const outcome = outcomeOf(g);
    el.dataset.outcome = outcome;
    let personal = null;
    const me = view.personColor;
    if (view.againstEngine && me && outcome !== 'none') {
      const mine = (g.players || []).find((p) => p.colour === me);
      personal = outcome === me ? 'game.youWon' : outcome === 'draw' && (!mine || mine.points !== 0) ? 'game.youDrew' : 'game.youLost';
    }
    parts.push(
      h('div.result-line', { class: view.colours.length > 2 ? 'many' : null }, h('span.result-score', resultScore(g.result)), h('strong.result-text', resultWords(g))),
      personal ? h('div.personal', { class: personal.slice(5) }, t(personal)) : null,
      reasonShown(g) ? h('div.reason', { dataset: { reason: g.reason_code || '' } }, reasonText(g.reason, g.reason_code, g.result)) : null,
      g.note ? h('div.note', icon('shield'), t('arbiter.noteShown', { note: g.note })) : null,
    );
  } else if (g.draw_offer) {
    const other = view.otherOf(g.draw_offer);
    const mine = !view.holdsAll && g.draw_offer === view.personColor;
    if (mine || (view.againstEngine && g.draw_offer === view.personColor)) {
      parts.push(h('div.status-line', icon('handshake'), t('game.drawOfferedByYou')));
    } else if (!view.you.includes(other)) {
      parts.push(h('div.status-line', icon('handshake'), t('game.drawOffered', { side: colorName(g.draw_offer) })));
    } else {
      el.classList.add('attention');
      parts.push(
        h('div.status-line', icon('handshake'), t('game.drawOffered', { side: colorName(g.draw_offer) })),
        h(
          'div.inline-actions',
          h('button.btn.primary', { type: 'button', dataset: { action: 'accept-draw' }, onclick: () => view.answerDraw('accept') }, t('game.accept')),
          h('button.btn', { type: 'button', dataset: { action: 'decline-draw' }, onclick: () => view.answerDraw('decline') }, t('game.decline')),
        ),
      );
    }
  } else if (g.thinking) {
    parts.push(h('div.status-line', h('span.spinner'), t('game.engineThinking')));
  } else if (view.offerArmed) {
    el.classList.add('your-move');
    parts.push(h('div.status-line', icon('handshake'), t('game.offerWithMove')));
  } else if (view.you.includes(side) && (side === view.personColor || view.colours.length > 2)) {
    el.classList.add('your-move');
    const who = view.personColor === side ? t('game.yourMove') : t('side.toMove.' + side);
    parts.push(h('div.status-line', dot(g, side), who, secondMove));
  } else {
    parts.push(h('div.status-line', dot(g, side), t('side.toMove.' + side), secondMove));
  }
  if (g.status === 'playing' && g.position.capture && view.viewing === null && !g.thinking && view.family !== 'other') {
    parts.push(h('div.hint', t('game.capture')));
  }
  if (view.viewing !== null) {
    const n = moveNumber(g.moves.map((m) => m.move), view.board.startSide(g), view.viewing, view.colours);
    parts.push(
      h(
        'div.reviewing',
        h('span', view.viewing === 0 ? t('game.first') : t('game.reviewing', { n })),
        g.status === 'playing' ? h('button.btn.small', { type: 'button', onclick: () => view.review(g.moves.length) }, t('game.backToGame')) : null,
      ),
    );
  }
  if (!view.you.length && g.status === 'playing') parts.push(h('div.watching', icon('eye'), t('game.watching')));
  const info = variantInfo(g.variant);
  const meta = [variantName(g.variant)];
  if (g.settings) meta.push(g.settings);
  meta.push(g.time ? timeControlText(g.time) : t('game.noClock')); // "2 days per move" for correspondence
  if (g.opening) meta.push(t('game.opening', { code: g.opening }));
  if (g.browser) meta.push(t('local.inBrowser'));
  else if (info.start_drawn && g.start_fen !== info.start_fen) meta.push(t('game.drawnSetup'));
  parts.push(
    h(
      'div.meta',
      { dataset: { variant: g.variant } },
      meta.join(' · '),
      g.rated ? h('span.rated-chip', { dataset: { speed: g.speed || '' } }, icon('chart'), t('rated.shown', { speed: speedName(g.speed) })) : null,
    ),
  );
  el.replaceChildren(...parts.filter(Boolean));
}

function dot(g, colour) {
  return h('span.dot', { class: colour, style: colour === 'white' || colour === 'black' ? null : `background:${swatchColour(g.variant, colour)}` });
}

function button(action, key, iconName, fn, opts = {}) {
  return h(
    `button.btn${opts.primary ? '.primary' : ''}${opts.danger ? '.danger-ghost' : ''}`,
    { type: 'button', dataset: { action, ...(opts.data || {}) }, onclick: fn, disabled: opts.disabled, title: opts.text || t(key) },
    icon(iconName),
    h('span', opts.text || t(key)),
  );
}

function renderActions(view) {
  const g = view.game;
  const playing = g.status === 'playing';
  const list = [];
  const you = view.you;
  if (playing && you.length) {
    if (g.draws) {
      // a person offers right after moving; against the engine also before, with the next move
      const mover = view.personColor;
      const justMoved = view.holdsAll ? g.moves.length > 0 : mover !== null && g.position.side !== mover && g.moves.length > 0;
      const canOffer = !g.draw_offer && (view.againstEngine || (justMoved && view.viewing === null));
      const offer = button('offer-draw', view.offerArmed ? 'game.offerArmed' : 'game.offerDraw', 'handshake', () => view.offerDraw(), { disabled: !canOffer && !view.offerArmed });
      if (view.offerArmed) offer.setAttribute('aria-pressed', 'true');
      list.push(offer);
    }
    if (g.may_claim && you.includes(g.position.side)) {
      list.push(button('claim-draw', g.claim_reason === 'forty-moves' ? 'game.claimForty' : 'game.claimDraw', 'handshake', () => view.claimDraw(), { primary: true }));
    }
    if (view.canMove() && g.position.legal.some((m) => m.kind === 'pass')) list.push(button('pass', 'game.pass', 'next', () => view.pass(), { primary: true }));
    if (view.holdsAll || (session.arbiter && !g.browser)) list.push(button('undo', 'game.undo', 'undo', () => view.undo(), { disabled: g.moves.length === 0 || g.thinking }));
    list.push(button('resign', 'game.resign', 'flag', () => view.resign(), { danger: true }));
  } else if (!playing && view.holdsAll) {
    list.push(button('rematch', 'game.rematch', 'plus', () => view.newGame(true), { primary: true }));
  }
  list.push(button('flip', 'game.flip', 'flip', () => view.flip()));
  // no engine lines for a game between two devices while it goes on: they would help a player
  if ((!playing || view.holdsAll) && view.family === 'draughts') {
    list.push(
      h(
        'a.btn',
        { href: `#/analysis?variant=${encodeURIComponent(g.variant || 'russian')}&fen=${encodeURIComponent(view.currentFen())}`, dataset: { action: 'analyse' }, title: t('game.analyse') },
        icon('chart'),
        h('span', t('game.analyse')),
      ),
    );
  }
  list.push(h('a.btn', { href: view.source.pdnUrl(view.id), download: `shashki-${view.id}.pdn`, dataset: { action: 'pdn' }, title: t('game.pdn') }, icon('download'), h('span', t('game.pdn'))));
  if (playing && view.holdsAll) list.push(button('new-game', 'game.newGame', 'plus', () => view.newGame(false)));
  if (session.arbiter && !g.browser) {
    const tools = [button('set-result', 'arbiter.setResult', 'shield', () => view.setResult())];
    if (playing && !view.holdsAll) {
      for (const c of view.colours) {
        if (g.seats && g.seats[c] === 'taken') tools.push(button('free-seat', null, 'users', () => view.freeSeat(c), { data: { color: c }, text: t('seats.free', { side: colorName(c) }) }));
      }
    }
    tools.push(button('delete-game', 'archive.delete', 'trash', () => view.deleteGame(), { danger: true }));
    list.push(h('div.arbiter-tools', { role: 'group', 'aria-label': t('arbiter.title') }, h('span.label', icon('shield'), t('arbiter.title')), ...tools));
  }
  view.els.actions.replaceChildren(...list);
}

/** What the move list shows after a column game's move: the column it left on its landing
 *  square (its pieces' colours, top first), when it is more than one piece. */
export function columnExtra(view, move, ply) {
  const columns = view.board.columnsAt(ply);
  const i = view.board.geo.indexOf(move.to);
  const p = view.board.positions[ply];
  if (!columns || i < 0 || !columns[i] || !p) return null;
  const column = p.board[i] + columns[i];
  return h(
    'span.move-stack',
    { title: t('column.of', { square: move.to, n: column.length }), dataset: { column } },
    [...column].map((ch) => h('i', { class: `${colorOf(ch)}${ch === ch.toUpperCase() ? ' king' : ''}` })),
  );
}

/** Draw the whole panel of the view. */
export function renderPanel(view) {
  const g = view.game;
  renderPlayers(view);
  renderStatus(view);
  renderActions(view);
  view.els.seats.replaceChildren(...[seatsCard(g, (code) => view.takeSeat(code))].filter(Boolean));
  const ply = view.viewing === null ? g.moves.length : view.viewing;
  view.moveList.set(
    g.moves.map((m) => m.move),
    view.board.startSide(g),
    ply,
  );
  view.layout.dataset.status = g.status;
  view.layout.dataset.ply = String(ply);
  view.layout.dataset.variant = g.variant;
  view.layout.dataset.family = view.family;
  view.layout.dataset.version = String(g.version);
  view.layout.dataset.toMove = g.status === 'playing' ? g.position.side : '';
  view.board.setLabel(`${t('nav.play')}: ${t('side.toMove.' + g.position.side)}`);
}
