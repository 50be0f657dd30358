// chapaev_rules.js - the rules of Chapaev (pure): the rounds of a match, whose shot it is, who
// won. docs/variants.md "Chapaev" gives the sources:
//   - seed 003 L188-213: a chessboard, pieces set out in a row of 8 a side (L198; of the set's
//     12, four are not used: the choice here), knocked off the board with a flick (L199); a
//     round ends when one side has no piece left (L200); the turn passes when the shooter loses
//     a piece of his own or knocks none out (L201); the winner of a round moves one row up in
//     the next (L202).
//   - the rules as published (Wikipedia, "Chapayev (game)"): White shoots first; the winner
//     starts the next round; once the rows are next to each other, the winner's advance pushes
//     the loser back a row; a player pushed off his last row (no row left) loses the match.
//   - a round in which the last pieces of both sides fall in one shot is drawn: the rows stay,
//     and the other player (not the one who shot) starts it again (a choice).
//
// A match: {round, rows: {w, b} (the rank index 0..7 each side sets out on), turn ('w'|'b'),
// pieces [{id, side, x, y}], shots (this round), roundWinner, winner (of the match), history}.

export const PIECES = 8;
export const SIDES = ['w', 'b'];

export function other(side) {
  return side === 'w' ? 'b' : 'w';
}

/** The pieces of a round: 8 a side, one on each square of the side's row (ids: White 0-7). */
export function setOut(rows) {
  const pieces = [];
  for (const side of SIDES)
    for (let f = 0; f < PIECES; f++) pieces.push({ id: (side === 'w' ? 0 : PIECES) + f, side, x: f + 0.5, y: rows[side] + 0.5 });
  return pieces;
}

export function newMatch() {
  const rows = { w: 0, b: 7 };
  return { round: 1, rows, turn: 'w', pieces: setOut(rows), shots: 0, roundWinner: null, winner: null, history: [] };
}

export function count(pieces, side) {
  return pieces.filter((p) => p.side === side).length;
}

/** Whether `shot` ({id, angle, power}) may be played now: the piece is the shooter's, on the board. */
export function legalShot(match, shot) {
  if (match.winner || match.roundWinner) return false;
  const piece = match.pieces.find((p) => p.id === shot.id);
  return Boolean(piece) && piece.side === match.turn && Number.isFinite(shot.angle) && shot.power > 0 && shot.power <= 1;
}

/**
 * The match after a shot by match.turn whose physics left `pieces` and knocked out the ids
 * `out`. Returns {match, keep (the shooter shoots again), lost, knocked, roundOver}.
 */
export function afterShot(match, pieces, out) {
  const shooter = match.turn;
  const before = new Map(match.pieces.map((p) => [p.id, p]));
  const lost = out.filter((id) => before.get(id)?.side === shooter).length;
  const knocked = out.filter((id) => before.get(id) && before.get(id).side !== shooter).length;
  const next = { ...match, rows: { ...match.rows }, pieces: pieces.map((p) => ({ ...p })), shots: match.shots + 1, history: [...match.history] };
  const keep = knocked > 0 && lost === 0;
  next.turn = keep ? shooter : other(shooter);
  const left = { w: count(next.pieces, 'w'), b: count(next.pieces, 'b') };
  let roundOver = false;
  if (left.w === 0 || left.b === 0) {
    roundOver = true;
    const winner = left.w === 0 && left.b === 0 ? null : left.w === 0 ? 'b' : 'w';
    next.roundWinner = winner || 'draw';
    next.history.push({ round: match.round, winner: next.roundWinner, rows: { ...match.rows } });
    // the next round's rows: the winner one row up; with the rows next to each other, the
    // loser is pushed back a row; one pushed off the board has lost the match
    if (winner) {
      const loser = other(winner);
      const dir = winner === 'w' ? 1 : -1;
      next.rows[winner] += dir;
      if (next.rows[winner] === next.rows[loser]) next.rows[loser] += dir;
      if (next.rows[loser] < 0 || next.rows[loser] > 7) next.winner = winner;
      next.nextStarter = winner;
    } else {
      next.nextStarter = other(shooter);
    }
  }
  return { match: next, keep, lost, knocked, roundOver };
}

/** The next round of a match whose round is over (its winner, or the other player after a draw, starts). */
export function nextRound(match) {
  return {
    ...match,
    round: match.round + 1,
    turn: match.nextStarter || 'w',
    pieces: setOut(match.rows),
    shots: 0,
    roundWinner: null,
    nextStarter: undefined,
  };
}
