/* web_explorer.c - the opening explorer (GET /api/explorer, docs/web-api.md): for a position,
 * the opening book's searched moves, the moves of the real game collections the book was
 * built from (their counts are in the book, engine/book.h), and the moves played in this
 * server's archive, each with how many games and how they ended.
 *
 * The archive is read afresh for each question: its most recent finished games of the game
 * asked (at most EXPLORER_MAX_GAMES), each replayed to see whether it passed the position. */
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "engine.h"
#include "web_app.h"
#include "web_json.h"
#include "web_variant.h"

#define EXPLORER_MAX_GAMES 2000
#define EXPLORER_BATCH 100

typedef struct Tally {
    ShMove move;
    unsigned white, draws, black;
} Tally;

typedef struct Tallies {
    Tally list[SH_MAX_MOVES];
    int count;
    unsigned games;
} Tallies;

static void tally_add(Tallies *t, const ShMove *m, ShResult result)
{
    int i = 0;
    while (i < t->count && !sh_move_equal(&t->list[i].move, m))
        i++;
    if (i == t->count) {
        if (t->count == SH_MAX_MOVES)
            return;
        memset(&t->list[i], 0, sizeof t->list[i]);
        t->list[i].move = *m;
        t->count++;
    }
    if (result == SH_RESULT_WHITE_WINS)
        t->list[i].white++;
    else if (result == SH_RESULT_BLACK_WINS)
        t->list[i].black++;
    else
        t->list[i].draws++;
    t->games++;
}

static int tally_compare(const void *pa, const void *pb)
{
    const Tally *a = pa, *b = pb;
    unsigned na = a->white + a->draws + a->black, nb = b->white + b->draws + b->black;
    return na == nb ? 0 : na > nb ? -1 : 1;
}

static json_t *tallies_json(const ShPosition *pos, Tallies *t)
{
    qsort(t->list, (size_t)t->count, sizeof t->list[0], tally_compare);
    json_t *moves = json_array();
    for (int i = 0; i < t->count; i++) {
        const Tally *x = &t->list[i];
        unsigned n = x->white + x->draws + x->black;
        double pct = n ? 100.0 / n : 0;
        json_array_append_new(
            moves, json_pack("{s:o,s:i,s:i,s:i,s:i,s:{s:f,s:f,s:f}}", "move", wj_move(pos, &x->move),
                             "games", (int)n, "white", (int)x->white, "draws", (int)x->draws,
                             "black", (int)x->black, "percent", "white", x->white * pct, "draw",
                             x->draws * pct, "black", x->black * pct));
    }
    return json_pack("{s:i,s:o}", "games", (int)t->games, "moves", moves);
}

static json_t *score_json(int score, bool white_to_move)
{
    json_t *j = json_pack("{s:i}", "score", score);
    int plies = engine_score_plies(score);
    if (engine_score_is_win(score) || engine_score_is_loss(score)) {
        bool win = engine_score_is_win(score);
        json_object_set_new(j, "win",
                            json_pack("{s:s,s:o}", "side", win == white_to_move ? "white" : "black",
                                      "plies", plies ? json_integer(plies) : json_null()));
        json_object_set_new(j, "white_cp", json_null());
    } else {
        json_object_set_new(j, "win", json_null());
        json_object_set_new(j, "white_cp", json_integer(white_to_move ? score : -score));
    }
    return j;
}

/* The archive's finished games of the variant that passed through pos. */
static void archive_scan(WebGames *g, const ShPosition *pos, ShVariant variant, Tallies *t,
                         int *scanned, int *total)
{
    StoredGame *rows = calloc(EXPLORER_BATCH, sizeof *rows);
    StoreFilter filter = {NULL, NULL, "finished", web_variant_name(variant)};
    *scanned = *total = 0;
    for (int offset = 0; rows && offset < EXPLORER_MAX_GAMES; offset += EXPLORER_BATCH) {
        pthread_mutex_lock(&g->lock);
        int n = store_find(g->store, &filter, offset, EXPLORER_BATCH, rows, total);
        for (int i = 0; i < n; i++) {
            Live *l = live_get(g, rows[i].id);
            const ShGame *game = l ? sh_play_game(l->play) : NULL; /* the draughts game's own */
            if (!game)
                continue;
            (*scanned)++;
            ShReason why;
            ShResult result = sh_game_result(game, &why);
            if (result == SH_RESULT_NONE)
                continue;
            int plies = sh_game_ply_count(game);
            for (int k = 0; k < plies; k++) {
                if (sh_position_equal(sh_game_position_at(game, k), pos)) {
                    tally_add(t, sh_game_move_at(game, k), result);
                    break;
                }
            }
        }
        pthread_mutex_unlock(&g->lock);
        if (n < EXPLORER_BATCH)
            break;
    }
    free(rows);
}

static void on_explorer(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ((WebApp *)ctx)->games;
    ShVariant variant;
    if (!web_variant_query(req, &variant, res))
        return;
    const char *fen = http_query(req, "fen");
    ShPosition pos;
    ShError err;
    if (fen && *fen) {
        if (sh_fen_read_variant(fen, variant, &pos, &err) != SH_OK) {
            http_field_error(res, 400, "fen", 0, err.column, "%s (a FEN of %s, in its squares)",
                             err.message, web_variant_name(variant));
            return;
        }
    } else {
        sh_position_start(&pos, variant);
    }
    bool white = sh_position_side(&pos) == SH_WHITE;

    /* the book: its searched moves, and the collections' counts it carries */
    json_t *book = json_array();
    Tallies real;
    memset(&real, 0, sizeof real);
    BookMove moves[BOOK_MAX_MOVES];
    const Book *b = book_builtin();
    int n = book_probe(b, &pos, moves);
    for (int i = 0; i < n; i++) {
        const BookMove *m = &moves[i];
        if (m->searched) {
            json_t *line = score_json(m->score, white);
            json_object_set_new(line, "move", wj_move(&pos, &m->move));
            json_object_set_new(line, "depth", json_integer(m->depth));
            json_array_append_new(book, line);
        }
        unsigned games = m->wins + m->draws + m->losses;
        if (games && real.count < SH_MAX_MOVES) {
            Tally *x = &real.list[real.count++];
            x->move = m->move;
            x->white = white ? m->wins : m->losses;
            x->black = white ? m->losses : m->wins;
            x->draws = m->draws;
            real.games += games;
        }
    }

    Tallies archive;
    memset(&archive, 0, sizeof archive);
    int scanned = 0, total = 0;
    archive_scan(g, &pos, variant, &archive, &scanned, &total);
    json_t *arch = tallies_json(&pos, &archive);
    json_object_set_new(arch, "scanned", json_integer(scanned));
    json_object_set_new(arch, "finished", json_integer(total));
    http_json(res, 200,
              json_pack("{s:s,s:o,s:o,s:o}", "variant", web_variant_name(variant), "book", book,
                        "collections", tallies_json(&pos, &real), "archive", arch));
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/explorer", on_explorer},
};

WEB_ROUTES(WEB_EXPLORER_ROUTES, ROUTES);
