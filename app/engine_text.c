/* engine_text.c - engine output as text for people (see engine_text.h). */
#include "engine_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "other_search.h"

void engine_text_score(int score, char *out, size_t size)
{
    if (engine_score_is_db(score))
        snprintf(out, size, "%s by database", score > 0 ? "win" : "loss");
    else if (engine_score_is_win(score))
        snprintf(out, size, "win in %d", (engine_score_plies(score) + 1) / 2);
    else if (engine_score_is_loss(score))
        snprintf(out, size, "loss in %d", (engine_score_plies(score) + 1) / 2);
    else
        snprintf(out, size, "%c%d.%02d", score < 0 ? '-' : '+', (score < 0 ? -score : score) / 100,
                 (score < 0 ? -score : score) % 100);
}

size_t engine_text_line(const ShPosition *pos, const ShMove *moves, int count, int notation,
                        char *out, size_t size)
{
    ShPosition p = *pos;
    size_t n = 0;
    if (size)
        out[0] = '\0';
    for (int i = 0; i < count; i++) {
        ShMoveList legal;
        sh_moves_generate(&p, &legal);
        bool ok = false;
        for (int j = 0; j < legal.count && !ok; j++)
            ok = sh_move_equal(&legal.moves[j], &moves[i]);
        char text[SH_MOVE_TEXT_SIZE];
        if (!ok || sh_move_write(&p, &moves[i], notation, text, NULL) != SH_OK)
            break;
        size_t len = strlen(text);
        if (n + len + 2 > size)
            break;
        if (n)
            out[n++] = ' ';
        memcpy(out + n, text, len + 1);
        n += len;
        sh_position_play(&p, &moves[i], &p);
    }
    return n;
}

void engine_text_play_score(const ShKind *kind, int score, char *out, size_t size)
{
    if (kind->family != SH_FAMILY_OTHER) {
        engine_text_score(score, out, size);
    } else if (other_search_is_mate(score)) {
        int plies = OTHER_SEARCH_WIN - abs(score);
        snprintf(out, size, "%s in %d %s", score > 0 ? "win" : "loss", plies,
                 plies == 1 ? "ply" : "plies");
    } else {
        snprintf(out, size, "%+.2f", score / 100.0);
    }
}
