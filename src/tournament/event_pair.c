/*
 * event_pair.c - the rounds of an event's stages: who plays in a stage, and each round's
 * pairings by the stage's system, with the ballots drawn (see shashki_tournament.h).
 *
 *   Round robin   Berger tables (schedule.c), in groups when the stage has them; a player
 *                 who has withdrawn loses the games left by forfeit.
 *   Swiss         the Dutch system (dutch.c) on the history of the stage; micro-matches are
 *                 paired on the match results.
 *   Knockout      the bracket of schedule.c, the byes to the top seeds, then the winners of
 *                 neighbouring matches meet; the final may have a match for third place.
 *   Scheveningen  team A's board i meets team B's board i + r - 1 in round r (board order
 *                 kept); A has White when i + j is even, so colours alternate round by round
 *                 and balance over the stage; a second cycle reverses them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dutch.h"
#include "error.h"
#include "event.h"
#include "table_event.h"
#include "team.h"

static ShStatus no_memory(ShError *err)
{
    return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
}

/* ---- the players of a stage ---- */

static void sort_by_rating(const ShEvent *e, int *ids, int n)
{
    /* an insertion sort: qsort would need the event in a global */
    for (int i = 1; i < n; i++) {
        int x = ids[i], j = i;
        const ShEventPlayer *px = sh_event_player(e, x);
        while (j > 0) {
            const ShEventPlayer *py = sh_event_player(e, ids[j - 1]);
            if (py->rating > px->rating || (py->rating == px->rating && py->id < px->id))
                break;
            ids[j] = ids[j - 1];
            j--;
        }
        ids[j] = x;
    }
}

ShStatus event_start_stage(ShEvent *e, int s, ShError *err)
{
    if (event_is_team(e))
        return team_start_stage(e, s, err);
    StageState *ss = &e->stage[s - 1];
    const ShStage *st = &e->settings.stages[s - 1];
    int g = event_next_round(e);
    int *ids = malloc(sizeof(int) * ((size_t)e->nplayers + 1));
    int *group = calloc((size_t)e->nplayers + 1, sizeof(int));
    if (!ids || !group) {
        free(ids);
        free(group);
        return no_memory(err);
    }
    int n = 0;
    if (s == 1) {
        for (int id = 1; id <= e->nplayers; id++)
            if (event_player_active(e, id, g) ||
                (st->system == SH_SYSTEM_SWISS && sh_event_player(e, id)->entered > g))
                ids[n++] = id;
        if (st->system == SH_SYSTEM_SWISS || st->system == SH_SYSTEM_KNOCKOUT)
            sort_by_rating(e, ids, n);
    } else {
        ShStanding *rows = NULL;
        int count = sh_event_standings(e, s - 1, &rows, err);
        if (count < 0) {
            free(ids);
            free(group);
            return err ? err->code : SH_ERR_ARGUMENT;
        }
        const StageState *prev = &e->stage[s - 2];
        int q = st->qualifiers;
        if (prev->groups > 1) {
            /* the group winners first, then the seconds ... */
            for (int place = 1; q == 0 || place <= q; place++) {
                int found = 0;
                for (int grp = 1; grp <= prev->groups; grp++) {
                    int k = 0;
                    for (int i = 0; i < count; i++) {
                        int pos = 0;
                        while (pos < prev->count && prev->ids[pos] != rows[i].id)
                            pos++;
                        if (pos == prev->count || prev->group[pos] != grp)
                            continue;
                        if (++k == place) {
                            if (event_player_active(e, rows[i].id, g))
                                ids[n++] = rows[i].id;
                            found++;
                            break;
                        }
                    }
                }
                if (!found)
                    break;
            }
        } else {
            for (int i = 0; i < count && (q == 0 || n < q); i++)
                if (event_player_active(e, rows[i].id, g) && !rows[i].out)
                    ids[n++] = rows[i].id;
            if (prev->count && e->settings.stages[s - 2].system == SH_SYSTEM_KNOCKOUT)
                for (int i = 0; i < count && q && n < q; i++) {
                    bool have = false;
                    for (int k = 0; k < n; k++)
                        have = have || ids[k] == rows[i].id;
                    if (!have && event_player_active(e, rows[i].id, g))
                        ids[n++] = rows[i].id;
                }
        }
        free(rows);
    }
    if (n < 2) {
        free(ids);
        free(group);
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "stage %d needs two players or more (it "
                                                     "has %d)",
                         s, n);
    }
    int groups = st->groups > 1 ? st->groups : 0;
    if (groups) {
        if (n < 2 * groups) {
            free(ids);
            free(group);
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "stage %d: %d players cannot make %d groups of two or more", s, n,
                             groups);
        }
        for (int i = 0; i < n; i++) {
            int row = i / groups, col = i % groups;
            group[i] = row % 2 == 0 ? col + 1 : groups - col;
        }
    }
    int total = 0;
    if (sh_event_table_size(&e->settings)) {
        total = table_stage_rounds(e, s, n, err);
        if (total < 0) {
            free(ids);
            free(group);
            return err->code;
        }
    }
    switch (total ? SH_SYSTEM_COUNT : st->system) {
    case SH_SYSTEM_ROUND_ROBIN: {
        int biggest = 0;
        for (int grp = groups ? 1 : 0; grp <= groups; grp++) {
            int size = 0;
            for (int i = 0; i < n; i++)
                size += group[i] == grp;
            if (size > biggest)
                biggest = size;
        }
        total = sh_berger_rounds(biggest) * st->cycles;
        break;
    }
    case SH_SYSTEM_SWISS:
        total = st->rounds ? st->rounds : sh_swiss_recommended_rounds(n);
        break;
    case SH_SYSTEM_KNOCKOUT: {
        int size = 1;
        while (size < n)
            size *= 2;
        ss->bracket = size;
        while ((1 << total) < size)
            total++;
        break;
    }
    case SH_SYSTEM_SCHEVENINGEN: {
        const char *a = sh_event_player(e, ids[0])->team;
        int na = 0, nb = 0;
        const char *b = NULL;
        for (int i = 0; i < n; i++) {
            const char *t = sh_event_player(e, ids[i])->team;
            if (!strcasecmp(t, a)) {
                na++;
            } else if (!b || !strcasecmp(t, b)) {
                b = t;
                nb++;
            } else {
                free(ids);
                free(group);
                return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                                 "a Scheveningen stage is two teams; the players have "
                                 "three: '%s', '%s', '%s'",
                                 a, b, t);
            }
        }
        if (!b || na != nb) {
            free(ids);
            free(group);
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "a Scheveningen stage is two teams of as many players (team "
                             "'%s' has %d, %s%s%s %d)",
                             a, na, b ? "team '" : "the other", b ? b : "", b ? "'" : "", nb);
        }
        total = na * st->cycles;
        break;
    }
    default:
        break;
    }
    free(ss->ids);
    free(ss->group);
    ss->ids = ids;
    ss->group = group;
    ss->count = n;
    ss->groups = groups;
    ss->total_rounds = total;
    ss->first_round = g;
    ss->started = true;
    return SH_OK;
}

/* ---- building a round ---- */

typedef struct Round {
    ShEvent *e;
    int stage, round, g;
    const ShStage *st;
    int board;
} Round;

static ShStatus add_game(Round *r, int white, int black, ShError *err)
{
    ShEventPairing p;
    memset(&p, 0, sizeof p);
    p.stage = r->stage;
    p.round = r->round;
    p.board = ++r->board;
    p.white = white;
    p.black = black;
    p.type = SH_PAIRING_GAME;
    p.ngames = r->st->games;
    bool w_out = !event_player_active(r->e, white, r->g);
    bool b_out = !event_player_active(r->e, black, r->g);
    if (w_out || b_out)
        for (int i = 0; i < p.ngames; i++) {
            /* game i: White is `white` for even i */
            bool white_out = i % 2 == 0 ? w_out : b_out, black_out = i % 2 == 0 ? b_out : w_out;
            p.games[i].result = white_out && black_out ? SH_GAME_DOUBLE_FORFEIT
                                : white_out            ? SH_GAME_BLACK_FORFEIT
                                                       : SH_GAME_WHITE_FORFEIT;
        }
    return event_add_pairing(r->e, &p) ? SH_OK : no_memory(err);
}

static ShStatus add_bye(Round *r, int id, ShPairingType type, ShError *err)
{
    ShEventPairing p;
    memset(&p, 0, sizeof p);
    p.stage = r->stage;
    p.round = r->round;
    p.board = ++r->board;
    p.white = id;
    p.type = type;
    return event_add_pairing(r->e, &p) ? SH_OK : no_memory(err);
}

ShPairingType event_requested(const ShEvent *e, int id, int g)
{
    for (int i = 0; i < e->nrequests; i++)
        if (e->requests[i].id == id && e->requests[i].round == g)
            return e->requests[i].type;
    return SH_PAIRING_GAME;
}

static ShStatus round_robin(Round *r, ShError *err)
{
    StageState *ss = &r->e->stage[r->stage - 1];
    int groups = ss->groups ? ss->groups : 1;
    int *members = malloc(sizeof(int) * ((size_t)ss->count + 1));
    ShPair *pairs = malloc(sizeof(ShPair) * ((size_t)ss->count / 2 + 2));
    if (!members || !pairs) {
        free(members);
        free(pairs);
        return no_memory(err);
    }
    ShStatus st = SH_OK;
    for (int grp = 1; grp <= groups && st == SH_OK; grp++) {
        int m = 0;
        for (int i = 0; i < ss->count; i++)
            if (!ss->groups || ss->group[i] == grp)
                members[m++] = ss->ids[i];
        int per = sh_berger_rounds(m);
        if (r->round > per * r->st->cycles)
            continue; /* a smaller group has finished */
        int k = sh_berger_round(m, r->round, r->st->cycles, r->st->cycles >= 2, pairs);
        for (int i = 0; i < k && st == SH_OK; i++) {
            int w = members[pairs[i].white - 1];
            if (pairs[i].black == 0)
                st = add_bye(r, w, SH_PAIRING_REST, err);
            else
                st = add_game(r, w, members[pairs[i].black - 1], err);
        }
    }
    free(members);
    free(pairs);
    return st;
}

static ShStatus scheveningen(Round *r, ShError *err)
{
    StageState *ss = &r->e->stage[r->stage - 1];
    int n = ss->count / 2;
    int *a = malloc(sizeof(int) * (size_t)n), *b = malloc(sizeof(int) * (size_t)n);
    if (!a || !b) {
        free(a);
        free(b);
        return no_memory(err);
    }
    const char *team = sh_event_player(r->e, ss->ids[0])->team;
    int na = 0, nb = 0;
    for (int i = 0; i < ss->count; i++) {
        if (!strcasecmp(sh_event_player(r->e, ss->ids[i])->team, team))
            a[na++] = ss->ids[i];
        else
            b[nb++] = ss->ids[i];
    }
    int cycle = (r->round - 1) / n, rr = (r->round - 1) % n;
    ShStatus st = SH_OK;
    for (int i = 0; i < n && st == SH_OK; i++) {
        int j = (i + rr) % n;
        bool a_white = ((i + j) % 2 == 0) != (cycle % 2 == 1);
        st = a_white ? add_game(r, a[i], b[j], err) : add_game(r, b[j], a[i], err);
    }
    free(a);
    free(b);
    return st;
}

/* The history of a Swiss stage for the Dutch system. */
static ShStatus swiss(Round *r, ShError *err)
{
    ShEvent *e = r->e;
    StageState *ss = &e->stage[r->stage - 1];
    const ShEventSettings *s = &e->settings;
    int n = ss->count, rounds = r->round - 1;
    DutchGame *games = calloc((size_t)n * (size_t)(rounds + 1), sizeof(DutchGame));
    bool *absent = calloc((size_t)n, sizeof(bool));
    unsigned char *forbidden = calloc((size_t)n * (size_t)n, 1);
    int *pos_of = calloc((size_t)e->nplayers + 1, sizeof(int));
    DutchPair *pairs = malloc(sizeof(DutchPair) * ((size_t)n / 2 + 2));
    ShStatus st = SH_OK;
    if (!games || !absent || !forbidden || !pos_of || !pairs) {
        st = no_memory(err);
        goto done;
    }
    for (int id = 0; id <= e->nplayers; id++)
        pos_of[id] = -1;
    for (int i = 0; i < n; i++)
        pos_of[ss->ids[i]] = i;
    for (int i = 0; i < n * rounds; i++) {
        games[i].opponent = -1;
        games[i].color = DUTCH_NO_COLOR;
        games[i].outcome = DUTCH_LOSS;
    }
    for (int k = 0; k < e->npairings; k++) {
        const ShEventPairing *p = &e->pairings[k];
        if (p->stage != r->stage || p->round > rounds)
            continue;
        int wi = pos_of[p->white], bi = p->black ? pos_of[p->black] : -1;
        if (wi < 0)
            continue;
        DutchGame *gw = &games[(size_t)wi * (size_t)rounds + (size_t)(p->round - 1)];
        switch (p->type) {
        case SH_PAIRING_BYE:
            *gw = (DutchGame){-1, DUTCH_NO_COLOR, DUTCH_WIN, false, true};
            continue;
        case SH_PAIRING_HALF_BYE:
            *gw = (DutchGame){-1, DUTCH_NO_COLOR, DUTCH_DRAW, false, false};
            continue;
        case SH_PAIRING_FULL_BYE:
            *gw = (DutchGame){-1, DUTCH_NO_COLOR, DUTCH_WIN, false, false};
            continue;
        case SH_PAIRING_GAME:
            break;
        default:
            continue;
        }
        if (bi < 0)
            continue;
        DutchGame *gb = &games[(size_t)bi * (size_t)rounds + (size_t)(p->round - 1)];
        int pw, pb, winner;
        sh_event_pairing_points(e, p, &pw, &pb, &winner);
        /* the match result, whatever the scoring of its games */
        bool played = false;
        int ww = 0, bw = 0;
        for (int i = 0; i < p->ngames; i++) {
            ShGameResult res = p->games[i].result;
            played = played || res == SH_GAME_WHITE_WINS || res == SH_GAME_DRAW ||
                     res == SH_GAME_BLACK_WINS;
            int a = event_game_points(s, res, true), b = event_game_points(s, res, false);
            if (i % 2) {
                ww += b;
                bw += a;
            } else {
                ww += a;
                bw += b;
            }
        }
        bool double_forfeit = !played && p->ngames && ww == bw &&
                              p->games[0].result == SH_GAME_DOUBLE_FORFEIT;
        *gw = (DutchGame){bi, DUTCH_WHITE,
                          (unsigned char)(ww > bw ? DUTCH_WIN : ww < bw ? DUTCH_LOSS : DUTCH_DRAW),
                          played, true};
        *gb = (DutchGame){wi, DUTCH_BLACK,
                          (unsigned char)(bw > ww ? DUTCH_WIN : bw < ww ? DUTCH_LOSS : DUTCH_DRAW),
                          played, true};
        if (double_forfeit)
            gw->outcome = gb->outcome = DUTCH_LOSS;
    }
    for (int i = 0; i < n; i++) {
        int id = ss->ids[i];
        absent[i] = !event_player_active(e, id, r->g) || event_requested(e, id, r->g) != SH_PAIRING_GAME;
        const ShEventPlayer *p = sh_event_player(e, id);
        for (int j = 0; j < n; j++) {
            const ShEventPlayer *q = sh_event_player(e, ss->ids[j]);
            if (i != j && ((s->avoid_club && p->club[0] && !strcasecmp(p->club, q->club)) ||
                           (s->avoid_team && p->team[0] && !strcasecmp(p->team, q->team))))
                forbidden[(size_t)i * (size_t)n + (size_t)j] = 1;
        }
    }
    DutchInput in = {
        .players = n,
        .rounds = rounds,
        .total_rounds = ss->total_rounds,
        .initial_color = s->initial_color == SH_BLACK ? DUTCH_BLACK : DUTCH_WHITE,
        .win = s->win,
        .draw = s->draw,
        .loss = s->loss,
        .zero_bye = 0,
        .forfeit_loss = s->loss,
        .bye = s->bye_points,
        .games = games,
        .absent = absent,
        .forbidden = forbidden,
        .order = NULL,
    };
    int count = 0;
    st = dutch_pair(&in, pairs, &count, err);
    if (st != SH_OK)
        goto done;
    int byes = 0;
    for (int k = 0; k < count && st == SH_OK; k++) {
        if (pairs[k].black < 0)
            byes++;
        else
            st = add_game(r, ss->ids[pairs[k].white], ss->ids[pairs[k].black], err);
    }
    for (int k = 0; k < count && st == SH_OK; k++)
        if (pairs[k].black < 0)
            st = add_bye(r, ss->ids[pairs[k].white], SH_PAIRING_BYE, err);
    for (int i = 0; i < n && st == SH_OK; i++) {
        int id = ss->ids[i];
        ShPairingType t = event_requested(e, id, r->g);
        if (t != SH_PAIRING_GAME && event_player_active(e, id, r->g))
            st = add_bye(r, id, t, err);
    }
    (void)byes;
done:
    free(games);
    free(absent);
    free(forbidden);
    free(pos_of);
    free(pairs);
    return st;
}

static ShStatus knockout(Round *r, ShError *err)
{
    ShEvent *e = r->e;
    StageState *ss = &e->stage[r->stage - 1];
    ShStatus st = SH_OK;
    if (r->round == 1) {
        int *bracket = malloc(sizeof(int) * (size_t)ss->bracket);
        if (!bracket)
            return no_memory(err);
        sh_knockout_bracket(ss->count, bracket);
        for (int i = 0; i < ss->bracket && st == SH_OK; i += 2) {
            int a = bracket[i], b = bracket[i + 1];
            if (a > b) {
                int t = a;
                a = b;
                b = t;
            }
            int hi = ss->ids[a - 1];
            if (b > ss->count) {
                st = add_bye(r, hi, SH_PAIRING_BYE, err);
                continue;
            }
            int lo = ss->ids[b - 1];
            bool hi_white = event_lot(e->settings.seed, (uint64_t)r->stage, (uint64_t)r->round,
                                      (uint64_t)(r->board + 1)) & 1;
            st = hi_white ? add_game(r, hi, lo, err) : add_game(r, lo, hi, err);
        }
        free(bracket);
        return st;
    }
    const ShEventPairing *prev;
    int n = sh_event_pairings(e, r->stage, r->round - 1, &prev);
    int *winners = malloc(sizeof(int) * (size_t)(n + 1)), *losers = malloc(sizeof(int) * (size_t)(n + 1));
    if (!winners || !losers) {
        free(winners);
        free(losers);
        return no_memory(err);
    }
    int nw = 0, nl = 0;
    for (int i = 0; i < n; i++) {
        bool tb;
        int w = event_knockout_winner(e, &prev[i], &tb);
        winners[nw++] = w;
        losers[nl++] = prev[i].type == SH_PAIRING_GAME ? (w == prev[i].white ? prev[i].black
                                                                             : prev[i].white)
                                                       : 0;
    }
    bool final = r->round == ss->total_rounds;
    for (int i = 0; i + 1 < nw && st == SH_OK; i += 2) {
        bool hi_white = event_lot(e->settings.seed, (uint64_t)r->stage, (uint64_t)r->round,
                                  (uint64_t)(r->board + 1)) & 1;
        st = hi_white ? add_game(r, winners[i], winners[i + 1], err)
                      : add_game(r, winners[i + 1], winners[i], err);
    }
    if (final && e->settings.stages[r->stage - 1].third_place && nl == 2 && losers[0] &&
        losers[1] && st == SH_OK)
        st = add_game(r, losers[0], losers[1], err);
    free(winners);
    free(losers);
    return st;
}

/* ---- ballots ---- */

static int ballots(const char *table, ShOpening *out, int max)
{
    int k = 0;
    for (int i = 0; i < sh_openings_count() && k < max; i++) {
        ShOpening o;
        if (!sh_opening_at(i, &o))
            continue;
        if (strcmp(o.table, table) || !o.moves[0] || o.setup[0])
            continue;
        out[k++] = o;
    }
    return k;
}

static void draw_ballots(ShEvent *e, int stage, int round, int first)
{
    const ShEventSettings *s = &e->settings;
    if (s->openings == SH_OPENINGS_FREE)
        return;
    static const int MAX = 512;
    ShOpening *list = malloc(sizeof(ShOpening) * (size_t)MAX);
    if (!list)
        return;
    int n = ballots(s->opening_table, list, MAX);
    if (n == 0) {
        free(list);
        return;
    }
    bool fmjd = !strcmp(s->opening_table, "FMJD-64");
    for (int k = first; k < e->npairings; k++) {
        ShEventPairing *p = &e->pairings[k];
        if (p->type != SH_PAIRING_GAME)
            continue;
        uint64_t lot = event_lot(s->seed ^ 0x5bd1e995u, (uint64_t)stage, (uint64_t)round,
                                 s->openings == SH_OPENINGS_PER_ROUND ? 0 : (uint64_t)p->board);
        const ShOpening *o = &list[lot % (uint64_t)n];
        for (int g = 0; g < p->ngames; g++)
            snprintf(p->games[g].opening, sizeof p->games[g].opening, "%s%s", fmjd ? "FMJD " : "",
                     o->code);
    }
    free(list);
}

ShStatus event_pair_round(ShEvent *e, int stage, int round, ShError *err)
{
    Round r = {e, stage, round, event_round_of(e, stage, round), &e->settings.stages[stage - 1], 0};
    int first = e->npairings;
    ShStatus st;
    if (event_is_team(e)) {
        st = team_pair_round(e, stage, round, err);
        if (st == SH_OK)
            draw_ballots(e, stage, round, first);
        return st;
    }
    if (sh_event_table_size(&e->settings))
        return table_pair_round(e, stage, round, err);
    switch (r.st->system) {
    case SH_SYSTEM_ROUND_ROBIN: st = round_robin(&r, err); break;
    case SH_SYSTEM_SWISS: st = swiss(&r, err); break;
    case SH_SYSTEM_KNOCKOUT: st = knockout(&r, err); break;
    case SH_SYSTEM_SCHEVENINGEN: st = scheveningen(&r, err); break;
    default: st = error_set(err, SH_ERR_ARGUMENT, 0, 0, "no such system"); break;
    }
    if (st == SH_OK)
        draw_ballots(e, stage, round, first);
    return st;
}
