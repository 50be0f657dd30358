/* hub.c - the Hub protocol, engine side (see hub.h for the conversation). */
#include "hub.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"

#define HUB_MAX_PAIRS 32
#define HUB_DEFAULT_MOVE_TIME 1.0

typedef struct Pair {
    char *name;  /* a bare word has value NULL */
    char *value;
} Pair;

typedef struct Line {
    char *command;
    int count;
    Pair pairs[HUB_MAX_PAIRS];
} Line;

typedef struct Setting {
    char name[64];
    char value[256];
} Setting;

typedef struct Hub {
    FILE *in, *out;
    pthread_mutex_t out_lock;
    Engine *engine;
    EngineOptions options;
    Setting pending[32]; /* developer settings given before init */
    int pending_count;
    bool a1;             /* moves in the 1 = a1 numbering (32-square boards) */
    ShVariant variant;   /* the game (set-param name=variant) */

    ShPosition pos;      /* the position to search */
    ShPosition *history; /* the positions before it, oldest first */
    int history_count, history_cap;
    EngineLimits limits;

    bool searching;      /* a search was started (not yet waited for) */
    ShPosition search_pos;
    EngineLimits search_limits;

    char egdb[4096];     /* the endgame databases' folder the engine is given at init ("": none) */
    bool egdb_named;     /* named by the user (an error if it cannot be opened), not the default */
    bool book;           /* play from the built-in opening book at level 10 (set-param book) */
    bool pos_refused;    /* the last pos was refused: nothing to search until a valid one */
    EngineEgdbValue egdb_root; /* the databases' verdict on the searched position */
    bool egdb_known;
    FILE *time_log;      /* a line a timed search: the clock read, the plan and the time taken */
    double go_at;        /* when the last go was read (CLOCK_MONOTONIC seconds) */
} Hub;

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The log's line of a search that has ended (--time-log): what the clock said, what the plan
 * allowed, what the search took and the time from go to done; over = that time past the hard
 * limit. */
static void log_time(Hub *h, const EngineResult *r, double wall)
{
    const EngineLimits *l = &h->search_limits;
    if (!h->time_log || l->time_left < 0 || l->ponder || l->infinite)
        return;
    EngineTimeState t;
    engine_time_state(h->engine, &t);
    fprintf(h->time_log,
            "pid=%ld ply=%d left=%.4f inc=%.4f lag=%.4f stall=%.4f soft=%.4f hard=%.4f search=%.4f "
            "wall=%.4f over=%.4f depth=%d nodes=%llu\n",
            (long)getpid(), h->history_count, l->time_left, l->increment, t.lag, t.stall, t.soft, t.hard,
            r->time, wall, wall - t.hard, r->depth, (unsigned long long)r->nodes);
    fflush(h->time_log);
}

/* ---- output ---- */

static void say(Hub *h, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void say(Hub *h, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    pthread_mutex_lock(&h->out_lock);
    vfprintf(h->out, format, args);
    fputc('\n', h->out);
    fflush(h->out);
    pthread_mutex_unlock(&h->out_lock);
    va_end(args);
}

static void say_error(Hub *h, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void say_error(Hub *h, const char *format, ...)
{
    char msg[512];
    va_list args;
    va_start(args, format);
    vsnprintf(msg, sizeof msg, format, args);
    va_end(args);
    for (char *p = msg; *p; p++)
        if (*p == '"' || *p == '\n' || *p == '\r')
            *p = '\'';
    say(h, "error message=\"%s\"", msg);
}

/* ---- squares in the two numberings ---- */

/* 1 = b8 ... 32 = g1  <->  1 = a1 ... 32 = h8: rows turned over, the same each way. */
static int renumber(int n)
{
    int s = n - 1;
    return (7 - s / 4) * 4 + s % 4 + 1;
}

/* Rewrite every number of a move text into the other numbering. */
static void renumber_text(const char *in, char *out, size_t size)
{
    size_t n = 0;
    for (const char *p = in; *p && n + 4 < size;) {
        /* A digit after a file letter is part of an algebraic square (c3), not a number. */
        bool file = p != in && tolower((unsigned char)p[-1]) >= 'a' && tolower((unsigned char)p[-1]) <= 'h';
        if (isdigit((unsigned char)*p) && !file) {
            int v = 0;
            while (isdigit((unsigned char)*p) && v < 1000)
                v = v * 10 + (*p++ - '0');
            n += (size_t)snprintf(out + n, size - n, "%d", v >= 1 && v <= 32 ? renumber(v) : v);
        } else {
            out[n++] = *p++;
        }
    }
    out[n] = '\0';
}

static void move_text(const Hub *h, const ShPosition *pos, const ShMove *m, char *out, size_t size)
{
    char text[SH_MOVE_TEXT_SIZE];
    if (sh_move_write(pos, m, SH_NOTATION_HUB, text, NULL) != SH_OK)
        snprintf(text, sizeof text, "?");
    if (h->a1 && sh_board_squares(h->variant) == 32)
        renumber_text(text, out, size);
    else
        snprintf(out, size, "%s", text);
}

/* Two moves' Hub texts in the order a person reads a list: by their numbers, square by square. */
static int compare_hub_texts(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    while (*x && *y) {
        if (isdigit((unsigned char)*x) && isdigit((unsigned char)*y)) {
            long u = strtol(x, (char **)&x, 10), v = strtol(y, (char **)&y, 10);
            if (u != v)
                return u < v ? -1 : 1;
        } else if (*x != *y) {
            return (unsigned char)*x < (unsigned char)*y ? -1 : 1;
        } else {
            x++, y++;
        }
    }
    return (*x != 0) - (*y != 0);
}

/* The moves of `list` in the client's form (the Hub's, in its numbering), appended to the
 * error's message, separated by commas. */
static void append_hub_moves(const Hub *h, const ShPosition *pos, const ShMoveList *list,
                             ShError *err)
{
    char texts[SH_MAX_MOVES][SH_MOVE_TEXT_SIZE];
    const char *order[SH_MAX_MOVES];
    int n = list->count < SH_MAX_MOVES ? list->count : SH_MAX_MOVES;
    for (int i = 0; i < n; i++) {
        move_text(h, pos, &list->moves[i], texts[i], sizeof texts[i]);
        order[i] = texts[i];
    }
    qsort(order, (size_t)n, sizeof order[0], compare_hub_texts);
    for (int i = 0; i < n; i++) {
        size_t used = strlen(err->message);
        snprintf(err->message + used, sizeof err->message - used, "%s%s", i ? ", " : "",
                 order[i]);
    }
}

/* A move of moves= in the client's numbering. A move refused is told in the client's terms:
 * the move as it was sent and the candidates in its numbering and the Hub's form. */
static ShStatus move_read(const Hub *h, const ShPosition *pos, const char *text, ShMove *m,
                          ShError *err)
{
    bool a1 = h->a1 && sh_board_squares(h->variant) == 32;
    char buf[256];
    if (a1)
        renumber_text(text, buf, sizeof buf);
    ShMoveList matches;
    ShError own;
    ShStatus st = sh_move_parse_candidates(pos, a1 ? buf : text, &matches, &own);
    if (st == SH_OK) {
        *m = matches.moves[0];
        return SH_OK;
    }
    ShError said;
    if (st == SH_ERR_SYNTAX && a1 &&
        sh_move_parse_candidates(pos, text, &matches, &said) == SH_ERR_SYNTAX)
        own = said; /* a syntax error is the same in either numbering: said of the text sent */
    if (st == SH_ERR_ILLEGAL_MOVE || st == SH_ERR_AMBIGUOUS_MOVE) {
        ShMoveList legal;
        sh_moves_generate(pos, &legal);
        if (st == SH_ERR_AMBIGUOUS_MOVE)
            snprintf(own.message, sizeof own.message, "ambiguous move '%.100s': it could be ",
                     text);
        else if (legal.count == 0)
            snprintf(own.message, sizeof own.message,
                     "illegal move '%.100s': the side to move has no legal move", text);
        else
            snprintf(own.message, sizeof own.message, "illegal move '%.100s'; legal: ", text);
        if (st == SH_ERR_AMBIGUOUS_MOVE || legal.count > 0)
            append_hub_moves(h, pos, st == SH_ERR_AMBIGUOUS_MOVE ? &matches : &legal, &own);
    }
    if (err)
        *err = own;
    return st;
}

/* ---- parsing a line ---- */

static bool tokenize(char *s, Line *line, const char **error)
{
    line->command = NULL;
    line->count = 0;
    *error = NULL;
    char *p = s;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        char *name = p, *value = NULL;
        while (*p && *p != ' ' && *p != '\t' && *p != '=')
            p++;
        if (*p == '=') {
            *p++ = '\0';
            if (*p == '"') {
                value = ++p;
                while (*p && *p != '"')
                    p++;
                if (*p != '"') {
                    *error = "a quoted value has no closing quote";
                    return false;
                }
                *p++ = '\0';
            } else {
                value = p;
                while (*p && *p != ' ' && *p != '\t')
                    p++;
                if (*p)
                    *p++ = '\0';
            }
        } else if (*p) {
            *p++ = '\0';
        }
        if (!line->command) {
            if (value) {
                *error = "a line must start with a command";
                return false;
            }
            line->command = name;
        } else if (line->count < HUB_MAX_PAIRS) {
            line->pairs[line->count].name = name;
            line->pairs[line->count].value = value;
            line->count++;
        }
    }
    return true;
}

static const char *pair_value(const Line *line, const char *name)
{
    for (int i = 0; i < line->count; i++)
        if (strcmp(line->pairs[i].name, name) == 0)
            return line->pairs[i].value ? line->pairs[i].value : "";
    return NULL;
}

static bool has_word(const Line *line, const char *word)
{
    for (int i = 0; i < line->count; i++)
        if (!line->pairs[i].value && strcmp(line->pairs[i].name, word) == 0)
            return true;
    return false;
}

static bool parse_number(const char *text, double min, double max, double *out)
{
    if (!text || !*text)
        return false;
    char *end;
    double v = strtod(text, &end);
    if (*end || v != v || v < min || v > max)
        return false;
    *out = v;
    return true;
}

/* ---- the search thread ---- */

static void on_info(const EngineInfo *info, void *user)
{
    Hub *h = user;
    if (info->multipv != 1)
        return;
    char pv[4096];
    size_t n = 0;
    pv[0] = '\0';
    ShPosition p = h->search_pos;
    for (int i = 0; i < info->pv_length && n + SH_MOVE_TEXT_SIZE + 2 < sizeof pv; i++) {
        char m[SH_MOVE_TEXT_SIZE];
        move_text(h, &p, &info->pv[i], m, sizeof m);
        n += (size_t)snprintf(pv + n, sizeof pv - n, "%s%s", i ? " " : "", m);
        sh_position_play(&p, &info->pv[i], &p);
    }
    char egdb[96] = "";
    if (h->egdb_known) {
        static const char *VERDICT[3] = {"loss", "draw", "win"};
        int used = snprintf(egdb, sizeof egdb, " egdb=%s", VERDICT[h->egdb_root.result + 1]);
        if (h->egdb_root.dtc >= 0)
            snprintf(egdb + used, sizeof egdb - (size_t)used, " egdb-dtc=%d", h->egdb_root.dtc);
    }
    if (h->egdb[0]) {
        size_t used = strlen(egdb);
        snprintf(egdb + used, sizeof egdb - used, " egdb-hits=%llu",
                 (unsigned long long)info->egdb_hits);
    }
    say(h, "info depth=%d score=%.2f nodes=%llu time=%.3f nps=%.1f pv=\"%s\"%s", info->depth,
        info->score / 100.0, (unsigned long long)info->nodes, info->time, (double)info->nps / 1e6,
        pv, egdb);
}

/* The search begun by cmd_go has its result: answer `done` from the search's own thread. */
static void search_done(const EngineResult *r, void *user)
{
    Hub *h = user;
    double wall = now_seconds() - h->go_at;
    if (!r->has_move) {
        say(h, "done");
        return;
    }
    char move[SH_MOVE_TEXT_SIZE], ponder[SH_MOVE_TEXT_SIZE];
    move_text(h, &h->search_pos, &r->move, move, sizeof move);
    if (r->has_ponder) {
        ShPosition next;
        sh_position_play(&h->search_pos, &r->move, &next);
        move_text(h, &next, &r->ponder, ponder, sizeof ponder);
        say(h, "done move=%s ponder=%s", move, ponder);
    } else {
        say(h, "done move=%s", move);
    }
    log_time(h, r, wall);
}

/* Wait for the running search, if any, to end (stopping it first if asked). */
static void search_join(Hub *h, bool stop)
{
    if (!h->searching)
        return;
    if (stop)
        engine_stop(h->engine);
    engine_wait(h->engine, NULL);
    h->searching = false;
}

/* ---- commands ---- */

static bool engine_ready(Hub *h)
{
    if (h->engine)
        return true;
    ShError err;
    h->engine = engine_create(&h->options, &err);
    if (!h->engine) {
        say_error(h, "%s", err.message);
        return false;
    }
    engine_set_on_done(h->engine, search_done, h);
    if (h->egdb[0] && engine_set_param(h->engine, "egdb-path", h->egdb, &err) != SH_OK) {
        if (h->egdb_named)
            say_error(h, "egdb-path: %s (playing without the endgame databases)", err.message);
        h->egdb[0] = '\0';
    }
    if (h->book && engine_set_param(h->engine, "book", "on", &err) != SH_OK) {
        say_error(h, "book: %s (playing without the book)", err.message);
        h->book = false;
    }
    for (int i = 0; i < h->pending_count; i++)
        if (engine_set_param(h->engine, h->pending[i].name, h->pending[i].value, &err) != SH_OK &&
            strncmp(err.message, "unknown setting", 15) != 0)
            say_error(h, "%s", err.message);
    h->pending_count = 0;
    return true;
}

static void cmd_hub(Hub *h)
{
    say(h, "id name=Shashki version=%s author=\"the Shashki team\"", SH_VERSION);
    char names[512] = "";
    for (int i = 0; i < SH_VARIANT_COUNT; i++) {
        size_t n = strlen(names);
        snprintf(names + n, sizeof names - n, "%s%s", i ? " " : "", sh_rules_get((ShVariant)i)->name);
    }
    say(h, "param name=variant value=%s type=enum values=\"%s\"", sh_rules_get(h->variant)->name,
        names);
    say(h, "param name=move-numbering value=%s type=enum values=\"b8 a1\"", h->a1 ? "a1" : "b8");
    say(h, "param name=threads value=%d type=int min=1 max=%d", h->options.threads,
        ENGINE_MAX_THREADS);
    say(h, "param name=hash value=%d type=int min=1 max=%d", h->options.hash_mb,
        ENGINE_MAX_HASH_MB);
    say(h, "param name=level value=%d type=int min=1 max=%d", h->options.level, ENGINE_LEVEL_MAX);
    say(h, "param name=ponder value=false type=bool");
    say(h, "param name=egdb-path value=\"%s\" type=string", h->egdb);
    say(h, "param name=book value=%s type=bool", h->book ? "true" : "false");
    say(h, "wait");
}

static void cmd_set_param(Hub *h, const Line *line)
{
    const char *name = pair_value(line, "name"), *value = pair_value(line, "value");
    if (!name || !value) {
        say_error(h, "set-param needs name=... and value=...");
        return;
    }
    double v;
    if (strcmp(name, "variant") == 0) {
        ShVariant game;
        if (!sh_rules_find(value, &game)) {
            say_error(h, "unknown variant '%s' (the hub command lists the games played)", value);
        } else {
            h->variant = game;
            sh_position_start(&h->pos, game);
            h->history_count = 0;
        }
    } else if (strcmp(name, "move-numbering") == 0) {
        if (strcmp(value, "b8") == 0)
            h->a1 = false;
        else if (strcmp(value, "a1") == 0)
            h->a1 = true;
        else
            say_error(h, "move-numbering is b8 or a1, not '%s'", value);
    } else if (strcmp(name, "threads") == 0 || strcmp(name, "hash") == 0 ||
               strcmp(name, "level") == 0) {
        double max = strcmp(name, "threads") == 0 ? ENGINE_MAX_THREADS
                     : strcmp(name, "hash") == 0  ? ENGINE_MAX_HASH_MB
                                                  : ENGINE_LEVEL_MAX;
        if (!parse_number(value, 1, max, &v) || v != (int)v) {
            say_error(h, "%s must be a whole number from 1 to %.0f, not '%s'", name, max, value);
            return;
        }
        EngineOptions o = h->options;
        if (name[0] == 't')
            o.threads = (int)v;
        else if (name[0] == 'h')
            o.hash_mb = (int)v;
        else
            o.level = (int)v;
        ShError err;
        if (h->engine && engine_configure(h->engine, &o, &err) != SH_OK) {
            say_error(h, "%s", err.message);
            return;
        }
        h->options = o;
    } else if (strcmp(name, "ponder") == 0) {
        /* Pondering is the client's choice (go ponder); nothing to keep. */
    } else if (strcmp(name, "egdb-path") == 0) {
        ShError err;
        if (h->engine && engine_set_param(h->engine, name, value, &err) != SH_OK) {
            say_error(h, "egdb-path: %s", err.message);
            return;
        }
        snprintf(h->egdb, sizeof h->egdb, "%s", strcmp(value, "none") == 0 ? "" : value);
        h->egdb_named = true;
    } else if (strcmp(name, "book") == 0) {
        bool on = strcmp(value, "true") == 0 || strcmp(value, "on") == 0;
        if (!on && strcmp(value, "false") != 0 && strcmp(value, "off") != 0) {
            say_error(h, "book is true or false, not '%s'", value);
            return;
        }
        ShError err;
        if (h->engine && engine_set_param(h->engine, "book", on ? "on" : "off", &err) != SH_OK) {
            say_error(h, "book: %s", err.message);
            return;
        }
        h->book = on;
    } else if (!engine_param_known(name)) {
        say_error(h, "unknown parameter '%s' (the hub command lists the parameters; "
                     "docs/engine.md the engine's settings)",
                  name);
    } else if (h->engine) {
        ShError err;
        if (engine_set_param(h->engine, name, value, &err) != SH_OK)
            say_error(h, "%s", err.message);
    } else if (h->pending_count < (int)(sizeof h->pending / sizeof h->pending[0])) {
        snprintf(h->pending[h->pending_count].name, sizeof h->pending[0].name, "%s", name);
        snprintf(h->pending[h->pending_count].value, sizeof h->pending[0].value, "%s", value);
        h->pending_count++;
    }
}

/* (Frisian) The run fields after pos='s squares, ":RW46=3" as our FEN writes them (a king's
 * run of non-capturing moves: colour, square, count), read by the FEN reader on the position of
 * the squares. */
static bool read_hub_runs(ShVariant variant, const char *runs, ShPosition *pos, const char **error,
                          char *message, size_t size)
{
    if (!sh_rules_get(variant)->king_moves_limit) {
        *error = "pos= has no fields after its squares in this game (runs, :RW46=3, are Frisian's)";
        return false;
    }
    char fen[SH_FEN_SIZE + 64];
    sh_fen_write(pos, true, fen);
    if (strlen(fen) + strlen(runs) >= sizeof fen) {
        *error = "pos= run fields too long";
        return false;
    }
    strcat(fen, runs);
    ShError err;
    ShPosition with;
    if (sh_fen_read_variant(fen, variant, &with, &err) != SH_OK) {
        /* the FEN reader's message, without its column (which counts in the FEN, not in pos=) */
        const char *m = err.message, *colon = strstr(m, ": ");
        snprintf(message, size, "pos= run fields '%s': %s", runs,
                 strncmp(m, "FEN column", 10) == 0 && colon ? colon + 2 : m);
        *error = message;
        return false;
    }
    *pos = with;
    return true;
}

static bool read_hub_position(ShVariant variant, const char *text, ShPosition *pos,
                              const char **error, char *message, size_t size)
{
    const char *runs = strchr(text, ':');
    size_t n = runs ? (size_t)(runs - text) : strlen(text);
    int squares = sh_board_squares(variant);
    if (n != (size_t)squares + 1 || (text[0] != 'W' && text[0] != 'B')) {
        *error = squares == 32   ? "pos= must be W or B and then 32 squares (w b W B e)"
                 : squares == 50 ? "pos= must be W or B and then 50 squares (w b W B e)"
                 : squares == 72 ? "pos= must be W or B and then 72 squares (w b W B e)"
                 : squares == 25 ? "pos= must be W or B and then 25 squares (w b W B e)"
                 : squares == 40 ? "pos= must be W or B and then 40 squares (w b W B e)"
                                 : "pos= must be W or B and then 64 squares (w b W B e)";
        return false;
    }
    sh_position_clear(pos, variant, text[0] == 'W' ? SH_WHITE : SH_BLACK);
    for (int sq = 0; sq < squares; sq++) {
        ShPiece piece;
        switch (text[sq + 1]) {
        case 'w': piece = SH_WHITE_MAN; break;
        case 'W': piece = SH_WHITE_KING; break;
        case 'b': piece = SH_BLACK_MAN; break;
        case 'B': piece = SH_BLACK_KING; break;
        case 'e': piece = SH_EMPTY; break;
        default:
            *error = "pos= squares must be w, b, W, B or e";
            return false;
        }
        sh_position_set_piece(pos, sq, piece);
    }
    if (sh_position_validate(pos, NULL) != SH_OK) {
        *error = "pos= is not a legal position (a man on its crowning row, or too many pieces)";
        return false;
    }
    return !runs || read_hub_runs(variant, runs, pos, error, message, size);
}

static void cmd_pos(Hub *h, const Line *line)
{
    /* refused until it is read in full: a search needs a position the client gave */
    h->pos_refused = true;
    ShPosition pos;
    const char *text = pair_value(line, "pos"), *error = NULL;
    char message[SH_ERROR_MESSAGE_SIZE + 64];
    size_t squares_length = text ? strcspn(text, ":") : 0; /* the squares, without Frisian's runs */
    if (text && squares_length == 51 && sh_board_squares(h->variant) != 50) {
        /* Scan's clients speak 10x10 and need not say so: 50 squares are international's */
        h->variant = SH_VARIANT_INTERNATIONAL;
        h->history_count = 0;
    }
    if (text) {
        if (!read_hub_position(h->variant, text, &pos, &error, message, sizeof message)) {
            say_error(h, "%s", error);
            return;
        }
    } else {
        sh_position_start(&pos, h->variant);
    }
    int count = 0;
    const char *moves = pair_value(line, "moves");
    char *copy = strdup(moves ? moves : "");
    if (!copy)
        return;
    int words = 0;
    for (char *p = copy; *p; p++)
        words += *p == ' ';
    if (words + 2 > h->history_cap) {
        int cap = words + 64;
        ShPosition *hist = realloc(h->history, sizeof(ShPosition) * (size_t)cap);
        if (!hist) {
            free(copy);
            say_error(h, "out of memory");
            return;
        }
        h->history = hist;
        h->history_cap = cap;
    }
    char *save = NULL;
    for (char *tok = strtok_r(copy, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        ShMove m;
        ShError err;
        if (move_read(h, &pos, tok, &m, &err) != SH_OK) {
            say_error(h, "move %d '%s': %s", count + 1, tok, err.message);
            free(copy);
            return;
        }
        h->history[count++] = pos;
        sh_position_play(&pos, &m, &pos);
    }
    free(copy);
    h->pos = pos;
    h->history_count = count;
    h->pos_refused = false;
    engine_limits_default(&h->limits); /* a new position: the level is given afresh */
}

/* Each level line adds to the limits set since the last pos or search (Scan's rule: clients
 * such as draughtsnet send a node, a depth and a time limit on lines of their own). */
static void cmd_level(Hub *h, const Line *line)
{
    EngineLimits l = h->limits;
    double v, inc = l.increment, time = -1;
    for (int i = 0; i < line->count; i++) {
        const char *name = line->pairs[i].name, *value = line->pairs[i].value;
        if (strcmp(name, "infinite") == 0 && !value) {
            l.infinite = true;
        } else if (!value) {
            say_error(h, "level: '%s' needs a value", name);
            return;
        } else if (strcmp(name, "move-time") == 0) {
            if (!parse_number(value, 0.001, 1e7, &v)) {
                say_error(h, "level: move-time must be seconds above 0, not '%s'", value);
                return;
            }
            l.move_time = v;
        } else if (strcmp(name, "time") == 0) {
            if (!parse_number(value, 0, 1e7, &time)) {
                say_error(h, "level: time must be seconds, not '%s'", value);
                return;
            }
        } else if (strcmp(name, "inc") == 0) {
            if (!parse_number(value, 0, 1e5, &inc)) {
                say_error(h, "level: inc must be seconds, not '%s'", value);
                return;
            }
        } else if (strcmp(name, "moves") == 0) {
            if (!parse_number(value, 0, 10000, &v) || v != (int)v) {
                say_error(h, "level: moves must be a whole number, not '%s'", value);
                return;
            }
            l.moves_to_go = (int)v;
        } else if (strcmp(name, "depth") == 0) {
            if (!parse_number(value, 1, ENGINE_MAX_PLY - 1, &v) || v != (int)v) {
                say_error(h, "level: depth must be 1 to %d, not '%s'", ENGINE_MAX_PLY - 1, value);
                return;
            }
            l.depth = (int)v;
        } else if (strcmp(name, "nodes") == 0) {
            if (!parse_number(value, 1, 1e15, &v) || v != (double)(uint64_t)v) {
                say_error(h, "level: nodes must be a whole number above 0, not '%s'", value);
                return;
            }
            l.nodes = (uint64_t)v;
        }
    }
    if (time >= 0) {
        /* The client sends the clock without the increment the engine gets for this move. */
        l.time_left = time + inc;
        l.increment = inc;
    }
    h->limits = l;
}

static void cmd_go(Hub *h, const Line *line)
{
    h->go_at = now_seconds();
    bool ponder = has_word(line, "ponder"), analyze = has_word(line, "analyze") ||
                                                      has_word(line, "analyse");
    if (!ponder && !analyze && !has_word(line, "think") && line->count > 0) {
        say_error(h, "go: expected think, ponder or analyze");
        return;
    }
    if (h->pos_refused) {
        say_error(h, "go: no position to search: the last pos was refused (send a pos that "
                     "reads)");
        return;
    }
    if (!engine_ready(h))
        return;
    EngineLimits l = h->limits;
    if (!l.depth && !l.nodes && l.move_time <= 0 && l.time_left < 0 && !l.infinite)
        l.move_time = HUB_DEFAULT_MOVE_TIME;
    if (analyze)
        l.infinite = true;
    l.ponder = ponder;
    h->search_limits = l;
    engine_limits_default(&h->limits); /* each search is given its own level */
    h->search_pos = h->pos;
    h->egdb_known = engine_egdb_probe(h->engine, &h->search_pos, &h->egdb_root);
    /* Started here, so that a stop on the next line always finds it running. */
    ShError err;
    if (engine_start(h->engine, &h->search_pos, h->history, h->history_count, &h->search_limits,
                     on_info, h, &err) != SH_OK) {
        say_error(h, "%s", err.message);
        say(h, "done");
        return;
    }
    h->searching = true;
}

/* Handle one line; returns false on quit. */
static bool handle(Hub *h, char *text)
{
    size_t n = strlen(text);
    while (n && (text[n - 1] == '\n' || text[n - 1] == '\r'))
        text[--n] = '\0';
    Line line;
    const char *error;
    if (!tokenize(text, &line, &error)) {
        say_error(h, "%s", error);
        return true;
    }
    if (!line.command)
        return true;
    const char *c = line.command;
    /* These act at once, even during a search. */
    if (strcmp(c, "ping") == 0) {
        say(h, "pong");
        return true;
    }
    if (strcmp(c, "stop") == 0) {
        if (h->searching)
            engine_stop(h->engine);
        return true;
    }
    if (strcmp(c, "ponder-hit") == 0) {
        if (h->searching)
            engine_ponderhit(h->engine);
        return true;
    }
    if (strcmp(c, "quit") == 0) {
        search_join(h, true);
        return false;
    }
    /* Every other command waits for the search. */
    search_join(h, false);
    if (strcmp(c, "hub") == 0)
        cmd_hub(h);
    else if (strcmp(c, "init") == 0) {
        if (engine_ready(h))
            say(h, "ready");
    } else if (strcmp(c, "set-param") == 0)
        cmd_set_param(h, &line);
    else if (strcmp(c, "new-game") == 0) {
        if (h->engine)
            engine_clear(h->engine);
    } else if (strcmp(c, "pos") == 0)
        cmd_pos(h, &line);
    else if (strcmp(c, "level") == 0)
        cmd_level(h, &line);
    else if (strcmp(c, "go") == 0)
        cmd_go(h, &line);
    else /* as Scan answers a command it does not know */
        say_error(h, "unknown command '%s'", c);
    return true;
}

int hub_run(FILE *in, FILE *out)
{
    return hub_run_egdb(in, out, NULL, false, NULL);
}

int hub_run_egdb(FILE *in, FILE *out, const char *egdb, bool named, FILE *time_log)
{
    Hub *h = calloc(1, sizeof *h);
    if (!h)
        return 1;
    snprintf(h->egdb, sizeof h->egdb, "%s", egdb ? egdb : "");
    h->egdb_named = named;
    h->time_log = time_log;
    h->in = in;
    h->out = out;
    pthread_mutex_init(&h->out_lock, NULL);
    engine_options_default(&h->options);
    sh_position_start(&h->pos, SH_VARIANT_RUSSIAN);
    engine_limits_default(&h->limits);
    char *buf = NULL;
    size_t cap = 0;
    bool running = true;
    while (running && getline(&buf, &cap, in) >= 0)
        running = handle(h, buf);
    if (running && h->searching) {
        /* The input has ended: finish the search, unless it would never end by itself. */
        bool open = h->search_limits.infinite || h->search_limits.ponder;
        search_join(h, open);
    }
    search_join(h, true);
    free(buf);
    engine_free(h->engine);
    free(h->history);
    pthread_mutex_destroy(&h->out_lock);
    free(h);
    return 0;
}
