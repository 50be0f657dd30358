/* web_archive.c - the archive as PDN: import a collection (the arbiter's), export every game.
 * See docs/web-api.md. */
#include <stdlib.h>
#include <string.h>

#include "web_app.h"
#include "web_rights.h"
#include "web_variant.h"

static void on_import(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    WebGames *g = app->games;
    if (!rights_need_arbiter(app, req, res, "importing games into the archive"))
        return;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *pdn = NULL;
    ShVariant variant;
    if (!http_get_string(body, "pdn", &pdn, res) || !web_variant_member(body, &variant, res)) {
        json_decref(body);
        return;
    }
    if (!pdn) {
        json_decref(body);
        http_field_error(res, 400, "pdn", 0, 0, "the request needs the PDN text in \"pdn\"");
        return;
    }
    ShPdnReader reader;
    sh_pdn_reader_init(&reader, pdn, strlen(pdn), NULL);
    reader.variant = variant; /* the game of a record without a GameType tag */
    json_t *imported = json_array(), *errors = json_array();
    for (int guard = 0; guard < 100000; guard++) {
        ShGame *game = NULL;
        ShPdnInfo info;
        ShError err;
        ShStatus st = sh_pdn_read_next(&reader, &game, &info, &err);
        if (st == SH_OK && !game)
            break;
        if (st != SH_OK) {
            json_array_append_new(errors, json_pack("{s:i,s:i,s:i,s:s}", "game", info.number,
                                                    "line", err.line, "column", err.column,
                                                    "message", err.message));
            sh_game_free(game);
            continue;
        }
        StoredGame row;
        memset(&row, 0, sizeof row);
        const char *w = sh_game_tag(game, "White"), *b = sh_game_tag(game, "Black");
        snprintf(row.white, sizeof row.white, "%s", w && *w ? w : "?");
        snprintf(row.black, sizeof row.black, "%s", b && *b ? b : "?");
        strcpy(row.opponent, "human");
        snprintf(row.variant, sizeof row.variant, "%s",
                 web_variant_name((ShVariant)sh_game_start(game)->variant));
        sh_fen_write(sh_game_start(game), false, row.start_fen);
        ShReason reason;
        ShResult result = sh_game_result(game, &reason);
        strcpy(row.status, "finished");
        snprintf(row.result, sizeof row.result, "%s", sh_result_pdn(result, false));
        snprintf(row.reason, sizeof row.reason, "%s", result == SH_RESULT_NONE ? "" : sh_reason_name(reason));
        row.clock_white = row.clock_black = -1;
        int plies = sh_game_ply_count(game);
        row.moves = 0;
        pthread_mutex_lock(&g->lock);
        bool ok = store_create(g->store, &row);
        for (int i = 0; ok && i < plies; i++) {
            StoredMove m = {.clock_white = -1, .clock_black = -1};
            ok = sh_move_write(sh_game_position_at(game, i), sh_game_move_at(game, i),
                               SH_NOTATION_FULL, m.text, NULL) == SH_OK;
            row.moves = i + 1;
            ok = ok && store_add_move(g->store, &row, i + 1, &m);
        }
        pthread_mutex_unlock(&g->lock);
        if (ok)
            json_array_append_new(imported, json_integer(row.id));
        else
            json_array_append_new(errors, json_pack("{s:i,s:i,s:i,s:s}", "game", info.number, "line",
                                                    info.line, "column", 1, "message",
                                                    "the game could not be saved"));
        sh_game_free(game);
    }
    json_decref(body);
    http_json(res, 200, json_pack("{s:o,s:o}", "imported", imported, "errors", errors));
}

static void on_export(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)req;
    WebApp *app = ctx;
    WebGames *g = app->games;
    size_t cap = 1 << 16, size = 0;
    char *out = malloc(cap);
    if (!out) {
        http_error(res, 500, "out of memory");
        return;
    }
    out[0] = '\0';
    enum { BATCH = 100 };
    StoredGame *rows = calloc(BATCH, sizeof *rows);
    int total = 0;
    for (int offset = 0; rows; offset += BATCH) {
        int n = store_list(g->store, NULL, NULL, NULL, offset, BATCH, rows, &total);
        for (int i = n - 1; i >= 0; i--) { /* the list is newest first; export oldest first */
            pthread_mutex_lock(&g->lock);
            Live *l = live_get(g, rows[i].id);
            char *text = NULL;
            size_t len = 0;
            if (l)
                sh_pdn_write(l->game,
                             web_variant_pdn_notation(
                                 (ShVariant)sh_game_start(l->game)->variant, false),
                             &text, &len, NULL);
            pthread_mutex_unlock(&g->lock);
            if (!text)
                continue;
            if (size + len + 1 > cap) {
                while (size + len + 1 > cap)
                    cap *= 2;
                char *bigger = realloc(out, cap);
                if (!bigger) {
                    free(text);
                    break;
                }
                out = bigger;
            }
            memcpy(out + size, text, len);
            size += len;
            out[size] = '\0';
            free(text);
        }
        if (n < BATCH)
            break;
    }
    free(rows);
    res->status = 200;
    res->content_type = "application/x-pdn; charset=utf-8";
    res->body = out;
    res->size = size;
}

static const HttpRoute ROUTES[] = {
    {"POST", "/api/import", on_import},
    {"GET", "/api/export", on_export},
};

WEB_ROUTES(WEB_ARCHIVE_ROUTES, ROUTES);
