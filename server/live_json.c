/* live_json.c - a live game of any kind as the web API's JSON (docs/web-api.md "Games"): the
 * Game every watcher sees, what one viewer may see besides, its Position at any ply, the
 * archive's GameSummary and the Variant of each kind. Only the game interface is used. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "live.h"

static const char *const UNIT_KINDS[] = {"empty", "piece", "man", "king", "pawn"};
static const char *const MOVE_KINDS[] = {"step", "jump", "capture", "place", "pass"};

static json_t *nullable_string(const char *text)
{
    return text && *text ? json_string(text) : json_null();
}

/* ---- kinds ------------------------------------------------------------------------------- */

static json_t *geometry_json(const ShGeometry *b)
{
    json_t *cells = json_array();
    for (int i = 0; i < b->cell_count; i++) {
        const ShCell *c = &b->cell[i];
        json_array_append_new(cells, json_pack("{s:f,s:f,s:s,s:b,s:s}", "x", (double)c->x, "y",
                                               (double)c->y, "shape",
                                               c->shape == SH_CELL_HEX        ? "hex"
                                               : c->shape == SH_CELL_HEX_FLAT ? "hex_flat"
                                                                              : "square",
                                               "dark", c->dark != 0, "name", c->name));
    }
    return json_pack("{s:f,s:f,s:o}", "width", (double)b->width, "height", (double)b->height,
                     "cells", cells);
}

static json_t *settings_json(const ShKind *k)
{
    json_t *a = json_array();
    for (int i = 0; i < k->setting_count; i++) {
        const ShSetting *s = &k->settings[i];
        json_t *values = json_array();
        for (const char *p = s->values; *p;) {
            size_t n = strcspn(p, "|");
            json_array_append_new(values, json_stringn(p, n));
            p += n;
            if (*p == '|')
                p++;
        }
        json_array_append_new(a, json_pack("{s:s,s:o,s:s,s:s}", "key", s->key, "values", values,
                                           "default", s->fallback, "help", s->help ? s->help : ""));
    }
    return a;
}

static const char *family_name(ShFamily f)
{
    return f == SH_FAMILY_DRAUGHTS ? "draughts" : f == SH_FAMILY_COLUMNS ? "columns" : "other";
}

/* What the analysis board and the board of the draughts games need besides. */
static void draughts_fields(json_t *j, const ShKind *k)
{
    const ShRules *r = sh_rules_get((ShVariant)k->variant);
    ShPosition start;
    sh_position_start(&start, (ShVariant)k->variant);
    char fen[SH_FEN_SIZE], fen_numeric[SH_FEN_SIZE], board[SH_MAX_SQUARES + 1];
    sh_fen_write(&start, false, fen);
    sh_fen_write(&start, true, fen_numeric);
    static const char glyph[] = {'.', 'w', 'W', 'b', 'B'};
    int squares = sh_board_squares((ShVariant)k->variant);
    for (int sq = 0; sq < squares; sq++)
        board[sq] = glyph[sh_position_piece_at(&start, sq)];
    board[squares] = '\0';
    json_object_set_new(j, "board", json_string(r->board == SH_BOARD_ORTHOGONAL ? "orthogonal"
                                                : r->a1_playable              ? "diagonal"
                                                                              : "turned"));
    json_object_set_new(j, "size", json_integer(r->board_size)); /* files */
    json_object_set_new(j, "rows", json_integer(r->board_rows));
    json_object_set_new(j, "squares", json_integer(r->squares));
    json_object_set_new(j, "first", json_string(r->first == SH_WHITE ? "white" : "black"));
    json_object_set_new(j, "start_fen", json_string(fen));
    json_object_set_new(j, "start_fen_numeric", json_string(fen_numeric));
    json_object_set_new(j, "start_board", json_string(board));
    json_object_set_new(j, "pdn_game_type", json_integer(r->pdn_game_type));
    json_object_set_new(j, "pdn_variant", nullable_string(r->pdn_variant));
    json_object_set_new(j, "moves_per_turn", json_integer(r->moves_per_turn));
    json_object_set_new(j, "flying_kings", json_boolean(r->flying_kings));
    json_object_set_new(j, "promotion_continues", json_boolean(r->promotion_continues));
    json_object_set_new(j, "goal", json_string(r->goal == SH_GOAL_GIVEAWAY ? "giveaway" : "normal"));
}

json_t *live_json_kind(const ShKind *k)
{
    json_t *names = json_array(), *colours = json_array(), *keys = json_array();
    for (int p = 0; p < k->players; p++) {
        json_array_append_new(names, json_string(k->player_names[p]));
        json_array_append_new(colours, json_string(k->player_colours[p]));
        json_array_append_new(keys, json_string(live_kind_colour(k, p)));
    }
    json_t *j = json_pack("{s:s,s:s,s:s,s:s,s:i,s:o,s:o,s:o,s:o,s:b,s:b,s:b,s:b,s:b,s:b}", "name",
                          k->name, "title", k->title_en, "title_ru", k->title_ru, "family",
                          family_name(k->family), "players", k->players, "player_names", names,
                          "player_colours", colours, "colours", keys, "settings",
                          settings_json(k), "engine", k->engine, "draws", k->draws, "claims",
                          k->claims, "numeric", k->numeric, "ballots", k->ballots,
                          "start_drawn", k->start_drawn);
    ShGeometry *g = malloc(sizeof *g);
    if (g && sh_kind_geometry(k, NULL, g, NULL) == SH_OK)
        json_object_set_new(j, "geometry", geometry_json(g));
    free(g);
    ShPlay *play;
    if (sh_play_new(&play, k, NULL, NULL) == SH_OK) {
        char text[SH_PLAY_TEXT_SIZE];
        sh_play_position_text(play, 0, text, sizeof text);
        json_object_set_new(j, "start", json_string(text));
        sh_play_free(play);
    }
    json_object_set_new(j, "pdn_game_type_text", json_string(k->pdn_game_type));
    if (k->family != SH_FAMILY_OTHER)
        draughts_fields(j, k);
    else
        json_object_set_new(j, "board", json_string("cells"));
    return j;
}

/* ---- moves and positions ----------------------------------------------------------------- */

static json_t *cell_name(const ShGeometry *b, int cell)
{
    return cell >= 0 && cell < b->cell_count ? json_string(b->cell[cell].name) : json_null();
}

static json_t *path_names(const ShGeometry *b, const uint8_t *cells, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, cell_name(b, cells[i]));
    return a;
}

static json_t *cell_numbers(const uint8_t *cells, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(cells[i]));
    return a;
}

/* A draughts move's full text in the squares' numbers ("c3:e5" -> "22x15"). */
static json_t *numeric_text(const ShGeometry *b, const char *full)
{
    char out[SH_PLAY_MOVE_TEXT_SIZE * 2];
    size_t n = 0;
    for (const char *p = full; *p && n + 8 < sizeof out;) {
        size_t len = strcspn(p, "-:x");
        char name[SH_CELL_NAME_SIZE];
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name - 1 ? len : sizeof name - 1), p);
        int cell = sh_geometry_cell(b, name);
        n += (size_t)snprintf(out + n, sizeof out - n, "%d", cell + 1);
        p += len;
        if (*p) {
            out[n++] = *p == '-' ? '-' : 'x';
            p++;
        }
    }
    out[n] = '\0';
    return json_string(out);
}

/* A move as JSON; `all` (may be NULL) the paths of every legal move, whose paths of the same
 * move are listed with it. */
static json_t *move_json(const Live *l, const ShGeometry *b, const ShPlayMove *m,
                         const ShPlayMove *all, int all_count, bool second)
{
    json_t *paths = json_array();
    for (int i = 0; all && i < all_count; i++)
        if (strcmp(all[i].text, m->text) == 0)
            json_array_append_new(paths, path_names(b, all[i].path, all[i].length));
    if (!all && m->length > 0)
        json_array_append_new(paths, path_names(b, m->path, m->length));
    bool moves = m->length > 0 && m->kind != SH_MOVE_PASS;
    json_t *j = json_pack("{s:s,s:s,s:o,s:o,s:o,s:b,s:o,s:s,s:b,s:s}", "notation", m->full,
                          "short", m->text, "from", moves ? cell_name(b, m->path[0]) : json_null(),
                          "to", moves ? cell_name(b, m->path[m->length - 1]) : json_null(),
                          "captured", path_names(b, m->captured, m->captured_count), "promotes",
                          m->promotes != 0, "paths", paths, "side", live_colour(l, m->player),
                          "second", second, "kind",
                          m->kind <= SH_MOVE_PASS ? MOVE_KINDS[m->kind] : "step");
    json_object_set_new(j, "cells", cell_numbers(m->path, m->length));
    if (sh_play_kind(l->play)->family != SH_FAMILY_OTHER)
        json_object_set_new(j, "numeric", numeric_text(b, m->full));
    json_object_set_new(j, "taken", cell_numbers(m->captured, m->captured_count));
    return j;
}

json_t *live_json_move(const Live *l, const ShGeometry *board, const ShPlayMove *move,
                       bool second)
{
    return move_json(l, board, move, NULL, 0, second);
}

static json_t *unit_json(const Live *l, ShUnit u)
{
    return json_pack("{s:s,s:s}", "owner", live_colour(l, u.owner), "kind",
                     u.kind <= SH_UNIT_PAWN ? UNIT_KINDS[u.kind] : "piece");
}

/* The board string of a game of two players' men and kings: w W b B . a cell (a column's top). */
static char unit_glyph(ShUnit u)
{
    bool king = u.kind == SH_UNIT_KING;
    return u.owner == 0 ? (king ? 'W' : 'w') : (king ? 'B' : 'b');
}

json_t *live_json_position(const Live *l, int ply)
{
    const ShPlay *play = l->play;
    const ShKind *k = sh_play_kind(play);
    int plies = sh_play_ply_count(play);
    bool now = ply < 0 || ply >= plies;
    if (now)
        ply = plies;
    ShGeometry *b = malloc(sizeof *b);
    char *board = malloc(SH_MAX_CELLS + 1);
    if (!b || !board) {
        free(b);
        free(board);
        return json_null();
    }
    sh_play_geometry(play, b);
    json_t *units = json_array();
    for (int c = 0; c < b->cell_count; c++) {
        ShUnit stack[SH_MAX_STACK];
        int h = sh_play_units(play, ply, c, stack);
        board[c] = h ? unit_glyph(stack[0]) : '.';
        if (!h) {
            json_array_append_new(units, json_null());
            continue;
        }
        json_t *u = unit_json(l, stack[0]);
        if (h > 1) {
            json_t *column = json_array();
            for (int i = 0; i < h; i++)
                json_array_append_new(column, unit_json(l, stack[i]));
            json_object_set_new(u, "column", column);
        }
        json_array_append_new(units, u);
    }
    board[b->cell_count] = '\0';
    char text[SH_PLAY_TEXT_SIZE];
    sh_play_position_text(play, ply, text, sizeof text);
    int mover = sh_play_to_move(play, ply);
    json_t *legal = json_array();
    bool capture = false;
    if (now) {
        int n = 0, np = 0;
        ShPlayMove *moves = sh_play_moves(play, &n);
        ShPlayMove *paths = sh_play_move_paths(play, &np);
        bool second = sh_play_second_move(play, -1);
        for (int i = 0; i < n; i++) {
            json_array_append_new(legal, move_json(l, b, &moves[i], paths, np, second));
            capture = capture || moves[i].kind == SH_MOVE_CAPTURE;
        }
        free(moves);
        free(paths);
    }
    json_t *j = json_pack("{s:s,s:s,s:s,s:s,s:i,s:o,s:b,s:o}", "variant", k->name, "fen", text,
                          "text", text, "side", live_colour(l, mover), "ply", ply, "units", units,
                          "capture", capture, "legal", legal);
    if (k->family != SH_FAMILY_OTHER)
        json_object_set_new(j, "board", json_string(board));
    json_object_set_new(j, "second_move", json_boolean(now && sh_play_second_move(play, -1)));
    ShVerdict v;
    sh_play_verdict(play, &v);
    bool over = now && v.over;
    json_object_set_new(j, "over", over ? json_string(v.reason) : json_null());
    json_object_set_new(j, "over_code", over ? json_string(v.reason_code) : json_null());
    json_object_set_new(j, "over_result", over ? json_string(v.result) : json_null());
    free(b);
    free(board);
    return j;
}

/* ---- the game ------------------------------------------------------------------------------ */

static json_t *clock_json(const Live *l)
{
    const ShClock *clock = sh_play_clock(l->play);
    if (!clock)
        return json_null();
    json_t *j = json_object();
    for (int p = 0; p < live_players(l); p++)
        json_object_set_new(j, live_colour(l, p),
                            json_real((double)sh_clock_remaining(clock, p) / 1000.0));
    json_object_set_new(j, "running", clock->running < 0 || clock->paused
                                          ? json_null()
                                          : json_string(live_colour(l, clock->running)));
    return j;
}

static const char *seat_state(const StoredPlayer *p)
{
    return p->level > 0 ? "engine" : p->taken ? "taken" : "open";
}

/* The Game's "moves", from the ones kept since the last state: a move made is added, a move
 * taken back (or another played instead) starts the list again. */
static json_t *history_json(Live *l, const ShGeometry *b)
{
    const ShPlay *play = l->play;
    int plies = sh_play_ply_count(play);
    json_t *h = l->history;
    int kept = h ? (int)json_array_size(h) : 0;
    if (h && kept > 0 && kept <= plies) {
        ShPlayMove m;
        json_t *last = json_object_get(json_array_get(h, (size_t)kept - 1), "move");
        const char *text = json_string_value(json_object_get(last, "notation"));
        if (sh_play_move_at(play, kept - 1, &m, NULL) != SH_OK || !text || strcmp(text, m.full))
            kept = -1;
    } else if (h && kept > plies) {
        kept = -1;
    }
    if (!h || kept < 0) {
        json_decref(l->history);
        l->history = h = json_array();
        kept = 0;
    }
    for (int i = kept; h && i < plies; i++) {
        ShPlayMove m;
        char text[SH_PLAY_TEXT_SIZE];
        if (sh_play_move_at(play, i, &m, NULL) != SH_OK)
            break;
        sh_play_position_text(play, i + 1, text, sizeof text);
        json_array_append_new(h, json_pack("{s:i,s:o,s:s,s:b}", "ply", i + 1, "move",
                                           move_json(l, b, &m, NULL, 0,
                                                     sh_play_second_move(play, i)),
                                           "fen", text, "opening",
                                           i < sh_play_opening_plies(play)));
    }
    return h ? json_incref(h) : json_array();
}

json_t *live_json_game(Live *l, bool with_geometry)
{
    const ShPlay *play = l->play;
    const ShKind *k = sh_play_kind(play);
    ShGeometry *b = malloc(sizeof *b);
    if (!b)
        return json_pack("{s:I}", "id", (json_int_t)l->id);
    sh_play_geometry(play, b);
    json_t *moves = history_json(l, b);
    ShVerdict v;
    sh_play_verdict(play, &v);
    json_t *players = json_array(), *seats = json_object();
    int engine = live_engine_player(l), first_engine = -1;
    for (int p = 0; p < k->players && first_engine < 0; p++)
        if (!live_human(l, p))
            first_engine = p;
    for (int p = 0; p < k->players; p++) {
        const StoredPlayer *pl = &l->row.player[p];
        const ShClock *clock = sh_play_clock(play);
        json_array_append_new(
            players,
            json_pack("{s:s,s:s,s:s,s:s,s:o,s:o,s:b,s:o}", "colour", live_colour(l, p), "title",
                      k->player_names[p], "name", pl->name, "seat", seat_state(pl), "level",
                      pl->level > 0 ? json_integer(pl->level) : json_null(), "clock",
                      clock ? json_real((double)sh_clock_remaining(clock, p) / 1000.0)
                            : json_null(),
                      "out", v.out[p], "points", v.over ? json_real(v.points[p]) : json_null()));
        json_object_set_new(seats, live_colour(l, p), json_string(seat_state(pl)));
    }
    char start[SH_PLAY_TEXT_SIZE], claim[32];
    sh_play_position_text(play, 0, start, sizeof start);
    bool may_claim = sh_play_may_claim(play, claim, sizeof claim);
    int offer = sh_play_draw_offer(play);
    json_t *j = json_pack(
        "{s:I,s:s,s:s,s:s,s:s,s:i,s:o,s:s,s:i,s:o,s:o,s:s,s:o,s:o,s:o,s:o,s:s,s:s}", "id",
        (json_int_t)l->id, "variant", k->name, "title", k->title_en, "family",
        family_name(k->family), "settings", sh_play_settings(play), "players_count", k->players,
        "players", players, "opponent", first_engine >= 0 ? "engine" : "human", "level",
        first_engine >= 0 ? l->row.player[first_engine].level : 0, "engine_color",
        live_engine_all(l) ? json_string("both")
        : engine >= 0      ? json_string(live_colour(l, engine))
                           : json_null(),
        "time", nullable_string(l->row.time_control), "start_fen", start, "opening",
        nullable_string(l->row.opening), "position", live_json_position(l, -1), "moves", moves,
        "clock", clock_json(l), "status", v.over ? "finished" : "playing", "result", v.result);
    if (with_geometry)
        json_object_set_new(j, "geometry", geometry_json(b));
    for (int p = 0; p < k->players; p++)
        json_object_set_new(j, live_colour(l, p), json_string(l->row.player[p].name));
    json_object_set_new(j, "reason", v.over ? json_string(v.reason) : json_null());
    json_object_set_new(j, "reason_code", v.over ? json_string(v.reason_code) : json_null());
    json_object_set_new(j, "winner", v.over && v.winner >= 0 ? json_string(live_colour(l, v.winner))
                                                             : json_null());
    json_object_set_new(j, "draw_offer", offer >= 0 ? json_string(live_colour(l, offer)) : json_null());
    json_object_set_new(j, "thinking", json_boolean(l->thinking));
    json_object_set_new(j, "repetitions", json_integer(sh_play_repetitions(play)));
    json_object_set_new(j, "may_claim", json_boolean(may_claim));
    json_object_set_new(j, "claim_reason", may_claim ? json_string(claim) : json_null());
    json_object_set_new(j, "draws", json_boolean(k->draws && k->players == 2));
    json_object_set_new(j, "claims", json_boolean(k->claims));
    json_object_set_new(j, "engine", json_boolean(k->engine));
    json_object_set_new(j, "version", json_integer(l->row.version)); /* the database's */
    if (l->is_rated) { /* read once from the accounts (web_rated.c), it never changes */
        json_object_set_new(j, "rated", json_boolean(l->is_rated > 0));
        json_object_set_new(j, "speed", l->is_rated > 0 ? json_string(l->speed) : json_null());
    }
    json_object_set_new(j, "seats", seats);
    json_object_set_new(j, "note", nullable_string(l->row.note));
    json_object_set_new(j, "created", json_string(l->row.created));
    json_object_set_new(j, "updated", json_string(l->row.updated));
    free(b);
    return j;
}

json_t *live_json_summary(const StoredGame *r)
{
    const ShKind *k = sh_kind_find(r->variant);
    if (!k)
        k = sh_kind_of_variant(SH_VARIANT_RUSSIAN);
    json_t *names = json_object(), *players = json_array();
    int engine = -1, engines = 0;
    for (int p = 0; p < r->players && p < k->players; p++) {
        const char *colour = live_kind_colour(k, p);
        json_object_set_new(names, colour, json_string(r->player[p].name));
        json_array_append_new(players, json_pack("{s:s,s:s,s:o}", "colour", colour, "name",
                                                 r->player[p].name, "level",
                                                 r->player[p].level > 0
                                                     ? json_integer(r->player[p].level)
                                                     : json_null()));
        if (r->player[p].level > 0) {
            engines++;
            engine = p;
        }
    }
    json_t *j = json_pack("{s:I,s:s,s:s,s:s,s:i,s:s,s:s,s:o,s:s,s:o,s:i,s:o}", "id",
                          (json_int_t)r->id, "variant", r->variant, "result", r->result,
                          "status", r->status, "moves", r->moves, "created", r->created,
                          "updated", r->updated, "opening", nullable_string(r->opening),
                          "opponent", engines ? "engine" : "human", "level",
                          json_integer(engine >= 0 ? r->player[engine].level : 0), "players_count",
                          r->players, "players", players);
    json_object_update(j, names);
    json_decref(names);
    json_object_set_new(j, "reason_code", nullable_string(r->reason));
    /* the reason in words, as the game's own verdict writes it */
    json_t *reason = json_null();
    if (strcmp(r->status, "finished") == 0 && k->family != SH_FAMILY_OTHER) {
        ShReason rs;
        ShResult result;
        char text[256];
        if (sh_reason_find(r->reason, &rs) && sh_result_parse(r->result, &result)) {
            sh_result_describe(result, rs, text, sizeof text);
            reason = json_string(text);
        }
    }
    json_object_set_new(j, "reason", reason);
    return j;
}

void live_json_viewer(json_t *game, const Live *l, unsigned held, bool show_codes)
{
    json_t *you = json_array();
    for (int p = 0; p < live_players(l); p++)
        if (held & (1u << p))
            json_array_append_new(you, json_string(live_colour(l, p)));
    json_object_set_new(game, "you", you);
    if (!show_codes)
        return;
    json_t *codes = json_object();
    for (int p = 0; p < live_players(l); p++) {
        const StoredPlayer *s = &l->row.player[p];
        if (s->level == 0 && !s->taken && s->code[0])
            json_object_set_new(codes, live_colour(l, p), json_string(s->code));
    }
    json_object_set_new(game, "codes", codes);
}
