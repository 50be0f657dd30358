/* web.c - the web app's routes: static pages, positions, openings (games: web_games.c). */
#include "web.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assets.h"
#include "http.h"
#include "store.h"
#include "web_games.h"
#include "web_json.h"

struct WebServer {
    HttpServer *http;
    Store *store;
    WebGames *games;
};

/* Handlers of this file take the server; those of web_games.c its WebGames. */
#define GAMES(handler) handler##_route
#define ROUTE_TO_GAMES(handler)                                                              \
    static void handler##_route(const HttpRequest *req, HttpResponse *res, void *ctx)        \
    {                                                                                        \
        handler(req, res, ((WebServer *)ctx)->games);                                        \
    }
ROUTE_TO_GAMES(web_games_create)
ROUTE_TO_GAMES(web_games_list)
ROUTE_TO_GAMES(web_games_get)
ROUTE_TO_GAMES(web_games_move)
ROUTE_TO_GAMES(web_games_undo)
ROUTE_TO_GAMES(web_games_draw)
ROUTE_TO_GAMES(web_games_claim)
ROUTE_TO_GAMES(web_games_resign)
ROUTE_TO_GAMES(web_games_pdn)
ROUTE_TO_GAMES(web_games_delete)
ROUTE_TO_GAMES(web_games_events)
ROUTE_TO_GAMES(web_games_import)
ROUTE_TO_GAMES(web_games_export)
ROUTE_TO_GAMES(web_analyse)

static void on_health(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)req;
    (void)ctx;
    http_json(res, 200, json_pack("{s:b,s:s}", "ok", 1, "version", SH_VERSION));
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

static void on_position(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *fen = NULL;
    ShPosition pos;
    ShError err;
    if (!http_get_string(body, "fen", &fen, res))
        goto done;
    if (fen) {
        if (sh_fen_read(fen, &pos, &err) != SH_OK) {
            http_field_error(res, 400, "fen", 0, err.column, "%s", err.message);
            goto done;
        }
    } else {
        sh_position_start(&pos, SH_VARIANT_RUSSIAN);
    }
    json_t *moves = json_object_get(body, "moves");
    json_t *played = json_array();
    if (moves && !json_is_null(moves)) {
        if (!json_is_array(moves)) {
            json_decref(played);
            http_field_error(res, 400, "moves", 0, 0, "'moves' must be a list of moves");
            goto done;
        }
        size_t i;
        json_t *m;
        json_array_foreach(moves, i, m)
        {
            ShMove move;
            if (!json_is_string(m)) {
                json_decref(played);
                http_field_error(res, 400, "moves", 0, 0, "move %zu is not a string", i + 1);
                goto done;
            }
            if (sh_move_parse(&pos, json_string_value(m), &move, &err) != SH_OK) {
                json_decref(played);
                http_field_error(res, 400, "moves", 0, err.column, "move %zu: %s", i + 1,
                                 err.message);
                goto done;
            }
            json_array_append_new(played, wj_move(&pos, &move));
            ShPosition next;
            sh_position_play(&pos, &move, &next);
            pos = next;
        }
    }
    json_t *out = wj_position(&pos);
    json_object_set_new(out, "played", played);
    http_json(res, 200, out);
done:
    json_decref(body);
}

static void on_static(const HttpRequest *req, HttpResponse *res, void *ctx)
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
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/health", on_health},
    {"GET", "/api/openings", on_openings},
    {"POST", "/api/position", on_position},
    {"POST", "/api/games", GAMES(web_games_create)},
    {"GET", "/api/games", GAMES(web_games_list)},
    {"GET", "/api/games/*", GAMES(web_games_get)},
    {"DELETE", "/api/games/*", GAMES(web_games_delete)},
    {"POST", "/api/games/*/moves", GAMES(web_games_move)},
    {"POST", "/api/games/*/undo", GAMES(web_games_undo)},
    {"POST", "/api/games/*/draw", GAMES(web_games_draw)},
    {"POST", "/api/games/*/claim", GAMES(web_games_claim)},
    {"POST", "/api/games/*/resign", GAMES(web_games_resign)},
    {"GET", "/api/games/*/pdn", GAMES(web_games_pdn)},
    {"GET", "/api/games/*/events", GAMES(web_games_events)},
    {"POST", "/api/import", GAMES(web_games_import)},
    {"GET", "/api/export", GAMES(web_games_export)},
    {"GET", "/api/analyse", GAMES(web_analyse)},
    {"GET", "/api/**", NULL},
    {"GET", "/**", on_static},
};

WebServer *web_start(const WebOptions *options, char *err, size_t errsize)
{
    WebServer *server = calloc(1, sizeof *server);
    if (!server) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    server->store = store_open(options->db_path, err, errsize);
    if (!server->store) {
        free(server);
        return NULL;
    }
    server->games = web_games_open(server->store, options->egdb_dir, err, errsize);
    if (!server->games) {
        store_close(server->store);
        free(server);
        return NULL;
    }
    HttpOptions http = {.host = options->host,
                        .port = options->port,
                        .max_connections = 64,
                        .routes = ROUTES,
                        .nroutes = (int)(sizeof ROUTES / sizeof ROUTES[0]),
                        .context = server};
    server->http = http_server_start(&http, err, errsize);
    if (!server->http) {
        web_games_close(server->games);
        store_close(server->store);
        free(server);
        return NULL;
    }
    return server;
}

int web_port(const WebServer *server)
{
    return http_server_port(server->http);
}

void web_stop(WebServer *server)
{
    if (!server)
        return;
    web_games_shutdown(server->games);
    http_server_stop(server->http);
    web_games_close(server->games);
    store_close(server->store);
    free(server);
}
