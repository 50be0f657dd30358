/*
 * live_catchup.c - a copy of a game brought to the database's version by reading only what it
 * lacks (see live.h, docs/federation.md): the game's rows and the moves from the last one the
 * copy holds (to check that the copy's moves are still the game's), played on the copy, its
 * clocks then set as saved and run from the time they were saved (live_clock.c).
 *
 * Anything else that changed (a move taken back, a finished game, another opening) is left to
 * live_reload, which reads and replays the whole game.
 */
#include <stdlib.h>
#include <string.h>

#include "live.h"

void live_offer_restore(ShPlay *play, const StoredGame *row)
{
    if (row->draw_offer >= 0 && !sh_play_over(play) &&
        sh_play_draw_offer(play) != row->draw_offer)
        sh_play_offer_draw(play, row->draw_offer, NULL);
}

/* The copy's moves (without the opening's) end in the database's move `ply`. */
static bool same_last(const Live *l, int held, const StoredMove *stored)
{
    ShPlayMove m;
    return sh_play_move_at(l->play, sh_play_opening_plies(l->play) + held - 1, &m, NULL) == SH_OK &&
           strcmp(m.full, stored->text) == 0;
}

bool live_catch_up(WebGames *g, Live *l)
{
    if (!live_playing(l) || l->thinking || sh_play_draw_offer(l->play) >= 0)
        return false;
    int held = sh_play_ply_count(l->play) - sh_play_opening_plies(l->play);
    StoredGame *row = malloc(sizeof *row);
    StoredMove *moves = NULL;
    int count = 0;
    int from = held > 0 ? held : 1; /* the last move held, to check it */
    bool ok = row && store_load_since(g->store, l->id, from, row, &moves, &count);
    int first = held > 0 ? 1 : 0; /* moves[first] is the first one the copy lacks */
    ok = ok && strcmp(row->status, "playing") == 0 && row->moves == held + count - first &&
         row->moves >= held && (held == 0 || (count >= 1 && same_last(l, held, &moves[0])));
    if (ok) {
        /* the copy's clocks must not fall while the moves are played on them: set as saved next */
        for (int p = 0; p < live_players(l); p++)
            sh_play_set_remaining(l->play, p, INT64_C(1) << 40);
        for (int i = first; ok && i < count; i++)
            ok = sh_play_move(l->play, moves[i].text, NULL, NULL) == SH_OK;
    }
    if (ok) {
        live_engine_cancel(l);
        live_clock_set(l->play, row, true, g->shared); /* as a game read whole would have it */
        live_offer_restore(l->play, row);
        l->row = *row;
        free(l->event);
        l->event = NULL;
    }
    free(moves);
    free(row);
    return ok;
}
