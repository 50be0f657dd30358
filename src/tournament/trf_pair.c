/* trf_pair.c - the next round of a TRF16 file, paired by the Dutch system (see
 * shashki_tournament.h): the file's cells become the pairing engine's history. */
#include <stdlib.h>
#include <string.h>

#include "dutch.h"
#include "error.h"

static bool cell_paired(const ShTrfCell *c)
{
    return c->opponent > 0 || c->result == 'U' || c->result == '+';
}

static void cell_game(const ShTrfCell *c, DutchGame *g)
{
    char r = c->result;
    g->opponent = c->opponent > 0 ? c->opponent - 1 : -1;
    g->color = c->color == 'w' ? DUTCH_WHITE : c->color == 'b' ? DUTCH_BLACK : DUTCH_NO_COLOR;
    g->outcome = strchr("=DH", r) ? DUTCH_DRAW : strchr("+W1FU", r) ? DUTCH_WIN : DUTCH_LOSS;
    g->played = c->opponent > 0 && strchr("10=WDL", r) != NULL && g->color != DUTCH_NO_COLOR;
    g->paired = cell_paired(c);
    if (!g->played && g->opponent < 0)
        g->color = DUTCH_NO_COLOR;
}

/* The colour of the top player in round 1, when the file does not say: from the first round
 * in which colours were given, as pairing programs infer it. -1 if there is none. */
static int infer_color(const ShTrf *trf, const int *order, int rounds)
{
    int first = -1;
    for (int i = 0; i < trf->count; i++)
        for (int r = 0; r < trf->players[i].rounds && r < rounds; r++) {
            char c = trf->players[i].cells[r].color;
            if ((c == 'w' || c == 'b') && (first < 0 || r < first))
                first = r;
        }
    if (first < 0)
        return -1;
    int effective = 0;
    for (int k = 0; k < trf->count; k++) {
        const ShTrfPlayer *p = &trf->players[order[k]];
        bool took_part = false;
        for (int r = 0; r <= first && r < p->rounds; r++)
            took_part = took_part || cell_paired(&p->cells[r]);
        if (!took_part)
            continue;
        char c = first < p->rounds ? p->cells[first].color : '-';
        if (c == 'w' || c == 'b') {
            int color = c == 'w' ? SH_WHITE : SH_BLACK;
            return effective & 1 ? 1 - color : color;
        }
        effective++;
    }
    return -1;
}

void sh_pairing_free(ShPairing *pairing)
{
    if (!pairing)
        return;
    free(pairing->pairs);
    pairing->pairs = NULL;
    pairing->count = 0;
}

ShStatus sh_trf_pair(const ShTrf *trf, ShPairing *out, ShError *err)
{
    out->count = 0;
    out->pairs = NULL;
    int n = trf->count;
    if (n == 0)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the file has no players (001 lines)");
    bool *absent = calloc((size_t)n, sizeof(bool));
    int *order = malloc(sizeof(int) * (size_t)n);
    if (!absent || !order) {
        free(absent);
        free(order);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    int rounds = sh_trf_rounds_played(trf, absent);
    for (int k = 0; k < n; k++)
        order[k] = trf->by_rank && trf->order ? trf->order[k] - 1 : k;
    ShStatus st = SH_OK;
    if (trf->total_rounds <= 0)
        st = error_set(err, SH_ERR_ARGUMENT, 0, 0,
                       "the file does not say how many rounds the event has (an XXR line)");
    else if (rounds >= trf->total_rounds)
        st = error_set(err, SH_ERR_ARGUMENT, 0, 0,
                       "all %d rounds have been played (XXR %d)", rounds, trf->total_rounds);
    for (int i = 0; i < n && st == SH_OK; i++) {
        const ShTrfPlayer *p = &trf->players[i];
        for (int r = 0; r < rounds && r < p->rounds && st == SH_OK; r++)
            if (p->cells[r].opponent > 0 && p->cells[r].result == ' ')
                st = error_set(err, SH_ERR_ARGUMENT, p->line, 92 + 10 * r + 7,
                               "round %d: the game of %d and %d has no result yet (the next "
                               "round is paired when every result is in)",
                               r + 1, p->number, p->cells[r].opponent);
    }
    if (st != SH_OK) {
        free(absent);
        free(order);
        return st;
    }
    DutchGame *games = calloc((size_t)n * (size_t)(rounds + 1), sizeof(DutchGame));
    unsigned char *forbidden = calloc((size_t)n * (size_t)n, 1);
    DutchPair *pairs = malloc(sizeof(DutchPair) * ((size_t)n / 2 + 2));
    if (!games || !forbidden || !pairs) {
        st = error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        goto done;
    }
    for (int i = 0; i < n; i++) {
        const ShTrfPlayer *p = &trf->players[i];
        for (int r = 0; r < rounds; r++) {
            DutchGame *g = &games[(size_t)i * (size_t)rounds + (size_t)r];
            if (r < p->rounds && !(p->cells[r].opponent == 0 && p->cells[r].result == ' ')) {
                cell_game(&p->cells[r], g);
            } else {
                g->opponent = -1;
                g->color = DUTCH_NO_COLOR;
                g->outcome = DUTCH_LOSS;
            }
        }
    }
    for (int f = 0; f < trf->forbidden_count; f++) {
        const ShTrfGroup *g = &trf->forbidden[f];
        for (int a = 0; a < g->count; a++)
            for (int b = 0; b < g->count; b++) {
                int x = g->numbers[a] - 1, y = g->numbers[b] - 1;
                if (x >= 0 && y >= 0 && x < n && y < n && x != y)
                    forbidden[(size_t)x * (size_t)n + (size_t)y] = 1;
            }
    }
    int color = trf->initial_color;
    if (color < 0)
        color = infer_color(trf, order, rounds);
    if (color < 0)
        color = SH_WHITE;
    DutchInput in = {
        .players = n,
        .rounds = rounds,
        .total_rounds = trf->total_rounds,
        .initial_color = color == SH_WHITE ? DUTCH_WHITE : DUTCH_BLACK,
        .win = trf->win,
        .draw = trf->draw,
        .loss = trf->loss,
        .zero_bye = trf->zero_bye,
        .forfeit_loss = trf->forfeit_loss,
        .bye = trf->bye,
        .games = games,
        .absent = absent,
        .forbidden = forbidden,
        .order = order,
    };
    int count = 0;
    st = dutch_pair(&in, pairs, &count, err);
    if (st == SH_OK) {
        out->pairs = malloc(sizeof(ShPair) * ((size_t)count + 1));
        if (!out->pairs) {
            st = error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        } else {
            for (int k = 0; k < count; k++) {
                out->pairs[k].white = pairs[k].white + 1;
                out->pairs[k].black = pairs[k].black < 0 ? 0 : pairs[k].black + 1;
            }
            out->count = count;
        }
    }
done:
    free(games);
    free(forbidden);
    free(pairs);
    free(absent);
    free(order);
    return st;
}
