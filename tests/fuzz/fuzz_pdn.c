/* fuzz_pdn.c - libFuzzer harness for the PDN reader and writer. Any bytes (not even ended
 * by a NUL) must give games or errors with a place and a message, never a crash; a game read
 * must write, read back to the same game, and write again to the same text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shashki.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool same_game(const ShGame *a, const ShGame *b)
{
    if (!sh_position_equal(sh_game_start(a), sh_game_start(b)) ||
        sh_game_ply_count(a) != sh_game_ply_count(b))
        return false;
    for (int i = 0; i < sh_game_ply_count(a); i++)
        if (!sh_move_equal(sh_game_move_at(a, i), sh_game_move_at(b, i)))
            return false;
    ShReason ra, rb;
    if (sh_game_result(a, &ra) != sh_game_result(b, &rb) || ra != rb)
        return false;
    if (sh_game_tag_count(a) != sh_game_tag_count(b))
        return false;
    for (int i = -1; i < sh_game_ply_count(a); i++) {
        const char *ca = sh_game_comment(a, i), *cb = sh_game_comment(b, i);
        if ((ca == NULL) != (cb == NULL) || (ca && strcmp(ca, cb) != 0))
            return false;
        if (sh_game_variation_count(a, i) != sh_game_variation_count(b, i))
            return false;
    }
    return true;
}

static void check_game(const ShGame *g)
{
    static const int NOTATIONS[] = {SH_NOTATION_SHORT, SH_NOTATION_FULL | SH_NOTATION_NUMERIC};
    for (size_t k = 0; k < sizeof NOTATIONS / sizeof NOTATIONS[0]; k++) {
        char *text = NULL, *again = NULL;
        ShGame *back = NULL;
        ShError err;
        if (sh_pdn_write(g, NOTATIONS[k], &text, NULL, &err) != SH_OK)
            abort();
        if (sh_pdn_read_game(text, &back, &err) != SH_OK || !same_game(g, back))
            abort();
        if (sh_pdn_write(back, NOTATIONS[k], &again, NULL, &err) != SH_OK ||
            strcmp(text, again) != 0)
            abort();
        free(text);
        free(again);
        sh_game_free(back);
    }
    /* the game can be taken back to its start, the arbiter agreeing all the way */
    ShGame *copy = sh_game_copy(g);
    if (!copy)
        abort();
    ShDrawCount counts[4];
    while (sh_game_ply_count(copy) > sh_game_opening_plies(copy)) {
        if (sh_game_draw_counts(copy, counts) > 4 || sh_game_undo(copy, NULL) != SH_OK)
            abort();
        ShReason why;
        sh_game_verdict(copy, &why);
    }
    sh_game_free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size ? size : 1); /* no NUL at the end: the reader must not need one */
    if (!text)
        return 0;
    memcpy(text, data, size);
    ShPdnReader reader;
    sh_pdn_reader_init(&reader, text, size, NULL);
    for (int games = 0; games < 64; games++) {
        ShGame *g = NULL;
        ShPdnInfo info;
        ShError err;
        size_t before = reader.offset;
        ShStatus st = sh_pdn_read_next(&reader, &g, &info, &err);
        if (st == SH_OK && !g)
            break;
        if (reader.offset < before || info.end > size || info.start > info.end)
            abort();
        if (st == SH_OK)
            check_game(g);
        else if (err.message[0] == '\0' || err.line < 1 || err.column < 1)
            abort();
        sh_game_free(g);
        if (reader.offset == before)
            abort(); /* no progress */
    }
    free(text);
    return 0;
}
