/* web_json.c - positions and moves as JSON for the web API. */
#include "web_json.h"

#include <stdlib.h>
#include <string.h>

#include "position_over.h"

json_t *wj_square(ShVariant variant, int square)
{
    char name[SH_SQUARE_NAME_SIZE];
    sh_board_square_name(variant, square, false, name);
    return json_string(name);
}

void wj_board(const ShPosition *pos, char out[SH_MAX_SQUARES + 1])
{
    static const char glyph[] = {'.', 'w', 'W', 'b', 'B'};
    int squares = sh_board_squares((ShVariant)pos->variant);
    for (int sq = 0; sq < squares; sq++)
        out[sq] = glyph[sh_position_piece_at(pos, sq)];
    out[squares] = '\0';
}

static json_t *text_of(const ShPosition *pos, const ShMove *move, int notation)
{
    char text[SH_MOVE_TEXT_SIZE];
    if (sh_move_write(pos, move, notation, text, NULL) != SH_OK)
        return json_null();
    return json_string(text);
}

/* The paths of every legal move, found once per position. */
typedef struct MovePaths {
    ShMove moves[1024];
    ShPath paths[1024];
    int count;
} MovePaths;

static json_t *move_json(const ShPosition *pos, const ShMove *move, const MovePaths *mp)
{
    ShVariant v = (ShVariant)pos->variant;
    json_t *captured = json_array();
    int squares[SH_MAX_CAPTURES];
    int n = sh_move_captured_squares(move, squares);
    for (int i = 0; i < n; i++)
        json_array_append_new(captured, wj_square(v, squares[i]));
    json_t *paths = json_array();
    for (int i = 0; i < mp->count; i++) {
        if (!sh_move_equal(&mp->moves[i], move))
            continue;
        json_t *path = json_array();
        for (int k = 0; k < mp->paths[i].count; k++)
            json_array_append_new(path, wj_square(v, mp->paths[i].squares[k]));
        json_array_append_new(paths, path);
    }
    json_t *j = json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:b,s:o}", "notation",
                     text_of(pos, move, SH_NOTATION_FULL), "short",
                     text_of(pos, move, SH_NOTATION_SHORT), "numeric",
                     text_of(pos, move, SH_NOTATION_FULL | SH_NOTATION_NUMERIC), "hub",
                     text_of(pos, move, SH_NOTATION_HUB), "from", wj_square(v, sh_move_from(move)),
                     "to", wj_square(v, sh_move_to(move)), "captured", captured, "promotes",
                     move->promotes != 0, "paths", paths);
    /* who makes it, and (two moves a turn) whether it is the turn's second */
    json_object_set_new(j, "side", json_string(pos->side == SH_WHITE ? "white" : "black"));
    json_object_set_new(j, "second", json_boolean(pos->turn_move != 0));
    return j;
}

static MovePaths *paths_new(const ShPosition *pos)
{
    MovePaths *mp = malloc(sizeof *mp);
    if (mp && sh_moves_paths(pos, mp->moves, mp->paths, 1024, &mp->count, NULL) != SH_OK)
        mp->count = 0;
    return mp;
}

json_t *wj_move(const ShPosition *pos, const ShMove *move)
{
    MovePaths *mp = paths_new(pos);
    if (!mp)
        return json_null();
    json_t *j = move_json(pos, move, mp);
    free(mp);
    return j;
}

json_t *wj_position(const ShPosition *pos)
{
    MovePaths *mp = paths_new(pos);
    if (!mp)
        return json_null();
    ShMoveList moves;
    sh_moves_generate(pos, &moves);
    sh_moves_sort(&moves);
    json_t *legal = json_array();
    for (int i = 0; i < moves.count; i++)
        json_array_append_new(legal, move_json(pos, &moves.moves[i], mp));
    free(mp);
    char fen[SH_FEN_SIZE], fen_numeric[SH_FEN_SIZE], board[SH_MAX_SQUARES + 1];
    sh_fen_write(pos, false, fen);
    sh_fen_write(pos, true, fen_numeric);
    wj_board(pos, board);
    bool white = sh_position_side(pos) == SH_WHITE;
    PositionOver end;
    position_over(pos, &end);
    json_t *over = json_null(), *over_code = json_null(), *over_result = json_null();
    if (end.over) {
        over = json_string(end.text);
        over_code = json_string(end.code);
        over_result = json_string(end.result);
    }
    json_t *j = json_pack("{s:s,s:s,s:s,s:s,s:s,s:b,s:o,s:o,s:o,s:o}", "variant",
                          sh_rules_get((ShVariant)pos->variant)->name, "fen", fen, "fen_numeric",
                          fen_numeric, "side", white ? "white" : "black", "board", board,
                          "capture", moves.count > 0 && moves.moves[0].captured != 0, "legal",
                          legal, "over", over, "over_code", over_code, "over_result", over_result);
    json_object_set_new(j, "second_move", json_boolean(pos->turn_move != 0));
    return j;
}
