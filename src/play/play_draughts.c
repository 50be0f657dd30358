/* play_draughts.c - the draughts and column games behind the game interface (play_impl.h):
 * each call goes to the ShGame that keeps the game and its arbiter (src/game.c). Cells are the
 * playing squares in PDN order; a column's pieces come from sh_position_column. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "game.h"
#include "play_impl.h"

static ShVariant variant_of(const ShPlay *p)
{
    return (ShVariant)p->kind->variant;
}

static const ShPosition *position_at(const ShPlay *p, int ply)
{
    return sh_game_position_at(p->game, ply);
}

/* A square's algebraic name. */
static void square_name(ShVariant v, int square, char out[SH_SQUARE_NAME_SIZE])
{
    sh_board_square_name(v, square, false, out);
}

/* The usual notation of a move: short, in numbers on 10x10 and 12x12. */
static int usual_notation(const ShPlay *p)
{
    return SH_NOTATION_SHORT | (p->kind->numeric ? SH_NOTATION_NUMERIC : 0);
}

/* Fill a move of position `pos` along `path` (NULL: the move's display path). */
static void fill_move(const ShPlay *p, const ShPosition *pos, const ShMove *m, const ShPath *path,
                      ShPlayMove *out)
{
    memset(out, 0, sizeof *out);
    ShVariant v = variant_of(p);
    sh_move_write(pos, m, usual_notation(p), out->text, NULL);
    ShPath shown;
    if (!path) {
        if (sh_move_path(pos, m, &shown, NULL) != SH_OK) {
            shown.count = 2;
            shown.squares[0] = (uint8_t)sh_move_from(m);
            shown.squares[1] = (uint8_t)sh_move_to(m);
        }
        path = &shown;
        sh_move_write(pos, m, SH_NOTATION_FULL, out->full, NULL);
    } else {
        /* the path's own squares: c3:e5:c7 */
        size_t at = 0;
        for (int i = 0; i < path->count && at + SH_SQUARE_NAME_SIZE + 1 < sizeof out->full; i++) {
            char name[SH_SQUARE_NAME_SIZE];
            square_name(v, path->squares[i], name);
            at += (size_t)snprintf(out->full + at, sizeof out->full - at, "%s%s",
                                   i ? (sh_move_is_capture(m) ? ":" : "-") : "", name);
        }
    }
    bool capture = sh_move_is_capture(m);
    out->kind = capture ? SH_MOVE_CAPTURE : SH_MOVE_STEP;
    out->player = pos->side;
    out->promotes = m->promotes;
    out->length = (uint8_t)(path->count < SH_PLAY_MAX_PATH ? path->count : SH_PLAY_MAX_PATH);
    for (int i = 0; i < out->length; i++)
        out->path[i] = path->squares[i];
    if (capture) {
        int squares[SH_MAX_CAPTURES];
        int n = sh_move_captured_squares(m, squares);
        out->captured_count = (uint8_t)n;
        for (int i = 0; i < n && i < SH_PLAY_MAX_PATH; i++)
            out->captured[i] = (uint8_t)squares[i];
    }
}

/* ---- life -------------------------------------------------------------------------------- */

static ShStatus d_create(ShPlay *p, const ShPlayOptions *o, ShError *err)
{
    ShVariant v = variant_of(p);
    if (o->settings && *o->settings)
        return error_set(err, SH_ERR_SYNTAX, 1, 1, "%s has no settings", p->kind->name);
    ShGameOptions options = {
        .repetition = o->automatic_draws ? SH_REPETITION_AUTOMATIC : SH_REPETITION_CLAIMED,
        .replay = o->replay,
    };
    ShStatus s;
    if (o->opening && *o->opening) {
        s = sh_game_new_opening_variant(&p->game, o->opening, v, &options, err);
        if (s == SH_ERR_ARGUMENT && !p->kind->ballots)
            error_set(err, s, 0, 0,
                      "the ballots open games of Russian checkers (and of giveaway and "
                      "northern): a game of %s starts from its start or a FEN",
                      p->kind->name);
        if (s == SH_OK) {
            const char *tag = sh_game_tag(p->game, "Opening");
            snprintf(p->opening, sizeof p->opening, "%s", tag ? tag : o->opening);
        }
        return s;
    }
    ShPosition start;
    if (o->start && *o->start) {
        s = sh_fen_read_variant(o->start, v, &start, err);
        if (s != SH_OK)
            return s;
        if (!o->replay && sh_position_result(&start, NULL) != SH_RESULT_NONE)
            return error_set(err, SH_ERR_INVALID_POSITION, 0, 0,
                             "the game is over in that position (a side has no piece or no "
                             "move): nothing to play");
    } else {
        sh_position_start_drawn(&start, v, o->lot);
    }
    return sh_game_new(&p->game, &start, &options, err);
}

static ShStatus d_clone(ShPlay *dst, const ShPlay *src)
{
    dst->game = sh_game_copy(src->game);
    return dst->game ? SH_OK : SH_ERR_NO_MEMORY;
}

static void d_destroy(ShPlay *p)
{
    sh_game_free(p->game);
}

/* ---- positions and moves ----------------------------------------------------------------- */

static int d_ply_count(const ShPlay *p)
{
    return sh_game_ply_count(p->game);
}

static int d_opening_plies(const ShPlay *p)
{
    return sh_game_opening_plies(p->game);
}

static bool d_set_up(const ShPlay *p)
{
    ShPosition start;
    sh_position_start(&start, variant_of(p));
    return !sh_position_equal(sh_game_start(p->game), &start);
}

static int d_to_move(const ShPlay *p, int ply)
{
    return (int)sh_position_side(position_at(p, ply));
}

static bool d_second_move(const ShPlay *p, int ply)
{
    return position_at(p, ply)->turn_move != 0;
}

static size_t d_position_text(const ShPlay *p, int ply, char *out, size_t size)
{
    char fen[SH_FEN_SIZE];
    int n = sh_fen_write(position_at(p, ply), p->kind->numeric, fen);
    if (out && size)
        snprintf(out, size, "%s", fen);
    return (size_t)n;
}

static void d_geometry(const ShPlay *p, ShGeometry *out)
{
    play_draughts_geometry(variant_of(p), out);
}

static int d_units(const ShPlay *p, int ply, int cell, ShUnit *out)
{
    const ShPosition *pos = position_at(p, ply);
    if (cell >= sh_board_squares(variant_of(p)))
        return 0;
    ShPiece pieces[SH_MAX_COLUMN];
    int n = sh_position_column(pos, cell, pieces);
    for (int i = 0; i < n; i++) {
        ShPiece pc = pieces[i];
        out[i].owner = pc == SH_BLACK_MAN || pc == SH_BLACK_KING;
        out[i].kind = pc == SH_WHITE_KING || pc == SH_BLACK_KING ? SH_UNIT_KING : SH_UNIT_MAN;
    }
    return n;
}

static ShPlayMove *d_moves(const ShPlay *p, bool paths, int *count)
{
    const ShPosition *pos = sh_game_position(p->game);
    ShResult over = sh_game_result(p->game, NULL);
    if (over != SH_RESULT_NONE)
        return NULL;
    if (!paths) {
        ShMoveList list;
        sh_moves_generate(pos, &list);
        sh_moves_sort(&list);
        if (list.count == 0)
            return NULL;
        ShPlayMove *out = malloc((size_t)list.count * sizeof *out);
        if (!out)
            return NULL;
        for (int i = 0; i < list.count; i++)
            fill_move(p, pos, &list.moves[i], NULL, &out[i]);
        *count = list.count;
        return out;
    }
    enum { MAX_PATHS = 2048 };
    ShMove *moves = malloc(MAX_PATHS * sizeof *moves);
    ShPath *list = malloc(MAX_PATHS * sizeof *list);
    int n = 0;
    ShPlayMove *out = NULL;
    if (moves && list && sh_moves_paths(pos, moves, list, MAX_PATHS, &n, NULL) == SH_OK && n > 0 &&
        (out = malloc((size_t)n * sizeof *out)) != NULL) {
        for (int i = 0; i < n; i++)
            fill_move(p, pos, &moves[i], &list[i], &out[i]);
        *count = n;
    }
    free(moves);
    free(list);
    return out;
}

static ShStatus d_parse_move(const ShPlay *p, const char *text, ShPlayMove *move, ShError *err)
{
    const ShPosition *pos = sh_game_position(p->game);
    ShMove m;
    ShStatus s = sh_move_parse(pos, text, &m, err);
    if (s == SH_OK)
        fill_move(p, pos, &m, NULL, move);
    return s;
}

static ShStatus d_move(ShPlay *p, const char *text, ShPlayMove *played, ShError *err)
{
    ShPosition before = *sh_game_position(p->game);
    ShMove m;
    ShStatus s = sh_game_play_text(p->game, text, &m, err);
    if (s == SH_OK)
        fill_move(p, &before, &m, NULL, played);
    return s;
}

static ShStatus d_move_at(const ShPlay *p, int ply, ShPlayMove *out, ShError *err)
{
    (void)err;
    fill_move(p, position_at(p, ply), sh_game_move_at(p->game, ply), NULL, out);
    return SH_OK;
}

static ShStatus d_undo(ShPlay *p, ShError *err)
{
    return sh_game_undo(p->game, err);
}

/* ---- the arbiter ------------------------------------------------------------------------- */

static void d_verdict(const ShPlay *p, ShVerdict *v)
{
    ShReason reason = SH_REASON_NONE;
    ShResult r = sh_game_result(p->game, &reason);
    if (r == SH_RESULT_NONE)
        return;
    v->over = true;
    play_verdict_from_result(v, sh_result_pdn(r, false), 2);
    snprintf(v->reason_code, sizeof v->reason_code, "%s", sh_reason_name(reason));
    sh_game_result_text(p->game, v->reason, sizeof v->reason);
}

static ShStatus d_resign(ShPlay *p, int player, ShError *err)
{
    return sh_game_resign(p->game, (ShColor)player, err);
}

static ShStatus d_offer_draw(ShPlay *p, int player, ShError *err)
{
    return sh_game_offer_draw(p->game, (ShColor)player, err);
}

static ShStatus d_accept_draw(ShPlay *p, int player, ShError *err)
{
    return sh_game_accept_draw(p->game, (ShColor)player, err);
}

static ShStatus d_decline_draw(ShPlay *p, int player, ShError *err)
{
    return sh_game_decline_draw(p->game, (ShColor)player, err);
}

static int d_draw_offer(const ShPlay *p)
{
    return sh_game_draw_offer(p->game);
}

static bool d_may_offer_draw(const ShPlay *p, int player, ShError *err)
{
    return sh_game_may_offer_draw(p->game, (ShColor)player, err);
}

static bool d_may_claim(const ShPlay *p, char *reason, size_t size)
{
    ShReason why = SH_REASON_NONE;
    bool may = sh_game_may_claim(p->game, &why);
    if (may)
        snprintf(reason, size, "%s", sh_reason_name(why));
    return may;
}

static ShStatus d_claim_draw(ShPlay *p, const char *move, bool *granted, ShError *err)
{
    ShMove m;
    if (move) {
        ShStatus s = sh_move_parse(sh_game_position(p->game), move, &m, err);
        if (s != SH_OK)
            return s;
    }
    return sh_game_claim_draw(p->game, move ? &m : NULL, granted, err);
}

static int d_repetitions(const ShPlay *p)
{
    return sh_game_repetitions(p->game);
}

static ShStatus d_adjudicate(ShPlay *p, const char *result, ShError *err)
{
    ShResult r;
    if (!sh_result_parse(result, &r) || r == SH_RESULT_NONE)
        return error_set(err, SH_ERR_SYNTAX, 0, 1, "'%s' is not a result", result);
    return sh_game_adjudicate(p->game, r, err);
}

static ShStatus d_end(ShPlay *p, const char *result, const char *reason_code, ShError *err)
{
    ShResult r;
    if (!sh_result_parse(result, &r) || r == SH_RESULT_NONE)
        return error_set(err, SH_ERR_SYNTAX, 0, 1, "'%s' is not a result", result);
    ShReason reason;
    if (!sh_reason_find(reason_code, &reason))
        reason = SH_REASON_RECORDED;
    if (reason == SH_REASON_ADJUDICATION)
        return sh_game_adjudicate(p->game, r, err); /* the arbiter's word stands over the rules' */
    if (sh_game_result(p->game, NULL) != SH_RESULT_NONE)
        return SH_OK; /* the rules ended it already */
    if (sh_game_end(p->game, r, reason, NULL) != SH_OK)
        game_set_result(p->game, r, reason); /* a rules' reason, read back from a record */
    return SH_OK;
}

/* ---- clocks, tags, the record ------------------------------------------------------------ */

static ShStatus d_set_clock(ShPlay *p, const ShTimeControl *control, ShTimeSource source,
                            ShError *err)
{
    return sh_game_set_clock(p->game, control, source, err);
}

static const ShClock *d_clock(const ShPlay *p)
{
    return sh_game_clock_const(p->game);
}

static void d_start_clock(ShPlay *p)
{
    sh_game_start_clock(p->game);
}

static void d_set_remaining(ShPlay *p, int player, int64_t ms)
{
    ShClock *clock = sh_game_clock(p->game);
    if (clock)
        sh_clock_set_remaining(clock, player, ms);
}

static void d_pause_clock(ShPlay *p, bool pause)
{
    ShClock *clock = sh_game_clock(p->game);
    if (clock && pause)
        sh_clock_pause(clock);
    else if (clock)
        sh_clock_resume(clock);
}

static bool d_update(ShPlay *p)
{
    if (sh_game_result(p->game, NULL) != SH_RESULT_NONE || !sh_game_clock_const(p->game))
        return false;
    return sh_game_update(p->game) != SH_RESULT_NONE;
}

static const char *d_tag(const ShPlay *p, const char *name)
{
    return sh_game_tag(p->game, name);
}

static ShStatus d_set_tag(ShPlay *p, const char *name, const char *value, ShError *err)
{
    return sh_game_set_tag(p->game, name, value, err);
}

static ShStatus d_write_pdn(const ShPlay *p, bool numeric, char **text, size_t *size,
                            ShError *err)
{
    int notation = SH_NOTATION_SHORT | (numeric || p->kind->numeric ? SH_NOTATION_NUMERIC : 0);
    return sh_pdn_write(p->game, notation, text, size, err);
}

static uint64_t d_perft(const ShPlay *p, int depth, int threads)
{
    return sh_perft_threads(sh_game_position(p->game), depth, SH_PERFT_DISTINCT, threads);
}

const PlayOps PLAY_DRAUGHTS_OPS = {
    .create = d_create,
    .clone = d_clone,
    .destroy = d_destroy,
    .ply_count = d_ply_count,
    .opening_plies = d_opening_plies,
    .set_up = d_set_up,
    .to_move = d_to_move,
    .second_move = d_second_move,
    .position_text = d_position_text,
    .geometry = d_geometry,
    .units = d_units,
    .moves = d_moves,
    .parse_move = d_parse_move,
    .move = d_move,
    .move_at = d_move_at,
    .undo = d_undo,
    .verdict = d_verdict,
    .resign = d_resign,
    .offer_draw = d_offer_draw,
    .accept_draw = d_accept_draw,
    .decline_draw = d_decline_draw,
    .draw_offer = d_draw_offer,
    .may_offer_draw = d_may_offer_draw,
    .may_claim = d_may_claim,
    .claim_draw = d_claim_draw,
    .repetitions = d_repetitions,
    .adjudicate = d_adjudicate,
    .end = d_end,
    .set_clock = d_set_clock,
    .clock = d_clock,
    .start_clock = d_start_clock,
    .set_remaining = d_set_remaining,
    .pause_clock = d_pause_clock,
    .update = d_update,
    .tag = d_tag,
    .set_tag = d_set_tag,
    .write_pdn = d_write_pdn,
    .perft = d_perft,
};

ShPlay *play_wrap_game(const ShKind *kind, ShGame *game)
{
    ShPlay *p = calloc(1, sizeof *p);
    if (!p) {
        sh_game_free(game);
        return NULL;
    }
    p->kind = kind;
    p->ops = &PLAY_DRAUGHTS_OPS;
    p->game = game;
    const char *opening = sh_game_tag(game, "Opening");
    if (opening && sh_game_opening_plies(game) > 0)
        snprintf(p->opening, sizeof p->opening, "%s", opening);
    return p;
}
