/* web_board.c - what needs no game: the server's health, the opening ballots, a position with
 * its legal moves, and the page's own files. See docs/web-api.md. */
#include <stdio.h>
#include <string.h>

#include "assets.h"
#include "web_app.h"
#include "web_json.h"

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
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/health", on_health},
    {"GET", "/api/openings", on_openings},
    {"POST", "/api/position", on_position},
};

WEB_ROUTES(WEB_BOARD_ROUTES, ROUTES);
