/* match.c - engine against engine (see match.h). */
#include "match.h"

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "draw.h"

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
    sh_position_start(&r->cur.start, SH_VARIANT_RUSSIAN);
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

static bool from_file(const char *path, MatchOpening **list, int *count, char *error, size_t size)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(error, size, "cannot read openings file '%s'", path);
        return false;
    }
    Reader r;
    memset(&r, 0, sizeof r);
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
                if (sh_fen_read(value, &r.cur.start, &err) != SH_OK) {
                    snprintf(error, size, "line %d: FEN: %s", r.line, err.message);
                    ok = false;
                }
                r.has_content = true;
            }
            continue;
        }
        if (strchr(p, ':') && (p[0] == 'W' || p[0] == 'B') && p[1] == ':' &&
            sh_fen_read(p, &pos, NULL) == SH_OK) {
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
    return from_file(source, list, count, error, size);
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
    ShPosition *positions;
    ShMove *moves;
    int count, cap;
    int result;          /* for White: 1 win, 0 draw, -1 loss */
    char reason[160];
} Game;

static bool game_push(Game *g, const ShMove *m)
{
    if (g->count + 2 > g->cap) {
        int cap = g->cap ? g->cap * 2 : 256;
        ShPosition *p = realloc(g->positions, sizeof(ShPosition) * (size_t)cap);
        if (!p)
            return false;
        g->positions = p;
        ShMove *mv = realloc(g->moves, sizeof(ShMove) * (size_t)cap);
        if (!mv)
            return false;
        g->moves = mv;
        g->cap = cap;
    }
    g->moves[g->count] = *m;
    sh_position_play(&g->positions[g->count], m, &g->positions[g->count + 1]);
    g->count++;
    return true;
}

static const char *color_name(int c)
{
    return c == SH_WHITE ? "White" : "Black";
}

static void play_game(const MatchConfig *cfg, Player *players[2], Game *g)
{
    g->count = 0;
    if (!g->cap) {
        g->cap = 256;
        g->positions = malloc(sizeof(ShPosition) * (size_t)g->cap);
        g->moves = malloc(sizeof(ShMove) * (size_t)g->cap);
    }
    g->positions[0] = g->opening->start;
    for (int i = 0; i < g->opening->count; i++)
        game_push(g, &g->opening->moves[i]);
    for (int i = 0; i < 2; i++)
        player_new_game(players[i]);
    const MatchTime *t = &cfg->time;
    double clock[2] = {t->base, t->base};
    int moved[2] = {0, 0};
    int lost_streak[2] = {0, 0}, won_streak[2] = {0, 0};
    DrawCounters dc;
    draw_start(&g->positions[0], &dc);
    for (int i = 0; i < g->count; i++) {
        DrawCounters n;
        draw_step(&dc, &g->positions[i], &g->positions[i + 1], &n);
        dc = n;
    }
    int start_count = g->count;
    for (;;) {
        const ShPosition *pos = &g->positions[g->count];
        int side = pos->side;
        if (sh_moves_count(pos) == 0) {
            g->result = side == SH_WHITE ? -1 : 1;
            snprintf(g->reason, sizeof g->reason, "%s has no move", color_name(side));
            return;
        }
        int seen = 0;
        for (int i = g->count; i >= 0; i -= 2)
            seen += g->positions[i].key == pos->key && sh_position_equal(&g->positions[i], pos);
        if (seen >= 3) {
            g->result = 0;
            snprintf(g->reason, sizeof g->reason, "threefold repetition");
            return;
        }
        const char *why = draw_reason(&dc, pos);
        if (why) {
            g->result = 0;
            snprintf(g->reason, sizeof g->reason, "%s", why);
            return;
        }
        if (cfg->max_plies && g->count - start_count >= cfg->max_plies) {
            g->result = 0;
            snprintf(g->reason, sizeof g->reason, "adjudicated: %d plies", cfg->max_plies);
            return;
        }
        Player *p = players[side == g->first_color ? 0 : 1];
        EngineLimits l;
        engine_limits_default(&l);
        double deadline = -1;
        if (t->base > 0) {
            l.time_left = clock[side];
            l.increment = t->inc;
            if (t->moves)
                l.moves_to_go = t->moves - moved[side] % t->moves;
            deadline = clock[side] + 1.0;
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
            g->result = side == SH_WHITE ? -1 : 1;
            snprintf(g->reason, sizeof g->reason, "%s (%.40s) %s%s%.60s", color_name(side),
                     player_name(p),
                     pm.status == PLAYER_TIMEOUT   ? "lost on time"
                     : pm.status == PLAYER_NO_MOVE ? "gave no move"
                     : pm.status == PLAYER_ILLEGAL ? "played an illegal move"
                                                   : "failed",
                     pm.error[0] ? ": " : "", pm.error);
            return;
        }
        if (t->base > 0) {
            clock[side] -= pm.seconds;
            if (clock[side] < 0) {
                g->result = side == SH_WHITE ? -1 : 1;
                snprintf(g->reason, sizeof g->reason, "%s (%s) lost on time", color_name(side),
                         player_name(p));
                return;
            }
            clock[side] += t->inc;
            moved[side]++;
            if (t->moves && moved[side] % t->moves == 0)
                clock[side] += t->base;
        }
        if (!game_push(g, &pm.move)) {
            g->result = 0;
            snprintf(g->reason, sizeof g->reason, "out of memory");
            return;
        }
        DrawCounters n;
        draw_step(&dc, pos, &g->positions[g->count], &n);
        dc = n;
        if (cfg->resign_score > 0 && pm.has_score) {
            lost_streak[side] = pm.score <= -cfg->resign_score ? lost_streak[side] + 1 : 0;
            won_streak[side] = pm.score >= cfg->resign_score ? won_streak[side] + 1 : 0;
            int other = side ^ 1;
            if (lost_streak[side] >= cfg->resign_moves && won_streak[other] >= cfg->resign_moves) {
                g->result = side == SH_WHITE ? -1 : 1;
                snprintf(g->reason, sizeof g->reason, "adjudicated: both engines see %s lost",
                         color_name(side));
                return;
            }
            if (won_streak[side] >= cfg->resign_moves && lost_streak[other] >= cfg->resign_moves) {
                g->result = side == SH_WHITE ? 1 : -1;
                snprintf(g->reason, sizeof g->reason, "adjudicated: both engines see %s lost",
                         color_name(other));
                return;
            }
        }
    }
}

/* A PDN record of the game. (Temporary: the game library's PDN writer replaces it.) */
static void write_pdn(FILE *f, const Game *g, const char *white, const char *black, int round)
{
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    const char *result = g->result > 0 ? "1-0" : g->result < 0 ? "0-1" : "1/2-1/2";
    fprintf(f, "[Event \"shashki match\"]\n[Site \"?\"]\n[Date \"%04d.%02d.%02d\"]\n",
            tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
    fprintf(f, "[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n", round, white,
            black, result);
    fprintf(f, "[GameType \"25\"]\n");
    ShPosition start;
    sh_position_start(&start, SH_VARIANT_RUSSIAN);
    if (!sh_position_equal(&start, &g->positions[0])) {
        char fen[SH_FEN_SIZE];
        sh_fen_write(&g->positions[0], false, fen);
        fprintf(f, "[FEN \"%s\"]\n", fen);
    }
    fprintf(f, "[Opening \"%s\"]\n[Termination \"%s\"]\n", g->opening->name, g->reason);
    int col = 0;
    for (int i = 0; i < g->count; i++) {
        char text[SH_MOVE_TEXT_SIZE + 16], m[SH_MOVE_TEXT_SIZE];
        const ShPosition *p = &g->positions[i];
        sh_move_write(p, &g->moves[i], SH_NOTATION_SHORT, m, NULL);
        if (sh_position_side(p) == SH_WHITE)
            snprintf(text, sizeof text, "%d. %s", i / 2 + 1, m);
        else if (i == 0)
            snprintf(text, sizeof text, "1... %s", m);
        else
            snprintf(text, sizeof text, "%s", m);
        int len = (int)strlen(text);
        if (col + len + 1 > 79) {
            fputc('\n', f);
            col = 0;
        } else if (col) {
            fputc(' ', f);
            col++;
        }
        fputs(text, f);
        col += len;
    }
    fprintf(f, "%s%s\n\n", col ? " " : "", result);
    fflush(f);
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
        play_game(cfg, players, &g);
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
                    g.result > 0 ? "1-0" : g.result < 0 ? "0-1" : "1/2-1/2", g.reason, g.count,
                    s->score.wins, s->score.losses, s->score.draws);
            if (s->finished % 20 == 0 && s->finished < cfg->games)
                match_print_score(cfg->log, s->names[0], s->names[1], &s->score,
                                  cfg->sprt ? &cfg->sprt_params : NULL);
            fflush(cfg->log);
        }
        if (cfg->pdn)
            write_pdn(cfg->pdn, &g, white, black, index + 1);
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
        fprintf(out, "Elo difference: %.1f +/- %.1f, LOS: %.1f %%, DrawRatio: %.1f %%\n", e.elo,
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
