/* match.c - engine against engine (see match.h). */
#include "match.h"

#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


/* ---- openings ---- */

static bool list_add(MatchOpening **list, int *count, int *cap, const MatchOpening *o)
{
    if (*count == *cap) {
        int n = *cap ? *cap * 2 : 64;
        MatchOpening *l = realloc(*list, sizeof(MatchOpening) * (size_t)n);
        if (!l)
            return false;
        *list = l;
        *cap = n;
    }
    (*list)[(*count)++] = *o;
    return true;
}

static bool builtin(const char *which, MatchOpening **list, int *count, char *error, size_t size)
{
    bool idf = strcmp(which, "idf") == 0, fmjd = strcmp(which, "fmjd") == 0,
         setups = strcmp(which, "fmjd-setups") == 0, all = strcmp(which, "all") == 0,
         ballots = strcmp(which, "ballots") == 0;
    if (!idf && !fmjd && !setups && !all && !ballots)
        return false;
    int cap = 0;
    for (int i = 0; i < sh_openings_count(); i++) {
        ShOpening o;
        if (!sh_opening_at(i, &o))
            continue;
        bool is_idf = strcmp(o.table, "IDF-64") == 0;
        bool is_setup = o.setup[0] != '\0';
        if (!all && ((idf && !is_idf) || (fmjd && (is_idf || is_setup)) ||
                     (setups && (is_idf || !is_setup)) || (ballots && is_setup)))
            continue;
        MatchOpening m;
        memset(&m, 0, sizeof m);
        snprintf(m.name, sizeof m.name, "%s %s", is_idf ? "IDF" : "FMJD", o.code);
        ShError err;
        if (sh_opening_line(&o, &m.start, m.moves, &m.count, &err) != SH_OK)
            continue;
        if (!list_add(list, count, &cap, &m)) {
            snprintf(error, size, "out of memory");
            return true;
        }
    }
    return true;
}

static bool is_result(const char *t)
{
    return strcmp(t, "1-0") == 0 || strcmp(t, "0-1") == 0 || strcmp(t, "1/2-1/2") == 0 ||
           strcmp(t, "*") == 0 || strcmp(t, "2-0") == 0 || strcmp(t, "0-2") == 0 ||
           strcmp(t, "1-1") == 0;
}

typedef struct Reader {
    ShVariant variant;
    MatchOpening cur;
    bool open;     /* cur has a start */
    bool has_content;
    int line;
    MatchOpening **list;
    int *count, cap;
    char *error;
    size_t size;
} Reader;

static void reader_begin(Reader *r)
{
    memset(&r->cur, 0, sizeof r->cur);
    sh_position_start(&r->cur.start, r->variant);
    snprintf(r->cur.name, sizeof r->cur.name, "line %d", r->line);
    r->open = true;
    r->has_content = false;
}

static bool reader_flush(Reader *r)
{
    if (r->open && r->has_content && !list_add(r->list, r->count, &r->cap, &r->cur)) {
        snprintf(r->error, r->size, "out of memory");
        return false;
    }
    r->open = false;
    return true;
}

static bool reader_moves(Reader *r, char *text)
{
    if (!r->open)
        reader_begin(r);
    /* Comments in braces go. */
    for (char *p = text; (p = strchr(p, '{')) != NULL;) {
        char *e = strchr(p, '}');
        if (!e) {
            *p = '\0';
            break;
        }
        memset(p, ' ', (size_t)(e - p + 1));
    }
    char *save = NULL;
    for (char *tok = strtok_r(text, " \t\r", &save); tok; tok = strtok_r(NULL, " \t\r", &save)) {
        if (is_result(tok))
            return reader_flush(r);
        char *dot = strrchr(tok, '.');
        if (dot) {
            bool number = true;
            for (char *q = tok; q < dot; q++)
                number = number && (isdigit((unsigned char)*q) || *q == '.');
            if (number) {
                tok = dot + 1;
                if (!*tok)
                    continue;
            }
        }
        ShPosition pos = r->cur.start;
        for (int i = 0; i < r->cur.count; i++)
            sh_position_play(&pos, &r->cur.moves[i], &pos);
        ShMove m;
        ShError err;
        if (sh_move_parse(&pos, tok, &m, &err) != SH_OK) {
            snprintf(r->error, r->size, "line %d: move '%s': %s", r->line, tok, err.message);
            return false;
        }
        if (r->cur.count == MATCH_MAX_OPENING_PLIES) {
            snprintf(r->error, r->size, "line %d: an opening longer than %d plies", r->line,
                     MATCH_MAX_OPENING_PLIES);
            return false;
        }
        r->cur.moves[r->cur.count++] = m;
        r->has_content = true;
    }
    return true;
}

static bool from_file(const char *path, ShVariant variant, MatchOpening **list, int *count,
                      char *error, size_t size)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(error, size, "cannot read openings file '%s'", path);
        return false;
    }
    Reader r;
    memset(&r, 0, sizeof r);
    r.variant = variant;
    r.list = list;
    r.count = count;
    r.error = error;
    r.size = size;
    char *line = NULL;
    size_t cap = 0;
    bool ok = true;
    while (ok && getline(&line, &cap, f) >= 0) {
        r.line++;
        char *p = line;
        while (isspace((unsigned char)*p))
            p++;
        size_t n = strlen(p);
        while (n && isspace((unsigned char)p[n - 1]))
            p[--n] = '\0';
        if (*p == '#' || *p == ';')
            continue;
        if (!*p) {
            ok = reader_flush(&r);
            continue;
        }
        ShPosition pos;
        if (*p == '[') {
            if (r.open && r.has_content && r.cur.count)
                ok = reader_flush(&r);
            if (!r.open)
                reader_begin(&r);
            char value[256];
            if (sscanf(p, "[FEN \"%255[^\"]\"]", value) == 1) {
                ShError err;
                if (sh_fen_read_variant(value, variant, &r.cur.start, &err) != SH_OK) {
                    snprintf(error, size, "line %d: FEN: %s", r.line, err.message);
                    ok = false;
                }
                r.has_content = true;
            }
            continue;
        }
        if (strchr(p, ':') && (p[0] == 'W' || p[0] == 'B') && p[1] == ':' &&
            sh_fen_read_variant(p, variant, &pos, NULL) == SH_OK) {
            ok = reader_flush(&r);
            reader_begin(&r);
            r.cur.start = pos;
            r.has_content = true;
            ok = ok && reader_flush(&r);
            continue;
        }
        ok = reader_moves(&r, p);
    }
    if (ok)
        ok = reader_flush(&r);
    free(line);
    fclose(f);
    if (ok && *count == 0) {
        snprintf(error, size, "'%s' has no openings", path);
        ok = false;
    }
    return ok;
}

bool match_openings_load(const char *source, MatchOpening **list, int *count, char *error,
                         size_t size)
{
    *list = NULL;
    *count = 0;
    error[0] = '\0';
    if (builtin(source, list, count, error, size))
        return error[0] == '\0';
    return from_file(source, SH_VARIANT_RUSSIAN, list, count, error, size);
}

static uint64_t mix(uint64_t *state);

/* Openings of a few random plies (2 to 5) from the game's start, none twice, none over. */
static bool random_openings(ShVariant variant, int want, uint64_t seed, MatchOpening **list,
                            int *count, char *error, size_t size)
{
    int cap = 0;
    for (int tries = 0; *count < want && tries < want * 20; tries++) {
        MatchOpening m;
        memset(&m, 0, sizeof m);
        sh_position_start_drawn(&m.start, variant, mix(&seed));
        ShPosition pos = m.start;
        int plies = 2 + (int)(mix(&seed) % 4);
        bool ok = true;
        for (int i = 0; i < plies && ok; i++) {
            ShMoveList moves;
            sh_moves_generate(&pos, &moves);
            sh_moves_sort(&moves);
            ok = moves.count > 0;
            if (ok) {
                m.moves[m.count] = moves.moves[mix(&seed) % (uint64_t)moves.count];
                sh_position_play(&pos, &m.moves[m.count++], &pos);
            }
        }
        ok = ok && sh_moves_count(&pos) > 0;
        for (int i = 0; ok && i < *count; i++) {
            ShPosition other = (*list)[i].start;
            for (int k = 0; k < (*list)[i].count; k++)
                sh_position_play(&other, &(*list)[i].moves[k], &other);
            ok = !sh_position_equal(&other, &pos);
        }
        if (!ok)
            continue;
        snprintf(m.name, sizeof m.name, "%s random %d", sh_rules_get(variant)->name, *count + 1);
        if (!list_add(list, count, &cap, &m)) {
            snprintf(error, size, "out of memory");
            return false;
        }
    }
    if (*count == 0) {
        snprintf(error, size, "no opening could be made from the start of %s",
                 sh_rules_get(variant)->name);
        return false;
    }
    return true;
}

bool match_openings_load_variant(const char *source, ShVariant variant, int want, uint64_t seed,
                                 MatchOpening **list, int *count, char *error, size_t size)
{
    *list = NULL;
    *count = 0;
    error[0] = '\0';
    if (strcmp(source, "random") == 0)
        return random_openings(variant, want, seed, list, count, error, size);
    /* the ballots' moves are legal in the games that move as Russian checkers does */
    if (variant == SH_VARIANT_RUSSIAN || variant == SH_VARIANT_GIVEAWAY ||
        variant == SH_VARIANT_NORTHERN) {
        if (builtin(source, list, count, error, size)) {
            /* the ballots are Russian openings: the Russian games play them as their own */
            for (int i = 0; i < *count; i++) {
                (*list)[i].start.variant = (uint8_t)variant;
                (*list)[i].start.key = sh_position_hash(&(*list)[i].start);
                for (int k = 0; k < (*list)[i].count; k++)
                    (*list)[i].moves[k].board = SH_VARIANT_RUSSIAN;
            }
            return error[0] == '\0';
        }
    } else if (strcmp(source, "idf") == 0 || strcmp(source, "fmjd") == 0 ||
               strcmp(source, "fmjd-setups") == 0 || strcmp(source, "ballots") == 0 ||
               strcmp(source, "all") == 0) {
        snprintf(error, size, "the ballots are Russian openings; %s plays 'random' or a file",
                 sh_rules_get(variant)->name);
        return false;
    }
    return from_file(source, variant, list, count, error, size);
}

static uint64_t mix(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

void match_openings_shuffle(MatchOpening *list, int count, uint64_t seed)
{
    for (int i = count - 1; i > 0; i--) {
        int j = (int)(mix(&seed) % (uint64_t)(i + 1));
        MatchOpening t = list[i];
        list[i] = list[j];
        list[j] = t;
    }
}

/* ---- one game ---- */

typedef struct Game {
    int index;
    const MatchOpening *opening;
    int first_color;     /* the colour of players[0] */
    ShPosition *positions; /* the game so far, contiguous, for the players */
    ShMove *moves;
    int cap;
    int count;
    int result;          /* for White: 1 win, 0 draw, -1 loss */
    char reason[200];
} Game;

static const char *color_name(int c)
{
    return c == SH_WHITE ? "White" : "Black";
}

/* The game's positions and moves in the arrays the players read. */
static bool game_arrays(Game *g, const ShGame *game)
{
    int n = sh_game_ply_count(game);
    if (n + 1 > g->cap) {
        int cap = n + 256;
        ShPosition *p = realloc(g->positions, sizeof(ShPosition) * (size_t)cap);
        if (!p)
            return false;
        g->positions = p;
        ShMove *m = realloc(g->moves, sizeof(ShMove) * (size_t)cap);
        if (!m)
            return false;
        g->moves = m;
        g->cap = cap;
    }
    for (int i = g->count; i <= n; i++)
        g->positions[i] = *sh_game_position_at(game, i);
    for (int i = g->count; i < n; i++)
        g->moves[i] = *sh_game_move_at(game, i);
    g->count = n;
    return true;
}

/* End the game for `loser`, with a comment saying why (failures and adjudications). */
static void lose(ShGame *game, int loser, ShReason reason, const char *why)
{
    sh_game_set_comment(game, sh_game_ply_count(game) - 1, why, NULL);
    sh_game_end(game, loser == SH_WHITE ? SH_RESULT_BLACK_WINS : SH_RESULT_WHITE_WINS, reason,
                NULL);
}

static ShGame *play_game(const MatchConfig *cfg, Player *players[2], Game *g, int round,
                         const char *names[2])
{
    ShGameOptions options = {SH_REPETITION_AUTOMATIC, false};
    ShGame *game;
    ShError err;
    g->count = 0;
    if (sh_game_new(&game, &g->opening->start, &options, &err) != SH_OK)
        return NULL;
    for (int i = 0; i < g->opening->count; i++)
        sh_game_play(game, &g->opening->moves[i], NULL);
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    char date[40], number[16];
    snprintf(date, sizeof date, "%04d.%02d.%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
    snprintf(number, sizeof number, "%d", round);
    sh_game_set_tag(game, "Event", "shashki match", NULL);
    sh_game_set_tag(game, "Site", "?", NULL);
    sh_game_set_tag(game, "Date", date, NULL);
    sh_game_set_tag(game, "Round", number, NULL);
    sh_game_set_tag(game, "White", names[g->first_color == SH_WHITE ? 0 : 1], NULL);
    sh_game_set_tag(game, "Black", names[g->first_color == SH_WHITE ? 1 : 0], NULL);
    sh_game_set_tag(game, "Opening", g->opening->name, NULL);
    for (int i = 0; i < 2; i++)
        player_new_game(players[i]);
    const MatchTime *t = &cfg->time;
    if (t->clock) {
        char tc[SH_TIME_CONTROL_SIZE];
        sh_timecontrol_write(&t->control, tc);
        sh_game_set_tag(game, "TimeControl", tc, NULL);
        sh_game_set_clock(game, &t->control, sh_time_monotonic(), NULL);
        sh_game_start_clock(game);
    }
    int start = sh_game_ply_count(game);
    int lost_streak[2] = {0, 0}, won_streak[2] = {0, 0};
    char why[300];
    while (sh_game_result(game, NULL) == SH_RESULT_NONE) {
        if (cfg->max_plies && sh_game_ply_count(game) - start >= cfg->max_plies) {
            snprintf(why, sizeof why, "adjudicated a draw after %d plies", cfg->max_plies);
            sh_game_set_comment(game, sh_game_ply_count(game) - 1, why, NULL);
            sh_game_end(game, SH_RESULT_DRAW, SH_REASON_ADJUDICATION, NULL);
            break;
        }
        if (!game_arrays(g, game)) {
            sh_game_end(game, SH_RESULT_DRAW, SH_REASON_ADJUDICATION, NULL);
            break;
        }
        int side = g->positions[g->count].side;
        Player *p = players[side == g->first_color ? 0 : 1];
        EngineLimits l;
        engine_limits_default(&l);
        double deadline;
        if (t->clock) {
            const ShClock *clock = sh_game_clock_const(game);
            l.time_left = (double)sh_clock_remaining(clock, side) / 1000.0;
            /* A Bronstein delay gives back what a move uses up to the delay: for planning,
             * an increment. */
            l.increment = (double)(t->control.increment_ms + t->control.delay_ms) / 1000.0;
            l.moves_to_go = sh_clock_moves_to_go(clock, side);
            deadline = l.time_left + 1.0;
        } else if (t->move_time > 0) {
            l.move_time = t->move_time;
            deadline = t->move_time * 2 + 1.0;
        } else {
            l.depth = t->depth;
            l.nodes = t->nodes;
            deadline = 3600;
        }
        PlayerMove pm;
        player_move(p, g->positions, g->moves, g->count, &l, deadline, &pm);
        if (pm.status != PLAYER_OK) {
            snprintf(why, sizeof why, "%s (%.40s) %s%s%.150s", color_name(side), player_name(p),
                     pm.status == PLAYER_TIMEOUT   ? "lost on time"
                     : pm.status == PLAYER_NO_MOVE ? "gave no move"
                     : pm.status == PLAYER_ILLEGAL ? "played an illegal move"
                                                   : "failed",
                     pm.error[0] ? ": " : "", pm.error);
            lose(game, side, pm.status == PLAYER_TIMEOUT ? SH_REASON_TIME : SH_REASON_ADJUDICATION,
                 why);
            break;
        }
        if (sh_game_play(game, &pm.move, &err) != SH_OK) {
            /* The clock's flag fell: the arbiter has already ended the game. */
            if (sh_game_result(game, NULL) == SH_RESULT_NONE) {
                snprintf(why, sizeof why, "%.250s", err.message);
                lose(game, side, SH_REASON_ADJUDICATION, why);
            }
            break;
        }
        if (cfg->resign_score > 0 && pm.has_score) {
            lost_streak[side] = pm.score <= -cfg->resign_score ? lost_streak[side] + 1 : 0;
            won_streak[side] = pm.score >= cfg->resign_score ? won_streak[side] + 1 : 0;
            int other = side ^ 1;
            int loser = -1;
            if (lost_streak[side] >= cfg->resign_moves && won_streak[other] >= cfg->resign_moves)
                loser = side;
            else if (won_streak[side] >= cfg->resign_moves &&
                     lost_streak[other] >= cfg->resign_moves)
                loser = other;
            if (loser >= 0 && sh_game_result(game, NULL) == SH_RESULT_NONE) {
                snprintf(why, sizeof why, "adjudicated: both engines see %s lost",
                         color_name(loser));
                lose(game, loser, SH_REASON_ADJUDICATION, why);
            }
        }
    }
    ShReason reason;
    ShResult result = sh_game_result(game, &reason);
    g->result = result == SH_RESULT_WHITE_WINS ? 1 : result == SH_RESULT_BLACK_WINS ? -1 : 0;
    sh_result_describe(result, reason, g->reason, sizeof g->reason);
    const char *comment = sh_game_comment(game, sh_game_ply_count(game) - 1);
    if (comment && (reason == SH_REASON_ADJUDICATION || reason == SH_REASON_TIME)) {
        size_t n = strlen(g->reason);
        snprintf(g->reason + n, sizeof g->reason - n, " (%.120s)", comment);
    }
    return game;
}

ShGame *match_play_one(const MatchConfig *cfg, Player *players[2], const MatchOpening *opening,
                       int first_color, int round, const char *names[2], int *result,
                       char *reason, size_t size)
{
    Game g;
    memset(&g, 0, sizeof g);
    g.opening = opening;
    g.first_color = first_color;
    ShGame *game = play_game(cfg, players, &g, round, names);
    *result = g.result;
    snprintf(reason, size, "%s", g.reason);
    free(g.positions);
    free(g.moves);
    return game;
}

/* ---- the match ---- */

typedef struct Shared {
    const MatchConfig *cfg;
    pthread_mutex_t lock;
    int next;
    int finished;
    bool stop;
    MatchScore score;
    char names[2][128];
    char error[256];
} Shared;

static void *runner(void *arg)
{
    Shared *s = arg;
    const MatchConfig *cfg = s->cfg;
    Player *players[2] = {NULL, NULL};
    char error[256];
    for (int i = 0; i < 2; i++) {
        players[i] = player_open(&cfg->players[i], error, sizeof error);
        if (!players[i]) {
            pthread_mutex_lock(&s->lock);
            if (!s->error[0])
                snprintf(s->error, sizeof s->error, "player %d: %.200s", i + 1, error);
            s->stop = true;
            pthread_mutex_unlock(&s->lock);
            player_close(players[0]);
            return NULL;
        }
    }
    pthread_mutex_lock(&s->lock);
    for (int i = 0; i < 2; i++)
        if (!s->names[i][0])
            snprintf(s->names[i], sizeof s->names[i], "%s", player_name(players[i]));
    pthread_mutex_unlock(&s->lock);
    Game g;
    memset(&g, 0, sizeof g);
    for (;;) {
        pthread_mutex_lock(&s->lock);
        if (s->stop || s->next >= cfg->games) {
            pthread_mutex_unlock(&s->lock);
            break;
        }
        int index = s->next++;
        pthread_mutex_unlock(&s->lock);
        g.index = index;
        g.opening = &cfg->openings[(index / 2) % cfg->opening_count];
        g.first_color = index % 2 == 0 ? SH_WHITE : SH_BLACK;
        const char *names[2] = {s->names[0], s->names[1]};
        ShGame *game = play_game(cfg, players, &g, index + 1, names);
        int first = g.first_color == SH_WHITE ? g.result : -g.result;
        pthread_mutex_lock(&s->lock);
        if (first > 0)
            s->score.wins++;
        else if (first < 0)
            s->score.losses++;
        else
            s->score.draws++;
        s->finished++;
        const char *white = s->names[g.first_color == SH_WHITE ? 0 : 1];
        const char *black = s->names[g.first_color == SH_WHITE ? 1 : 0];
        if (cfg->log) {
            fprintf(cfg->log, "Game %d (%s, %s - %s): %s {%s} [%d plies] score %d-%d-%d\n",
                    index + 1, g.opening->name, white, black,
                    g.result > 0 ? "1-0" : g.result < 0 ? "0-1" : "1/2-1/2", g.reason,
                    game ? sh_game_ply_count(game) : 0,
                    s->score.wins, s->score.losses, s->score.draws);
            if (s->finished % 20 == 0 && s->finished < cfg->games)
                match_print_score(cfg->log, s->names[0], s->names[1], &s->score,
                                  cfg->sprt ? &cfg->sprt_params : NULL);
            fflush(cfg->log);
        }
        char *text = NULL;
        if (cfg->pdn && game && sh_pdn_write(game, SH_NOTATION_SHORT, &text, NULL, NULL) == SH_OK) {
            fputs(text, cfg->pdn);
            fflush(cfg->pdn);
        }
        free(text);
        sh_game_free(game);
        if (cfg->sprt && stats_sprt(&s->score, &cfg->sprt_params, NULL) != SPRT_CONTINUE)
            s->stop = true;
        pthread_mutex_unlock(&s->lock);
    }
    free(g.positions);
    free(g.moves);
    player_close(players[0]);
    player_close(players[1]);
    return NULL;
}

void match_print_score(FILE *out, const char *first, const char *second, const MatchScore *s,
                       const Sprt *sprt)
{
    EloEstimate e;
    stats_elo(s, &e);
    int n = s->wins + s->draws + s->losses;
    fprintf(out, "Score of %s vs %s: %d - %d - %d [%.3f] %d\n", first, second, s->wins,
            s->losses, s->draws, e.score, n);
    if (e.margin < 1e9)
        fprintf(out, "Elo difference: %.1f +/- %.1f, LOS: %.1f %%, DrawRatio: %.1f %%\n",
                fabs(e.elo) < 0.05 ? 0.0 : e.elo, /* never "-0.0" */
                e.margin, e.los * 100, n ? 100.0 * s->draws / n : 0);
    else
        fprintf(out, "Elo difference: %s, LOS: %.1f %%, DrawRatio: %.1f %%\n",
                n ? "undefined" : "0.0", e.los * 100, n ? 100.0 * s->draws / n : 0);
    if (sprt) {
        double llr, lo, hi;
        SprtState st = stats_sprt(s, sprt, &llr);
        stats_sprt_bounds(sprt, &lo, &hi);
        fprintf(out, "SPRT: llr %.2f (%.2f, %.2f) [%.1f, %.1f]%s\n", llr, lo, hi, sprt->elo0,
                sprt->elo1,
                st == SPRT_ACCEPT_H1   ? " - H1 was accepted"
                : st == SPRT_ACCEPT_H0 ? " - H0 was accepted"
                                       : "");
    }
}

bool match_run(const MatchConfig *cfg, MatchScore *score, char *error, size_t size)
{
    Shared s;
    memset(&s, 0, sizeof s);
    s.cfg = cfg;
    pthread_mutex_init(&s.lock, NULL);
    for (int i = 0; i < 2; i++)
        if (cfg->players[i].name[0])
            snprintf(s.names[i], sizeof s.names[i], "%s", cfg->players[i].name);
    int n = cfg->concurrency < 1 ? 1 : cfg->concurrency;
    pthread_t *threads = calloc((size_t)n, sizeof *threads);
    if (!threads) {
        snprintf(error, size, "out of memory");
        return false;
    }
    int started = 0;
    for (int i = 0; i < n; i++)
        if (pthread_create(&threads[i], NULL, runner, &s) == 0)
            started++;
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    free(threads);
    pthread_mutex_destroy(&s.lock);
    *score = s.score;
    if (s.error[0]) {
        snprintf(error, size, "%s", s.error);
        return false;
    }
    if (cfg->log) {
        match_print_score(cfg->log, s.names[0], s.names[1], &s.score,
                          cfg->sprt ? &cfg->sprt_params : NULL);
        fflush(cfg->log);
    }
    return true;
}
