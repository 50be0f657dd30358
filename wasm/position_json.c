/* position_json.c - Position and Move as the web API's JSON, without jansson. */
#include "position_json.h"

#include <stdlib.h>

#include "position_over.h"

typedef struct MovePaths {
    ShMove moves[1024];
    ShPath paths[1024];
    int count;
} MovePaths;

static MovePaths *paths_new(const ShPosition *pos)
{
    MovePaths *mp = malloc(sizeof *mp);
    if (mp && sh_moves_paths(pos, mp->moves, mp->paths, 1024, &mp->count, NULL) != SH_OK)
        mp->count = 0;
    return mp;
}

static void square(Text *t, ShVariant v, int sq)
{
    char name[SH_SQUARE_NAME_SIZE];
    sh_board_square_name(v, sq, false, name);
    text_comma(t);
    text_json_string(t, name);
}

static void move_text(Text *t, const char *key, const ShPosition *pos, const ShMove *move,
                      int notation)
{
    char text[SH_MOVE_TEXT_SIZE];
    text_key(t, key);
    text_json_string(t, sh_move_write(pos, move, notation, text, NULL) == SH_OK ? text : NULL);
}

static void move_json(Text *t, const ShPosition *pos, const ShMove *move, const MovePaths *mp)
{
    ShVariant v = (ShVariant)pos->variant;
    text_comma(t);
    text_add(t, "{");
    move_text(t, "notation", pos, move, SH_NOTATION_FULL);
    move_text(t, "short", pos, move, SH_NOTATION_SHORT);
    move_text(t, "numeric", pos, move, SH_NOTATION_FULL | SH_NOTATION_NUMERIC);
    move_text(t, "hub", pos, move, SH_NOTATION_HUB);
    text_key(t, "from");
    square(t, v, sh_move_from(move));
    text_key(t, "to");
    square(t, v, sh_move_to(move));
    text_key(t, "captured");
    text_add(t, "[");
    int squares[SH_MAX_CAPTURES];
    int n = sh_move_captured_squares(move, squares);
    for (int i = 0; i < n; i++)
        square(t, v, squares[i]);
    text_add(t, "]");
    text_key(t, "promotes");
    text_bool(t, move->promotes != 0);
    text_key(t, "paths");
    text_add(t, "[");
    for (int i = 0; mp && i < mp->count; i++) {
        if (!sh_move_equal(&mp->moves[i], move))
            continue;
        text_comma(t);
        text_add(t, "[");
        for (int k = 0; k < mp->paths[i].count; k++)
            square(t, v, mp->paths[i].squares[k]);
        text_add(t, "]");
    }
    text_add(t, "]");
    text_key(t, "side");
    text_json_string(t, pos->side == SH_WHITE ? "white" : "black");
    text_key(t, "second");
    text_bool(t, pos->turn_move != 0);
    text_add(t, "}");
}

void position_json_move(Text *t, const ShPosition *pos, const ShMove *move)
{
    MovePaths *mp = paths_new(pos);
    move_json(t, pos, move, mp);
    free(mp);
}

void position_json_open(Text *t, const ShPosition *pos)
{
    static const char glyph[] = {'.', 'w', 'W', 'b', 'B'};
    char fen[SH_FEN_SIZE], fen_numeric[SH_FEN_SIZE], board[SH_MAX_SQUARES + 1];
    sh_fen_write(pos, false, fen);
    sh_fen_write(pos, true, fen_numeric);
    int squares = sh_board_squares((ShVariant)pos->variant);
    for (int sq = 0; sq < squares; sq++)
        board[sq] = glyph[sh_position_piece_at(pos, sq)];
    board[squares] = '\0';
    ShMoveList moves;
    sh_moves_generate(pos, &moves);
    sh_moves_sort(&moves);
    text_comma(t);
    text_add(t, "{");
    text_key(t, "variant");
    text_json_string(t, sh_rules_get((ShVariant)pos->variant)->name);
    text_key(t, "fen");
    text_json_string(t, fen);
    text_key(t, "fen_numeric");
    text_json_string(t, fen_numeric);
    text_key(t, "side");
    text_json_string(t, sh_position_side(pos) == SH_WHITE ? "white" : "black");
    text_key(t, "board");
    text_json_string(t, board);
    text_key(t, "capture");
    text_bool(t, moves.count > 0 && moves.moves[0].captured != 0);
    text_key(t, "legal");
    text_add(t, "[");
    MovePaths *mp = paths_new(pos);
    for (int i = 0; i < moves.count; i++)
        move_json(t, pos, &moves.moves[i], mp);
    free(mp);
    text_add(t, "]");
    PositionOver end;
    position_over(pos, &end);
    text_key(t, "over");
    text_json_string(t, end.over ? end.text : NULL);
    text_key(t, "over_code");
    text_json_string(t, end.code);
    text_key(t, "over_result");
    text_json_string(t, end.result);
    text_key(t, "second_move");
    text_bool(t, pos->turn_move != 0);
}

void position_json_line(Text *t, const ShPosition *root, const ShMove *moves, int count)
{
    ShPosition pos = *root;
    text_comma(t);
    text_add(t, "[");
    for (int i = 0; i < count; i++) {
        char text[SH_MOVE_TEXT_SIZE];
        if (sh_move_write(&pos, &moves[i], SH_NOTATION_FULL, text, NULL) != SH_OK)
            break;
        text_comma(t);
        text_json_string(t, text);
        ShPosition next;
        sh_position_play(&pos, &moves[i], &next);
        pos = next;
    }
    text_add(t, "]");
}
