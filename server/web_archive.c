/* web_archive.c - the archive as PDN: import a collection of games of any kind (the arbiter's),
 * export every game. See docs/web-api.md. */
#include <stdlib.h>
#include <string.h>

#include "web_app.h"
#include "web_rights.h"
#include "web_variant.h"

/* A player's name from a record, cut (when it must be) before a character, not inside one: a
 * name that is no longer UTF-8 cannot be written in JSON, and the player went missing from the
 * game's answers. */
static void copy_name(char *out, size_t size, const char *name)
{
    size_t n = strlen(name);
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)name[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(out, name, n);
    out[n] = '\0';
}

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
    const ShKind *kind;
    if (!http_get_string(body, "pdn", &pdn, res) || !web_kind_member(body, &kind, res)) {
        json_decref(body);
        return;
    }
    if (!pdn) {
        json_decref(body);
        http_field_error(res, 400, "pdn", 0, 0, "the request needs the PDN text in \"pdn\"");
        return;
    }
    ShPlayReader reader;
    sh_play_reader_init(&reader, pdn, strlen(pdn));
    reader.fallback = kind; /* the game of a record without a GameType or Variant tag */
    json_t *imported = json_array(), *errors = json_array();
    StoredGame *row = malloc(sizeof *row);
    for (int guard = 0; row && guard < 100000; guard++) {
        ShPlay *play = NULL;
        ShError err;
        int number = reader.games + 1;
        int line = reader.pdn.line;
        ShStatus st = sh_play_read_next(&reader, &play, &err);
        if (st == SH_OK && !play)
            break;
        if (st != SH_OK) {
            json_array_append_new(errors, json_pack("{s:i,s:i,s:i,s:s}", "game", number, "line",
                                                    err.line, "column", err.column, "message",
                                                    err.message));
            reader.games++;
            continue;
        }
        const ShKind *k = sh_play_kind(play);
        memset(row, 0, sizeof *row);
        for (int p = 0; p < k->players; p++) {
            const char *name = sh_play_tag(play, sh_play_player_tag(p));
            copy_name(row->player[p].name, sizeof row->player[p].name,
                      name && *name ? name : "?");
        }
        pthread_mutex_lock(&g->lock);
        bool ok = store_add_finished(g->store, play, row);
        pthread_mutex_unlock(&g->lock);
        if (ok)
            json_array_append_new(imported, json_integer(row->id));
        else
            json_array_append_new(errors, json_pack("{s:i,s:i,s:i,s:s}", "game", number, "line",
                                                    line, "column", 1, "message",
                                                    "the game could not be saved"));
        sh_play_free(play);
    }
    free(row);
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
        int n = store_find(g->store, NULL, offset, BATCH, rows, &total);
        for (int i = n - 1; i >= 0; i--) { /* the list is newest first; export oldest first */
            pthread_mutex_lock(&g->lock);
            Live *l = live_get(g, rows[i].id);
            char *text = NULL;
            size_t len = 0;
            if (l)
                web_game_pdn(app, l, &text, &len);
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
