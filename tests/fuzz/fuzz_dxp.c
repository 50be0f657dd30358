/* fuzz_dxp.c - libFuzzer harness for the DXP message reader: any bytes must give a message or
 * an error with its column, never a crash; a message read must write back to a message that
 * reads the same, and a MOVE must find its move or say why in the usual start. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dxp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    DxpMessage m, back;
    ShError err;
    if (dxp_message_parse(text, &m, &err) == SH_OK) {
        char out[DXP_MESSAGE_SIZE], again[DXP_MESSAGE_SIZE];
        if (dxp_message_format(&m, out, &err) != SH_OK ||
            dxp_message_parse(out, &back, &err) != SH_OK ||
            dxp_message_format(&back, again, &err) != SH_OK || strcmp(out, again) != 0)
            abort();
        if (m.kind == DXP_MOVE) {
            ShPosition pos;
            ShMove move;
            sh_position_start(&pos, SH_VARIANT_INTERNATIONAL);
            if (dxp_move_find(&pos, &m, &move, &err) != SH_OK && err.message[0] == '\0')
                abort();
        }
        if (m.kind == DXP_GAMEREQ && m.has_board) {
            ShPosition pos;
            if (dxp_position_read(SH_VARIANT_INTERNATIONAL, m.to_move, m.board, &pos, &err) ==
                SH_OK) {
                char board[DXP_BOARD_SQUARES + 1];
                dxp_position_write(&pos, board);
                if (strcmp(board, m.board) != 0)
                    abort();
            }
        }
    } else if (err.message[0] == '\0' || err.code == SH_OK || err.column < 1) {
        abort();
    }
    free(text);
    return 0;
}
