/* event_trf.c - an event to a TRF16 file and back (see shashki_tournament.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "event.h"
#include "team.h"

static char *dup_text(const char *s)
{
    size_t n = strlen(s);
    char *c = malloc(n + 1);
    if (c)
        memcpy(c, s, n + 1);
    return c;
}

static bool add_other(ShTrf *t, const char *code, const char *value)
{
    if (!value[0])
        return true;
    char line[256];
    snprintf(line, sizeof line, "%s %s", code, value);
    char **bigger = realloc(t->other, sizeof(char *) * (size_t)(t->other_count + 1));
    if (!bigger)
        return false;
    t->other = bigger;
    t->other[t->other_count] = dup_text(line);
    return t->other[t->other_count++] != NULL;
}

/* Append a group of pairing numbers (XXP, 240) to a list; a group that finds no room is
 * dropped, its numbers freed. */
static void add_group(ShTrfGroup **list, int *count, ShTrfGroup g)
{
    ShTrfGroup *bigger = realloc(*list, sizeof(ShTrfGroup) * (size_t)(*count + 1));
    if (!bigger) {
        free(g.numbers);
        return;
    }
    *list = bigger;
    (*list)[(*count)++] = g;
}

ShStatus sh_event_to_trf(const ShEvent *e, int stage, ShTrf *t, ShError *err)
{
    sh_trf_init(t);
    if (sh_event_table_size(&e->settings))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "TRF16 has a cell for one opponent a round, and %s seats %d at a "
                         "table: export the event's text (export EVENT event), its standings "
                         "and crosstable (text, csv, html) or its games (pdn) instead",
                         sh_event_kind(&e->settings)->name, sh_event_table_size(&e->settings));
    if (stage == 0)
        stage = 1;
    if (stage < 1 || stage > e->settings.stage_count)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the event has stages 1 to %d",
                         e->settings.stage_count);
    const ShEventSettings *s = &e->settings;
    int n = sh_event_stage_players(e, stage, NULL);
    int *ids = malloc(sizeof(int) * ((size_t)n + 1));
    int *number = calloc((size_t)e->nplayers + 2, sizeof(int));
    if (!ids || !number) {
        free(ids);
        free(number);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    sh_event_stage_players(e, stage, ids);
    for (int i = 0; i < n; i++)
        number[ids[i]] = i + 1;
    /* complete rounds only: a TRF cell has no form for a game still being played */
    int rounds = sh_event_rounds_paired(e, stage);
    while (rounds > 0 && !sh_event_round_complete(e, stage, rounds))
        rounds--;
    /* the start date as TRF writes dates, YYYY/MM/DD */
    char date[sizeof s->date];
    snprintf(date, sizeof date, "%s", s->date);
    for (char *c = date; *c; c++)
        if (*c == '.')
            *c = '/';
    bool ok = add_other(t, "012", s->name) && add_other(t, "022", s->site) &&
              add_other(t, "042", date) && add_other(t, "102", s->arbiter);
    t->count = n;
    t->players = calloc((size_t)n + 1, sizeof(ShTrfPlayer));
    ShStanding *rows = NULL;
    int nrows = sh_event_standings(e, stage, &rows, NULL);
    if (!t->players || !ok) {
        free(ids);
        free(number);
        free(rows);
        sh_trf_free(t);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    for (int i = 0; i < n; i++) {
        const ShEventPlayer *p = sh_event_player(e, ids[i]);
        ShTrfPlayer *tp = &t->players[i];
        tp->number = i + 1;
        tp->sex = ' ';
        snprintf(tp->title, sizeof tp->title, "%.3s", p->title);
        snprintf(tp->name, sizeof tp->name, "%.63s", p->name);
        tp->rating = p->rating;
        snprintf(tp->federation, sizeof tp->federation, "%.3s", p->federation);
        if (p->birth_year)
            snprintf(tp->birth, sizeof tp->birth, "%d", p->birth_year);
        for (int k = 0; k < nrows; k++)
            if (rows[k].id == p->id)
                tp->rank = rows[k].rank;
        tp->rounds = rounds;
        tp->cells = calloc((size_t)rounds + 1, sizeof(ShTrfCell));
        if (!tp->cells) {
            free(ids);
            free(number);
            free(rows);
            sh_trf_free(t);
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        }
        for (int r = 0; r < rounds; r++)
            tp->cells[r] = (ShTrfCell){0, '-', 'Z'};
    }
    free(rows);
    for (int k = 0; k < e->npairings; k++) {
        const ShEventPairing *p = &e->pairings[k];
        if (p->stage != stage || p->round > rounds || !number[p->white])
            continue;
        ShTrfCell *cw = &t->players[number[p->white] - 1].cells[p->round - 1];
        switch (p->type) {
        case SH_PAIRING_BYE: *cw = (ShTrfCell){0, '-', 'U'}; continue;
        case SH_PAIRING_HALF_BYE: *cw = (ShTrfCell){0, '-', 'H'}; continue;
        case SH_PAIRING_FULL_BYE: *cw = (ShTrfCell){0, '-', 'F'}; continue;
        /* a free round: no game and no points, TRF's zero-point bye (not '-', a forfeit) */
        case SH_PAIRING_REST: *cw = (ShTrfCell){0, '-', 'Z'}; continue;
        case SH_PAIRING_ABSENT: *cw = (ShTrfCell){0, '-', 'Z'}; continue;
        default: break;
        }
        if (!number[p->black])
            continue;
        ShTrfCell *cb = &t->players[number[p->black] - 1].cells[p->round - 1];
        bool played = false;
        int ww = 0, bw = 0;
        for (int g = 0; g < p->ngames; g++) {
            if (s->stages[stage - 1].system == SH_SYSTEM_KNOCKOUT && p->games[g].tiebreak)
                continue;
            ShGameResult res = p->games[g].result;
            played = played || res == SH_GAME_WHITE_WINS || res == SH_GAME_DRAW ||
                     res == SH_GAME_BLACK_WINS;
            int a = event_game_points(s, res, true), b = event_game_points(s, res, false);
            ww += g % 2 ? b : a;
            bw += g % 2 ? a : b;
        }
        int winner = 0, pw, pb;
        sh_event_pairing_points(e, p, &pw, &pb, &winner);
        if (event_knockout(e, stage) && winner) {
            ww = winner == p->white;
            bw = winner == p->black;
        }
        char rw, rb;
        if (played) {
            rw = ww > bw ? '1' : ww < bw ? '0' : '=';
            rb = ww > bw ? '0' : ww < bw ? '1' : '=';
        } else {
            bool dbl = p->ngames && p->games[0].result == SH_GAME_DOUBLE_FORFEIT;
            rw = dbl || ww <= bw ? '-' : '+';
            rb = dbl || bw <= ww ? '-' : '+';
        }
        *cw = (ShTrfCell){number[p->black], 'w', rw};
        *cb = (ShTrfCell){number[p->white], 'b', rb};
    }
    t->total_rounds = e->stage[stage - 1].started ? e->stage[stage - 1].total_rounds
                                                  : s->stages[stage - 1].rounds;
    if (t->total_rounds == 0 && s->stages[stage - 1].system == SH_SYSTEM_SWISS)
        t->total_rounds = sh_swiss_recommended_rounds(n);
    t->initial_color = s->initial_color;
    t->win = s->win;
    t->draw = s->draw;
    t->loss = s->loss;
    t->forfeit_loss = s->loss;
    t->bye = s->bye_points;
    /* the points column under the file's own scoring */
    for (int i = 0; i < n; i++) {
        ShTrfPlayer *tp = &t->players[i];
        for (int r = 0; r < rounds; r++) {
            char c = tp->cells[r].result;
            tp->points += c == '1' || c == '+' || c == 'F' ? t->win
                          : c == 'U'                       ? t->bye
                          : c == '=' || c == 'H'           ? t->draw
                          : c == '0'                       ? t->loss
                          : c == '-' && tp->cells[r].opponent ? t->forfeit_loss
                                                              : 0;
        }
    }
    /* who is absent from the next round (asked for a bye, withdrawn, not entered yet): a
     * bye cell beyond the rounds played, as the pairing programs read it */
    if (rounds < t->total_rounds) {
        int g = event_round_of(e, stage, rounds + 1);
        for (int i = 0; i < n; i++) {
            ShTrfPlayer *tp = &t->players[i];
            ShPairingType type = event_requested(e, ids[i], g);
            if (!event_player_active(e, ids[i], g))
                type = SH_PAIRING_ABSENT;
            if (type == SH_PAIRING_GAME)
                continue;
            tp->cells[rounds] = (ShTrfCell){0, '-',
                                            type == SH_PAIRING_HALF_BYE   ? 'H'
                                            : type == SH_PAIRING_FULL_BYE ? 'F'
                                                                          : 'Z'};
            tp->rounds = rounds + 1;
        }
    }
    /* the rounds after the next: a "240 R a b ..." line each for the players absent from it
     * (withdrawn, entering later, absent by request), so that a withdrawal reads back as one */
    for (int r = rounds + 2; r <= t->total_rounds; r++) {
        int g = event_round_of(e, stage, r);
        ShTrfGroup absent = {0, malloc(sizeof(int) * ((size_t)n + 1)), r};
        if (!absent.numbers)
            break;
        for (int i = 0; i < n; i++)
            if (!event_player_active(e, ids[i], g) ||
                event_requested(e, ids[i], g) == SH_PAIRING_ABSENT)
                absent.numbers[absent.count++] = i + 1;
        if (absent.count)
            add_group(&t->absent, &t->absent_count, absent);
        else
            free(absent.numbers);
    }
    /* players who may not meet: one XXP line per club (and team) of two players or more */
    for (int which = 0; which < 2; which++) {
        if ((which == 0 && !s->avoid_club) || (which == 1 && !s->avoid_team))
            continue;
        bool *done = calloc((size_t)n + 1, sizeof(bool));
        if (!done)
            break;
        for (int i = 0; i < n; i++) {
            const ShEventPlayer *p = sh_event_player(e, ids[i]);
            const char *key = which ? p->team : p->club;
            if (done[i] || !key[0])
                continue;
            ShTrfGroup g = {0, malloc(sizeof(int) * (size_t)n), 0};
            if (!g.numbers)
                break;
            for (int j = i; j < n; j++) {
                const ShEventPlayer *q = sh_event_player(e, ids[j]);
                if (!strcasecmp(which ? q->team : q->club, key)) {
                    g.numbers[g.count++] = j + 1;
                    done[j] = true;
                }
            }
            if (g.count > 1)
                add_group(&t->forbidden, &t->forbidden_count, g);
            else
                free(g.numbers);
        }
        free(done);
    }
    /* the teams (013), their players in pairing order */
    for (int i = 0; i < n; i++) {
        const char *team = sh_event_player(e, ids[i])->team;
        bool seen = !team[0];
        for (int k = 0; k < t->team_count && !seen; k++)
            seen = !strcasecmp(t->teams[k].name, team);
        if (seen)
            continue;
        ShTrfTeam *bigger =
            realloc(t->teams, sizeof(ShTrfTeam) * (size_t)(t->team_count + 1));
        int *numbers = malloc(sizeof(int) * ((size_t)n + 1));
        if (bigger)
            t->teams = bigger;
        if (!bigger || !numbers) {
            free(numbers);
            break;
        }
        ShTrfTeam *tt = &t->teams[t->team_count++];
        memset(tt, 0, sizeof *tt);
        snprintf(tt->name, sizeof tt->name, "%.63s", team);
        tt->numbers = numbers;
        for (int j = i; j < n; j++)
            if (!strcasecmp(sh_event_player(e, ids[j])->team, team))
                tt->numbers[tt->count++] = j + 1;
    }
    t->order = malloc(sizeof(int) * ((size_t)n + 1));
    if (t->order)
        for (int i = 0; i < n; i++)
            t->order[i] = i + 1;
    free(ids);
    free(number);
    return SH_OK;
}

/* The start date of a 042 line (YYYY/MM/DD as TRF writes it, or with dots or dashes), the
 * event's YYYY.MM.DD; a date that does not read is left out. */
static void read_date(ShEventSettings *s, const char *text)
{
    char date[16];
    snprintf(date, sizeof date, "%.10s", text);
    for (char *c = date; *c; c++)
        if (*c == '/' || *c == '-')
            *c = '.';
    sh_event_settings_set(s, "date", date, NULL);
}

/* The coming rounds' byes and absences a file gives (a bye cell beyond the rounds played, "240"
 * lines): requests, except that a player absent from every coming round has withdrawn. */
static void coming_absences(const ShTrf *t, ShEvent *e, int played, int total)
{
    int coming = total - played;
    ShPairingType *want = coming > 0 ? malloc(sizeof *want * (size_t)coming) : NULL;
    if (!want)
        return;
    for (int i = 0; i < t->count; i++) {
        const ShTrfPlayer *tp = &t->players[i];
        for (int k = 0; k < coming; k++)
            want[k] = SH_PAIRING_GAME;
        for (int r = played; r < tp->rounds && r < total; r++) {
            char res = tp->cells[r].result;
            want[r - played] = res == 'H'   ? SH_PAIRING_HALF_BYE
                               : res == 'F' ? SH_PAIRING_FULL_BYE
                                            : SH_PAIRING_ABSENT;
        }
        for (int g = 0; g < t->absent_count; g++) {
            int k = t->absent[g].round - played - 1;
            for (int m = 0; k >= 0 && k < coming && m < t->absent[g].count; m++)
                if (t->absent[g].numbers[m] == tp->number && want[k] == SH_PAIRING_GAME)
                    want[k] = SH_PAIRING_ABSENT;
        }
        bool gone = true;
        for (int k = 0; k < coming; k++)
            gone = gone && want[k] == SH_PAIRING_ABSENT;
        if (gone) {
            sh_event_withdraw(e, tp->number, played + 1, NULL);
            continue;
        }
        for (int k = 0; k < coming; k++)
            if (want[k] != SH_PAIRING_GAME)
                sh_event_request_bye(e, tp->number, played + 1 + k, want[k], NULL);
    }
    free(want);
}

ShStatus sh_event_from_trf(const ShTrf *t, ShEvent **out, ShError *err)
{
    *out = NULL;
    ShEventSettings s;
    sh_event_settings_init(&s);
    for (int i = 0; i < t->other_count; i++)
        if (!strncmp(t->other[i], "012 ", 4))
            snprintf(s.name, sizeof s.name, "%.95s", t->other[i] + 4);
        else if (!strncmp(t->other[i], "022 ", 4))
            snprintf(s.site, sizeof s.site, "%.95s", t->other[i] + 4);
        else if (!strncmp(t->other[i], "102 ", 4))
            snprintf(s.arbiter, sizeof s.arbiter, "%.95s", t->other[i] + 4);
        else if (!strncmp(t->other[i], "042 ", 4))
            read_date(&s, t->other[i] + 4);
    if (!s.name[0])
        snprintf(s.name, sizeof s.name, "event");
    if (t->count == 0) /* not an event's file, as sh_trf_pair says */
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the file has no players (001 lines)");
    int played = sh_trf_rounds_played(t, NULL);
    s.stages[0].system = SH_SYSTEM_SWISS;
    /* as sh_trf_pair: the rounds played are not the event's total (a Swiss stopped halfway
     * would be finished), and the total cannot be guessed */
    if (t->total_rounds <= 0)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "the file does not say how many rounds the event has (an XXR line)");
    s.stages[0].rounds = t->total_rounds;
    if (s.stages[0].rounds < played)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "the file holds %d rounds but XXR says %d", played, t->total_rounds);
    if (t->win <= t->draw || t->draw < t->loss)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "the file's points (BBW, BBD) give a win no more than a draw");
    s.win = t->win;
    s.draw = t->draw;
    s.loss = t->loss;
    s.bye_points = t->bye;
    s.initial_color = t->initial_color == SH_BLACK ? SH_BLACK : SH_WHITE;
    ShEvent *e;
    ShStatus st = sh_event_new(&e, &s, err);
    if (st != SH_OK)
        return st;
    for (int i = 0; i < t->count && st == SH_OK; i++) {
        const ShTrfPlayer *tp = &t->players[i];
        ShEventPlayer p;
        memset(&p, 0, sizeof p);
        snprintf(p.name, sizeof p.name, "%s", tp->name[0] ? tp->name : "?");
        if (!tp->name[0])
            snprintf(p.name, sizeof p.name, "player %d", tp->number);
        p.rating = tp->rating;
        snprintf(p.title, sizeof p.title, "%s", tp->title);
        snprintf(p.federation, sizeof p.federation, "%s", tp->federation);
        for (int k = 0; k < t->team_count; k++)
            for (int j = 0; j < t->teams[k].count; j++)
                if (t->teams[k].numbers[j] == tp->number)
                    snprintf(p.team, sizeof p.team, "%s", t->teams[k].name);
        p.birth_year = atoi(tp->birth);
        if (p.birth_year < 1850 || p.birth_year > 2200)
            p.birth_year = 0;
        st = sh_event_add_player(e, &p, NULL, err);
        if (st != SH_OK && err)
            error_append(err, " (player %d, line %d)", tp->number, tp->line);
    }
    if (st != SH_OK) {
        sh_event_free(e);
        return st;
    }
    if (played > 0) {
        /* the stage in the file's order of pairing numbers (not re-sorted by rating) */
        StageState *ss = &e->stage[0];
        ss->ids = malloc(sizeof(int) * ((size_t)t->count + 1));
        ss->group = calloc((size_t)t->count + 1, sizeof(int));
        if (!ss->ids || !ss->group) {
            sh_event_free(e);
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        }
        for (int i = 0; i < t->count; i++)
            ss->ids[i] = t->by_rank && t->order ? t->order[i] : i + 1;
        ss->count = t->count;
        ss->total_rounds = s.stages[0].rounds;
        ss->first_round = 1;
        ss->started = true;
    }
    for (int r = 0; r < played; r++) {
        int board = 0;
        for (int i = 0; i < t->count; i++) {
            const ShTrfPlayer *tp = &t->players[i];
            if (r >= tp->rounds)
                continue;
            const ShTrfCell *c = &tp->cells[r];
            ShEventPairing p;
            memset(&p, 0, sizeof p);
            p.stage = 1;
            p.round = r + 1;
            p.white = tp->number;
            if (c->opponent == 0) {
                switch (c->result) {
                case 'U':
                case '+': p.type = SH_PAIRING_BYE; break; /* as the reader scores it */
                case 'H':
                case '=':
                case 'D': p.type = SH_PAIRING_HALF_BYE; break;
                case 'F':
                case 'W':
                case '1': p.type = SH_PAIRING_FULL_BYE; break;
                case ' ': continue;
                default: p.type = SH_PAIRING_ABSENT; break;
                }
            } else {
                if (c->color != 'w' && !(c->color == '-' && tp->number < c->opponent))
                    continue;
                p.type = SH_PAIRING_GAME;
                p.black = c->opponent;
                p.ngames = 1;
                char res = c->result, other = t->players[c->opponent - 1].cells[r].result;
                bool draw = strchr("=D", res) && strchr("=D", other);
                if (strchr("10=WDL", res) && !draw &&
                    !(strchr("1W", res) && strchr("0L", other)) &&
                    !(strchr("0L", res) && strchr("1W", other))) {
                    sh_event_free(e);
                    return error_set(err, SH_ERR_ARGUMENT, tp->line, 92 + 10 * r + 7,
                                     "round %d: %d and %d scored %c and %c, a score an event "
                                     "does not hold (a win, a draw or a loss each way)",
                                     r + 1, tp->number, c->opponent, res, other);
                }
                p.games[0].result = res == '1' || res == 'W' ? SH_GAME_WHITE_WINS
                                    : res == '0' || res == 'L' ? SH_GAME_BLACK_WINS
                                    : res == '=' || res == 'D' ? SH_GAME_DRAW
                                    : res == '+'               ? SH_GAME_WHITE_FORFEIT
                                    : res == '-'               ? (t->players[c->opponent - 1]
                                                                          .cells[r]
                                                                          .result == '+'
                                                                      ? SH_GAME_BLACK_FORFEIT
                                                                      : SH_GAME_DOUBLE_FORFEIT)
                                                               : SH_GAME_PENDING;
            }
            p.board = ++board;
            if (!event_add_pairing(e, &p)) {
                sh_event_free(e);
                return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
            }
        }
    }
    coming_absences(t, e, played, s.stages[0].rounds);
    *out = e;
    return SH_OK;
}
