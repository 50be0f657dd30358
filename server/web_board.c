/* web_board.c - what needs no game: the server's health (with the endgame databases' build,
 * and its stream), the opening ballots, a position with its legal moves, and the page's own
 * files. See docs/web-api.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assets.h"
#include "egdb_task.h"
#include "stream.h"
#include "web_app.h"
#include "web_json.h"
#include "web_variant.h"

static void on_health(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)req;
    WebApp *app = ctx;
    pthread_mutex_lock(&app->games->lock);
    json_t *egdb = egdb_task_json(app->egdb);
    pthread_mutex_unlock(&app->games->lock);
    http_json(res, 200, json_pack("{s:b,s:s,s:o}", "ok", 1, "version", SH_VERSION, "egdb", egdb));
}

/* The endgame databases' build followed (stream.h): its state at once and at each change. */
static bool egdb_version(WebGames *g, long id, void *context, unsigned *version)
{
    (void)g;
    (void)id;
    WebApp *app = *(WebApp **)context;
    *version = egdb_task_version(app->egdb);
    return true;
}

static char *egdb_text(WebGames *g, long id, void *context)
{
    (void)g;
    (void)id;
    WebApp *app = *(WebApp **)context;
    return stream_event_text("egdb", egdb_task_json(app->egdb), JSON_COMPACT | JSON_ENSURE_ASCII);
}

static pthread_cond_t *egdb_cond(WebGames *g, long id)
{
    (void)id;
    return &g->changed;
}

static const StreamSource EGDB_STREAM = {egdb_version, egdb_text, egdb_cond, NULL};

static void on_egdb_events(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)req;
    WebApp **context = malloc(sizeof *context);
    if (!context) {
        http_error(res, 500, "out of memory");
        return;
    }
    *context = ctx;
    stream_respond(res, ((WebApp *)ctx)->games, &EGDB_STREAM, 0, context);
}

static void on_openings(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)ctx;
    const char *table = http_query(req, "table");
    if (table && strcmp(table, "idf") && strcmp(table, "fmjd")) {
        http_field_error(res, 400, "table", 0, 0, "table must be idf or fmjd");
        return;
    }
    json_t *list = json_array();
    ShOpening o;
    for (int i = 0; sh_opening_at(i, &o); i++) {
        if (table && (table[0] == 'i') != (o.table[0] == 'I'))
            continue;
        json_array_append_new(list, json_pack("{s:s,s:s,s:s,s:s,s:s}", "table", o.table, "code",
                                              o.code, "moves", o.moves, "setup", o.setup, "fen",
                                              o.fen));
    }
    http_json(res, 200, json_pack("{s:o}", "openings", list));
}

/* The start a request names: its "fen" in the game's squares, else the game's start. */
static bool start_of(json_t *body, ShVariant *variant, ShPosition *pos, HttpResponse *res)
{
    const char *fen = NULL;
    ShError err;
    if (!web_variant_member(body, variant, res) || !http_get_string(body, "fen", &fen, res))
        return false;
    if (!fen) {
        sh_position_start(pos, *variant);
        return true;
    }
    if (sh_fen_read_variant(fen, *variant, pos, &err) != SH_OK) {
        http_field_error(res, 400, "fen", 0, err.column, "%s (a FEN of %s, in its squares)",
                         err.message, web_variant_name(*variant));
        return false;
    }
    return true;
}

/* Each text of the request's "moves" played from pos, in order; each move as played goes to
 * `played` and to `game` (either may be NULL). False with a 400 on the first that fails. */
static bool play_moves(json_t *body, ShPosition *pos, json_t *played, ShGame *game,
                       HttpResponse *res)
{
    json_t *moves = json_object_get(body, "moves");
    if (!moves || json_is_null(moves))
        return true;
    if (!json_is_array(moves)) {
        http_field_error(res, 400, "moves", 0, 0, "'moves' must be a list of moves");
        return false;
    }
    size_t i;
    json_t *m;
    ShError err;
    json_array_foreach(moves, i, m)
    {
        ShMove move;
        if (!json_is_string(m)) {
            http_field_error(res, 400, "moves", 0, 0, "move %zu is not a string", i + 1);
            return false;
        }
        if (sh_move_parse(pos, json_string_value(m), &move, &err) != SH_OK ||
            (game && sh_game_play(game, &move, &err) != SH_OK)) {
            http_field_error(res, 400, "moves", 0, err.column, "move %zu: %s", i + 1, err.message);
            return false;
        }
        if (played)
            json_array_append_new(played, wj_move(pos, &move));
        ShPosition next;
        sh_position_play(pos, &move, &next);
        *pos = next;
    }
    return true;
}

static void on_position(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    ShVariant variant;
    ShPosition pos;
    json_t *played = json_array();
    if (start_of(body, &variant, &pos, res) && play_moves(body, &pos, played, NULL, res)) {
        json_t *out = wj_position(&pos);
        json_object_set_new(out, "played", played);
        played = NULL;
        http_json(res, 200, out);
    }
    json_decref(played);
    json_decref(body);
}

/* A line of moves as a PDN game (the analysis board's export): the game's GameType, its FEN
 * when it does not start from the start, the moves in short notation (web_variant_pdn_notation). */
static void on_pdn(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    ShVariant variant;
    ShPosition pos;
    ShGame *game = NULL;
    ShError err;
    const char *white = NULL, *black = NULL, *event = NULL;
    bool numeric = false;
    if (!http_get_string(body, "white", &white, res) ||
        !http_get_string(body, "black", &black, res) ||
        !http_get_string(body, "event", &event, res) ||
        !http_get_bool(body, "numeric", &numeric, res) || !start_of(body, &variant, &pos, res))
        goto done;
    if (sh_game_new(&game, &pos, NULL, &err) != SH_OK) {
        http_field_error(res, 400, "fen", 0, 0, "%s", err.message);
        goto done;
    }
    if (!play_moves(body, &pos, NULL, game, res))
        goto done;
    sh_game_set_tag(game, "Event", event && *event ? event : "Analysis", NULL);
    sh_game_set_tag(game, "White", white && *white ? white : "?", NULL);
    sh_game_set_tag(game, "Black", black && *black ? black : "?", NULL);
    char *text = NULL;
    if (sh_pdn_write(game, web_variant_pdn_notation(variant, numeric), &text, NULL, &err) !=
        SH_OK) {
        http_error(res, 500, "the line could not be written as PDN: %s", err.message);
    } else {
        http_text(res, 200, "application/x-pdn; charset=utf-8", text);
        free(text);
    }
done:
    sh_game_free(game);
    json_decref(body);
}

void web_static(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)ctx;
    const WebAsset *asset = assets_find(req->path);
    if (!asset) {
        /* the app's own routes are client-side (#/play/12); anything else is missing */
        http_error(res, 404, "nothing at %s", req->path);
        return;
    }
    res->status = 200;
    res->static_body = asset->data;
    res->size = asset->size;
    res->content_type = assets_content_type(asset->path);
    res->cache_control = "no-cache";
    /* cross-origin isolated (every file of the page is the server's own): the page may share
     * memory with its workers, which the engine in the browser's stop uses (docs/wasm.md) */
    if (!http_add_header(res, "Cross-Origin-Opener-Policy", "same-origin") ||
        !http_add_header(res, "Cross-Origin-Embedder-Policy", "require-corp"))
        return;
    /* a file the build also gzipped (the WebAssembly engine, /wasm/shashki.wasm.gz): that copy,
     * to a browser that takes gzip */
    const char *accept = http_header(req, "Accept-Encoding");
    char packed_path[256];
    if (!accept || !strstr(accept, "gzip") ||
        snprintf(packed_path, sizeof packed_path, "%s.gz", asset->path) >= (int)sizeof packed_path)
        return;
    const WebAsset *packed = assets_find(packed_path);
    if (packed && http_add_header(res, "Content-Encoding", "gzip") &&
        http_add_header(res, "Vary", "Accept-Encoding")) {
        res->static_body = packed->data;
        res->size = packed->size;
    }
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/health", on_health},
    {"GET", "/api/egdb/events", on_egdb_events},
    {"GET", "/api/openings", on_openings},
    {"POST", "/api/position", on_position},
    {"POST", "/api/pdn", on_pdn},
};

WEB_ROUTES(WEB_BOARD_ROUTES, ROUTES);
