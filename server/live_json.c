/* live_json.c - a live game as the web API's JSON: the Game every watcher sees, what one
 * viewer may see besides, and the archive's GameSummary (docs/web-api.md). */
#include <stdio.h>
#include <string.h>

#include "live.h"
#include "web_json.h"
#include "web_variant.h"

/* Each side: "engine", "open" (waiting for a player with its code) or "taken". */
static json_t *seats_json(const Live *l)
{
    json_t *j = json_object();
    for (int c = 0; c < 2; c++) {
        const StoredSeat *s = &l->seats[c];
        json_object_set_new(j, live_color_name(c),
                            json_string(!s->human ? "engine" : s->taken ? "taken" : "open"));
    }
    return j;
}

static json_t *clock_json(const ShGame *game)
{
    const ShClock *clock = sh_game_clock_const(game);
    if (!clock)
        return json_null();
    return json_pack("{s:f,s:f,s:o}", "white", (double)sh_clock_remaining(clock, SH_WHITE) / 1000.0,
                     "black", (double)sh_clock_remaining(clock, SH_BLACK) / 1000.0, "running",
                     clock->running < 0 || clock->paused ? json_null()
                                                         : json_string(live_color_name(clock->running)));
}

json_t *live_json_game(const Live *l)
{
    const ShGame *game = l->game;
    json_t *moves = json_array();
    int plies = sh_game_ply_count(game);
    for (int i = 0; i < plies; i++) {
        char fen[SH_FEN_SIZE];
        sh_fen_write(sh_game_position_at(game, i + 1), false, fen);
        json_array_append_new(moves, json_pack("{s:i,s:o,s:s,s:b}", "ply", i + 1, "move",
                                               wj_move(sh_game_position_at(game, i),
                                                       sh_game_move_at(game, i)),
                                               "fen", fen, "opening",
                                               i < sh_game_opening_plies(game)));
    }
    char reason[256] = "";
    ShResult result = sh_game_result(game, NULL);
    if (result != SH_RESULT_NONE)
        sh_game_result_text(game, reason, sizeof reason);
    char start[SH_FEN_SIZE];
    sh_fen_write(sh_game_start(game), false, start);
    int offer = sh_game_draw_offer(game);
    int ec = live_engine_color(l);
    ShReason why = SH_REASON_NONE;
    sh_game_result(game, &why);
    json_t *j = json_pack(
        "{s:I,s:s,s:s,s:s,s:i,s:o,s:o,s:s,s:o,s:o,s:o,s:o,s:s,s:s,s:o,s:o,s:b,s:i,s:b,s:s,s:s}",
        "id", (json_int_t)l->id, "white", l->row.white, "black", l->row.black, "opponent",
        l->row.opponent, "level", l->row.level, "engine_color",
        live_engine_both(l) ? json_string("both")
        : ec < 0            ? json_null()
                            : json_string(live_color_name(ec)),
        "time",
        l->row.time_control[0] ? json_string(l->row.time_control) : json_null(), "start_fen",
        start, "opening", l->row.opening[0] ? json_string(l->row.opening) : json_null(),
        "position", wj_position(sh_game_position(game)), "moves", moves, "clock",
        clock_json(game), "status", result == SH_RESULT_NONE ? "playing" : "finished", "result",
        sh_result_pdn(result, false), "reason", reason[0] ? json_string(reason) : json_null(),
        "draw_offer", offer < 0 ? json_null() : json_string(live_color_name(offer)), "thinking",
        l->thinking, "repetitions", sh_game_repetitions(game), "may_claim",
        sh_game_may_claim(game, NULL), "created", l->row.created,
        "updated", l->row.updated);
    ShVariant variant = (ShVariant)sh_game_start(game)->variant;
    json_object_set_new(j, "variant", json_string(web_variant_name(variant)));
    /* what the side to move may claim now: repetition, or (English) the 40-move rule */
    ShReason claim = SH_REASON_NONE;
    bool may_claim = sh_game_may_claim(game, &claim);
    json_object_set_new(j, "claim_reason",
                        may_claim ? json_string(sh_reason_name(claim)) : json_null());
    json_object_set_new(j, "version", json_integer(l->version));
    json_object_set_new(j, "seats", seats_json(l));
    json_object_set_new(j, "note", l->row.note[0] ? json_string(l->row.note) : json_null());
    json_object_set_new(j, "reason_code", result == SH_RESULT_NONE ? json_null()
                                                                   : json_string(sh_reason_name(why)));
    return j;
}

json_t *live_json_summary(const StoredGame *r)
{
    char reason[256] = "";
    ShReason rs;
    ShResult result;
    if (sh_reason_find(r->reason, &rs) && sh_result_parse(r->result, &result))
        sh_result_describe(result, rs, reason, sizeof reason);
    json_t *j = json_pack("{s:I,s:s,s:s,s:s,s:o,s:s,s:i,s:s,s:s,s:o,s:s,s:i}", "id", (json_int_t)r->id,
                     "white", r->white, "black", r->black, "result", r->result, "reason",
                     reason[0] ? json_string(reason) : json_null(), "status", r->status, "moves",
                     r->moves, "created", r->created, "updated", r->updated, "opening",
                     r->opening[0] ? json_string(r->opening) : json_null(), "opponent",
                     r->opponent, "level", r->level);
    json_object_set_new(j, "reason_code", r->reason[0] ? json_string(r->reason) : json_null());
    json_object_set_new(j, "variant",
                        json_string(web_variant_name(web_variant_stored(r->variant))));
    return j;
}

void live_json_viewer(json_t *game, const Live *l, unsigned held, bool show_codes)
{
    json_t *you = json_array();
    for (int c = 0; c < 2; c++)
        if (held & (1u << c))
            json_array_append_new(you, json_string(live_color_name(c)));
    json_object_set_new(game, "you", you);
    if (!show_codes)
        return;
    json_t *codes = json_object();
    for (int c = 0; c < 2; c++) {
        const StoredSeat *s = &l->seats[c];
        if (s->human && !s->taken && s->code[0])
            json_object_set_new(codes, live_color_name(c), json_string(s->code));
    }
    json_object_set_new(game, "codes", codes);
}
