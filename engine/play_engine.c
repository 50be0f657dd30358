/* play_engine.c - the engine of every game (play_engine.h): the draughts engine for the
 * draughts and column games, the generic search for the other games. */
#include "play_engine.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "egdb/dbprobe.h"
#include "engine.h"
#include "error.h"
#include "other_search.h"
#include "shashki_other.h"
#include "thread.h"

/* A move's time when nothing else limits the other games' search. */
#define OTHER_DEFAULT_SECONDS 1.0

struct PlayEngine {
    PlayEngineOptions options;
    char egdb[4096];
    bool egdb_open;         /* the draughts engine was given the folder */
    unsigned egdb_tried;    /* dbprobe_generation when it was last tried */
    Engine *draughts;       /* made on the first draughts search */
    atomic_bool stop;       /* play_engine_stop's word to the running search */
    atomic_bool searching;
    pthread_mutex_t lock;   /* guards `draughts` against a stop from another thread */
};

PlayEngine *play_engine_create(const PlayEngineOptions *options, ShError *err)
{
    PlayEngine *e = calloc(1, sizeof *e);
    if (!e) {
        error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        return NULL;
    }
    if (options)
        e->options = *options;
    if (e->options.egdb)
        snprintf(e->egdb, sizeof e->egdb, "%s", e->options.egdb);
    e->options.egdb = e->egdb;
    if (e->options.hash_mb <= 0)
        e->options.hash_mb = 32;
    pthread_mutex_init(&e->lock, NULL);
    return e;
}

void play_engine_free(PlayEngine *e)
{
    if (!e)
        return;
    engine_free(e->draughts);
    pthread_mutex_destroy(&e->lock);
    free(e);
}

void play_engine_clear(PlayEngine *e)
{
    if (e->draughts)
        engine_clear(e->draughts);
}

void play_engine_stop(PlayEngine *e)
{
    atomic_store(&e->stop, true);
    pthread_mutex_lock(&e->lock);
    if (e->draughts && atomic_load(&e->searching))
        engine_stop(e->draughts);
    pthread_mutex_unlock(&e->lock);
}

/* Give the draughts engine the databases' folder; one that held none (a build just begun
 * in it) is tried again each time a build has finished slices somewhere (dbprobe_refresh). */
static void egdb_try(PlayEngine *e, Engine *engine)
{
    if (!e->egdb[0] || e->egdb_open)
        return;
    unsigned now = dbprobe_generation();
    if (engine == e->draughts && now == e->egdb_tried)
        return;
    e->egdb_tried = now;
    e->egdb_open = engine_set_param(engine, "egdb-path", e->egdb, NULL) == SH_OK;
}

static Engine *draughts_engine(PlayEngine *e, ShError *err)
{
    if (e->draughts) {
        egdb_try(e, e->draughts);
        return e->draughts;
    }
    EngineOptions options;
    engine_options_default(&options);
    options.hash_mb = e->options.hash_mb;
    if (e->options.threads > 0)
        options.threads = e->options.threads;
    Engine *engine = engine_create(&options, err);
    if (!engine)
        return NULL;
    egdb_try(e, engine);
    if (e->options.book)
        engine_set_param(engine, "book", "on", NULL);
    pthread_mutex_lock(&e->lock);
    e->draughts = engine;
    pthread_mutex_unlock(&e->lock);
    return engine;
}

/* Add a move's text to a line of moves; false when it does not fit. */
static bool pv_add(char *pv, size_t size, const char *move)
{
    size_t n = strlen(pv), m = strlen(move);
    if (n + m + 2 > size)
        return false;
    if (n)
        pv[n++] = ' ';
    memcpy(pv + n, move, m + 1);
    return true;
}

/* The second line of a search for two (PlayLimits.lines): its last exact report. */
typedef struct SecondLine {
    bool has;
    int score;
    ShMove move;
} SecondLine;

static void second_line(const EngineInfo *info, void *user)
{
    SecondLine *s = user;
    if (info->multipv == 2 && info->bound == ENGINE_BOUND_EXACT && info->pv_length > 0) {
        s->has = true;
        s->score = info->score;
        s->move = info->pv[0];
    }
}

/* Whether the engine's opening book answers in this position (engine.h: at level 10, a search
 * for one line): a search for two lines would not ask it. */
static bool book_answers(const PlayEngine *e, const ShPosition *pos, const EngineOptions *o)
{
    BookMove m;
    return e->options.book && o->level == ENGINE_LEVEL_MAX &&
           book_choose(book_builtin(), pos, BOOK_MARGIN, o->seed, &m);
}

static ShStatus search_draughts(PlayEngine *e, const ShPlay *play, const PlayLimits *l,
                                PlayChoice *out, ShError *err)
{
    Engine *engine = draughts_engine(e, err);
    if (!engine)
        return err ? err->code : SH_ERR_NO_MEMORY;
    const ShGame *game = sh_play_game(play);
    int plies = sh_game_ply_count(game);
    ShPosition *history = malloc(sizeof *history * (size_t)(plies + 1));
    if (!history)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    for (int i = 0; i < plies; i++)
        history[i] = *sh_game_position_at(game, i);
    EngineOptions options;
    engine_get_options(engine, &options);
    options.level = l->level > 0 ? l->level : ENGINE_LEVEL_MAX;
    options.seed = l->seed;
    engine_configure(engine, &options, NULL);
    EngineLimits limits;
    engine_limits_default(&limits);
    limits.move_time = l->move_time;
    limits.time_left = l->time_left;
    limits.increment = l->increment;
    limits.moves_to_go = l->moves_to_go;
    limits.nodes = l->nodes;
    limits.depth = l->depth;
    if (l->lines > 1 && !book_answers(e, sh_game_position(game), &options))
        limits.multipv = 2;
    SecondLine second = {0};
    EngineResult r;
    memset(&r, 0, sizeof r);
    atomic_store(&e->searching, true);
    ShStatus s = SH_OK;
    if (!atomic_load(&e->stop))
        s = engine_search(engine, sh_game_position(game), history, plies, &limits,
                          limits.multipv > 1 ? second_line : NULL, &second, &r, err);
    atomic_store(&e->searching, false);
    free(history);
    if (s != SH_OK || !r.has_move)
        return s;
    ShPlayMove m;
    const ShPosition *pos = sh_game_position(game);
    if (sh_move_write(pos, &r.move, SH_NOTATION_FULL, m.full, err) != SH_OK)
        return err ? err->code : SH_ERR_ARGUMENT;
    out->has_move = true;
    snprintf(out->move, sizeof out->move, "%s", m.full);
    ShPosition walk = *pos;
    for (int i = 0; i < r.pv_length; i++) {
        if (sh_move_write(&walk, &r.pv[i], SH_NOTATION_FULL, m.full, NULL) != SH_OK ||
            !pv_add(out->pv, sizeof out->pv, m.full))
            break;
        sh_position_play(&walk, &r.pv[i], &walk);
    }
    out->score = r.score;
    out->winning = engine_score_is_win(r.score);
    out->expects_win = r.score > 0;
    out->depth = r.depth;
    out->nodes = r.nodes;
    out->seconds = r.time;
    /* a search stopped during an iteration may have made the last second line its best */
    if (second.has && !sh_move_equal(&second.move, &r.move) &&
        sh_move_write(pos, &second.move, SH_NOTATION_FULL, out->second, NULL) == SH_OK) {
        out->has_second = true;
        out->second_score = second.score;
    }
    return SH_OK;
}

static ShStatus search_other(PlayEngine *e, const ShPlay *play, const PlayLimits *l,
                             PlayChoice *out, ShError *err)
{
    const ShOtherRecord *rec = sh_play_record(play);
    const ShOtherGame *g = sh_play_kind(play)->other;
    OtherSearchLimits limits = {
        .depth = l->depth,
        .nodes = l->nodes,
        .seconds = l->move_time,
        .level = l->level,
        .seed = l->seed,
        .stop = &e->stop,
        .lines = l->lines,
        .two_depths = l->two_depths,
    };
    if (l->judge) { /* the move judged, by its place in the generator's order */
        ShPlayMove judged;
        ShOtherMove *list = malloc(SH_OTHER_MAX_MOVES * sizeof *list);
        if (!list)
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        ShStatus st = sh_play_parse_move(play, l->judge, &judged, err);
        int n = st == SH_OK ? g->moves(&rec->current, list) : 0;
        for (int i = 0; i < n && !limits.judge; i++) {
            char text[SH_OTHER_MOVE_TEXT_SIZE];
            g->move_text(&rec->current, &list[i], text, sizeof text);
            if (strcmp(text, judged.full) == 0)
                limits.judge = i + 1;
        }
        free(list);
        if (st != SH_OK)
            return st;
    }
    if (limits.seconds <= 0 && l->time_left >= 0) /* a share of the clock */
        limits.seconds = l->time_left / (l->moves_to_go > 0 ? l->moves_to_go + 2 : 30) +
                         l->increment * 0.8;
    if (limits.seconds <= 0 && !limits.nodes && !limits.depth)
        limits.seconds = OTHER_DEFAULT_SECONDS;
    OtherSearchResult *r = malloc(sizeof *r);
    if (!r)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    ShStatus s = other_search(g, &rec->current, &limits, r, err);
    if (s == SH_OK && r->has_move) {
        out->has_move = true;
        g->move_text(&rec->current, &r->best, out->move, sizeof out->move);
        ShOtherState walk = rec->current;
        for (int i = 0; i < r->pv_length; i++) {
            char text[SH_OTHER_MOVE_TEXT_SIZE];
            g->move_text(&walk, &r->pv[i], text, sizeof text);
            if (!pv_add(out->pv, sizeof out->pv, text))
                break;
            g->make(&walk, &r->pv[i]);
        }
        out->score = r->score;
        out->winning = other_search_is_mate(r->score) && r->score > 0;
        out->expects_win = r->score > 0;
        out->depth = r->depth;
        out->nodes = r->nodes;
        out->seconds = r->seconds;
        if (r->has_second) {
            out->has_second = true;
            g->move_text(&rec->current, &r->second, out->second, sizeof out->second);
            out->second_score = r->second_score;
        }
        out->has_judged = r->has_judged;
        out->judged_score = r->judged_score;
    }
    free(r);
    return s;
}

ShStatus play_engine_search(PlayEngine *e, const ShPlay *play, const PlayLimits *limits,
                            PlayChoice *out, ShError *err)
{
    memset(out, 0, sizeof *out);
    const ShKind *kind = sh_play_kind(play);
    if (!kind->engine)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the engine does not play %s", kind->name);
    atomic_store(&e->stop, false);
    if (sh_play_over(play))
        return SH_OK;
    PlayLimits defaults = {0};
    if (!limits)
        limits = &defaults;
    if (kind->family == SH_FAMILY_OTHER)
        return search_other(e, play, limits, out, err);
    return search_draughts(e, play, limits, out, err);
}
