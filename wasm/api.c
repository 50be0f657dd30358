/*
 * api.c - the WebAssembly build's entry points (make wasm -> build/wasm/shashki.wasm; docs/wasm.md).
 *
 * The page's worker (web/js/wasm_worker.js) writes a request as text into the buffer
 * shw_input gives, calls an entry point and reads the NUL-terminated JSON it returns (valid
 * until the next call). A request is lines: the game's name (empty: Russian), a FEN in its
 * squares (empty: its start), then what the entry point asks for, and last the moves played
 * from that FEN, one a line, in any notation sh_move_parse reads. The answers are the web API's
 * JSON (docs/web-api.md), so that the page reads the browser's engine as it reads the server's;
 * an error is {"error": {"message", "field"}} as the server's 400s are.
 *
 * One thread, no files: the search runs on the caller's thread until its limits end it
 * (engine.c, SH_SINGLE_THREAD); to stop it early the page ends the worker. Progress goes out
 * through the one import, env.info(text, length): the server's `info` event of /api/analyse.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "shashki_play.h"
#include "engine.h"
#include "position_json.h"
#include "position_over.h"
#include "text.h"
#include "wasm_api.h"

#define EXPORT(name) __attribute__((export_name(name), visibility("default")))
#define MAX_LINES 1100
#define HASH_MB 16

__attribute__((import_module("env"), import_name("info"))) void shw_js_info(const char *text,
                                                                           int length);

static char *input;
static int input_size;
static Text out, info_text;
static Engine *engine;

EXPORT("shw_input") char *shw_input(int size);
EXPORT("shw_position") const char *shw_position(void);
EXPORT("shw_search") const char *shw_search(void);
EXPORT("shw_bench") const char *shw_bench(int depth);
EXPORT("shw_game") const char *shw_game(void);
EXPORT("shw_clock") const char *shw_clock(void);

/* The page's stop, asked by the search every 4096 nodes (engine/search.c): the import
 * env.stop_asked reads a flag the page sets in a SharedArrayBuffer (wasm_core.js), so a stop
 * ends the search and keeps the worker and its hash table. */
__attribute__((import_module("env"), import_name("stop_asked"))) int stop_asked(void);
bool wasm_stop_asked(void);

bool wasm_stop_asked(void)
{
    return stop_asked() != 0;
}

char *shw_input(int size)
{
    if (size < 0)
        return NULL;
    if (size + 1 > input_size) {
        char *p = realloc(input, (size_t)size + 1);
        if (!p)
            return NULL;
        input = p;
        input_size = size + 1;
    }
    input[size] = '\0';
    return input;
}

const char *wasm_fail(const char *field, const char *message)
{
    text_clear(&out);
    text_add(&out, "{\"error\":{\"message\":");
    text_json_string(&out, message);
    text_add(&out, ",\"field\":");
    text_json_string(&out, field);
    text_add(&out, "}}");
    return out.data;
}

/* The request's lines, split in place. */
typedef struct Request {
    char *line[MAX_LINES];
    int count;
    ShVariant variant;
    ShPosition start, pos;  /* the FEN's position, and after the moves */
    ShPosition *history;    /* start .. the position before pos */
    int plies;
} Request;

static int request_split(Request *r)
{
    r->count = 0;
    char *p = input ? input : (char *)"";
    while (r->count < MAX_LINES) {
        r->line[r->count++] = p;
        char *nl = strchr(p, '\n');
        if (!nl)
            break;
        *nl = '\0';
        p = nl + 1;
    }
    return r->count;
}

static const char *request_field(const Request *r, int i)
{
    return i < r->count ? r->line[i] : "";
}

void wasm_request_lines(char **line, int count)
{
    Request r;
    request_split(&r);
    for (int i = 0; i < count; i++)
        line[i] = i < r.count ? r.line[i] : (char *)"";
}

Text *wasm_out(void)
{
    text_clear(&out);
    return &out;
}

/* The game, its FEN and the moves from line `first` on: NULL, or the error's answer. */
static const char *request_read(Request *r, int first, Text *played)
{
    ShError err;
    const char *name = request_field(r, 0);
    r->variant = SH_VARIANT_RUSSIAN;
    if (*name && !sh_rules_find(name, &r->variant))
        {
        char message[200];
        snprintf(message, sizeof message, "no game is called '%.100s'", name);
        return wasm_fail("variant", message);
    }
    const char *fen = request_field(r, 1);
    if (!*fen)
        sh_position_start(&r->start, r->variant);
    else if (sh_fen_read_variant(fen, r->variant, &r->start, &err) != SH_OK)
        {
        char message[400];
        snprintf(message, sizeof message, "%s (a FEN of %s, in its squares)", err.message,
                 sh_rules_get(r->variant)->name);
        return wasm_fail("fen", message);
    }
    r->pos = r->start;
    r->plies = 0;
    r->history = malloc(sizeof *r->history * (size_t)(r->count > first ? r->count - first : 1));
    if (!r->history)
        return wasm_fail(NULL, "out of memory");
    for (int i = first; i < r->count; i++) {
        if (!*r->line[i])
            continue;
        ShMove move;
        if (sh_move_parse(&r->pos, r->line[i], &move, &err) != SH_OK) {
            char message[400];
            snprintf(message, sizeof message, "move %d: %s", i - first + 1, err.message);
            return wasm_fail("moves", message);
        }
        if (played)
            position_json_move(played, &r->pos, &move);
        r->history[r->plies++] = r->pos;
        ShPosition next;
        sh_position_play(&r->pos, &move, &next);
        r->pos = next;
    }
    return NULL;
}

const char *shw_position(void)
{
    Request r;
    request_split(&r);
    Text played = {0};
    text_clear(&played);
    text_add(&played, "[");
    const char *error = request_read(&r, 2, &played);
    free(r.history);
    if (error) {
        free(played.data);
        return error;
    }
    text_add(&played, "]");
    text_clear(&out);
    position_json_open(&out, &r.pos);
    text_key(&out, "played");
    text_add(&out, played.data);
    text_add(&out, "}");
    free(played.data);
    return out.failed ? wasm_fail(NULL, "out of memory") : out.data;
}

static bool engine_ready(int level, uint64_t seed)
{
    EngineOptions options;
    engine_options_default(&options);
    options.hash_mb = HASH_MB;
    options.level = level;
    options.seed = seed;
    if (!engine)
        engine = engine_create(&options, NULL);
    else
        engine_configure(engine, &options, NULL);
    return engine != NULL;
}

/* The server's analysis event (web_analyse.c): every line found so far, best first. */
typedef struct Lines {
    ShPosition root;
    int multipv;
    EngineInfo line[ENGINE_MAX_MULTIPV];
    bool have[ENGINE_MAX_MULTIPV];
} Lines;

static void score_json(Text *t, int score, bool white_to_move)
{
    int plies = engine_score_plies(score);
    text_key(t, "score");
    text_int(t, score);
    if (engine_score_is_db(score)) {
        text_key(t, "win");
        text_printf(t, "{\"side\":\"%s\",\"plies\":null,\"database\":true}",
                    (score > 0) == white_to_move ? "white" : "black");
        text_key(t, "white_cp");
        text_add(t, "null");
    } else if (plies) {
        text_key(t, "win");
        text_printf(t, "{\"side\":\"%s\",\"plies\":%d}",
                    engine_score_is_win(score) == white_to_move ? "white" : "black", plies);
        text_key(t, "white_cp");
        text_add(t, "null");
    } else {
        text_key(t, "win");
        text_add(t, "null");
        text_key(t, "white_cp");
        text_int(t, white_to_move ? score : -score);
    }
}

static void on_info(const EngineInfo *info, void *user)
{
    Lines *l = user;
    if (info->multipv < 1 || info->multipv > l->multipv)
        return;
    l->line[info->multipv - 1] = *info;
    l->have[info->multipv - 1] = true;
    bool white = sh_position_side(&l->root) == SH_WHITE;
    Text *t = &info_text;
    text_clear(t);
    text_printf(t, "{\"depth\":%d,\"seldepth\":%d,\"nodes\":%llu,\"nps\":%llu,\"time\":%.3f",
                info->depth, info->seldepth, (unsigned long long)info->nodes,
                (unsigned long long)info->nps, info->time);
    text_key(t, "lines");
    text_add(t, "[");
    for (int i = 0; i < l->multipv; i++) {
        if (!l->have[i])
            continue;
        text_comma(t);
        text_add(t, "{");
        score_json(t, l->line[i].score, white);
        text_key(t, "depth");
        text_int(t, l->line[i].depth);
        text_key(t, "pv");
        position_json_line(t, &l->root, l->line[i].pv, l->line[i].pv_length);
        text_add(t, "}");
    }
    text_add(t, "]}");
    if (!t->failed)
        shw_js_info(t->data, (int)t->length);
}

static long number_at(const Request *r, int i, long min, long max)
{
    long v = strtol(request_field(r, i), NULL, 10);
    return v < min ? min : v > max ? max : v;
}

/* The clock after the milliseconds on their line: "MS LEFT INCREMENT MOVES_TO_GO". */
static void search_clock(const char *text, EngineLimits *limits)
{
    char *end = NULL;
    strtol(text, &end, 10);
    if (!end || !*end)
        return;
    double left = strtod(end, &end);
    double increment = strtod(end, &end);
    long to_go = strtol(end, &end, 10);
    if (left < 0 || increment < 0)
        return;
    limits->time_left = left / 1000.0;
    limits->increment = increment / 1000.0;
    limits->moves_to_go = to_go > 0 && to_go < 1000 ? (int)to_go : 0;
}

/* Lines: game, FEN, lines (multipv), depth, milliseconds, nodes, level (1-10), seed, then the
 * moves. The milliseconds' line may go on with the clock, as the server's games give it to the
 * engine (live_engine.c): "0 LEFT INCREMENT MOVES_TO_GO", the mover's time left and the
 * increment in milliseconds, the moves to the next time control (0: none); then the engine's
 * time manager shares the clock out, as on the server. The (the game so far: repetitions and the draw counts count them). 0 is no limit; with
 * none the search ends at ENGINE_MAX_PLY - 1. Answers {"best": Move | null, "score", "depth",
 * "nodes", "time", "over"} after the info events. */
const char *shw_search(void)
{
    Request r;
    request_split(&r);
    const char *error = request_read(&r, 8, NULL);
    if (error) {
        free(r.history);
        return error;
    }
    Lines *lines = calloc(1, sizeof *lines);
    if (!lines || !engine_ready((int)number_at(&r, 6, 1, ENGINE_LEVEL_MAX),
                                (uint64_t)number_at(&r, 7, 0, 0x7fffffff))) {
        free(lines);
        free(r.history);
        return wasm_fail(NULL, "the engine could not be started");
    }
    lines->root = r.pos;
    lines->multipv = (int)number_at(&r, 2, 1, ENGINE_MAX_MULTIPV);
    EngineLimits limits;
    engine_limits_default(&limits);
    limits.multipv = lines->multipv;
    limits.depth = (int)number_at(&r, 3, 0, ENGINE_MAX_PLY - 1);
    limits.move_time = (double)number_at(&r, 4, 0, 3600000) / 1000.0;
    search_clock(request_field(&r, 4), &limits);
    limits.nodes = (uint64_t)number_at(&r, 5, 0, 0x7fffffff);
    if (!limits.depth && limits.move_time == 0 && !limits.nodes)
        limits.depth = ENGINE_MAX_PLY - 1;
    EngineResult res;
    memset(&res, 0, sizeof res);
    PositionOver end;
    position_over(&r.pos, &end);
    ShError err;
    ShStatus st = SH_OK;
    if (!end.over)
        st = engine_search(engine, &r.pos, r.history, r.plies, &limits, on_info, lines, &res,
                           &err);
    free(lines);
    free(r.history);
    if (st != SH_OK)
        return wasm_fail(NULL, err.message);
    text_clear(&out);
    text_add(&out, "{\"best\":");
    if (res.has_move)
        position_json_move(&out, &r.pos, &res.move);
    else
        text_add(&out, "null");
    text_printf(&out, ",\"score\":%d,\"depth\":%d,\"nodes\":%llu,\"time\":%.3f", res.score,
                res.depth, (unsigned long long)res.nodes, res.time);
    text_key(&out, "over");
    text_json_string(&out, end.over ? "the game is over in this position" : NULL);
    text_add(&out, "}");
    return out.data;
}

/* shashki bench's search (app/cmd_bench.c): the same positions, depth and table, so the same
 * node count. Answers {"nodes", "positions", "depth", "time"}. */
const char *shw_bench(int depth)
{
    EngineOptions options;
    engine_options_default(&options);
    options.hash_mb = ENGINE_BENCH_HASH_MB;
    Engine *e = engine_create(&options, NULL);
    if (!e)
        return wasm_fail(NULL, "the engine could not be started");
    engine_bench_warm(e);
    EngineLimits limits;
    engine_limits_default(&limits);
    limits.depth = depth > 0 && depth < ENGINE_MAX_PLY ? depth : ENGINE_BENCH_DEPTH;
    uint64_t total = 0;
    double time = 0;
    for (int i = 0; i < ENGINE_BENCH_COUNT; i++) {
        ShPosition pos;
        EngineResult res;
        if (sh_fen_read(ENGINE_BENCH_POSITIONS[i], &pos, NULL) != SH_OK)
            continue;
        engine_clear(e);
        if (engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &res, NULL) != SH_OK)
            continue;
        total += res.nodes;
        time += res.time;
    }
    engine_free(e);
    text_clear(&out);
    text_printf(&out, "{\"nodes\":%llu,\"positions\":%d,\"depth\":%d,\"time\":%.3f}",
                (unsigned long long)total, ENGINE_BENCH_COUNT, limits.depth, time);
    return out.data;
}

/* How a game played in the browser ended outside the rules (the request's third line):
 * "white" or "black" resigned, "draw" agreed, "time white", "time black" or "time both" a flag
 * fallen, as the server's arbiter ends its games (sh_game_end). */
static void game_end(ShGame *game, const char *end)
{
    ShReason reason;
    if (!*end || sh_game_result(game, &reason) != SH_RESULT_NONE)
        return;
    if (strcmp(end, "white") == 0 || strcmp(end, "black") == 0)
        sh_game_resign(game, strcmp(end, "white") == 0 ? SH_WHITE : SH_BLACK, NULL);
    else if (strcmp(end, "draw") == 0)
        sh_game_end(game, SH_RESULT_DRAW, SH_REASON_AGREEMENT, NULL);
    else if (strcmp(end, "time white") == 0)
        sh_game_end(game, SH_RESULT_BLACK_WINS, SH_REASON_TIME, NULL);
    else if (strcmp(end, "time black") == 0)
        sh_game_end(game, SH_RESULT_WHITE_WINS, SH_REASON_TIME, NULL);
    else if (strcmp(end, "time both") == 0)
        sh_game_end(game, SH_RESULT_DRAW, SH_REASON_BOTH_FLAGS, NULL);
}

/* A game played in the browser (the page's games against its engine, kept there until the
 * server takes them): lines game, FEN, how it ended outside the rules (game_end: empty while
 * it goes on), White's name, Black's name, the time control ("5m+3s", empty: none), the event's
 * name (empty: "Offline game"), then the moves. The arbiter's verdict after them (no move, no
 * pieces, the draw counts, a third repetition: automatic, as in games against programs) and the
 * game as PDN: {"position": Position, "result": "1-0" | "0-1" | "1/2-1/2" | null, "reason",
 * "reason_code" (the server's Game's), "pdn"}. */
const char *shw_game(void)
{
    Request r;
    request_split(&r);
    const char *error = request_read(&r, 7, NULL); /* the moves are legal, the start valid */
    free(r.history);
    if (error)
        return error;
    ShGameOptions options = {.repetition = SH_REPETITION_AUTOMATIC, .replay = false};
    ShGame *game = NULL;
    ShError err;
    if (sh_game_new(&game, &r.start, &options, &err) != SH_OK)
        return wasm_fail("fen", err.message);
    for (int i = 7; i < r.count; i++) {
        if (*r.line[i] && sh_game_play_text(game, r.line[i], NULL, &err) != SH_OK) {
            char message[400];
            snprintf(message, sizeof message, "move %d: %s", i - 6, err.message);
            sh_game_free(game);
            return wasm_fail("moves", message);
        }
    }
    game_end(game, request_field(&r, 2));
    ShReason reason;
    char control[SH_TIME_CONTROL_SIZE];
    if (*request_field(&r, 5))
        sh_game_set_tag(game, "TimeControl", sh_timecontrol_pdn_tag(request_field(&r, 5), control),
                        NULL);
    sh_game_set_tag(game, "Event", *request_field(&r, 6) ? request_field(&r, 6) : "Offline game",
                    NULL);
    sh_game_set_tag(game, "White", *request_field(&r, 3) ? request_field(&r, 3) : "?", NULL);
    sh_game_set_tag(game, "Black", *request_field(&r, 4) ? request_field(&r, 4) : "?", NULL);
    ShResult result = sh_game_result(game, &reason);
    const ShKind *kind = sh_kind_of_variant(r.variant);
    int notation = SH_NOTATION_SHORT | (kind && kind->numeric ? SH_NOTATION_NUMERIC : 0);
    char *pdn = NULL;
    if (sh_pdn_write(game, notation, &pdn, NULL, &err) != SH_OK)
        pdn = NULL;
    char why[200] = "";
    if (result != SH_RESULT_NONE)
        sh_game_result_text(game, why, sizeof why);
    text_clear(&out);
    text_add(&out, "{\"position\":");
    position_json_open(&out, sh_game_position(game));
    text_add(&out, "}");
    text_key(&out, "result");
    text_json_string(&out, result != SH_RESULT_NONE ? sh_result_pdn(result, false) : NULL);
    text_key(&out, "reason");
    text_json_string(&out, result != SH_RESULT_NONE ? why : NULL);
    text_key(&out, "reason_code");
    text_json_string(&out, result != SH_RESULT_NONE ? sh_reason_name(reason) : NULL);
    text_key(&out, "pdn");
    text_json_string(&out, pdn);
    text_add(&out, "}");
    free(pdn);
    sh_game_free(game);
    return out.failed ? wasm_fail(NULL, "out of memory") : out.data;
}

/* A time control as the library reads it (sh_timecontrol_parse), for the page's clocks of a
 * game played in the browser: the request's one line, "5m+3s", "1h10m/35+15m", "300+3" ...
 * Answers {"time": its canonical text, "periods": [{"ms", "moves"}], "increment_ms",
 * "delay_ms", "days"} or the error. */
const char *shw_clock(void)
{
    char *line[1];
    wasm_request_lines(line, 1);
    ShTimeControl control;
    ShError err;
    if (sh_timecontrol_parse(line[0], &control, &err) != SH_OK)
        return wasm_fail("time", err.message);
    char canonical[SH_TIME_CONTROL_SIZE];
    sh_timecontrol_write(&control, canonical);
    text_clear(&out);
    text_add(&out, "{\"time\":");
    text_json_string(&out, control.count ? canonical : "");
    text_add(&out, ",\"periods\":[");
    for (int i = 0; i < control.count; i++)
        text_printf(&out, "%s{\"ms\":%lld,\"moves\":%d}", i ? "," : "",
                    (long long)control.periods[i].time_ms, control.periods[i].moves);
    text_printf(&out, "],\"increment_ms\":%lld,\"delay_ms\":%lld,\"days\":%d}",
                (long long)control.increment_ms, (long long)control.delay_ms,
                control.days_per_move);
    return out.failed ? wasm_fail(NULL, "out of memory") : out.data;
}
