/* fuzz_fen.c - libFuzzer harness for the FEN reader: any bytes must give a position or an
 * error, never a crash; a position read must write and read back to itself. */
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
    ShPosition pos, back;
    ShError err;
    if (sh_fen_read(text, &pos, &err) == SH_OK) {
        char out[SH_FEN_SIZE];
        for (int numeric = 0; numeric < 2; numeric++) {
            sh_fen_write(&pos, numeric, out);
            if (sh_fen_read(out, &back, &err) != SH_OK || !sh_position_equal(&pos, &back))
                abort();
        }
        ShMoveList moves;
        sh_moves_generate(&pos, &moves);
        if (moves.count != sh_moves_count(&pos))
            abort();
    } else if (err.message[0] == '\0' || err.code == SH_OK) {
        abort();
    }
    free(text);
    return 0;
}
