/* fuzz_move.c - libFuzzer harness for the move reader. The first line of the input is a FEN
 * (the start position if it does not read), the rest a move text. A move read must be legal,
 * and writing it in every notation must read back to it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shashki.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    char *move_text = strchr(text, '\n');
    ShPosition pos;
    if (move_text) {
        *move_text++ = '\0';
        if (sh_fen_read(text, &pos, NULL) != SH_OK)
            sh_position_start(&pos, SH_VARIANT_RUSSIAN);
    } else {
        move_text = text;
        sh_position_start(&pos, SH_VARIANT_RUSSIAN);
    }
    ShMove move;
    ShError err;
    ShStatus st = sh_move_parse(&pos, move_text, &move, &err);
    if (st == SH_OK) {
        ShMoveList legal;
        sh_moves_generate(&pos, &legal);
        int found = 0;
        for (int i = 0; i < legal.count; i++)
            found += sh_move_equal(&legal.moves[i], &move);
        if (found != 1)
            abort();
        static const int styles[] = {SH_NOTATION_FULL, SH_NOTATION_SHORT, SH_NOTATION_SEMISHORT,
                                     SH_NOTATION_HUB, SH_NOTATION_FULL | SH_NOTATION_NUMERIC};
        for (size_t i = 0; i < sizeof styles / sizeof styles[0]; i++) {
            char out[SH_MOVE_TEXT_SIZE];
            ShMove back;
            if (sh_move_write(&pos, &move, styles[i], out, &err) != SH_OK ||
                sh_move_parse(&pos, out, &back, &err) != SH_OK || !sh_move_equal(&back, &move))
                abort();
        }
    } else if (err.message[0] == '\0') {
        abort();
    }
    free(text);
    return 0;
}
