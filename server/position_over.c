/* position_over.c - the rules' word on a position alone, in the web API's words. */
#include "position_over.h"

#include <stdio.h>
#include <string.h>

void position_over(const ShPosition *pos, PositionOver *out)
{
    memset(out, 0, sizeof *out);
    ShReason reason = SH_REASON_NONE;
    ShResult result = sh_position_result(pos, &reason);
    if (result == SH_RESULT_NONE)
        return;
    bool white = sh_position_side(pos) == SH_WHITE;
    const char *mover = white ? "White" : "Black";
    bool none = reason == SH_REASON_NO_PIECES || reason == SH_REASON_GIVEAWAY_NO_PIECES;
    bool giveaway = reason == SH_REASON_GIVEAWAY_NO_PIECES || reason == SH_REASON_GIVEAWAY_NO_MOVES;
    ShPiece man = white ? SH_WHITE_MAN : SH_BLACK_MAN, king = white ? SH_WHITE_KING : SH_BLACK_KING;
    int left = sh_position_count(pos, man) + sh_position_count(pos, king);
    const char *winner = result == SH_RESULT_WHITE_WINS ? "White" : "Black";
    if (none && left) /* self-eaters: the side that has just moved took its own last */
        snprintf(out->text, sizeof out->text, "%s has no pieces: %s wins",
                 white ? "Black" : "White", winner);
    else if (giveaway)
        snprintf(out->text, sizeof out->text, "%s has no %s: %s wins", mover,
                 none ? "pieces" : "move", winner);
    else /* no pieces is no move (the words the page has always read) */
        snprintf(out->text, sizeof out->text, "%s has no move: %s wins", mover, winner);
    out->over = true;
    out->code = giveaway ? (none ? "giveaway-no-pieces" : "giveaway-no-moves")
                         : (none ? "no-pieces" : "no-moves");
    out->result = sh_result_pdn(result, false);
}
