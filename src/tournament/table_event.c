/* table_event.c - events of a game of three or four players (Novgorod, Neva): the settings
 * they allow, their rounds of tables (tables.c's schedules), their results and points.
 *
 * A table is one pairing of type SH_PAIRING_GAME with `seats` players in seat[] (white and
 * black are seat 0 and 1, so everything that lists a pairing's players still names two of
 * them) and one game whose result is SH_GAME_TABLE with each seat's share of the point in
 * twelfths. Points by places (shashki_tournament.h): each pair of table mates is scored as a
 * game between them, won by the larger share, drawn on equal shares. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "event.h"
#include "table_event.h"

int sh_event_table_size(const ShEventSettings *s)
{
    const ShKind *kind = sh_event_kind(s);
    return kind && kind->players > 2 ? kind->players : 0;
}

ShStatus table_check_settings(const ShEventSettings *s, ShError *err)
{
    int size = sh_event_table_size(s);
    if (!size)
        return SH_OK;
    const char *game = sh_event_kind(s)->name;
    if (s->boards)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "%s is a game of %d players: a team event (boards) pairs two teams "
                         "a board, so it is played as an individual event",
                         game, size);
    for (int i = 0; i < s->stage_count; i++) {
        const ShStage *st = &s->stages[i];
        if (st->system != SH_SYSTEM_ROUND_ROBIN && st->system != SH_SYSTEM_SWISS)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "stage %d: %s is a game of %d players, played at tables in a "
                             "round robin or a Swiss (a %s pairs two players)",
                             i + 1, game, size, sh_system_name(st->system));
        if (st->games != 1 || st->groups > 1)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "stage %d: a table of %s plays one game (games = 1) and its round "
                             "robin is not split in groups",
                             i + 1, game);
    }
    for (int k = 0; k < s->tiebreak_count; k++)
        if (s->tiebreaks[k] == SH_TB_BLACK_WINS)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "tiebreaks: bwg (games won with Black) has no meaning at a table "
                             "of %d",
                             size);
    if (s->series_count)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "a points series is not played with tables of %d", size);
    return SH_OK;
}

int table_stage_rounds(const ShEvent *e, int stage, int n, ShError *err)
{
    const ShStage *st = &e->settings.stages[stage - 1];
    int size = sh_event_table_size(&e->settings);
    if (n < size)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "stage %d: a table of %s seats %d players, and the stage has %d", stage,
                         sh_event_kind(&e->settings)->name, size, n),
               -1;
    if (st->system == SH_SYSTEM_SWISS)
        return st->rounds ? st->rounds : sh_table_swiss_rounds(n, size);
    ShTableSchedule sched;
    if (sh_table_schedule(n, size, st->cycles, &sched, err) != SH_OK)
        return -1;
    int rounds = sched.rounds;
    sh_table_schedule_free(&sched);
    return rounds;
}

/* ---- results and points ---- */

static const char *share_text(int twelfths)
{
    switch (twelfths) {
    case 0: return "0";
    case 12: return "1";
    case 6: return "1/2";
    case 4: return "1/3";
    case 3: return "1/4";
    case 8: return "2/3";
    case 9: return "3/4";
    default: return "?";
    }
}

const char *sh_event_table_result_text(const ShEventPairing *p, char *buf, size_t size)
{
    if (!p->seats || p->ngames < 1 || p->games[0].result != SH_GAME_TABLE) {
        snprintf(buf, size, "*");
        return buf;
    }
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < p->seats && at < size; i++)
        at += (size_t)snprintf(buf + at, size - at, "%s%s", i ? "-" : "",
                               share_text(p->games[0].share[i]));
    return buf;
}

/* "1", "0", "1/2", "2/3" ... as twelfths; -1 if not a share. */
static int parse_share(const char *text, size_t len)
{
    static const char *const SHARES[] = {"0", "1", "1/2", "1/3", "1/4", "2/3", "3/4"};
    static const int VALUES[] = {0, 12, 6, 4, 3, 8, 9};
    for (int i = 0; i < 7; i++)
        if (strlen(SHARES[i]) == len && !strncmp(SHARES[i], text, len))
            return VALUES[i];
    return -1;
}

ShStatus table_parse_result(const char *text, int seats, uint8_t share[SH_MAX_PLAYERS],
                            ShError *err)
{
    int n = 0, sum = 0;
    const char *p = text;
    while (*p) {
        const char *dash = strchr(p, '-');
        size_t len = dash ? (size_t)(dash - p) : strlen(p);
        int v = parse_share(p, len);
        if (v < 0 || n == seats)
            return error_set(err, SH_ERR_SYNTAX, 0, (int)(p - text) + 1,
                             "a table's result is a share of the point for each of its %d "
                             "players (1, 0, 1/2, 1/3, 1/4 ...) joined by '-': '%s'",
                             seats, text);
        share[n++] = (uint8_t)v;
        sum += v;
        p += len;
        if (*p == '-')
            p++;
    }
    if (n != seats || sum != 12)
        return error_set(err, SH_ERR_SYNTAX, 0, 0,
                         "a table's result gives each of its %d players a share, the shares "
                         "summing to 1 ('%s' %s)",
                         seats, text,
                         n != seats ? "has another number of shares" : "does not sum to 1");
    return SH_OK;
}

ShStatus sh_event_set_table_result(ShEvent *e, int stage, int round, int board,
                                   const char *result, long game_id, ShError *err)
{
    const ShEventPairing *list;
    int n = stage >= 1 && stage <= e->settings.stage_count && e->stage[stage - 1].started &&
                    round >= 1 && round <= sh_event_rounds_paired(e, stage)
                ? sh_event_pairings(e, stage, round, &list)
                : 0;
    ShEventPairing *p = NULL;
    for (int i = 0; i < n; i++)
        if (list[i].board == board)
            p = (ShEventPairing *)&list[i];
    if (!p || !p->seats || p->type != SH_PAIRING_GAME)
        /* the two-player checks say what is wrong */
        return sh_event_set_result(e, stage, round, board, 0, SH_GAME_PENDING, 0, err) != SH_OK
                   ? err->code
                   : error_set(err, SH_ERR_ARGUMENT, 0, 0,
                               "board %d of round %d is not a table of three or four", board,
                               round);
    if (!strcmp(result, "*")) {
        p->games[0].result = SH_GAME_PENDING;
        memset(p->games[0].share, 0, sizeof p->games[0].share);
        if (game_id)
            p->games[0].game_id = game_id;
        return SH_OK;
    }
    uint8_t share[SH_MAX_PLAYERS] = {0};
    if (table_parse_result(result, p->seats, share, err) != SH_OK)
        return err->code;
    p->games[0].result = SH_GAME_TABLE;
    memcpy(p->games[0].share, share, sizeof share);
    if (game_id)
        p->games[0].game_id = game_id;
    return SH_OK;
}

int table_bye_points(const ShEventSettings *s, ShPairingType type)
{
    int mates = sh_event_table_size(s) - 1;
    switch (type) {
    case SH_PAIRING_BYE:
    case SH_PAIRING_HALF_BYE: return mates * s->draw;
    case SH_PAIRING_FULL_BYE: return mates * s->win;
    default: return 0;
    }
}

void sh_event_table_points(const ShEvent *e, const ShEventPairing *p, int points[SH_MAX_PLAYERS])
{
    const ShEventSettings *s = sh_event_settings(e);
    memset(points, 0, sizeof(int) * SH_MAX_PLAYERS);
    if (p->type != SH_PAIRING_GAME) {
        points[0] = table_bye_points(s, p->type);
        return;
    }
    if (!p->seats || p->ngames < 1 || p->games[0].result != SH_GAME_TABLE)
        return;
    const uint8_t *sh = p->games[0].share;
    for (int i = 0; i < p->seats; i++)
        for (int j = 0; j < p->seats; j++)
            if (i != j)
                points[i] += sh[i] > sh[j] ? s->win : sh[i] == sh[j] ? s->draw : s->loss;
}

/* ---- pairing a round ---- */

/* A pairing of the round on its next board, of type t for player id. */
static ShEventPairing next_pairing(int stage, int round, int *board, int id, ShPairingType t)
{
    ShEventPairing p;
    memset(&p, 0, sizeof p);
    p.stage = stage;
    p.round = round;
    p.board = ++*board;
    p.white = id;
    p.type = t;
    return p;
}

static ShStatus add_table(ShEvent *e, int stage, int round, int *board, const int *ids, int k)
{
    ShEventPairing p = next_pairing(stage, round, board, ids[0], SH_PAIRING_GAME);
    p.ngames = 1;
    p.seats = k;
    for (int i = 0; i < k; i++)
        p.seat[i] = ids[i];
    p.black = ids[1];
    return event_add_pairing(e, &p) ? SH_OK : SH_ERR_NO_MEMORY;
}

static ShStatus add_free(ShEvent *e, int stage, int round, int *board, int id, ShPairingType t)
{
    ShEventPairing p = next_pairing(stage, round, board, id, t);
    return event_add_pairing(e, &p) ? SH_OK : SH_ERR_NO_MEMORY;
}

static ShStatus robin(ShEvent *e, int stage, int round, ShError *err)
{
    const StageState *ss = &e->stage[stage - 1];
    int size = sh_event_table_size(&e->settings), n = ss->count, board = 0;
    ShTableSchedule sched;
    if (sh_table_schedule(n, size, e->settings.stages[stage - 1].cycles, &sched, err) != SH_OK)
        return err->code;
    const int *row = &sched.seats[(round - 1) * n];
    int tables = n / size, ids[SH_MAX_PLAYERS];
    ShStatus st = SH_OK;
    for (int t = 0; t < tables && st == SH_OK; t++) {
        for (int k = 0; k < size; k++)
            ids[k] = ss->ids[row[t * size + k] - 1];
        st = add_table(e, stage, round, &board, ids, size);
    }
    for (int i = tables * size; i < n && st == SH_OK; i++)
        st = add_free(e, stage, round, &board, ss->ids[row[i] - 1], SH_PAIRING_REST);
    sh_table_schedule_free(&sched);
    return st == SH_OK ? SH_OK : error_set(err, st, 0, 0, "out of memory");
}

/* Each stage player's points before round `round`, the meetings and the byes. */
static void stage_history(const ShEvent *e, int stage, int round, const int *pos_of, int n,
                          int *points, int *met, int *byes)
{
    const ShEventPairing *all;
    int np = sh_event_all_pairings(e, &all);
    for (int i = 0; i < np; i++) {
        const ShEventPairing *p = &all[i];
        if (p->stage != stage || p->round >= round)
            continue;
        int pts[SH_MAX_PLAYERS];
        sh_event_table_points(e, p, pts);
        if (p->type != SH_PAIRING_GAME) {
            int a = pos_of[p->white];
            if (a >= 0) {
                points[a] += pts[0];
                byes[a] += p->type == SH_PAIRING_BYE;
            }
            continue;
        }
        for (int x = 0; x < p->seats; x++) {
            int a = pos_of[p->seat[x]];
            if (a < 0)
                continue;
            points[a] += pts[x];
            for (int y = 0; y < p->seats; y++) {
                int b = pos_of[p->seat[y]];
                if (y != x && b >= 0)
                    met[a * n + b]++;
            }
        }
    }
}

static ShStatus swiss(ShEvent *e, int stage, int round, ShError *err)
{
    const StageState *ss = &e->stage[stage - 1];
    int size = sh_event_table_size(&e->settings), n = ss->count, board = 0;
    int g = event_round_of(e, stage, round);
    int *pos_of = malloc(sizeof(int) * ((size_t)e->nplayers + 1));
    int *points = calloc((size_t)n, sizeof(int)), *byes = calloc((size_t)n, sizeof(int));
    int *met = calloc((size_t)n * (size_t)n, sizeof(int));
    int *rank = malloc(sizeof(int) * (size_t)n), *out = malloc(sizeof(int) * (size_t)n);
    int *rmet = malloc(sizeof(int) * (size_t)n * (size_t)n), *rbyes = malloc(sizeof(int) * (size_t)n);
    ShStatus st = SH_OK;
    if (!pos_of || !points || !byes || !met || !rank || !out || !rmet || !rbyes) {
        st = error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        goto done;
    }
    for (int id = 0; id <= e->nplayers; id++)
        pos_of[id] = -1;
    for (int i = 0; i < n; i++)
        pos_of[ss->ids[i]] = i;
    stage_history(e, stage, round, pos_of, n, points, met, byes);
    /* who plays: active, no bye asked for (those get theirs) */
    int m = 0;
    for (int i = 0; i < n && st == SH_OK; i++) {
        int id = ss->ids[i];
        if (!event_player_active(e, id, g))
            continue;
        ShPairingType asked = event_requested(e, id, g);
        if (asked != SH_PAIRING_GAME)
            continue;
        rank[m++] = i;
    }
    if (m < size) {
        st = error_set(err, SH_ERR_NO_PAIRING, 0, 0,
                       "round %d: %d players to seat, and a table needs %d", round, m, size);
        goto done;
    }
    /* by points, then the stage order (stable insertion sort) */
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && points[rank[j - 1]] < points[rank[j]]; j--) {
            int t = rank[j];
            rank[j] = rank[j - 1];
            rank[j - 1] = t;
        }
    for (int i = 0; i < m; i++) {
        rbyes[i] = byes[rank[i]];
        for (int j = 0; j < m; j++)
            rmet[i * m + j] = met[rank[i] * n + rank[j]];
    }
    if ((st = sh_table_swiss(m, size, rmet, rbyes, out, NULL, err)) != SH_OK)
        goto done;
    int tables = m / size, ids[SH_MAX_PLAYERS];
    for (int t = 0; t < tables && st == SH_OK; t++) {
        for (int k = 0; k < size; k++)
            ids[k] = ss->ids[rank[out[t * size + k]]];
        st = add_table(e, stage, round, &board, ids, size);
    }
    for (int i = tables * size; i < m && st == SH_OK; i++)
        st = add_free(e, stage, round, &board, ss->ids[rank[out[i]]], SH_PAIRING_BYE);
    for (int i = 0; i < n && st == SH_OK; i++) {
        int id = ss->ids[i];
        ShPairingType asked = event_requested(e, id, g);
        if (!event_player_active(e, id, g))
            asked = SH_PAIRING_ABSENT;
        if (asked != SH_PAIRING_GAME)
            st = add_free(e, stage, round, &board, id, asked);
    }
    if (st != SH_OK && st != SH_ERR_NO_PAIRING)
        st = error_set(err, st, 0, 0, "out of memory");
done:
    free(pos_of);
    free(points);
    free(byes);
    free(met);
    free(rank);
    free(out);
    free(rmet);
    free(rbyes);
    return st;
}

/* Seats: each table's players dealt to seats so that each sits in each seat as evenly as the
 * greedy allows, counting the stage's rounds before. */
static void deal_seats(ShEvent *e, int stage, int first)
{
    int size = sh_event_table_size(&e->settings);
    int *count = calloc((size_t)(e->nplayers + 1) * (size_t)size, sizeof(int));
    if (!count)
        return;
    for (int i = 0; i < e->npairings; i++) {
        ShEventPairing *p = &e->pairings[i];
        if (p->stage != stage || !p->seats)
            continue;
        if (i >= first)
            for (int k = 0; k < p->seats; k++) {
                int best = k;
                for (int x = k + 1; x < p->seats; x++) {
                    int cx = count[p->seat[x] * size + k], cb = count[p->seat[best] * size + k];
                    if (cx < cb)
                        best = x;
                }
                int t = p->seat[k];
                p->seat[k] = p->seat[best];
                p->seat[best] = t;
            }
        for (int k = 0; k < p->seats; k++)
            count[p->seat[k] * size + k]++;
        p->white = p->seat[0];
        p->black = p->seat[1];
    }
    free(count);
}

ShStatus table_pair_round(ShEvent *e, int stage, int round, ShError *err)
{
    int first = e->npairings;
    ShStatus st = e->settings.stages[stage - 1].system == SH_SYSTEM_SWISS
                      ? swiss(e, stage, round, err)
                      : robin(e, stage, round, err);
    if (st != SH_OK) {
        e->npairings = first;
        return st;
    }
    if (e->settings.stages[stage - 1].system == SH_SYSTEM_SWISS)
        deal_seats(e, stage, first);
    return SH_OK;
}
